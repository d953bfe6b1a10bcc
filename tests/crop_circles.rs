//! The Crop Circles (the Wikicarpedia pages "Crop Circles (1st edition)" and "Crop Circles"; the
//! Assembled Game Reference's step 4A): after a crop circle tile's turn, its player decides
//! whether every player may add a follower of the circle's kind or must take one back.
//! docs/rules.md, "The Crop Circles", lists which test checks which rule.
//!
//! The scenarios start from base D at the origin (a city to the north, a road from west to
//! east, a field to the south):
//!
//! ```text
//!   (0,-1) F turned: red's city, open north    (1,-1) E: blue's city, open north
//!   (0,0)  D                                     (1,0)  U: the road goes on east
//!   (0,1)  the crop circle tile
//! ```

use carcassonne_engine::catalog::Symbol;
use carcassonne_engine::{
    Action, Catalog, Edition, Event, Expansion, FeatureKind, Figure, FigureSpot, Game, Pending, Pos, Rules, Variants,
};

use crate::expansions::{every_bot_plays, feature, place, random_games_of_configs, turn, F};
use crate::support::owned;

fn rules(expansions: &[Expansion]) -> Rules {
    Rules { expansions: expansions.to_vec(), ..Rules::default() }
}

/// Crop Circles I's shield tile with a city on two adjacent sides (north and west).
const SHIELD: &str = "crop-circles-i:02";
/// Crop Circles II's pitchfork tile with a city and a road.
const PITCHFORK: &str = "crop-circles:03";

fn game(expansions: &[Expansion], variants: Variants, players: usize, deck: &[&str]) -> Game {
    use carcassonne_engine::{Color, Deck, GameSetup};
    let colors = [Color::Red, Color::Blue, Color::Green][..players].to_vec();
    let catalog = Catalog::builtin();
    let deck = deck.iter().map(|id| catalog.lookup(id).unwrap_or_else(|| panic!("{id}"))).collect();
    let rules = Rules { expansions: expansions.to_vec(), variants };
    Game::new(GameSetup { rules, players: colors, deck: Deck::Order(deck) }).unwrap()
}

fn apply(g: &mut Game, action: Action) -> Vec<Event> {
    g.apply(action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

/// The figures of `player` of kind `figure` on the named feature of the tile at (x, y).
fn count_at(g: &Game, player: u8, figure: Figure, x: i16, y: i16, name: &str) -> usize {
    let pos = Pos::new(x, y);
    let local = feature(g, pos, name);
    g.figures()
        .iter()
        .filter(|f| {
            f.owner == player && f.figure == figure && f.feature == local && g.board().placement(f.placement).pos == pos
        })
        .count()
}

/// Red's knight in the city north of the start, blue's knight in a city of its own beside it
/// (or, with `blue_thief`, blue's thief on a road east of the start instead), green's thief on
/// the start road's next tile in a game of three; then red draws the shield tile, which goes
/// south of the start, where it completes nothing.
fn shield_placed(players: usize, variants: Variants, blue_thief: bool) -> Game {
    let deck: &[&str] = match (players, blue_thief) {
        (3, _) => &["base:F", "base:E", "base:U", SHIELD, "base:U", "base:U"],
        (_, false) => &["base:F", "base:E", SHIELD, "base:U", "base:U", "base:U"],
        (_, true) => &["base:F", "base:E", "base:U", "base:U", SHIELD, "base:U", "base:U"],
    };
    let mut g = game(&[Expansion::CropCircles, Expansion::InnsCathedrals], variants, players, deck);
    turn(&mut g, 0, -1, 90, Some((F, "city@S")));
    if blue_thief {
        turn(&mut g, 1, -1, 0, None);
        turn(&mut g, 1, 0, 0, None);
        turn(&mut g, 2, 0, 0, Some((F, "road@W")));
    } else {
        turn(&mut g, 1, -1, 0, Some((F, "city@N")));
        if players == 3 {
            turn(&mut g, 1, 0, 0, Some((F, "road@W")));
        }
    }
    g
}

/// "6 new land tiles" each for Crop Circles I and II; every tile shows one crop circle, whose
/// symbol names the followers it concerns; II is printed in both editions, I in the first.
#[test]
fn the_crop_circle_tiles_and_their_symbols() {
    let catalog = Catalog::builtin();
    let (two, one) = (catalog.set("crop-circles").unwrap(), catalog.set("crop-circles-i").unwrap());
    assert_eq!(two.editions, vec![Edition::First, Edition::Second]);
    assert_eq!(one.editions, vec![Edition::First]);
    for set in [two, one] {
        let designs = catalog.edition_designs(set, Edition::First);
        assert_eq!(designs.iter().map(|&(_, n)| n as usize).sum::<usize>(), 6);
        let kinds: Vec<FeatureKind> = designs
            .iter()
            .map(|&(id, _)| {
                let symbols = &catalog.design(id).symbols;
                assert_eq!(symbols.len(), 1, "{}", catalog.design(id).id);
                symbols[0].crop_circle().unwrap()
            })
            .collect();
        // Two of each kind in each set.
        for kind in [FeatureKind::City, FeatureKind::Road, FeatureKind::Field] {
            assert_eq!(kinds.iter().filter(|&&k| k == kind).count(), 2, "{}", set.id);
        }
    }
    // With first-edition tiles both sets are in play; with the second edition's, the six of
    // Crop Circles II alone.
    assert_eq!(rules(&[Expansion::CropCircles]).tile_sets(), vec!["base", "crop-circles", "crop-circles-i"]);
    let second = Rules {
        expansions: vec![Expansion::CropCircles],
        variants: Variants { tile_edition: Edition::Second, ..Variants::default() },
    };
    assert_eq!(second.tile_sets(), vec!["base", "crop-circles"]);
    assert_eq!(Symbol::CropShield.crop_circle(), Some(FeatureKind::City));
    assert_eq!(Symbol::CropClub.crop_circle(), Some(FeatureKind::Road));
    assert_eq!(Symbol::CropPitchfork.crop_circle(), Some(FeatureKind::Field));
    // "The crop circles separate roads and fields": Crop Circles I's three-road tile has three
    // roads, each ending at the circle.
    let three = catalog.design(catalog.lookup("crop-circles-i:06").unwrap());
    assert_eq!(three.features.iter().filter(|f| f.kind == FeatureKind::Road).count(), 3);
}

/// "perform a standard turn ... Then, perform the new action: 4. Crop Circle Action": after
/// red's turn with the shield tile (deployment and scoring done), red chooses A or B.
#[test]
fn after_the_turn_the_player_chooses_to_add_or_to_take_back() {
    let mut g = shield_placed(2, Variants::default(), false);
    place(&mut g, 0, 1, 180);
    // The figure phase first: red could deploy on the shield tile.
    assert!(matches!(g.pending(), Pending::Deploy { player: 0, .. }));
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::CropCircle { player: 0, kind: FeatureKind::City });
    assert_eq!(g.legal_actions(), vec![Action::CropCircle { add: true }, Action::CropCircle { add: false }]);
    assert!(g.clone().apply(Action::Pass).is_err(), "the active player must choose A or B");
}

/// Action A, Hans im Glück's rules: "starting with the player to his or her left", each may
/// deploy a follower from supply next to one of their knights (the same feature of the same
/// tile); any follower in supply that may stand there (here a big follower too); the active
/// player acts last. Blue adds a big follower, red passes.
#[test]
fn action_a_adds_followers_from_the_left_the_active_player_last() {
    let mut g = shield_placed(2, Variants::default(), false);
    place(&mut g, 0, 1, 180);
    apply(&mut g, Action::Pass);
    let events = apply(&mut g, Action::CropCircle { add: true });
    assert!(events.contains(&Event::CropCircleChosen { player: 0, kind: FeatureKind::City, add: true }));
    assert_eq!(g.pending(), Pending::CropAdd { player: 1, by: 0, kind: FeatureKind::City });
    let blue_city = feature(&g, Pos::new(1, -1), "city@N");
    assert_eq!(
        g.legal_actions(),
        vec![
            Action::DeployAt { pos: Pos::new(1, -1), figure: F, feature: blue_city },
            Action::DeployAt { pos: Pos::new(1, -1), figure: Figure::BigFollower, feature: blue_city },
            Action::Pass,
        ]
    );
    // Not beside red's knight, nor on another tile of blue's.
    let red_city = feature(&g, Pos::new(0, -1), "city@S");
    assert!(g.clone().apply(Action::DeployAt { pos: Pos::new(0, -1), figure: F, feature: red_city }).is_err());
    let events =
        apply(&mut g, Action::DeployAt { pos: Pos::new(1, -1), figure: Figure::BigFollower, feature: blue_city });
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::CropFollowerAdded { player: 1, figure: Figure::BigFollower, .. })));
    assert_eq!(count_at(&g, 1, Figure::BigFollower, 1, -1, "city@N"), 1);
    assert_eq!(g.pending(), Pending::CropAdd { player: 0, by: 0, kind: FeatureKind::City });
    apply(&mut g, Action::Pass);
    // The turn is over: blue draws.
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }));
    assert_eq!(count_at(&g, 0, F, 0, -1, "city@S"), 1);
    for p in 0..2 {
        assert_eq!(owned(&g, p, F), 7, "seat {p}'s followers");
    }
}

/// Action B: each "must remove one of their own followers" of the kind and return it to
/// supply; no pass is offered. Blue's knight and then red's go home; the turn ends.
#[test]
fn action_b_takes_a_follower_back_from_each_player() {
    let mut g = shield_placed(2, Variants::default(), false);
    place(&mut g, 0, 1, 180);
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::CropCircle { add: false });
    assert_eq!(g.pending(), Pending::CropRemove { player: 1, by: 0, kind: FeatureKind::City });
    let blue_city = feature(&g, Pos::new(1, -1), "city@N");
    let back =
        Action::ReturnFigure { figure: F, spot: FigureSpot::Feature { pos: Pos::new(1, -1), feature: blue_city } };
    assert_eq!(g.legal_actions(), vec![back]);
    assert!(g.clone().apply(Action::Pass).is_err());
    let events = apply(&mut g, back);
    assert!(events.iter().any(|e| matches!(e, Event::CropFollowerRemoved { player: 1, .. })));
    assert_eq!(g.player(1).followers, 7);
    assert_eq!(g.pending(), Pending::CropRemove { player: 0, by: 0, kind: FeatureKind::City });
    let red_city = feature(&g, Pos::new(0, -1), "city@S");
    apply(
        &mut g,
        Action::ReturnFigure { figure: F, spot: FigureSpot::Feature { pos: Pos::new(0, -1), feature: red_city } },
    );
    assert!(g.figures().is_empty());
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }));
}

/// "If a player is unable to perform the action, due to not having a follower of the required
/// type in play, then he or she will be passed over": blue's only follower is a thief, so the
/// shield asks red alone.
#[test]
fn a_player_without_a_follower_of_the_kind_is_passed_over() {
    let mut g = shield_placed(2, Variants::default(), true);
    place(&mut g, 0, 1, 180);
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::CropCircle { add: false });
    assert_eq!(g.pending(), Pending::CropRemove { player: 0, by: 0, kind: FeatureKind::City });
    // The thief stays.
    assert_eq!(count_at(&g, 1, F, 2, 0, "road@W"), 1);
}

/// Bad input is refused with a clear error and changes nothing: a builder is no follower, an
/// addition away from one's own followers, a return of another player's follower or of a
/// follower of another kind, a pass where a return is due.
#[test]
fn wrong_additions_and_returns_are_refused() {
    let mut g = shield_placed(2, Variants::default(), false);
    place(&mut g, 0, 1, 180);
    apply(&mut g, Action::Pass);
    let mut adding = g.clone();
    apply(&mut adding, Action::CropCircle { add: true });
    let before = format!("{adding:?}");
    let blue_city = feature(&adding, Pos::new(1, -1), "city@N");
    let red_city = feature(&adding, Pos::new(0, -1), "city@S");
    for (action, words) in [
        (Action::DeployAt { pos: Pos::new(1, -1), figure: Figure::Builder, feature: blue_city }, "may not stand"),
        (Action::DeployAt { pos: Pos::new(0, -1), figure: F, feature: red_city }, "beside one of your followers"),
        (Action::DeployAt { pos: Pos::new(9, 9), figure: F, feature: 0 }, "beside one of your followers"),
    ] {
        let error = adding.apply(action).expect_err("refused").to_string();
        assert!(error.contains(words), "{action:?}: {error}");
    }
    assert_eq!(format!("{adding:?}"), before, "the state stays as it was");
    apply(&mut g, Action::CropCircle { add: false });
    let before = format!("{g:?}");
    let red = Action::ReturnFigure { figure: F, spot: FigureSpot::Feature { pos: Pos::new(0, -1), feature: red_city } };
    let error = g.apply(red).expect_err("not blue's").to_string();
    assert!(error.contains("to take back"), "{error}");
    assert!(g.apply(Action::Pass).is_err());
    assert_eq!(format!("{g:?}"), before);
}

/// The publisher's clarification: "After the crop circle action, the active player should
/// continue with any actions pending as part of their turn, such as ... performing the second
/// part of a double turn". Red's builder is on the road the club tile extends: the crop circle's
/// round comes first, then red draws the second tile.
#[test]
fn the_builder_s_second_tile_follows_the_crop_circle() {
    let deck = ["base:U", "base:U", "base:U", "base:U", "crop-circles-i:06", "base:U", "base:U"];
    let mut g = game(&[Expansion::CropCircles, Expansion::TradersBuilders], Variants::default(), 2, &deck);
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    turn(&mut g, -1, 0, 0, None);
    turn(&mut g, 2, 0, 0, Some((Figure::Builder, "road@W")));
    turn(&mut g, -2, 0, 0, None);
    // The club tile ends the road at its circle: the builder's road grows, not completed.
    place(&mut g, 3, 0, 0);
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::CropCircle { player: 0, kind: FeatureKind::Road });
    apply(&mut g, Action::CropCircle { add: true });
    // Blue has no thief: red alone adds, beside the thief on the start road's next tile.
    assert_eq!(g.pending(), Pending::CropAdd { player: 0, by: 0, kind: FeatureKind::Road });
    apply(&mut g, Action::Pass);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 0, .. }), "the second tile: {:?}", g.pending());
}

/// Three players: red places the circle; blue (red's left) acts first, then green, then red.
/// Green's only follower is a thief: green is passed over.
#[test]
fn the_order_runs_clockwise_from_the_left_and_ends_with_the_active_player() {
    let mut g = shield_placed(3, Variants::default(), false);
    // Red's second turn: the shield tile.
    place(&mut g, 0, 1, 180);
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::CropCircle { add: true });
    assert_eq!(g.pending(), Pending::CropAdd { player: 1, by: 0, kind: FeatureKind::City });
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::CropAdd { player: 0, by: 0, kind: FeatureKind::City });
    apply(&mut g, Action::Pass);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }));
}

/// Our reading: when no player has a follower of the circle's kind on the board, both actions
/// would change nothing and no choice is asked. No farmer stands anywhere: the pitchfork tile
/// ends its turn at once.
#[test]
fn no_choice_when_nobody_has_a_follower_of_the_kind() {
    let deck = ["base:F", PITCHFORK, "base:U"];
    let mut g = game(&[Expansion::CropCircles], Variants::default(), 2, &deck);
    turn(&mut g, 0, -1, 90, Some((F, "city@S")));
    // Blue's pitchfork tile east of the start: its road joins the start road.
    place(&mut g, 1, 0, 90);
    apply(&mut g, Action::Pass);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 0, .. }), "{:?}", g.pending());
}

/// The variant `crop-circles-zmg` (the Z-Man Games rules): a player who can add must (no
/// pass), and anywhere in a feature holding one of theirs: blue's city has one tile, red's two
/// (the start tile's city and the one north of it).
#[test]
fn under_the_zmg_variant_the_addition_is_required_and_anywhere_in_the_feature() {
    let variants = Variants { crop_circles_zmg: true, ..Variants::default() };
    let mut g = shield_placed(2, variants, false);
    place(&mut g, 0, 1, 180);
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::CropCircle { add: true });
    assert!(!g.legal_actions().contains(&Action::Pass));
    assert_eq!(g.clone().apply(Action::Pass).err().map(|e| e.to_string().contains("Z-Man")), Some(true));
    let blue_city = feature(&g, Pos::new(1, -1), "city@N");
    apply(&mut g, Action::DeployAt { pos: Pos::new(1, -1), figure: F, feature: blue_city });
    let start_city = feature(&g, Pos::ORIGIN, "city@N");
    let legal = g.legal_actions();
    assert!(legal.contains(&Action::DeployAt { pos: Pos::ORIGIN, figure: F, feature: start_city }), "{legal:?}");
    apply(&mut g, Action::DeployAt { pos: Pos::ORIGIN, figure: F, feature: start_city });
    assert_eq!(count_at(&g, 0, F, 0, 0, "city@N"), 1);
}

/// The additions are `deploy`s with their tile, the choice `crop-circle` (`add` or `remove`),
/// the returns `take-back`; each decodes to the same action.
#[test]
fn the_crop_circle_actions_have_record_names() {
    use carcassonne_engine::record::{decode_action, encode_action};
    let round_trip = |g: &Game, action: Action, name: &str| {
        let encoded = encode_action(g, action);
        let json = serde_json::to_string(&encoded).unwrap();
        assert!(json.contains(&format!("\"action\":\"{name}\"")), "{json}");
        assert_eq!(decode_action(g, &encoded), Ok(action), "{json}");
    };
    let mut g = shield_placed(2, Variants::default(), false);
    place(&mut g, 0, 1, 180);
    apply(&mut g, Action::Pass);
    round_trip(&g, Action::CropCircle { add: true }, "crop-circle");
    round_trip(&g, Action::CropCircle { add: false }, "crop-circle");
    let mut removing = g.clone();
    apply(&mut g, Action::CropCircle { add: true });
    let blue_city = feature(&g, Pos::new(1, -1), "city@N");
    round_trip(&g, Action::DeployAt { pos: Pos::new(1, -1), figure: F, feature: blue_city }, "deploy");
    apply(&mut removing, Action::CropCircle { add: false });
    let back =
        Action::ReturnFigure { figure: F, spot: FigureSpot::Feature { pos: Pos::new(1, -1), feature: blue_city } };
    round_trip(&removing, back, "take-back");
}

/// Random games with the crop circles alone, under the Z-Man Games reading, and with every
/// expansion: figures conserved, every score an event, records replay, legal == check.
#[test]
fn random_games_with_the_crop_circles_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let zmg = Rules {
        expansions: vec![Expansion::CropCircles, Expansion::AbbeyMayor, Expansion::InnsCathedrals],
        variants: Variants { crop_circles_zmg: true, ..Variants::default() },
    };
    let configs = [
        (rules(&[Expansion::CropCircles]), 2),
        (rules(&[Expansion::CropCircles]), 4),
        (zmg, 3),
        (
            rules(&[Expansion::CropCircles, Expansion::TradersBuilders, Expansion::Cathars, Expansion::PrincessDragon]),
            3,
        ),
        (rules(&every), 2),
    ];
    let games = random_games_of_configs(configs, 710);
    assert!(games.iter().all(Game::is_over));
}

/// Every bot plays with the crop circles.
#[test]
fn every_bot_plays_with_the_crop_circles() {
    every_bot_plays(&rules(&[Expansion::CropCircles]), 250);
}

/// The publisher's clarification: "After the crop circle action, the active player should
/// continue with any actions pending as part of their turn, such as removing a knight from a
/// sieged city": red's knight sits in a city the Cathars besiege, a cloister beside it; red's
/// shield tile sets off the crop circle's round first, then red's escape (`ModuleId::CropCircles`
/// before `ModuleId::Cathars`).
#[test]
fn the_cathars_escape_follows_the_crop_circle() {
    let deck = ["cathars:03", "base:B", SHIELD, "base:U", "base:U"];
    let mut g = game(&[Expansion::CropCircles, Expansion::Cathars], Variants::default(), 2, &deck);
    turn(&mut g, 0, -1, 180, Some((F, "city@E")));
    turn(&mut g, -1, -1, 0, None);
    // Red's shield tile, wherever it first fits; no figure.
    let shield = g.legal_actions().into_iter().find(|a| matches!(a, Action::Place { .. })).unwrap();
    apply(&mut g, shield);
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::CropCircle { player: 0, kind: FeatureKind::City });
    apply(&mut g, Action::CropCircle { add: true });
    // Blue has no knight and is passed over; red may add one beside the besieged knight.
    assert_eq!(g.pending(), Pending::CropAdd { player: 0, by: 0, kind: FeatureKind::City });
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::Escape { player: 0 }, "the escape comes after the crop circle");
}
