"""The house's layout, read from the imports (../shared/STYLE.md, "The house in one picture";
docs/contributing/layout.md draws it).

Every import counts: at the top of a module, inside a function, or under `TYPE_CHECKING`
(grimp reads them all). Each test names the imports that break its rule, file and line.
"""

from __future__ import annotations

from functools import cache
from graphlib import CycleError, TopologicalSorter

import grimp
import pytest

from pnp.games import GAMES

# The floors, top first: a floor imports only the floors below it. Modules of one floor may
# import each other, without circles (the test below that).
PNP_FLOORS = [
    ["pnp.__main__", "pnp.cli", "pnp.cli_support", "pnp.commands"],
    ["pnp.kits"],
    ["pnp.render"],
    ["simulate"],
    ["pnp.games"],
]
SIMULATE_FLOORS = ["studies", "report", "measure", "run", "agents", "scoring"]
# Below every floor: modules any floor may use, importing nothing of pnp but each other.
GROUND = {
    "pnp.errors",
    "pnp.output",
    "pnp.templates",
    "pnp.lazylist",
    "pnp.progress",
    "pnp.stopping",
}


@cache
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("pnp", "simulate", cache_dir=None)


def where(importer: str, imported: str) -> str:
    details = graph().get_import_details(importer=importer, imported=imported)
    return "; ".join(f"{d['importer']}:{d['line_number']} {d['line_contents']}" for d in details)


def module_graph() -> dict[str, set[str]]:
    """Each module's imports of other modules of pnp and simulate (a package's `__init__` is the
    package's own name)."""
    return {m: set(graph().find_modules_directly_imported_by(m)) for m in graph().modules}


def test_no_module_imports_one_that_imports_it_back() -> None:
    imports = module_graph()
    try:
        tuple(TopologicalSorter(imports).static_order())
    except CycleError as error:
        circle = error.args[1]
        steps = [where(a, b) for a, b in zip(circle[1:], circle, strict=False)]
        pytest.fail("an import circle: " + " -> ".join(circle) + "\n" + "\n".join(steps))


def illegal(layers: list[list[str]] | list[str], containers: set[str]) -> list[str]:
    """The imports that run upward through `layers` (top first), each as its chain of modules."""
    found = graph().find_illegal_dependencies_for_layers(
        layers=[
            grimp.Layer(*layer, independent=False) if isinstance(layer, list) else layer
            for layer in layers
        ],
        containers=containers,
    )
    return sorted(
        " -> ".join([head, *route.middle, tail])
        + f"  ({where(head, route.middle[0] if route.middle else tail)})"
        for dependency in found
        for route in dependency.routes
        for head in sorted(route.heads)
        for tail in sorted(route.tails)
    )


def test_simulate_is_role_packages_each_importing_only_the_roles_below() -> None:
    homeless = sorted(
        m
        for m in graph().modules
        if m.startswith("simulate.") and m.split(".")[1] not in SIMULATE_FLOORS
    )
    assert homeless == [], "every module of simulate/ lives in a role package"
    assert illegal(SIMULATE_FLOORS, {"simulate"}) == []


def test_pnp_floors_import_only_downward() -> None:
    assert illegal(PNP_FLOORS, set()) == []


def test_the_ground_modules_import_nothing_of_pnp_but_each_other() -> None:
    imports = module_graph()
    above = {m: sorted(imports[m] - GROUND) for m in sorted(GROUND)}
    assert above == {m: [] for m in sorted(GROUND)}
    floored = [
        m for floor in PNP_FLOORS for prefix in floor for m in GROUND if m.startswith(prefix)
    ]
    assert floored == []


@pytest.mark.parametrize("game", [g.replace("-", "_") for g in GAMES])
def test_a_compiled_engine_imports_nothing_from_its_game(game: str) -> None:
    engine = f"pnp.games.{game}.engine"
    if engine not in graph().modules:
        pytest.skip(f"{game} has no compiled engine")
    # the game's own modules above its engine: the game, and where the game keeps its state
    above = {f"pnp.games.{game}.{name}" for name in ("game", "rules", "text")} & graph().modules
    chains = [graph().find_shortest_chain(importer=engine, imported=m) for m in above]
    assert [c for c in chains if c] == []


def test_simulate_and_games_draw_nothing() -> None:
    full = grimp.build_graph("pnp", "simulate", include_external_packages=True, cache_dir=None)
    drawing = {"reportlab", "svgwrite"}
    offenders = [
        f"{module} imports {', '.join(sorted(drawn))}"
        for module in sorted(full.modules)
        if module.startswith(("simulate", "pnp.games"))
        for drawn in [drawing & set(full.find_modules_directly_imported_by(module))]
        if drawn
    ]
    assert offenders == []
