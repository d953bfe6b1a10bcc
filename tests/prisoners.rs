//! The variation "Prisoners" (seed 001, SELECTED VARIATIONS): each sentence of its passage, and
//! each reading docs/rules.md ("Prisoners") records where the passage is silent, is a named test
//! here.
//!
//! The position of most tests: the start tile (base:D) at the origin, its city to the north.
//! Red puts base:K east of it with a knight in K's city (open to the north); blue puts base:M
//! north of the start tile, its city running south and east, with a knight; red then puts
//! base:M at (1, -1), whose city runs west and south: it joins red's part of the city to blue's
//! and completes a city of four tiles with two pennants (12 points).

use carcassonne_engine::{
    Action, Color, Event, Expansion, FeatureKind, Game, Pending, Phase, Pos, RuleError, Rules, Variants,
};

use carcassonne_bots::{Bot, RandomBot};

use crate::expansions::{paid, random_game_checked, two_player, F};
use crate::princess_dragon::{apply, place_turned};

const RED: u8 = 0;
const BLUE: u8 = 1;

fn prisoners() -> Rules {
    Rules { variants: Variants { prisoners: true, ..Variants::default() }, ..Rules::default() }
}

/// Deploys a follower in the city of the tile just placed.
fn knight(g: &mut Game) -> Vec<Event> {
    let Pending::Deploy { pos, .. } = g.pending() else { panic!("no deployment: {:?}", g.pending()) };
    let tile = g.board().get(pos).unwrap().tile;
    let action = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Deploy { figure: F, feature } if g.design(tile).features[*feature as usize].kind == FeatureKind::City))
        .expect("a city to deploy on");
    apply(g, action)
}

/// The position described at the top, up to red's joining tile (placed, nothing deployed);
/// `red_knight`: whether red has a knight in its part.
fn joined(rules: Rules, deck: &[&str], red_knight: bool) -> (Game, Vec<Event>) {
    let mut g = two_player(rules, deck);
    place_turned(&mut g, 1, 0, 0);
    if red_knight {
        knight(&mut g);
    } else {
        apply(&mut g, Action::Pass);
    }
    place_turned(&mut g, 0, -1, 180);
    knight(&mut g);
    let mut events = place_turned(&mut g, 1, -1, 270);
    events.extend(apply(&mut g, Action::Pass));
    (g, events)
}

const DECK: [&str; 3] = ["base:K", "base:M", "base:M"];

/// "If a follower 'enters' an already occupied city via the placement of a connecting tile, the
/// player ... can opt for it to take captive one of the other followers in the feature": after
/// the figure phase red may take blue's knight, or pass.
#[test]
fn a_follower_entering_an_occupied_city_may_take_a_prisoner() {
    let (g, _) = joined(prisoners(), &DECK, true);
    assert_eq!(g.pending(), Pending::TakePrisoner { player: RED });
    let legal = g.legal_actions();
    assert_eq!(legal.len(), 2, "{legal:?}");
    assert!(matches!(legal[0], Action::TakePrisoner { pos, .. } if pos == Pos::new(0, -1)), "{legal:?}");
    assert_eq!(legal[1], Action::Pass);
    // The guard is known before the choice: red's knight east of the start tile.
    let Action::TakePrisoner { pos, feature } = legal[0] else { unreachable!() };
    let (guard_at, _) = g.prisoner_guard(pos, feature).expect("a guard");
    assert_eq!(guard_at, Pos::new(1, 0));
    assert_eq!(g.prisoner_guard(Pos::new(1, 0), 0), None, "red's own knight is no prisoner");
}

/// "both followers are given to the player: his or her follower must be assigned to 'guard
/// duty'": both knights leave the board, blue's as red's prisoner and red's as its guard; the
/// city the tile completed then has no knight and scores for nobody.
#[test]
fn the_prisoner_and_its_guard_leave_the_board() {
    let (mut g, _) = joined(prisoners(), &DECK, true);
    let take = g.legal_actions()[0];
    let events = apply(&mut g, take);
    assert!(events.iter().any(|e| matches!(e, Event::PrisonerTaken { player: RED, owner: BLUE, figure: F, guard: F, guard_pos, .. } if *guard_pos == Pos::new(1, 0))), "{events:?}");
    assert_eq!(g.guards().len(), 1);
    let guard = g.guards()[0];
    assert_eq!((guard.captor, guard.guard, guard.owner, guard.prisoner), (RED, F, BLUE, F));
    assert!(g.figures().is_empty(), "{:?}", g.figures());
    assert!(paid(&g, &events).is_empty(), "{:?}", paid(&g, &events));
    assert_eq!((g.player(RED).followers, g.player(BLUE).followers), (6, 6));
}

/// Taking no prisoner: the completed city scores its 12 points for both knights.
#[test]
fn passing_leaves_the_city_to_both_knights() {
    let (mut g, _) = joined(prisoners(), &DECK, true);
    let events = apply(&mut g, Action::Pass);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 12, vec![Color::Red, Color::Blue])]);
    assert!(g.guards().is_empty());
}

/// Without a follower of the player in a part the tile joined, nothing "enters": no prisoner is
/// offered, and blue's knight alone scores the city.
#[test]
fn no_prisoner_without_a_follower_entering() {
    let (g, events) = joined(prisoners(), &DECK, false);
    assert_ne!(g.pending(), Pending::TakePrisoner { player: RED });
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 12, vec![Color::Blue])]);
}

/// Without the variation the same tile takes no prisoner, and a prisoner action is refused
/// without a trace.
#[test]
fn without_the_variation_no_prisoner_is_taken() {
    let (mut g, events) = joined(Rules::default(), &["base:K", "base:M", "base:M", "base:U"], true);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 12, vec![Color::Red, Color::Blue])]);
    let before = format!("{g:?}");
    assert!(g.apply(Action::TakePrisoner { pos: Pos::new(0, -1), feature: 0 }).is_err());
    assert!(g.apply(Action::ReleasePrisoner { owner: BLUE, figure: F }).is_err());
    assert_eq!(format!("{g:?}"), before);
}

/// "However, the 'guard' can be deployed to a tile at any time, at which point the prisoner is
/// returned to its owner": in red's next figure phase red may release blue's knight; the guard
/// comes back to red's supply and is deployed at once, the prisoner to blue's.
#[test]
fn deploying_the_guard_returns_the_prisoner() {
    let (mut g, _) = joined(prisoners(), &["base:K", "base:M", "base:M", "base:U", "base:B", "base:B"], true);
    let take = g.legal_actions()[0];
    apply(&mut g, take);
    // Blue's turn: no release for blue, who holds no prisoner.
    place_turned(&mut g, -1, 0, 0);
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::ReleasePrisoner { .. })));
    apply(&mut g, Action::Pass);
    // Red's turn: a cloister south of the start tile.
    place_turned(&mut g, 0, 1, 0);
    let release = Action::ReleasePrisoner { owner: BLUE, figure: F };
    assert!(g.legal_actions().contains(&release), "{:?}", g.legal_actions());
    let events = apply(&mut g, release);
    assert!(events
        .iter()
        .any(|e| matches!(e, Event::PrisonerReleased { player: RED, guard: F, owner: BLUE, figure: F })));
    assert!(g.guards().is_empty());
    assert_eq!((g.player(RED).followers, g.player(BLUE).followers), (7, 7));
    // The figure phase goes on: the guard is deployed now.
    assert!(matches!(g.pending(), Pending::Deploy { player: RED, .. }));
    let monk = g.legal_actions().into_iter().find(|a| matches!(a, Action::Deploy { .. })).unwrap();
    apply(&mut g, monk);
    assert_eq!(g.player(RED).followers, 6);
}

/// A release names a prisoner the player holds; any other is refused with the reason, and the
/// game is unchanged.
#[test]
fn a_release_of_no_prisoner_is_refused() {
    let (mut g, _) = joined(prisoners(), &["base:K", "base:M", "base:M", "base:U", "base:B"], true);
    let take = g.legal_actions()[0];
    apply(&mut g, take);
    place_turned(&mut g, -1, 0, 0);
    let before = format!("{g:?}");
    let err = g.apply(Action::ReleasePrisoner { owner: RED, figure: F }).unwrap_err();
    assert!(matches!(err, RuleError::NotYourPrisoner(_)), "{err}");
    assert_eq!(format!("{g:?}"), before);
    let err = g.apply(Action::TakePrisoner { pos: Pos::new(0, -1), feature: 0 }).unwrap_err();
    assert!(err.to_string().contains("prisoner") || err.to_string().contains("decision"), "{err}");
}

/// Prisoners are recorded and replayed.
#[test]
fn prisoners_are_recorded_and_replayed() {
    let deck = ["base:K", "base:M", "base:M", "base:U", "base:B"];
    let mut g = two_player(prisoners(), &deck);
    let mut record = carcassonne_engine::Record {
        version: carcassonne_engine::record::RECORD_VERSION,
        rules: prisoners(),
        players: vec![Color::Red, Color::Blue],
        deck: carcassonne_engine::RecordDeck::Order(deck.iter().map(|s| s.to_string()).collect()),
        actions: vec![],
    };
    let play = |g: &mut Game, record: &mut carcassonne_engine::Record, action: Action| {
        record.push(g, action);
        apply(g, action);
    };
    let turned = |x, y, d| Action::Place {
        pos: Pos::new(x, y),
        rotation: carcassonne_engine::Rotation::from_degrees(d).unwrap(),
    };
    let city = |g: &Game| {
        let Pending::Deploy { pos, .. } = g.pending() else { panic!() };
        let tile = g.board().get(pos).unwrap().tile;
        g.legal_actions()
            .into_iter()
            .find(|a| matches!(a, Action::Deploy { figure: F, feature } if g.design(tile).features[*feature as usize].kind == FeatureKind::City))
            .unwrap()
    };
    play(&mut g, &mut record, turned(1, 0, 0));
    let a = city(&g);
    play(&mut g, &mut record, a);
    play(&mut g, &mut record, turned(0, -1, 180));
    let a = city(&g);
    play(&mut g, &mut record, a);
    play(&mut g, &mut record, turned(1, -1, 270));
    play(&mut g, &mut record, Action::Pass);
    let take = g.legal_actions()[0];
    play(&mut g, &mut record, take);
    play(&mut g, &mut record, turned(-1, 0, 0));
    play(&mut g, &mut record, Action::Pass);
    play(&mut g, &mut record, turned(0, 1, 0));
    play(&mut g, &mut record, Action::ReleasePrisoner { owner: BLUE, figure: F });
    let json = serde_json::to_string(&record).unwrap();
    assert!(json.contains(r#""action":"take-prisoner""#), "{json}");
    assert!(
        json.contains(r#""action":"release-prisoner","player":"red","owner":"blue","figure":"follower""#),
        "{json}"
    );
    let replay = carcassonne_engine::Record::from_json(&json).unwrap().replay().unwrap();
    assert_eq!(replay.game.guards(), g.guards());
    assert_eq!(replay.game.scores(), g.scores());
    assert_eq!(format!("{:?}", replay.game.players()), format!("{:?}", g.players()));
}

/// Random games with prisoners (and with mountains beside them), alone and with every
/// expansion, keep every property of the random-game checks: figures conserved (guards and
/// prisoners counted), illegal actions refused, the record replays.
#[test]
fn random_games_with_prisoners_keep_the_properties() {
    for seed in 0..10 {
        random_game_checked(prisoners(), 2 + (seed as usize % 4), 40 + seed);
    }
    // Random players take prisoners now and then (a capture needs two occupied parts of a city
    // joined, which random play seldom makes).
    let mut taken = 0;
    for seed in 0..60 {
        let setup = carcassonne_engine::GameSetup {
            rules: prisoners(),
            players: vec![Color::Red, Color::Blue, Color::Green],
            deck: carcassonne_engine::Deck::Seed(seed),
        };
        let mut g = Game::new(setup).unwrap();
        let mut bot = RandomBot::new(seed);
        while let Some(p) = g.pending().player() {
            let action = bot.choose_action(&g.observation(Some(p)));
            taken += g.apply(action).unwrap().iter().filter(|e| matches!(e, Event::PrisonerTaken { .. })).count();
        }
    }
    assert!(taken > 0, "no prisoner taken in 60 random games");
    let mut every = Rules { expansions: Expansion::ALL.to_vec(), ..prisoners() };
    every.variants.mountains = true;
    for seed in 0..6 {
        random_game_checked(every.clone(), 2 + (seed as usize % 4), 70 + seed);
    }
}
