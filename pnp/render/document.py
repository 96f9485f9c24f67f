"""A kit document: pages of a paper size, each finished with the same footer on output.

The footer carries the game, the seed, "page n of m" and a 50 mm scale bar, so a printed page can
always be traced to its setup and checked for scale with a ruler. The document also records what
the kit's cover page lists: each kind of component with its count and pages (`record`) and the
assembly steps that depend on the setup (`assembly`); and the room left at the foot of the newest
page, where the next small group may go (`room`, see pnp.render.sheet.lay_out).

A kit with backs pages, printed with a printer's duplex mode, is printed double-sided as one file
(`printed_order`): every page with something to cut lands on the front of a sheet (an odd page)
followed by its own backs page or by a blank verso, so nothing ever prints behind a page that is
cut out; pages with nothing to cut (cover, rules) share sheets. Page numbers (footer, cover) are
the printed ones (`printed_number`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from pnp.render.drawing import BLACK, WHITE, Drawing, Shape, Style, shape_bounds
from pnp.render.fonts import SMALLEST, text_width
from pnp.render.paper import Box, Paper, footer_spec
from pnp.render.settings import PrintSettings

FOOTER_TEXT = SMALLEST  # mm em size
GREY = "#555555"
FOOTER_GAP = 4.0  # mm at least between the scale bar's label and the footer text
BLANK_TITLE = "Blank back"
BLANK_TEXT = 3.2  # mm em size of the note on a blank verso
#: mm from the paper's foot to the note's baseline: in the bottom margin, above the scale bar
#: and the footer, where no page has pieces, so the note is behind none of the page it backs
BLANK_BASELINE = 12.0


@dataclass
class Page:
    """One page. Pages of components also know where they are cut: `cuts` holds each component's
    outline (page coordinates), the lines a cutter follows, `folds` the lines they are folded
    on, and `trim` the box inside the outermost cut lines (the PDF TrimBox; the BleedBox adds
    the bleed around it). A page `laser` would not cut is printed on paper in a laser kit too:
    sheets written on in pencil (order pads, Paper Pen-guins sheets), cut with scissors."""

    paper: Paper
    drawing: Drawing
    title: str
    cuts: list[Shape] = field(default_factory=list)
    trim: Box | None = None
    folds: list[Shape] = field(default_factory=list)
    laser: bool = True
    back_of: Page | None = field(default=None, compare=False, repr=False)
    """For a backs page, the fronts page it prints behind."""

    def cut(self, outline: Shape) -> None:
        """Record a component's cut outline (page coordinates) placed on its own, outside a
        sheet layout: the TrimBox grows to hold it."""
        self.cuts.append(outline)
        box = shapes_box([outline])
        self.trim = box if self.trim is None else self.trim.union(box)


def blank_page(paper: Paper, why: str) -> Page:
    """A page left blank on purpose, saying so and `why` in a small note in the bottom margin
    (in the middle of the page it would show through, or land on, a piece it backs)."""
    page = Page(paper, Drawing(paper.width, paper.height), BLANK_TITLE)
    note = f"This page is intentionally blank: {why}."
    page.drawing.text(paper.width / 2, paper.height - BLANK_BASELINE, note, BLANK_TEXT,
                      fill=GREY, anchor="middle")  # fmt: skip
    return page


def lasered(page: Page) -> bool:
    """Whether a laser kit writes `page` as a laser page: it has something to cut, or it is the
    back of such a page (engraved on the sheet's other side, with nothing to cut); never a page
    written on in pencil (`Page.laser` False), printed on paper and cut with scissors."""
    front = page.back_of if page.back_of is not None else page
    return page.laser and front.laser and bool(front.cuts)


def shapes_box(shapes: Sequence[Shape]) -> Box:
    """The smallest box holding every shape (control points included)."""
    boxes = [shape_bounds(shape) for shape in shapes]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    return Box(x0, y0, x1 - x0, y1 - y0)


@dataclass(frozen=True)
class Component:
    """One kind of component in a kit: its name, how many are printed, the pages they are on
    and the pages their backs are on (none for one-sided components), and its size in mm as
    cut (width, height), where the layout knows it."""

    name: str
    count: int
    pages: tuple[Page, ...]
    backs: tuple[Page, ...] = ()
    size: tuple[float, float] | None = None


@dataclass(frozen=True)
class Room:
    """Free paper on `page` from `top` (mm) down to the foot of its printable area, across its
    width or, with `left`, from `left` to its right margin (a column beside what is drawn,
    ending at `bottom`)."""

    page: Page
    top: float
    left: float | None = None
    bottom: float | None = None  # with `left`: where the column ends, above what is below it

    def free(self, gap: float) -> Box:
        """The free paper, `gap` away from what is drawn above it (and beside and below it)."""
        content = self.page.paper.content
        x = content.x if self.left is None else self.left + gap
        bottom = content.bottom if self.bottom is None else self.bottom - gap
        return Box(x, self.top + gap, content.right - x, bottom - self.top - gap)


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

    def record(
        self,
        name: str,
        count: int,
        pages: list[Page],
        backs: tuple[Page, ...] = (),
        size: tuple[float, float] | None = None,
    ) -> None:
        """Note `count` components called `name` on `pages` (backs on `backs`), of `size` mm
        if given, for the cover."""
        unique = tuple({id(page): page for page in pages}.values())
        self.components.append(Component(name, count, unique, backs, size))

    def backs_pages(self) -> list[Page]:
        return [page for page in self.pages if page.back_of is not None]

    def new_backs_page(self, fronts: Page, title: str = "") -> Page:
        """A new page that prints behind `fronts` (same orientation), titled `title` or
        `<fronts' title> (backs)`."""
        page = self.new_page(title or f"{fronts.title} (backs)", fronts.paper.landscape)
        page.back_of = fronts
        return page

    @property
    def double_sided(self) -> bool:
        """Whether the whole file is printed double-sided: some page has backs and the duplex
        mode is a printer's (`long`, `short`). Laser pages (no cut marks) are cut one by one and
        never printed double-sided. With `none` backs pages are glued behind their fronts."""
        return (
            self.settings.duplex != "none"
            and self.settings.cut_marks
            and any(page.back_of is not None for page in self.pages)
        )

    def printed_order(self) -> list[Page]:
        """The pages as printed. Double-sided, every page with something to cut, and every page
        with backs, starts a sheet, followed by its own backs page or by a blank verso. A page
        with nothing to cut (the cover, rules, a layout map) needs no blank back: it prints on
        the back of the page before it when that one has nothing to cut either, and where it
        would get a blank back, the next run of an odd number of pages to read (the rules)
        moves up to print there instead, in its own order (or the odd tail of an even run: the
        rules after a tally page). No blank page ends the file."""
        if not self.double_sided:
            return list(self.pages)
        backs = {id(page.back_of): page for page in self.pages if page.back_of is not None}

        def read_only(page: Page) -> bool:
            return not page.cuts and id(page) not in backs

        queue = [page for page in self.pages if page.back_of is None]
        order: list[Page] = []
        while queue:
            page = queue.pop(0)
            if len(order) % 2:  # the back of the last sheet is free
                if read_only(page) and read_only(order[-1]):
                    order.append(page)
                    continue
                run = _odd_run(queue, read_only) if read_only(order[-1]) else []
                if run:
                    queue = [page, *(p for p in queue if not any(p is r for r in run))]
                    order += run
                    continue
                order.append(self._blank_verso(order[-1], len(order)))
            order.append(page)
            if id(page) in backs:
                order.append(backs[id(page)])
        return order

    def printed_number(self, page: Page) -> int:
        """The page number `page` prints with (blank versos counted)."""
        return next(n for n, p in enumerate(self.printed_order(), 1) if p is page)

    def finished(self) -> list[Page]:
        """Every page in printed order with its footer, ready for a backend."""
        pages = self.printed_order()
        total = len(pages)
        return [
            replace(page, drawing=self._with_footer(page, n, total))
            for n, page in enumerate(pages, 1)
        ]

    def _blank_verso(self, recto: Page, recto_number: int) -> Page:
        """The blank back of page `recto_number`."""
        why = f"it is the back of page {recto_number}"
        return blank_page(recto.paper, why)

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
        title = page.title
        while text_width(label, FOOTER_TEXT) > room and " " in title:  # then shorten the title
            title = title.rsplit(" ", 1)[0].rstrip(",;:·")
            label = footer_label([f"{title}...", *tail[1:]])
        out.text(paper.width - paper.right, baseline, label, FOOTER_TEXT, fill=GREY, anchor="end")
        return out


def _odd_run(pages: list[Page], read_only: Callable[[Page], bool]) -> list[Page]:
    """The first run of consecutive pages to read in `pages` whose length is odd (it fills a
    free back and ends on a back), or else the first odd tail of such a run that starts a new
    title (the one-page rules after a tally page: the tally stays where it was); empty if there
    is none. A tail never splits the pages of one title (two pages of rules)."""
    runs: list[list[Page]] = [[]]
    for page in pages:
        if read_only(page):
            runs[-1].append(page)
        elif runs[-1]:
            runs.append([])
    whole = next((run for run in runs if len(run) % 2), None)
    if whole is not None:
        return whole
    for run in runs:
        for start in range(1, len(run), 2):  # tails of odd length: len(run) is even
            if run[start].title != run[start - 1].title:
                return run[start:]
    return []


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
