//! Preparing a game (seed 001, PREPARATION): the players and their supplies, the tiles of the
//! sets in play, the start tile and the order of the face-down tiles.

use crate::catalog::{Catalog, TileId};
use crate::errors::SetupError;
use crate::expansions::{DeckPlan, Modules};
use crate::players::{Color, PlayerState, MAX_PLAYERS};
use crate::random::{rng_from_seed, shuffle};
use crate::rules::Rules;
use crate::table::Table;

/// Where the tiles come from.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Deck {
    /// Every tile of the sets in play but the start tile, shuffled from a seed.
    Seed(u64),
    /// An explicit draw order (for records and scenarios). It may hold any tiles of the sets in
    /// play, in any number; the game ends when it runs out.
    Order(Vec<TileId>),
}

/// Everything needed to start a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSetup {
    pub rules: Rules,
    pub players: Vec<Color>,
    pub deck: Deck,
}

/// The table before the start tile is placed, the modules in play, and the start tile.
pub(crate) fn prepare(catalog: &'static Catalog, setup: GameSetup) -> Result<(Table, Modules, TileId), SetupError> {
    let GameSetup { rules, players, deck } = setup;
    if !(2..=MAX_PLAYERS).contains(&players.len()) {
        return Err(SetupError::PlayerCount(players.len()));
    }
    rules.check_player_count(players.len())?;
    for (i, c) in players.iter().enumerate() {
        if players[..i].contains(c) {
            return Err(SetupError::DuplicateColor(*c));
        }
    }
    let mut modules = Modules::new(&rules, players.len(), catalog);
    // The land tiles. Tiles players hold (abbeys) stay out of the pile; a module may take tiles
    // to lay out itself (the river's), and river tiles no module takes stay in the box. The base start tile starts the game
    // unless a module keeps it in the pile.
    let start_in_pile = modules.base_start_tile_in_pile();
    let (mut land, mut base_start) = (vec![], None);
    for set_id in rules.tile_sets() {
        let Some(set) = catalog.set(set_id) else { continue };
        for (id, count) in catalog.edition_designs(set, set.edition_for(rules.variants.tile_edition)) {
            let design = catalog.design(id);
            if design.supply || modules.takes_tile(id, design, count) || design.has_river() {
                continue;
            }
            let mut count = count as usize;
            if design.start && base_start.is_none() {
                base_start = Some(id);
                if !start_in_pile {
                    count -= 1;
                }
            }
            land.extend(std::iter::repeat_n(id, count));
        }
    }
    let mut plan = DeckPlan { start: base_start, leading: vec![] };
    let deck_seed = match deck {
        Deck::Seed(seed) => Some(seed),
        Deck::Order(_) => None,
    };
    let (deck, explicit) = match deck {
        Deck::Seed(seed) => {
            let mut rng = rng_from_seed(seed);
            modules.arrange_deck(catalog, &mut plan, Some(&mut rng));
            shuffle(&mut land, &mut rng);
            (std::mem::take(&mut plan.leading).into_iter().chain(land).collect(), false)
        }
        Deck::Order(order) => {
            modules.arrange_deck(catalog, &mut plan, None);
            (order, true)
        }
    };
    let start = plan.start.ok_or(SetupError::NoStartTile)?;
    // An explicit order may hold any tiles of the sets in play, in any number.
    if explicit {
        let sets = rules.tile_sets();
        let in_play = |t: &TileId| {
            let design = catalog.design(*t);
            sets.contains(&design.set.as_str())
                && !design.supply
                && (!design.has_river() || modules.brings_tile(design))
        };
        if let Some(bad) = deck.iter().find(|t| !in_play(t)) {
            return Err(SetupError::TileNotInPlay(catalog.design(*bad).id.clone()));
        }
    }
    let players = players.iter().map(|&color| PlayerState::new(color, |figure| modules.supply(figure))).collect();
    let mut table = Table::new(catalog, rules, players, deck);
    table.deck_seed = deck_seed;
    Ok((table, modules, start))
}
