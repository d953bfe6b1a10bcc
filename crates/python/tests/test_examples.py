"""The Ray examples run on a Ray started on this machine (a cluster takes `--address`)."""

from __future__ import annotations

import pathlib
import sys

import numpy as np
import pytest

ray = pytest.importorskip("ray")

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "examples"))

import ray_selfplay  # noqa: E402
import ray_tournament  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_selfplay_writes_every_decision(local_ray, tmp_path):
    results = ray_selfplay.main(["--games", "4", "--block", "2", "--bot", "greedy", "--expansions", "tower", "--out", str(tmp_path)])
    assert len(results) == 2
    data = np.load(results[0]["file"])
    n = results[0]["decisions"]
    assert n > 100 and data["board"].shape[0] == n and data["action"].shape == (n,)
    assert set(np.unique(data["game"])) == {0, 1}
    # Every chosen action has its id in the action space (none fell past the other slots).
    assert (data["action"] >= 0).all()


def test_a_tournament_rotates_seats_and_counts_wins(local_ray):
    table = ray_tournament.main(["--bots", "greedy,random", "--games", "6", "--seed", "3"])
    assert table["greedy"]["games"] == table["random"]["games"] == 6
    assert table["greedy"]["points"] + table["random"]["points"] == pytest.approx(6)
    assert table["greedy"]["win_rate"] > table["random"]["win_rate"]
