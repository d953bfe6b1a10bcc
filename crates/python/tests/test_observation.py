"""Observations: the documented planes and fields hold what the game holds."""

from __future__ import annotations

import numpy as np

import carcassonne
from conftest import play_random

PLANE = {name: i for i, name in enumerate(carcassonne.PLANES)}
FIELD = {name: i for i, name in enumerate(carcassonne.PLAYER_FIELDS)}
SCALAR = {name: i for i, name in enumerate(carcassonne.SCALARS)}


def test_shapes_and_names():
    game = carcassonne.Game(window=21, other_slots=64)
    obs = game.observe()
    assert obs["board"].shape == (len(carcassonne.PLANES), 21, 21) and obs["board"].dtype == np.uint8
    assert obs["players"].shape == (carcassonne.MAX_SEATS, len(carcassonne.PLAYER_FIELDS))
    assert obs["tile"].shape == (len(carcassonne.TILE_FIELDS),)
    assert obs["tiles_left"].shape == (len(carcassonne.TILE_DESIGNS),)
    assert obs["action_mask"].shape == (4 * 21 * 21 + 64,) == (game.action_space_size,)
    assert obs["scalars"].shape == (len(carcassonne.SCALARS),)


def test_the_planes_count_what_is_on_the_board():
    game = carcassonne.Game(3, expansions=["princess-dragon", "inns-cathedrals"], seed=5)
    bots = [carcassonne.Bot("greedy", s) for s in range(3)]
    for _ in range(120):
        if game.is_over:
            break
        bots[game.player].play(game)
        for seat in range(3):
            obs = game.observe(seat)
            board, players, scalars = obs["board"], obs["players"], obs["scalars"]
            record_tiles = game.turn  # at least the placed tiles so far
            assert board[PLANE["tile"]].sum() >= 1
            # Rows are seats from the viewer on: row 0 is the viewer.
            scores = game.scores
            assert [int(players[(s - seat) % 3, FIELD["score"]]) for s in range(3)] == scores
            assert players[:3, FIELD["present"]].tolist() == [1, 1, 1] and not players[3:].any()
            kinds = ("follower", "big_follower", "abbot", "builder", "pig", "mayor", "wagon")
            on_board = sum(int(board[PLANE[f"seat0_{k}"]].sum()) for k in kinds)
            assert on_board == players[0, FIELD["figures_on_board"]]
            assert scalars[SCALAR["tiles_left"]] == game.tiles_left
            if game.player is not None:
                assert scalars[SCALAR["to_move"]] == (game.player - seat) % 3
    assert record_tiles > 0


def test_figures_on_board_match_the_supply():
    game = carcassonne.Game(2, seed=9)
    play_random(game, 9)
    obs = game.observe(0)
    board, players = obs["board"], obs["players"]
    for row in range(2):
        on_board = sum(board[PLANE[f"seat{row}_{kind}"]].sum() for kind in ("follower",))
        # Farmers stay to the end; everything else came home at the final scoring.
        assert on_board == players[row, FIELD["figures_on_board"]]
        assert on_board + players[row, FIELD["followers"]] == 7


def test_placement_planes_and_the_tile_to_place():
    game = carcassonne.Game(2, seed=13)
    obs = game.observe()
    planes = obs["board"][PLANE["legal_placement_r0"] : PLANE["legal_placement_r0"] + 4]
    assert planes.sum() == game.legal_action_count()
    assert planes.reshape(-1).tolist() == obs["action_mask"][: planes.size].tolist()
    design = carcassonne.TILE_DESIGNS[obs["scalars"][SCALAR["tile"]]]
    assert design == game.tile
    assert obs["tile"][:20].sum() == 4  # one terrain per side
    # 72 tiles: the start tile on the table, the drawn one in hand, 70 face down.
    assert obs["tiles_left"].sum() == game.tiles_left == 70
    assert obs["board"][PLANE["tile"]].sum() == 1


def test_a_spectator_sees_no_hand():
    game = carcassonne.Game(2, variants={"tiles-in-hand": "three"}, seed=2)
    mine = game.observe(0)["tiles_left"].sum()
    spectator = game.observe(-1)["tiles_left"].sum()
    assert spectator > mine


def test_placements_beyond_a_small_window_take_other_slots():
    game = carcassonne.Game(2, seed=3, window=5, other_slots=2048)
    cells = 5 * 5
    outside = 0
    while not game.is_over:
        legal = game.legal_actions()
        obs = game.observe()
        ids = [a.id for a in legal]
        assert sorted(ids) == list(np.flatnonzero(obs["action_mask"]))
        planes = obs["board"][PLANE["legal_placement_r0"] :]
        placements_inside = [i for a, i in zip(legal, ids) if a.kind == "place" and i < 4 * cells]
        assert planes.sum() == len(placements_inside)
        outside += sum(1 for a, i in zip(legal, ids) if a.kind == "place" and i >= 4 * cells)
        game.apply_index(len(legal) // 3)
    assert outside > 0
