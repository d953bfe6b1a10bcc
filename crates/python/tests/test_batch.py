"""Batches: the same games as single games, bad input refused whole."""

from __future__ import annotations

import numpy as np
import pytest

import carcassonne


def choice(counts: np.ndarray, step: int) -> np.ndarray:
    """A deterministic spread of legal indices."""
    return ((np.arange(len(counts)) * 7 + step * 13) % np.maximum(counts, 1)).astype(np.int64)


@pytest.mark.parametrize(
    "expansions,edition",
    [([], None), (list(carcassonne.ALL_TWELVE), "second"), (["bridges-castles-bazaars", "tower"], None)],
)
def test_a_batch_plays_the_same_games_as_single_games(expansions, edition):
    n = 6
    batch = carcassonne.GameBatch(n, 3, expansions=expansions, edition=edition, seed=40)
    singles = [carcassonne.Game(3, expansions=expansions, edition=edition, seed=40 + i) for i in range(n)]
    assert batch.seeds().tolist() == [40 + i for i in range(n)]
    step = 0
    while not batch.is_over().all():
        counts = batch.legal_counts()
        assert counts.tolist() == [g.legal_action_count() for g in singles]
        assert batch.players().tolist() == [-1 if g.player is None else g.player for g in singles]
        indices = choice(counts, step)
        if step % 3 == 0:
            obs = batch.observe()
            for i, game in enumerate(singles):
                single = game.observe()
                for key in single:
                    assert np.array_equal(obs[key][i], single[key]), (i, key)
        if step % 2:
            ids = np.array([g.legal_action(int(k)).id if not g.is_over else 0 for g, k in zip(singles, indices)])
            batch.step_ids(ids)
        else:
            batch.step(indices)
        for game, k in zip(singles, indices):
            if not game.is_over:
                game.apply_index(int(k))
        step += 1
    assert batch.scores().tolist() == [g.scores for g in singles]
    for i, game in enumerate(singles):
        assert batch.game(i).record_json() == game.record_json()


def test_bad_batch_input_changes_no_game():
    batch = carcassonne.GameBatch(4, seed=1)
    batch.step(np.zeros(4, np.int64))
    before = [batch.game(i).record_json() for i in range(4)]
    counts = batch.legal_counts()
    bad = counts - 1
    bad[2] = counts[2] + 3  # One bad index among good ones.
    with pytest.raises(carcassonne.RuleError, match="game 2"):
        batch.step(bad)
    with pytest.raises(carcassonne.RuleError, match="4 games"):
        batch.step(np.zeros(3, np.int64))
    with pytest.raises(carcassonne.RuleError, match="game 0"):
        batch.step_ids(np.full(4, 10**6, np.int64))
    with pytest.raises(carcassonne.RuleError, match="game 9"):
        batch.game(9)
    with pytest.raises(carcassonne.SetupError):
        batch.step_bot("nobody")
    assert [batch.game(i).record_json() for i in range(4)] == before


def test_bots_play_whole_batches_and_finished_games_are_dealt_again():
    batch = carcassonne.GameBatch(8, expansions=["tower"], seed=100, record=False)
    while not batch.is_over().all():
        batch.step_bot("greedy", seed=3)
    scores = batch.scores()
    indices, final = batch.reset_finished()
    assert indices.tolist() == list(range(8)) and np.array_equal(final, scores)
    assert batch.seeds().tolist() == list(range(108, 116))
    assert not batch.is_over().any()
    # The same seeds give the same games.
    again = carcassonne.GameBatch(8, expansions=["tower"], seed=100, record=False)
    while not again.is_over().all():
        again.step_bot("greedy", seed=3)
    assert np.array_equal(again.scores(), scores)
    with pytest.raises(carcassonne.RecordError, match="no record"):
        again.game(0).record_json()
