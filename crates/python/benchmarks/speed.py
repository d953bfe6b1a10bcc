"""Throughput of the Python package (figures in docs/performance.md, "Python").

    OPENBLAS_NUM_THREADS=1 python crates/python/benchmarks/speed.py [--games 2000]

Random base games, 2 players: one action at a time from Python; batched (one call steps every
game of a batch, on Rust threads); whole games in Rust (``simulate``); and the cost of an
observation. numpy's BLAS threads are idle here but spin on the same cores, hence the variable.
"""

from __future__ import annotations

import argparse
import os
import random
import time

import numpy as np

import carcassonne


def single(games: int, record: bool) -> float:
    rng = random.Random(1)
    start = time.perf_counter()
    for seed in range(games):
        game = carcassonne.Game(2, seed=seed, record=record)
        while not game.is_over:
            game.apply_index(rng.randrange(game.legal_action_count()))
    return games / (time.perf_counter() - start)


def batched(games: int, size: int, record: bool) -> float:
    rng = np.random.default_rng(1)
    batch = carcassonne.GameBatch(size, seed=0, record=record)
    done = 0
    start = time.perf_counter()
    while done < games:
        counts = batch.legal_counts()
        batch.step((rng.random(size) * np.maximum(counts, 1)).astype(np.int64))
        finished, _ = batch.reset_finished()
        done += len(finished)
    return done / (time.perf_counter() - start)


def batched_bot(games: int, size: int) -> float:
    batch = carcassonne.GameBatch(size, seed=0, record=False)
    done = 0
    start = time.perf_counter()
    while done < games:
        batch.step_bot("random")
        finished, _ = batch.reset_finished()
        done += len(finished)
    return done / (time.perf_counter() - start)


def whole(games: int) -> float:
    start = time.perf_counter()
    carcassonne.simulate(games, seed=0)
    return games / (time.perf_counter() - start)


def observation_cost(expansions: list, edition, size: int) -> tuple:
    """Microseconds per observation: one game at a time, and per game of a batch."""
    batch = carcassonne.GameBatch(size, seed=0, expansions=expansions, edition=edition, record=False)
    for _ in range(60):  # Some way into the game.
        batch.step_bot("random")
    game = batch.game(0)
    reps = 200
    start = time.perf_counter()
    for _ in range(reps):
        game.observe()
    one = (time.perf_counter() - start) / reps * 1e6
    start = time.perf_counter()
    for _ in range(5):
        batch.observe()
    per_game = (time.perf_counter() - start) / (5 * size) * 1e6
    return one, per_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    args = parser.parse_args()
    if os.environ.get("OPENBLAS_NUM_THREADS") != "1":
        print("note: OPENBLAS_NUM_THREADS is not 1; numpy's idle threads may take CPU time")
    n = args.games
    print(f"one action at a time, record kept:   {single(n // 2, True):9.0f} games/s")
    print(f"one action at a time, no record:     {single(n // 2, False):9.0f} games/s")
    for size in (256, 1024):
        print(f"batch of {size:4}, step(), records:    {batched(4 * n, size, True):9.0f} games/s")
        print(f"batch of {size:4}, step(), no record:  {batched(4 * n, size, False):9.0f} games/s")
        print(f"batch of {size:4}, step_bot(random):   {batched_bot(4 * n, size):9.0f} games/s")
    print(f"simulate() (whole games in Rust):    {whole(10 * n):9.0f} games/s")
    for label, expansions, edition in (("base game", [], None), ("all twelve", list(carcassonne.ALL_TWELVE), "second")):
        one, per_game = observation_cost(expansions, edition, 256)
        print(f"observation, {label:10}: {one:7.1f} us one game, {per_game:6.1f} us per game of a batch of 256")


if __name__ == "__main__":
    main()
