//! The official variation "Only one can choose" by Robert Vötter (seed 001, SELECTED
//! VARIATIONS), variant `only-one-can-choose` = `face-down` (variation a) or `face-up`
//! (variation b). Each sentence, and each reading docs/rules.md records, is a named test.
//!
//! The start tile (base:D) lies at the origin: a city to the north, a road from west to east,
//! fields to the south (y grows southwards).

use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, Game, GameSetup, OnlyOneCanChoose, Pending, Pos, RuleError, Rules,
    SetupError, TileId, Variants,
};

use crate::expansions::{random_game_checked, tile};
use crate::princess_dragon::{apply, game_with, place};

const RED: u8 = 0;
const BLUE: u8 = 1;
const GREEN: u8 = 2;

fn given(how: OnlyOneCanChoose) -> Variants {
    Variants { only_one_can_choose: how, ..Variants::default() }
}

fn rules(how: OnlyOneCanChoose) -> Rules {
    Rules { expansions: vec![], variants: given(how) }
}

fn ids(g: &Game, tiles: &[TileId]) -> Vec<String> {
    tiles.iter().map(|&t| g.design(t).id.clone()).collect()
}

/// `action` is refused with `error`, and the game is as it was.
fn refused(g: &mut Game, action: Action, error: RuleError) {
    let before = format!("{g:?}");
    assert_eq!(g.apply(action), Err(error), "{action:?}");
    assert_eq!(format!("{g:?}"), before, "a refused {action:?} changed the game");
}

/// Places the tile pending at the first place it fits, and deploys nothing.
fn play_anywhere(g: &mut Game) -> Vec<Event> {
    let place = g.legal_actions().into_iter().find(|a| matches!(a, Action::Place { .. })).expect("a placement");
    [apply(g, place), apply(g, Action::Pass)].concat()
}

/// "This player draws as many tiles as there are players. After looking at the tiles, he or she
/// distributes them among the other players as he or she chooses, naturally retaining one
/// tile": red draws three, gives one to blue and one to green, and places the last.
#[test]
fn the_player_draws_a_tile_for_each_player_and_hands_them_out() {
    let mut g = game_with(rules(OnlyOneCanChoose::FaceDown), 3, &["base:U", "base:B", "base:E", "base:K"]);
    assert_eq!(g.pending(), Pending::GiveTile { player: RED });
    assert_eq!(ids(&g, g.hand(RED)), ["base:U", "base:B", "base:E"]);
    // Each tile to each player without one.
    assert_eq!(g.legal_actions().len(), 3 * 2);
    apply(&mut g, Action::GiveTile { tile: tile("base:B"), to: GREEN });
    assert_eq!(g.pending(), Pending::GiveTile { player: RED });
    assert_eq!(g.legal_actions().len(), 2, "two tiles left, one player without a tile");
    apply(&mut g, Action::GiveTile { tile: tile("base:U"), to: BLUE });
    assert_eq!(g.pending(), Pending::PlaceTile { player: RED, tile: tile("base:E") }, "the last tile is kept");
    assert!(g.hand(RED).is_empty());
    assert_eq!(ids(&g, g.hand(BLUE)), ["base:U"]);
    assert_eq!(ids(&g, g.hand(GREEN)), ["base:B"]);
}

/// "Beginning with the player whose turn it is, the players then take turns to place their
/// tiles. Then the figure is passed to the next player": red, blue, green place; the next round
/// is blue's to hand out, then green's, then red's again.
#[test]
fn each_places_the_tile_given_then_the_next_player_hands_out() {
    let mut deck = vec!["base:B"; 12];
    deck[0] = "base:U";
    let mut g = game_with(rules(OnlyOneCanChoose::FaceDown), 3, &deck);
    apply(&mut g, Action::GiveTile { tile: tile("base:B"), to: BLUE });
    apply(&mut g, Action::GiveTile { tile: tile("base:B"), to: GREEN });
    assert_eq!(g.pending(), Pending::PlaceTile { player: RED, tile: tile("base:U") });
    place(&mut g, 1, 0);
    apply(&mut g, Action::Pass);
    for player in [BLUE, GREEN] {
        assert_eq!(g.pending(), Pending::PlaceTile { player, tile: tile("base:B") }, "no choice: the tile given");
        play_anywhere(&mut g);
    }
    for distributor in [BLUE, GREEN, RED] {
        assert_eq!(g.pending(), Pending::GiveTile { player: distributor });
        let give = g.legal_actions()[0];
        apply(&mut g, give);
        let give = g.legal_actions()[0];
        apply(&mut g, give);
        for k in 0..3 {
            assert_eq!(g.pending().player(), Some((distributor + k) % 3), "the round begins with its distributor");
            play_anywhere(&mut g);
        }
    }
    assert!(g.is_over());
}

/// Giving refuses a tile not in hand, the distributor as recipient, and a player who already
/// has a tile; nothing else is accepted; the game stays as it was.
#[test]
fn bad_gifts_are_refused_and_change_nothing() {
    let mut g = game_with(rules(OnlyOneCanChoose::FaceDown), 3, &["base:U", "base:B", "base:E", "base:K"]);
    refused(&mut g, Action::GiveTile { tile: tile("base:C"), to: BLUE }, RuleError::NotYourTile);
    refused(&mut g, Action::GiveTile { tile: tile("base:B"), to: RED }, RuleError::NotARecipient(RED));
    refused(&mut g, Action::GiveTile { tile: tile("base:B"), to: 5 }, RuleError::NotARecipient(5));
    apply(&mut g, Action::GiveTile { tile: tile("base:B"), to: BLUE });
    refused(&mut g, Action::GiveTile { tile: tile("base:E"), to: BLUE }, RuleError::NotARecipient(BLUE));
    let before = format!("{g:?}");
    assert!(g.apply(Action::Pass).is_err());
    assert!(g.apply(Action::Place { pos: Pos::new(0, 1), rotation: carcassonne_engine::Rotation::R0 }).is_err());
    assert_eq!(format!("{g:?}"), before);
}

/// "Variation a): Distribute the tiles face down": the others do not see which tile was given,
/// nor the distributor's tiles, nor each other's; "Variation b): Distribute the tiles face up,
/// so that all players can see the tiles".
#[test]
fn face_down_hides_the_tiles_and_face_up_shows_them() {
    for how in [OnlyOneCanChoose::FaceDown, OnlyOneCanChoose::FaceUp] {
        let face_up = how == OnlyOneCanChoose::FaceUp;
        let mut g = game_with(rules(how), 3, &["base:U", "base:B", "base:E", "base:K"]);
        let green = g.observation(Some(GREEN));
        assert_eq!(green.hand(RED).is_some(), face_up, "{how:?}: the distributor's tiles");
        assert_eq!(green.hand_size(RED), 3);
        let events = apply(&mut g, Action::GiveTile { tile: tile("base:B"), to: BLUE });
        let shown = if face_up { Some(tile("base:B")) } else { None };
        assert_eq!(events, vec![Event::TileGiven { from: RED, to: BLUE, tile: shown }]);
        let green = g.observation(Some(GREEN));
        assert_eq!(green.hand(BLUE).is_some(), face_up, "{how:?}: blue's tile");
        assert_eq!(green.hand_size(BLUE), 1);
        assert_eq!(g.observation(Some(BLUE)).hand(BLUE), Some(&[tile("base:B")][..]), "one's own tile");
        assert_eq!(g.observation(None).hand(BLUE).is_some(), face_up, "a spectator");
    }
}

/// Our reading: a tile given that fits nowhere is discarded as a drawn one would be, and its
/// player draws from the pile instead. Red keeps the city cap that closes the start tile's
/// city and gives blue the four-sided city, which then fits nowhere.
#[test]
fn a_given_tile_that_fits_nowhere_is_discarded_and_the_player_draws() {
    let mut g = game_with(rules(OnlyOneCanChoose::FaceDown), 2, &["base:E", "base:C", "base:B", "base:B", "base:B"]);
    apply(&mut g, Action::GiveTile { tile: tile("base:C"), to: BLUE });
    let cap = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if *pos == Pos::new(0, -1)))
        .unwrap();
    apply(&mut g, cap);
    let events = apply(&mut g, Action::Pass);
    assert!(events.contains(&Event::TileDiscarded { player: BLUE, tile: tile("base:C") }), "{events:?}");
    assert_eq!(g.pending(), Pending::PlaceTile { player: BLUE, tile: tile("base:B") });
}

/// Our reading: when the pile holds fewer tiles than players, the distributor hands out what
/// there is (one tile: kept, no hand-out) and the players without a tile miss their turn; the
/// game ends when nobody holds a tile and the pile is empty.
#[test]
fn a_short_pile_is_handed_out_as_far_as_it_goes() {
    let deck = ["base:U", "base:B", "base:B", "base:B"];
    let mut g = game_with(rules(OnlyOneCanChoose::FaceDown), 3, &deck);
    apply(&mut g, Action::GiveTile { tile: tile("base:B"), to: BLUE });
    apply(&mut g, Action::GiveTile { tile: tile("base:B"), to: GREEN });
    place(&mut g, 1, 0);
    apply(&mut g, Action::Pass);
    play_anywhere(&mut g);
    play_anywhere(&mut g);
    // Blue's round: one tile left, kept without a hand-out.
    assert_eq!(g.pending(), Pending::PlaceTile { player: BLUE, tile: tile("base:B") });
    play_anywhere(&mut g);
    assert!(g.is_over());
}

/// Our reading: with a builder, the second tile of the double turn is drawn from the pile (the
/// round's tile is placed already). Red's road at (1, 0) with red's thief, extended with red's
/// builder, then extended again: red draws the double turn's tile.
#[test]
fn the_builders_second_tile_is_drawn_from_the_pile() {
    let rules = Rules { expansions: vec![Expansion::TradersBuilders], variants: given(OnlyOneCanChoose::FaceDown) };
    let u = "base:U";
    let mut g = game_with(rules, 2, &[u, u, u, u, u, u, "base:B", "base:B"]);
    // Round 1 (red hands out): red's thief on the road east of the start.
    apply(&mut g, Action::GiveTile { tile: tile(u), to: BLUE });
    place(&mut g, 1, 0);
    crate::princess_dragon::deploy(&mut g, carcassonne_engine::Figure::Follower, "road@E");
    place(&mut g, -1, 0);
    apply(&mut g, Action::Pass);
    // Round 2 (blue hands out): red's builder on the road at (2, 0).
    apply(&mut g, Action::GiveTile { tile: tile(u), to: RED });
    place(&mut g, -2, 0);
    apply(&mut g, Action::Pass);
    place(&mut g, 2, 0);
    crate::princess_dragon::deploy(&mut g, carcassonne_engine::Figure::Builder, "road@E");
    // Round 3 (red hands out): red extends the road with the builder: a double turn.
    apply(&mut g, Action::GiveTile { tile: tile(u), to: BLUE });
    place(&mut g, 3, 0);
    let events = apply(&mut g, Action::Pass);
    assert!(events.iter().any(|e| matches!(e, Event::DoubleTurn { player: RED })), "{events:?}");
    assert!(events.iter().any(|e| matches!(e, Event::TileDrawn { player: RED, .. })), "{events:?}");
    assert_eq!(g.pending(), Pending::PlaceTile { player: RED, tile: tile("base:B") });
    assert_eq!(g.hand(BLUE).len(), 1, "blue still holds the round's tile");
}

/// Our reading: the abbey (Abbey & Mayor) is offered instead of the round's draw, to its
/// distributor only; a player holding a tile handed out places it. The hole at (0, 1) is ready
/// after three rounds; blue, handing out the fourth, is offered the abbey; red, holding the tile
/// blue gave, is not.
#[test]
fn the_abbey_is_offered_to_the_distributor_only() {
    let rules = Rules { expansions: vec![Expansion::AbbeyMayor], variants: given(OnlyOneCanChoose::FaceDown) };
    let mut deck = vec!["base:B"; 10];
    deck[0] = "base:U";
    let mut g = game_with(rules, 2, &deck);
    let gift = |g: &mut Game, to| {
        let give = g
            .legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::GiveTile { tile, .. } if g.design(*tile).id == "base:B"))
            .unwrap();
        let Action::GiveTile { tile, .. } = give else { unreachable!() };
        apply(g, Action::GiveTile { tile, to });
    };
    // Rounds of two: red hands out, red and blue place; blue hands out, blue and red place; ...
    let rounds = [(RED, BLUE, (1, 0), (1, 1)), (BLUE, RED, (1, 2), (0, 2)), (RED, BLUE, (-1, 2), (-1, 1))];
    for (distributor, other, first, second) in rounds {
        assert_eq!(g.pending(), Pending::GiveTile { player: distributor });
        gift(&mut g, other);
        place(&mut g, first.0, first.1);
        apply(&mut g, Action::Pass);
        place(&mut g, second.0, second.1);
        apply(&mut g, Action::Pass);
    }
    assert_eq!(g.pending(), Pending::Abbey { player: BLUE }, "the distributor may place the abbey instead");
    apply(&mut g, Action::Pass);
    gift(&mut g, RED);
    place(&mut g, 2, 1);
    apply(&mut g, Action::Pass);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: RED, .. }), "{:?}", g.pending());
}

/// Only one way of choosing tiles is played at a time.
#[test]
fn only_one_can_choose_is_refused_with_another_way_of_choosing() {
    let variants = Variants { architects: true, ..given(OnlyOneCanChoose::FaceUp) };
    let setup = GameSetup {
        rules: Rules { expansions: vec![], variants },
        players: vec![Color::Red, Color::Blue],
        deck: Deck::Seed(1),
    };
    assert_eq!(Game::new(setup).unwrap_err(), SetupError::IncompatibleVariations("architects", "only-one-can-choose"));
}

/// Random games with each reading, alone and with every expansion, keep the properties of the
/// expansions' random games (figures conserved, scores never falling, illegal actions refused
/// without a change, records replaying).
#[test]
fn random_games_with_only_one_can_choose_keep_the_properties() {
    for (i, how) in [OnlyOneCanChoose::FaceDown, OnlyOneCanChoose::FaceUp].into_iter().enumerate() {
        for players in [2, 3, 5] {
            random_game_checked(rules(how), players, 300 + i as u64 * 10 + players as u64);
        }
        let every = Rules { expansions: Expansion::ALL.to_vec(), variants: given(how) };
        random_game_checked(every.clone(), 3 + i, 340 + i as u64);
        let second = Variants { tile_edition: carcassonne_engine::Edition::Second, ..given(how) };
        random_game_checked(
            Rules { expansions: vec![Expansion::AbbeyMayor, Expansion::Count], variants: second },
            4,
            350,
        );
    }
}

/// Every bot hands out tiles and plays to the end.
#[test]
fn every_bot_hands_out_tiles() {
    for name in ["random", "greedy", "mcts:iters=30"] {
        let setup = GameSetup {
            rules: rules(OnlyOneCanChoose::FaceDown),
            players: Color::ALL[..3].to_vec(),
            deck: Deck::Seed(12),
        };
        let mut g = Game::new(setup).unwrap();
        let mut bots: Vec<_> = (0..3u64).map(|k| carcassonne_bots::bot_by_name(name, k).unwrap()).collect();
        let mut gifts = 0;
        while let Some(p) = g.pending().player() {
            let action = bots[p as usize].choose_action(&g.observation(Some(p)));
            gifts += usize::from(matches!(action, Action::GiveTile { .. }));
            g.apply(action).unwrap();
        }
        assert!(g.is_over());
        assert!(gifts >= 40, "{name}: {gifts} tiles handed out");
    }
}

/// `simulate --variant only-one-can-choose=face-down` plays the variation, the record keeps
/// the hand-outs, and `replay` tells them without naming the tile.
#[test]
fn the_command_line_plays_and_replays_the_hand_outs() {
    let path = crate::support::temp_path("only-one.json");
    let file = path.to_str().unwrap();
    let args = ["simulate", "--games", "1", "--players", "3", "--seed", "6", "--record-out", file];
    crate::support::ok(&[&args[..], &["--variant", "only-one-can-choose=face-down"]].concat());
    let record = std::fs::read_to_string(&path).unwrap();
    let json = crate::support::json_of(&record);
    assert_eq!(json["rules"]["variants"]["only-one-can-choose"], "face-down");
    assert!(record.contains("\"give-tile\""), "the record keeps the hand-outs");
    let text = crate::support::ok(&["replay", file]);
    assert!(text.contains("hands a tile to"), "{text}");
    std::fs::remove_file(&path).ok();
}
