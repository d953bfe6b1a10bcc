//! Hills & Sheep (Hans im Glück 2014; the Wikicarpedia pages "Hills & Sheep" and "Hills & Sheep
//! (1st edition)", the English rulebook of 2014, with JCloisterZone as a second opinion; the
//! Assembled Game Reference's steps 1B, 1C, 2B-1, 2C and 3B): ten tiles, eight with a hill, a
//! shepherd per player and a bag of 18 flock tokens. The box's vineyards are their own module
//! (`vineyards.rs`), since the reference also names The Vineyards alone.
//!
//! - **Hills.** "If a hill is depicted on the tile, immediately draw a second tile. Keep the
//!   second tile face-down underneath the tile with the hill" (step 1B): the pile shrinks by one
//!   tile per hill, which nobody sees again. The hill counts at 3B: "If there is a tie, tied
//!   players with at least one follower on a hill are considered to have control" — a follower
//!   on any feature of a hill tile, for every feature scored (`Table::majority`).
//! - **The shepherd.** Instead of a follower, a player may put their shepherd on a field of the
//!   tile just placed that holds no other shepherd; farmers may stand there, and may come later
//!   ("and vice versa"). The shepherd is no follower: it never counts for a majority. Placed, it
//!   draws a token from the bag at once: sheep join its flock; a wolf goes back into the bag and
//!   the shepherd home.
//! - **Growing or herding.** When the player whose turn it is extends, with the tile placed, the
//!   field where their shepherd stands, they must, after the figure phase (step 2C), either grow
//!   the flock (draw a token) or drive it to the stable: every shepherd in the field scores 1
//!   point per sheep of all the flocks there, the tokens go back into the bag and the shepherds
//!   home. A wolf drawn sends home every shepherd of the field and their sheep back into the bag,
//!   unscored. Other players' tiles extending one's field do nothing.
//! - **A closed field.** "If placement of the tile closed the farmfield completely ... with one
//!   or more shepherds", the flock is driven to the stable at once for all of them (step 2C's
//!   special case), after the choice of the player whose field it extended, who may thus still
//!   grow it first (the reading the reference's step gives and JCloisterZone follows).
//! - **The end.** Shepherds still on the board score nothing (the Wikicarpedia page, "Final
//!   scoring").
//!
//! Our readings where the sources are silent (docs/rules.md, "Hills & Sheep"): a hill drawn with
//! the pile empty has nothing under it; the tiles under the hills are face down, so a search
//! bot's sampled world mixes them with the pile; a shepherd that leaves the board other than by
//! its flock (the dragon, the festival, a flea) takes its sheep back into the bag; a barn's
//! scoring of a farm leaves the shepherd on it (the farm is not finished).

use crate::actions::{Action, Pending};
use crate::catalog::{FeatureKind, FeatureSpec, Symbol, TileId};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, PlayerId, PlayerSet, MAX_PLAYERS};
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};

/// A token of the flock bag.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FlockToken {
    /// The wolf: the flock of the field is lost, its shepherds go home.
    Wolf,
    /// A token showing 1 to 4 sheep.
    Sheep(u8),
}

impl FlockToken {
    /// The token's index in a count of tokens: 0 for the wolf, the number of sheep otherwise.
    fn index(self) -> usize {
        match self {
            FlockToken::Wolf => 0,
            FlockToken::Sheep(n) => n as usize,
        }
    }

    fn of_index(i: usize) -> FlockToken {
        match i {
            0 => FlockToken::Wolf,
            n => FlockToken::Sheep(n as u8),
        }
    }

    /// The token by its name in records and scenarios: `wolf`, or the number of sheep, 1 to 4.
    pub fn from_name(name: &str) -> Option<FlockToken> {
        match name {
            "wolf" => Some(FlockToken::Wolf),
            "1" | "2" | "3" | "4" => Some(FlockToken::Sheep(name.parse().ok()?)),
            _ => None,
        }
    }
}

/// The field of a player's shepherd ([`crate::Game::flock_field`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlockField {
    /// The owners of the shepherds in the field.
    pub shepherds: PlayerSet,
    /// The sheep of all their flocks: what driving the flock to the stable pays each of them.
    pub sheep: u32,
    /// Whether the field is closed (its flock goes to the stable at the end of the turn).
    pub closed: bool,
}

/// The flock bag at the start, by token (`FlockToken::index`): 2 wolves, 4 tokens of one sheep,
/// 5 of two, 5 of three and 2 of four (the Wikicarpedia page "Hills & Sheep", "Contents": 18
/// tokens, 37 sheep).
pub const FLOCK_BAG: [u8; 5] = [2, 4, 5, 5, 2];

/// Tokens counted by kind (`FlockToken::index`).
type Tokens = [u8; 5];

fn sheep_of(tokens: &Tokens) -> u32 {
    tokens.iter().enumerate().map(|(i, &n)| i as u32 * n as u32).sum()
}

#[derive(Clone, Debug)]
pub(crate) struct HillsSheep {
    /// The tokens in the bag.
    bag: Tokens,
    /// Each player's flock: the sheep tokens beside their shepherd.
    flocks: [Tokens; MAX_PLAYERS],
    /// How many tokens were drawn in the game (each draw's randomness depends on it).
    draws: u32,
    /// The hills with a tile face down under them: the hill tile's position and the hidden tile.
    under_hills: Vec<(Pos, TileId)>,
    /// The next draws, set by a scenario (`Game::arrange_flock`), taken before the random ones.
    arranged: Vec<FlockToken>,
    /// Mixed into each draw's seed: 0 in the real game, another value in a search bot's sampled
    /// world (whose draws must not be the real ones, even where the deck has no seed).
    salt: u64,
}

impl Default for HillsSheep {
    fn default() -> HillsSheep {
        HillsSheep {
            bag: FLOCK_BAG,
            flocks: [[0; 5]; MAX_PLAYERS],
            draws: 0,
            under_hills: vec![],
            arranged: vec![],
            salt: 0,
        }
    }
}

/// The figure index of `player`'s shepherd on the board, if it stands there.
pub(crate) fn shepherd_of(table: &Table, player: PlayerId) -> Option<usize> {
    table.figures.iter().position(|f| f.owner == player && f.figure == Figure::Shepherd)
}

/// The owners of the shepherds on field `root`.
fn shepherd_owners(table: &Table, root: NodeId) -> PlayerSet {
    let mut owners = PlayerSet::default();
    for f in table.figures.iter().filter(|f| f.figure == Figure::Shepherd && table.features.find(f.node) == root) {
        owners.insert(f.owner);
    }
    owners
}

/// The shepherd's rule for a deployment on feature `spec` (`root`) of the tile just placed.
pub(crate) fn check_deploy(table: &Table, spec: &FeatureSpec, root: NodeId) -> Result<(), RuleError> {
    if spec.kind != FeatureKind::Field {
        return Err(RuleError::ShepherdOnField);
    }
    if !shepherd_owners(table, root).is_empty() {
        return Err(RuleError::FieldHasShepherd);
    }
    Ok(())
}

impl HillsSheep {
    /// The tokens in the bag, by kind: the wolves, then the tokens of 1 to 4 sheep.
    pub(crate) fn bag(&self) -> Tokens {
        self.bag
    }

    /// The sheep tokens of `player`'s flock, by kind (none while their shepherd is off the
    /// board).
    pub(crate) fn flock(&self, table: &Table, player: PlayerId) -> Tokens {
        match shepherd_of(table, player) {
            Some(_) => self.flocks[player as usize],
            None => [0; 5],
        }
    }

    /// The hills with a tile under them, and those tiles.
    pub(crate) fn under_hills(&self) -> &[(Pos, TileId)] {
        &self.under_hills
    }

    /// Replaces the hidden tiles under the hills (a search bot's sampled world).
    pub(crate) fn under_hills_mut(&mut self) -> &mut [(Pos, TileId)] {
        &mut self.under_hills
    }

    /// A sampled world's draws: `salt` changes every draw to come, and no arranged token is
    /// known there.
    pub(crate) fn reseed(&mut self, salt: u64) {
        self.salt = salt;
        self.arranged.clear();
    }

    /// Sets the next tokens drawn (a scenario); refused unless the bag holds them all.
    pub(crate) fn arrange(&mut self, order: &[FlockToken]) -> Result<(), String> {
        let mut needed = [0u8; 5];
        for t in order {
            needed[t.index()] += 1;
        }
        if needed.iter().zip(self.bag).any(|(&n, have)| n > have) {
            return Err(format!("the bag holds {:?} (wolves, then 1 to 4 sheep), fewer than {order:?}", self.bag));
        }
        self.arranged = order.to_vec();
        Ok(())
    }

    /// Sheep gone back into the bag for shepherds no longer on the board (eaten, taken back,
    /// struck by the plague).
    fn sync(&mut self, table: &Table) {
        for player in 0..table.players.len() as PlayerId {
            if self.flocks[player as usize] != [0; 5] && shepherd_of(table, player).is_none() {
                self.return_flock(player);
            }
        }
    }

    /// `player`'s sheep tokens back into the bag.
    fn return_flock(&mut self, player: PlayerId) {
        for (bag, n) in self.bag.iter_mut().zip(self.flocks[player as usize]) {
            *bag += n;
        }
        self.flocks[player as usize] = [0; 5];
    }

    /// The field where `player`'s shepherd stands (its root), the owners of the shepherds there,
    /// and the sheep of all their flocks: what driving it to the stable pays each of them.
    pub(crate) fn field_of(&self, table: &Table, player: PlayerId) -> Option<(NodeId, PlayerSet, u32)> {
        let root = table.features.find(table.figures[shepherd_of(table, player)?].node);
        let owners = shepherd_owners(table, root);
        let sheep = owners.iter().map(|p| sheep_of(&self.flocks[p as usize])).sum();
        Some((root, owners, sheep))
    }

    /// Draws a token from the bag: the next arranged one, else one at random from the game's
    /// seed and the number of draws so far (the same game draws the same everywhere).
    fn draw(&mut self, table: &Table) -> FlockToken {
        self.draws += 1;
        let token = if !self.arranged.is_empty() && self.bag[self.arranged[0].index()] > 0 {
            self.arranged.remove(0)
        } else {
            let seed = table.deck_seed.unwrap_or(0) ^ self.salt ^ 0x666c_6f63_6b5f_6261 ^ (u64::from(self.draws) << 24);
            let mut rng = crate::random::rng_from_seed(seed);
            FlockToken::of_index(crate::random::pick_by_counts(&self.bag, &mut rng))
        };
        self.bag[token.index()] -= 1;
        token
    }

    /// Sends the shepherds of field `root` home and their sheep back into the bag.
    fn clear_field(&mut self, table: &mut Table, root: NodeId, events: &mut Vec<Event>) {
        shepherd_owners(table, root).iter().for_each(|p| self.return_flock(p));
        table.return_figures_where(root, |f| f.figure == Figure::Shepherd, events);
    }

    /// Grows the flock of `player`'s shepherd by a token; a wolf ends the flock of its field.
    fn grow(&mut self, table: &mut Table, player: PlayerId, events: &mut Vec<Event>) {
        let Some(index) = shepherd_of(table, player) else { return };
        let f = table.figures[index];
        let (pos, feature) = (table.pos_of(f.placement), f.feature);
        match self.draw(table) {
            FlockToken::Sheep(n) => {
                self.flocks[player as usize][n as usize] += 1;
                events.push(Event::SheepDrawn { player, pos, feature, sheep: n });
            }
            FlockToken::Wolf => {
                // The wolf goes back into the bag, with the sheep of the field.
                self.bag[0] += 1;
                let root = table.features.find(f.node);
                let shepherds = shepherd_owners(table, root);
                events.push(Event::WolfDrawn { player, pos, feature, shepherds });
                self.clear_field(table, root, events);
            }
        }
    }

    /// Drives the flock of field `root` to the stable: each shepherd's owner scores all its
    /// sheep; the tokens go back into the bag and the shepherds home.
    fn herd(&mut self, table: &mut Table, player: PlayerId, closed: bool, events: &mut Vec<Event>) {
        let Some((root, owners, sheep)) = self.field_of(table, player) else { return };
        let f = table.figures[shepherd_of(table, player).expect("a field of a shepherd")];
        let (pos, feature) = (table.pos_of(f.placement), f.feature);
        for p in owners.iter() {
            table.players[p as usize].score += sheep;
        }
        events.push(Event::FlockHerded { players: owners, pos, feature, sheep, closed });
        self.clear_field(table, root, events);
    }

    /// Step 2C's special case: every field of the tile just placed that is now closed drives its
    /// flock to the stable (a field met twice has no shepherd left the second time).
    fn herd_closed(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        let placed = *table.last_placement();
        for (i, spec) in table.design(placed.tile).features.iter().enumerate() {
            if spec.kind != FeatureKind::Field {
                continue;
            }
            let root = table.features.find(placed.first_node + i as NodeId);
            if !table.features.is_closed(root) {
                continue;
            }
            let first =
                table.figures.iter().find(|f| f.figure == Figure::Shepherd && table.features.find(f.node) == root);
            if let Some(owner) = first.map(|f| f.owner) {
                self.herd(table, owner, true, events);
            }
        }
    }

    /// The choice of step 2C: grow the flock or drive it to the stable, for the player whose
    /// turn it is.
    pub(crate) fn each_choice(&self, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        if let Pending::Flock { .. } = pending {
            let _ = visit(Action::Flock { herd: false }) || visit(Action::Flock { herd: true });
        }
    }

    pub(crate) fn check(&self, pending: Pending, action: Action) -> Result<(), RuleError> {
        match (pending, action) {
            (Pending::Flock { .. }, Action::Flock { .. }) => Ok(()),
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Grows or herds (checked), then drives the closed fields' flocks to the stable.
    pub(crate) fn apply(&mut self, table: &mut Table, pending: Pending, action: Action, events: &mut Vec<Event>) {
        let (Pending::Flock { player }, Action::Flock { herd }) = (pending, action) else {
            unreachable!("checked: the flock's choice")
        };
        if herd {
            self.herd(table, player, false, events);
        } else {
            self.grow(table, player, events);
        }
        self.herd_closed(table, events);
    }
}

impl Module for HillsSheep {
    const HOOKS: Hooks = Hooks::of(&[Hook::Supply, Hook::BeginTurn, Hook::TilePlaced, Hook::At]);

    /// "Each player takes a shepherd in their colour" (the Wikicarpedia page, "Preparation").
    fn supply(&self, figure: Figure) -> u8 {
        (figure == Figure::Shepherd) as u8
    }

    /// Sheep of shepherds gone home by other means go back into the bag.
    fn begin_turn(&mut self, table: &mut Table, _events: &mut Vec<Event>) {
        self.sync(table);
    }

    /// 1B/1C: a hill tile takes the next tile of the pile face down beneath it.
    fn tile_placed(&mut self, table: &mut Table, player: PlayerId, events: &mut Vec<Event>) {
        let placed = table.last_placement();
        let pos = placed.pos;
        if !table.design(placed.tile).symbols.contains(&Symbol::Hill) {
            return;
        }
        if let Some(tile) = table.draw() {
            self.under_hills.push((pos, tile));
            events.push(Event::TileUnderHill { player, pos });
        }
    }

    /// 2C: a shepherd deployed now draws its first token; one extended by the tile asks its
    /// owner to grow or herd; then closed fields drive their flocks to the stable.
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if point != HookPoint::AfterFigures {
            return None;
        }
        self.sync(table);
        let player = table.current;
        if let Some(index) = shepherd_of(table, player) {
            let shepherd = table.figures[index];
            if shepherd.placement == table.last_placement_index() {
                self.grow(table, player, events);
            } else {
                let root = table.features.find(shepherd.node);
                if table.feature_on_tile(root, table.last_placement_index()) {
                    return Some(Pending::Flock { player });
                }
            }
        }
        self.herd_closed(table, events);
        None
    }
}
