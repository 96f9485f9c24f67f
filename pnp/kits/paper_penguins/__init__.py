"""Paper Pen-guins: what its kit draws (`build` is what the kit registry reads) and its print
options (`OPTIONS`: how many sheets)."""

from pnp.kits.paper_penguins.kit import build
from pnp.kits.paper_penguins.options import PaperPenguinsKitOptions as OPTIONS

__all__ = ["OPTIONS", "build"]
