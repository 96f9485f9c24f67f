"""The manual's tables of what the program is say what the program says: the games, each game's
default agent and ladder, the kit page counts, the modules of simulate/, and the paths named.

On a mismatch each test prints the row as it should read. Kit page counts are computed as
benchmarks/kit_pages.py computes them (building each kit's document, about a second for all)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

from benchmarks.kit_pages import CASES, kit_document, row
from pnp.commands.info import own_options, player_counts
from pnp.games import GAMES, ORDER
from tests.docs.markdown import DOCS, ROOT, code_spans, pages, table, text


def ticked(names: tuple[str, ...]) -> str:
    return ", ".join(f"`{name}`" for name in names) if names else "none"


def test_the_games_table_is_the_registry() -> None:
    rows = table(DOCS / "games" / "index.md", "game")
    assert [r[0] for r in rows] == [f"`{name}`" for name in ORDER]
    for (_, title, players, variants, options), name in zip(rows, ORDER, strict=True):
        info = GAMES[name].info
        assert info.title in title, f"{name}: title {info.title!r}"
        assert players == player_counts(info.players), f"{name}: players"
        assert variants == ", ".join(info.variants), f"{name}: variants"
        named = re.findall(r"`--([a-z-]+)", options)
        assert sorted(named) == sorted(own_options(name)), f"{name}: options {own_options(name)}"


def test_the_default_agents_table_is_the_registry() -> None:
    rows = table(DOCS / "balance" / "agents.md", "game")
    assert [r[0] for r in rows] == [f"`{name}`" for name in ORDER]
    for game_row, name in zip(rows, ORDER, strict=True):
        info = GAMES[name].info
        expected = [f"`{name}`", f"`{info.agent}`", ticked(info.ladder)]
        assert game_row[:3] == expected, f"the row should begin | {' | '.join(expected)} |"


@pytest.mark.parametrize("name", ORDER)
def test_each_game_page_names_its_default_agent_and_ladder(name: str) -> None:
    page = text(DOCS / "games" / f"{name}.md")
    info = GAMES[name].info
    agent = f"**Default agent**: `{info.agent}`"
    ladder = f"**Default ladder**: {ticked(info.ladder)}"
    assert agent in page, f"docs/games/{name}.md should say {agent}"
    assert ladder in page, f"docs/games/{name}.md should say {ladder}"
    for line in page.splitlines():  # no second, different claim on the page
        if "**Default agent**" in line:
            assert agent in line, line
        if "**Default ladder**" in line:
            assert ladder in line, line


def test_the_kit_page_counts_are_the_kits() -> None:
    cases = {case[0]: case for case in CASES}
    rows = table(DOCS / "kits" / "index.md", "kit (A4)")
    labels = [r[0].strip("`") for r in rows]
    assert set(ORDER) <= set(labels), "every game's default kit has its row"
    for label, in_pdf, drawn, sheets, fills in rows:
        case = cases[label.strip("`")]
        document = kit_document(case, "a4", 1)
        _, pages_drawn, fill, _, sheets_used = row(case, "a4", 1)
        expected = [label, str(len(document.printed_order())), str(pages_drawn),
                    str(sheets_used), fill]  # fmt: skip
        assert [label, in_pdf, drawn, sheets, fills] == expected, (
            f"the row should read | {' | '.join(expected)} |"
        )


def test_the_layout_page_names_every_module_of_simulate() -> None:
    rows = table(DOCS / "contributing" / "layout.md", "role")
    documented = {r[0].strip("`/"): set(re.findall(r"`([a-z_0-9]+)`", r[1])) for r in rows}
    on_disk = {
        role.relative_to(ROOT).as_posix(): {p.stem for p in role.glob("*.py")} - {"__init__"}
        for role in sorted((ROOT / "simulate").iterdir())
        if (role / "__init__.py").exists()
    }
    assert documented == on_disk


# A path the manual names, under one of the project's folders; `<game>` and `*` match anything.
PATH = re.compile(
    r"(?<![\w./-])((?:pnp|simulate|tests|benchmarks|templates|docs)/[\w<>*./-]*[\w>*/])"
)
MODULE = re.compile(r"python3? -m ([\w.]+)")


@pytest.mark.parametrize("page", pages(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_path_and_module_named_exists(page: Path) -> None:
    markdown = text(page)
    missing = []
    for path in sorted(set(PATH.findall(markdown))):
        pattern = re.sub(r"<[^>]+>", "*", path.rstrip("/."))
        if not any(ROOT.glob(pattern)):
            missing.append(path)
    for span in code_spans(markdown):
        for module in MODULE.findall(span):
            if importlib.util.find_spec(module) is None:
                missing.append(f"python -m {module}")
    assert missing == [], f"{page.relative_to(ROOT)} names what does not exist"
