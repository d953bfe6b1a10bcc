//! Preparing a game (seed 001, PREPARATION): the players and their supplies, the tiles of the
//! sets in play, the start tile and the order of the face-down tiles.

use crate::catalog::{Catalog, TileId};
use crate::errors::SetupError;
use crate::expansions::{BaseStartTile, DeckPlan, Modules};
use crate::geometry::{Pos, Rotation};
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

/// The tiles on the table at the start, in the order they are put down: the start tile at the
/// origin, or a module's layout (the city of Carcassonne and the spring).
pub(crate) type StartLayout = Vec<(TileId, Rotation, Pos)>;

/// The table before the start tiles are placed, the modules in play, and the start tiles.
pub(crate) fn prepare(
    catalog: &'static Catalog,
    setup: GameSetup,
) -> Result<(Table, Modules, StartLayout), SetupError> {
    let GameSetup { rules, players, deck } = setup;
    if !(2..=MAX_PLAYERS).contains(&players.len()) {
        return Err(SetupError::PlayerCount(players.len()));
    }
    rules.check_player_count(players.len())?;
    rules.check_river_order()?;
    if let Some((a, b)) = crate::expansions::hands::conflicting(&rules) {
        return Err(SetupError::IncompatibleVariations(a, b));
    }
    for (i, c) in players.iter().enumerate() {
        if players[..i].contains(c) {
            return Err(SetupError::DuplicateColor(*c));
        }
    }
    let mut modules = Modules::new(&rules, players.len(), catalog);
    // The land tiles. Tiles players hold (abbeys) stay out of the pile; a module may take tiles
    // to lay out itself (the river's, the Count's city), and river tiles no module takes stay
    // in the box. The base start tile starts the game unless a module keeps it in the pile or
    // out of the game.
    let base_start_tile = modules.base_start_tile();
    let start_in_pile = base_start_tile == BaseStartTile::InPile;
    let (mut land, mut base_start) = (vec![], None);
    for set_id in rules.tile_sets() {
        let Some(set) = catalog.set(set_id) else { continue };
        for (id, count) in catalog.edition_designs(set, set.edition_for(rules.variants.tile_edition)) {
            let design = catalog.design(id);
            if design.supply {
                continue;
            }
            let taken = modules.takes_tile(id, design, count);
            if taken == count || design.has_river() {
                continue;
            }
            let mut count = (count - taken) as usize;
            if design.start && base_start.is_none() {
                base_start = Some(id);
                if !start_in_pile {
                    count -= 1;
                }
            }
            land.extend(std::iter::repeat_n(id, count));
        }
    }
    let start = base_start.filter(|_| base_start_tile != BaseStartTile::Unused);
    let mut plan = DeckPlan { start, leading: vec![], layout: vec![] };
    let deck_seed = match deck {
        Deck::Seed(seed) => Some(seed),
        Deck::Order(_) => None,
    };
    let (deck, explicit, leading) = match deck {
        Deck::Seed(seed) => {
            let mut rng = rng_from_seed(seed);
            modules.arrange_deck(catalog, &mut plan, Some(&mut rng));
            shuffle(&mut land, &mut rng);
            let leading = plan.leading.len();
            (std::mem::take(&mut plan.leading).into_iter().chain(land).collect(), false, leading)
        }
        Deck::Order(order) => {
            modules.arrange_deck(catalog, &mut plan, None);
            // An explicit order lays out the river tiles it begins with, up to the last one (a
            // start tile mixed among them is laid out with them).
            let leading = order.iter().rposition(|t| catalog.design(*t).has_river()).map_or(0, |last| last + 1);
            (order, true, leading)
        }
    };
    let layout = match (plan.layout, plan.start) {
        (layout, _) if !layout.is_empty() => layout,
        (_, Some(start)) => vec![(start, Rotation::R0, Pos::ORIGIN)],
        (_, None) => return Err(SetupError::NoStartTile),
    };
    // An explicit order may hold any tiles of the sets in play, in any number.
    if explicit {
        let sets = rules.tile_sets();
        let in_play = |t: &TileId| {
            let design = catalog.design(*t);
            sets.contains(&design.set.as_str())
                && !design.supply
                && !design.partial
                && (!design.has_river() || modules.brings_tile(design))
                && !crate::expansions::monasteries::replaced(&rules, design)
                && !crate::expansions::shrines::left_out(&rules, design)
        };
        if let Some(bad) = deck.iter().find(|t| !in_play(t)) {
            return Err(SetupError::TileNotInPlay(catalog.design(*bad).id.clone()));
        }
    }
    let followers = crate::expansions::variations::followers_per_player(&rules, players.len());
    let players =
        players.iter().map(|&color| PlayerState::new(color, followers, |figure| modules.supply(figure))).collect();
    let mut table = Table::new(catalog, rules, players, deck);
    table.deck_seed = deck_seed;
    table.leading = leading;
    Ok((table, modules, layout))
}
