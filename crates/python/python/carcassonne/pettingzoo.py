"""A PettingZoo AEC environment: every seat an agent (``player_0``, ``player_1``, ...).

>>> from carcassonne.pettingzoo import env
>>> aec = env(players=3, expansions=["tower"])
>>> aec.reset(seed=42)
>>> for agent in aec.agent_iter():
...     obs, reward, termination, truncation, info = aec.last()
...     mask = obs["action_mask"]
...     aec.step(None if termination or truncation else int(mask.nonzero()[0][0]))

Other players' decisions within a turn (a dragon's steps, a wagon's move, a redeployment) go
to whichever agent decides them, as ``agent_selection`` says.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
from pettingzoo import AECEnv

from carcassonne._engine import DEFAULT_OTHER_SLOTS, DEFAULT_WINDOW, Game
from carcassonne.env import REWARDS, margin
from carcassonne.spaces import action_space_size, as_space_observation, game_options, observation_space

import gymnasium


class CarcassonneAECEnv(AECEnv):
    """Rewards as ``CarcassonneEnv``'s: ``"win"`` (+1 / 0 / -1 at the end) or ``"margin"``
    (each seat's score less the best other score, its changes as they happen). An action id
    that names no legal action raises ``carcassonne.RuleError`` and changes nothing."""

    metadata = {"render_modes": ["ansi"], "name": "carcassonne_v0", "is_parallelizable": False}

    def __init__(
        self,
        players: int = 2,
        *,
        expansions: Sequence[str] = (),
        rules: str = "hig-big-box",
        edition: Optional[str] = None,
        variants: Optional[dict] = None,
        window: int = DEFAULT_WINDOW,
        other_slots: int = DEFAULT_OTHER_SLOTS,
        reward: str = "win",
        render_mode: Optional[str] = None,
    ):
        super().__init__()
        if reward not in REWARDS:
            raise ValueError(f"reward: {reward!r} is not one of {REWARDS}")
        self.game_options = game_options(expansions, rules, edition, variants, window, other_slots)
        Game(players, **self.game_options)  # Raises SetupError for bad choices now.
        self.seats = players
        self.reward_kind = reward
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._observation_space = observation_space(window, other_slots)
        self._action_space = gymnasium.spaces.Discrete(action_space_size(window, other_slots))
        self.game: Optional[Game] = None
        self._seed_rng = np.random.default_rng()

    def observation_space(self, agent):
        return self._observation_space

    def action_space(self, agent):
        return self._action_space

    def _agent(self, seat: int) -> str:
        return self.possible_agents[seat]

    def observe(self, agent):
        seat = self.possible_agents.index(agent)
        observation = as_space_observation(self.game.observe(seat))
        if self.game.player != seat:
            observation["action_mask"][:] = 0
        return observation

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None):
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        self.game_seed = int(self._seed_rng.integers(0, 2**63 - 1))
        self.game = Game(self.seats, seed=self.game_seed, **self.game_options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {"game_seed": self.game_seed} for a in self.agents}
        self.agent_selection = self._agent(self.game.player)

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        before = [margin(self.game.scores, s) for s in range(self.seats)]
        self.game.apply_id(int(action))
        self._cumulative_rewards[agent] = 0.0
        after = [margin(self.game.scores, s) for s in range(self.seats)]
        over = self.game.is_over
        for s, a in enumerate(self.possible_agents):
            if self.reward_kind == "margin":
                self.rewards[a] = float(after[s] - before[s])
            else:
                self.rewards[a] = float(np.sign(after[s])) if over else 0.0
            self.infos[a] = {"game_seed": self.game_seed, "scores": list(self.game.scores)}
        if over:
            self.terminations = {a: True for a in self.agents}
            self.agent_selection = self._agent((seat + 1) % self.seats)
        else:
            self.agent_selection = self._agent(self.game.player)
        self._accumulate_rewards()

    def render(self):
        if self.render_mode == "ansi" and self.game is not None:
            return repr(self.game)
        return None

    def close(self):
        pass


def env(**kwargs) -> CarcassonneAECEnv:
    """The AEC environment with PettingZoo's usual wrappers' checks left to the caller."""
    return CarcassonneAECEnv(**kwargs)
