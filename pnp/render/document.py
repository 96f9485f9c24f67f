"""A kit document: pages of a paper size, each finished with the same footer on output.

The footer carries the game, the seed, "page n of m" and a 50 mm scale bar, so a printed page can
always be traced to its setup and checked for scale with a ruler. The document also records what
the kit's cover page lists: each kind of component with its count and pages (`record`) and the
assembly steps that depend on the setup (`assembly`); and the room left at the foot of the newest
page, where the next small group may go (`room`, see pnp.render.sheet.lay_out).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pnp.render.drawing import BLACK, WHITE, Drawing, Shape, Style
from pnp.render.fonts import fit_size, text_width
from pnp.render.paper import Box, Paper, footer_spec
from pnp.render.settings import PrintSettings

FOOTER_TEXT = 2.6  # mm em size
GREY = "#555555"
FOOTER_GAP = 4.0  # mm at least between the scale bar's label and the footer text


@dataclass
class Page:
    """One page. Pages of components also know where they are cut: `cuts` holds each component's
    outline (page coordinates), the lines a cutter follows, and `trim` the box inside the
    outermost cut lines (the PDF TrimBox; the BleedBox adds the bleed around it)."""

    paper: Paper
    drawing: Drawing
    title: str
    cuts: list[Shape] = field(default_factory=list)
    trim: Box | None = None
    back_of: Page | None = None  # the fronts page this page is printed behind


@dataclass(frozen=True)
class Component:
    """One kind of component in a kit: its name, how many are printed, the pages they are on
    and the pages their backs are on (none for one-sided components)."""

    name: str
    count: int
    pages: tuple[Page, ...]
    backs: tuple[Page, ...] = ()


@dataclass(frozen=True)
class Room:
    """Free paper on `page` from `top` (mm) down to the foot of its printable area."""

    page: Page
    top: float


@dataclass
class Document:
    """The pages of one kit in order, printed with `settings`."""

    game_title: str
    seed_label: str
    settings: PrintSettings
    pages: list[Page] = field(default_factory=list)
    components: list[Component] = field(default_factory=list)
    room: Room | None = None
    assembly: list[str] = field(default_factory=list)  # steps that depend on the setup

    @property
    def paper(self) -> Paper:
        return self.settings.paper

    def new_page(self, title: str, landscape: bool = False) -> Page:
        paper = self.paper.oriented(landscape)
        page = Page(paper, Drawing(paper.width, paper.height), title)
        self.pages.append(page)
        self.room = None  # only the newest page offers its room
        return page

    def number(self, page: Page) -> int:
        """The page's number as its footer prints it (1 for the first page)."""
        return next(n for n, p in enumerate(self.pages, 1) if p is page)

    def record(
        self, name: str, count: int, pages: list[Page], backs: tuple[Page, ...] = ()
    ) -> None:
        """Note `count` components called `name` on `pages` (backs on `backs`), for the cover."""
        unique = tuple({id(page): page for page in pages}.values())
        self.components.append(Component(name, count, unique, backs))

    def backs_pages(self) -> list[Page]:
        return [page for page in self.pages if page.back_of is not None]

    def finished(self) -> list[Page]:
        """Every page with its footer, ready for a backend."""
        total = len(self.pages)
        return [
            replace(page, drawing=self._with_footer(page, n, total))
            for n, page in enumerate(self.pages, 1)
        ]

    def _with_footer(self, page: Page, number: int, total: int) -> Drawing:
        paper = page.paper
        out = Drawing(paper.width, paper.height)
        out.place(page.drawing, 0, 0)
        spec = footer_spec()
        baseline = paper.height - spec["baseline_from_bottom_mm"]
        bar = draw_scale_bar(out, paper.left, baseline - 2.2, spec["scale_bar_mm"])
        room = paper.width - paper.right - bar.right - FOOTER_GAP
        tail = [page.title, f"seed {self.seed_label}", f"page {number} of {total}"]
        label = footer_label([self.game_title, *tail])
        if text_width(label, FOOTER_TEXT) > room:  # a long page title: drop the game's name
            label = footer_label(tail)
        size = fit_size(label, FOOTER_TEXT, room)
        out.text(paper.width - paper.right, baseline, label, size, fill=GREY, anchor="end")
        return out


def footer_label(parts: list[str]) -> str:
    return "  ·  ".join(part for part in parts if part)


def draw_scale_bar(drawing: Drawing, x: float, y: float, length: float) -> Box:
    """A `length` mm bar of 10 mm blocks with its label; the outline is exactly length x 2 mm."""
    height = 2.0
    blocks = int(length // 10)
    for i in range(blocks):
        fill = BLACK if i % 2 == 0 else WHITE
        drawing.rect(x + 10 * i, y, 10, height, Style(fill=fill, stroke=None))
    drawing.rect(x, y, length, height, Style(stroke=BLACK, width=0.2))
    label = f"{length:g} mm: check with a ruler"
    drawing.text(x + length + 2, y + height, label, FOOTER_TEXT, fill=GREY)
    return Box(x, y, length + 2 + text_width(label, FOOTER_TEXT), height)
