//! The table: what every rule reads and writes. The board and its features, the figures on
//! them, each player's supply and score, the face-down tiles, whose turn it is and the few
//! lists the turn keeps. The base rules and every expansion module work on it through the
//! small operations below, so that "a figure goes home" or "a feature pays its majority" is
//! written once.

use crate::board::{Board, PlacedTile, PlacementIndex};
use crate::catalog::{Catalog, FeatureKind, FeatureSpec, LocalFeature, TileDesign, TileId, NO_FEATURE};
use crate::events::{Event, Score};
use crate::features::{Features, NodeId};
use crate::geometry::{Port, Pos};
use crate::players::{Figure, PlacedFigure, PlayerId, PlayerSet, PlayerState, MAX_PLAYERS};
use crate::rules::Rules;

/// Everything on the table.
pub(crate) struct Table {
    pub(crate) catalog: &'static Catalog,
    pub(crate) rules: Rules,
    pub(crate) players: Vec<PlayerState>,
    pub(crate) board: Board,
    pub(crate) features: Features,
    pub(crate) figures: Vec<PlacedFigure>,
    /// Draw order; `deck[next_draw..]` is still face down.
    pub(crate) deck: Vec<TileId>,
    pub(crate) next_draw: usize,
    /// Tiles removed from the game because they fitted nowhere.
    pub(crate) discarded: Vec<TileId>,
    /// The player whose turn it is (a decision may be another player's).
    pub(crate) current: PlayerId,
    /// Completed turns.
    pub(crate) turns: u32,
    /// Features scored when the eight positions around their tile are filled (cloisters, and
    /// gardens with The Abbot) and not yet surrounded: their position and node.
    pub(crate) open_cloisters: Vec<(Pos, NodeId)>,
    /// The first placement whose completed features are not yet scored (step 3A looks at the
    /// tiles from here on).
    pub(crate) unscored_from: PlacementIndex,
    /// The tiles the variation "Rebuilding" moved this turn: step 3A looks at them as at the
    /// tiles placed.
    pub(crate) rebuilt: Vec<PlacementIndex>,
    /// The features the turn's tiles completed (step 3A), scored in this order (step 3B).
    pub(crate) completed: Vec<NodeId>,
    /// Road segments joined other than across a tile edge, a tile apart: The Tunnel's pairs of
    /// openings. A walk along a road (the search for the first ferry, the distance to Solovei
    /// Razboynik's tree) goes on through them ([`Table::segments_across`] gives the edges').
    pub(crate) underground: Vec<(NodeId, NodeId)>,
    /// A reusable buffer for counting a feature's distinct tiles.
    pub(crate) scratch: Scratch,
    /// The serial of the next figure deployed.
    pub(crate) next_serial: crate::players::FigureSerial,
    /// The seed of a shuffled deck (tiles put back into the face-down tiles during the game are
    /// mixed in with a generator derived from it); `None` for an explicit order.
    pub(crate) deck_seed: Option<u64>,
    /// How many tiles at the start of the deck are laid out before the land tiles (the river,
    /// and a base start tile placed after it): drawn one by one even where the players hold
    /// tiles in hand.
    pub(crate) leading: usize,
    /// Hills & Sheep is in play: a tie for a majority goes to the tied players with a follower
    /// on a hill (kept here because every majority asks).
    pub(crate) hills: bool,
    /// Bridges, Castles & Bazaars is in play: every tile placed without a bridge keeps a node
    /// for the bridge that may be built on it later (`base::put_tile`).
    pub(crate) bridge_slots: bool,
}

impl Clone for Table {
    fn clone(&self) -> Table {
        Table {
            catalog: self.catalog,
            rules: self.rules.clone(),
            players: self.players.clone(),
            board: self.board.clone(),
            features: self.features.clone(),
            figures: self.figures.clone(),
            deck: self.deck.clone(),
            next_draw: self.next_draw,
            discarded: self.discarded.clone(),
            current: self.current,
            turns: self.turns,
            open_cloisters: self.open_cloisters.clone(),
            unscored_from: self.unscored_from,
            rebuilt: self.rebuilt.clone(),
            completed: self.completed.clone(),
            underground: self.underground.clone(),
            scratch: Scratch::default(),
            next_serial: self.next_serial,
            deck_seed: self.deck_seed,
            leading: self.leading,
            hills: self.hills,
            bridge_slots: self.bridge_slots,
        }
    }

    /// Copies into the buffers already there (search bots copy a game into the same scratch
    /// game thousands of times a decision; a derived `clone_from` would allocate every time).
    fn clone_from(&mut self, source: &Table) {
        let Table {
            catalog,
            rules,
            players,
            board,
            features,
            figures,
            deck,
            next_draw,
            discarded,
            current,
            turns,
            open_cloisters,
            unscored_from,
            rebuilt,
            completed,
            underground,
            scratch: _,
            next_serial,
            deck_seed,
            leading,
            hills,
            bridge_slots,
        } = source;
        self.catalog = catalog;
        self.rules.clone_from(rules);
        self.players.clone_from(players);
        self.board.clone_from(board);
        self.features.clone_from(features);
        self.figures.clone_from(figures);
        self.deck.clone_from(deck);
        self.next_draw = *next_draw;
        self.discarded.clone_from(discarded);
        self.current = *current;
        self.turns = *turns;
        self.open_cloisters.clone_from(open_cloisters);
        self.unscored_from = *unscored_from;
        self.rebuilt.clone_from(rebuilt);
        self.completed.clone_from(completed);
        self.underground.clone_from(underground);
        self.next_serial = *next_serial;
        self.deck_seed = *deck_seed;
        self.leading = *leading;
        self.hills = *hills;
        self.bridge_slots = *bridge_slots;
    }
}

/// A reusable buffer whose contents never matter between uses, so a copy of the table starts
/// it empty instead of copying it (search bots clone games constantly).
#[derive(Default)]
pub(crate) struct Scratch(pub(crate) Vec<PlacementIndex>);

impl Clone for Scratch {
    fn clone(&self) -> Scratch {
        Scratch(Vec::new())
    }
}

impl Table {
    pub(crate) fn new(catalog: &'static Catalog, rules: Rules, players: Vec<PlayerState>, deck: Vec<TileId>) -> Table {
        let hills = rules.has_hills();
        let bridge_slots = rules.has_bridges();
        Table {
            catalog,
            rules,
            players,
            board: Board::new(),
            features: Features::new(),
            figures: Vec::with_capacity(MAX_PLAYERS * crate::players::FOLLOWERS_PER_PLAYER as usize),
            deck,
            next_draw: 0,
            discarded: vec![],
            current: 0,
            turns: 0,
            open_cloisters: vec![],
            unscored_from: 1,
            rebuilt: vec![],
            completed: Vec::with_capacity(16),
            underground: vec![],
            scratch: Scratch(Vec::with_capacity(80)),
            next_serial: 0,
            deck_seed: None,
            leading: 0,
            hills,
            bridge_slots,
        }
    }

    #[inline]
    pub(crate) fn design(&self, tile: TileId) -> &'static TileDesign {
        self.catalog.design(tile)
    }

    /// The tile placed last (in a turn's figure phase: the tile just placed).
    pub(crate) fn last_placement(&self) -> &PlacedTile {
        self.board.tiles().last().expect("the start tile is always on the board")
    }

    /// Whether feature `root` has a segment on the tile placed `placement`-th (Little
    /// Buildings' buildings and The Gold Mines' ingots belong to a whole tile).
    pub(crate) fn feature_on_tile(&self, root: NodeId, placement: PlacementIndex) -> bool {
        let placed = self.board.placement(placement);
        let parts = self.design(placed.tile).features.len() as NodeId;
        (0..parts).any(|i| self.features.find(placed.first_node + i) == root)
    }

    /// The design of the tile a feature segment (`node`) lies on, and the segment's own spec.
    pub(crate) fn segment_spec(&self, node: NodeId) -> (&'static TileDesign, &'static FeatureSpec) {
        let (placement, local) = self.features.segment(node);
        let design = self.design(self.board.placement(placement).tile);
        (design, &design.features[local as usize])
    }

    pub(crate) fn last_placement_index(&self) -> PlacementIndex {
        (self.board.len() - 1) as PlacementIndex
    }

    /// Whether feature `root` of kind `kind` (on the tile at `pos`) is complete now: a road or
    /// city with no open edge, a cloister or garden (a special monastery's prior's place, Baba
    /// Yaga's hut) surrounded; a field never is.
    pub(crate) fn is_complete(&self, kind: FeatureKind, root: NodeId, pos: Pos) -> bool {
        match kind {
            FeatureKind::Road | FeatureKind::City => self.features.is_closed(root),
            FeatureKind::Cloister | FeatureKind::Garden | FeatureKind::Prior | FeatureKind::Hut => {
                self.board.neighbours_around(pos) == 8
            }
            _ => false,
        }
    }

    /// The node of a feature of a placed tile.
    #[inline]
    /// The segments that segment `node` meets across the edges of its tile, one per port that
    /// faces a neighbour's feature, in port order.
    pub(crate) fn segments_across(&self, node: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let (placement, local) = self.features.segment(node);
        let here = *self.board.placement(placement);
        let view = self.design(here.tile).view(here.rotation);
        Port::all().filter(move |p| view.port_feature[p.index()] == local).filter_map(move |port| {
            let n = self.board.get(here.pos.step(port.side()))?;
            let theirs = self.design(n.tile).view(n.rotation).port_feature[port.facing().index()];
            (theirs != NO_FEATURE).then(|| n.first_node + theirs as NodeId)
        })
    }

    pub(crate) fn node_of(&self, placement: PlacementIndex, feature: LocalFeature) -> NodeId {
        self.board.placement(placement).first_node + feature as NodeId
    }

    pub(crate) fn pos_of(&self, placement: PlacementIndex) -> Pos {
        self.board.placement(placement).pos
    }

    /// Whether face-down tiles remain to be drawn.
    pub(crate) fn has_tiles_to_draw(&self) -> bool {
        self.next_draw < self.deck.len()
    }

    /// Whether the tiles laid out before the land tiles (the river) are still being drawn.
    pub(crate) fn laying_out_start(&self) -> bool {
        self.next_draw < self.leading
    }

    pub(crate) fn draw(&mut self) -> Option<TileId> {
        let tile = *self.deck.get(self.next_draw)?;
        self.next_draw += 1;
        Some(tile)
    }

    pub(crate) fn next_player(&self) -> PlayerId {
        (self.current + 1) % self.players.len() as PlayerId
    }

    // ----- Figures -----

    /// Puts a figure from `player`'s supply on a feature of a placed tile.
    pub(crate) fn deploy(
        &mut self,
        player: PlayerId,
        figure: Figure,
        placement: PlacementIndex,
        feature: LocalFeature,
    ) {
        self.put_figure(player, figure, placement, feature);
        *self.players[player as usize].supply_mut(figure) -= 1;
    }

    /// Puts `player`'s figure on a feature of a placed tile, from wherever it waited (the
    /// supply's count is the caller's: a figure redeployed from Carcassonne was not in supply).
    pub(crate) fn put_figure(
        &mut self,
        player: PlayerId,
        figure: Figure,
        placement: PlacementIndex,
        feature: LocalFeature,
    ) {
        let node = self.node_of(placement, feature);
        let root = self.features.find_mut(node);
        if figure.occupies() {
            self.features.add_figure(root);
        }
        self.figures.push(PlacedFigure { owner: player, figure, placement, feature, node, serial: self.next_serial });
        self.next_serial = self.next_serial.wrapping_add(1);
    }

    /// Puts tiles back among the face-down tiles: mixed in at random (from the deck's seed and
    /// how far the deck has been drawn) for a shuffled deck, after the others for an explicit
    /// order.
    pub(crate) fn mix_into_deck(&mut self, tiles: &[TileId]) {
        self.deck.extend_from_slice(tiles);
        if let Some(seed) = self.deck_seed {
            let mut rng = crate::random::rng_from_seed(seed ^ 0x6d69_785f_7469_6c65 ^ self.next_draw as u64);
            let next = self.next_draw;
            crate::random::shuffle(&mut self.deck[next..], &mut rng);
        }
    }

    /// The first figure on feature `feature` of the tile at `pos` for which `wanted` holds (a
    /// segment may hold several figures: a builder beside its follower, two knights that came
    /// in a religious war).
    pub(crate) fn figure_at_where(
        &self,
        pos: Pos,
        feature: LocalFeature,
        mut wanted: impl FnMut(&PlacedFigure) -> bool,
    ) -> Option<usize> {
        let placement = self.board.index_at(pos)?;
        self.figures.iter().position(|f| f.placement == placement && f.feature == feature && wanted(f))
    }

    /// Whether a figure before figure `index` stands on the same segment and is `like` it (given
    /// its index and itself). Two such figures are one choice, the first of them: a record names
    /// a figure by its place, and the first one found there is the one that acts.
    pub(crate) fn earlier_on_segment(&self, index: usize, mut like: impl FnMut(usize, &PlacedFigure) -> bool) -> bool {
        let f = &self.figures[index];
        self.figures[..index]
            .iter()
            .enumerate()
            .any(|(i, e)| (e.placement, e.feature) == (f.placement, f.feature) && like(i, e))
    }

    /// Takes figure `index` off the board, back to its owner's supply.
    pub(crate) fn take_figure(&mut self, index: usize) -> PlacedFigure {
        let f = self.lift_figure(index);
        *self.players[f.owner as usize].supply_mut(f.figure) += 1;
        f
    }

    /// Takes figure `index` off the board without returning it to its owner (a prisoner).
    pub(crate) fn lift_figure(&mut self, index: usize) -> PlacedFigure {
        let f = self.figures.remove(index);
        if f.figure.occupies() {
            let root = self.features.find_mut(f.node);
            self.features.remove_figure(root);
        }
        f
    }

    /// The event of a figure going home.
    pub(crate) fn returned(&self, f: &PlacedFigure) -> Event {
        Event::FigureReturned { player: f.owner, figure: f.figure, pos: self.pos_of(f.placement), feature: f.feature }
    }

    /// Returns every figure on a feature to its owner's supply.
    pub(crate) fn return_figures(&mut self, root: NodeId, events: &mut Vec<Event>) {
        self.return_figures_where(root, |_| true, events);
    }

    /// Returns the figures on a feature for which `which` holds to their owners' supply (a
    /// barn's scoring leaves the shepherds of Hills & Sheep, whose field goes on; a flock driven
    /// to the stable sends home only them).
    pub(crate) fn return_figures_where(
        &mut self,
        root: NodeId,
        which: impl Fn(&PlacedFigure) -> bool,
        events: &mut Vec<Event>,
    ) {
        let mut i = 0;
        while i < self.figures.len() {
            if self.features.find(self.figures[i].node) == root && which(&self.figures[i]) {
                let f = self.take_figure(i);
                events.push(self.returned(&f));
            } else {
                i += 1;
            }
        }
    }

    /// Whether a figure stands on feature `root`. A special monastery's cloister and its
    /// prior's place are one feature to occupy (the Wikicarpedia page "Monasteries": "the
    /// special monastery is only a single feature, even though it can be used two different
    /// ways"): a figure on either occupies both.
    #[inline]
    pub(crate) fn occupied(&self, root: NodeId) -> bool {
        self.features.figure_count(root) > 0
            || self.monastery_twin(root).is_some_and(|t| self.features.figure_count(t) > 0)
    }

    /// The other place of a special monastery: its prior's place for its cloister, its cloister
    /// for its prior's place (`None` for every other feature).
    #[inline]
    pub(crate) fn monastery_twin(&self, root: NodeId) -> Option<NodeId> {
        if !matches!(self.features.kind(root), FeatureKind::Cloister | FeatureKind::Prior) {
            return None;
        }
        let (placement, local) = self.features.segment(root);
        let placed = self.board.placement(placement);
        let design = self.design(placed.tile);
        let twin = match design.prior? {
            prior if prior == local => design.cloister?,
            prior if design.cloister == Some(local) => prior,
            _ => return None,
        };
        Some(placed.first_node + twin as NodeId)
    }

    /// True if one of `player`'s followers (not a builder or pig) stands on the feature.
    pub(crate) fn has_follower_on(&self, player: PlayerId, root: NodeId) -> bool {
        // The feature's figure count answers most calls (a feature of the tile just placed is
        // usually empty) without a walk over every figure on the board.
        if self.features.figure_count(root) == 0 {
            return false;
        }
        self.figures.iter().any(|f| f.owner == player && f.figure.is_follower() && self.features.find(f.node) == root)
    }

    /// The players with the most followers on a feature, by strength (all of them on a tie;
    /// seed 001, "What happens if there are several followers...").
    ///
    /// Hills & Sheep: "If there is a tie, tied players with at least one follower on a hill are
    /// considered to have control" (the Assembled Game Reference, step 3B).
    #[inline]
    pub(crate) fn majority(&self, root: NodeId) -> PlayerSet {
        let players = PlayerSet::majority(&self.strengths(root));
        if self.hills && players.len() > 1 {
            return self.hill_tie_break(players, |node| self.features.find(node) == root);
        }
        players
    }

    /// Hills & Sheep: of `tied`, those with a follower on a hill tile on a feature for which
    /// `counts(node)` holds; all of `tied` where none has one. Presence decides, not how many
    /// (JCloisterZone's default reading of the tie-break).
    #[cold]
    pub(crate) fn hill_tie_break(&self, tied: PlayerSet, counts: impl Fn(NodeId) -> bool) -> PlayerSet {
        let mut on_hills = PlayerSet::default();
        for f in &self.figures {
            if tied.contains(f.owner)
                && f.figure.is_follower()
                && counts(f.node)
                && self.design(self.board.placement(f.placement).tile).symbols.contains(&crate::catalog::Symbol::Hill)
            {
                on_hills.insert(f.owner);
            }
        }
        if on_hills.is_empty() {
            tied
        } else {
            on_hills
        }
    }

    /// The followers each player has on the tile at `pos` and the eight around it, one each
    /// whatever their kind (a Darmstadt church's bonus, the circus of Under the Big Top).
    pub(crate) fn followers_around(&self, pos: Pos) -> [u8; MAX_PLAYERS] {
        let mut counts = [0u8; MAX_PLAYERS];
        for f in self.figures.iter().filter(|f| f.figure.is_follower()) {
            let at = self.pos_of(f.placement);
            if (at.x - pos.x).abs() <= 1 && (at.y - pos.y).abs() <= 1 {
                counts[f.owner as usize] += 1;
            }
        }
        counts
    }

    /// How many followers each player counts on feature `root`.
    #[inline]
    pub(crate) fn strengths(&self, root: NodeId) -> [u8; MAX_PLAYERS] {
        let mut counts = [0u8; MAX_PLAYERS];
        for f in &self.figures {
            if self.features.find(f.node) == root {
                counts[f.owner as usize] += match f.figure {
                    // Abbey & Mayor: the mayor counts the city's pennants.
                    crate::players::Figure::Mayor => f.figure.strength_in(self.features.pennants(root)),
                    figure => figure.strength(),
                };
            }
        }
        counts
    }

    // ----- Points -----

    /// Where a segment lies: its tile's position and its feature there (to name a feature in
    /// a score).
    pub(crate) fn locate(&self, node: NodeId) -> (Pos, LocalFeature) {
        let (placement, feature) = self.features.segment(node);
        (self.pos_of(placement), feature)
    }

    /// Gives each of the score's players its points and reports it.
    pub(crate) fn pay(&mut self, score: Score, events: &mut Vec<Event>) {
        for p in score.players.iter() {
            self.players[p as usize].score += score.points;
        }
        events.push(Event::Scored(score));
    }
}
