//! The Labyrinths (the Wikicarpedia page "The Labyrinths": Spiel Doch!'s basic rules and Hans im
//! Glück's advanced variant; the Assembled Game Reference's step 3B): a tile whose four roads meet
//! in a labyrinth and are one road. docs/rules.md, "The Labyrinths", lists which test checks which
//! rule.

use carcassonne_engine::{Action, Color, Edition, Expansion, FeatureKind, Phase, Pos, Rules, Variants};

use crate::expansions::{every_bot_plays, feature, paid, random_games_of_configs, turn, two_player, F};

fn rules(advanced: bool) -> Rules {
    Rules {
        expansions: vec![Expansion::Labyrinths],
        variants: Variants { labyrinth_advanced: advanced, ..Variants::default() },
    }
}

/// The deck of the scenario: red's straight road west of the start tile, blue's labyrinth east
/// of it, then the four road ends (cloisters) that close the labyrinth's road.
const DECK: [&str; 6] = ["base:U", "labyrinths:01", "base:A", "base:A", "base:A", "base:A"];

/// "The labyrinth is not a crossing; all outgoing roads are interconnected": one road through
/// all four edges with the labyrinth on it, and the four corner fields; one tile in either
/// edition's printing.
#[test]
fn the_labyrinth_is_one_road_through_four_edges() {
    let catalog = carcassonne_engine::Catalog::builtin();
    for edition in [Edition::First, Edition::Second] {
        let designs = catalog.edition_designs(catalog.set("labyrinths").unwrap(), edition);
        assert_eq!(designs.len(), 1);
        let (id, count) = designs[0];
        assert_eq!(count, 1);
        let design = catalog.design(id);
        let roads: Vec<_> = design.features.iter().filter(|f| f.kind == FeatureKind::Road).collect();
        assert_eq!(roads.len(), 1);
        assert_eq!(roads[0].ports().count(), 4);
        assert!(roads[0].attrs.labyrinth);
        assert_eq!(design.features.iter().filter(|f| f.kind == FeatureKind::Field).count(), 4);
    }
}

/// Spiel Doch!'s basic rules: "a meeple can only be placed on it if all the roads connected to
/// the labyrinth tile are unoccupied". Red's thief west of the start tile holds the road; blue's
/// labyrinth joins it, and blue may not deploy on it (a farmer on a corner field is offered).
/// Red alone scores the completed road, 1 point a tile.
#[test]
fn basic_rules_the_labyrinth_is_an_ordinary_road() {
    let mut g = two_player(rules(false), &DECK);
    turn(&mut g, -1, 0, 0, Some((F, "road@W")));
    g.apply(Action::Place { pos: Pos::new(1, 0), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    let road = feature(&g, Pos::new(1, 0), "road@W");
    let deploy = Action::Deploy { figure: F, feature: road };
    assert!(!g.legal_actions().contains(&deploy));
    let before = format!("{g:?}");
    assert!(g.apply(deploy).is_err());
    assert_eq!(format!("{g:?}"), before);
    g.apply(Action::Pass).unwrap();
    let events = close_the_labyrinth(&mut g);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 7, vec![Color::Red])]);
}

/// The four road ends that close the labyrinth's road: north, east and south of the labyrinth
/// at (1, 0), and west of red's road at (-1, 0). Returns the events of the last.
fn close_the_labyrinth(g: &mut carcassonne_engine::Game) -> Vec<carcassonne_engine::Event> {
    turn(g, 1, -1, 0, None);
    turn(g, 2, 0, 90, None);
    turn(g, 1, 1, 180, None);
    turn(g, -2, 0, 270, None)
}

/// Hans im Glück's advanced variant: "If you place the labyrinth, you may place a meeple on it
/// even if there is already a meeple on one or more connected roads. It does not matter who owns
/// those meeples"; "The player with the majority of meeples on the labyrinth and the connected
/// roads will get 1 point for each tile as usual. In addition, he or she will get 2 points for
/// each meeple standing on the labyrinth or on a connected road. If several players have the
/// majority, each of them gets the full number of points": red and blue, one thief each, both
/// score 7 tiles + 2 followers × 2 = 11.
#[test]
fn advanced_the_placer_joins_an_occupied_road_and_each_follower_pays_2() {
    let mut g = two_player(rules(true), &DECK);
    turn(&mut g, -1, 0, 0, Some((F, "road@W")));
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    assert_eq!(g.figures().len(), 2);
    let events = close_the_labyrinth(&mut g);
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 11, vec![Color::Red, Color::Blue])]);
    let breakdown = events
        .iter()
        .find_map(|e| match e {
            carcassonne_engine::Event::Scored(s) => Some(s.breakdown.to_string()),
            _ => None,
        })
        .unwrap();
    assert_eq!(breakdown, "7 tiles × 1 + 2 followers in the labyrinth × 2 = 11");
}

/// Our reading: the exception is for the labyrinth just placed. A road tile placed later beside
/// the occupied labyrinth takes no follower on that road, even under the advanced variant.
#[test]
fn advanced_only_the_labyrinth_just_placed_admits_a_follower() {
    let mut g = two_player(rules(true), &["labyrinths:01", "base:U"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    g.apply(Action::Place { pos: Pos::new(2, 0), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    let road = feature(&g, Pos::new(2, 0), "road@W");
    assert!(!g.legal_actions().contains(&Action::Deploy { figure: F, feature: road }));
}

/// Our reading: the bonus is for a completed road; at the end an incomplete one scores as any
/// road, 1 point a tile.
#[test]
fn advanced_an_incomplete_labyrinth_scores_as_a_road() {
    let mut g = two_player(rules(true), &["base:U", "labyrinths:01"]);
    turn(&mut g, -1, 0, 0, Some((F, "road@W")));
    let events = turn(&mut g, 1, 0, 0, Some((F, "road@W")));
    assert!(g.is_over());
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Final, 3, vec![Color::Red, Color::Blue])]);
}

/// Random games under both rules, alone and with every expansion: figures conserved, every score
/// an event, records replay, legal == check.
#[test]
fn random_games_with_the_labyrinth_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (rules(false), 2),
        (rules(true), 3),
        (Rules { expansions: every.clone(), ..rules(true) }, 2),
        (Rules { expansions: every, ..rules(false) }, 4),
    ];
    random_games_of_configs(configs, 250);
}

/// Every bot plays with the labyrinth under the advanced variant.
#[test]
fn every_bot_plays_with_the_labyrinth() {
    every_bot_plays(&rules(true), 170);
}
