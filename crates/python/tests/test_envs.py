"""The Gymnasium and PettingZoo environments pass their libraries' checkers and play whole
games."""

from __future__ import annotations

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pettingzoo = pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

import carcassonne  # noqa: E402
from carcassonne.env import CarcassonneEnv  # noqa: E402
from carcassonne.pettingzoo import env as aec_env  # noqa: E402


@pytest.mark.parametrize(
    "options",
    [
        dict(),
        dict(players=3, opponents=["random", "greedy"], seat=1, expansions=["tower"], reward="margin"),
        dict(players=3, opponents="random", expansions=["bridges-castles-bazaars"], reward="margin"),
    ],
)
def test_the_gymnasium_checker_passes(options):
    env = CarcassonneEnv(window=15, other_slots=128, **options)
    check_env(env, skip_render_check=True)


def test_a_learner_plays_whole_games_against_bots():
    env = CarcassonneEnv(opponents="greedy", expansions=["inns-cathedrals"], reward="margin")
    rng = np.random.default_rng(0)
    obs, info = env.reset(seed=3)
    total, done = 0.0, False
    while not done:
        mask = info["action_mask"]
        assert np.array_equal(mask, obs["action_mask"]) and mask.any()
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
    scores = info["scores"]
    assert total == scores[0] - scores[1]
    # An illegal id ends the episode with -1 and changes nothing; "raise" raises.
    obs, info = env.reset(seed=4)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    turn = env.game.turn
    _, reward, done, _, info = env.step(illegal)
    assert reward == -1 and done and info["illegal_action"] and env.game.turn == turn
    strict = CarcassonneEnv(illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(carcassonne.RuleError):
        strict.step(illegal)
    with pytest.raises(ValueError, match="reward"):
        CarcassonneEnv(reward="points")


def test_the_same_seed_gives_the_same_episode():
    def episode(seed):
        env = CarcassonneEnv(opponents="random", expansions=["count"])
        obs, info = env.reset(seed=seed)
        while True:
            obs, reward, done, _, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
            if done:
                return env.game.record_json()

    assert episode(5) == episode(5) != episode(6)


@pytest.mark.parametrize(
    "options",
    [
        dict(players=2),
        dict(players=3, expansions=list(carcassonne.ALL_TWELVE), edition="second", reward="margin"),
        # The bazaar's bids go to every seat in turn.
        dict(players=4, expansions=["bridges-castles-bazaars"], reward="margin"),
    ],
)
def test_the_pettingzoo_api_test_passes(options):
    api_test(aec_env(window=21, other_slots=256, **options), num_cycles=400)


def test_every_seat_decides_its_own_decisions():
    aec = aec_env(players=3, expansions=["princess-dragon", "count"], reward="margin")
    aec.reset(seed=2)
    rng = np.random.default_rng(1)
    totals = {a: 0.0 for a in aec.possible_agents}
    for agent in aec.agent_iter():
        obs, reward, termination, truncation, info = aec.last()
        totals[agent] += reward
        if termination or truncation:
            aec.step(None)
            continue
        assert aec.game.player == aec.possible_agents.index(agent)
        for other in aec.possible_agents:
            if other != agent:
                assert not aec.observe(other)["action_mask"].any()
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    scores = aec.game.scores
    for seat, agent in enumerate(aec.possible_agents):
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        assert totals[agent] == scores[seat] - best_other
