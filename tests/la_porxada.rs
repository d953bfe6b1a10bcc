//! La Porxada (the Wikicarpedia page "La Porxada (1st edition)"; the Assembled Game Reference's
//! step 1C and final scoring): one city tile whose player chooses a swap of followers or the
//! bonus at the end. docs/rules.md, "La Porxada", lists which test checks which rule.
//!
//! The scenarios build a city north of the start tile (base D at the origin: a city to the
//! north, a road from west to east, a field to the south), with a city tile on each side of
//! La Porxada's place at (0,-1):
//!
//! ```text
//!   (-1,-2) E     (0,-2) E        (1,-2) E
//!   (-1,-1) E     (0,-1) Porxada  (1,-1) E
//!   (-1,0)  U     (0,0)  D        (1,0)  U
//! ```

use carcassonne_engine::{
    Action, Catalog, Color, Edition, Event, Expansion, FeatureKind, Figure, Game, Pending, Phase, Pos, Rules,
};

use carcassonne_engine::catalog::Symbol;

use crate::expansions::{every_bot_plays, feature, paid, place, random_games_of_configs, turn, two_player, F};
use crate::support::owned;

fn rules(expansions: &[Expansion]) -> Rules {
    Rules { expansions: expansions.to_vec(), ..Rules::default() }
}

const PORXADA: &str = "la-porxada:01";

/// A turn of the scenarios: where the tile goes, turned how far, and the follower deployed.
type Turn = (i16, i16, i64, Option<(Figure, &'static str)>);

fn play(g: &mut Game, turns: &[Turn]) -> Vec<Event> {
    turns.iter().flat_map(|&(x, y, degrees, deploy)| turn(g, x, y, degrees, deploy)).collect()
}

fn apply(g: &mut Game, action: Action) -> Vec<Event> {
    g.apply(action).unwrap_or_else(|e| panic!("{action:?}: {e}"))
}

/// The index of `player`'s figure on the named feature of the tile at (x, y).
fn figure_at(g: &Game, player: u8, x: i16, y: i16, name: &str) -> u8 {
    let pos = Pos::new(x, y);
    let local = feature(g, pos, name);
    g.figures()
        .iter()
        .position(|f| f.owner == player && f.feature == local && g.board().placement(f.placement).pos == pos)
        .unwrap_or_else(|| panic!("no figure of seat {player} on {name} at ({x}, {y})")) as u8
}

/// The owner of the figure on the named feature of the tile at (x, y), if any.
fn owner_at(g: &Game, x: i16, y: i16, name: &str) -> Option<u8> {
    let pos = Pos::new(x, y);
    let local = feature(g, pos, name);
    g.figures().iter().find(|f| f.feature == local && g.board().placement(f.placement).pos == pos).map(|f| f.owner)
}

/// "1 new land tile displaying La Porxada": the base game's city on four sides with a coat of
/// arms, the hall a symbol of the tile; first edition only.
#[test]
fn la_porxada_is_one_city_tile_with_its_hall() {
    let catalog = Catalog::builtin();
    let set = catalog.set("la-porxada").unwrap();
    assert_eq!(set.editions, vec![Edition::First]);
    let design = catalog.design(catalog.lookup(PORXADA).unwrap());
    assert_eq!(design.count(Edition::First), 1);
    assert_eq!(design.symbols, vec![Symbol::Porxada]);
    assert_eq!(design.features.len(), 1);
    assert_eq!(design.features[0].kind, FeatureKind::City);
    assert_eq!(design.features[0].pennants, 1);
}

/// The swap's scenario: red's thief on the curve south of the start, blue's thief on the start
/// road, blue's monk east of the curve; then red places La Porxada.
const SWAP_DECK: [&str; 6] = ["base:V", "base:U", "base:U", "base:B", PORXADA, "base:U"];
const SWAP_TURNS: [Turn; 4] = [
    (0, 1, 0, Some((F, "road@W"))),
    (1, 0, 0, Some((F, "road@W"))),
    (-1, 0, 0, None),
    (1, 1, 0, Some((F, "cloister"))),
];

fn before_the_swap(monk: bool) -> Game {
    let mut g = two_player(rules(&[Expansion::LaPorxada]), &SWAP_DECK);
    let mut turns = SWAP_TURNS;
    if !monk {
        turns[3].3 = None;
    }
    play(&mut g, &turns);
    place(&mut g, 0, -1, 0);
    g
}

/// Step 1C: "The player who places this tile may choose one of the following: swap followers
/// ... a scoring bonus at the end of the game", before the figure phase. The choice lists
/// red's followers that some follower of blue may change places with, then the bonus, then
/// neither.
#[test]
fn placing_la_porxada_offers_the_swap_the_bonus_or_neither() {
    let g = before_the_swap(true);
    assert_eq!(g.pending(), Pending::Porxada { player: 0, pos: Pos::new(0, -1) });
    let thief = figure_at(&g, 0, 0, 1, "road@W");
    assert_eq!(g.legal_actions(), vec![Action::SwapFollower { figure: thief }, Action::PorxadaBonus, Action::Pass]);
    // Blue's follower is not red's to name first.
    let blue = figure_at(&g, 1, 1, 0, "road@W");
    assert!(g.clone().apply(Action::SwapFollower { figure: blue }).is_err());
}

/// "exchange one of his own followers with a follower of another player": after naming red's
/// thief, red names blue's thief or monk; blue, with another follower on the board, answers.
/// Blue accepts: the two change places, and red's turn goes on with its figure phase.
#[test]
fn an_accepted_swap_changes_the_followers_places() {
    let mut g = before_the_swap(true);
    let red_thief = figure_at(&g, 0, 0, 1, "road@W");
    let blue_thief = figure_at(&g, 1, 1, 0, "road@W");
    let blue_monk = figure_at(&g, 1, 1, 1, "cloister");
    apply(&mut g, Action::SwapFollower { figure: red_thief });
    assert_eq!(g.pending(), Pending::SwapWith { player: 0, own: red_thief });
    assert_eq!(
        g.legal_actions(),
        vec![Action::SwapFollower { figure: blue_thief }, Action::SwapFollower { figure: blue_monk }, Action::Pass]
    );
    apply(&mut g, Action::SwapFollower { figure: blue_thief });
    assert_eq!(g.pending(), Pending::SwapAnswer { player: 1, by: 0, own: red_thief, other: blue_thief });
    assert_eq!(g.legal_actions(), vec![Action::Pass, Action::RefuseSwap { figure: blue_monk }]);
    let events = apply(&mut g, Action::Pass);
    assert!(events.iter().any(|e| matches!(e, Event::FollowersSwapped { player: 0, other: 1, .. })), "{events:?}");
    assert_eq!(owner_at(&g, 0, 1, "road@W"), Some(1));
    assert_eq!(owner_at(&g, 1, 0, "road@W"), Some(0));
    assert_eq!(g.pending(), Pending::Deploy { player: 0, pos: Pos::new(0, -1) });
    for p in 0..2 {
        assert_eq!(owned(&g, p, F), 7, "seat {p}'s followers");
    }
}

/// The assembled reference's step 1C: "If the other player rejects, one of his/her followers
/// will have to be removed from the game". Blue refuses and gives up the monk: it leaves the
/// game (never back in blue's supply), and the thieves stay where they were.
#[test]
fn a_refused_swap_costs_another_follower() {
    let mut g = before_the_swap(true);
    let red_thief = figure_at(&g, 0, 0, 1, "road@W");
    let blue_thief = figure_at(&g, 1, 1, 0, "road@W");
    let blue_monk = figure_at(&g, 1, 1, 1, "cloister");
    apply(&mut g, Action::SwapFollower { figure: red_thief });
    apply(&mut g, Action::SwapFollower { figure: blue_thief });
    // Only another follower may be given up, not the one named.
    assert!(g.clone().apply(Action::RefuseSwap { figure: blue_thief }).is_err());
    let events = apply(&mut g, Action::RefuseSwap { figure: blue_monk });
    assert!(events.iter().any(|e| matches!(e, Event::SwapRefused { player: 1, by: 0, figure: Figure::Follower, .. })));
    assert_eq!(owner_at(&g, 0, 1, "road@W"), Some(0));
    assert_eq!(owner_at(&g, 1, 0, "road@W"), Some(1));
    assert_eq!(owner_at(&g, 1, 1, "cloister"), None);
    assert_eq!(g.figures_out_of_game(1, F), 1);
    assert_eq!(g.player(1).followers, 5);
    assert_eq!(owned(&g, 1, F), 7);
    assert_eq!(g.pending(), Pending::Deploy { player: 0, pos: Pos::new(0, -1) });
}

/// A player with no other follower on the board has nothing to give up: the swap is made at
/// once (our reading).
#[test]
fn a_swap_without_another_follower_to_give_up_is_made_at_once() {
    let mut g = before_the_swap(false);
    let red_thief = figure_at(&g, 0, 0, 1, "road@W");
    let blue_thief = figure_at(&g, 1, 1, 0, "road@W");
    apply(&mut g, Action::SwapFollower { figure: red_thief });
    let events = apply(&mut g, Action::SwapFollower { figure: blue_thief });
    assert!(events.iter().any(|e| matches!(e, Event::FollowersSwapped { .. })));
    assert_eq!(owner_at(&g, 0, 1, "road@W"), Some(1));
    assert_eq!(g.pending(), Pending::Deploy { player: 0, pos: Pos::new(0, -1) });
}

/// The greedy bot weighs naming its follower by the swap it leads to: red's thief on a
/// one-tile road for blue's on the three-tile start road (blue, with nothing else on the
/// board, cannot refuse) is worth more than the bonus or neither.
#[test]
fn the_greedy_bot_weighs_a_swap_by_the_follower_it_gets() {
    let g = before_the_swap(false);
    let ranked = carcassonne_bots::greedy::rank_actions(&g);
    let value = |a: Action| ranked.iter().find(|r| r.action == a).map(|r| r.value).unwrap();
    let swap = Action::SwapFollower { figure: figure_at(&g, 0, 0, 1, "road@W") };
    assert!(value(swap) > value(Action::Pass), "{ranked:?}");
    assert!(value(swap) > value(Action::PorxadaBonus), "{ranked:?}");
}

/// "may": having chosen the swap, red may still swap nothing; and neither use at all is a pass.
/// Nothing changes either way.
#[test]
fn the_swap_may_be_given_up() {
    let mut g = before_the_swap(true);
    let red_thief = figure_at(&g, 0, 0, 1, "road@W");
    apply(&mut g, Action::SwapFollower { figure: red_thief });
    let events = apply(&mut g, Action::Pass);
    assert!(!events.iter().any(|e| matches!(e, Event::FollowersSwapped { .. } | Event::SwapRefused { .. })));
    assert_eq!(owner_at(&g, 0, 1, "road@W"), Some(0));
    assert_eq!(g.pending(), Pending::Deploy { player: 0, pos: Pos::new(0, -1) });
    let mut g = before_the_swap(true);
    apply(&mut g, Action::Pass);
    assert_eq!(g.pending(), Pending::Deploy { player: 0, pos: Pos::new(0, -1) });
}

/// Our reading: each follower must be allowed on the other's feature. Red's only follower is a
/// mayor in a city (Abbey & Mayor), blue's a thief: a mayor stands only in cities, so no swap is
/// offered.
#[test]
fn a_mayor_is_not_swapped_onto_a_road() {
    let deck = ["base:U", "base:U", "base:E", "base:E", PORXADA, "base:U"];
    let mut g = two_player(rules(&[Expansion::LaPorxada, Expansion::AbbeyMayor]), &deck);
    play(
        &mut g,
        &[
            (-1, 0, 0, None),
            (1, 0, 0, Some((F, "road@W"))),
            (-1, -1, 90, Some((Figure::Mayor, "city@E"))),
            (1, -1, 270, None),
        ],
    );
    // Abbey & Mayor asks whether to place the abbey before each draw.
    if let Pending::Abbey { .. } = g.pending() {
        apply(&mut g, Action::Pass);
    }
    place(&mut g, 0, -1, 0);
    assert_eq!(g.legal_actions(), vec![Action::PorxadaBonus, Action::Pass]);
}

/// The bonus's scenario: red's knight west and blue's east of La Porxada's place; red places La
/// Porxada, choosing the bonus, and blue completes the city; then each starts a city of one tile
/// that stays incomplete.
const BONUS_DECK: [&str; 9] = ["base:U", "base:U", "base:E", "base:E", PORXADA, "base:E", "base:E", "base:E", "base:U"];
const BEFORE_PORXADA: [Turn; 4] =
    [(-1, 0, 0, None), (1, 0, 0, None), (-1, -1, 90, Some((F, "city@E"))), (1, -1, 270, Some((F, "city@W")))];

fn bonus_chosen() -> Game {
    let mut g = two_player(rules(&[Expansion::LaPorxada]), &BONUS_DECK);
    play(&mut g, &BEFORE_PORXADA);
    place(&mut g, 0, -1, 0);
    let events = apply(&mut g, Action::PorxadaBonus);
    assert!(events.contains(&Event::PorxadaBonusChosen { player: 0 }));
    assert!(g.porxada_bonus_waiting());
    apply(&mut g, Action::Pass);
    g
}

/// "any player who had a Knight in the city containing La Porxada" (the page): when the city is
/// completed, red and blue, each with a knight in it, take a token, and score the 5-tile city
/// with its coat of arms as usual (12 each, a tie). At the end each scores their incomplete
/// one-tile city "as if finished": 2 points instead of 1.
#[test]
fn the_bonus_scores_incomplete_cities_as_completed() {
    let mut g = bonus_chosen();
    let events = turn(&mut g, 0, -2, 180, None);
    let tokens: Vec<(Pos, u8)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::PorxadaTokens { pos, players } => Some((pos, players.0)),
            _ => None,
        })
        .collect();
    assert_eq!(tokens, vec![(Pos::new(0, -1), 0b11)]);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 12, vec![Color::Red, Color::Blue])]);
    assert!(!g.porxada_bonus_waiting());
    assert_eq!(g.porxada_tokens().0, 0b11);
    let mut events = turn(&mut g, -1, -2, 0, Some((F, "city@N")));
    // The bots' evaluation counts red's new city at its completed value: the token's share.
    use carcassonne_bots::eval::{components, Component, Weights};
    assert!(components(&g, &Weights::FITTED)[0][Component::Tokens as usize] > 0.0);
    events.extend(turn(&mut g, 1, -2, 0, Some((F, "city@N"))));
    events.extend(turn(&mut g, -2, 0, 0, None));
    assert!(g.is_over());
    let finals: Vec<_> = paid(&g, &events).into_iter().filter(|p| p.0 == FeatureKind::City).collect();
    assert_eq!(
        finals,
        vec![
            (FeatureKind::City, Phase::Final, 1, vec![Color::Red]),
            (FeatureKind::City, Phase::Final, 1, vec![Color::Blue])
        ]
    );
    let bonus: Vec<(u8, u32)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::PorxadaCityScored { player, points, .. } => Some((player, points)),
            _ => None,
        })
        .collect();
    assert_eq!(bonus, vec![(0, 1), (1, 1)]);
    assert_eq!((g.player(0).score, g.player(1).score), (12 + 2, 12 + 2));
}

/// "In a bubble": the bonus is the token holders' alone. Only red has a knight in La Porxada's
/// city when blue completes it (12 for red): red's incomplete city then scores 2, blue's 1.
#[test]
fn only_token_holders_score_their_cities_as_completed() {
    let mut g = two_player(rules(&[Expansion::LaPorxada]), &BONUS_DECK);
    let mut before = BEFORE_PORXADA;
    before[3].3 = None;
    play(&mut g, &before);
    place(&mut g, 0, -1, 0);
    apply(&mut g, Action::PorxadaBonus);
    apply(&mut g, Action::Pass);
    let events = turn(&mut g, 0, -2, 180, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 12, vec![Color::Red])]);
    assert_eq!(g.porxada_tokens().0, 0b01);
    let mut events = turn(&mut g, -1, -2, 0, Some((F, "city@N")));
    events.extend(turn(&mut g, 1, -2, 0, Some((F, "city@N"))));
    events.extend(turn(&mut g, -2, 0, 0, None));
    assert!(g.is_over());
    let bonus: Vec<(u8, u32)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::PorxadaCityScored { player, points, .. } => Some((player, points)),
            _ => None,
        })
        .collect();
    assert_eq!(bonus, vec![(0, 1)]);
    assert_eq!((g.player(0).score, g.player(1).score), (12 + 2, 1));
}

/// "This scoring bonus will only occur if the city containing La Porxada is finished": left
/// open, the city gives no token, and the incomplete cities score as usual.
#[test]
fn no_token_while_la_porxada_s_city_is_open() {
    let mut g = bonus_chosen();
    // The tiles go elsewhere: the city stays open to the north.
    let mut events = turn(&mut g, -1, -2, 0, Some((F, "city@N")));
    events.extend(turn(&mut g, 1, -2, 0, Some((F, "city@N"))));
    events.extend(turn(&mut g, 2, -1, 0, None));
    events.extend(turn(&mut g, -2, 0, 0, None));
    assert!(g.is_over());
    assert!(g.porxada_tokens().is_empty());
    assert!(!events.iter().any(|e| matches!(e, Event::PorxadaCityScored { .. })));
}

/// Without the bonus chosen (a pass), the completed city gives no token.
#[test]
fn without_the_bonus_no_token() {
    let mut g = two_player(rules(&[Expansion::LaPorxada]), &BONUS_DECK);
    play(&mut g, &BEFORE_PORXADA);
    place(&mut g, 0, -1, 0);
    apply(&mut g, Action::Pass);
    apply(&mut g, Action::Pass);
    let events = turn(&mut g, 0, -2, 180, None);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 12, vec![Color::Red, Color::Blue])]);
    assert!(g.porxada_tokens().is_empty());
}

/// The choice, the swap and the refusal in the record vocabulary: `porxada-bonus`,
/// `swap-follower` (the follower's owner, kind and place) and `refuse-swap`, each decoding to
/// the same action (whole records replay in the random games below).
#[test]
fn the_choice_and_the_swap_have_record_names() {
    use carcassonne_engine::record::{decode_action, encode_action};
    let round_trip = |g: &Game, action: Action, name: &str| {
        let encoded = encode_action(g, action);
        let json = serde_json::to_string(&encoded).unwrap();
        assert!(json.contains(&format!("\"action\":\"{name}\"")), "{json}");
        assert_eq!(decode_action(g, &encoded), Ok(action), "{json}");
    };
    let mut g = before_the_swap(true);
    round_trip(&g, Action::PorxadaBonus, "porxada-bonus");
    let red_thief = figure_at(&g, 0, 0, 1, "road@W");
    let blue_thief = figure_at(&g, 1, 1, 0, "road@W");
    let blue_monk = figure_at(&g, 1, 1, 1, "cloister");
    round_trip(&g, Action::SwapFollower { figure: red_thief }, "swap-follower");
    apply(&mut g, Action::SwapFollower { figure: red_thief });
    round_trip(&g, Action::SwapFollower { figure: blue_thief }, "swap-follower");
    apply(&mut g, Action::SwapFollower { figure: blue_thief });
    round_trip(&g, Action::RefuseSwap { figure: blue_monk }, "refuse-swap");
}

/// Random games with La Porxada alone and with every expansion: figures conserved (those out of
/// the game included), every score an event, records replay, legal == check.
#[test]
fn random_games_with_la_porxada_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (rules(&[Expansion::LaPorxada]), 2),
        (rules(&[Expansion::LaPorxada]), 4),
        (
            rules(&[Expansion::LaPorxada, Expansion::InnsCathedrals, Expansion::AbbeyMayor, Expansion::PrincessDragon]),
            3,
        ),
        (rules(&every), 2),
    ];
    let games = random_games_of_configs(configs, 610);
    assert!(games.iter().all(Game::is_over));
}

/// Every bot plays with La Porxada.
#[test]
fn every_bot_plays_with_la_porxada() {
    every_bot_plays(&rules(&[Expansion::LaPorxada]), 240);
}
