"""games.csv and seats.csv from the rows the workers write as they play
(simulate/report/gamestable.py, `TableSpool`, issue 19): the bytes that reading results.jsonl back
gives, for every game, with one worker or two; and the read-back itself whenever the rows cannot be
the tables (a resumed run, fact columns that differ between chunks, chunks out of game order)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

import pnp.output
from pnp.games import GAMES, get_game
from pnp.games.base import Outcome
from simulate.measure.tally import measures_of
from simulate.report.gamestable import TableSpool, chunk_rows, write_game_tables
from simulate.run.executors import BaseExecutor, Finish
from simulate.run.records import record_data, record_from
from simulate.run.runner import GameRecord, IndexSet, RunPlan
from simulate.studies import session
from simulate.studies.session import fact_kinds
from tests.support.cli import invoke

T = TypeVar("T")
# Three setups of 8 games each; a Platypus deal has no choices: its games are deals in both seat
# orders (and their deals.csv is read back too).
RUN = {"amazons": ["--size", "6", "--setups", "3"], "billabong": ["--players", "2", "--setups",
       "3"], "platypus": ["--match"]}  # fmt: skip


def read_back(folder: Path, players: int) -> tuple[bytes, bytes]:
    """games.csv and seats.csv as `write_game_tables` writes them from the folder's results."""
    lines = (folder / "results.jsonl").read_bytes().splitlines()[1:]
    records = sorted((record_from(json.loads(line)) for line in lines), key=lambda r: r.index)
    played = IndexSet()
    played.update([record.index for record in records])
    out = folder.parent / f"{folder.name}-read-back"
    out.mkdir()
    kinds = fact_kinds(measures_of(records, players))
    games, seats = write_game_tables(out, folder / "results.jsonl", played, kinds, players)
    return games.read_bytes(), seats.read_bytes()


def players_of(folder: Path) -> int:
    header = (folder / "games.csv").read_text().splitlines()[0].split(",")
    return sum(1 for column in header if column.startswith("rank_"))


def tables(folder: Path) -> tuple[bytes, bytes]:
    return (folder / "games.csv").read_bytes(), (folder / "seats.csv").read_bytes()


def no_read_back(*_: object) -> list[Path]:
    raise AssertionError("the tables were read back from results.jsonl")


def leftovers(folder: Path) -> list[str]:
    return sorted(path.name for path in folder.iterdir() if path.name.startswith("."))


@pytest.mark.parametrize("game", list(GAMES))
def test_the_rows_the_worker_writes_are_the_tables_results_jsonl_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    monkeypatch.setattr(session, "write_game_tables", no_read_back)
    code, _, err = invoke("simulate", game, "--games", "24", "--seed", "5", "--agents", "random",
                          "--workers", "1", "--out", str(tmp_path),
                          *RUN.get(game, ["--setups", "3"]))  # fmt: skip
    assert code == 0, err
    (folder,) = tmp_path.iterdir()
    monkeypatch.undo()
    assert tables(folder) == read_back(folder, players_of(folder))
    assert leftovers(folder) == []


def test_two_workers_write_the_tables_results_jsonl_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Colour Diplomacy has game facts and seat facts; the chunks come from two processes."""
    monkeypatch.setattr(session, "write_game_tables", no_read_back)
    code, _, err = invoke("simulate", "colour-diplomacy", "--games", "300", "--seed", "2",
                          "--agents", "random", "--workers", "2",
                          "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    (folder,) = tmp_path.iterdir()
    monkeypatch.undo()
    header = (folder / "games.csv").read_text().splitlines()[0]
    assert ",center_reached," in header and ",start_ring_6\n" in header + "\n"
    assert tables(folder) == read_back(folder, players_of(folder))
    assert leftovers(folder) == []


def test_a_resumed_run_reads_its_tables_back_and_gives_the_whole_run_s(tmp_path: Path) -> None:
    args = ["simulate", "colour-diplomacy", "--games", "30", "--seed", "8", "--agents",
            "random", "--workers", "1"]  # fmt: skip
    code, _, err = invoke(*args, "--out", str(tmp_path / "whole"))
    assert code == 0, err
    (whole,) = (tmp_path / "whole").iterdir()
    part = tmp_path / "part" / whole.name
    part.mkdir(parents=True)
    lines = (whole / "results.jsonl").read_bytes().splitlines(keepends=True)
    (part / "results.jsonl").write_bytes(b"".join(lines[:12]))  # the plan and 11 games
    code, out, err = invoke(*args, "--out", str(tmp_path / "part"), "--resume")
    assert code == 0, err
    assert "resuming: 11 of 30" in out
    assert tables(part) == tables(whole)
    assert leftovers(part) == []


def made_up(index: int, plan: RunPlan, facts: dict[str, Any]) -> GameRecord:
    place = plan.place(index)
    ranks = ((1, 2), (2, 1), (1, 1))[index % 3]
    return GameRecord(index, place.setup_index, str(place.setup_index), index, place.rotation,
                      plan.agents, (float(index % 5), 2.0), ranks, 9 + index % 4,
                      Outcome.FINISHED, facts=facts)  # fmt: skip


class FactInSomeChunks(BaseExecutor):
    """Made-up games in chunks of 10; the games of every other chunk have a fact the rest lack,
    so those chunks' rows have a fact column the others' have not."""

    def play(self, plan: RunPlan, chunks: Iterable[list[int]], finish: Finish[T]) -> Iterator[T]:
        for number, chunk in enumerate(chunks):
            facts: dict[str, Any] = {"bonus": True, "laps": (1, 2)} if number % 2 else {}
            yield finish(plan, [made_up(index, plan, facts) for index in chunk])


def test_chunks_whose_fact_columns_differ_are_read_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(session, "make_executor", lambda *_: FactInSomeChunks())
    monkeypatch.setattr(session, "chunk_size", lambda *_: 10)
    read_backs = []

    def counted(*args: Any) -> list[Path]:
        read_backs.append(1)
        return write_game_tables(*args)

    monkeypatch.setattr(session, "write_game_tables", counted)
    code, _, err = invoke("simulate", "paper-penguins", "--games", "40", "--seed", "1",
                          "--workers", "1", "--out", str(tmp_path))  # fmt: skip
    assert code == 0, err
    (folder,) = tmp_path.iterdir()
    assert read_backs == [1]
    header = (folder / "games.csv").read_text().splitlines()[0]
    assert header.endswith(",bonus,laps_1,laps_2")
    assert tables(folder) == read_back(folder, 2)
    assert leftovers(folder) == []


def spool_plan() -> RunPlan:
    options = get_game("paper-penguins").info.resolve(None, None, {})
    return RunPlan("paper-penguins", options, ("random", "random"), 1, 40, random_setups=40)


def rows_of(plan: RunPlan, games: range) -> Any:
    return chunk_rows([record_data(made_up(index, plan, {})) for index in games], 2)


def test_chunks_out_of_game_order_leave_the_tables_to_the_read_back(tmp_path: Path) -> None:
    plan = spool_plan()
    spool = TableSpool(tmp_path, 2)
    spool.add(rows_of(plan, range(10, 20)), range(10, 20))
    assert len(leftovers(tmp_path)) == 2
    spool.add(rows_of(plan, range(10)), range(10))
    played = IndexSet()
    played.update(range(20))
    assert spool.write({}, played) is None
    assert list(tmp_path.iterdir()) == []


def test_rows_of_other_games_than_those_played_are_not_the_tables(tmp_path: Path) -> None:
    plan = spool_plan()
    spool = TableSpool(tmp_path, 2)
    spool.add(rows_of(plan, range(10)), range(10))
    played = IndexSet()
    played.update(range(20))
    assert spool.write({}, played) is None
    played = IndexSet()
    played.update(range(10))
    assert spool.write({"bonus": "game"}, played) is None, "other fact columns"
    paths = spool.write({}, played)
    assert paths == [tmp_path / "games.csv", tmp_path / "seats.csv"]
    spool.discard()
    assert leftovers(tmp_path) == []
    assert len((tmp_path / "games.csv").read_text().splitlines()) == 11


def test_what_a_killed_run_s_rows_leave_is_removed_by_the_next_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plan = spool_plan()
    spool = TableSpool(tmp_path, 2)
    spool.add(rows_of(plan, range(10)), range(10))
    left = leftovers(tmp_path)  # as a killed run leaves them
    assert len(left) == 2
    monkeypatch.setattr(pnp.output, "process_gone", lambda pid: True)
    removed = pnp.output.remove_stale_temporaries(tmp_path)
    assert sorted(path.name for path in removed) == left
    assert leftovers(tmp_path) == []
    spool.discard()
