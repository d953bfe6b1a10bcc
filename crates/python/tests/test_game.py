"""The game from Python: the same games as the command line, legal actions, errors, records,
copies and events."""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess

import numpy as np
import pytest

import carcassonne
from conftest import SETUPS, play_random


@pytest.mark.parametrize(
    "players,expansions,edition",
    [
        (2, [], None),
        (4, ["inns-cathedrals", "traders-builders", "princess-dragon"], None),
        (3, list(carcassonne.ALL_TWELVE), "second"),
        (3, ["bridges-castles-bazaars"], None),
        (3, ["catapult"], None),
    ],
)
@pytest.mark.parametrize("seed", [7, 2024])
def test_the_same_seed_gives_the_cli_game_byte_for_byte(cli, tmp_path, players, expansions, edition, seed):
    path = tmp_path / "record.json"
    args = [str(cli), "simulate", "--seed", str(seed), "--games", "1", "--players", str(players), "--record-out", str(path)]
    if expansions:
        args += ["--expansions", ",".join(expansions)]
    if edition:
        args += ["--edition", edition]
    subprocess.run(args, check=True, capture_output=True)
    game = carcassonne.Game(players, expansions=expansions, edition=edition, seed=seed)
    play_random(game, seed)
    assert game.record_json() == path.read_text()
    # And `simulate` plays the same games as the CLI's random bots.
    scores = carcassonne.simulate(1, players, expansions=expansions, edition=edition, seed=seed)
    assert list(scores[0]) == game.scores


@pytest.mark.parametrize("setup", SETUPS, ids=lambda s: ",".join(s.get("expansions", ["base"])))
def test_every_legal_action_applies_and_the_mask_matches(setup):
    rng = random.Random(5)
    game = carcassonne.Game(seed=11, **setup)
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        assert len(legal) == game.legal_action_count() > 0
        assert [a.index for a in legal] == list(range(len(legal)))
        # Every legal action applies to a copy.
        sample = legal if len(legal) <= 40 or steps % 10 == 0 else rng.sample(legal, 40)
        for action in sample:
            trial = game.clone()
            trial.apply(action)
            assert trial.turn >= game.turn
        # The mask is the legal actions' ids, and each id names its action.
        mask = game.action_mask()
        ids = [a.id for a in legal]
        assert None not in ids
        assert sorted(ids) == list(np.flatnonzero(mask))
        assert game.observe()["action_mask"].tolist() == mask.tolist()
        pick = rng.choice(legal)
        assert game.action_from_id(pick.id).index == pick.index
        game.apply_id(pick.id) if steps % 2 else game.apply(pick)
        steps += 1
    assert game.legal_action_count() == 0 and not game.action_mask().any()


def observed(game):
    return {k: v.copy() for k, v in game.observe(0).items()}


def test_bad_actions_raise_and_change_nothing():
    game = carcassonne.Game(2, expansions=["tower"], seed=3)
    game.apply_index(0)
    stale = game.legal_actions()[0]  # A deployment: stale once the game moves on.
    game.apply_index(game.legal_action_count() - 1)
    before = (game.record_json(), game.scores, game.pending, observed(game), [e.text for e in game.events()])
    bad = [
        10_000,
        -1,
        stale,
        {"action": "deploy", "figure": "follower", "feature": "city@N"},
        {"action": "place", "x": 500, "y": 0, "rotation": 0},
        {"action": "place", "x": 1, "y": 0, "rotation": 45},
        '{"action": "fly"}',
        "not json",
        3.5,
    ]
    for action in bad:
        with pytest.raises(carcassonne.RuleError) as info:
            game.apply(action)
        assert str(info.value), action
        with pytest.raises(carcassonne.RuleError):
            game.check(action)
    with pytest.raises(carcassonne.RuleError, match="out of range"):
        game.apply_index(999)
    with pytest.raises(carcassonne.RuleError, match="action id"):
        game.apply_id(game.action_space_size + 5)
    after = (game.record_json(), game.scores, game.pending, observed(game), [e.text for e in game.events()])
    assert before[:3] == after[:3] and before[4] == after[4]
    for key in before[3]:
        assert np.array_equal(before[3][key], after[3][key]), key


def test_errors_name_what_was_wrong():
    with pytest.raises(carcassonne.SetupError, match="unknown expansion `dragons`"):
        carcassonne.Game(expansions=["dragons"])
    with pytest.raises(carcassonne.SetupError, match="variants"):
        carcassonne.Game(variants={"small-city": "maybe"})
    with pytest.raises(carcassonne.SetupError, match="rules"):
        carcassonne.Game(rules="house")
    with pytest.raises(carcassonne.SetupError, match="players"):
        carcassonne.Game(players=9)
    with pytest.raises(carcassonne.SetupError, match="unknown bot"):
        carcassonne.Bot("grumpy")
    game = carcassonne.Game(seed=1)
    play_random(game, 1)
    record = json.loads(game.record_json())
    record["actions"][5] = {"action": "place", "x": 900, "y": 900, "rotation": 0}
    with pytest.raises(carcassonne.RecordError, match="action 5"):
        carcassonne.Game.from_record(json.dumps(record))
    with pytest.raises(carcassonne.RecordError, match="line 1"):
        carcassonne.Game.from_record("{")
    with pytest.raises(carcassonne.RuleError, match="over"):
        game.apply_index(0)


@pytest.mark.parametrize("setup", SETUPS[:5], ids=lambda s: ",".join(s.get("expansions", ["base"])))
def test_records_round_trip_and_events_add_up_to_the_scores(setup):
    game = carcassonne.Game(seed=21, **setup)
    totals = [0] * game.num_players
    bots = [carcassonne.Bot("greedy", s) for s in range(game.num_players)]
    halfway = None
    while not game.is_over:
        for event in bots[game.player].play(game):
            for seat, points in event.score_changes:
                totals[seat] += points
        if halfway is None and game.turn >= 20:
            halfway = (game.record_json(), game.scores)
    assert totals == game.scores
    again = carcassonne.Game.from_record(game.record_json())
    assert again.record_json() == game.record_json() and again.scores == game.scores and again.is_over
    resumed = carcassonne.Game.from_record(halfway[0])
    assert resumed.scores == halfway[1] and not resumed.is_over


def test_copies_are_independent():
    game = carcassonne.Game(3, expansions=["princess-dragon"], seed=4)
    for _ in range(10):
        game.apply_index(0)
    for twin in (game.clone(), copy.copy(game), copy.deepcopy(game)):
        assert twin.record_json() == game.record_json()
        play_random(twin, 9)
        assert twin.is_over and not game.is_over
    assert game.legal_action_count() > 0


def test_a_determinized_copy_keeps_what_the_player_knows():
    game = carcassonne.Game(2, expansions=["inns-cathedrals"], variants={"tiles-in-hand": "three"}, seed=8)
    for _ in range(25):
        game.apply_index(game.legal_action_count() // 2)
    seat = game.player
    mine = game.observe(seat)
    worlds = [game.determinize(seat, s) for s in range(4)]
    for world in worlds:
        theirs = world.observe(seat)
        for key in mine:
            assert np.array_equal(mine[key], theirs[key]), key
        assert [a.json for a in world.legal_actions()] == [a.json for a in game.legal_actions()]
        with pytest.raises(carcassonne.RecordError, match="no record"):
            world.record_json()
    # The hidden order differs between worlds: the games part ways.
    ends = set()
    for world in worlds:
        play_random(world, 3)
        ends.add(tuple(world.scores))
    assert len(ends) > 1


def test_bots_choose_legal_actions_of_every_kind():
    # Two games: in a game with every expansion the bots may never pass (one of these two
    # has no pass), so the kinds are gathered over both.
    kinds = set()
    for seed in (12, 13):
        game = carcassonne.Game(2, expansions=list(carcassonne.ALL_TWELVE), edition="second", seed=seed)
        bots = {0: carcassonne.Bot("greedy", 1), 1: carcassonne.Bot("mcts:iters=40", 2)}
        while not game.is_over:
            action = bots[game.player].choose(game)
            kinds.add(action.kind)
            game.apply(action)
        assert len(game.scores) == 2
    assert {"place", "deploy", "pass", "build-tower", "capture", "move-dragon", "move-count"} <= kinds


def test_game_facts():
    game = carcassonne.Game(3, colors=["green", "black", "red"], seed=2)
    assert game.colors == ["green", "black", "red"] and game.num_players == 3
    assert game.pending == "place-tile" and game.player == 0 and game.tile.startswith("base:")
    assert game.tiles_left == 70 and game.turn >= 0
    assert game.supplies()[0]["followers"] == 7
    assert "place-tile" in carcassonne.PENDING_KINDS
    assert "tower" in carcassonne.expansions()
    assert "small-city" in carcassonne.variants()
    assert json.loads(game.rules_json)["expansions"] == []


def test_the_phantom_is_a_figure_and_a_decision():
    # The Phantom: one phantom per seat in the supply and the players array; after a figure is
    # deployed, the `phantom` decision may follow, where only the phantom goes.
    game = carcassonne.Game(2, expansions=["phantom"], seed=5)
    assert game.supplies()[0]["phantoms"] == 1
    field = list(carcassonne.PLAYER_FIELDS).index("phantoms")
    assert game.observe()["players"][0][field] == 1
    assert "phantom" in carcassonne.PENDING_KINDS
    seen = False
    rng = random.Random(5)
    while not game.is_over and not seen:
        if game.pending == "deploy":
            deploys = [a for a in game.legal_actions() if a.kind == "deploy"]
            game.apply(deploys[0] if deploys else game.legal_actions()[-1])
        elif game.pending == "phantom":
            seen = True
            assert all(a.kind in ("deploy", "pass") for a in game.legal_actions())
        else:
            actions = game.legal_actions()
            game.apply(actions[rng.randrange(len(actions))])
    assert seen


def test_the_mage_and_the_witch_move_and_show_in_their_planes():
    # Mage & Witch: a magic tile asks for the `mage-witch` decision, whose actions move a
    # figure (`magic`); the figure then shows in its board plane, the symbol in its tile plane.
    game = carcassonne.Game(2, expansions=["mage-witch"], seed=7)
    assert "mage-witch" in carcassonne.PENDING_KINDS
    plane = {name: i for i, name in enumerate(carcassonne.PLANES)}
    rng = random.Random(7)
    while not game.is_over and game.pending != "mage-witch":
        actions = game.legal_actions()
        game.apply(actions[rng.randrange(len(actions))])
    assert game.pending == "mage-witch"
    assert game.observe()["board"][plane["magic_symbol"]].sum() >= 1
    moves = game.legal_actions()
    assert moves and all(a.kind == "magic" for a in moves)
    witch = [a for a in moves if a.data["figure"] == "witch"]
    game.apply(witch[0])
    board = game.observe()["board"]
    assert board[plane["witch"]].sum() == 1 and board[plane["mage"]].sum() == 0


def test_a_flight_lands_and_the_machine_shows_in_its_plane():
    # The Flier: a tile with a flying machine offers `fly` beside the deployments; the
    # machine's direction is in its tile plane (1 north ... 8 north-west); a flight that can land
    # asks the `flier-landing` decision, whose actions are `land`.
    assert "flier-landing" in carcassonne.PENDING_KINDS
    plane = {name: i for i, name in enumerate(carcassonne.PLANES)}
    landed = False
    for seed in range(20):
        game = carcassonne.Game(2, expansions=["flier"], seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            flights = [a for a in actions if a.kind == "fly"]
            if flights:
                machines = game.observe()["board"][plane["flying_machine"]]
                assert machines.max() in range(1, 9)
                game.apply(flights[0])
                if game.pending == "flier-landing":
                    landings = game.legal_actions()
                    assert landings and all(a.kind == "land" for a in landings)
                    game.apply(landings[0])
                    landed = True
                continue
            game.apply(actions[rng.randrange(len(actions))])
        if landed:
            break
    assert landed


def test_tunnel_tokens_show_in_the_planes_and_the_supply():
    # The Tunnel: a figure decision beside open tunnel openings offers `tunnel` actions; a token
    # placed shows in the `tunnel_tokens` board plane and lowers the seat's `tunnel_tokens`.
    plane = {name: i for i, name in enumerate(carcassonne.PLANES)}
    field = carcassonne.PLAYER_FIELDS.index("tunnel_tokens")
    for seed in range(20):
        game = carcassonne.Game(2, expansions=["tunnel"], seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            tokens = [a for a in actions if a.kind == "tunnel"]
            if tokens:
                before = game.observe()
                assert before["board"][plane["tunnel_openings"]].sum() >= 1
                left = before["players"][0][field]
                game.apply(tokens[0])
                after = game.observe()
                assert after["board"][plane["tunnel_tokens"]].sum() == before["board"][plane["tunnel_tokens"]].sum() + 1
                assert after["players"][0][field] == left - 1
                return
            game.apply(actions[rng.randrange(len(actions))])
    raise AssertionError("no tunnel token offered in twenty games")


def test_ferries_show_in_the_planes_and_their_decisions_are_named():
    # The Ferries: after a lake tile the `place-ferry` decision offers `ferry` actions (pairs of
    # the lake's roads); the lake shows in the `ferry_lake` tile plane and the ferry in the
    # `ferries` plane, as the sides its roads leave by (two bits of 1 north, 2 east, 4 south,
    # 8 west).
    assert {"place-ferry", "move-ferry"} <= set(carcassonne.PENDING_KINDS)
    plane = {name: i for i, name in enumerate(carcassonne.PLANES)}
    for seed in range(20):
        game = carcassonne.Game(2, expansions=["ferries"], seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            if game.pending == "place-ferry":
                assert actions and all(a.kind == "ferry" for a in actions)
                before = game.observe()["board"]
                assert before[plane["ferry_lake"]].sum() >= 1
                game.apply(actions[0])
                ferries = game.observe()["board"][plane["ferries"]]
                values = [int(v) for v in ferries.flatten() if v]
                assert len(values) == before[plane["ferries"]].astype(bool).sum() + 1
                assert all(bin(v).count("1") == 2 for v in values)
                return
            game.apply(actions[rng.randrange(len(actions))])
    raise AssertionError("no ferry placed in twenty games")


def test_the_plague_shows_in_the_planes_and_its_decision_is_named():
    # The Plague: the sources carry the `plague_source` tile plane; each outbreak shows in the
    # `outbreaks` plane (1 active, 2 died out) and each flea in the `fleas` plane (1 red, 2
    # pink); the `plague` decision offers `flea` spreads, `flee` flights and a pass.
    assert "plague" in carcassonne.PENDING_KINDS
    plane = {name: i for i, name in enumerate(carcassonne.PLANES)}
    for seed in range(10):
        game = carcassonne.Game(2, expansions=["plague"], seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            if game.pending == "plague":
                kinds = {a.kind for a in actions}
                assert kinds <= {"flea", "flee", "pass"}, kinds
                spreads = [a for a in actions if a.kind == "flea"]
                if spreads:
                    board = game.observe()["board"]
                    assert board[plane["outbreaks"]].max() >= 1
                    assert board[plane["plague_source"]].sum() >= 1
                    fleas = int((board[plane["fleas"]] > 0).sum())
                    game.apply(spreads[0])
                    after = game.observe()["board"][plane["fleas"]]
                    assert int((after > 0).sum()) == fleas + 1
                    return
            game.apply(actions[rng.randrange(len(actions))])
    raise AssertionError("no flea spread in ten games")


def test_the_messages_name_their_decisions_and_show_the_messenger():
    # The Messages: a scorer moves one of two scoring figures (`scoring-figure`: move the
    # messenger or the scoring follower); a figure on a dark space in its player's turn brings
    # a `message`, done or traded for 2 points; the `messenger_points` player field follows
    # the messenger, and both figures together carry the score between decisions.
    assert {"scoring-figure", "message"} <= set(carcassonne.PENDING_KINDS)
    field = carcassonne.PLAYER_FIELDS.index("messenger_points")
    score = carcassonne.PLAYER_FIELDS.index("score")
    for seed in range(20):
        game = carcassonne.Game(2, expansions=["messages"], seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            actions = game.legal_actions()
            if game.pending == "scoring-figure":
                assert {a.kind for a in actions} == {"scoring-figure"}
                game.apply(actions[-1])
                players = game.observe()["players"]
                assert 0 < players[0][field] + players[1][field] <= players[0][score] + players[1][score]
                return
            passes = [a for a in actions if a.kind != "pass"]
            game.apply((passes or actions)[rng.randrange(len(passes or actions))])
    raise AssertionError("no scoring figure moved in twenty games")


def test_hills_and_sheep_show_hills_vineyards_shepherds_and_the_flock():
    # Hills & Sheep: its hills and the box's vineyards carry the `hill` and `vineyard` tile
    # planes; each seat has one shepherd (`shepherds` in supply, the `seat{k}_shepherd` plane on
    # the board) and the sheep of its flock (`flock_sheep`); a tile that extends the field of the
    # deciding seat's shepherd asks `flock`: grow the flock (`herd` false) or guide it to the
    # stable (`herd` true: its sheep are points, the shepherd comes home).
    assert "flock" in carcassonne.PENDING_KINDS
    assert {"hill", "vineyard"} <= set(carcassonne.TILE_FIELDS)
    plane = {name: i for i, name in enumerate(carcassonne.PLANES)}
    field = {name: i for i, name in enumerate(carcassonne.PLAYER_FIELDS)}
    seen = set()
    for seed in range(20):
        game = carcassonne.Game(2, expansions=["hills-sheep"], seed=seed)
        players = game.observe(0)["players"]
        assert players[:2, field["shepherds"]].tolist() == [1, 1]
        assert not players[:2, field["flock_sheep"]].any()
        rng = random.Random(seed)
        while not game.is_over:
            board = game.observe(0)["board"]
            seen |= {name for name in ("hill", "vineyard") if board[plane[name]].any()}
            actions = game.legal_actions()
            seat = game.player
            if game.pending == "flock":
                assert {a.kind for a in actions} == {"flock"}
                assert sorted(a.data["herd"] for a in actions) == [False, True]
                row = game.observe(seat)["players"][0]
                assert row[field["shepherds"]] == 0 and row[field["flock_sheep"]] >= 1
                game.apply(next(a for a in actions if a.data["herd"]))
                after = game.observe(seat)["players"][0]
                assert after[field["score"]] >= row[field["score"]] + row[field["flock_sheep"]]
                assert after[field["shepherds"]] == 1 and after[field["flock_sheep"]] == 0
                seen.add("flock")
                if seen >= {"hill", "vineyard", "shepherd", "flock"}:
                    return
                continue
            # The shepherd whenever it may go, so that flocks grow and fields are extended.
            shepherd = [a for a in actions if a.data.get("figure") == "shepherd"]
            game.apply(shepherd[0] if shepherd else actions[rng.randrange(len(actions))])
            obs = game.observe(seat)
            if shepherd and obs["players"][0, field["shepherds"]] == 0:
                # Its first token was sheep (a wolf sends it home at once).
                assert obs["board"][plane["seat0_shepherd"]].sum() == 1
                assert obs["players"][0, field["flock_sheep"]] >= 1
                seen.add("shepherd")
    raise AssertionError(f"twenty games saw only {sorted(seen)}")


def test_under_the_big_top_shows_the_circus_the_acrobats_and_the_ringmaster():
    # Under the Big Top: its tiles carry the `circus` and `acrobats` tile planes; once a circus
    # tile is down the `big_top` plane marks the one circus tile the big top stands on; each
    # seat has one ringmaster (`ringmasters` in supply, the `seat{k}_ringmaster` plane on the
    # board). Instead of deploying, `acrobat` puts a follower from supply onto an acrobat space
    # (a `follower` figure on that tile) and `pyramid` scores a full pyramid: 5 points an
    # acrobat, 15 in all. The circus pays at the next circus tile (`circus-scored`).
    assert {"circus", "acrobats"} <= set(carcassonne.TILE_FIELDS)
    plane = {name: i for i, name in enumerate(carcassonne.PLANES)}
    field = {name: i for i, name in enumerate(carcassonne.PLAYER_FIELDS)}
    scalar = {name: i for i, name in enumerate(carcassonne.SCALARS)}
    assert {"big_top", "seat0_ringmaster", "seat5_ringmaster"} <= set(plane)
    assert "ringmasters" in field
    seen = set()
    for seed in range(20):
        game = carcassonne.Game(2, expansions=["big-top"], seed=seed)
        players = game.observe(0)["players"]
        assert players[:2, field["ringmasters"]].tolist() == [1, 1]
        rng = random.Random(seed)
        while not game.is_over:
            board = game.observe(0)["board"]
            seen |= {name for name in ("circus", "acrobats") if board[plane[name]].any()}
            tent = board[plane["big_top"]]
            # The big top stands on a circus tile, and on no tile before the first one.
            assert tent.sum() <= 1 and (board[plane["circus"]][tent == 1] == 1).all()
            if not board[plane["circus"]].any():
                assert tent.sum() == 0
            elif tent.sum() == 1:
                seen.add("big_top")
            actions = game.legal_actions()
            seat = game.player
            before = game.observe(seat)
            pyramid = [a for a in actions if a.kind == "pyramid"]
            acrobat = [a for a in actions if a.kind == "acrobat"]
            ringmaster = [a for a in actions if a.data.get("figure") == "ringmaster"]
            # A pyramid whenever one may be scored, else an acrobat, else the ringmaster.
            chosen = (pyramid or acrobat or ringmaster or [actions[rng.randrange(len(actions))]])[0]
            events = game.apply(chosen)
            after = game.observe(seat)
            if any(e.kind == "circus-scored" for e in events):
                seen.add("circus_scored")
            if chosen.kind == "pyramid":
                paid = [p for e in events if e.kind == "acrobats-scored" for _, p in e.score_changes]
                assert sum(paid) == 15, paid
                seen.add("pyramid")
            elif chosen.kind == "acrobat":
                assert after["players"][0, field["followers"]] == before["players"][0, field["followers"]] - 1
                wx, wy = before["scalars"][scalar["window_x"]], before["scalars"][scalar["window_y"]]
                row, col = chosen.data["y"] - wy, chosen.data["x"] - wx
                if 0 <= row < board.shape[1] and 0 <= col < board.shape[2]:
                    assert after["board"][plane["acrobats"], row, col] == 1
                    followers = plane["seat0_follower"]
                    assert int(after["board"][followers, row, col]) == int(before["board"][followers, row, col]) + 1
                seen.add("acrobat")
            elif chosen.data.get("figure") == "ringmaster":
                assert after["players"][0, field["ringmasters"]] == 0
                assert after["board"][plane["seat0_ringmaster"]].sum() == 1
                seen.add("ringmaster")
            if seen >= {"circus", "acrobats", "big_top", "circus_scored", "acrobat", "pyramid", "ringmaster"}:
                return
    raise AssertionError(f"twenty games saw only {sorted(seen)}")


def test_bridges_castles_and_bazaars_show_bridges_castles_and_the_bazaar():
    # Bridges, Castles & Bazaars: a bridged tile on the board is its bridged design (the `bridge`
    # tile plane, road edges at the bridge's ends); a castle not scored yet shows on both its
    # tiles in the `castles` plane as 1 + its owner's seat relative to the viewer; each seat has
    # `bridges` and `castle_tokens` left and a `bought_tile` (1 + the design's index, 0 for
    # none); the bazaar's tiles on offer and its auction are scalars (-1 where none).
    assert {"bazaar", "bridge"} <= set(carcassonne.TILE_FIELDS)
    assert {"castle", "bazaar-choose", "bazaar-bid", "bazaar-trade"} <= set(carcassonne.PENDING_KINDS)
    plane = {name: i for i, name in enumerate(carcassonne.PLANES)}
    field = {name: i for i, name in enumerate(carcassonne.PLAYER_FIELDS)}
    scalar = {name: i for i, name in enumerate(carcassonne.SCALARS)}
    assert "castles" in plane and {"bridges", "castle_tokens", "bought_tile"} <= set(field)
    auction_scalars = ("auction_tile", "auction_bid", "auction_bidder", "auction_chooser")
    offer_scalars = [f"bazaar_{k}" for k in range(carcassonne.MAX_SEATS)]
    assert set(auction_scalars) | set(offer_scalars) <= set(scalar)
    design = {name: i for i, name in enumerate(carcassonne.TILE_DESIGNS)}
    bought = re.compile(r"BazaarTileBought \{ player: (\d+), tile: TileId\((\d+)\)")
    taken = re.compile(r"BoughtTileTaken \{ player: (\d+), tile: TileId\((\d+)\)")
    ends = {"ns": ("edge_n_road", "edge_s_road"), "ew": ("edge_e_road", "edge_w_road")}
    seen = set()
    for seed in range(40):
        players = 3 + seed % 2
        game = carcassonne.Game(players, expansions=["bridges-castles-bazaars"], seed=seed)
        rows = game.observe(0)["players"]
        assert rows[:players, field["bridges"]].tolist() == [3] * players
        assert rows[:players, field["castle_tokens"]].tolist() == [3] * players
        assert not rows[:, field["bought_tile"]].any()
        rng = random.Random(seed)
        holds = {}  # seat -> the design index of the tile it bought and has not placed
        while not game.is_over:
            seat = game.player
            before = game.observe(seat)
            scalars = before["scalars"]
            actions = game.legal_actions()
            kinds = {a.kind for a in actions}
            assert before["players"][:players, field["bought_tile"]].tolist() == [
                holds.get((seat + k) % players, -1) + 1 for k in range(players)
            ]
            pending = game.pending
            if pending == "bazaar-choose":
                assert kinds == {"bazaar-choose"} and scalars[scalar["auction_tile"]] == -1
                for a in actions:
                    assert scalars[scalar[f"bazaar_{a.data['index']}"]] == design[a.data["tile"]]
                assert max(a.data["bid"] for a in actions) <= game.scores[seat]
                seen.add("bazaar-choose")
            elif pending in ("bazaar-bid", "bazaar-trade"):
                tile, bid = scalars[scalar["auction_tile"]], scalars[scalar["auction_bid"]]
                assert tile in scalars[[scalar[s] for s in offer_scalars]] and tile >= 0 and bid >= 0
                assert 0 <= scalars[scalar["auction_bidder"]] < players
                assert 0 <= scalars[scalar["auction_chooser"]] < players
                if pending == "bazaar-bid":
                    assert kinds <= {"bid", "pass"} and all(a.data["bid"] > bid for a in actions if a.kind == "bid")
                    assert scalars[scalar["auction_chooser"]] != 0
                else:
                    assert kinds <= {"bazaar-trade"} and scalars[scalar["auction_chooser"]] == 0
                seen.add(pending)
            elif pending == "castle":
                assert kinds == {"castle", "pass"}
            else:
                assert scalars[scalar["auction_tile"]] == -1
            if pending == "place-tile" and seat in holds:
                # The bought tile is placed instead of a drawn one.
                assert game.tile == carcassonne.TILE_DESIGNS[holds[seat]]
            castle = [a for a in actions if a.kind == "castle"]
            bridged = [a for a in actions if a.kind in ("place-bridged", "bridge")]
            if castle:
                chosen = castle[0]
            elif bridged and rng.random() < 0.3:
                chosen = rng.choice(bridged)
            elif pending in ("bazaar-choose", "bazaar-bid"):
                # Modest bids, so that the points last.
                cheap = [a for a in actions if a.data.get("bid", 0) <= 2]
                chosen = rng.choice(cheap or actions)
            else:
                chosen = actions[rng.randrange(len(actions))]
            events = game.apply(chosen)
            for event in events:
                if m := bought.match(event.text):
                    holds[int(m[1])] = int(m[2])
                    seen.add("bought")
                if m := taken.match(event.text):
                    assert holds.pop(int(m[1])) == int(m[2])
                    seen.add("taken")
            after = game.observe(seat)
            wx, wy = after["scalars"][scalar["window_x"]], after["scalars"][scalar["window_y"]]
            board = after["board"]
            if chosen.kind in ("place-bridged", "bridge"):
                assert after["players"][0, field["bridges"]] == before["players"][0, field["bridges"]] - 1
                # The bridge's tile: the one placed or the one beside it (`place-bridged`), or the
                # tile named (`bridge`).
                key = "bridge_" if chosen.kind == "place-bridged" else ""
                x, y = chosen.data[key + "x"], chosen.data[key + "y"]
                row, col = y - wy, x - wx
                if 0 <= row < board.shape[1] and 0 <= col < board.shape[2]:
                    assert board[plane["bridge"], row, col] == 1
                    assert all(board[plane[edge], row, col] == 1 for edge in ends[chosen.data["axis"]])
                seen.add(chosen.kind)
            if chosen.kind == "castle":
                assert after["players"][0, field["castle_tokens"]] == before["players"][0, field["castle_tokens"]] - 1
                new = (board[plane["castles"]] == 1) & (before["board"][plane["castles"]] == 0)
                assert 1 <= new.sum() <= 2 and (board[plane["tile"]][new] == 1).all()
                # Another viewer sees the castle as the builder's, relative to them.
                other = game.observe((seat + 1) % players)["board"][plane["castles"]]
                assert (other[board[plane["castles"]] == 1] == players).all()
                seen.add("castle")
            # Every castle plane value names a seat, on a tile.
            castles = board[plane["castles"]]
            assert castles.max() <= players and (board[plane["tile"]][castles > 0] == 1).all()
        assert not holds and game.observe(0)["scalars"][scalar["auction_tile"]] == -1
        again = carcassonne.Game.from_record(game.record_json())
        assert again.scores == game.scores and again.is_over
        wanted = {"place-bridged", "bridge", "castle", "bazaar-choose", "bazaar-bid", "bazaar-trade", "bought", "taken"}
        if seen >= wanted:
            return
    raise AssertionError(f"forty games saw only {sorted(seen)}")


def test_the_catapult_shows_the_fair_and_plays_its_rounds():
    # The Catapult: a fair tile shows in the `fair` tile plane (and the `tile` vector while it is
    # to be placed); placing it asks its player for the kind of token (`catapult`, actions
    # `catapult` with `token`), then every player from them flicks a token of that kind at a
    # tile on the board (`flick`, actions `flick` with `x`, `y`), the kind in the
    # `catapult_token` scalar; a seduction token that comes down near another player's follower
    # asks for a seduction or a pass (`seduce`); a catch round is thrown at once.
    assert "fair" in carcassonne.TILE_FIELDS
    assert {"catapult", "flick", "seduce"} <= set(carcassonne.PENDING_KINDS)
    plane = {name: i for i, name in enumerate(carcassonne.PLANES)}
    scalar = {name: i for i, name in enumerate(carcassonne.SCALARS)}
    fair = carcassonne.TILE_FIELDS.index("fair")
    tokens = ["knock-out", "seduction", "target", "catch"]
    seen = set()
    rounds = 0
    for seed in range(20):
        players = 3 + seed % 2
        game = carcassonne.Game(players, expansions=["catapult"], seed=seed)
        rng = random.Random(seed)
        token = None
        while not game.is_over:
            obs = game.observe()
            scalars, board = obs["scalars"], obs["board"]
            actions = game.legal_actions()
            kinds = {a.kind for a in actions}
            pending = game.pending
            if pending == "place-tile":
                assert obs["tile"][fair] == int(game.tile.startswith("catapult:"))
            wx, wy = scalars[scalar["window_x"]], scalars[scalar["window_y"]]
            if pending == "catapult":
                # The fair tile was the last placed.
                last = board[plane["last_placed"]] == 1
                assert last.sum() == 1 and (board[plane["fair"]][last] == 1).all()
                assert kinds == {"catapult"} and sorted(a.data["token"] for a in actions) == sorted(tokens)
                assert scalars[scalar["catapult_token"]] == -1
                token = tokens[rounds % 4]
                rounds += 1
                chosen = next(a for a in actions if a.data["token"] == token)
                seen.add(token)
            elif pending == "flick":
                assert kinds == {"flick"} and scalars[scalar["catapult_token"]] == tokens.index(token)
                # Any tile on the board may be aimed at.
                aims = {(a.data["x"] - wx, a.data["y"] - wy) for a in actions}
                tiles = {(int(c), int(r)) for r, c in zip(*np.nonzero(board[plane["tile"]]))}
                assert aims >= tiles and len(aims) == len(actions)
                chosen = rng.choice(actions)
                seen.add("flick")
            elif pending == "seduce":
                assert token == "seduction" and scalars[scalar["catapult_token"]] == 1
                assert kinds <= {"seduce", "pass"} and kinds
                me = game.colors[game.player]
                assert all(a.data["owner"] != me for a in actions if a.kind == "seduce")
                chosen = next((a for a in actions if a.kind == "seduce"), actions[0])
                seen.add("seduce")
            else:
                assert scalars[scalar["catapult_token"]] == -1
                chosen = actions[rng.randrange(len(actions))]
            events = game.apply(chosen)
            seen.update(e.kind for e in events)
            if chosen.kind == "catapult" and token == "catch":
                # A catch round is over at once: one throw a player.
                assert sum(e.kind == "catch-thrown" for e in events) == players
                assert game.pending != "flick"
        again = carcassonne.Game.from_record(game.record_json())
        assert again.scores == game.scores and again.is_over
        wanted = set(tokens) | {"flick", "seduce", "flicked", "seduced", "catch-thrown", "catapult-scored"}
        if seen >= wanted:
            return
    raise AssertionError(f"twenty games saw only {sorted(seen)}")
