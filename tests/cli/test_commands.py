"""The command line through typer's CliRunner: outputs, reproducibility and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.cli.test_bad_input import check_refused_in_one_line
from tests.support.cli import invoke


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_games_lists_the_registered_games() -> None:
    code, out, _ = invoke("games")
    assert code == 0 and "paper-penguins" in out and "Paper Pen-guins" in out


def test_the_same_seed_gives_byte_identical_kit_files(tmp_path: Path) -> None:
    for folder in ("a", "b"):
        code, out, _ = invoke(
            "kit", "paper-penguins", "--seed", "7", "--out", str(tmp_path / folder)
        )
        assert code == 0
    first, second = files(tmp_path / "a"), files(tmp_path / "b")
    assert set(first) >= {"kit.pdf", "kit-p01.svg", "setup.json"}
    assert first == second
    printed = out.split()
    assert printed[0].endswith("paper-penguins-7/kit.pdf") and printed[-1].endswith("setup.json")


def test_letter_paper_gives_letter_pages(tmp_path: Path) -> None:
    invoke("kit", "paper-penguins", "--seed", "7", "--paper", "letter", "--out", str(tmp_path))
    reader = PdfReader(str(tmp_path / "paper-penguins-7" / "kit.pdf"))
    for page in reader.pages:
        assert round(float(page.mediabox.width) * 25.4 / 72, 1) == 215.9
        assert round(float(page.mediabox.height) * 25.4 / 72, 1) == 279.4


def test_a_kit_printed_from_its_setup_file_is_the_same_kit(tmp_path: Path) -> None:
    invoke("kit", "paper-penguins", "--seed", "9", "--sheets", "6", "--out", str(tmp_path / "a"))
    setup = tmp_path / "a" / "paper-penguins-9" / "setup.json"
    code, _, err = invoke(
        "kit", "paper-penguins", "--setup", str(setup), "--out", str(tmp_path / "b")
    )
    assert code == 0, err
    assert files(tmp_path / "a") == files(tmp_path / "b")


def test_the_rules_example_sheet_prints_and_simulates(tmp_path: Path, example_sheet: Path) -> None:
    code, _, err = invoke(
        "kit",
        "paper-penguins",
        "--board",
        str(example_sheet),
        "--seed",
        "1",
        "--sheets",
        "2",
        "--out",
        str(tmp_path),
    )
    assert code == 0, err
    setup = json.loads((tmp_path / "paper-penguins-1" / "setup.json").read_text())
    assert [s["rows"][0] for s in setup["sheets"]] == ["23232231", "23232231"]
    code, _out, err = invoke(
        "simulate",
        "paper-penguins",
        "--board",
        str(example_sheet),
        "--games",
        "20",
        "--seed",
        "2",
        "--workers",
        "1",
        "--out",
        str(tmp_path),
    )
    assert code == 0, err
    summary = json.loads((tmp_path / "paper-penguins-sim-2" / "summary.json").read_text())
    assert summary["games"] == 20 and summary["setups"] == 20


def summary_numbers(folder: Path) -> dict[str, object]:
    return dict(json.loads((folder / "summary.json").read_text()))


def test_simulation_numbers_do_not_depend_on_the_number_of_workers(tmp_path: Path) -> None:
    """400 games: chunks of 12 games for one worker and of 6 for two (simulate.studies.session
    `chunk_size`), so the two runs cut the games differently, in many chunks each."""
    for workers in ("1", "2"):
        code, out, err = invoke(
            "simulate",
            "paper-penguins",
            "--games",
            "400",
            "--agents",
            "greedy",  # any agent: the game's own (a search) would take 40 s a run
            "--seed",
            "1",
            "--workers",
            workers,
            "--out",
            str(tmp_path / workers),
        )
        assert code == 0, err
    one = summary_numbers(tmp_path / "1" / "paper-penguins-sim-1")
    two = summary_numbers(tmp_path / "2" / "paper-penguins-sim-1")
    assert one == two
    assert one["games"] == 400 and one["complete"] is True
    seats = one["seats"]
    assert isinstance(seats, list) and [s["seat"] for s in seats] == [1, 2]
    for key in ("game", "games", "agents", "seed", "seats", "outcomes", "turns"):
        assert key in one
    csv_one = (tmp_path / "1" / "paper-penguins-sim-1" / "games.csv").read_text()
    assert csv_one == (tmp_path / "2" / "paper-penguins-sim-1" / "games.csv").read_text()
    assert len(csv_one.splitlines()) == 401
    assert "win rate" in out


def test_a_simulation_without_a_seed_draws_and_records_one(tmp_path: Path) -> None:
    code, out, _ = invoke(
        "simulate", "paper-penguins", "--games", "10", "--workers", "1", "--out", str(tmp_path)
    )
    assert code == 0
    (folder,) = tmp_path.iterdir()
    seed = summary_numbers(folder)["seed"]
    assert folder.name == f"paper-penguins-sim-{seed}" and f"seed {seed}" in out


def test_paired_games_rotate_the_seats_over_each_setup(tmp_path: Path) -> None:
    code, _, err = invoke(
        "simulate",
        "paper-penguins",
        "--games",
        "40",
        "--paired",
        "--seed",
        "4",
        "--agents",
        "greedy,random",
        "--workers",
        "1",
        "--out",
        str(tmp_path),
    )
    assert code == 0, err
    rows = (tmp_path / "paper-penguins-sim-4" / "games.csv").read_text().splitlines()[1:]
    per_setup: dict[str, list[str]] = {}
    for row in rows:
        cells = row.split(",")
        per_setup.setdefault(cells[1], []).append(cells[5] + "/" + cells[6])
    assert len(per_setup) == 20
    assert all(sorted(v) == ["greedy/random", "random/greedy"] for v in per_setup.values())
    summary = summary_numbers(tmp_path / "paper-penguins-sim-4")
    agents = summary["agent_results"]
    assert isinstance(agents, dict) and agents["greedy"]["win_rate"] > agents["random"]["win_rate"]


def test_perft_prints_the_move_count() -> None:
    code, out, _ = invoke("perft", "paper-penguins", "--seed", "3", "--depth", "2")
    assert code == 0 and out.strip() == str(64 * 63)


def test_demo_writes_every_kit_and_a_balance_run(tmp_path: Path) -> None:
    code, out, err = invoke("demo", "--out", str(tmp_path), "--games", "4")
    assert code == 0, err
    assert (tmp_path / "paper-penguins-1" / "kit.pdf").is_file()
    assert (tmp_path / "paper-penguins-sim-1" / "summary.json").is_file()
    made, where, what_to_print, tables = out.splitlines()[-4:]
    assert made == "Made: 8 print-and-play kits and 8 balance runs of 4 games each (seed 1)."
    assert where.startswith(f"Where: {tmp_path}/, a <game>-1 folder per kit")
    assert what_to_print.startswith("Print: each kit.pdf at 100 % (actual size")
    assert tables.startswith("Balance tables: one row per seat")


BAD_INPUT = [
    (["kit", "nosuchgame"], "unknown game 'nosuchgame'; expected "),
    (
        ["kit", "paper-penguins", "--players", "99"],
        "--players 99 is not valid for paper-penguins: expected 2",
    ),
    (["kit", "paper-penguins", "--paper", "a3"], "--paper a3 is not valid: expected a4 or letter"),
    (
        ["kit", "paper-penguins", "--format", "png"],
        "--format png is not valid: expected pdf, svg, both or laser",
    ),
    (
        ["kit", "paper-penguins", "--seed", "-3"],
        "--seed -3 is not valid: expected a whole number from 0 to 9,223,372,036,854,775,807",
    ),
    (["kit", "paper-penguins", "--size", "3x3"], "--size 3x3 is not valid: expected ROWSxCOLS"),
    (
        ["kit", "paper-penguins", "--sheets", "0"],
        "--sheets 0 is not valid: expected a whole number from 1 to 500",
    ),
    (
        ["kit", "paper-penguins", "--variant", "hex"],
        "--variant hex is not valid for paper-penguins: expected standard",
    ),
    (
        ["kit", "paper-penguins", "--ink", "gold"],
        "--ink gold is not valid: expected color, saver or bw",
    ),
    (
        ["kit", "paper-penguins", "--duplex", "flip"],
        "--duplex flip is not valid: expected long, short",
    ),
    (["kit", "paper-penguins", "--back-offset", "1"], "--back-offset 1 is not valid: expected X,Y"),
    (["kit", "paper-penguins", "--bleed", "9"], "--bleed 9 is not valid: expected 0 to 5 (mm)"),
    (["kit", "paper-penguins", "--cut-colour", "red"], "--cut-colour red is not valid"),
    (["simulate", "paper-penguins", "--games", "0"], "--games 0 is not valid"),
    (["simulate", "paper-penguins", "--workers", "0"], "--workers 0 is not valid"),
    (
        ["simulate", "paper-penguins", "--agents", "wizard"],
        "unknown agent 'wizard'; expected random, greedy, lookahead or mcts",
    ),
    (
        ["simulate", "paper-penguins", "--agents", "random,random,random"],
        "give one agent for every seat or exactly 2",
    ),
    (["perft", "paper-penguins", "--depth", "-1"], "--depth -1 is not valid"),
]


@pytest.mark.parametrize(
    ("args", "message"), BAD_INPUT, ids=lambda v: " ".join(v) if isinstance(v, list) else ""
)
def test_bad_input_gets_one_line_exit_2_and_writes_nothing(
    tmp_path: Path, args: list[str], message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    check_refused_in_one_line(tmp_path, (args, None, message), monkeypatch)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "the file is empty"),
        ('{"game": "paper-penguins"', "not valid JSON"),
        ("[1, 2]", "expected a JSON object"),
        (
            '{"game": "chess", "format_version": 1, "seed": 1, "options": {}}',
            "unknown game 'chess'",
        ),
        (
            '{"game": "paper-penguins", "format_version": 9, "seed": 1, "options": {},'
            ' "sheets": []}',
            "format_version 9 is newer",
        ),
        (
            '{"game": "paper-penguins", "format_version": 1, "seed": 1, "options": {},'
            ' "sheets": []}',
            "sheets: 0 items; expected 1 to 500",
        ),
        (
            '{"game": "paper-penguins", "format_version": 1, "seed": 1, "options": {"players": 3},'
            ' "sheets": [{"id": "s1", "rows": ["1111", "1111", "1111", "1111"]}]}',
            "options.players: 3 is not valid: expected 2",
        ),
        (
            '{"game": "paper-penguins", "format_version": 1, "seed": 1, "options": {"size": "4x4"},'
            ' "sheets": [{"id": "s1", "rows": ["1111", "1151", "1111", "1111"]}]}',
            "sheets[0].rows[1]: '1151' is not valid: expected 4 to 20 digits 1-3",
        ),
    ],
)
def test_a_broken_setup_file_is_refused_in_one_line(
    tmp_path: Path, content: str, message: str
) -> None:
    setup = tmp_path / "setup.json"
    setup.write_text(content)
    out = tmp_path / "out"
    code, _, stderr = invoke("kit", "paper-penguins", "--setup", str(setup), "--out", str(out))
    assert code == 2 and len(stderr.strip().splitlines()) == 1 and message in stderr, stderr
    assert not out.exists()


def test_an_output_path_that_is_a_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "taken"
    target.write_text("x")
    code, _, stderr = invoke("kit", "paper-penguins", "--seed", "1", "--out", str(target))
    assert code == 2 and "is a file; expected a folder" in stderr
    assert target.read_text() == "x"


def test_setup_excludes_the_options_it_fixes(tmp_path: Path) -> None:
    invoke("kit", "paper-penguins", "--seed", "5", "--out", str(tmp_path))
    setup = tmp_path / "paper-penguins-5" / "setup.json"
    code, _, stderr = invoke("kit", "paper-penguins", "--setup", str(setup), "--seed", "6")
    assert code == 2 and "--setup fixes the setup; leave out --seed" in stderr


def test_a_laser_kit_with_a_test_page(tmp_path: Path) -> None:
    code, _out, err = invoke(
        "kit",
        "paper-penguins",
        "--seed",
        "2",
        "--format",
        "laser",
        "--test-page",
        "--out",
        str(tmp_path),
    )
    assert code == 0, err
    names = sorted(p.name for p in (tmp_path / "paper-penguins-2").iterdir())
    # the cover and the calibration pages have nothing to cut: they print as plain pages; the
    # sheets (written on with pens) and the rules handout are cut with scissors, on paper too:
    # the whole kit is kit-paper.pdf, nothing is lasered
    assert names == ["kit-p01.svg", "kit-p02.svg", "kit-p03.svg", "kit-p04.svg", "kit-p05.svg",
                     "kit-p06.svg", "kit-paper.pdf", "setup.json"]  # fmt: skip
    assert "kit.pdf" not in names
