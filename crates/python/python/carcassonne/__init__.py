"""A complete, fast and faithful Carcassonne engine, for people who build game AI.

>>> import carcassonne
>>> game = carcassonne.Game(players=2, expansions=["inns-cathedrals"], seed=7)
>>> while not game.is_over:
...     game.apply_index(0)
>>> len(game.scores)
2

``Game`` is one game (legal actions as objects or indices, records, clones, determinized
copies, observations as numpy arrays); ``GameBatch`` steps many games at once on Rust threads;
``Bot`` is one of the engine's bots; ``simulate`` plays whole random games. The Gymnasium
environment is ``carcassonne.env.CarcassonneEnv`` and the PettingZoo one
``carcassonne.pettingzoo.env()``. The guide: docs/python.md in the repository.
"""

from carcassonne._engine import (
    DEFAULT_OTHER_SLOTS,
    DEFAULT_WINDOW,
    MAX_SEATS,
    PENDING_KINDS,
    PLANES,
    PLAYER_FIELDS,
    SCALARS,
    TILE_DESIGNS,
    TILE_FIELDS,
    Action,
    Bot,
    Event,
    Game,
    GameBatch,
    RecordError,
    RuleError,
    SetupError,
    bot_seed,
    expansions,
    simulate,
    variants,
)

# The twelve expansions of the annotated Big Box rules; with The River II's garden tiles they
# need the second edition's tiles (edition="second").
ALL_TWELVE = (
    "river",
    "river-2",
    "inns-cathedrals",
    "traders-builders",
    "king-robber",
    "count",
    "cathars",
    "abbot",
    "princess-dragon",
    "tower",
    "gq11",
    "abbey-mayor",
)

__all__ = [
    "ALL_TWELVE",
    "DEFAULT_OTHER_SLOTS",
    "DEFAULT_WINDOW",
    "MAX_SEATS",
    "PENDING_KINDS",
    "PLANES",
    "PLAYER_FIELDS",
    "SCALARS",
    "TILE_DESIGNS",
    "TILE_FIELDS",
    "Action",
    "Bot",
    "Event",
    "Game",
    "GameBatch",
    "RecordError",
    "RuleError",
    "SetupError",
    "bot_seed",
    "expansions",
    "simulate",
    "variants",
]
