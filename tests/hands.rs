//! The official variations that let a player choose the tile to place (seed 001, SELECTED
//! VARIATIONS; the engine's `expansions/hands.rs`): "More tiles in hand", "The battle for
//! completed cloisters", "Collective planning" and "The architects". Each sentence of a
//! variation and each reading of docs/rules.md ("Official variations") is a named test here,
//! with the hidden information they bring: a hand or a stack is seen by its owner only.

use std::collections::BTreeMap;

use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, Figure, Game, GameSetup, Pending, PlayerId, Record, RecordDeck, RuleError,
    Rules, SetupError, TileId, TilesInHand, Variants,
};

use crate::expansions::{random_game_checked, tile};
use crate::princess_dragon::{apply, deploy, game_with, place};

const RED: PlayerId = 0;
const BLUE: PlayerId = 1;
const GREEN: PlayerId = 2;

fn hand(n: TilesInHand) -> Variants {
    Variants { tiles_in_hand: n, ..Variants::default() }
}

fn battle() -> Variants {
    Variants { battle_for_cloisters: true, ..Variants::default() }
}

fn collective() -> Variants {
    Variants { collective_planning: true, ..Variants::default() }
}

fn architects() -> Variants {
    Variants { architects: true, ..Variants::default() }
}

fn with(expansions: &[Expansion], variants: Variants) -> Rules {
    Rules { expansions: expansions.to_vec(), variants }
}

fn seeded(rules: Rules, players: usize, seed: u64) -> Game {
    Game::new(GameSetup { rules, players: Color::ALL[..players].to_vec(), deck: Deck::Seed(seed) }).unwrap()
}

fn choose(g: &mut Game, id: &str) -> Vec<Event> {
    apply(g, Action::ChooseTile { tile: tile(id) })
}

/// Every tile of the game but the held cloisters: on the board, discarded, in the row, set
/// aside, being placed, and those a spectator cannot see (the face-down ones and every hand), as
/// a count per design.
fn every_tile(g: &Game) -> BTreeMap<TileId, usize> {
    let mut count = BTreeMap::new();
    let mut add = |t: TileId, n: usize| *count.entry(t).or_insert(0) += n;
    g.board().tiles().iter().for_each(|p| add(p.tile, 1));
    g.discarded().iter().chain(g.tile_row()).chain(g.tiles_set_aside()).for_each(|&t| add(t, 1));
    if let Pending::PlaceTile { tile, .. } = g.pending() {
        add(tile, 1);
    }
    for (t, n) in g.observation(None).remaining_tiles() {
        add(t, n as usize);
    }
    count
}

/// How many tiles the game holds: [`every_tile`], the cloisters held ("Cloisters for
/// everyone!") and the abbeys held (Abbey & Mayor).
fn tile_total(g: &Game) -> usize {
    let seats = 0..g.players().len() as PlayerId;
    let held = seats.clone().filter(|&p| g.held_tile(p).is_some()).count();
    let abbeys = if g.rules().has(Expansion::AbbeyMayor) { seats.filter(|&p| g.holds_abbey(p)).count() } else { 0 };
    every_tile(g).values().sum::<usize>() + held + abbeys
}

// ----- More tiles in hand -----

/// "the players have two or three tiles in their hand at all times, from which they can select
/// one for placement": dealt at the start, one a round in seat order.
#[test]
fn each_player_holds_two_or_three_tiles_dealt_at_the_start() {
    for (n, k) in [(TilesInHand::Two, 2), (TilesInHand::Three, 3)] {
        for players in 2..=6usize {
            let g = seeded(with(&[], hand(n)), players, 3);
            for p in 0..players as PlayerId {
                assert_eq!(g.hand(p).len(), k, "{players} players, seat {p}");
            }
            assert_eq!(g.tiles_left(), 71 - k * players);
            assert_eq!(g.pending(), Pending::ChooseTile { player: RED });
        }
    }
    // The standard game holds none.
    let g = seeded(Rules::base(), 2, 3);
    assert!(g.hand(RED).is_empty());
    assert!(matches!(g.pending(), Pending::PlaceTile { .. }));
}

/// "... from which they can select one for placement": the choices are the hand's tiles, each
/// design once; the one chosen is then placed like a drawn tile.
#[test]
fn the_player_chooses_the_tile_to_place_from_the_hand() {
    let deck = ["base:U", "base:B", "base:V", "base:E", "base:U", "base:K"];
    let mut g = game_with(with(&[], hand(TilesInHand::Two)), 2, &deck);
    // Dealt one a round: red U and V, blue B and E.
    assert_eq!(g.hand(RED), [tile("base:U"), tile("base:V")]);
    assert_eq!(g.hand(BLUE), [tile("base:B"), tile("base:E")]);
    let mut offered = g.legal_actions();
    offered.sort_by_key(|a| format!("{a:?}"));
    let mut expected = vec![Action::ChooseTile { tile: tile("base:U") }, Action::ChooseTile { tile: tile("base:V") }];
    expected.sort_by_key(|a| format!("{a:?}"));
    assert_eq!(offered, expected);
    let events = choose(&mut g, "base:V");
    assert!(events.contains(&Event::TileChosen { player: RED, tile: tile("base:V"), face_up: false }));
    assert_eq!(g.pending(), Pending::PlaceTile { player: RED, tile: tile("base:V") });
    assert_eq!(g.hand(RED), [tile("base:U")]);
    // "After the placement of a land tile, another is drawn into the hand."
    let events = place(&mut g, 1, 0);
    assert!(events.contains(&Event::TileToHand { player: RED }));
    assert_eq!(g.hand(RED), [tile("base:U"), tile("base:U")]);
    assert_eq!(g.tiles_left(), 1);
}

/// A tile not in one's hand, or a pass, is refused with a message, and nothing changes.
#[test]
fn a_tile_not_in_hand_is_refused() {
    let mut g = game_with(with(&[], hand(TilesInHand::Two)), 2, &["base:U", "base:B", "base:V", "base:E"]);
    let before = format!("{g:?}");
    assert_eq!(g.apply(Action::ChooseTile { tile: tile("base:B") }), Err(RuleError::NotYourTile));
    assert_eq!(g.apply(Action::Pass), Err(RuleError::NothingToDraw));
    assert!(matches!(g.apply(Action::PlayHeldTile), Err(RuleError::WrongDecision { .. })));
    assert_eq!(format!("{g:?}"), before);
}

/// A hand is hidden: another player's view gives its size only, counts its tiles among those
/// it cannot see, and a possible world (`sample_game`) deals it other tiles, keeping the
/// viewer's own.
#[test]
fn a_hand_is_seen_by_its_owner_only() {
    let g = seeded(with(&[], hand(TilesInHand::Three)), 3, 9);
    let blue = g.observation(Some(BLUE));
    assert_eq!(blue.hand(BLUE), Some(g.hand(BLUE)));
    assert_eq!(blue.hand(RED), None);
    assert_eq!(g.observation(None).hand(RED), None, "nor a spectator");
    assert_eq!(blue.hand_size(RED), 3);
    let unseen: usize = blue.remaining_tiles().iter().map(|(_, n)| *n as usize).sum();
    assert_eq!(unseen, g.tiles_left() + 6, "the pile and the two other hands");
    let mut rng = rng_from_seed(1);
    let mut red_hands = std::collections::BTreeSet::new();
    for _ in 0..20 {
        let world = blue.sample_game(&mut rng);
        assert_eq!(world.hand(BLUE), g.hand(BLUE), "the viewer's own hand stays");
        assert_eq!(world.hand(RED).len(), 3);
        assert_eq!(every_tile(&world), every_tile(&g), "a world holds the same tiles");
        red_hands.insert(world.hand(RED).to_vec());
    }
    assert!(red_hands.len() > 10, "red's hand is dealt anew in each world: {}", red_hands.len());
}

/// With a river, the river is laid first from its own tiles (drawn one by one); the hands are
/// dealt once it is done, and a player whose hand is empty while others still hold tiles misses
/// the turn; the game ends when nobody holds a tile.
#[test]
fn hands_are_dealt_after_the_river_and_an_empty_hand_misses_its_turn() {
    let deck = ["river:10", "base:U", "base:U", "base:U", "base:U"];
    let mut g = game_with(with(&[Expansion::River], hand(TilesInHand::Two)), 3, &deck);
    assert_eq!(g.pending(), Pending::PlaceTile { player: RED, tile: tile("river:10") });
    assert!(g.hand(RED).is_empty());
    place(&mut g, 1, 0);
    apply(&mut g, Action::Pass);
    // Blue's turn: the land tiles are dealt from seat 0 on: red 2, blue 1, green 1.
    let sizes = |g: &Game| [g.hand(RED).len(), g.hand(BLUE).len(), g.hand(GREEN).len()];
    assert_eq!(sizes(&g), [2, 1, 1]);
    assert_eq!(g.pending(), Pending::ChooseTile { player: BLUE });
    let mut placed = vec![];
    while !g.is_over() {
        let Pending::ChooseTile { player } = g.pending() else { panic!("{:?}", g.pending()) };
        placed.push(player);
        choose(&mut g, "base:U");
        let Some(Action::Place { pos, .. }) = g.legal_actions().first().copied() else { panic!() };
        place(&mut g, pos.x, pos.y);
        apply(&mut g, Action::Pass);
    }
    // Blue, green, red; then blue and green hold nothing and miss their turns; red again.
    assert_eq!(placed, vec![BLUE, GREEN, RED, RED]);
    assert_eq!(g.board().len(), 6, "the spring, the river tile and the four land tiles");
}

/// Only a tile that fits somewhere is offered, and hands hold land tiles only (the river is laid
/// from its own tiles first), in random games with both rivers and the dragon (whose tiles are
/// set aside until the volcano, from hands as from the pile).
#[test]
fn only_tiles_that_fit_are_offered() {
    let rules = with(&[Expansion::River, Expansion::River2, Expansion::PrincessDragon], hand(TilesInHand::Three));
    for seed in 0..4 {
        let mut g = seeded(rules.clone(), 3, seed);
        let mut rng = rng_from_seed(seed);
        while !g.is_over() {
            if let Pending::ChooseTile { player } = g.pending() {
                for a in g.legal_actions() {
                    let Action::ChooseTile { tile } = a else { panic!("{a:?}") };
                    assert!(g.hand(player).contains(&tile));
                    let mut after = g.clone();
                    after.apply(a).unwrap();
                    assert!(!after.legal_actions().is_empty(), "a chosen tile fits");
                }
            }
            for p in 0..3 {
                assert!(g.hand(p).iter().all(|&t| !g.design(t).has_river()), "a river tile in a hand");
            }
            let legal = g.legal_actions();
            g.apply(legal[below(&mut rng, legal.len() as u32) as usize]).unwrap();
        }
    }
}

// ----- The battle for completed cloisters -----

/// "1. During their turn, every player has two tiles to choose from in their hand."
#[test]
fn the_battle_for_cloisters_gives_two_tiles_in_hand() {
    let g = seeded(with(&[], battle()), 3, 2);
    for p in 0..3 {
        assert_eq!(g.hand(p).len(), 2);
    }
    // With "More tiles in hand" at three, the hand holds three.
    let g = seeded(with(&[], Variants { tiles_in_hand: TilesInHand::Three, ..battle() }), 2, 2);
    assert_eq!(g.hand(RED).len(), 3);
}

/// "2. During the final scoring, the score of every incomplete cloister is awarded to the
/// opponent": red's monk stands in a cloister with three neighbours; at the end its 4 points go
/// to blue.
#[test]
fn an_incomplete_cloister_scores_for_the_opponent() {
    let deck = ["base:B", "base:U", "base:V", "base:U"];
    let mut g = game_with(with(&[], battle()), 2, &deck);
    choose(&mut g, "base:B");
    place(&mut g, 0, 1);
    deploy(&mut g, Figure::Follower, "cloister");
    choose(&mut g, "base:U");
    place(&mut g, 1, 0);
    apply(&mut g, Action::Pass);
    choose(&mut g, "base:V");
    place(&mut g, -1, 0);
    apply(&mut g, Action::Pass);
    choose(&mut g, "base:U");
    place(&mut g, 2, 0);
    let events = apply(&mut g, Action::Pass);
    assert!(g.is_over());
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::CloisterToNeighbour { owners } if owners.iter().collect::<Vec<_>>() == [RED])));
    assert_eq!(g.scores(), vec![0, 4], "the cloister's 1 + 3 neighbours go to blue");
}

/// "In the case of more than two players, the player to the left receives the points": the
/// player who plays after the owner (seats sit clockwise, and play goes clockwise).
#[test]
fn with_three_players_the_player_on_the_left_receives_the_cloister() {
    let deck = ["base:B", "base:U", "base:U", "base:U", "base:U", "base:U"];
    let mut g = game_with(with(&[], battle()), 3, &deck);
    choose(&mut g, "base:B");
    place(&mut g, 0, 1);
    deploy(&mut g, Figure::Follower, "cloister");
    for (x, y) in [(1, 0), (2, 0), (-1, 0), (-2, 0), (3, 0)] {
        choose(&mut g, "base:U");
        place(&mut g, x, y);
        apply(&mut g, Action::Pass);
    }
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![0, 4, 0], "red's cloister (1 + 3) scores for blue, on red's left");
}

/// Cloisters completed during the game score as usual, for their owners: the points go to the
/// left only in the final scoring.
#[test]
fn a_completed_cloister_scores_for_its_owner() {
    let rules = with(&[], battle());
    let mut redirected = 0;
    for seed in 0..10 {
        let mut g = seeded(rules.clone(), 2, seed);
        let mut rng = rng_from_seed(seed);
        while !g.is_over() {
            let legal = g.legal_actions();
            let events = g.apply(legal[below(&mut rng, legal.len() as u32) as usize]).unwrap();
            for e in &events {
                if matches!(e, Event::CloisterToNeighbour { .. }) {
                    assert!(g.is_over(), "a cloister's points go to the left only at the end");
                    redirected += 1;
                }
                if let Event::Scored(s) = e {
                    assert!(s.completed || g.is_over(), "only completed features score during the game");
                }
            }
        }
    }
    assert!(redirected > 0, "no unfinished cloister with a monk at the end of ten games");
}

// ----- Collective planning -----

/// "Three tiles are placed on one side, face-up. The players can then decide to take any one of
/// the face-up tiles or one from the stack."
#[test]
fn collective_planning_offers_three_face_up_tiles_or_the_pile() {
    let deck = ["base:U", "base:V", "base:B", "base:E", "base:K", "base:U"];
    let mut g = game_with(with(&[], collective()), 2, &deck);
    assert_eq!(g.tile_row(), [tile("base:U"), tile("base:V"), tile("base:B")]);
    assert_eq!(g.observation(Some(BLUE)).tile_row(), g.tile_row(), "face up: everyone sees them");
    let offered = g.legal_actions();
    assert!(offered.contains(&Action::ChooseTile { tile: tile("base:B") }));
    assert_eq!(offered.last(), Some(&Action::Pass), "or draw from the pile");
    assert_eq!(offered.len(), 4);
    // Red takes the cloister; "they are replaced at the end of the turn".
    let events = choose(&mut g, "base:B");
    assert!(events.contains(&Event::TileChosen { player: RED, tile: tile("base:B"), face_up: true }));
    place(&mut g, 0, 1);
    assert_eq!(g.tile_row().len(), 2, "not before the end of the turn");
    let events = apply(&mut g, Action::Pass);
    assert!(events.contains(&Event::TileFaceUp { tile: tile("base:E") }));
    assert_eq!(g.tile_row(), [tile("base:U"), tile("base:V"), tile("base:E")]);
    // Blue draws from the pile instead: the drawn tile must be placed.
    let events = apply(&mut g, Action::Pass);
    assert!(events.contains(&Event::TileDrawn { player: BLUE, tile: tile("base:K") }));
    assert_eq!(g.pending(), Pending::PlaceTile { player: BLUE, tile: tile("base:K") });
    assert_eq!(g.tile_row().len(), 3);
}

/// When the pile is empty, the row is what is left: the game ends when no face-up tile fits.
#[test]
fn collective_planning_ends_with_the_row() {
    let mut g = game_with(with(&[], collective()), 2, &["base:U", "base:U", "base:U"]);
    let mut placed = 0;
    while !g.is_over() {
        assert!(!g.legal_actions().contains(&Action::Pass), "nothing to draw instead");
        choose(&mut g, "base:U");
        let Some(Action::Place { pos, .. }) = g.legal_actions().first().copied() else { panic!() };
        place(&mut g, pos.x, pos.y);
        apply(&mut g, Action::Pass);
        placed += 1;
    }
    assert_eq!(placed, 3);
}

// ----- The architects -----

/// "The tiles are divided among the players, who may select any tile from these individual
/// stacks for placement. It may be strategically useful to distribute the cloisters
/// separately": every land tile is dealt, the cloisters first, so each player has their share of
/// them.
#[test]
fn the_architects_deal_every_tile_the_cloisters_evenly() {
    for players in 2..=6usize {
        let g = seeded(with(&[], architects()), players, 4);
        assert_eq!(g.tiles_left(), 0);
        let sizes: Vec<usize> = (0..players as PlayerId).map(|p| g.hand(p).len()).collect();
        assert_eq!(sizes.iter().sum::<usize>(), 71);
        assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1, "{sizes:?}");
        let cloisters: Vec<usize> = (0..players as PlayerId)
            .map(|p| g.hand(p).iter().filter(|&&t| g.design(t).has_cloister()).count())
            .collect();
        assert!(cloisters.iter().max().unwrap() - cloisters.iter().min().unwrap() <= 1, "{cloisters:?}");
        let mut offered: Vec<TileId> = g
            .legal_actions()
            .into_iter()
            .map(|a| match a {
                Action::ChooseTile { tile } => tile,
                other => panic!("{other:?}"),
            })
            .collect();
        let mut own: Vec<TileId> = g.hand(RED).to_vec();
        own.sort_unstable();
        own.dedup();
        offered.sort_unstable();
        assert_eq!(offered, own, "any tile of one's own stack");
    }
}

/// A stack is private like a hand.
#[test]
fn an_architects_stack_is_hidden_from_the_others() {
    let g = seeded(with(&[], architects()), 2, 4);
    assert_eq!(g.observation(Some(BLUE)).hand(RED), None);
    assert_eq!(g.observation(Some(BLUE)).hand_size(RED), g.hand(RED).len());
    let world = g.observation(Some(BLUE)).sample_game(&mut rng_from_seed(2));
    assert_eq!(world.hand(BLUE), g.hand(BLUE));
    assert_ne!(world.hand(RED), g.hand(RED));
}

// ----- Together -----

/// Only one way of choosing a tile at a time: the setup is refused with a message naming both.
#[test]
fn two_ways_of_choosing_tiles_are_refused_together() {
    let both = Variants { architects: true, collective_planning: true, ..Variants::default() };
    let setup = GameSetup { rules: with(&[], both), players: Color::ALL[..2].to_vec(), deck: Deck::Seed(1) };
    let err = Game::new(setup).unwrap_err();
    assert_eq!(err, SetupError::IncompatibleVariations("collective-planning", "architects"));
    assert!(err.to_string().contains("cannot be played together"), "{err}");
    let both = Variants { tiles_in_hand: TilesInHand::Two, architects: true, ..Variants::default() };
    let setup = GameSetup { rules: with(&[], both), players: Color::ALL[..2].to_vec(), deck: Deck::Seed(1) };
    assert_eq!(Game::new(setup).unwrap_err(), SetupError::IncompatibleVariations("tiles-in-hand", "architects"));
}

/// Random games of each way of choosing, alone and with every expansion (and the held cloister),
/// keep the properties of the expansions' random games (figures conserved, scores never falling,
/// illegal actions refused without a change, records replaying), and conserve every tile.
#[test]
fn random_games_with_hands_keep_the_properties() {
    let ways = [hand(TilesInHand::Two), hand(TilesInHand::Three), battle(), collective(), architects()];
    for (i, way) in ways.into_iter().enumerate() {
        let seed = 800 + i as u64;
        let g = random_game_checked(with(&[], way.clone()), 2 + i % 5, seed);
        assert_eq!(g.board().len() + g.discarded().len(), 72, "{way:?}: every tile is placed or discarded");
        let every = Variants { cloisters_for_everyone: true, ..way };
        let start = seeded(with(&Expansion::ALL, every.clone()), 3 + i % 4, seed);
        let end = random_game_checked(with(&Expansion::ALL, every), 3 + i % 4, seed);
        assert_eq!(tile_total(&end), tile_total(&start), "tiles are conserved");
    }
}

/// A record keeps each choice (`choose-tile`) and replays it, for every way of choosing.
#[test]
fn records_keep_and_replay_the_choices() {
    for way in [hand(TilesInHand::Three), battle(), collective(), architects()] {
        let rules = with(&[Expansion::InnsCathedrals], way.clone());
        let mut g = seeded(rules.clone(), 3, 21);
        let mut record = Record {
            version: carcassonne_engine::record::RECORD_VERSION,
            rules,
            players: Color::ALL[..3].to_vec(),
            deck: RecordDeck::Seed(21),
            actions: vec![],
        };
        let mut rng = rng_from_seed(5);
        while !g.is_over() {
            let legal = g.legal_actions();
            let action = legal[below(&mut rng, legal.len() as u32) as usize];
            record.push(&g, action);
            g.apply(action).unwrap();
        }
        let json = record.to_json_pretty();
        assert!(json.contains("\"choose-tile\""), "{way:?}");
        let replay = Record::from_json(&json).unwrap().replay().unwrap();
        assert_eq!(replay.game.scores(), g.scores(), "{way:?}");
        // A choice of a tile that is not in the hand is refused with its action's index.
        let mut bad = record.clone();
        let at =
            bad.actions.iter().position(|a| matches!(a, carcassonne_engine::RecordAction::ChooseTile { .. })).unwrap();
        if let carcassonne_engine::RecordAction::ChooseTile { tile, .. } = &mut bad.actions[at] {
            *tile = "base:X".into();
        }
        let err = bad.replay().err().map(|e| e.to_string()).unwrap_or_default();
        assert!(err.contains(&format!("{}", at + 1)) || err.contains(&at.to_string()), "{err}");
    }
}

/// Every bot plays each way of choosing to the end.
#[test]
fn every_bot_chooses_tiles() {
    for name in ["random", "greedy", "mcts:iters=30"] {
        for way in [hand(TilesInHand::Two), battle(), collective(), architects()] {
            let mut g = seeded(with(&[], way.clone()), 3, 31);
            let mut bots: Vec<_> = (0..3u64).map(|k| carcassonne_bots::bot_by_name(name, k).unwrap()).collect();
            let mut chosen = 0;
            while let Some(p) = g.pending().player() {
                let action = bots[p as usize].choose_action(&g.observation(Some(p)));
                chosen += usize::from(matches!(action, Action::ChooseTile { .. }));
                g.apply(action).unwrap_or_else(|e| panic!("{name} {way:?}: {action:?}: {e}"));
            }
            assert!(chosen > 20, "{name} {way:?}: {chosen} choices");
        }
    }
}

/// The command line: `simulate --variant` plays each way of choosing, its record keeps them,
/// `replay` tells who took which tile from where, and two ways together are refused with the
/// setup's message.
#[test]
fn the_command_line_plays_and_replays_the_choices() {
    for (variant, from) in [
        ("tiles-in-hand=three", "from their hand"),
        ("architects=true", "from their stack"),
        ("collective-planning=true", "from the face-up row"),
    ] {
        let path = crate::support::temp_path("hands.json");
        let file = path.to_str().unwrap();
        crate::support::ok(&[
            "simulate",
            "--games",
            "1",
            "--players",
            "3",
            "--seed",
            "2",
            "--variant",
            variant,
            "--record-out",
            file,
        ]);
        let text = crate::support::ok(&["replay", file]);
        assert!(text.contains("takes base:") && text.contains(from), "{variant}: {text}");
        std::fs::remove_file(&path).ok();
    }
    let err =
        crate::support::fails(&["simulate", "--variant", "architects=true", "--variant", "collective-planning=true"]);
    assert!(err.contains("cannot be played together"), "{err}");
}
