"""seats.csv, the long form of a run's games (issue 17, tidy data): one row per game and seat,
the same columns and the same pandas dtypes for every game, and the same games as games.csv."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from pnp.games import GAMES
from simulate.report.gamestable import SEATS_DTYPES
from tests.support.cli import invoke

# What every seats.csv reads as, whatever the game (written out here, not taken from the code).
EXPECTED = {
    "game": "int64", "setup_index": "int64", "setup": "string", "rotation": "int64",
    "seat": "int64", "agent": "string", "outcome": "string", "turns": "int64",
    "lead_changes": "Int64", "rank": "int64", "s": "float64", "points": "float64",
    "score": "float64",
}  # fmt: skip
# What plain `pd.read_csv` infers, whatever the game: the numbers that may be missing are floats.
INFERRED = {name: kind for name, kind in EXPECTED.items() if kind in ("int64", "float64")}

SMALL = {"amazons": ["--size", "6"], "colour-diplomacy": ["--players", "4"],
         "billabong": ["--players", "2"]}  # fmt: skip


def run(tmp_path: Path, game: str, *args: str) -> Path:
    code, _, err = invoke("simulate", game, "--games", "6", "--seed", "3", "--workers", "1",
                          "--out", str(tmp_path), *SMALL.get(game, []), *args)  # fmt: skip
    assert code == 0, err
    (folder,) = tmp_path.iterdir()
    return folder


@pytest.mark.parametrize("game", list(GAMES))
def test_seats_csv_reads_with_the_same_dtypes_for_every_game(tmp_path: Path, game: str) -> None:
    folder = run(tmp_path, game, "--paired", "--agents", "random")
    seats = pd.read_csv(folder / "seats.csv", dtype=SEATS_DTYPES)
    assert {name: str(kind) for name, kind in seats.dtypes.items()} == EXPECTED
    inferred = pd.read_csv(folder / "seats.csv")
    assert {name: str(inferred[name].dtype) for name in INFERRED} == INFERRED
    games = pd.read_csv(folder / "games.csv", dtype={"setup": "string"})
    players = sum(1 for column in games.columns if column.startswith("rank_"))
    assert len(seats) == len(games) * players
    assert list(seats["seat"]) == [s for _ in range(len(games)) for s in range(1, players + 1)]
    wide = seats.pivot(index="game", columns="seat")
    for seat in range(1, players + 1):
        assert list(wide[("rank", seat)]) == list(games[f"rank_{seat}"])
        assert list(wide[("agent", seat)]) == list(games[f"agent_{seat}"])
        assert np.allclose(wide[("score", seat)], games[f"score_{seat}"], equal_nan=True)
    for column in ("setup_index", "setup", "rotation", "turns", "outcome"):
        assert list(wide[(column, 1)]) == list(games[column]), column
    assert wide[("lead_changes", 1)].equals(games["lead_changes"].astype("Int64"))


def test_s_and_points_follow_the_ranks_and_are_empty_for_games_that_did_not_finish(
    tmp_path: Path,
) -> None:
    # random Billabong races do not end: undecided games beside none finished
    folder = run(tmp_path / "b", "billabong", "--agents", "random")
    seats = pd.read_csv(folder / "seats.csv", dtype=SEATS_DTYPES)
    assert set(seats["outcome"]) == {"undecided"}
    assert seats["s"].isna().all() and seats["points"].isna().all()
    folder = run(tmp_path / "p", "penguins", "--players", "3")
    seats = pd.read_csv(folder / "seats.csv", dtype=SEATS_DTYPES)
    for _, game in seats.groupby("game"):
        average = sps.rankdata(game["rank"], method="average")
        assert np.allclose(game["s"], 1 - (average - 1) / 2)
        first = game["rank"] == 1
        assert np.allclose(game["points"], np.where(first, 1 / first.sum(), 0.0))
    assert seats["lead_changes"].notna().all()
