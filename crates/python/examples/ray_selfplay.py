"""Self-play data on Ray: games between bots, every decision saved with what the deciding seat
saw, the action it took and how the game ended.

    python crates/python/examples/ray_selfplay.py --games 64 --bot greedy --out selfplay/
    python crates/python/examples/ray_selfplay.py --address ray://head:10001 --games 100000 ...

Without ``--address`` Ray starts on this machine; with one it joins that cluster (docs/python.md,
"Many machines"). Each task plays a block of games and writes one ``.npz`` file: ``board``,
``players``, ``tile``, ``tiles_left``, ``scalars`` (one row per decision, as ``Game.observe``
gives them for the deciding seat), ``action`` (the action's id), ``seat``, ``game`` (the deck
seed) and ``outcome`` (the deciding seat's final score less the best other score).
"""

from __future__ import annotations

import argparse
import sys
import os
import pathlib
from typing import Optional, Sequence

import numpy as np
import ray

import carcassonne

KEYS = ("board", "players", "tile", "tiles_left", "scalars")


def play_block(seeds: Sequence[int], bot: str, players: int, expansions: Sequence[str], edition: Optional[str], window: int, out: str) -> dict:
    """Plays one game per seed and writes its decisions to ``out``; returns a summary."""
    rows = {k: [] for k in KEYS + ("action", "seat", "game")}
    outcomes = []
    for seed in seeds:
        game = carcassonne.Game(players, expansions=list(expansions), edition=edition, seed=seed, window=window)
        bots = [carcassonne.Bot(bot, carcassonne.bot_seed(seed, s)) for s in range(players)]
        first = len(rows["seat"])
        while not game.is_over:
            seat = game.player
            obs = game.observe(seat)
            action = bots[seat].choose(game)
            for k in KEYS:
                rows[k].append(obs[k])
            rows["action"].append(-1 if action.id is None else action.id)
            rows["seat"].append(seat)
            rows["game"].append(seed)
            game.apply(action)
        scores = game.scores
        margins = [scores[s] - max(x for i, x in enumerate(scores) if i != s) for s in range(players)]
        outcomes.extend(margins[s] for s in rows["seat"][first:])
    path = pathlib.Path(out) / f"selfplay-{seeds[0]}-{seeds[-1]}.npz"
    path.parent.mkdir(parents=True, exist_ok=True)
    arrays = {k: np.stack(v) if k in KEYS else np.array(v, np.int64) for k, v in rows.items()}
    np.savez_compressed(path, outcome=np.array(outcomes, np.int64), **arrays)
    return {"file": str(path), "games": len(seeds), "decisions": len(rows["seat"])}


def main(argv: Optional[Sequence[str]] = None) -> list:
    parser = argparse.ArgumentParser(description="Self-play data on Ray.")
    parser.add_argument("--address", default=None, help="a Ray cluster's address (default: start Ray here)")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs for a Ray started here")
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--block", type=int, default=4, help="games per task and file")
    parser.add_argument("--seed", type=int, default=0, help="deck seed of the first game")
    parser.add_argument("--bot", default="greedy", help="the bot of every seat (random, greedy, mcts:easy, ...)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--expansions", default="", help="comma-separated, as on the command line")
    parser.add_argument("--edition", default=None)
    parser.add_argument("--window", type=int, default=carcassonne.DEFAULT_WINDOW)
    parser.add_argument("--out", default="selfplay")
    args = parser.parse_args(argv)
    expansions = [e for e in args.expansions.split(",") if e]
    if not ray.is_initialized():
        ray.init(address=args.address, num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False)
    # The tasks travel by value: the workers need the carcassonne package, not this file.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    task = ray.remote(play_block)
    seeds = list(range(args.seed, args.seed + args.games))
    blocks = [seeds[i : i + args.block] for i in range(0, len(seeds), args.block)]
    out = os.path.abspath(args.out)
    results = ray.get([task.remote(b, args.bot, args.players, expansions, args.edition, args.window, out) for b in blocks])
    decisions = sum(r["decisions"] for r in results)
    print(f"{args.games} games, {decisions} decisions, {len(results)} files in {out}")
    return results


if __name__ == "__main__":
    main()
