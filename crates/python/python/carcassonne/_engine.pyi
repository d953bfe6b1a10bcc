"""Type stubs of the native module (crates/python/src). docs/python.md is the guide."""

from typing import Any, Mapping, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

PLANES: list[str]
"""Names of the board planes, in order (``observe()["board"][k]``)."""
PLAYER_FIELDS: list[str]
"""Columns of ``observe()["players"]``; rows are seats from the viewer on."""
TILE_FIELDS: list[str]
"""Fields of ``observe()["tile"]``: the tile to place, unturned."""
SCALARS: list[str]
"""Fields of ``observe()["scalars"]``."""
PENDING_KINDS: list[str]
"""The kinds of decision a game waits for (``Game.pending``)."""
TILE_DESIGNS: list[str]
"""Tile design ids, indexed by ``observe()["tiles_left"]`` and the ``tile`` scalar."""
MAX_SEATS: int
DEFAULT_WINDOW: int
DEFAULT_OTHER_SLOTS: int

class RuleError(ValueError):
    """An action the rules do not allow, or one that names no legal action; the game is unchanged."""

class SetupError(ValueError):
    """Choices that do not make a game (rules, players, expansions, variants, bot names)."""

class RecordError(ValueError):
    """A game record that cannot be read or replayed (the message names the action's index)."""

Observation = dict[str, npt.NDArray[Any]]
ActionLike = Union["Action", int, str, Mapping[str, Any]]

class Action:
    """One legal action of a position."""

    @property
    def index(self) -> int:
        """Its position in ``Game.legal_actions()``."""
    @property
    def id(self) -> Optional[int]:
        """Its id in the action space (``None`` past the last of the other slots)."""
    @property
    def player(self) -> Optional[int]:
        """The seat taking it."""
    @property
    def kind(self) -> str:
        """The record's name: ``place``, ``deploy``, ``pass``, ``move-dragon``, ..."""
    @property
    def json(self) -> str:
        """The record form, as JSON text."""
    @property
    def data(self) -> dict[str, Any]:
        """The record form, as a dict."""

class Event:
    """Something that happened."""

    @property
    def kind(self) -> str:
        """``tile-placed``, ``scored``, ``figure-returned``, ..."""
    @property
    def text(self) -> str:
        """Every field of the event."""
    @property
    def score_changes(self) -> list[tuple[int, int]]:
        """``[(seat, points)]``: what the event did to the scores."""

class Game:
    """One game. The choices are the command line's: ``rules`` (``hig-big-box``, ``hig``,
    ``rgg``, ``rgg-big-box``), ``edition`` (``first``, ``second``), ``expansions`` (names of
    ``expansions()``), ``variants`` (``{name: value}``, see ``variants()``)."""

    def __init__(
        self,
        players: int = 2,
        *,
        expansions: Sequence[str] = (),
        rules: str = "hig-big-box",
        edition: Optional[str] = None,
        variants: Optional[Mapping[str, Union[str, bool, int]]] = None,
        seed: int = 0,
        colors: Optional[Sequence[str]] = None,
        window: int = 33,
        other_slots: int = 4096,
        record: bool = True,
    ) -> None: ...
    @staticmethod
    def from_record(text: str, *, window: int = 33, other_slots: int = 4096) -> "Game":
        """The game a record describes, every action replayed."""
    def record_json(self) -> str:
        """The record, as ``carcassonne simulate --record-out`` writes it."""
    @property
    def rules_json(self) -> str: ...
    @property
    def pending(self) -> str:
        """One of ``PENDING_KINDS``."""
    @property
    def player(self) -> Optional[int]:
        """The seat to decide (``None`` once the game is over)."""
    @property
    def is_over(self) -> bool: ...
    @property
    def scores(self) -> list[int]: ...
    @property
    def colors(self) -> list[str]: ...
    @property
    def num_players(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def tiles_left(self) -> int: ...
    @property
    def tile(self) -> Optional[str]:
        """The design id of the tile to place, if a placement is pending."""
    def supplies(self) -> list[dict[str, int]]: ...
    def legal_actions(self) -> list[Action]: ...
    def legal_action_count(self) -> int: ...
    def legal_action(self, index: int) -> Action: ...
    def check(self, action: ActionLike) -> None:
        """Raises ``RuleError`` if the action may not be applied now."""
    def apply(self, action: ActionLike) -> list[Event]:
        """Applies an ``Action``, an index, or a record action (dict or JSON)."""
    def apply_index(self, index: int) -> None: ...
    def apply_id(self, id: int) -> None: ...
    def action_from_id(self, id: int) -> Action: ...
    def events(self) -> list[Event]:
        """The events of the last action applied."""
    def clone(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: Any) -> "Game": ...
    def determinize(self, player: int, seed: int) -> "Game":
        """A copy with the tiles hidden from ``player`` reshuffled (no record)."""
    def observe(self, player: Optional[int] = None) -> Observation:
        """``board``, ``players``, ``tile``, ``tiles_left``, ``action_mask``, ``scalars``."""
    def action_mask(self) -> npt.NDArray[np.bool_]: ...
    @property
    def action_space_size(self) -> int: ...
    @property
    def window(self) -> int: ...
    @property
    def other_slots(self) -> int: ...

class GameBatch:
    """``n`` games stepped together on Rust threads; game ``i`` dealt with ``seed + i``."""

    def __init__(
        self,
        n: int,
        players: int = 2,
        *,
        expansions: Sequence[str] = (),
        rules: str = "hig-big-box",
        edition: Optional[str] = None,
        variants: Optional[Mapping[str, Union[str, bool, int]]] = None,
        seed: int = 0,
        colors: Optional[Sequence[str]] = None,
        window: int = 33,
        other_slots: int = 4096,
        record: bool = True,
    ) -> None: ...
    def __len__(self) -> int: ...
    def game(self, i: int) -> Game: ...
    def seeds(self) -> npt.NDArray[np.uint64]: ...
    def legal_counts(self) -> npt.NDArray[np.int64]: ...
    def players(self) -> npt.NDArray[np.int64]: ...
    def is_over(self) -> npt.NDArray[np.bool_]: ...
    def scores(self) -> npt.NDArray[np.int64]: ...
    def step(self, indices: npt.NDArray[np.int64]) -> None: ...
    def step_ids(self, ids: npt.NDArray[np.int64]) -> None: ...
    def step_bot(self, name: str, seed: int = 0) -> None: ...
    def observe(self) -> Observation: ...
    def reset(self, i: int, seed: Optional[int] = None) -> None: ...
    def reset_finished(self) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]: ...

class Bot:
    """A bot by its command-line name: ``random``, ``greedy``, ``mcts:hard``, ``mcts:time=0.42``..."""

    def __init__(self, name: str = "greedy", seed: int = 0) -> None: ...
    @property
    def name(self) -> str: ...
    def choose(self, game: Game) -> Action: ...
    def play(self, game: Game) -> list[Event]: ...

def bot_seed(game_seed: int, seat: int) -> int:
    """The seed the command line gives the bot of ``seat`` in the game dealt with ``game_seed``."""

def expansions() -> list[str]: ...
def variants() -> dict[str, tuple[list[str], str, str]]: ...
def simulate(
    games: int,
    players: int = 2,
    *,
    expansions: Sequence[str] = (),
    rules: str = "hig-big-box",
    edition: Optional[str] = None,
    variants: Optional[Mapping[str, Union[str, bool, int]]] = None,
    seed: int = 0,
) -> npt.NDArray[np.int64]:
    """Whole random games on Rust threads, seeded as ``carcassonne simulate``; the final scores."""
