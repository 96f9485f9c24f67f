"""Kit pages: how many pages every game's kit prints and how full each page is.

For the default kit of every game (seed 1, A4 and Letter) and a few options, prints the page
count and each page's fill (pnp.render.fill: the fraction of the printable area its content
covers) in page order, the pages under a third marked with `*` (and listed by title at the
end), and the sheets of paper the kit takes as printed (a kit with backs prints double-sided
at the default `--duplex long`, two pages a sheet, with blank backs behind pages to cut only:
Document.printed_order). The cover (page 1) and the rules pages are counted but not judged.

    python -m benchmarks.kit_pages [--seed 1] [--markdown]
"""

from __future__ import annotations

import argparse

from pnp.games import GAMES, ORDER
from pnp.kits import KIT_OPTIONS, build_kit
from pnp.kits.options import kit_setup
from pnp.render.document import Document
from pnp.render.fill import page_fill
from pnp.render.paper import get_paper
from pnp.render.settings import PrintSettings

Case = tuple[str, str, int | None, str | None, dict[str, str]]  # label, game, players, variant

CASES: list[Case] = [(name, name, None, None, {}) for name in ORDER] + [
    ("platypus --deal pack", "platypus", None, None, {"deal": "pack"}),
    ("paper-penguins --sheets 5", "paper-penguins", None, None, {"sheets": "5"}),
    ("paper-penguins --size 6x8", "paper-penguins", None, None, {"size": "6x8"}),
    ("colour-diplomacy --players 7", "colour-diplomacy", 7, None, {}),
    ("colour-diplomacy --players 10", "colour-diplomacy", 10, None, {}),
    ("billabong --players 4", "billabong", 4, None, {}),
    ("penguins --players 4", "penguins", 4, None, {}),
    ("wallaby --players 2", "wallaby", 2, None, {}),
    ("wallaby --variant children", "wallaby", None, "children", {}),
    ("wallaby --players 3 --variant valley", "wallaby", 3, "valley", {}),
    ("wallaby --players 4 --tiles all", "wallaby", 4, None, {"tiles": "all"}),
    ("wallaby --tile-backs field", "wallaby", None, None, {"tile-backs": "field"}),
    ("amazon-penguins --variant hex", "amazon-penguins", None, "hex", {}),
    ("amazons --size 6", "amazons", None, None, {"size": "6"}),
]
THIRD = 1 / 3


def kit_document(case: Case, paper: str, seed: int) -> Document:
    _, name, players, variant, options = case
    game = GAMES[name]
    setup = kit_setup(game, seed, players, variant, options, KIT_OPTIONS[name])
    return build_kit(game, setup, PrintSettings(get_paper(paper)))


def judged(document: Document, number: int) -> bool:
    """Whether page `number` (1-based) is held to the third: not the cover, not the rules."""
    return document.pages[number - 1].title not in ("Cover", "Rules")


def sheets(document: Document) -> int:
    """The sheets of paper the kit takes as printed."""
    printed = len(document.printed_order())
    return -(-printed // 2) if document.double_sided else printed


def row(case: Case, paper: str, seed: int) -> tuple[str, int, str, list[str], int]:
    """The kit's label, page count, fill of each page, the titles of the pages under a third
    (judged ones) and the sheets it takes."""
    document = kit_document(case, paper, seed)
    fills = []
    low = []
    for number, page in enumerate(document.pages, 1):
        fill = page_fill(page)
        mark = "*" if fill < THIRD and judged(document, number) else ""
        if mark:
            low.append(page.title)
        fills.append(f"{100 * fill:.0f}{mark}")
    return case[0], len(document.pages), " ".join(fills), low, sheets(document)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--markdown", action="store_true", help="a table for the README")
    args = parser.parse_args()
    thin: list[str] = []
    for paper in ("a4", "letter"):
        if args.markdown:
            print(
                f"\n| kit ({paper.upper()}) | pages | sheets | under 1/3 | fill of each page, % |"
            )
            print("|---|---|---|---|---|")
        else:
            label = f"kit ({paper.upper()})"
            print(f"\n{label:34} {'pages':>5} {'sheets':>6} {'<1/3':>4}  fill %")
        for case in CASES:
            label, pages, fills, low, used = row(case, paper, args.seed)
            thin += [f"{label} ({paper.upper()}): {title}" for title in low]
            if args.markdown:
                print(f"| `{label}` | {pages} | {used} | {len(low)} | {fills} |")
            else:
                print(f"{label:34} {pages:>5} {used:>6} {len(low):>4}  {fills}")
    print("\npages under a third (*):" if thin else "\nno page under a third")
    for line in thin:
        print(f"  {line}")


if __name__ == "__main__":
    main()
