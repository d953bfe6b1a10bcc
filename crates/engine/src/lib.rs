//! The rules of Carcassonne: tiles, board, features, the turn as a state machine, scoring and
//! records. The crate does no I/O, keeps no mutable global state and reads no clock; the only
//! randomness is the deck shuffle, from a seed.
//!
//! ```
//! use carcassonne_engine::{Color, Deck, Game, GameSetup, Rules};
//!
//! let mut game = Game::new(GameSetup {
//!     rules: Rules::base(),
//!     players: vec![Color::Red, Color::Blue],
//!     deck: Deck::Seed(42),
//! })
//! .unwrap();
//! // Play the first legal action until the game ends.
//! while !game.is_over() {
//!     let action = game.legal_actions()[0];
//!     game.apply(action).unwrap();
//! }
//! assert_eq!(game.tiles_left(), 0);
//! ```

pub mod actions;
mod base;
pub mod board;
pub mod catalog;
pub mod errors;
pub mod events;
mod expansions;
pub mod features;
pub mod game;
pub mod geometry;
pub mod naming;
pub mod observation;
pub mod players;
pub mod random;
pub mod record;
pub mod rules;
pub mod sources;
mod table;
pub mod variants;

pub use actions::{Action, BridgeSpot, CatapultToken, FigureSpot, Pending};
pub use board::{Board, PlacedTile};
pub use catalog::{Catalog, Edition, FeatureKind, FeatureSpec, Quarter, QuarterSpec, TileDesign, TileId};
pub use errors::{RuleError, SetupError};
pub use events::{Breakdown, Event, Phase, Score, Token, WIND_ROSE_POINTS};
pub use expansions::abbey_mayor::Barn;
pub use expansions::bazaars::Auction;
pub use expansions::big_top::{ACROBAT_POINTS, ANIMAL_TOKENS, PYRAMID_SIZE, RINGMASTER_POINTS};
pub use expansions::bridges::BRIDGES;
pub use expansions::castles::{Castle, CASTLES};
pub use expansions::catapult::{CATCH_POINTS, LANDINGS as CATAPULT_LANDINGS, TARGET_POINTS};
pub use expansions::churches::CHURCH_BONUS;
pub use expansions::count::Resident;
pub use expansions::darmstadtium::DARMSTADTIUM_POINTS;
pub use expansions::ferries::PlacedFerry;
pub use expansions::flier::{flight_direction, FLIGHT_DIE};
pub use expansions::gold_mines::ingot_value;
pub use expansions::hills_sheep::{FlockField, FlockToken, FLOCK_BAG};
pub use expansions::labyrinths::LABYRINTH_FOLLOWER_POINTS;
pub use expansions::little_buildings::{BuildingSupply, PlacedBuilding};
pub use expansions::messages::{ScoringFigures, DARK_EVERY, SEAL_POINTS, TRACK_SPACES};
pub use expansions::plague::{Flea, Outbreak, FLEAS};
pub use expansions::tower::{Prisoner, TowerSite, RANSOM};
pub use expansions::traps::VODYANOY_PENALTY;
pub use expansions::tunnel::{tunnel_pair_letter, TunnelToken, TUNNEL_PAIRS};
pub use expansions::vineyards::VINEYARD_POINTS;
pub use game::{Deck, Game, GameSetup};
pub use geometry::{Corner, Port, Pos, Rotation, Side, Terrain};
pub use observation::Observation;
pub use players::MessageTile;
pub use players::{BuildingKind, Color, Figure, MagicFigure, PlacedFigure, PlayerId, PlayerSet, PlayerState};
pub use record::{Record, RecordAction, RecordDeck, RecordError, Replay};
pub use rules::{
    variant_needs, CarcassonneTrigger, CombinedRivers, CountMoves, DoubleTurn, Expansion, FarmerScoring, Needs,
    OnlyOneCanChoose, RiverOrder, RiverStartTile, RuleSet, Rules, TableSize, ThreeTileHand, TilesInHand, VariantGroup,
    VariantInfo, VariantKind, Variants, VolcanoLake, WagonMoves,
};
