"""Command-line conventions: --version, -h, help when called bare, shell completion from the
registry, accepted values in --help, and `pnp games` that never cuts a name at any width."""

from __future__ import annotations

import re
import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest
import shellingham
from rich.cells import cell_len

from pnp.cli import app
from pnp.commands.common import console
from pnp.commands.info import fitted_widths, own_options
from pnp.games import GAMES
from tests.support.cli import invoke, runner

ROOT = Path(__file__).resolve().parents[2]


def test_version_is_the_package_version() -> None:
    code, out, err = invoke("--version")
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert (code, out, err) == (0, f"pnp {version('pnp')}\n", "")
    assert version("pnp") == declared


@pytest.mark.parametrize(
    "command",
    [
        *([], ["games"], ["kit"], ["simulate"], ["balance"], ["perft"], ["demo"]),
        *(["platypus"], ["platypus", "longest"]),
    ],
    ids=lambda c: " ".join(c) or "pnp",
)
def test_h_is_the_same_as_help_everywhere(command: list[str]) -> None:
    short, long = invoke(*command, "-h"), invoke(*command, "--help")
    assert short == long
    assert short[0] == 0 and "Usage: " in short[1]


@pytest.mark.parametrize("command", [[], ["platypus"]], ids=["pnp", "pnp platypus"])
def test_called_bare_a_group_prints_its_help_and_no_error(command: list[str]) -> None:
    code, out, err = invoke(*command)
    assert code == 2  # click's exit code for a group called without a command
    assert "Usage: " in out and "Commands" in out
    assert err == ""


def complete(line: str) -> list[str]:
    """What bash completion offers for `line` (the word being typed is its last, maybe empty)."""
    words = line.split(" ")
    env = {
        "_PNP_COMPLETE": "complete_bash",
        "COMP_WORDS": line,
        "COMP_CWORD": str(len(words) - 1),
    }
    result = runner.invoke(app, [], env=env, prog_name="pnp")
    assert result.exit_code == 0, result.output
    return [word for word in result.stdout.splitlines() if word]  # nothing offered: one blank


ALL_VARIANTS = list(dict.fromkeys(v for g in GAMES.values() for v in g.info.variants))


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("pnp kit ", list(GAMES)),
        ("pnp simulate pa", ["paper-penguins"]),
        ("pnp perft amazon", ["amazons", "amazon-penguins"]),
        ("pnp kit wallaby --variant ", list(GAMES["wallaby"].info.variants)),
        ("pnp simulate amazon-penguins --seed 3 --variant h", ["hex"]),
        ("pnp kit --variant ", ALL_VARIANTS),
        ("pnp simulate amazons --agents ", ["random", "greedy", "lookahead", "mcts"]),
        ("pnp balance penguins --agents greedy,m", ["greedy,mcts"]),
        ("pnp kit amazons --fair --agents r", ["random"]),
        # Colour Diplomacy's seats order at once: lookahead cannot play it, so it is not offered
        ("pnp simulate colour-diplomacy --agents ", ["random", "greedy", "mcts"]),
        ("pnp balance colour-diplomacy --ladder random,l", []),
        ("pnp balance penguins --ladder ", ["default", "random", "greedy", "lookahead", "mcts"]),
        ("pnp simulate wallaby --ladder greedy,l", ["greedy,lookahead"]),
        ("pnp sweep colour-diplomacy --agents ", ["random", "greedy", "mcts"]),
    ],
)
def test_the_shell_completes_games_variants_and_agents(line: str, offered: list[str]) -> None:
    assert complete(line) == offered


@pytest.mark.parametrize(("shell", "script"), [("bash", "complete_bash"), ("zsh", "complete_zsh")])
def test_completion_can_be_installed_and_shown(
    shell: str, script: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--show-completion` is a flag: the script is for the shell found among the process's
    ancestors (shellingham), so the test names that shell rather than depend on what runs it
    (under `sh`, or a CI runner, it found another shell and the test failed)."""
    code, out, _ = invoke("--help")
    assert code == 0 and "--install-completion" in out and "--show-completion" in out
    monkeypatch.setattr(shellingham, "detect_shell", lambda: (shell, f"/bin/{shell}"))
    shown = runner.invoke(app, ["--show-completion"], prog_name="pnp")
    assert shown.exit_code == 0 and f"_PNP_COMPLETE={script}" in shown.stdout


def panel(help_text: str, title: str) -> str:
    """The text of one panel of typer's rich help (`Game options`, `Arguments`)."""
    start = help_text.index(f"─ {title} ")
    return help_text[start : help_text.index("╰", start)]


def test_help_names_the_games_and_the_values_of_game_options() -> None:
    code, out, _ = invoke("kit", "--help")
    assert code == 0
    arguments = " ".join(panel(out, "Arguments").replace("│", " ").split())
    assert ", ".join(list(GAMES)[:-1]) + " or " + list(GAMES)[-1] in arguments
    options = panel(out, "Game options")
    assert "<str>" not in options
    expected = {"--deal": "uniform|pack", "--size": "6|8|10|ROWSxCOLS", "--full-board": "no|yes"}
    for option, values in expected.items():
        (line,) = [line for line in options.splitlines() if f" {option} " in line]
        assert values in line, line


@pytest.mark.parametrize("width", [30, 40, 60, 80, 100, 140])
def test_games_never_cuts_a_name_users_type(width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(console, "width", width)
    code, out, _ = invoke("games")
    assert code == 0 and "…" not in out
    assert all(cell_len(line) <= width for line in out.splitlines())
    words = set(re.split(r"[\s│┃,;:]+", out))
    for name, game in GAMES.items():
        typed = [game.info.name, *game.info.variants, *(f"--{n}" for n in own_options(name))]
        assert set(typed) <= words, (typed, out)


def test_fitted_widths_narrow_the_widest_column_but_never_below_a_word() -> None:
    rows = [("name", "words"), ("colour-diplomacy", "standard, valley, children")]
    assert fitted_widths(rows, 100) == [16, 26]
    assert fitted_widths(rows, 16 + 3 + 20) == [16, 20]
    assert fitted_widths(rows, 16 + 3 + 9) == [16, 9]  # "standard," is the longest word
    assert fitted_widths(rows, 16 + 3 + 8) is None
