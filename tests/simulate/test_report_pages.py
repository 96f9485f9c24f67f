"""report.pdf and the terminal as the user meets them: the one-page verdict
(simulate/report/verdict.py) first in report.pdf, last in the terminal and in summary.json; the
header in the user's words; no empty chart; Platypus by deal (each test here failed before the
verdict was built)."""

from __future__ import annotations

import json
from pathlib import Path

import pypdf
import pytest

from pnp.games import get_game
from simulate.measure.inference import wilson
from tests.support.cli import invoke


def _pages(folder: Path) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(folder / "report.pdf").pages]


@pytest.fixture(scope="module")
def amazons(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("amazons")
    args = ("--size", "6", "--setups", "3", "--games-per-setup", "4", "--seed", "2", "--workers",
            "1")  # fmt: skip
    code, stdout, stderr = invoke("balance", "amazons", *args, "--out", str(out))
    assert code == 0, stderr
    return out / "amazons-balance-2", stdout


def test_the_verdict_is_the_first_page_and_the_last_lines(amazons: tuple[Path, str]) -> None:
    folder, stdout = amazons
    first = _pages(folder)[0]
    assert first.startswith("Verdict: Amazons")
    agent = get_game("amazons").info.agent  # a run not told its agents plays the game's own
    for words in ("size 6", agent, "first-seat advantage", "not settled", "caveat"):
        assert words in first.lower(), words
    # with one agent level the verdict says it cannot tell what stronger play does
    assert "not known whether stronger play changes" in " ".join(first.split())
    tail = stdout[stdout.index("Verdict: Amazons") :]
    assert "summary.json" not in tail.split("caveat")[0]  # the verdict comes after the paths
    verdict = json.loads((folder / "summary.json").read_text())["verdict"]
    assert verdict["options"] == "players 2, variant standard, size 6"
    # Amazons' start is fixed: its games are not "on 12 random setups", "each on its own"
    assert verdict["played"] == "12 games from the fixed start, seats rotated, seed 2"
    assert "from the fixed start (the same start every game" in verdict["caveat"]
    assert "random setup" not in verdict["caveat"] and "12 games from the fixed start" in stdout
    assert verdict["levels"][0]["agents"] == f"{agent} in every seat"
    # the game's default agent in the caveat, which speaks of this run only: no figure measured
    # on another board (GameInfo.agent_note speaks of 10 x 10)
    assert f"{agent} is the default agent of Amazons: the strongest rung" in verdict["caveat"]
    assert "10 x 10" not in verdict["caveat"] and "10 x 10" not in first
    assert verdict["settled"] is None and verdict["setups"]["judged"] == 3
    # and what would settle it: the game's ladder, named
    assert verdict["settled_text"].endswith("`pnp balance amazons` with these options and no "
                                            "counts climbs its ladder, random, greedy and "
                                            "lookahead, each against "
                                            "the one below, on a time budget and reads whether "
                                            "it does")  # fmt: skip


def test_the_header_names_every_option_and_prints_no_python_value(
    amazons: tuple[Path, str],
) -> None:
    folder, _ = amazons
    pages = _pages(folder)
    header = next(page for page in pages if "balance report" in page)
    assert "size 6" in header and "seats rotated" in header
    for page in pages:
        for word in ("True", "False", "None", "paired"):
            assert word not in page.split(), (word, page[:200])


def test_no_chart_of_a_measure_the_game_does_not_have(amazons: tuple[Path, str]) -> None:
    """Amazons has no scores: no score-margin chart, no empty chart."""
    folder, _ = amazons
    text = " ".join(_pages(folder))
    assert "no finished games with this measure" not in text
    assert "Score margin" not in text
    assert not (folder / "charts" / "margin.png").exists()


def test_platypus_report_takes_the_deal_as_the_unit(tmp_path: Path) -> None:
    code, stdout, stderr = invoke("balance", "platypus", "--setups", "30", "--seed", "5",
                                  "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, stderr
    folder = tmp_path / "platypus-balance-5"
    summary = json.loads((folder / "summary.json").read_text())
    deals = summary["deals"]
    pages = _pages(folder)
    text = "\n".join(pages)
    assert "Win rate per seat" not in text and "Seat advantage" not in text  # per-game charts
    assert "wins   draws  losses" not in text
    assert "per deal" in text and "30 deals" in pages[0]
    both = deals["both_end"]
    low, high = wilson(both["count"], 30)
    assert f"{100 * both['rate']:.1f}% [{100 * low:.1f}%-{100 * high:.1f}%]" in pages[0]
    assert (folder / "charts" / "deals.png").exists()
    assert not (folder / "charts" / "seats.png").exists()
    assert "agents none: a deal leaves no choices" in pages[0] and "greedy" not in text
    assert "Verdict: Platypus" in stdout


def test_a_ladder_has_a_verdict_with_every_level(tmp_path: Path) -> None:
    code, stdout, stderr = invoke("balance", "amazons", "--size", "6", "--setups", "2",
                                  "--games-per-setup", "2", "--seed", "4", "--workers", "1",
                                  "--out", str(tmp_path),
                                  "--ladder", "random,greedy")  # fmt: skip
    assert code == 0, stderr
    folder = tmp_path / "amazons-balance-4"
    first = " ".join(_pages(folder)[0].split())
    assert first.startswith("Verdict: Amazons")
    assert "random in every seat:" in first and "greedy in every seat:" in first
    assert "against greedy" not in first and "against random" in first
    assert "settled under greedy" in first  # the ladder's reading, as ladder.json has it
    verdict = json.loads((folder / "ladder.json").read_text())["verdict"]
    assert [level["agents"] for level in verdict["levels"]] == [
        "random in every seat",
        "greedy in every seat",
    ]
    document = json.loads((folder / "ladder.json").read_text())
    assert verdict["settled"] is document["reading"]["settled"]
    tail = stdout[stdout.rindex("Verdict: Amazons") :]
    assert "caveat: " in tail and "report.pdf" not in tail


def test_a_run_with_no_finished_game_draws_no_seat_chart_and_claims_no_advantage(
    tmp_path: Path,
) -> None:
    """Random Billabong races never end (helper audit, 2026-11-28): the report drew a seat chart
    of empty bars with [0, 1] whiskers, and the verdict printed -0.500 [-0.500, +0.500] as if a
    first seat that lost every game had been measured."""
    code, stdout, stderr = invoke("simulate", "billabong", "--games", "4", "--agents",
                                  "random", "--seed", "1", "--workers", "1", "--out",
                                  str(tmp_path))  # fmt: skip
    assert code == 0, stderr
    folder = tmp_path / "billabong-sim-1"
    summary = json.loads((folder / "summary.json").read_text())
    assert not (folder / "charts" / "seats.png").exists()
    first = " ".join(_pages(folder)[0].split())
    assert "-0.500" not in first and "-0.500" not in stdout
    assert "random in every seat: no finished game, so no advantage measured, undetermined" in first
    (level,) = summary["verdict"]["levels"]
    assert level["first_seat"]["mean_s"] is None and level["first_seat"]["ci95"] is None


def test_agents_rotated_over_the_seats_are_not_named_as_sitting_in_one(tmp_path: Path) -> None:
    """A paired run of two agents (as every ladder head-to-head is) rotates them over the seats:
    games.csv has greedy as light in one game and as dark in the next. The verdict named them
    "light greedy, dark random" (helper audit, 2026-11-28) and did not say how each agent did."""
    code, stdout, stderr = invoke("simulate", "amazons", "--size", "6", "--agents",
                                  "greedy,random", "--games", "8", "--paired", "--seed", "2",
                                  "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, stderr
    folder = tmp_path / "amazons-sim-2"
    first = " ".join(_pages(folder)[0].split())
    assert "light greedy" not in first and "light greedy" not in stdout
    assert "greedy and random, rotated over the seats:" in first
    agents = json.loads((folder / "summary.json").read_text())["agent_results"]
    greedy = agents["greedy"]
    low, high = greedy["points_ci95"]
    said = (f"agents against each other (points share, 95% interval): greedy "
            f"{greedy['points_share']:.3f} [{low:.3f}, {high:.3f}] ({greedy['wins']}-"
            f"{greedy['draws']}-{greedy['losses']})")  # fmt: skip
    assert said in first and said in stdout
    # agents fixed to their seats (not paired) are named by seat
    code, stdout, stderr = invoke("simulate", "amazons", "--size", "6", "--agents",
                                  "greedy,random", "--games", "4", "--seed", "2", "--workers",
                                  "1", "--out", str(tmp_path / "fixed"))  # fmt: skip
    assert code == 0, stderr
    assert "light greedy, dark random:" in stdout


def test_the_verdict_page_is_typeset_in_a_proportional_face_under_headings(
    amazons: tuple[Path, str],
) -> None:
    """report.pdf's first page was monospace text; it reads as a page: a proportional face,
    bold headings in the verdict's order, and the terms said in words under it."""
    folder, _ = amazons
    page = pypdf.PdfReader(folder / "report.pdf").pages[0]
    fonts: set[str] = set()

    def seen(text: str, cm: object, tm: object, font: dict[str, object] | None,
             size: float) -> None:  # fmt: skip
        if font is not None and text.strip():
            fonts.add(str(font.get("/BaseFont")))

    text = page.extract_text(visitor_text=seen)
    assert any("DejaVuSans-Bold" in font for font in fonts), fonts
    assert not any("Mono" in font for font in fonts), fonts
    headings = ["First-seat advantage", "Compensation", "Setups", "Caveat", "The words"]
    assert [text.index(f"\n{heading}\n") for heading in headings] == sorted(
        text.index(f"\n{heading}\n") for heading in headings
    )
    assert "mean s a seat's average result per game" in " ".join(text.split())
