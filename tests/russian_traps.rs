//! The Vodyanoy and Solovei Razboynik (the Wikicarpedia page "Russian Promos (1st edition)",
//! its sections on the 2016 tiles and the tile author's clarification of 2021; the Assembled Game
//! Reference's step 1C, its step 2B-1 and its final scoring). docs/rules.md, "The Vodyanoy and
//! Solovei Razboynik", lists which test checks which rule.
//!
//! The scenarios build on the start tile (base D at the origin: a city to the north, a road from
//! west to east, a field to the south).

use carcassonne_engine::{
    Action, Catalog, Color, Edition, Event, Expansion, FeatureKind, Figure, FigureSpot, Game, Pos, RuleError, Rules,
    Variants,
};

use crate::expansions::{every_bot_plays, feature, paid, place, random_games_of_configs, turn, two_player, F};

fn rules(expansions: &[Expansion]) -> Rules {
    Rules { expansions: expansions.to_vec(), ..Rules::default() }
}

fn both() -> Rules {
    rules(&[Expansion::Vodyanoy, Expansion::SoloveiRazboynik])
}

/// The figures on the trap of the tile at `pos`: (owner's colour, figure).
fn trapped(g: &Game, pos: Pos) -> Vec<(Color, Figure)> {
    let trap = feature(g, pos, "trap");
    g.figures()
        .iter()
        .filter(|f| g.board().placement(f.placement).pos == pos && f.feature == trap)
        .map(|f| (g.player(f.owner).color, f.figure))
        .collect()
}

fn trap_events(events: &[Event]) -> Vec<(u8, Pos, Pos)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::Trapped { player, from, pos, .. } => Some((player, from, pos)),
            _ => None,
        })
        .collect()
}

/// One tile each, first edition: the Vodyanoy's lake in a field with a pig-herd, and Solovei
/// Razboynik's tree beside a straight road that is one segment ("The road passes behind the tree
/// uninterrupted", FAQ 07/2020).
#[test]
fn the_sets_are_one_lake_and_one_tree() {
    let catalog = Catalog::builtin();
    for (set, id, edges) in
        [("vodyanoy", "vodyanoy:vodyanoy", "ffff"), ("solovei-razboynik", "solovei-razboynik:solovei", "frfr")]
    {
        let s = catalog.set(set).unwrap();
        assert_eq!(s.editions, vec![Edition::First]);
        assert_eq!(catalog.edition_designs(s, Edition::First).len(), 1);
        let design = catalog.design(catalog.lookup(id).unwrap());
        assert_eq!(design.edge_letters(), edges);
        assert!(design.trap.is_some(), "{id}");
    }
    let tree = catalog.design(catalog.lookup("solovei-razboynik:solovei").unwrap());
    let roads: Vec<u32> =
        tree.features.iter().filter(|f| f.kind == FeatureKind::Road).map(|f| f.ports.count_ones()).collect();
    assert_eq!(roads, vec![2]);
    let lake = catalog.design(catalog.lookup("vodyanoy:vodyanoy").unwrap());
    assert!(lake.features.iter().any(|f| f.kind == FeatureKind::Field && f.attrs.pig_herd));
    assert_eq!(catalog.printed_designs().iter().filter(|d| d.trap.is_some()).count(), 2);
}

/// "When a player places this tile adjacent to one or more tiles on the board, all followers
/// from the adjacent tiles are moved onto the Vodyanoy tile" (diagonals too, the community's
/// reading), and "get -2 points each during final scoring". Red's knight scored the city first
/// (4 points); at the end Red loses 2 for the farmer in the lake, Blue, with no points, nothing
/// more (a score does not go below 0, our reading).
#[test]
fn the_vodyanoy_pulls_in_the_followers_around_it_and_costs_2_each_at_the_end() {
    let deck = ["base:E", "base:U", "base:U", "vodyanoy:vodyanoy"];
    let mut g = two_player(rules(&[Expansion::Vodyanoy]), &deck);
    let events = turn(&mut g, 0, -1, 180, Some((F, "city@S")));
    assert_eq!(paid(&g, &events), vec![(FeatureKind::City, carcassonne_engine::Phase::Turn, 4, vec![Color::Red])]);
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    turn(&mut g, -1, 0, 0, Some((F, "field@NNW")));
    let events = place(&mut g, 0, 1, 0);
    let lake = Pos::new(0, 1);
    let mut moved = trap_events(&events);
    moved.sort();
    assert_eq!(moved, vec![(0, Pos::new(-1, 0), lake), (1, Pos::new(1, 0), lake)]);
    assert_eq!(trapped(&g, lake).len(), 2);
    // No figure is deployed on the Vodyanoy's tile (JCloisterZone's reading).
    let field = feature(&g, lake, "field@NNW");
    assert_eq!(g.apply(Action::Deploy { figure: F, feature: field }), Err(RuleError::OnTheVodyanoy));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::Deploy { .. })));
    let events = g.apply(Action::Pass).unwrap();
    assert!(g.is_over());
    let penalties: Vec<(u8, u8, u32)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::VodyanoyPenalty { player, followers, points } => Some((player, followers, points)),
            _ => None,
        })
        .collect();
    assert_eq!(penalties, vec![(0, 1, 2), (1, 1, 0)]);
    // The road and the farm lost their followers: nobody scores them.
    assert!(paid(&g, &events).is_empty(), "{events:?}");
    assert_eq!(g.scores(), vec![2, 0]);
}

/// "All followers placed on any tile adjacent to the Vodyanoy tile in future turns will also be
/// moved onto the tile" (after the figure phase, before the scoring: our reading), and "instead
/// of placing a follower, the player may return 1 follower from the Vodyanoy tile into his/her
/// supply", not in the turn the Vodyanoy was placed (JCloisterZone's reading).
#[test]
fn a_follower_placed_beside_the_lake_follows_and_one_may_be_freed_instead_of_deploying() {
    let deck = ["base:U", "vodyanoy:vodyanoy", "base:E", "base:B"];
    let mut g = two_player(rules(&[Expansion::Vodyanoy]), &deck);
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    place(&mut g, 1, 1, 0);
    let lake = Pos::new(1, 1);
    assert_eq!(trapped(&g, lake), vec![(Color::Red, F)]);
    // Blue placed the lake; Red's follower there may be freed from Red's next turn on.
    g.apply(Action::Pass).unwrap();
    // Red places a city cap north of the start tile, two rows from the lake, and frees the thief
    // instead of deploying.
    let events = place(&mut g, 0, -1, 180);
    assert!(trap_events(&events).is_empty());
    let trap = feature(&g, lake, "trap");
    let free = Action::ReturnFigure { figure: F, spot: FigureSpot::Feature { pos: lake, feature: trap } };
    assert!(g.legal_actions().contains(&free));
    let events = g.apply(free).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Freed { player: 0, pos, .. } if *pos == lake)));
    assert_eq!(g.player(0).followers, 7);
    assert!(trapped(&g, lake).is_empty());
    // Blue deploys a farmer beside the lake: it goes in after the figure phase.
    place(&mut g, 2, 1, 0);
    let events = g.apply(Action::Deploy { figure: F, feature: feature(&g, Pos::new(2, 1), "field@NNW") }).unwrap();
    assert_eq!(trap_events(&events), vec![(1, Pos::new(2, 1), lake)]);
    assert_eq!(trapped(&g, lake), vec![(Color::Blue, F)]);
}

/// A trap placed this turn keeps its followers until the next turn: freeing one is refused with
/// a clear error, and a figure one does not have there cannot be freed.
#[test]
fn freeing_is_refused_from_a_trap_just_placed_or_without_a_follower_there() {
    let deck = ["base:U", "vodyanoy:vodyanoy", "base:B"];
    let mut g = two_player(rules(&[Expansion::Vodyanoy]), &deck);
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    turn(&mut g, 1, 1, 0, None);
    let lake = Pos::new(1, 1);
    assert_eq!(trapped(&g, lake), vec![(Color::Red, F)]);
    place(&mut g, 2, 1, 0);
    let trap = feature(&g, lake, "trap");
    let spot = FigureSpot::Feature { pos: lake, feature: trap };
    let before = g.clone();
    assert_eq!(
        g.apply(Action::ReturnFigure { figure: Figure::BigFollower, spot }),
        Err(RuleError::NoTrappedFigure("big-follower"))
    );
    assert_eq!(g.scores(), before.scores());
    let mut g = two_player(rules(&[Expansion::Vodyanoy]), &["base:U", "vodyanoy:vodyanoy"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    place(&mut g, 1, 1, 0);
    let trap = feature(&g, Pos::new(1, 1), "trap");
    // Blue has no follower there, and the trap is the tile just placed.
    let refused =
        g.apply(Action::ReturnFigure { figure: F, spot: FigureSpot::Feature { pos: Pos::new(1, 1), feature: trap } });
    assert_eq!(refused, Err(RuleError::TrapJustPlaced(Pos::new(1, 1))));
}

/// The tiles of the two tree scenarios: Red's thief three tiles west of where the tree goes,
/// Blue's on a road that ends one tile east of it (a cloister's road, reached through a row of
/// cloisters south of the road); the tree's tile joins the two roads.
const TREE_DECK: [&str; 8] =
    ["base:U", "base:U", "base:B", "base:B", "base:B", "base:A", "solovei-razboynik:solovei", "base:U"];

fn two_thieves_then_the_tree(rules: Rules) -> (Game, Vec<Event>) {
    tree_turns(two_player(rules, &TREE_DECK))
}

/// The turns of the tree scenarios in `g`, whose deck begins with [`TREE_DECK`]'s tiles.
fn tree_turns(mut g: Game) -> (Game, Vec<Event>) {
    turn(&mut g, -1, 0, 0, Some((F, "road@W")));
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, 1, 1, 0, None);
    turn(&mut g, 2, 1, 0, None);
    turn(&mut g, 3, 1, 0, None);
    turn(&mut g, 3, 0, 90, Some((F, "road@W")));
    let events = place(&mut g, 2, 0, 0);
    (g, events)
}

/// The tile author's clarification (2021): the tree traps the follower nearest to it on its
/// road, counted in tiles along the road; a farther one stays until the trap springs again (the
/// road grows).
#[test]
fn the_tree_traps_the_nearest_follower_on_its_road_and_springs_again_when_the_road_grows() {
    let (mut g, events) = two_thieves_then_the_tree(both());
    let tree = Pos::new(2, 0);
    assert_eq!(trap_events(&events), vec![(1, Pos::new(3, 0), tree)]);
    assert_eq!(trapped(&g, tree), vec![(Color::Blue, F)]);
    g.apply(Action::Pass).unwrap();
    // Blue extends the road at its west end: the tree springs again, for Red's thief.
    let events = place(&mut g, -2, 0, 0);
    assert_eq!(trap_events(&events), vec![(0, Pos::new(-1, 0), tree)]);
    assert_eq!(trapped(&g, tree).len(), 2);
}

/// The variant `solovei-whole-road` (the Assembled Game Reference's "all the thieves on the road
/// must move onto the Solovei Razboynik tile", and JCloisterZone): both thieves at once.
#[test]
fn under_the_whole_road_variant_every_thief_of_the_road_is_trapped() {
    let variants = Variants { solovei_whole_road: true, ..Variants::default() };
    let rules = Rules { expansions: vec![Expansion::SoloveiRazboynik], variants };
    let (g, events) = two_thieves_then_the_tree(rules);
    assert_eq!(trap_events(&events).len(), 2);
    assert_eq!(trapped(&g, Pos::new(2, 0)).len(), 2);
}

/// A thief deployed on the tree's road is trapped after the figure phase, before the scoring
/// (the trap springs "when adding followers to the road").
#[test]
fn a_thief_joining_the_trees_road_is_trapped_before_the_scoring() {
    let deck = ["solovei-razboynik:solovei", "base:V"];
    let mut g = two_player(both(), &deck);
    turn(&mut g, 1, 0, 0, None);
    // Blue extends the road at (2,0) with a curve and puts a thief on it: trapped at once.
    place(&mut g, 2, 0, 90);
    let events = g.apply(Action::Deploy { figure: F, feature: feature(&g, Pos::new(2, 0), "road@W") }).unwrap();
    assert_eq!(trap_events(&events), vec![(1, Pos::new(2, 0), Pos::new(1, 0))]);
}

/// A follower a crop circle adds onto the tree's road joins the road, and the tree springs at
/// once (The Crop Circles' step 4A; the trap springs "when adding followers to the road"): Blue's
/// club tile, away from the road, lets Red add a thief beside the one the tree left; the tree
/// takes them before the turn ends.
#[test]
fn a_thief_added_by_a_crop_circle_on_the_trees_road_is_trapped_at_once() {
    let mut deck = TREE_DECK.to_vec();
    deck.insert(7, "crop-circles-i:04");
    let rules = rules(&[Expansion::SoloveiRazboynik, Expansion::CropCircles]);
    let (mut g, _) = tree_turns(two_player(rules, &deck));
    g.apply(Action::Pass).unwrap();
    let tree = Pos::new(2, 0);
    assert_eq!(trapped(&g, tree), vec![(Color::Blue, F)]);
    // Blue's club tile away from the road, in row -1 or above.
    let club = g
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if pos.y < 0))
        .expect("a place away from the road");
    g.apply(club).unwrap();
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.pending(), carcassonne_engine::Pending::CropCircle { player: 1, kind: FeatureKind::Road });
    g.apply(Action::CropCircle { add: true }).unwrap();
    let add = Action::DeployAt { pos: Pos::new(-1, 0), figure: F, feature: feature(&g, Pos::new(-1, 0), "road@W") };
    let events = g.apply(add).unwrap();
    // Both of Red's thieves stand at the same distance from the tree: both are the nearest.
    assert_eq!(trap_events(&events), vec![(0, Pos::new(-1, 0), tree); 2], "the tree springs at the addition");
    assert_eq!(trapped(&g, tree).len(), 3);
}

/// The tile author's clarification (2021): "Vodyanoy is first, because it is stronger", and a
/// follower the tree catches on a tile beside the lake goes on into the lake.
#[test]
fn a_follower_the_tree_catches_beside_the_lake_goes_on_into_the_lake() {
    let deck = ["base:U", "base:U", "vodyanoy:vodyanoy", "solovei-razboynik:solovei"];
    let mut g = two_player(both(), &deck);
    turn(&mut g, -1, 0, 0, Some((F, "road@W")));
    turn(&mut g, 1, 0, 0, None);
    let events = turn(&mut g, 1, 1, 0, None);
    assert!(trap_events(&events).is_empty(), "no follower beside the lake yet");
    let events = place(&mut g, 2, 0, 0);
    let (tree, lake) = (Pos::new(2, 0), Pos::new(1, 1));
    assert_eq!(trap_events(&events), vec![(0, Pos::new(-1, 0), tree), (0, tree, lake)]);
    assert_eq!(trapped(&g, lake), vec![(Color::Red, F)]);
    assert!(trapped(&g, tree).is_empty());
}

/// The followers only: a builder stays out of the lake, but goes home once its owner's last
/// follower on its road is pulled in, as after any departure (Traders & Builders; the
/// Wikicarpedia page's footnote: "builders and pigs may be returned to their player's supply if
/// the last player's follower supporting them on a feature is trapped").
#[test]
fn a_builder_left_alone_by_the_lake_goes_home() {
    let deck = ["base:U", "base:U", "base:U", "vodyanoy:vodyanoy"];
    let mut g = two_player(rules(&[Expansion::Vodyanoy, Expansion::TradersBuilders]), &deck);
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    turn(&mut g, -1, 0, 0, None);
    turn(&mut g, 2, 0, 0, Some((Figure::Builder, "road@E")));
    let events = place(&mut g, 0, 1, 0);
    assert_eq!(trap_events(&events), vec![(0, Pos::new(1, 0), Pos::new(0, 1))]);
    assert!(
        events.iter().any(|e| matches!(e, Event::FigureReturned { player: 0, figure: Figure::Builder, .. })),
        "{events:?}"
    );
    assert_eq!(g.player(0).builders, 1);
}

/// Random games with the traps, alone, together, under the variant and with every expansion:
/// figures conserved, every score change an event, records replaying the same game; every bot
/// plays them to the end.
#[test]
fn random_games_and_every_bot_play_the_traps() {
    let every: Vec<Expansion> = Expansion::ALL.into_iter().filter(|&e| e != Expansion::Winter).collect();
    let variant = Variants { solovei_whole_road: true, ..Variants::default() };
    let configs = [
        (both(), 2),
        (Rules { expansions: both().expansions, variants: variant }, 3),
        (
            rules(&[
                Expansion::Vodyanoy,
                Expansion::SoloveiRazboynik,
                Expansion::TradersBuilders,
                Expansion::PrincessDragon,
                Expansion::AbbeyMayor,
                Expansion::Festival,
            ]),
            3,
        ),
        (Rules { expansions: every, ..Rules::default() }, 4),
    ];
    random_games_of_configs(configs, 960);
    every_bot_plays(&both(), 43);
}
