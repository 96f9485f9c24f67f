"""What a game's end is worth to each seat: s per seat, balance, the fair band, lead changes.

The floor every other role stands on (agents score their look-ahead with it, runs record it,
measures add it up); it imports nothing of simulate/.
"""
