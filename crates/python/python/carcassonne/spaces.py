"""The Gymnasium spaces of the observations and actions, shared by both environments."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from carcassonne._engine import MAX_SEATS, PLANES, PLAYER_FIELDS, SCALARS, TILE_DESIGNS, TILE_FIELDS


def action_space_size(window: int, other_slots: int) -> int:
    """Placements inside the window (rotation, row, column), then the other actions' slots."""
    return 4 * window * window + other_slots


def observation_space(window: int, other_slots: int) -> spaces.Dict:
    """The space of ``Game.observe``'s arrays, with the action mask as ``int8`` (PettingZoo's
    convention for masks)."""
    i32 = np.iinfo(np.int32)
    return spaces.Dict(
        {
            "board": spaces.Box(0, 255, (len(PLANES), window, window), np.uint8),
            "players": spaces.Box(0.0, 1e6, (MAX_SEATS, len(PLAYER_FIELDS)), np.float32),
            "tile": spaces.Box(0, 255, (len(TILE_FIELDS),), np.uint8),
            "tiles_left": spaces.Box(0, 65535, (len(TILE_DESIGNS),), np.uint16),
            "action_mask": spaces.Box(0, 1, (action_space_size(window, other_slots),), np.int8),
            "scalars": spaces.Box(i32.min, i32.max, (len(SCALARS),), np.int32),
        }
    )


def as_space_observation(observation: dict) -> dict:
    """``Game.observe``'s arrays in the space's dtypes (the mask as ``int8``)."""
    observation["action_mask"] = observation["action_mask"].astype(np.int8)
    return observation


def game_options(expansions, rules, edition, variants, window, other_slots) -> dict:
    """The keyword arguments of ``Game(...)`` an environment passes on to every game."""
    return dict(
        expansions=list(expansions), rules=rules, edition=edition, variants=variants or {}, window=window, other_slots=other_slots
    )
