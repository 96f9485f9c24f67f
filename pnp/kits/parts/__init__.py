"""Drawing parts several kits share (boards, tokens and markers of the queen-move games)."""
