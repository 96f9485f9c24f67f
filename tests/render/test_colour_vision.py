"""Colour-blind players (issue 16): in colour ink, meaning never rides on colour alone.

Kits of up to 4 players: the colours that tell pieces (or chips) apart, as the built kit draws
them, stay apart by CIEDE2000 >= 15 in normal vision and under simulated deuteranopia,
protanopia and tritanopia (colorspacious, Machado et al. 2009 at severity 100). Colour
Diplomacy with 5-10 players cannot keep ten colours apart under every deficiency, so every field,
token and card painted in a player's colour carries that colour's letter and hatching pattern.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from colorspacious import cspace_convert

from pnp.games import GAMES, ORDER
from pnp.games.base import Game, Setup
from pnp.kits import build_kit
from pnp.render.drawing import (
    CAP_HEIGHT,
    Circle,
    Dots,
    Drawing,
    Path,
    Place,
    Rect,
    Shape,
    Text,
    circle_shape,
    rect_shape,
    shape_bounds,
)
from pnp.render.fonts import text_width
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings
from pnp.render.theme import Painter, hatch

COLOUR = PrintSettings(get_paper("a4"))
MIN_DIFFERENCE = 15.0  # CIEDE2000
VISIONS = ("normal", "deuteranomaly", "protanomaly", "tritanomaly")
Lab = tuple[float, float, float]

# The swatches whose colour tells a kit's pieces apart, by game (or `game/variant`): each group
# must stay apart. `players` stands for the player1..player10 swatches the built kit paints.
GROUPS: dict[str, tuple[tuple[str, ...], ...]] = {
    "platypus": (("players",), ("green", "yellow")),
    "amazons": (("light", "dark"),),
    "penguins": (("players",),),
    "amazon-penguins": (("light", "dark"), ("chip1", "chip2", "chip3")),
    "amazon-penguins/hex": (("light", "dark"),),  # ice tiles: one blue, told by fish and number
    "paper-penguins": (),  # squares and circles drawn with pens: no colour
    "colour-diplomacy": (("players",),),
    "billabong": (("players", "referee"),),
    "wallaby": (("players", "straw"),),  # the scarecrow stands among the pawns
    "wallaby/children": (("players",),),  # no scarecrow
}


def ciede2000(lab1: Lab, lab2: Lab) -> float:
    """The CIEDE2000 colour difference (Sharma, Wu and Dalal 2005, equations 1-22)."""
    (l1, a1, b1), (l2, a2, b2) = lab1, lab2
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dh = 0.0 if c1p * c2p == 0 else (h2p - h1p + 180) % 360 - 180
    d_hue = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    l_mean, c_mean_p = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(h_mean - 30))
        + 0.24 * math.cos(math.radians(2 * h_mean))
        + 0.32 * math.cos(math.radians(3 * h_mean + 6))
        - 0.20 * math.cos(math.radians(4 * h_mean - 63))
    )
    rotation = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(c_mean_p**7 / (c_mean_p**7 + 25**7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c = 1 + 0.045 * c_mean_p
    s_h = 1 + 0.015 * c_mean_p * t
    r_t = -math.sin(math.radians(2 * rotation)) * r_c
    dl, dc, dhh = (l2 - l1) / s_l, (c2p - c1p) / s_c, d_hue / s_h
    return math.sqrt(dl**2 + dc**2 + dhh**2 + r_t * dc * dhh)


@pytest.mark.parametrize(
    ("lab1", "lab2", "expected"),
    [  # pairs 1, 7, 17 and 20 of Sharma, Wu and Dalal's test data (2005), table 1
        ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
        ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
        ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
        ((50.0, 2.5, 0.0), (58.0, 24.0, 15.0), 19.4535),
    ],
)
def test_ciede2000_matches_the_published_pairs(lab1: Lab, lab2: Lab, expected: float) -> None:
    assert ciede2000(lab1, lab2) == pytest.approx(expected, abs=1e-4)


def seen(colour: str, vision: str) -> Lab:
    """CIELab (D65) of the #rrggbb `colour` as a viewer with `vision` sees it."""
    rgb = np.array([int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)])
    if vision != "normal":
        cvd = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
        rgb = np.clip(cspace_convert(rgb, cvd, "sRGB1"), 0, 1)
    lightness, a, b = cspace_convert(rgb, "sRGB1", "CIELab")
    return float(lightness), float(a), float(b)


def test_the_simulation_finds_the_old_red_and_green_alike() -> None:
    """The check can fail: the old red and green (issue 16) are about 5 apart for a deuteranope."""
    normal = ciede2000(seen("#d62728", "normal"), seen("#2ca02c", "normal"))
    deutan = ciede2000(seen("#d62728", "deuteranomaly"), seen("#2ca02c", "deuteranomaly"))
    assert normal > 50 > 10 > deutan


def walk(drawing: Drawing) -> Iterator[Drawing]:
    """`drawing` and every drawing placed in it, at any depth."""
    yield drawing
    for op in drawing.ops:
        if isinstance(op, Place):
            yield from walk(op.drawing)


def flat(drawing: Drawing) -> list[object]:
    """The operations of `drawing`, each placed drawing replaced by its own operations."""
    return [
        (op.x, op.y, op.clip, flat(op.drawing)) if isinstance(op, Place) else op
        for op in drawing.ops
    ]


def filled_shapes(drawing: Drawing) -> Iterator[tuple[str, Shape]]:
    """(fill colour, outline) of every filled path, circle, dot and rectangle drawn on `drawing`."""
    for op in drawing.ops:
        if isinstance(op, Path) and op.style.fill:
            yield op.style.fill, op.commands
        elif isinstance(op, Circle) and op.style.fill:
            yield op.style.fill, circle_shape(op.cx, op.cy, op.r)
        elif isinstance(op, Dots) and op.style.fill:
            yield from ((op.style.fill, circle_shape(x, y, op.r)) for x, y in op.centres)
        elif isinstance(op, Rect) and op.style.fill:
            yield op.style.fill, rect_shape(op.x, op.y, op.w, op.h)


def kit_fills(game: Game[Any], setup: Setup) -> set[str]:
    document = build_kit(game, setup, COLOUR)
    return {
        fill.lower()
        for page in document.pages
        for drawing in walk(page.drawing)
        for fill, _ in filled_shapes(drawing)
    }


def setups(limit: range) -> list[Any]:
    """A test case per game, player count in `limit` and variant."""
    return [
        pytest.param(name, info.resolve(players, variant, {}), id=f"{name}-{players}p-{variant}")
        for name in ORDER
        for info in [GAMES[name].info]
        for players in info.players
        if players in limit
        for variant in info.variants
    ]


def group_swatches(group: tuple[str, ...], painter: Painter, drawn: set[str]) -> list[str]:
    names: list[str] = []
    for name in group:
        if name == "players":
            seats = [f"player{k}" for k in range(1, 11)]
            names += [s for s in seats if painter.swatch(s).colour.lower() in drawn]
        else:
            names.append(name)
    return names


@pytest.mark.parametrize(("name", "options"), setups(range(1, 5)))
def test_colours_that_tell_pieces_apart_stay_apart_in_every_vision(
    name: str, options: dict[str, Any]
) -> None:
    game = GAMES[name]
    setup = game.random_setup(7, options)
    painter = Painter(name, "color")
    drawn = kit_fills(game, setup)
    declared = GROUPS.get(f"{name}/{setup.variant}", GROUPS[name])
    groups = [group_swatches(group, painter, drawn) for group in declared]
    if any("players" in group for group in declared):
        players = [s for g in groups for s in g if s.startswith("player")]
        assert len(players) >= setup.players, f"the kit paints {players} for {setup.players}"
    too_close: list[str] = []
    for group in groups:
        for swatch in group:
            assert painter.swatch(swatch).colour.lower() in drawn, f"{swatch} is not drawn"
        for first, second in itertools.combinations(group, 2):
            a, b = painter.swatch(first).colour, painter.swatch(second).colour
            for vision in VISIONS:
                difference = ciede2000(seen(a, vision), seen(b, vision))
                if difference < MIN_DIFFERENCE:
                    too_close.append(f"{first} {a} / {second} {b}: {difference:.1f} ({vision})")
    assert not too_close, "\n".join(too_close)


def inside(point: tuple[float, float], shape: Shape) -> bool:
    """Whether `point` lies inside the closed `shape` (curves flattened to 12 steps each)."""
    polygon: list[tuple[float, float]] = []
    for command in shape:
        values = [float(v) for v in command[1:]]
        if command[0] == "C" and polygon:
            (x0, y0), (x1, y1, x2, y2, x3, y3) = polygon[-1], values
            for k in range(1, 13):
                t = k / 12
                u = 1 - t
                polygon.append(
                    (
                        u**3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t**3 * x3,
                        u**3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t**3 * y3,
                    )
                )
        elif command[0] in ("M", "L"):
            polygon.append((values[0], values[1]))
    x, y = point
    crossings = 0
    for (xa, ya), (xb, yb) in itertools.pairwise([*polygon, polygon[0]]):
        if (ya > y) != (yb > y) and x < xa + (y - ya) * (xb - xa) / (yb - ya):
            crossings += 1
    return crossings % 2 == 1


def text_centre(text: Text) -> tuple[float, float]:
    width = text_width(text.text, text.size, text.bold)
    shift = {"start": width / 2, "middle": 0.0, "end": -width / 2}[text.anchor]
    return text.x + shift, text.y - CAP_HEIGHT * text.size / 2


def has_letter(drawing: Drawing, shape: Shape, letter: str) -> bool:
    """A text on `drawing` inside `shape` that holds `letter` as a word."""
    return any(
        isinstance(op, Text)
        and letter in re.findall(r"[A-Za-z]+", op.text)
        and inside(text_centre(op), shape)
        for op in drawing.ops
    )


def has_pattern(drawing: Drawing, shape: Shape, pattern: str, fill: str) -> bool:
    """The hatching of `pattern` clipped to `shape`, in a colour that shows on `fill`."""
    for op in drawing.ops:
        if not (isinstance(op, Place) and op.clip == shape and op.drawing.ops):
            continue
        first = op.drawing.ops[0]
        colour = (
            first.style.stroke
            if isinstance(first, Path)
            else first.style.fill
            if isinstance(first, Dots)
            else None
        )
        if colour is None or colour.lower() == fill.lower():
            continue
        expected = Drawing(drawing.width, drawing.height)
        hatch(expected, shape, pattern, colour)
        if expected.ops and isinstance(expected.ops[0], Place):
            return expected.ops[0].drawing.ops == op.drawing.ops
    return False


@pytest.mark.parametrize("players", range(5, 11))
def test_colour_diplomacy_prints_letter_and_pattern_on_every_coloured_thing(players: int) -> None:
    game = GAMES["colour-diplomacy"]
    setup = game.random_setup(3, game.info.resolve(players, None, {}))
    painter = Painter("colour-diplomacy", "color")
    seats = {painter.swatch(f"player{k}").colour.lower(): f"player{k}" for k in range(1, 11)}
    document = build_kit(game, setup, COLOUR)
    found: dict[str, int] = {}
    missing: list[str] = []
    for number, page in enumerate(document.pages, 1):
        for drawing in walk(page.drawing):
            for fill, shape in filled_shapes(drawing):
                name = seats.get(fill.lower())
                if name is None:
                    continue
                found[name] = found.get(name, 0) + 1
                swatch = painter.swatch(name)
                if not has_letter(drawing, shape, swatch.letter):
                    missing.append(f"page {number} {page.title}: {name} without {swatch.letter}")
                if not has_pattern(drawing, shape, swatch.pattern, fill):
                    missing.append(f"page {number} {page.title}: {name} without {swatch.pattern}")
    assert sorted(found) == sorted(f"player{k}" for k in range(1, players + 1))
    assert not missing, f"{len(missing)} coloured things:\n" + "\n".join(sorted(set(missing)))
    letters = [painter.letter(f"player{k}") for k in range(1, players + 1)]
    patterns = [painter.swatch(f"player{k}").pattern for k in range(1, players + 1)]
    assert len(set(letters)) == len(set(patterns)) == players


@pytest.mark.parametrize("ink", ["saver", "bw"])
def test_patterned_areas_print_as_plain_areas_outside_colour_ink(ink: str) -> None:
    painter = Painter("colour-diplomacy", ink)
    plain, patterned = Drawing(30, 30), Drawing(30, 30)
    painter.area(plain, circle_shape(15, 15, 10), "player5", 0.3)
    painter.patterned_area(patterned, circle_shape(15, 15, 10), "player5", 0.3)
    assert flat(patterned) == flat(plain)


def test_the_pattern_shows_over_the_fill_in_colour_ink() -> None:
    painter = Painter("colour-diplomacy", "color")
    drawing = Drawing(30, 30)
    shape = circle_shape(15, 15, 10)
    painter.patterned_area(drawing, shape, "player2", 0.3)
    fill, outline = drawing.ops[0], drawing.ops[-1]
    assert isinstance(fill, Path) and fill.style.fill == painter.swatch("player2").colour
    assert has_pattern(drawing, shape, "horizontal", "#004488")
    assert isinstance(outline, Path) and outline.style.fill is None and outline.style.stroke


def test_every_seat_letter_says_its_colour() -> None:
    """A letter is read as the colour's name: grey printed `S`, pink `K` and brown `N` did not
    say theirs. Each seat's letter is its colour's initial, with more of the name's letters in
    order where two names share an initial (`Gy` grey beside `G` green)."""
    wrong: list[str] = []
    for name in ORDER:
        painter = Painter(name, "color")
        seats = [painter.swatch(f"player{k}") for k in range(1, 11)]
        for swatch in seats:
            letters = iter(swatch.name.lower())
            spelt = all(any(c == n for n in letters) for c in swatch.letter.lower())
            if not (swatch.letter and swatch.name.lower()[0] == swatch.letter.lower()[0]) or (
                not spelt
            ):
                wrong.append(f"{name}: {swatch.name} printed {swatch.letter!r}")
        letters_used = [s.letter for s in seats]
        assert len(set(letters_used)) == len(letters_used), f"{name}: {letters_used}"
    assert not wrong, "\n".join(wrong)


def pattern_marks(drawing: Drawing) -> set[str]:
    """What the hatching on `drawing` shows, as marks: `dots`, `rings` (closed curves), waves
    (`~` across, `s` down: open curves), or the directions of its lines (`-` across, `|` down,
    `\\` and `/` at 45 degrees, y down)."""
    marks: set[str] = set()
    for op in drawing.ops:
        if isinstance(op, Dots):
            marks.add("dots")
        elif isinstance(op, Path) and any(c[0] == "Z" for c in op.commands):
            marks.add("rings")
        elif isinstance(op, Path) and any(c[0] == "C" for c in op.commands):
            (_, x0, y0), first = op.commands[0], op.commands[1]
            across = abs(float(first[-2]) - float(x0)) > abs(float(first[-1]) - float(y0))
            marks.add("~" if across else "s")
        elif isinstance(op, Path):
            points = [c[1:3] for c in op.commands if c[0] in ("M", "L")]
            for (x1, y1), (x2, y2) in zip(points[::2], points[1::2], strict=False):
                dx, dy = float(x2) - float(x1), float(y2) - float(y1)
                if abs(dy) < 1e-6:
                    marks.add("-")
                elif abs(dx) < 1e-6:
                    marks.add("|")
                else:
                    marks.add("\\" if dx * dy > 0 else "/")
    return marks


def hatch_marks(pattern: str) -> set[str]:
    drawing = Drawing(40, 40)
    hatch(drawing, rect_shape(0, 0, 40, 40), pattern, "#000000")
    placed = drawing.ops[0] if drawing.ops else None
    return pattern_marks(placed.drawing) if isinstance(placed, Place) else set()


def test_pattern_marks_read_the_hatching() -> None:
    assert hatch_marks("cross") == {"\\", "/"}
    assert hatch_marks("wide-vertical") == hatch_marks("vertical") == {"|"}
    assert hatch_marks("grid") == {"-", "|"}
    assert hatch_marks("dots") == {"dots"}
    assert hatch_marks("rings") == {"rings"}
    assert hatch_marks("waves") == {"~"} and hatch_marks("upright-waves") == {"s"}


def test_every_seat_of_ten_hatches_with_its_own_kind_of_mark() -> None:
    """In black and white only the pattern (and the letter) tells ten seats apart: red and grey
    both hatched diagonals, blue and brown horizontals, yellow and pink dots, only further
    apart (the render review of issue 38 found them hard to tell on a token). Every seat's
    marks differ from every other seat's."""
    painter = Painter("colour-diplomacy", "bw")
    seats = [painter.swatch(f"player{k}") for k in range(1, 11)]
    alike = [f"{a.name} {a.pattern} / {b.name} {b.pattern}"
             for a, b in itertools.combinations(seats, 2)
             if hatch_marks(a.pattern) == hatch_marks(b.pattern)]  # fmt: skip
    assert not alike, "\n".join(alike)


@pytest.mark.parametrize("name", ORDER)
def test_seats_whose_colours_look_alike_hatch_with_different_marks(name: str) -> None:
    """With ten players, Colour Diplomacy's green and grey look alike to a deuteranope and both
    hatched vertical stripes (only their spacing differed). Any two seats that come closer than
    15 (CIEDE2000) in some vision share no mark of their patterns."""
    painter = Painter(name, "color")
    seats = [f"player{k}" for k in range(1, max(GAMES[name].info.players) + 1)]
    alike: list[str] = []
    for first, second in itertools.combinations(seats, 2):
        a, b = painter.swatch(first), painter.swatch(second)
        closest = min(ciede2000(seen(a.colour, v), seen(b.colour, v)) for v in VISIONS)
        shared = hatch_marks(a.pattern) & hatch_marks(b.pattern)
        if closest < MIN_DIFFERENCE and shared:
            alike.append(f"{a.name} {a.pattern} / {b.name} {b.pattern}: {closest:.1f}, {shared}")
    assert not alike, "\n".join(alike)


def cut_pieces(document: Any) -> Iterator[tuple[int, Drawing]]:
    """(page number, piece) of every component placed on a page and cut along its outline (a
    turn-order card; not the diagrams printed beside it)."""
    for number, page in enumerate(document.pages, 1):
        cuts = {tuple(round(v, 2) for v in shape_bounds(cut)) for cut in page.cuts}
        for op in page.drawing.ops:
            if isinstance(op, Place) and not op.rotate:
                x, y, w, h = shape_bounds(op.drawing.cut_outline())
                if tuple(round(v, 2) for v in (op.x + x, op.y + y, w, h)) in cuts:
                    yield number, op.drawing


def piece_marks(piece: Drawing, fill: str) -> set[str]:
    """The marks of every hatching on `piece` drawn over `fill` in another colour."""
    fills = {tuple(shape) for drawing in walk(piece) for f, shape in filled_shapes(drawing)
             if f.lower() == fill.lower()}  # fmt: skip
    marks: set[str] = set()
    for drawing in walk(piece):
        for op in drawing.ops:
            if isinstance(op, Place) and op.clip is not None and tuple(op.clip) in fills:
                inks = {o.style.stroke or o.style.fill for o in op.drawing.ops
                        if isinstance(o, Path | Dots)}  # fmt: skip
                if inks and fill.lower() not in {str(i).lower() for i in inks}:
                    marks |= pattern_marks(op.drawing)
    return marks


def piece_words(piece: Drawing) -> set[str]:
    return {w for d in walk(piece) for op in d.ops if isinstance(op, Text)
            for w in re.findall(r"[A-Za-z]+", op.text)}  # fmt: skip


@pytest.mark.parametrize(("name", "options"),
                         [p for p in setups(range(1, 11)) if p.values[0] in ("billabong", "wallaby",
                          "penguins", "colour-diplomacy")])  # fmt: skip
def test_every_team_piece_carries_its_letter_and_its_pattern_in_colour(
    name: str, options: dict[str, Any]
) -> None:
    """Billabong's kangaroos and Wallaby's pawns and standees told their team by colour and
    letter only: red turned olive and green grey for a deuteranope, and Wallaby's red pawn and
    scarecrow both olive. Every cut piece painted in a team's colour (a seat, the referee, the
    scarecrow) carries that team's letter and its hatching, in colour ink too."""
    game = GAMES[name]
    setup = game.random_setup(5, options)
    painter = Painter(name, "color")
    teams = {s.colour.lower(): key for key, s in painter.swatches.items()
             if key.startswith("player") or key in ("referee", "straw")}  # fmt: skip
    document = build_kit(game, setup, COLOUR)
    missing: list[str] = []
    told: set[str] = set()
    for number, piece in cut_pieces(document):
        drawn = {f.lower() for d in walk(piece) for f, _ in filled_shapes(d)}
        for fill in sorted(drawn & set(teams)):
            swatch = painter.swatch(teams[fill])
            told.add(teams[fill])
            if swatch.letter not in piece_words(piece):
                missing.append(f"page {number}: a {swatch.name} piece without {swatch.letter}")
            if hatch_marks(swatch.pattern) - piece_marks(piece, fill):
                missing.append(f"page {number}: a {swatch.name} piece without {swatch.pattern}")
    assert {f"player{k}" for k in range(1, setup.players + 1)} <= told
    assert not missing, f"{len(missing)}:\n" + "\n".join(sorted(set(missing)))
