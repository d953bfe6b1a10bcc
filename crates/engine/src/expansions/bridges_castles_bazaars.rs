//! Bridges, Castles & Bazaars (Hans im Glück 2010; expansion 8 of the second edition; the
//! Wikicarpedia pages "Bridges, Castles and Bazaars" and its first edition's, the rulebook as
//! transcribed on papageek.com, and the Assembled Game Reference's preparation, steps 1B, 1C,
//! 3A, 3B and 4A; JCloisterZone's `BridgeCapability`, `CastleCapability` and `BazaarCapability`
//! as a second opinion): twelve tiles, eight with a bazaar; bridges and castle tokens.
//!
//! - **Bridges** (`bridges.rs`). Three a player (two in a game of five or six). A bridge spans a
//!   tile from the centre of a field edge to the centre of the opposite field edge, north-south
//!   or east-west, over whatever lies between; it is a road of its own, scored like any road
//!   (a tile counts once, however many of its roads a road crosses), and the fields under it
//!   stay whole. It goes on the tile just placed or a tile beside it, one a turn, on a tile
//!   without one, each end facing an empty place or a road edge. A tile may be placed where only
//!   a bridge lets it fit (its road meets a field, or its field a road); the bridge is then
//!   built with it ([`Action::PlaceBridged`]). Otherwise a bridge is built beside the figure
//!   phase's action ([`Action::Bridge`]), before it, so that a follower may go on a bridge on the
//!   tile just placed; a bridge on another tile takes no follower that turn. A road a bridge
//!   completes is scored that turn (step 3A: "Roads completed by placement of a bridge").
//! - **Castles** (`castles.rs`). Three castle tokens a player (two in a game of five or six).
//!   When a tile completes a town (two semicircular city segments, the small city of two tiles)
//!   that holds followers of one player, that player may turn it into a castle instead of
//!   scoring it ([`Pending::Castle`]); their followers stay in it. A castle's six tiles are its
//!   own two and the two on either side of them; the first road, city, cloister or castle
//!   completed on one of them in a later turn, occupied or not, gives the castle's owner its
//!   full points too, and the castle's followers go home; a castle so scored scores the
//!   castles beside it the same points, and so on. A castle left at the end scores nothing.
//! - **Bazaars** (`bazaars.rs`). At the end of the turn of a bazaar tile placed (not a tile
//!   bought at a bazaar), with at least as many tiles left as players, as many tiles as players
//!   are laid out face up. From the player to the left of the one whose turn it is, each player
//!   without a tile chooses one and opens its auction with a bid; each other player without a
//!   tile, in turn, bids higher once or passes; the chooser then buys it, paying the highest
//!   bidder, or sells it to them for their bid (with no higher bid, the chooser pays their own
//!   bid to nobody). The last player takes the last tile for nothing. Then each player, from
//!   the left of the one whose turn it was and ending with them, takes a turn with their bought
//!   tile instead of drawing one (step 1B: "you must use that tile").
//!
//! Our readings where the sources are silent or disagree (docs/rules.md, "Bridges, Castles &
//! Bazaars"): a bid is at most the bidder's score, and the chooser buys only with points enough
//! to pay (no score goes below zero); a bought tile that fits nowhere is discarded, and its
//! player draws as usual; a castle triggered by several features of one turn takes the most
//! valuable (the first edition's page lets its owner choose; JCloisterZone takes the highest),
//! once every feature of the turn is scored (step 3C begins with it); a castle counts for the
//! farms as the completed city it was; the dragon spares a castle's followers (the first
//! edition's FAQ); the builder's second tile of the turn that opened a bazaar comes after the
//! bazaar's round (the assembled reference's order: the auction and its round at 4A, the
//! builder at 4B); a bazaar tile drawn during a bazaar's round holds its auction once the round
//! is over, and its round then goes on in the order of play; the tiles of a bazaar come from
//! the pile as they are (none is set aside).

use crate::actions::{Action, Pending};
use crate::catalog::Symbol;
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{PlayerId, MAX_PLAYERS};
use crate::rules::Rules;
use crate::table::Table;

use super::bazaars::Bazaar;
use super::bridges::{self, BRIDGES};
use super::castles::{self, Castle, CASTLES};
use super::hooks::{Hook, HookPoint, Hooks, Module};

#[derive(Clone, Debug, Default)]
pub(crate) struct BridgesCastlesBazaars {
    /// Each player's bridges left.
    bridges: [u8; MAX_PLAYERS],
    /// A bridge was built this turn (one a turn).
    bridged: bool,
    /// The roads of the bridges built since the last scoring, for step 3A.
    bridge_roads: Vec<NodeId>,
    /// Each player's castle tokens left.
    castle_tokens: [u8; MAX_PLAYERS],
    castles: Vec<Castle>,
    /// The town offered as a castle at this step 3B, and then the one turned into a castle
    /// (not scored).
    town: Option<(NodeId, [Pos; 2])>,
    converted: Option<NodeId>,
    /// The castles a feature of this turn completed beside them, with the most points and
    /// where that feature is reported, to be scored at 3C.
    triggered: Vec<(usize, u32, Pos)>,
    pub(crate) bazaar: Bazaar,
    /// The tile being placed was bought at a bazaar (it opens none).
    placing_bought: bool,
    /// The tile placed this turn opens a bazaar at 4A.
    opens: bool,
    /// A bazaar opened during another's round: its opener, whose auction waits for the round's
    /// end.
    delayed: Option<PlayerId>,
    /// The bazaar's opener whose second tile (a builder's double turn) waits for the round's
    /// end.
    deferred_turn: Option<PlayerId>,
}

impl BridgesCastlesBazaars {
    pub(crate) fn new(rules: &Rules, players: usize) -> BridgesCastlesBazaars {
        if !rules.has(crate::rules::Expansion::BridgesCastlesBazaars) {
            return BridgesCastlesBazaars::default();
        }
        let mut state = BridgesCastlesBazaars::default();
        for p in 0..players.min(MAX_PLAYERS) {
            state.bridges[p] = BRIDGES[players.min(MAX_PLAYERS)];
            state.castle_tokens[p] = CASTLES[players.min(MAX_PLAYERS)];
        }
        state
    }

    /// `player`'s bridges left.
    pub(crate) fn bridges_left(&self, player: PlayerId) -> u8 {
        self.bridges[player as usize]
    }

    /// `player`'s castle tokens left.
    pub(crate) fn castle_tokens(&self, player: PlayerId) -> u8 {
        self.castle_tokens[player as usize]
    }

    /// The castles on the board, in the order they were built.
    pub(crate) fn castles(&self) -> &[Castle] {
        &self.castles
    }

    /// The town offered as a castle at this step 3B, by its two tiles.
    pub(crate) fn town_offered(&self) -> Option<[Pos; 2]> {
        self.town.map(|(_, tiles)| tiles)
    }

    /// The player whose tile opened the last bazaar.
    pub(crate) fn bazaar_opener(&self) -> Option<PlayerId> {
        self.bazaar.opener
    }

    /// Whether `player` may build a bridge now.
    pub(crate) fn may_bridge(&self, player: PlayerId) -> bool {
        !self.bridged && self.bridges[player as usize] > 0
    }

    /// Builds a checked bridge (with a placement, or beside the figure phase's action).
    pub(crate) fn build_bridge(
        &mut self,
        table: &mut Table,
        player: PlayerId,
        pos: Pos,
        axis: crate::geometry::Axis,
        events: &mut Vec<Event>,
    ) {
        let node = bridges::build(table, pos, axis);
        self.note_bridge(player, events, pos, axis, Some(node));
    }

    /// A bridge built with the tile it stands on (its road is among the tile's features, which
    /// step 3A looks at), or on another tile (`node`, its road, for step 3A).
    pub(crate) fn note_bridge(
        &mut self,
        player: PlayerId,
        events: &mut Vec<Event>,
        pos: Pos,
        axis: crate::geometry::Axis,
        node: Option<NodeId>,
    ) {
        self.bridged = true;
        self.bridges[player as usize] -= 1;
        self.bridge_roads.extend(node);
        events.push(Event::BridgeBuilt { player, pos, axis });
    }

    /// Checks a bridge beside the figure phase's action.
    pub(crate) fn check_bridge(
        &self,
        table: &Table,
        player: PlayerId,
        pos: Pos,
        axis: crate::geometry::Axis,
    ) -> Result<(), RuleError> {
        if self.bridges[player as usize] == 0 {
            return Err(RuleError::NoBridgeLeft);
        }
        if self.bridged {
            return Err(RuleError::BridgeBuiltThisTurn);
        }
        let placed = table.last_placement().pos;
        let near = pos == placed || crate::geometry::Side::ALL.iter().any(|&s| placed.step(s) == pos);
        if !near || bridges::bridgeable(table, pos, axis).is_none() {
            return Err(RuleError::NoBridgeThere(pos));
        }
        Ok(())
    }

    /// The town offered as a castle: turned into one (`build`) or let score.
    pub(crate) fn decide_castle(&mut self, table: &mut Table, build: bool, events: &mut Vec<Event>) {
        let Some((root, tiles)) = self.town.take() else { return };
        if !build {
            return;
        }
        let (owner, _) = castles::town(table, root).expect("offered");
        self.castle_tokens[owner as usize] -= 1;
        self.castles.push(Castle { owner, tiles, node: root, built: table.turns, scored: false });
        self.converted = Some(root);
        // The followers stay in the castle; anything else on the town (a builder) goes home.
        table.return_figures_where(root, |f| !f.figure.is_follower(), events);
        events.push(Event::CastleBuilt { player: owner, pos: tiles[0], other: tiles[1] });
    }

    /// Whether the town at `root` was just turned into a castle.
    pub(crate) fn is_converted(&self, root: NodeId) -> bool {
        self.converted == Some(root)
    }

    /// Whether the town at `root`, completed this turn, was turned into a castle (it is then
    /// not scored); asked once, by the scoring.
    pub(crate) fn take_converted(&mut self, root: NodeId) -> bool {
        if self.converted == Some(root) {
            self.converted = None;
            return true;
        }
        false
    }

    /// The tile `player` bought at a bazaar, taken to be placed instead of drawing one.
    pub(crate) fn take_bought(&mut self, player: PlayerId) -> Option<crate::catalog::TileId> {
        let tile = self.bazaar.bought[player as usize].take()?;
        self.placing_bought = true;
        Some(tile)
    }

    /// The bought tile taken fitted nowhere and was discarded: the player draws as usual.
    pub(crate) fn drop_bought(&mut self) {
        self.placing_bought = false;
    }

    /// Whether some player still holds a tile bought at a bazaar.
    pub(crate) fn bought_held(&self) -> bool {
        self.bazaar.round_on()
    }

    /// 4B: whether the player whose turn ends takes another tile, given what the other modules
    /// say (`again`: a builder's second tile): the opener of a bazaar takes theirs once the
    /// bazaar's round is over.
    pub(crate) fn turn_goes_on(&mut self, table: &Table, again: bool) -> bool {
        let player = table.current;
        if self.bazaar.round_on() {
            if again && self.bazaar.opener == Some(player) && self.deferred_turn.is_none() {
                self.deferred_turn = Some(player);
                return false;
            }
            return again;
        }
        if !again && self.deferred_turn == Some(player) {
            self.deferred_turn = None;
            return true;
        }
        again
    }

    /// The auction's decisions.
    pub(crate) fn each_bazaar_choice(&self, table: &Table, pending: Pending, visit: &mut impl FnMut(Action) -> bool) {
        self.bazaar.each_choice(table, pending, visit)
    }

    pub(crate) fn check_bazaar(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        self.bazaar.check(table, pending, action)
    }

    pub(crate) fn apply_bazaar(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        self.bazaar.apply(table, pending, action, events)
    }

    /// 3C: the castles triggered this turn score, the most valuable feature each; a castle
    /// scored scores the castles beside it the same points (each castle once).
    fn score_castles(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        while let Some(k) = (0..self.triggered.len()).max_by_key(|&k| self.triggered[k].1) {
            let (index, points, from) = self.triggered.swap_remove(k);
            let castle = self.castles[index];
            if !castle.waiting(table) {
                continue;
            }
            self.castles[index].scored = true;
            table.players[castle.owner as usize].score += points;
            events.push(Event::CastleScored { player: castle.owner, pos: castle.tiles[0], from, points });
            let root = table.features.find(castle.node);
            table.return_figures_where(root, |f| f.owner == castle.owner && f.figure.is_follower(), events);
            for other in 0..self.castles.len() {
                let c = self.castles[other];
                let near = c.fief().iter().any(|p| castle.tiles.contains(p));
                if other != index && near && c.built < table.turns && c.waiting(table) {
                    self.trigger(other, points, castle.tiles[0]);
                }
            }
        }
    }

    /// The final scoring's first step: a castle not yet scored is worth nothing (the first
    /// edition's FAQ); its followers go home before the incomplete features are scored (the
    /// final scoring pays whatever figures stand on), after the steps before the final scoring
    /// (the last circus counts them).
    pub(crate) fn abandon_castles(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        for c in self.castles.iter_mut() {
            let waiting = c.waiting(table);
            c.scored = true;
            if waiting {
                events.push(Event::CastleUnscored { player: c.owner, pos: c.tiles[0] });
                let root = table.features.find(c.node);
                let owner = c.owner;
                table.return_figures_where(root, |f| f.owner == owner && f.figure.is_follower(), events);
            }
        }
    }

    /// Notes that castle `index` takes `points` from the feature reported at `from`, unless a
    /// feature of this turn gave it more.
    fn trigger(&mut self, index: usize, points: u32, from: Pos) {
        match self.triggered.iter_mut().find(|t| t.0 == index) {
            Some(t) if t.1 >= points => {}
            Some(t) => *t = (index, points, from),
            None => self.triggered.push((index, points, from)),
        }
    }

    /// 4A: the bazaar the turn's tile opens, or one held back until the round that was on is
    /// over; none with fewer tiles left than players.
    fn bazaar_step(&mut self, table: &mut Table, events: &mut Vec<Event>) -> Option<Pending> {
        let opener = if std::mem::take(&mut self.opens) {
            if self.bazaar.round_on() {
                self.delayed = Some(table.current);
                return None;
            }
            table.current
        } else if !self.bazaar.round_on() && self.delayed.is_some() {
            self.delayed.take().expect("checked")
        } else {
            return None;
        };
        if table.deck.len() - table.next_draw < table.players.len() {
            return None;
        }
        self.bazaar.open(table, opener, events)
    }
}

impl Module for BridgesCastlesBazaars {
    const HOOKS: Hooks = Hooks::of(&[
        Hook::BeginTurn,
        Hook::TilePlaced,
        Hook::FigureActions,
        Hook::At,
        Hook::IdentifyCompleted,
        Hook::BeforeMajority,
        Hook::FeatureCompleted,
    ]);

    /// One bridge a turn.
    fn begin_turn(&mut self, _table: &mut Table, _events: &mut Vec<Event>) {
        self.bridged = false;
    }

    /// A bazaar tile placed, not bought at a bazaar, opens one at the end of the turn.
    fn tile_placed(&mut self, table: &mut Table, _player: PlayerId, _events: &mut Vec<Event>) {
        let bought = std::mem::take(&mut self.placing_bought);
        if !bought && table.design(table.last_placement().tile).symbols.contains(&Symbol::Bazaar) {
            self.opens = true;
        }
    }

    /// A bridge, beside the figure phase's action.
    fn figure_actions(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        self.may_bridge(player) && bridges::each_bridge(table, table.last_placement().pos, visit)
    }

    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        match point {
            HookPoint::AfterScoring => {
                self.score_castles(table, events);
                None
            }
            HookPoint::TileActions => self.bazaar_step(table, events),
            HookPoint::AfterPlacement | HookPoint::AfterFigures | HookPoint::BeforeFinalScoring => None,
        }
    }

    /// 3A: the roads the turn's bridges completed.
    fn identify_completed(&mut self, table: &mut Table, _placed: std::ops::Range<crate::board::PlacementIndex>) {
        for node in self.bridge_roads.drain(..) {
            let root = table.features.find_mut(node);
            if table.features.is_closed(root) && !table.completed.contains(&root) {
                table.completed.push(root);
            }
        }
    }

    /// 3B: a town of one player's followers may become a castle.
    fn before_majority(&mut self, table: &mut Table, root: NodeId, _dragon: Option<Pos>) -> Option<Pending> {
        let (owner, tiles) = castles::town(table, root)?;
        if self.castle_tokens[owner as usize] == 0 {
            return None;
        }
        self.town = Some((root, tiles));
        Some(Pending::Castle { player: owner, pos: tiles[0] })
    }

    /// A feature completed this turn beside a castle built earlier triggers it.
    fn feature_completed(
        &mut self,
        table: &mut Table,
        root: NodeId,
        _players: crate::players::PlayerSet,
        events: &mut Vec<Event>,
    ) {
        if self.castles.is_empty() {
            return;
        }
        let Some(points) = castles::points_scored(table, root, events) else { return };
        let from = table.locate(root).0;
        for index in 0..self.castles.len() {
            let c = self.castles[index];
            if c.built < table.turns && c.waiting(table) && castles::touches(table, root, &c.fief()) {
                self.trigger(index, points, from);
            }
        }
    }
}
