//! The Watchtowers (the Wikicarpedia page "The Watchtowers", "3. Scoring a feature" and "Final
//! Scoring"; the Assembled Game Reference's step 3B, "Perform watchtower scoring for completed
//! roads or cities for you and any other players with followers on a watchtower (no majority
//! applied)"). docs/rules.md, "The Watchtowers", lists which test checks which rule.
//!
//! The scenarios build east of the start tile (base D at the origin: a city to the north, a
//! road from west to east): a watchtower tile at (1,0) whose western road continues the start
//! tile's, and base A (a cloister whose road ends it) at (-1,0), turned so that its road runs
//! east, which completes that road.

use carcassonne_bots::{Bot, RandomBot};
use carcassonne_engine::catalog::Symbol;
use carcassonne_engine::{
    Catalog, Color, Deck, Edition, Event, Expansion, FeatureKind, Figure, Game, GameSetup, Phase, Pos, Rules, Variants,
};

use crate::expansions::{every_bot_plays, paid, random_games_of_configs, tiles_in_pile, turn, two_player, F};

fn watchtowers() -> Rules {
    Rules { expansions: vec![Expansion::Watchtowers], ..Rules::default() }
}

/// `(colour, tile, what it watches, count, points)` of every watchtower scored in `events`.
fn towers(g: &Game, events: &[Event]) -> Vec<(Color, Pos, Symbol, u16, u32)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::WatchtowerScored { player, pos, watches, count, points } => {
                Some((g.player(player).color, pos, watches, count, points))
            }
            _ => None,
        })
        .collect()
}

/// The index in `events` of the first watchtower scored and of the first feature scored.
fn order(events: &[Event]) -> (usize, usize) {
    let tower = events.iter().position(|e| matches!(e, Event::WatchtowerScored { .. })).unwrap();
    let feature = events.iter().position(|e| matches!(e, Event::Scored(_))).unwrap();
    (tower, feature)
}

/// Twelve tiles, one of each, second edition only ("This expansion was never officially released
/// for C1"; a first-edition game takes them as printed): two towers for followers, two for coats
/// of arms, three for roads, two for monasteries, three for cities; the tower is no feature.
#[test]
fn the_set_is_twelve_tiles_with_one_watchtower_each() {
    let catalog = Catalog::builtin();
    let set = catalog.set("watchtowers").unwrap();
    assert_eq!(set.editions, vec![Edition::Second]);
    let designs = catalog.edition_designs(set, Edition::Second);
    assert_eq!(designs.len(), 12);
    let mut kinds = vec![];
    for &(id, count) in &designs {
        let d = catalog.design(id);
        assert_eq!(count, 1);
        let towers: Vec<Symbol> = d.symbols.iter().copied().filter(|s| s.is_watchtower()).collect();
        assert_eq!(towers.len(), 1, "{}", d.id);
        kinds.push(towers[0]);
        assert!(d.cloister.is_none() && d.features.iter().all(|f| f.pennants == 0), "{}", d.id);
    }
    let per = |s: Symbol| kinds.iter().filter(|&&k| k == s).count();
    assert_eq!(Symbol::WATCHTOWERS.map(per), [2, 2, 3, 2, 3], "followers, arms, roads, monasteries, cities");
    let edges: Vec<String> = designs.iter().map(|&(id, _)| catalog.design(id).edge_letters()).collect();
    assert_eq!(edges, ["cfrf", "crrc", "ccrf", "fcrc", "crfr", "ffrc", "frrf", "cfff", "frfr", "cfrf", "fcfc", "frfc"]);
    // The roads that meet the tower end there: two roads on the tiles with two road edges.
    for name in ["02", "05", "07", "09"] {
        let d = catalog.design(catalog.lookup(&format!("watchtowers:{name}")).unwrap());
        assert_eq!(d.features.iter().filter(|f| f.kind == FeatureKind::Road).count(), 2, "{name}");
    }
    // Shuffled in with the land tiles, in either edition of the game.
    for tile_edition in [Edition::First, Edition::Second] {
        let g = Game::new(GameSetup {
            rules: Rules {
                expansions: vec![Expansion::Watchtowers],
                variants: Variants { tile_edition, ..Variants::default() },
            },
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(4),
        })
        .unwrap();
        assert_eq!(tiles_in_pile(&g, "watchtowers"), 12);
    }
}

/// "2 points for each meeple": red's thief on the tower tile's road, blue's knight beside the
/// tower; red completes the road (3 tiles): red scores the tower first, 2 followers × 2 = 4, then
/// the road's 3. Red's monk on the completing tile stands two tiles away and is not counted.
#[test]
fn a_tower_for_followers_counts_every_players_followers_around_it() {
    let mut g = two_player(watchtowers(), &["watchtowers:01", "base:E", "base:A", "base:B"]);
    turn(&mut g, 1, 0, 90, Some((F, "road@W")));
    turn(&mut g, 1, 1, 180, Some((F, "city@S")));
    let events = turn(&mut g, -1, 0, 270, Some((F, "cloister")));
    assert_eq!(towers(&g, &events), vec![(Color::Red, Pos::new(1, 0), Symbol::WatchtowerFollowers, 2, 4)]);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 3, vec![Color::Red])]);
    // "The watchtower is scored first. The completed road or city is scored afterwards."
    let (tower, road) = order(&events);
    assert!(tower < road);
    assert_eq!(g.scores(), vec![7, 0]);
}

/// "1 point for each tile showing at least one road segment": the start tile and the tower's
/// own (the completing tile lies two tiles west, outside the nine).
#[test]
fn a_tower_for_roads_counts_the_tiles_with_a_road() {
    let mut g = two_player(watchtowers(), &["watchtowers:05", "base:E", "base:A", "base:B"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    turn(&mut g, 1, -1, 180, None);
    let events = turn(&mut g, -1, 0, 270, None);
    assert_eq!(towers(&g, &events), vec![(Color::Red, Pos::new(1, 0), Symbol::WatchtowerRoads, 2, 2)]);
    assert_eq!(g.scores(), vec![5, 0]);
}

/// "2 points for each coat of arms": base F north of the tower has one.
#[test]
fn a_tower_for_coats_of_arms_counts_the_coats_of_arms() {
    let mut g = two_player(watchtowers(), &["watchtowers:03", "base:F", "base:A", "base:B"]);
    turn(&mut g, 1, 0, 90, Some((F, "road@W")));
    turn(&mut g, 1, -1, 0, None);
    let events = turn(&mut g, -1, 0, 270, None);
    assert_eq!(towers(&g, &events), vec![(Color::Red, Pos::new(1, 0), Symbol::WatchtowerArms, 1, 2)]);
    assert_eq!(g.scores(), vec![5, 0]);
}

/// "3 points for each monastery": two cloisters beside the tower; the garden east of it is no
/// monastery (seed 000's footnote 19 on The Abbot: "Gardens do not count as monasteries in
/// relation to their interaction with other expansions", which the community reading extends
/// to "The Watchtowers: bonus for monasteries").
#[test]
fn a_tower_for_monasteries_counts_cloisters_and_not_gardens() {
    let rules = Rules {
        expansions: vec![Expansion::Watchtowers, Expansion::Abbot],
        variants: Variants { tile_edition: Edition::Second, ..Variants::default() },
    };
    let mut g = two_player(rules, &["watchtowers:09", "base:B", "base:B", "base:U-garden", "base:A", "base:B"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    turn(&mut g, 1, 1, 0, None);
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 2, 0, 0, None);
    let events = turn(&mut g, -1, 0, 270, None);
    assert_eq!(towers(&g, &events), vec![(Color::Red, Pos::new(1, 0), Symbol::WatchtowerMonasteries, 2, 6)]);
    assert_eq!(g.scores(), vec![9, 0]);
}

/// "1 point for each tile showing at least one city segment", for a knight on the tower tile's
/// city: the city of two tiles is completed, red scores the tower (the start tile, the tower's,
/// the completing tile: 3) and then the city (4).
#[test]
fn a_tower_for_cities_scores_for_a_knight_in_its_city() {
    let mut g = two_player(watchtowers(), &["watchtowers:10", "base:E", "base:B"]);
    turn(&mut g, 1, 0, 90, Some((F, "city@E")));
    let events = turn(&mut g, 2, 0, 270, None);
    assert_eq!(towers(&g, &events), vec![(Color::Red, Pos::new(1, 0), Symbol::WatchtowerCities, 3, 3)]);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, Phase::Turn, 4, vec![Color::Red])]);
    assert_eq!(g.scores(), vec![7, 0]);
}

/// "No majority applied": blue's thief on the tower's tile (south of the start tile's road)
/// scores the tower though red's big follower on the same road takes the road. Blue's curve
/// joins the two roads and completes them: 4 tiles to red; blue's tower counts the start tile,
/// the curve and its own (3).
#[test]
fn the_tower_pays_a_follower_outside_the_majority() {
    let rules = Rules { expansions: vec![Expansion::Watchtowers, Expansion::InnsCathedrals], ..Rules::default() };
    let mut g = two_player(rules, &["base:B", "watchtowers:05", "base:A", "base:V", "base:B"]);
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 1, 1, 90, Some((F, "road@N")));
    turn(&mut g, -1, 0, 270, Some((Figure::BigFollower, "road@E")));
    let events = turn(&mut g, 1, 0, 0, None);
    assert_eq!(towers(&g, &events), vec![(Color::Blue, Pos::new(1, 1), Symbol::WatchtowerRoads, 3, 3)]);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 4, vec![Color::Red])]);
    assert_eq!(g.scores(), vec![4, 3]);
}

/// Only a follower on the scored feature's segment of the tower's tile sets it off: red's thief
/// stands on the completing tile, so the road scores alone.
#[test]
fn a_follower_elsewhere_on_the_road_does_not_score_the_tower() {
    let mut g = two_player(watchtowers(), &["watchtowers:05", "base:E", "base:A", "base:B"]);
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, 1, -1, 180, None);
    let events = turn(&mut g, -1, 0, 270, Some((F, "road@E")));
    assert!(towers(&g, &events).is_empty());
    assert_eq!(g.scores(), vec![3, 0]);
}

/// "Farmers do not trigger scoring for watchtowers", and "Watchtowers do not provide points after
/// the game": a farmer on the tower's tile and a thief on its incomplete eastern road score as
/// usual at the end, with no tower.
#[test]
fn farmers_and_the_final_scoring_never_score_a_tower() {
    let mut g = two_player(watchtowers(), &["watchtowers:05", "watchtowers:09"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    let events = turn(&mut g, 0, 1, 0, Some((F, "field@NNW")));
    assert!(g.is_over());
    assert!(towers(&g, &events).is_empty(), "{events:?}");
    assert!(paid(&g, &events).iter().all(|s| s.1 == Phase::Final));
}

/// Random games with the expansion, alone and with every expansion: figures conserved, every
/// score change an event (the towers' included), records replaying the same game; every bot
/// plays it to the end.
#[test]
fn random_games_and_every_bot_play_the_watchtowers() {
    let every: Vec<Expansion> = Expansion::ALL.into_iter().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (watchtowers(), 2),
        (
            Rules {
                expansions: vec![Expansion::Watchtowers, Expansion::InnsCathedrals, Expansion::Abbot],
                ..Rules::default()
            },
            4,
        ),
        (Rules { expansions: every, ..Rules::default() }, 3),
    ];
    random_games_of_configs(configs, 900);
    // In random games the towers are scored, each at its printed points per thing counted.
    let mut scored = 0;
    for seed in 0..10 {
        let setup = GameSetup { rules: watchtowers(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        let mut bots: Vec<RandomBot> = (0..2).map(|p| RandomBot::new(seed * 10 + p)).collect();
        while let Some(p) = g.pending().player() {
            let action = bots[p as usize].choose_action(&g.observation(Some(p)));
            for e in g.apply(action).unwrap() {
                if let Event::WatchtowerScored { watches, count, points, .. } = e {
                    assert_eq!(points, u32::from(count) * watches.watchtower().unwrap().1);
                    scored += 1;
                }
            }
        }
    }
    assert!(scored > 0, "no watchtower was scored in 10 random games");
    every_bot_plays(&watchtowers(), 31);
}
