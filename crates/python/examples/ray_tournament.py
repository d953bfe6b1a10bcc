"""A bot tournament on Ray: every game a task, the seats rotated so that each bot plays each
seat equally often, as ``carcassonne tournament`` does on one machine.

    python crates/python/examples/ray_tournament.py --bots mcts:time=0.42,greedy --games 200
    python crates/python/examples/ray_tournament.py --address ray://head:10001 --games 10000 ...
"""

from __future__ import annotations

import argparse
import sys
import math
from typing import Optional, Sequence

import ray

import carcassonne


def play_game(seed: int, seating: Sequence[str], expansions: Sequence[str], edition: Optional[str]) -> list:
    """One game; returns each seat's score."""
    game = carcassonne.Game(len(seating), expansions=list(expansions), edition=edition, seed=seed, record=False)
    bots = [carcassonne.Bot(name, carcassonne.bot_seed(seed, s)) for s, name in enumerate(seating)]
    while not game.is_over:
        bots[game.player].play(game)
    return game.scores


def standings(bots: Sequence[str], games: list) -> dict:
    """Points per bot (1 for a win, shared on a tie), mean score, and the win rate's Wilson 95%
    interval."""
    table = {b: {"games": 0, "points": 0.0, "score": 0} for b in bots}
    for seating, scores in games:
        best = max(scores)
        winners = [s for s, x in enumerate(scores) if x == best]
        for seat, name in enumerate(seating):
            row = table[name]
            row["games"] += 1
            row["score"] += scores[seat]
            if seat in winners:
                row["points"] += 1 / len(winners)
    for row in table.values():
        n, p = row["games"], row["points"] / max(row["games"], 1)
        z = 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n) if n else 0.0
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n) if n else 0.0
        row.update(win_rate=p, interval=(centre - half, centre + half), mean_score=row["score"] / max(n, 1))
    return table


def main(argv: Optional[Sequence[str]] = None) -> dict:
    parser = argparse.ArgumentParser(description="A bot tournament on Ray.")
    parser.add_argument("--address", default=None, help="a Ray cluster's address (default: start Ray here)")
    parser.add_argument("--num-cpus", type=int, default=None, help="CPUs for a Ray started here")
    parser.add_argument("--bots", default="greedy,random", help="comma-separated bot names, one per seat")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--expansions", default="")
    parser.add_argument("--edition", default=None)
    args = parser.parse_args(argv)
    bots = args.bots.split(",")
    expansions = [e for e in args.expansions.split(",") if e]
    if not ray.is_initialized():
        ray.init(address=args.address, num_cpus=args.num_cpus, include_dashboard=False, log_to_driver=False)
    # The tasks travel by value: the workers need the carcassonne package, not this file.
    ray.cloudpickle.register_pickle_by_value(sys.modules[__name__])
    task = ray.remote(play_game)
    seatings = [[bots[(g + s) % len(bots)] for s in range(len(bots))] for g in range(args.games)]
    seeds = [args.seed + g // len(bots) for g in range(args.games)]  # Each deal once per rotation.
    scores = ray.get([task.remote(seed, seating, expansions, args.edition) for seed, seating in zip(seeds, seatings)])
    table = standings(bots, list(zip(seatings, scores)))
    for name, row in table.items():
        low, high = row["interval"]
        print(
            f"{name:24} {row['points']:7.1f} of {row['games']:5}  {100 * row['win_rate']:5.1f}% "
            f"[{100 * low:.1f}%, {100 * high:.1f}%]  mean score {row['mean_score']:.1f}"
        )
    return table


if __name__ == "__main__":
    main()
