//! The expansions: one module each, and the dispatch that calls the ones in play.
//!
//! Each module holds its expansion's state (a plain field of [`Modules`], at its default when
//! the expansion is not in play), its figures' deployment rules, its actions and decisions,
//! and its scoring, with the seed passages in its doc comment. It takes part in the turn
//! through the hooks of [`Module`], each a no-op unless the module overrides it (as
//! JCloisterZone's capabilities do). The turn (`game/turn.rs`) calls the hooks at fixed points
//! of the order of play; the dispatch below calls them for the modules in play only, in
//! [`ModuleId`] order, with a `match` per module: static calls, no trait objects, no
//! allocation.
//!
//! Three things are dispatched here and nowhere else:
//! - the hooks, for the modules in play ([`Modules::new`] maps the rules' expansions to them);
//! - a deployment, by figure, to the module whose figure it is ([`Modules::check_deploy`]);
//! - a module's own decision or action, by its [`Pending`] or [`Action`] variant
//!   ([`Modules::each_decision`], [`Modules::check_decision`], [`Modules::apply_decision`]).
//!
//! The Winter Edition (seed 002) changes only the tiles (`Rules::tile_sets`) and has no
//! module.

pub(crate) mod abbey_mayor;
pub(crate) mod abbot;
mod baba_yaga;
mod barns;
pub mod bazaars;
mod bcb_turn;
pub mod big_top;
pub mod bridges;
pub(crate) mod bridges_castles_bazaars;
pub mod castles;
pub(crate) mod catapult;
pub(crate) mod cathars;
mod choosing;
pub(crate) mod churches;
pub(crate) mod count;
pub(crate) mod crop_circles;
pub(crate) mod darmstadtium;
mod decisions;
mod dispatch;
pub(crate) mod ferries;
pub(crate) mod festival;
pub(crate) mod flier;
pub(crate) mod gold_mines;
pub(crate) mod gq;
pub(crate) mod hands;
pub mod hills_sheep;
pub(crate) mod hooks;
pub(crate) mod house_rules;
pub(crate) mod inns_cathedrals;
pub(crate) mod king_robber;
pub(crate) mod labyrinths;
pub(crate) mod lease;
pub(crate) mod little_buildings;
pub(crate) mod mage_witch;
mod message_reading;
pub mod messages;
pub(crate) mod miners;
pub(crate) mod monasteries;
pub(crate) mod mountains;
pub(crate) mod own_cloisters;
pub(crate) mod phantom;
pub(crate) mod plague;
pub(crate) mod porxada;
pub(crate) mod princess_dragon;
pub(crate) mod prisoners;
mod rebuilding;
pub(crate) mod river;
mod scoring;
pub(crate) mod shrines;
mod spiel_doch;
mod state;
pub(crate) mod table_edge;
pub(crate) mod tower;
pub(crate) mod traders_builders;
pub(crate) mod traps;
pub(crate) mod tunnel;
pub(crate) mod unpunctuality;
pub(crate) mod variations;
pub mod vineyards;
pub(crate) mod watchtowers;
pub(crate) mod wind_roses;

use crate::actions::{Action, Pending};
use crate::base;
use crate::board::PlacementIndex;
use crate::catalog::{Catalog, FeatureKind, FeatureSpec, TileDesign, TileId};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::{Pos, Rotation};
use crate::players::{Figure, PlayerId};
use crate::random::GameRng;
use crate::rules::{Expansion, Rules};
use crate::table::Table;

use abbey_mayor::AbbeyMayor;
use abbot::Abbot;
use baba_yaga::BabaYaga;
use big_top::BigTop;
use bridges_castles_bazaars::BridgesCastlesBazaars;
use catapult::Catapult;
use cathars::Cathars;
use churches::Churches;
use count::Count;
use crop_circles::CropCircles;
use darmstadtium::Darmstadtium;
use ferries::Ferries;
use flier::Flier;
use gold_mines::GoldMines;
use gq::GamesQuarterly;
use hands::Hands;
use hills_sheep::HillsSheep;
use house_rules::HouseRules;
use inns_cathedrals::InnsCathedrals;
use king_robber::KingRobber;
use labyrinths::Labyrinths;
use lease::Lease;
use little_buildings::LittleBuildings;
use mage_witch::MageWitch;
use messages::Messages;
use monasteries::Monasteries;
use own_cloisters::OwnCloisters;
use phantom::Phantom;
use plague::Plague;
use porxada::Porxada;
use princess_dragon::PrincessDragon;
use prisoners::Prisoners;
use river::River;
use shrines::Shrines;
use spiel_doch::SpielDoch;
use table_edge::TableEdge;
use tower::Tower;
use traders_builders::TradersBuilders;
use traps::Traps;
use tunnel::Tunnel;
use unpunctuality::Unpunctuality;
use vineyards::Vineyards;
use watchtowers::Watchtowers;
use wind_roses::WindRoses;

use dispatch::{each_module, ModuleId};
pub(crate) use hooks::{BaseStartTile, DeckPlan, Hook, HookPoint, Leaving, Module};

/// The state of every module and the list of those in play.
#[derive(Clone, Debug)]
pub(crate) struct Modules {
    in_play: [ModuleId; ModuleId::COUNT],
    /// How many modules are in play (the first entries of `in_play`).
    count: u8,
    /// For each hook, the modules in play that implement it (bit `i` for `in_play[i]`).
    hook_masks: [u64; Hook::COUNT],
    /// The Tower is in play (its figure-phase actions are listed outside the hooks).
    tower_in_play: bool,
    /// Abbey & Mayor is in play (its barn is listed outside the hooks, like the tower).
    abbey_mayor_in_play: bool,
    /// Little Buildings is in play (its buildings are listed outside the hooks, like the tower's
    /// pieces).
    little_buildings_in_play: bool,
    /// The Festival is in play (its return is listed outside the hooks: it takes back figures
    /// the Count's and Abbey & Mayor's modules hold).
    festival_in_play: bool,
    /// The variation "Follower unpunctuality" is in play (its deployments need the dragon's
    /// tile, like the tower's actions).
    unpunctual_in_play: bool,
    /// The variation "Prisoners" is in play (it notes the cities a tile joins before it joins).
    prisoners_in_play: bool,
    /// The Phantom is in play (the figure phase notes its action for the phantom's step).
    phantom_in_play: bool,
    /// Under the Big Top is in play (its acrobat actions need the dragon's tile, like the
    /// tower's).
    big_top_in_play: bool,
    /// Bridges, Castles & Bazaars is in play (asked at every placement: a bridge may make a
    /// tile fit).
    bcb_in_play: bool,
    /// A module with a step at 1C is in play (The Gold Mines, La Porxada, Mage & Witch, The
    /// Plague).
    acts_after_placement: bool,
    /// "A new lease of life" or "The dash" is in play (their moves are figure-phase actions).
    lease_in_play: bool,
    /// The variation "Rebuilding" is in play (its removals are figure-phase actions).
    rebuilding_in_play: bool,
    /// "Rebuilding": the tile moved last in this figure phase, where a figure may now go.
    rebuilt: Option<PlacementIndex>,
    river: River,
    gold_mines: GoldMines,
    inns_cathedrals: InnsCathedrals,
    king_robber: KingRobber,
    traders_builders: TradersBuilders,
    catapult: Catapult,
    crop_circles: CropCircles,
    cathars: Cathars,
    abbot: Abbot,
    tower: Tower,
    phantom: Phantom,
    the_count: Count,
    princess_dragon: PrincessDragon,
    games_quarterly: GamesQuarterly,
    abbey_mayor: AbbeyMayor,
    mage_witch: MageWitch,
    flier: Flier,
    tunnel: Tunnel,
    ferries: Ferries,
    hills_sheep: HillsSheep,
    /// Bridges, Castles & Bazaars.
    bcb: BridgesCastlesBazaars,
    big_top: BigTop,
    vineyards: Vineyards,
    little_buildings: LittleBuildings,
    spiel_doch: SpielDoch,
    wind_roses: WindRoses,
    labyrinths: Labyrinths,
    monasteries: Monasteries,
    darmstadtium: Darmstadtium,
    shrines: Shrines,
    watchtowers: Watchtowers,
    baba_yaga: BabaYaga,
    traps: Traps,
    churches: Churches,
    porxada: Porxada,
    plague: Plague,
    messages: Messages,
    unpunctuality: Unpunctuality,
    own_cloisters: OwnCloisters,
    prisoners: Prisoners,
    table_edge: TableEdge,
    /// The variations with tiles in hand, stacks of one's own or a face-up row (not a hook
    /// module: the turn asks it at the draw, and it draws through the other modules).
    hands: Hands,
    /// The house rules with a state of their own (read at placement and at the turn's end).
    house_rules: HouseRules,
    /// "A new lease of life" and "The dash" (no hook module: the figure phase asks it).
    lease: Lease,
}

/// The modules in play that restrict a tile's placement: bit `i` for the `i`-th module in play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PlacementRules(u64);

impl PlacementRules {
    /// No module restricts the tile: its placements follow from the edge rule alone.
    #[inline]
    pub(crate) fn is_empty(self) -> bool {
        self.0 == 0
    }
}

/// The indices of the set bits of `mask`, lowest first.
#[inline]
fn set_bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let i = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            i
        })
    })
}

impl Modules {
    /// The modules of the expansions the rules switch on.
    pub(crate) fn new(rules: &Rules, players: usize, catalog: &Catalog) -> Modules {
        let mut in_play = [ModuleId::River; ModuleId::COUNT];
        let mut ids: Vec<ModuleId> = rules.expansions.iter().filter_map(|&e| ModuleId::of(e)).collect();
        ids.extend(ModuleId::of_variations(rules));
        // Hills & Sheep brings its box's vineyards.
        if rules.has_vineyards() {
            ids.push(ModuleId::Vineyards);
        }
        ids.sort_by_key(|&id| id as u8);
        ids.dedup();
        let mut hook_masks = [0; Hook::COUNT];
        let count = ids.len() as u8;
        for (i, id) in ids.into_iter().enumerate() {
            in_play[i] = id;
            for (hook, mask) in hook_masks.iter_mut().enumerate() {
                if id.hooks().has_index(hook) {
                    *mask |= 1 << i;
                }
            }
        }
        Modules {
            in_play,
            count,
            hook_masks,
            tower_in_play: rules.has(Expansion::Tower),
            abbey_mayor_in_play: rules.has(Expansion::AbbeyMayor),
            little_buildings_in_play: rules.has(Expansion::LittleBuildings),
            festival_in_play: rules.has(Expansion::Festival),
            unpunctual_in_play: rules.variants.follower_unpunctuality,
            prisoners_in_play: rules.variants.prisoners,
            phantom_in_play: rules.has(Expansion::Phantom),
            big_top_in_play: rules.has(Expansion::BigTop),
            bcb_in_play: rules.has(Expansion::BridgesCastlesBazaars),
            acts_after_placement: [
                Expansion::GoldMines,
                Expansion::LaPorxada,
                Expansion::MageWitch,
                Expansion::Plague,
                Expansion::Messages,
            ]
            .iter()
            .any(|&e| rules.has(e)),
            lease_in_play: rules.variants.new_lease_of_life || rules.variants.dash,
            rebuilding_in_play: rules.variants.rebuilding,
            rebuilt: None,
            river: River::new(rules),
            gold_mines: GoldMines::default(),
            inns_cathedrals: InnsCathedrals,
            king_robber: KingRobber::new(rules),
            traders_builders: TradersBuilders::new(rules),
            catapult: Catapult::default(),
            crop_circles: CropCircles::new(rules),
            cathars: Cathars::new(rules),
            abbot: Abbot,
            tower: Tower::new(rules, players),
            phantom: Phantom::default(),
            the_count: Count::new(rules, catalog),
            princess_dragon: PrincessDragon::new(rules),
            games_quarterly: GamesQuarterly::new(rules),
            abbey_mayor: AbbeyMayor::new(rules, players, catalog),
            mage_witch: MageWitch::default(),
            flier: Flier::default(),
            tunnel: Tunnel::new(rules, players),
            ferries: Ferries::new(rules),
            hills_sheep: HillsSheep::default(),
            bcb: BridgesCastlesBazaars::new(rules, players),
            big_top: BigTop::default(),
            vineyards: Vineyards,
            little_buildings: LittleBuildings::new(rules, players),
            spiel_doch: SpielDoch::new(rules),
            wind_roses: WindRoses::new(rules),
            labyrinths: Labyrinths,
            monasteries: Monasteries,
            darmstadtium: Darmstadtium,
            shrines: Shrines::new(rules),
            watchtowers: Watchtowers,
            baba_yaga: BabaYaga,
            traps: Traps::new(rules),
            churches: Churches::default(),
            porxada: Porxada::default(),
            plague: Plague::default(),
            messages: Messages::default(),
            unpunctuality: Unpunctuality,
            own_cloisters: OwnCloisters::new(rules, players, catalog),
            prisoners: Prisoners::default(),
            table_edge: TableEdge::new(rules),
            hands: Hands::new(rules, players),
            house_rules: HouseRules::new(rules),
            lease: Lease::new(rules),
        }
    }

    /// The modules in play that implement `hook`.
    #[inline]
    fn implementing(&self, hook: Hook) -> u64 {
        self.hook_masks[hook as usize]
    }

    // ----- Preparation -----

    #[inline]
    pub(crate) fn supply(&self, figure: Figure) -> u8 {
        let mut n = 0;
        each_module!(self, self.implementing(Hook::Supply), |m| n += m.supply(figure));
        n
    }

    pub(crate) fn brings_tile(&self, design: &TileDesign) -> bool {
        each_module!(self, self.implementing(Hook::BringsTile), |m| if m.brings_tile(design) {
            return true;
        });
        false
    }

    /// Offers the `count` copies of a tile of the sets in play to the modules, one after the
    /// other: how many they take out of the land tiles (to lay out, or for the players to hold).
    pub(crate) fn takes_tile(&mut self, id: TileId, design: &TileDesign, count: u8) -> u8 {
        let mut left = count;
        each_module!(self, self.implementing(Hook::TakesTile), |mut m| if left > 0 {
            left -= m.takes_tile(id, design, left).min(left);
        });
        count - left
    }

    /// What becomes of the base start tile: the strongest wish of the modules (not used, then
    /// in the pile, then starting the game).
    pub(crate) fn base_start_tile(&self) -> BaseStartTile {
        let mut wish = BaseStartTile::Starts;
        each_module!(self, self.implementing(Hook::BaseStartTile), |m| wish = wish.max(m.base_start_tile()));
        wish
    }

    pub(crate) fn arrange_deck(&mut self, catalog: &Catalog, plan: &mut DeckPlan, mut rng: Option<&mut GameRng>) {
        each_module!(self, self.implementing(Hook::ArrangeDeck), |mut m| m.arrange_deck(
            catalog,
            plan,
            rng.as_deref_mut()
        ));
    }

    // ----- Beginning the turn, drawing and placing a tile -----

    /// Step 1A. With no tile left the game ends with the last player's turn: no turn begins
    /// (seed 001, "End of the game"), so nothing of step 1A happens.
    #[inline]
    pub(crate) fn begin_turn(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        self.hands.begin_turn(table);
        let mask = self.implementing(Hook::BeginTurn);
        // A tile bought at a bazaar is placed even with the pile empty.
        if mask != 0 && (table.has_tiles_to_draw() || self.holds_bought_tile(table.current)) {
            each_module!(self, mask, |mut m| m.begin_turn(table, events));
        }
    }

    /// 1B: a decision a module from module `from` on offers instead of drawing (the abbey, a
    /// held cloister), with the index of the module that offers it. A held tile is offered only
    /// where it may be placed by every placement rule in play (the table's edge among them), as
    /// a drawn tile must be.
    #[inline]
    pub(crate) fn before_draw(&self, from: u8, table: &Table) -> Option<(u8, Pending)> {
        each_module!(self, self.implementing(Hook::BeforeDraw) & !((1u64 << from) - 1), |i, m| if let Some(p) =
            m.before_draw(table)
        {
            if self.may_offer(table, p) {
                return Some((i as u8, p));
            }
        });
        None
    }

    /// Whether the decision `before_draw` found may be offered: a held tile only where it may
    /// be placed. Out of line: the check is rare, and the turn loop that calls `before_draw`
    /// stays small.
    #[inline(never)]
    fn may_offer(&self, table: &Table, pending: Pending) -> bool {
        match pending {
            Pending::HeldTile { tile, .. } => self.placeable(table, tile),
            _ => true,
        }
    }

    /// Whether a tile that fitted nowhere sends the turn back to `before_draw` rather than to
    /// the next tile at once (a player may place the abbey then: seed 000, base footnote 6).
    #[inline]
    pub(crate) fn offers_before_draw(&self) -> bool {
        self.implementing(Hook::BeforeDraw) != 0
    }

    /// Whether a module sets the drawn tile aside.
    #[inline]
    pub(crate) fn sets_aside(&mut self, table: &mut Table, tile: TileId, events: &mut Vec<Event>) -> bool {
        each_module!(self, self.implementing(Hook::SetsAside), |mut m| if m.sets_aside(table, tile, events) {
            return true;
        });
        false
    }

    /// The modules in play with placement rules of their own for `tile` (found once per
    /// listing or check, then applied to each placement tried).
    #[inline]
    pub(crate) fn placement_rules(&self, table: &Table, tile: TileId) -> PlacementRules {
        let mut mask = 0;
        each_module!(self, self.implementing(Hook::Restricts), |i, m| if m.restricts(table, tile) {
            mask |= 1 << i;
        });
        PlacementRules(mask)
    }

    /// Those modules' rules for a placement that fits by its edges.
    #[inline]
    pub(crate) fn check_place(
        &self,
        rules: PlacementRules,
        table: &Table,
        tile: TileId,
        pos: Pos,
        rotation: Rotation,
    ) -> Result<(), RuleError> {
        each_module!(self, rules.0, |m| m.check_place(table, tile, pos, rotation)?);
        Ok(())
    }

    /// Those modules' quick test of a position, before its rotations are tried.
    #[inline]
    pub(crate) fn allows_position(&self, rules: PlacementRules, table: &Table, tile: TileId, pos: Pos) -> bool {
        each_module!(self, rules.0 & self.implementing(Hook::AllowsPosition), |m| if !m
            .allows_position(table, tile, pos)
        {
            return false;
        });
        true
    }

    #[inline]
    pub(crate) fn tile_put(&mut self, table: &mut Table, placement: PlacementIndex) {
        each_module!(self, self.implementing(Hook::TilePut), |mut m| m.tile_put(table, placement));
    }

    /// Before the drawn tile joins the board: the variation "Prisoners" notes the parts of the
    /// cities it will connect.
    #[inline(always)]
    pub(crate) fn before_put(&mut self, table: &Table, tile: TileId, rotation: Rotation, pos: Pos) {
        if self.prisoners_in_play {
            self.prisoners.note_parts(table, tile, rotation, pos);
        }
    }

    #[inline(always)]
    pub(crate) fn tile_placed(&mut self, table: &mut Table, player: PlayerId, events: &mut Vec<Event>) {
        each_module!(self, self.implementing(Hook::TilePlaced), |mut m| m.tile_placed(table, player, events));
        self.house_rules.tile_placed(table);
        let placed = table.last_placement_index();
        self.spring_traps(table, Some(placed), events);
    }

    // ----- Moving the wood -----

    /// Deploying `figure` on feature `spec` (of the tile just placed, feature `root`), by the
    /// rules of the module the figure belongs to, then the bans of the modules in play.
    #[inline]
    pub(crate) fn check_deploy(
        &self,
        table: &Table,
        figure: Figure,
        spec: &FeatureSpec,
        root: NodeId,
    ) -> Result<(), RuleError> {
        let own_rule = match figure {
            // Inns & Cathedrals: the big follower deploys like a follower.
            // The Phantom: "As with a normal follower".
            // Under the Big Top: the ringmaster is placed like a normal follower.
            Figure::Follower | Figure::BigFollower | Figure::Phantom | Figure::Ringmaster => {
                base::check_follower(table, spec, root)
            }
            Figure::Abbot => abbot::check_deploy(table, spec, root),
            Figure::Builder | Figure::Pig => traders_builders::check_deploy(table, figure, spec, root),
            Figure::Mayor | Figure::Wagon | Figure::Barn => abbey_mayor::check_deploy(table, figure, spec, root),
            Figure::Shepherd => hills_sheep::check_deploy(table, spec, root),
        };
        // The Labyrinths' advanced variant: a follower may join an occupied road on the
        // labyrinth just placed.
        let own_rule = match own_rule {
            Err(RuleError::FeatureOccupied(FeatureKind::Road))
                if figure.is_follower() && labyrinths::labyrinth_admits(table, spec) =>
            {
                Ok(())
            }
            other => other,
        };
        if own_rule.is_ok() && self.implementing(Hook::RestrictDeploy) != 0 {
            return self.restrict_deploy(table, figure, spec);
        }
        own_rule
    }

    /// The modules' bans on a deployment the figure's own rule allows.
    #[inline(never)]
    fn restrict_deploy(&self, table: &Table, figure: Figure, spec: &FeatureSpec) -> Result<(), RuleError> {
        each_module!(self, self.implementing(Hook::RestrictDeploy), |m| m.restrict_deploy(table, figure, spec)?);
        Ok(())
    }

    /// Whether the figure phase offers only the modules' actions. Not after a rebuilding:
    /// moving a tile is done "rather than following the usual procedure" (seed 001, SELECTED
    /// VARIATIONS, "Rebuilding"), so a princess whose city a moved tile joins to a knight's no
    /// longer acts.
    #[inline]
    pub(crate) fn only_figure_actions(&self, table: &Table, player: PlayerId) -> bool {
        if self.rebuilt.is_some() {
            return false;
        }
        each_module!(self, self.implementing(Hook::OnlyFigureActions), |m| if m.only_figure_actions(table, player) {
            return true;
        });
        false
    }

    /// The modules' actions of the figure phase; `princess_must`: `only_figure_actions` holds
    /// (the caller has asked it already).
    #[inline]
    pub(crate) fn figure_actions(
        &self,
        table: &Table,
        player: PlayerId,
        princess_must: bool,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        // "The dash": a round bought with a point offers another deployment or move only.
        if self.lease.dashing() {
            return self.lease_actions(table, player, visit)
                || self.unpunctual_in_play && self.unpunctual_actions(table, player, visit);
        }
        // "Rebuilding": after a tile moved, only another removal.
        if self.rebuilt.is_some() {
            return self.rebuild_actions(table, player, visit);
        }
        // A princess that must remove a knight leaves no bridge and no flight (the dispatch's
        // check refuses them: `PrincessMustRemove`), so neither is listed.
        let mut gated = |a: Action| match a {
            Action::Bridge { .. } | Action::Fly { .. } if princess_must => false,
            a => visit(a),
        };
        each_module!(
            self,
            self.implementing(Hook::FigureActions),
            |m| if m.figure_actions(table, player, &mut gated) {
                return true;
            }
        );
        // The Tower's actions need the dragon's tile (no follower goes there), so they are
        // listed here rather than through the hook.
        if self.tower_in_play && self.tower_actions(table, player, visit) {
            return true;
        }
        if self.abbey_mayor_in_play && self.barn_actions(table, player, visit) {
            return true;
        }
        if self.little_buildings_in_play && self.building_actions(table, player, visit) {
            return true;
        }
        if self.festival_in_play && self.festival_actions(table, player, visit) {
            return true;
        }
        if self.big_top_in_play && self.acrobat_actions(table, player, visit) {
            return true;
        }
        if self.prisoners_in_play && self.prisoners.each_release(player, visit) {
            return true;
        }
        if self.lease_in_play && self.lease_actions(table, player, visit) {
            return true;
        }
        if self.unpunctual_in_play && self.unpunctual_actions(table, player, visit) {
            return true;
        }
        self.rebuilding_in_play && self.rebuild_actions(table, player, visit)
    }

    /// The variation "Follower unpunctuality": the followers' deployments to earlier tiles,
    /// never beside a princess that must act.
    #[inline(never)]
    fn unpunctual_actions(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        !self.only_figure_actions(table, player)
            && self.unpunctuality.actions(table, player, self.princess_dragon.dragon(), visit)
    }

    /// Abbey & Mayor's barn, never beside a princess that must act, nor where the modules ban
    /// figures from the tile just placed.
    #[inline(never)]
    fn barn_actions(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        !self.only_figure_actions(table, player)
            && self.abbey_mayor.barn_actions(table, player, &mut |action| match action {
                Action::PlaceBarn { corner } if self.restrict_barn(table, corner).is_err() => false,
                action => visit(action),
            })
    }

    /// The modules' bans on a barn at corner `corner` of the tile just placed: the barn is a
    /// figure put on that tile (at its corner), so a ban on every figure there holds for it too
    /// (the volcano under the rule sets where "no follower (or any other figure except the
    /// dragon) may be placed on a volcano tile", seed 001, THE PRINCESS AND THE DRAGON, note
    /// under footnote 73; the volcano lake; the house rule against figures while the river is
    /// laid). A corner that is no farm is the barn's own rule's to refuse.
    pub(crate) fn restrict_barn(&self, table: &Table, corner: crate::geometry::Corner) -> Result<(), RuleError> {
        let placed = table.last_placement();
        let design = table.design(placed.tile);
        match design.feature_at(placed.rotation, corner.ports()[0]) {
            Some(f) => self.restrict_deploy(table, Figure::Barn, &design.features[f as usize]),
            None => Ok(()),
        }
    }

    /// Under the Big Top's acrobat actions, never beside a princess that must act.
    #[inline(never)]
    fn acrobat_actions(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        !self.only_figure_actions(table, player)
            && self.big_top.each_action(table, player, self.princess_dragon.dragon(), visit)
    }

    /// Under the Big Top: the pyramid on acrobat space `root` is scored (by `scorer`'s action,
    /// or at the end): 5 points an acrobat, the fairy's bonus beside one of them, and the
    /// acrobats go home.
    pub(crate) fn score_pyramid(
        &mut self,
        table: &mut Table,
        root: crate::features::NodeId,
        scorer: Option<PlayerId>,
        events: &mut Vec<Event>,
    ) {
        BigTop::pay_pyramid(table, root, scorer, events);
        self.feature_scored(table, root, Leaving::All, events);
        table.return_figures(root, events);
    }

    /// Little Buildings' buildings, never beside a princess that must act.
    #[inline(never)]
    fn building_actions(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        !self.only_figure_actions(table, player) && self.little_buildings.each_action(player, visit)
    }

    /// The Tower's figure-phase actions, never beside a princess that must act. Kept out of
    /// line: the listing of every game's figure phase stays small enough to inline.
    #[inline(never)]
    fn tower_actions(&self, table: &Table, player: PlayerId, visit: &mut impl FnMut(Action) -> bool) -> bool {
        !self.only_figure_actions(table, player)
            && self.tower.tower_actions(table, player, self.princess_dragon.dragon(), visit)
    }

    /// Whether The Cathars' escape waits for the second tile of a builder's double turn: it
    /// comes "at the end of a player's turn" (seed 001, THE CATHARS, "Escaping a besieged
    /// city"), and "The double-turn is also only a 'single' turn" (footnotes 43 and 112; FAQ 27:
    /// "ONE double turn, not two single turns"), so step 4A of the first tile offers none when
    /// a second tile follows (one is left to draw or held), unless the rules offer it after each
    /// tile (`escape_after_each_tile`: seed 004, Step 4B, "repeat Steps 1B through 4A").
    fn escape_waits_for_second_tile(&self, table: &Table) -> bool {
        !table.rules.variants.escape_after_each_tile
            && self.traders_builders.second_tile_follows()
            && (table.has_tiles_to_draw() || self.holds_tiles(table.current))
    }

    /// The bit of module `id` in the hooks' masks (0 when it is not in play).
    fn bit_of(&self, id: ModuleId) -> u64 {
        self.in_play[..self.count as usize].iter().position(|&m| m == id).map_or(0, |i| 1 << i)
    }

    /// Runs the modules' steps at `point` from module `from`: the first decision asked for and
    /// the index of the module that asked, or `None` when every module is done.
    #[inline]
    pub(crate) fn at(
        &mut self,
        point: HookPoint,
        from: u8,
        table: &mut Table,
        events: &mut Vec<Event>,
    ) -> Option<(u8, Pending)> {
        if from == 0 && matches!(point, HookPoint::AfterFigures | HookPoint::AfterScoring) {
            self.spring_traps(table, None, events);
        }
        let dragon = self.princess_dragon.dragon();
        let mut mask = self.implementing(Hook::At) & !((1u64 << from) - 1);
        if mask == 0 {
            return None;
        }
        if point == HookPoint::TileActions && self.escape_waits_for_second_tile(table) {
            mask &= !self.bit_of(ModuleId::Cathars);
        }
        loop {
            let found = self.first_at(point, mask, table, dragon, events);
            match found {
                // The Phantom's step is asked only where the phantom has somewhere to go.
                Some((i, Pending::Phantom { player, .. })) if !self.phantom_has_somewhere(table, player) => {
                    mask &= !((2u64 << i) - 1);
                }
                found => return found,
            }
        }
    }

    /// The first decision a module of `mask` asks for at `point`, with its index.
    #[inline]
    fn first_at(
        &mut self,
        point: HookPoint,
        mask: u64,
        table: &mut Table,
        dragon: Option<Pos>,
        events: &mut Vec<Event>,
    ) -> Option<(u8, Pending)> {
        each_module!(self, mask, |i, mut m| if let Some(p) = m.at(point, table, dragon, events) {
            return Some((i as u8, p));
        });
        None
    }

    /// 3B, once every feature the tile completed was scored: the modules' decisions from
    /// module `from`, with the index of the module that asks.
    #[inline]
    pub(crate) fn after_features(&mut self, from: u8, table: &mut Table) -> Option<(u8, Pending)> {
        let dragon = self.princess_dragon.dragon();
        each_module!(self, self.implementing(Hook::AfterFeatures) & !((1u64 << from) - 1), |i, mut m| if let Some(p) =
            m.after_features(table, dragon)
        {
            return Some((i as u8, p));
        });
        None
    }

    /// 3B, before the majority on a road, city or cloister the turn completed: the modules'
    /// decisions from module `from`, with the index of the module that asks.
    #[inline]
    pub(crate) fn before_majority(&mut self, from: u8, table: &mut Table, root: NodeId) -> Option<(u8, Pending)> {
        // A town turned into a castle is not scored: nothing more to decide before its majority.
        if self.bcb.is_converted(root) {
            return None;
        }
        let dragon = self.princess_dragon.dragon();
        each_module!(
            self,
            self.implementing(Hook::BeforeMajority) & !((1u64 << from) - 1),
            |i, mut m| if let Some(p) = m.before_majority(table, root, dragon) {
                return Some((i as u8, p));
            }
        );
        None
    }

    /// Whether a module asks for decisions before each majority.
    #[inline]
    pub(crate) fn has_before_majority(&self) -> bool {
        self.implementing(Hook::BeforeMajority) != 0
    }

    /// Whether a module asks for decisions once the tile's features are scored.
    #[inline]
    pub(crate) fn has_after_features(&self) -> bool {
        self.implementing(Hook::AfterFeatures) != 0
    }

    /// 3A: what the modules add to the features the base rules found completed.
    #[inline]
    pub(crate) fn identify_completed(&mut self, table: &mut Table, placed: std::ops::Range<PlacementIndex>) {
        each_module!(self, self.implementing(Hook::IdentifyCompleted), |mut m| m
            .identify_completed(table, placed.clone()));
    }

    // ----- The modules' own decisions -----

    /// Whether a module is in play.
    fn in_play(&self, id: ModuleId) -> bool {
        self.in_play[..self.count as usize].contains(&id)
    }

    /// Whether a module has a step at 1C, with the tile just placed (The Gold Mines' ingots):
    /// the turn then runs `at(AfterPlacement)` before the figure phase.
    #[inline]
    pub(crate) fn acts_after_placement(&self) -> bool {
        self.acts_after_placement
    }

    #[inline]
    fn follower_left(&mut self, table: &mut Table, root: NodeId, player: PlayerId, events: &mut Vec<Event>) {
        each_module!(self, self.implementing(Hook::FollowerLeft), |mut m| m.follower_left(table, root, player, events));
    }

    #[inline]
    pub(crate) fn draws_again_before_scoring(&mut self, table: &mut Table, events: &mut Vec<Event>) -> bool {
        let mut again = false;
        each_module!(self, self.implementing(Hook::DrawsAgainBeforeScoring), |mut m| again |=
            m.draws_again_before_scoring(table, events));
        again
    }

    #[inline]
    pub(crate) fn end_turn(&mut self, table: &mut Table, events: &mut Vec<Event>) -> bool {
        // Collective planning: "they are replaced at the end of the turn".
        if self.hands.end_turn() {
            self.fill_row(table, events);
        }
        let mut again = false;
        each_module!(self, self.implementing(Hook::EndTurn), |mut m| again |= m.end_turn(table, events));
        // Bridges, Castles & Bazaars: the builder's second tile of the bazaar's opener waits for
        // the bazaar's round.
        let again = if self.bcb_in_play {
            let goes_on = self.bcb.turn_goes_on(table, again);
            if again != goes_on {
                // Put off (the others' turns of the round earn their own double turns), or
                // taken now (it earns no further one).
                self.traders_builders.second_tile_put_off(goes_on);
            }
            goes_on
        } else {
            again
        };
        // A hole's turn comes after the turn another module gives (the builder's second tile).
        let again = again || self.house_rules.take_extra_turn(table, events);
        // The Messages: message 4's tile, once no other module gives a turn now.
        let again = again || (self.in_play(ModuleId::Messages) && self.messages.take_extra_tile());
        // House rule "a three-tile hand": "Play your turn, including the builder, and then draw
        // back up to three tiles".
        if !again && self.hands.house_hand() && self.hands.is_dealt() {
            self.fill_hand(table, table.current, events);
        }
        again
    }

    pub(crate) fn final_scoring(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        each_module!(self, self.implementing(Hook::FinalScoring), |mut m| m.final_scoring(table, events));
    }
}
