"""Shared helpers: the command-line binary (for records byte for byte) and random play."""

from __future__ import annotations

import os
import pathlib
import subprocess

import pytest

import carcassonne

ROOT = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def cli() -> pathlib.Path:
    """The `carcassonne` binary that scripts/python-test.sh built (or `CARCASSONNE_BIN`)."""
    path = pathlib.Path(os.environ.get("CARCASSONNE_BIN", ROOT / "target" / "release" / "carcassonne"))
    if not path.exists():
        subprocess.run(["cargo", "build", "--release", "--bin", "carcassonne"], cwd=ROOT, check=True)
    return path


def play_random(game: carcassonne.Game, seed: int) -> None:
    """Plays the game to its end with the engine's random bots, seeded as the CLI seeds them."""
    bots = [carcassonne.Bot("random", carcassonne.bot_seed(seed, s)) for s in range(game.num_players)]
    while not game.is_over:
        bots[game.player].play(game)


# Rules to play: the base game, a few expansions alone, all twelve with variants.
SETUPS = [
    dict(players=2),
    dict(players=4, expansions=["inns-cathedrals", "traders-builders"]),
    dict(players=3, expansions=["princess-dragon", "tower"]),
    dict(players=2, expansions=["count", "abbey-mayor", "little-buildings"]),
    dict(players=3, expansions=list(carcassonne.ALL_TWELVE), edition="second"),
    dict(players=2, expansions=["winter"], variants={"small-city": True}),
    dict(players=4, expansions=["bridges-castles-bazaars", "inns-cathedrals", "tower"]),
]
