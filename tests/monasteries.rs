//! The special monasteries: Monasteries in Germany, Monasteries in the Netherlands & Belgium and
//! Japanese Buildings (the Wikicarpedia pages "Monasteries (1st edition)" and "Monasteries"; the
//! Assembled Game Reference's preparation and final scoring). docs/rules.md, "The special
//! monasteries", lists which test checks which rule.

use carcassonne_engine::{
    Action, Catalog, Color, Deck, Edition, Expansion, FeatureKind, Figure, Game, GameSetup, Phase, Pos, RuleError,
    Rules, SetupError, Variants,
};

use crate::expansions::{every_bot_plays, feature, paid, random_games_of_configs, tile, turn, two_player, F};

fn rules(expansions: &[Expansion]) -> Rules {
    Rules { expansions: expansions.to_vec(), ..Rules::default() }
}

/// A turn of a scenario: where the drawn tile goes, turned how far, and what is deployed.
type Turn<'a> = (i16, i16, i64, Option<(Figure, &'a str)>);

const SETS: [(Expansion, &str); 3] = [
    (Expansion::GermanMonasteries, "german-monasteries"),
    (Expansion::DutchBelgianMonasteries, "dutch-belgian-monasteries"),
    (Expansion::JapaneseBuildings, "japanese-buildings"),
];

/// Each set is six special monasteries, one of each tile: four alone in a field and two with a
/// road to the south (the layouts of the base game's cloisters B and A); each has its cloister
/// and a prior's place beside it, next to the same road for the wagon.
#[test]
fn each_set_is_six_special_monasteries() {
    let catalog = Catalog::builtin();
    for (_, set) in SETS {
        for edition in [Edition::First, Edition::Second] {
            let designs = catalog.edition_designs(catalog.set(set).unwrap(), edition);
            assert_eq!(designs.len(), 6, "{set}");
            let mut with_road = 0;
            for (id, count) in designs {
                assert_eq!(count, 1);
                let d = catalog.design(id);
                let cloister = &d.features[d.cloister.unwrap() as usize];
                let prior = &d.features[d.prior.unwrap() as usize];
                assert!(cloister.attrs.special);
                assert_eq!(prior.kind, FeatureKind::Prior);
                assert_eq!(prior.attrs.wagon_groups, cloister.attrs.wagon_groups);
                with_road += d.features.iter().any(|f| f.kind == FeatureKind::Road) as usize;
            }
            assert_eq!(with_road, 2, "{set}");
        }
    }
    // No other design has a prior's place.
    let others = catalog
        .printed_designs()
        .iter()
        .filter(|d| d.prior.is_some() && !SETS.iter().any(|(_, s)| d.set == *s))
        .count();
    assert_eq!(others, 0);
}

/// "Remove the 'original' cloister tiles from the base game and return them to the box. Mix the
/// six new Monastery tiles in with the rest of the game tiles": the base tiles (or the Winter
/// Edition's) lose their six cloisters; the monasteries of every set in play are shuffled in.
#[test]
fn the_base_cloisters_stay_in_the_box() {
    for base in [vec![], vec![Expansion::Winter]] {
        for (expansion, set) in SETS {
            let mut expansions = base.clone();
            expansions.push(expansion);
            let g = Game::new(GameSetup {
                rules: rules(&expansions),
                players: vec![Color::Red, Color::Blue],
                deck: Deck::Seed(7),
            })
            .unwrap();
            let remaining = g.observation(None).remaining_tiles();
            let count = |pred: &dyn Fn(&carcassonne_engine::TileDesign) -> bool| -> usize {
                remaining.iter().filter(|(t, _)| pred(g.design(*t))).map(|&(_, n)| n as usize).sum::<usize>()
                    + match g.pending() {
                        carcassonne_engine::Pending::PlaceTile { tile, .. } => pred(g.design(tile)) as usize,
                        _ => 0,
                    }
            };
            assert_eq!(
                count(&|d| d.cloister.is_some()
                    && (d.set == "base" || d.set == "winter")
                    && (d.name == "A" || d.name == "B")),
                0
            );
            assert_eq!(count(&|d| d.set == set), 6);
            // 71 land tiles less 6 cloisters plus 6 monasteries (the Winter Edition: 83).
            assert_eq!(count(&|_| true), if base.is_empty() { 71 } else { 83 });
        }
    }
    // An explicit order may not bring a cloister the monasteries replaced.
    let refused = Game::new(GameSetup {
        rules: rules(&[Expansion::GermanMonasteries]),
        players: vec![Color::Red, Color::Blue],
        deck: Deck::Order(vec![tile("base:B")]),
    });
    assert!(matches!(&refused, Err(SetupError::TileNotInPlay(id)) if id == "base:B"), "{refused:?}");
}

/// "He then has two options when deploying a follower on the monastery: 1. As a Monk ... 2. As
/// an Abbot": both are offered on the monastery just placed, with the other deployments.
#[test]
fn a_follower_goes_on_a_monastery_as_monk_or_as_prior() {
    let mut g = two_player(rules(&[Expansion::GermanMonasteries]), &["german-monasteries:andechs"]);
    g.apply(Action::Place { pos: Pos::new(0, 1), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    let cloister = feature(&g, Pos::new(0, 1), "cloister");
    let prior = feature(&g, Pos::new(0, 1), "prior");
    let legal = g.legal_actions();
    for figure_on in [cloister, prior] {
        assert!(legal.contains(&Action::Deploy { figure: F, feature: figure_on }));
    }
}

/// The rulebook's example: "The RED abbot scores 4 + 2 + 1 + 2 + 1 = 10 points" (4 tiles in the
/// column above, 2 in the row to the right, 1 below, 2 to the left, and the monastery), "The
/// BLUE abbot scores 2 + 0 + 2 + 1 + 1 = 6 points" ("Since there is a gap in the row to the
/// right of BLUE's monastery, no points are earned in that direction"). Laid out here with red's
/// monastery at (0, 3), blue's at (2, 5); both priors are scored in the final scoring, red's
/// first (deployed first).
#[test]
fn the_rulebook_example_red_prior_10_blue_prior_6() {
    let deck = [
        "german-monasteries:eberbach",
        "german-monasteries:maria-laach",
        "german-monasteries:marienthal",
        "base:E",
        "german-monasteries:maulbronn",
        "dutch-belgian-monasteries:01",
        "dutch-belgian-monasteries:02",
        "base:E",
        "dutch-belgian-monasteries:03",
        "dutch-belgian-monasteries:04",
        "japanese-buildings:01",
        "japanese-buildings:02",
        "japanese-buildings:03",
        "japanese-buildings:05",
    ];
    let all = [Expansion::GermanMonasteries, Expansion::DutchBelgianMonasteries, Expansion::JapaneseBuildings];
    let mut g = two_player(rules(&all), &deck);
    let plan: [Turn; 14] = [
        (0, 1, 0, None),
        (0, 2, 0, None),
        (0, 3, 0, Some((F, "prior"))),
        (0, -1, 180, None),
        (1, 3, 0, None),
        (2, 3, 0, None),
        (-1, 3, 0, None),
        (-2, 3, 270, None),
        (2, 4, 0, None),
        (2, 5, 0, Some((F, "prior"))),
        (0, 4, 0, None),
        (1, 5, 0, None),
        (2, 6, 0, None),
        (2, 7, 0, None),
    ];
    assert_eq!(g.prior_points(Pos::new(0, 3)), 1);
    let mut events = vec![];
    for (x, y, degrees, deploy) in plan {
        events = turn(&mut g, x, y, degrees, deploy);
    }
    assert!(g.is_over());
    assert_eq!(g.prior_points(Pos::new(0, 3)), 10);
    assert_eq!(g.prior_points(Pos::new(2, 5)), 6);
    assert_eq!(
        paid(&g, &events),
        vec![
            (FeatureKind::Prior, Phase::Final, 10, vec![Color::Red]),
            (FeatureKind::Prior, Phase::Final, 6, vec![Color::Blue])
        ]
    );
    assert_eq!(g.player(0).score, 10);
    assert_eq!(g.player(1).score, 6);
}

/// "As a Monk: In this option, the monastery is treated like a cloister in the base game, and all
/// the normal scoring rules remain the same": a monk on a special monastery is scored as a
/// cloister (at the end: 1 for it and 1 for each tile around it).
#[test]
fn a_monk_on_a_monastery_scores_as_a_cloister() {
    let mut g = two_player(rules(&[Expansion::JapaneseBuildings]), &["japanese-buildings:01"]);
    let events = turn(&mut g, 0, 1, 0, Some((F, "cloister")));
    assert!(g.is_over());
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Cloister, Phase::Final, 2, vec![Color::Red])]);
}

/// "The monastery scores only at the end of the game. Therefore, the abbot remains on the tile
/// during the game": surrounded, a prior's monastery scores nothing and the prior stays, to be
/// scored at the end for its lines (here 1 tile each way and the monastery: 5).
#[test]
fn a_prior_stays_when_its_monastery_is_surrounded() {
    // Red's prior on the monastery south of the start tile, then the seven other tiles around
    // it: five monasteries, and two straight roads beside the start tile.
    let deck = [
        "german-monasteries:eberbach",
        "german-monasteries:maria-laach",
        "german-monasteries:marienthal",
        "german-monasteries:maulbronn",
        "dutch-belgian-monasteries:01",
        "dutch-belgian-monasteries:02",
        "base:U",
        "base:U",
    ];
    let mut g = two_player(rules(&[Expansion::GermanMonasteries, Expansion::DutchBelgianMonasteries]), &deck);
    turn(&mut g, 0, 1, 0, Some((F, "prior")));
    let mut scored = vec![];
    for (x, y) in [(-1, 1), (1, 1), (-1, 2), (0, 2), (1, 2), (-1, 0)] {
        let events = turn(&mut g, x, y, 0, None);
        scored.extend(paid(&g, &events));
    }
    assert!(scored.is_empty(), "{scored:?}");
    let last = turn(&mut g, 1, 0, 0, None);
    assert_eq!(g.board().neighbours_around(Pos::new(0, 1)), 8);
    assert!(g.is_over());
    assert_eq!(paid(&g, &last), vec![(FeatureKind::Prior, Phase::Final, 5, vec![Color::Red])]);
}

/// The Wikicarpedia page "Monasteries": "the special monastery is only a single feature, even
/// though it can be used two different ways. Thus, if it is occupied by a meeple, one cannot ...
/// deploy a meeple to it with a magic portal": a magic gate offers neither place of a monastery
/// with a prior, and both of a free one.
#[test]
fn a_monastery_is_one_feature_for_the_magic_gate() {
    let deck = ["german-monasteries:eberbach", "german-monasteries:maria-laach", "princess-dragon:02"];
    let mut g = two_player(rules(&[Expansion::GermanMonasteries, Expansion::PrincessDragon]), &deck);
    turn(&mut g, 0, 1, 0, Some((F, "prior")));
    turn(&mut g, -1, 1, 0, None);
    g.apply(Action::Place { pos: Pos::new(1, 0), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    let legal = g.legal_actions();
    let gate_to = |pos: Pos, name: &str| Action::DeployAt { pos, figure: F, feature: feature(&g, pos, name) };
    for name in ["cloister", "prior"] {
        assert!(!legal.contains(&gate_to(Pos::new(0, 1), name)), "{name} of the occupied monastery");
        assert!(legal.contains(&gate_to(Pos::new(-1, 1), name)), "{name} of the free monastery");
    }
    let before = format!("{g:?}");
    assert!(g.apply(gate_to(Pos::new(0, 1), "cloister")).is_err());
    assert_eq!(format!("{g:?}"), before);
}

/// The abbot of The Abbot may be put on a special monastery either way (the page's list of
/// figures); our reading: lying as its prior it stays until the end, so The Abbot's early
/// recall is not offered and is refused.
#[test]
fn an_abbot_as_prior_is_not_recalled() {
    let deck = ["german-monasteries:eberbach", "base:U", "base:U"];
    let mut g = two_player(rules(&[Expansion::GermanMonasteries, Expansion::Abbot]), &deck);
    turn(&mut g, 0, 1, 0, Some((Figure::Abbot, "prior")));
    turn(&mut g, -1, 0, 0, None);
    g.apply(Action::Place { pos: Pos::new(1, 0), rotation: carcassonne_engine::Rotation::R0 }).unwrap();
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::RecallAbbot { .. })));
    let before = format!("{g:?}");
    assert!(matches!(g.apply(Action::RecallAbbot { pos: Pos::new(0, 1) }), Err(RuleError::NoAbbotThere(_))));
    assert_eq!(format!("{g:?}"), before);
    g.apply(Action::Pass).unwrap();
    // At the end the abbot is scored as the prior it is: the monastery and the start tile above
    // it (the roads west and east of the start tile are not in its lines).
    assert!(g.is_over());
    assert_eq!(g.player(0).score, 2);
}

/// Our reading of "Cloisters for everyone!" with special monasteries: the base cloisters are in
/// the box, so each player receives a monastery (the plain ones first).
#[test]
fn cloisters_for_everyone_hands_out_monasteries() {
    let g = Game::new(GameSetup {
        rules: Rules {
            expansions: vec![Expansion::GermanMonasteries],
            variants: Variants { cloisters_for_everyone: true, ..Variants::default() },
        },
        players: vec![Color::Red, Color::Blue, Color::Green],
        deck: Deck::Seed(3),
    })
    .unwrap();
    for p in 0..3 {
        let held = g.held_tile(p).expect("a monastery held");
        assert_eq!(g.design(held).set, "german-monasteries");
    }
}

/// Random games with the monasteries alone and with every expansion: figures conserved, every
/// score an event, records replay, legal == check.
#[test]
fn random_games_with_the_monasteries_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [
        (rules(&[Expansion::GermanMonasteries]), 2),
        (rules(&[Expansion::DutchBelgianMonasteries, Expansion::JapaneseBuildings, Expansion::AbbeyMayor]), 3),
        (rules(&every), 2),
        (rules(&[Expansion::JapaneseBuildings, Expansion::Winter, Expansion::Abbot]), 4),
    ];
    random_games_of_configs(configs, 330);
}

/// Every bot plays with the monasteries.
#[test]
fn every_bot_plays_with_the_monasteries() {
    every_bot_plays(&rules(&[Expansion::GermanMonasteries, Expansion::Abbot]), 190);
}
