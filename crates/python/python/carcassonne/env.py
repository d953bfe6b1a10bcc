"""A Gymnasium environment: one learner against the engine's bots.

>>> from carcassonne.env import CarcassonneEnv
>>> env = CarcassonneEnv(opponents="greedy", expansions=["inns-cathedrals"])
>>> obs, info = env.reset(seed=1)
>>> mask = info["action_mask"]          # also obs["action_mask"]
>>> obs, reward, terminated, truncated, info = env.step(int(mask.nonzero()[0][0]))

Actions are ids in the game's fixed action space (docs/python.md, "Actions"): placements inside
the observation window by rotation, row and column, then the other actions in the engine's order.
"""

from __future__ import annotations

from typing import Any, Optional, Sequence, Union

import gymnasium as gym
import numpy as np

from carcassonne._engine import DEFAULT_OTHER_SLOTS, DEFAULT_WINDOW, Bot, Game, bot_seed
from carcassonne.spaces import action_space_size, as_space_observation, game_options, observation_space

REWARDS = ("win", "margin")
ILLEGAL = ("lose", "raise")


def margin(scores: Sequence[int], seat: int) -> int:
    """A seat's score less the best other score."""
    return scores[seat] - max(s for i, s in enumerate(scores) if i != seat)


class CarcassonneEnv(gym.Env):
    """The learner plays seat ``seat``; every other seat is played by a bot named as on the
    command line (``"random"``, ``"greedy"``, ``"mcts:easy"``, ...), one name for all or one per
    other seat.

    Rewards: ``"win"`` (default) gives +1 at the end for the best score alone, -1 when another
    seat scores more, 0 for a shared best; ``"margin"`` gives at every step the change of the
    learner's score less the best other score, so that an episode's rewards add up to the final
    margin. An action id that names no legal action ends the episode with reward -1 and
    ``info["illegal_action"]`` when ``illegal_action="lose"`` (default; Gymnasium's checker
    samples unmasked actions), or raises ``carcassonne.RuleError`` with ``"raise"``; the game is
    unchanged either way.
    """

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        players: int = 2,
        *,
        opponents: Union[str, Sequence[str]] = "greedy",
        seat: int = 0,
        expansions: Sequence[str] = (),
        rules: str = "hig-big-box",
        edition: Optional[str] = None,
        variants: Optional[dict] = None,
        window: int = DEFAULT_WINDOW,
        other_slots: int = DEFAULT_OTHER_SLOTS,
        reward: str = "win",
        illegal_action: str = "lose",
        render_mode: Optional[str] = None,
    ):
        if reward not in REWARDS:
            raise ValueError(f"reward: {reward!r} is not one of {REWARDS}")
        if illegal_action not in ILLEGAL:
            raise ValueError(f"illegal_action: {illegal_action!r} is not one of {ILLEGAL}")
        if not 0 <= seat < players:
            raise ValueError(f"seat: {seat} is not a seat of a {players}-player game")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r} is not one of {self.metadata['render_modes']}")
        names = [opponents] * (players - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != players - 1:
            raise ValueError(f"opponents: {len(names)} names for {players - 1} other seats")
        for name in names:
            Bot(name)  # Raises SetupError for an unknown bot now rather than at reset.
        self.players = players
        self.seat = seat
        self.opponent_names = names
        self.game_options = game_options(expansions, rules, edition, variants, window, other_slots)
        Game(players, **self.game_options)  # Raises SetupError for bad choices now.
        self.reward_kind = reward
        self.illegal_action = illegal_action
        self.render_mode = render_mode
        self.action_space = gym.spaces.Discrete(action_space_size(window, other_slots))
        self.observation_space = observation_space(window, other_slots)
        self.game: Optional[Game] = None
        self.bots: dict[int, Bot] = {}

    def _observation(self) -> dict:
        return as_space_observation(self.game.observe(self.seat))

    def _info(self, **extra: Any) -> dict:
        return {
            "action_mask": self.game.action_mask().astype(np.int8)
            if self.game.player == self.seat
            else np.zeros(self.action_space.n, np.int8),
            "scores": list(self.game.scores),
            "game_seed": self.game_seed,
            **extra,
        }

    def _play_opponents(self) -> None:
        while not self.game.is_over and self.game.player != self.seat:
            self.bots[self.game.player].play(self.game)

    def reset(self, *, seed: Optional[int] = None, options: Optional[dict] = None):
        super().reset(seed=seed)
        self.game_seed = int(self.np_random.integers(0, 2**63 - 1))
        self.game = Game(self.players, seed=self.game_seed, **self.game_options)
        others = [s for s in range(self.players) if s != self.seat]
        self.bots = {s: Bot(name, bot_seed(self.game_seed, s)) for s, name in zip(others, self.opponent_names)}
        self._play_opponents()
        return self._observation(), self._info()

    def step(self, action):
        if self.game is None:
            raise RuntimeError("call reset() before step()")
        if self.game.is_over:
            raise RuntimeError("the episode is over; call reset()")
        before = margin(self.game.scores, self.seat)
        try:
            self.game.apply_id(int(action))
        except Exception:
            if self.illegal_action == "raise":
                raise
            return self._observation(), -1.0, True, False, self._info(illegal_action=True)
        self._play_opponents()
        terminated = self.game.is_over
        after = margin(self.game.scores, self.seat)
        if self.reward_kind == "margin":
            reward = float(after - before)
        else:
            reward = float(np.sign(after)) if terminated else 0.0
        return self._observation(), reward, terminated, False, self._info()

    def render(self):
        if self.render_mode == "ansi" and self.game is not None:
            return repr(self.game)
        return None
