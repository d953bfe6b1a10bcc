//! The Spiel Doch! promotional tiles (the Wikicarpedia page "SPIEL DOCH! Promo"; the Assembled
//! Game Reference's preparation, "if used as starting tiles"): two land tiles without rules of
//! their own, shuffled in, or under the variant `spiel-doch-start` the start of the game in place
//! of the base start tile. docs/rules.md, "The Spiel Doch! promotional tiles", lists which test
//! checks which rule.

use carcassonne_engine::catalog::FeatureKind;
use carcassonne_engine::{
    Color, Deck, Edition, Expansion, Game, GameSetup, Pos, Rotation, Rules, Side, Terrain, Variants,
};

use crate::expansions::{every_bot_plays, random_games_of_configs, tiles_in_pile};

fn rules(expansions: &[Expansion], start: bool) -> Rules {
    let mut all = vec![Expansion::SpielDoch];
    all.extend_from_slice(expansions);
    Rules { expansions: all, variants: Variants { spiel_doch_start: start, ..Variants::default() } }
}

fn game(rules: Rules, seed: u64) -> Game {
    Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) }).unwrap()
}

/// The board's tiles at the start: (design id, position, rotation).
fn start_tiles(g: &Game) -> Vec<(String, Pos, Rotation)> {
    g.board().tiles().iter().map(|t| (g.design(t.tile).id.clone(), t.pos, t.rotation)).collect()
}

/// "If used as starting tiles, remove the regular starting tile from the game and place both
/// Spiel Doch! Promo tiles on the table": the two cities at the origin, the roads east of them
/// turned so that the fields meet; no base start tile anywhere, and the tiles not in the pile.
#[test]
fn as_the_start_both_tiles_replace_the_base_start_tile() {
    for edition in ["first", "second"] {
        let mut r = rules(&[], true);
        r.variants.set("tile-edition", edition).unwrap();
        let g = game(r, 3);
        let roads = if edition == "first" { "spiel-doch:02" } else { "spiel-doch:02-garden" };
        assert_eq!(
            start_tiles(&g),
            vec![
                ("spiel-doch:01".to_string(), Pos::new(0, 0), Rotation::R0),
                (roads.to_string(), Pos::new(1, 0), Rotation::R270)
            ]
        );
        // The edges that meet are fields; the roads lead north, east and south.
        let placed = g.board().get(Pos::new(1, 0)).unwrap();
        let view = g.design(placed.tile);
        let side = |s: Side| {
            let edges = view.view(placed.rotation).edges;
            (edges >> (8 * s.index())) & 0xFF
        };
        assert_eq!(side(Side::West), Terrain::Field as u32);
        for s in [Side::North, Side::East, Side::South] {
            assert_eq!(side(s), Terrain::Road as u32, "{s:?}");
        }
        assert_eq!(tiles_in_pile(&g, "spiel-doch"), 0);
        let base_start = |g: &Game| g.board().tiles().iter().filter(|t| g.design(t.tile).start).count();
        assert_eq!(base_start(&g), 0);
        // The base tiles: 71 without the start tile, all in the pile.
        assert_eq!(tiles_in_pile(&g, "base"), 71, "{edition}");
    }
}

/// "Otherwise shuffle the Spiel Doch! Promo tiles together with the land tiles": without the
/// variant the base start tile starts and both promotional tiles are in the pile.
#[test]
fn by_default_both_tiles_are_shuffled_in() {
    let g = game(rules(&[], false), 3);
    assert_eq!(start_tiles(&g).len(), 1);
    assert!(g.design(g.board().tiles()[0].tile).start);
    assert_eq!(tiles_in_pile(&g, "spiel-doch"), 2);
}

/// Our reading: with a river or the city of Carcassonne, whose tiles start the game, the
/// promotional tiles join the pile under the variant too.
#[test]
fn with_another_start_they_join_the_pile() {
    for other in [Expansion::River, Expansion::River2, Expansion::Count] {
        let g = game(rules(&[other], true), 5);
        assert!(start_tiles(&g).iter().all(|(id, _, _)| !id.starts_with("spiel-doch")), "{other:?}");
        assert_eq!(tiles_in_pile(&g, "spiel-doch"), 2, "{other:?}");
    }
}

/// "It is not allowed to place a meeple on the 'SPIEL' or 'DOCH!' texts": the tiles have only
/// their roads, cities and fields (and the second printing's garden).
#[test]
fn the_tiles_have_no_other_feature() {
    let catalog = carcassonne_engine::Catalog::builtin();
    let set = catalog.set("spiel-doch").unwrap();
    for edition in [Edition::First, Edition::Second] {
        let designs = catalog.edition_designs(set, edition);
        assert_eq!(designs.iter().map(|&(_, n)| n as u32).sum::<u32>(), 2);
        for (id, _) in designs {
            let design = catalog.design(id);
            assert!(design.symbols.is_empty(), "{}", design.id);
            let kinds = design.features.iter().map(|f| f.kind);
            assert!(kinds.clone().all(|k| matches!(
                k,
                FeatureKind::Road | FeatureKind::City | FeatureKind::Field | FeatureKind::Garden
            )));
        }
    }
}

/// Random games with the tiles shuffled in and as the start, alone and with every expansion:
/// figures conserved, every score an event, records replay, legal == check.
#[test]
fn random_games_with_the_spiel_doch_tiles_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let only = |e: &Expansion| !matches!(e, Expansion::River | Expansion::River2 | Expansion::Count);
    let without_starts: Vec<Expansion> = every.iter().copied().filter(only).collect();
    let configs = [
        (rules(&[], false), 2),
        (rules(&[], true), 3),
        (Rules { expansions: every, ..rules(&[], true) }, 2),
        (Rules { expansions: without_starts, ..rules(&[], true) }, 4),
    ];
    random_games_of_configs(configs, 130);
}

/// Every bot plays a game that starts with the promotional tiles.
#[test]
fn every_bot_plays_from_the_spiel_doch_start() {
    every_bot_plays(&rules(&[], true), 150);
}
