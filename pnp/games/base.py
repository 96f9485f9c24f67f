"""The contract every game follows: metadata, options, setups, rule states and results.

Follows ../shared/RULES.md, "Common to all games": a setup is everything random that is fixed
before the first move; results give every player a score (where the game has scores) and a rank,
ties share the rank; a game that cannot end is reported as endless and a game stopped by the turn
cap as undecided, never silently as a draw.

The contract covers all eight games: sequential turns (one seat acts), simultaneous orders (all
seats in `to_act` act at once, Colour Diplomacy), games with no choices (one legal move, Platypus),
placement phases (placements are moves like any other), 2 to 10 players and passing (a game that
lets a player pass offers a pass move; it is never implied by an empty move list).
"""

from __future__ import annotations

import copy
from abc import ABC, abstractmethod
from collections.abc import Collection, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any, ClassVar, Generic, Self, TypeVar

import numpy as np

from pnp.errors import InputError, SetupError, one_of
from pnp.games.compiled import Compiled, Starts
from pnp.games.options import GameOptions, OptionJson
from pnp.games.seat import Seat as Seat
from pnp.games.setupdata import JsonObject, SetupData

#: The largest seed, the one limit of every seed (`--seed`, a setup file's `seed`): a run's
#: seeds and game numbers fit a signed 64-bit integer, and a kit or run folder named by a seed
#: stays short (19 digits) so any command can take it back as `--seed`.
MAX_SEED = 2**63 - 1


def check_seed(seed: int) -> int:
    """`seed`, or InputError naming the range of seeds."""
    if not 0 <= seed <= MAX_SEED:
        raise InputError("seed", seed, f"a whole number from 0 to {MAX_SEED:,}")
    return seed


Move = Hashable  # a game's own move value; `State.move_text` names it

MoveT = TypeVar("MoveT", bound=Hashable)
ValueT = TypeVar("ValueT", int, str)  # a players count or a variant name

FactValue = bool | int | float | str
# Facts about one played game that the balance summary reports beside the ranks: a value per game
# (whether the center was reached) or a tuple with one value per seat (each seat's starting ring).
Facts = Mapping[str, FactValue | tuple[FactValue, ...]]


class Outcome(StrEnum):
    FINISHED = "finished"  # ended by the rules
    ENDLESS = "endless"  # proven to repeat for ever
    UNDECIDED = "undecided"  # stopped by the simulator's turn cap


@dataclass(frozen=True)
class Result:
    """How a game ended: scores per seat (None for games without scores) and ranks (1 = best)."""

    scores: tuple[float, ...] | None
    ranks: tuple[int, ...]
    outcome: Outcome = Outcome.FINISHED
    facts: Facts = field(default_factory=dict)

    def winners(self) -> tuple[Seat, ...]:
        return tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)


def ranks_by(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranks by key (higher is better); equal keys share a rank: 1, 1, 3."""
    ordered = sorted(keys, reverse=True)
    return tuple(1 + ordered.index(key) for key in keys)  # the keys ahead of the first equal one


@dataclass(frozen=True)
class Compensation:
    """How points could be given to a seat at the table, for the balance verdict (simulate/komi.py).

    `method` "end": added to a score at the end, where the highest score wins (a komi for the
    second player); "start": given before play in a race to a goal (a head start, or a lower
    goal). `unit` names what a score counts; `hint` says how to give them with this game's parts.
    """

    method: str
    unit: str = "points"
    hint: str = ""


@dataclass(frozen=True)
class GameInfo:
    """What a game is, declared once per game module: the registry, CLI and runner read it."""

    name: str  # command line name, e.g. "paper-penguins"
    title: str  # printed name, e.g. "Paper Pen-guins"
    players: tuple[int, ...]  # allowed player counts
    default_players: int
    variants: tuple[str, ...] = ("standard",)
    options_type: type[GameOptions] = GameOptions  # the game's options record
    simultaneous: bool = False  # all seats in `to_act` order at once
    has_scores: bool = True
    # How points could even the seats (None: the scores are not points one could give).
    compensation: Compensation | None = Compensation("end")
    has_choices: bool = True  # False: a setup fixes the game (one legal move every turn)
    max_turns: int = 10_000  # the runner's guard; a game stopped there is undecided
    seat_names: tuple[str, ...] = ()  # e.g. ("square", "circle"); default "seat 1", ...
    random_play_ends: bool = True  # False: random moves rarely end a game within max_turns
    # Why random play misleads a balance verdict ("" when it does not).
    random_misleads: str = ""
    # The agent of every seat of a run not told its agents (`simulate`, `balance`, `sweep`, the
    # demo and `kit --fair`): the strongest rung of the ladder (shown to beat the rung below)
    # whose default balance (4,000 games) takes about six minutes or less on two cores; and why.
    agent: str = "greedy"
    agent_note: str = ""
    # The strength ladder `--ladder default` plays (weakest first) and why these rungs.
    ladder: tuple[str, ...] = ("random", "greedy", "mcts:200", "mcts:1000")
    ladder_note: str = ""
    rules: str = ""  # the RULES.md section the game follows
    # Every setup is the same start (Amazons): nothing is drawn, so runs speak of games from the
    # fixed start, never of random setups.
    fixed_start: bool = False
    # The data key under which one setup file lists several setups of a kit (Paper Pen-guins'
    # sheets), one item each; "" when a setup file holds one setup.
    listed: str = ""

    @property
    def default_variant(self) -> str:
        return self.variants[0]

    def seat_name(self, seat: Seat) -> str:
        return self.seat_names[seat] if seat < len(self.seat_names) else f"seat {seat + 1}"

    def resolve(
        self,
        players: int | None,
        variant: str | None,
        given: Mapping[str, str],
        others: Collection[str] = (),
    ) -> GameOptions:
        """Checked options from command line text: players, variant and the game's own options.

        `others` are option names the caller takes besides the game's (a kit's print options):
        InputError for an option in neither, or for a value the game does not accept.
        """
        known = {*self.options_type.names(), *others}
        for name in given:
            if name not in known:
                # each own option as a name in braces, so a front end words it as it words names
                own = one_of(f"{{{n}}}" for n in sorted(known)) if known else "none"
                template = "{field} does not apply to {game}; its own options: " + own
                raise InputError(name, "", template=template, game=self.name)
        players, variant = self.check_players(players), self.check_variant(variant)
        mine = {name: text for name, text in given.items() if name not in others}
        return self.options_type.given(mine, players=players, variant=variant)

    def read_options(
        self, document: Mapping[str, object]
    ) -> tuple[GameOptions, dict[str, OptionJson]]:
        """The options of a setup file, checked, and apart from them what the file records for
        the kit (its print options, as the file holds them)."""
        players = document.get("players", self.default_players)
        if not isinstance(players, int) or isinstance(players, bool):
            raise SetupError(f"options.players {players!r} is not a number")
        variant = str(document.get("variant", self.default_variant))
        options = self.options_type.from_json(
            document, players=self.check_players(players), variant=self.check_variant(variant)
        )
        mine = ("players", "variant", *self.options_type.names())
        kit = {k: v for k, v in document.items() if k not in mine and isinstance(v, int | str)}
        return options, kit

    def check_players(self, players: int | None) -> int:
        return self._checked("players", players, self.players, self.default_players)

    def check_variant(self, variant: str | None) -> str:
        return self._checked("variant", variant, self.variants, self.default_variant)

    def _checked(
        self, name: str, value: ValueT | None, valid: Sequence[ValueT], default: ValueT
    ) -> ValueT:
        """`value`, or `default` when it is not given; InputError naming `name` when it is not
        one of `valid`."""
        if value is None:
            return default
        if value not in valid:
            raise InputError(
                name, value, one_of(valid), game=self.name,
                template="{field} {value} is not valid for {game}: expected {accepted}",
            )  # fmt: skip
        return value


@dataclass(frozen=True)
class Setup:
    """Everything random fixed before the first move, as the JSON of `setup.json` holds it.

    `options` are the game's options record (e.g. `AmazonsOptions`; read it typed with
    `AmazonsOptions.of(setup.options)`). `data` is the game's own part (board, deal, ...): its
    record, a `SetupData` of the game's `data_type` (pnp/games/setupdata.py derives its JSON form
    and schema). `seed` is the seed the setup was drawn from, or None for a setup read from a
    board file. `fairness` is the evidence that the setup plays balanced, when `pnp kit --fair`
    found it. `kit_options` are the print options of the kit it was printed in (pnp/kits), as
    setup.json records them beside the game's; games and the simulator ignore them.
    """

    game: str
    seed: int | None
    options: GameOptions
    data: SetupData = field(default_factory=SetupData)
    fairness: Mapping[str, Any] | None = None
    kit_options: Mapping[str, OptionJson] = field(default_factory=dict)

    @property
    def players(self) -> int:
        return self.options.players

    @property
    def variant(self) -> str:
        return self.options.variant


class State(ABC, Generic[MoveT]):
    """A position under the rules, and the fixed set of questions the runner and agents ask.

    Sequential games: `to_act()` is one seat and `apply(move)` plays its move. Simultaneous
    games: `to_act()` is every seat that orders now and `apply_joint` resolves one order each.
    """

    players: int

    @abstractmethod
    def to_act(self) -> tuple[Seat, ...]:
        """The seats that choose now (empty once the game is over)."""

    @abstractmethod
    def legal_moves(self, seat: Seat) -> Sequence[MoveT]:
        """Every legal move of `seat` now; never empty while `seat` is to act."""

    def move_count(self, seat: Seat) -> int:
        """`len(self.legal_moves(seat))`; games with many moves count them without a list."""
        return len(self.legal_moves(seat))

    @abstractmethod
    def apply(self, move: MoveT) -> None:
        """Play the move of the one seat to act (sequential games)."""

    def apply_joint(self, moves: Sequence[MoveT]) -> None:
        """Resolve one move per seat of `to_act()`, in that order; sequential games take one."""
        if len(moves) != 1:
            raise ValueError("a sequential game takes exactly one move per turn")
        self.apply(moves[0])

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended by its rules (including a proven endless repetition)."""

    @abstractmethod
    def result(self) -> Result:
        """The result of a game that is over."""

    @abstractmethod
    def scores(self) -> tuple[float, ...] | None:
        """The running scores per seat, or None for a game without scores."""

    @abstractmethod
    def move_text(self, move: MoveT) -> str:
        """A move as players write it, e.g. `d4-f6`."""

    @abstractmethod
    def to_text(self) -> str:
        """The position as the game's tests write it; `Game.state_from_text` reads it back,
        together with the setup, to a position with the same moves, scores and text."""

    def clone(self) -> Self:
        """An independent copy; games with large immutable parts override this to share them."""
        return copy.deepcopy(self)

    def evaluate(self, seat: Seat) -> float:
        """How good the position is for `seat` (greedy agents): own score minus the best other."""
        scores = self.scores()
        if scores is None:
            return 0.0
        others = [s for i, s in enumerate(scores) if i != seat]
        return scores[seat] - (max(others) if others else 0.0)

    def move_value(self, seat: Seat, move: MoveT) -> float:
        """The value of a move for greedy agents: the evaluation right after it."""
        after = self.clone()
        after.apply(move)
        return after.evaluate(seat)

    def check_invariants(self) -> None:
        """Raise AssertionError if the position breaks one of the game's invariants (pieces and
        tiles conserved, scores equal to what was taken, ...). Property tests call it after every
        move of random games; games override it with their own invariants."""

    def compiled(self) -> Compiled | None:
        """This position for the game's compiled engine (pnp/games/compiled.py), which the
        compiled search plays instead of the `State`; None for a game without one."""
        return None

    def facts(self) -> Facts:
        """Facts about the game so far for the balance summary (see `Facts`); none by default."""
        return {}

    def undecided_result(self) -> Result:
        """The result when the runner's turn cap stops the game: everyone shares the rank."""
        return Result(self.scores(), (1,) * self.players, Outcome.UNDECIDED)


class TurnState(State[MoveT]):
    """A sequential game whose one seat to act is `turn`, until the game is `over`."""

    turn: Seat
    over: bool

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.over else (self.turn,)

    def is_over(self) -> bool:
        return self.over


StateT = TypeVar("StateT", bound=State[Any])


class Game(ABC, Generic[StateT]):
    """One game: its metadata, its random setups and its rules (through `new_state`)."""

    info: GameInfo
    format_version: int = 1  # of the game's setup.json data
    data_type: ClassVar[type[SetupData]] = SetupData  # the record of the game's setup data
    # What the record's types cannot say, merged into the derived JSON Schema: its description,
    # and what depends on the options (a board's rows for these players), see setupschema.py.
    schema_notes: ClassVar[JsonObject] = {}

    @abstractmethod
    def random_data(self, rng: np.random.Generator, options: GameOptions) -> SetupData:
        """The game's part of a random setup (board, deal, ...), drawn only from `rng`."""

    def check_data(self, data: SetupData, options: GameOptions) -> SetupData:
        """The game's part of a setup read from a file, which its schema accepted, checked for
        what no schema says (tile counts, a square in the lake); SetupError says what is wrong."""
        return data

    @abstractmethod
    def new_state(self, setup: Setup) -> StateT:
        """The starting position of a setup."""

    @abstractmethod
    def state_from_text(self, setup: Setup, text: str) -> StateT:
        """The position `text` writes (as `State.to_text` does) in a game of `setup`, which
        supplies what the text does not carry (tables, variant, ...). ValueError says what is
        wrong with the text."""

    def random_setup(self, seed: int, options: GameOptions) -> Setup:
        """The setup drawn from `seed`: the same seed and options give the same setup."""
        rng = np.random.default_rng(seed)
        return Setup(self.info.name, seed, options, self.random_data(rng, options))

    def compiled_starts(self, setups: Sequence[Setup]) -> Starts | None:
        """The start positions of `setups` for the game's compiled engine, made at once: row g
        is `new_state(setups[g]).compiled()`'s position and reads back to that `State`; None
        when the game does not make them so (or not for these setups), and the runner builds
        each `State` and its position."""
        return None

    def play_random_batch(
        self, games: Sequence[tuple[Setup, int]], max_turns: int
    ) -> list[tuple[Result, int]] | None:
        """Results and turns of many games (setup, game seed) played at once, array-at-a-time,
        with every seat choosing uniformly among its legal moves (the runner asks only then, or
        when the game has no choices); None when this game has no batch engine for them, and the
        runner plays them one by one through the State contract.

        A game's moves must depend only on its own setup and seed, never on the other games of
        the batch, so results do not depend on chunking or the number of workers.
        """
        return None

    def setup_label(self, setup: Setup) -> str:
        """How reports name a setup: its seed, unless the game gives it an id."""
        return "custom" if setup.seed is None else str(setup.seed)

    def player_names(self, setup: Setup) -> tuple[str, ...]:
        """Names of the setup's players in seat order (e.g. their colours); reports use them."""
        return tuple(self.info.seat_name(seat) for seat in range(setup.players))

    def rotated(self, setup: Setup, rotation: int) -> Setup:
        """`setup` with its seats turned by `rotation`: seat s now holds the setup's player
        (s + rotation) mod N, with whatever the setup binds to that player (a dealt table, a
        colour). The runner plays rotations in paired mode; by default a setup binds nothing."""
        return setup

    def check_setup(self, setup: Setup) -> Setup:
        """`setup` with its data checked against this game's rules and options."""
        return replace(setup, data=self.check_data(setup.data, setup.options))
