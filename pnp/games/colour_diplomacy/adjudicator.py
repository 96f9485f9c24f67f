"""Colour Diplomacy's adjudicator: one joint order of every player on the board, resolved at once.

Follows ../shared/RULES.md, "Colour Diplomacy", in this order (circle 1 first, the center last):
1. Holds and supports stay; their fields are held. `off` orders fall off the board.
2. Every other field that moves target: into a held field, each mover is pushed out to the field
   with its own field number one circle further out than its own (off from circle 1); alone, the
   mover enters; two or more, they all bounce to their start fields (field p of circle 1) unless
   exactly one of them is supported into that field: that one enters.
3. Last, the center. One player reaching it: the reacher's colour becomes the innermost circle's
   and the colours inside its old circle shift one circle outward; two or more: the outermost
   colour becomes the innermost and the others shift outward. Then every other player on the board
   steps one circle out (circle 1 falls off); a lone reacher goes to field p of circle N, several
   reachers bounce to their start fields.

pnp's readings where RULES.md is silent (stated in templates/rules/colour-diplomacy.md):
- A held field cannot be entered: every move into it is pushed out, supported or not, however
  many there are; supports only settle bounces between movers.
- Only the player of a circle's colour may hold on it or support a move into it, so a held field
  is never supported into and at most one mover into a field is supported; the code does not
  rely on it.
- Who must hold next turn is the state's business (pnp/games/colour_diplomacy/rules.py): RULES.md
  frees a player on their colour only after a hold or a support (or at the start), so whoever
  gave a move order and ends the turn on their colour (entered, pushed out, bounced, shifted,
  or back from the center) must hold.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pnp.games.colour_diplomacy.rings import HOLD, MOVES, OFF, SUPPORT, Board, Field, Order, Seat


@dataclass(frozen=True)
class Resolution:
    """What a joint order did: new positions and circle colours, and the seats that reached the
    center."""

    positions: tuple[Field, ...]
    colours: tuple[Seat, ...]  # colours[c - 1]: the seat whose colour circle c has
    reachers: tuple[Seat, ...]


def start_field(seat: Seat) -> Field:
    return (1, seat + 1)


def adjudicate(
    board: Board,
    positions: Sequence[Field],
    colours: Sequence[Seat],
    orders: Mapping[Seat, Order],
) -> Resolution:
    """Resolve `orders` (one per seat on the board) from `positions` under `colours`."""
    held = {positions[s] for s, order in orders.items() if order.kind in (HOLD, SUPPORT)}
    supported = {(o.player, o.target) for o in orders.values() if o.kind == SUPPORT}
    movers: dict[Field, list[Seat]] = {}
    for seat, order in orders.items():
        if order.kind in MOVES:
            movers.setdefault(order.target, []).append(seat)
    after = list(positions)
    reachers = tuple(movers.pop(board.center, ()))
    for target, seats in movers.items():
        if target == OFF:
            landing = {s: OFF for s in seats}
        elif target in held:
            landing = {s: board.step_out(positions[s]) for s in seats}
        else:
            backed = [s for s in seats if (s, target) in supported]
            winners = seats if len(seats) == 1 else backed if len(backed) == 1 else []
            landing = {s: target if s in winners else start_field(s) for s in seats}
        for seat, spot in landing.items():
            after[seat] = spot
    if not reachers:
        return Resolution(tuple(after), tuple(colours), ())
    new_colours = rotated(colours, reachers)
    for seat in orders:
        if seat not in reachers:
            after[seat] = board.step_out(after[seat]) if after[seat] != OFF else OFF
    for seat in reachers:
        after[seat] = (board.n, seat + 1) if len(reachers) == 1 else start_field(seat)
    return Resolution(tuple(after), new_colours, reachers)


def rotated(colours: Sequence[Seat], reachers: Sequence[Seat]) -> tuple[Seat, ...]:
    """The circle colours after the center is reached by `reachers` (see the module docstring)."""
    circle = colours.index(reachers[0]) if len(reachers) == 1 else 0
    moving = colours[circle]
    return (*colours[:circle], *colours[circle + 1 :], moving)
