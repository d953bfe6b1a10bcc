//! The order of play, written once (seed 001, "ORDER OF PLAY"; seed 004, "Order of play", whose
//! step numbers the [`Step`]s carry):
//!
//! | step | what happens | decision |
//! |---|---|---|
//! | 1A begin turn | `begin_turn` (the fairy's point; not when no tile is left, as the game then ends with the last tile's turn) | |
//! | 1B draw a tile | the modules may offer a choice instead of drawing, one after the other (`before_draw`: the abbey, a held cloister); a module may set the tile aside (`sets_aside`); tiles that fit nowhere are discarded and another drawn; an empty pile ends the game | a module's |
//! | 1C place the tile | the tile joins the board; `tile_put`, then `tile_placed` hooks; the modules' steps (`at(AfterPlacement)`: the gold) | `PlaceTile`, a module's |
//! | 2A, 2B move the wood | deploy a figure, a module's action instead (`figure_actions`), or pass; with "Rebuilding" a tile removed for a point is placed again (`Rebuild`), then the figure phase is for the moved tile | `Deploy`, `ReplaceTile` |
//! | 2C | the modules' steps (`at(AfterFigures)`); a second tile drawn now (`draws_again_before_scoring`) goes back to 1B | a module's |
//! | 3A identify | the features the tile completed (`base::find_completed`), then what the modules add (`identify_completed`: an abbey's neighbours, farms meeting a barn) | |
//! | 3B score | each in turn: the modules' decisions before the majority (`before_majority`: redeployments from Carcassonne), the modules' scores before its own (`before_payment`: the watchtowers), value (base, then `adjust_value`), majority, figures home, `feature_completed`; once all are scored, the modules' decisions about them (`after_features`: the wagons, from the current player clockwise) | a module's |
//! | 3C | the modules' steps (`at(AfterScoring)`) | a module's |
//! | 4A tile actions | the modules' steps (`at(TileActions)`: the Cathars' escape) | a module's |
//! | 4B resolve the turn | `end_turn`: the same player again from 1B, or the next player from 1A | |
//!
//! After the last tile: the modules' steps before the final scoring (`at(BeforeFinalScoring)`:
//! the redeployments from Carcassonne), then the final scoring (`game/scoring.rs`). Each step either resolves itself
//! or leaves the game waiting for exactly one decision; [`Turn::apply`] takes it and runs on to
//! the next decision.

use crate::actions::{Action, Pending};
use crate::base;
use crate::catalog::TileId;
use crate::events::{Event, Phase};
use crate::expansions::hands::HandTurn;
use crate::expansions::{HookPoint, Modules};
use crate::table::Table;

use super::scoring::{final_scoring, score_feature};

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// 1A: a player's turn begins.
    BeginTurn,
    /// 1B: a tile is drawn (`before_scoring`: a double turn's second tile, drawn before the
    /// first one's scoring; with nothing left to draw the turn goes on to its scoring). With
    /// `offer_from`, the modules from that index on may first offer a choice instead of drawing.
    Draw { before_scoring: bool, offer_from: Option<u8> },
    /// 1B: waiting for the choice module `module` offered instead of drawing.
    BeforeDraw { before_scoring: bool, module: u8 },
    /// 1B with tiles in hand, in a stack or face up: waiting for the player's choice of a tile
    /// (or, declining the face-up row, a draw from the pile).
    ChooseTile { before_scoring: bool },
    /// 1C: waiting for the drawn tile's placement.
    PlaceTile,
    /// 2A, 2B: waiting for the figure phase's decision.
    Figures,
    /// 2A, 2B with the variation "Rebuilding": waiting for the removed tile's new place.
    Rebuild,
    /// 2C, 3C, 4A: the modules' steps at a hook point; the number is the index (among the
    /// modules in play) of the module that asked for the pending decision, or of the next one
    /// to run.
    Hooks(HookPoint, u8),
    /// 3B: scoring the completed features, from this index of `Table::completed`.
    Scoring(u8),
    /// 3B: the modules' decisions before the majority on feature `.0` is counted; `.1` is the
    /// index of the module that asked for the pending decision, or of the next one to run.
    BeforeMajority(u8, u8),
    /// 3B: the modules' decisions once every feature of the tile was scored (seed 001, ABBEY
    /// AND MAYOR, footnote 132: all the wagons freed by the scoring decide in one round, from
    /// the player whose turn it is); the index of the module that asked for the pending
    /// decision, or of the next one to run.
    AfterFeatures(u8),
    /// 4B: the end of the turn.
    EndTurn,
    /// The final scoring is over.
    Over,
}

/// The turn's state machine: the step it stands at and the decision it waits for.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Turn {
    step: Step,
    pending: Pending,
}

impl Turn {
    /// The first turn: runs the first player's turn up to its first decision.
    pub(crate) fn begin(table: &mut Table, modules: &mut Modules, events: &mut Vec<Event>) -> Turn {
        let mut turn = Turn { step: Step::BeginTurn, pending: Pending::GameOver };
        turn.advance(table, modules, events);
        turn
    }

    pub(crate) fn pending(&self) -> Pending {
        self.pending
    }

    /// Applies an action that `legal::check` accepted and runs on to the next decision.
    pub(crate) fn apply(&mut self, table: &mut Table, modules: &mut Modules, action: Action, events: &mut Vec<Event>) {
        let pending = self.pending;
        match self.step {
            Step::PlaceTile => {
                let (pos, player) = match (pending, action) {
                    (Pending::PlaceTile { player, tile }, Action::Place { pos, rotation }) => {
                        modules.before_put(table, tile, rotation, pos);
                        let placement = base::put_tile(table, tile, rotation, pos);
                        modules.tile_put(table, placement);
                        events.push(Event::TilePlaced { player, tile, pos, rotation });
                        (pos, player)
                    }
                    (Pending::PlaceTile { player, tile }, Action::RaiseMountain { pos }) => {
                        crate::expansions::mountains::raise(table, modules, player, tile, pos, events);
                        (pos, player)
                    }
                    (Pending::PlaceTile { player, tile }, Action::PlaceBridged { pos, .. }) => {
                        modules.place_bridged(table, player, tile, action, events);
                        (pos, player)
                    }
                    _ => unreachable!("check accepts only the placement of the drawn tile"),
                };
                modules.tile_placed(table, player, events);
                if modules.hands_in_play() {
                    modules.after_placement(table, player, events);
                }
                // 1C: the modules' steps with the tile just placed (the gold), then the figure
                // phase; where no module acts there, it waits for its decision at once.
                if modules.acts_after_placement() {
                    self.step = Step::Hooks(HookPoint::AfterPlacement, 0);
                } else {
                    self.step = Step::Figures;
                    self.pending = Pending::Deploy { player, pos };
                    return;
                }
            }
            Step::BeforeDraw { before_scoring, module } => match (pending, action) {
                (Pending::Abbey { player }, Action::PlaceAbbey { pos }) => {
                    modules.apply_decision(table, pending, action, events);
                    self.step = Step::Figures;
                    self.pending = Pending::Deploy { player, pos };
                    return;
                }
                // A tile the player holds, placed instead of a drawn one.
                (Pending::HeldTile { player, tile }, Action::PlayHeldTile) => {
                    modules.apply_decision(table, pending, action, events);
                    self.step = Step::PlaceTile;
                    self.pending = Pending::PlaceTile { player, tile };
                    return;
                }
                // Declined: the next module's offer, or the draw.
                _ => self.step = Step::Draw { before_scoring, offer_from: Some(module + 1) },
            },
            Step::ChooseTile { before_scoring } => match (pending, action) {
                (Pending::ChooseTile { player }, Action::ChooseTile { tile }) => {
                    modules.apply_decision(table, pending, action, events);
                    self.step = Step::PlaceTile;
                    self.pending = Pending::PlaceTile { player, tile };
                    return;
                }
                // "Only one can choose": one tile handed out; the next, or the player's own.
                (Pending::GiveTile { .. }, Action::GiveTile { .. }) => {
                    modules.apply_decision(table, pending, action, events);
                    self.step = Step::Draw { before_scoring, offer_from: None };
                }
                // Collective planning: a tile from the pile instead of the face-up row.
                _ => {
                    if self.draw_from_pile(table, modules, before_scoring, events) {
                        return;
                    }
                }
            },
            Step::Figures => {
                let Pending::Deploy { player, .. } = pending else { unreachable!("the figure phase's decision") };
                // "Rebuilding": a tile removed for a point, to be placed again.
                if let Action::RemoveTile { pos } = action {
                    self.pending = modules.remove_tile(table, player, pos, events);
                    self.step = Step::Rebuild;
                    return;
                }
                // "The dash": a round bought costs its point when its action is made.
                if modules.dashing() && action != Action::Pass {
                    modules.pay_for_dash(table, player, events);
                }
                match (pending, action) {
                    (Pending::Deploy { player, pos }, Action::Deploy { figure, feature }) => {
                        table.deploy(player, figure, modules.deploy_target(table), feature);
                        events.push(Event::FigureDeployed { player, figure, pos, feature });
                    }
                    (Pending::Deploy { player, .. }, Action::Pass) => events.push(Event::Passed { player }),
                    // The Tower's ransom: the figure phase goes on, the freed figure may be
                    // deployed. The Tunnel's token comes beside the phase's action, too.
                    // So does a bridge (Bridges, Castles & Bazaars).
                    (
                        _,
                        Action::PayRansom { .. }
                        | Action::ReleasePrisoner { .. }
                        | Action::PlaceTunnel { .. }
                        | Action::Bridge { .. },
                    ) => {
                        modules.apply_decision(table, pending, action, events);
                        return;
                    }
                    // A module's action instead of a deployment (the abbot's recall).
                    _ => {
                        modules.apply_decision(table, pending, action, events);
                    }
                }
                // The Phantom: step 2B-2 depends on what step 2B-1 did.
                modules.note_figure_action(action);
                // "The dash": another round, if the player can pay and has something to do.
                if modules.dash_continues(table, player, action) {
                    let mut more = false;
                    super::legal::each_legal_action(table, modules, pending, |a| {
                        more = a != Action::Pass;
                        more
                    });
                    if more {
                        return;
                    }
                    modules.end_dash();
                }
                modules.end_figure_phase();
                self.step = Step::Hooks(HookPoint::AfterFigures, 0);
            }
            Step::Rebuild => {
                // The figure phase comes back, for the moved tile.
                self.pending = modules.replace_tile(table, pending, action, events);
                self.step = Step::Figures;
                return;
            }
            Step::Hooks(point, module) => match modules.apply_decision(table, pending, action, events) {
                Some(next) => {
                    self.pending = next;
                    return;
                }
                None => self.step = Step::Hooks(point, module + 1),
            },
            Step::AfterFeatures(module) => match modules.apply_decision(table, pending, action, events) {
                Some(next) => {
                    self.pending = next;
                    return;
                }
                None => self.step = Step::AfterFeatures(module + 1),
            },
            Step::BeforeMajority(feature, module) => match modules.apply_decision(table, pending, action, events) {
                Some(next) => {
                    self.pending = next;
                    return;
                }
                None => self.step = Step::BeforeMajority(feature, module + 1),
            },
            step => unreachable!("{action:?} accepted for {pending:?} at step {step:?}"),
        }
        self.advance(table, modules, events);
    }

    /// Runs the steps that resolve themselves until one waits for a decision.
    fn advance(&mut self, table: &mut Table, modules: &mut Modules, events: &mut Vec<Event>) {
        loop {
            match self.step {
                Step::BeginTurn => {
                    modules.begin_turn(table, events);
                    self.step = Step::Draw { before_scoring: false, offer_from: Some(0) };
                }
                Step::Draw { before_scoring, offer_from } => {
                    let player = table.current;
                    // Bridges, Castles & Bazaars: "If you have a tile from a previous bazaar
                    // auction, you must use that tile."
                    if offer_from == Some(0) && modules.holds_bought_tile(player) {
                        if let Some(tile) = modules.bought_tile(table, player, events) {
                            self.pending = Pending::PlaceTile { player, tile };
                            self.step = Step::PlaceTile;
                            return;
                        }
                    }
                    let tiles_left = table.has_tiles_to_draw() || modules.holds_tiles(player);
                    // A tile handed out for the round is placed: no offer replaces it.
                    if let Some(from) = offer_from.filter(|_| tiles_left && !modules.holds_given_tile(player)) {
                        if let Some((module, decision)) = modules.before_draw(from, table) {
                            self.pending = decision;
                            self.step = Step::BeforeDraw { before_scoring, module };
                            return;
                        }
                    }
                    if modules.hands_in_play() {
                        match modules.hand_turn(table, events) {
                            HandTurn::Choose => {
                                self.pending = Pending::ChooseTile { player };
                                self.step = Step::ChooseTile { before_scoring };
                                return;
                            }
                            HandTurn::Give => {
                                self.pending = Pending::GiveTile { player };
                                self.step = Step::ChooseTile { before_scoring };
                                return;
                            }
                            HandTurn::Place(tile) => {
                                self.pending = Pending::PlaceTile { player, tile };
                                self.step = Step::PlaceTile;
                                return;
                            }
                            HandTurn::Draw => {}
                            HandTurn::Nothing => {
                                self.step = if before_scoring {
                                    identify_completed(table, modules)
                                } else if modules.tiles_held() {
                                    // Others still hold tiles: this player misses the turn.
                                    Step::EndTurn
                                } else {
                                    Step::Hooks(HookPoint::BeforeFinalScoring, 0)
                                };
                                continue;
                            }
                        }
                    }
                    if self.draw_from_pile(table, modules, before_scoring, events) {
                        return;
                    }
                }
                Step::Hooks(point, from) => match modules.at(point, from, table, events) {
                    Some((module, decision)) => {
                        self.step = Step::Hooks(point, module);
                        self.pending = decision;
                        return;
                    }
                    None => {
                        self.step = match point {
                            // 2A, 2B: the figure phase, on the tile just placed.
                            HookPoint::AfterPlacement => {
                                let pos = table.last_placement().pos;
                                self.pending = Pending::Deploy { player: table.current, pos };
                                self.step = Step::Figures;
                                return;
                            }
                            HookPoint::AfterFigures if modules.draws_again_before_scoring(table, events) => {
                                Step::Draw { before_scoring: true, offer_from: Some(0) }
                            }
                            HookPoint::AfterFigures => identify_completed(table, modules),
                            HookPoint::AfterScoring => Step::Hooks(HookPoint::TileActions, 0),
                            HookPoint::TileActions => Step::EndTurn,
                            HookPoint::BeforeFinalScoring => {
                                final_scoring(table, modules, events);
                                self.pending = Pending::GameOver;
                                self.step = Step::Over;
                                return;
                            }
                        }
                    }
                },
                Step::Scoring(i) => match table.completed.get(i as usize) {
                    // Abbey & Mayor: farmers meeting a barn are scored now.
                    Some(&root) if table.features.kind(root) == crate::catalog::FeatureKind::Field => {
                        modules.score_farm_now(table, root, events);
                        self.step = Step::Scoring(i + 1);
                    }
                    Some(_) if modules.has_before_majority() => self.step = Step::BeforeMajority(i, 0),
                    Some(&root) => self.step = score_completed(table, modules, i, root, events),
                    None => {
                        table.completed.clear();
                        self.step = if modules.has_after_features() {
                            Step::AfterFeatures(0)
                        } else {
                            Step::Hooks(HookPoint::AfterScoring, 0)
                        };
                    }
                },
                Step::BeforeMajority(i, from) => {
                    let root = table.completed[i as usize];
                    match modules.before_majority(from, table, root) {
                        Some((module, decision)) => {
                            self.step = Step::BeforeMajority(i, module);
                            self.pending = decision;
                            return;
                        }
                        None => self.step = score_completed(table, modules, i, root, events),
                    }
                }
                Step::AfterFeatures(from) => match modules.after_features(from, table) {
                    Some((module, decision)) => {
                        self.step = Step::AfterFeatures(module);
                        self.pending = decision;
                        return;
                    }
                    None => self.step = Step::Hooks(HookPoint::AfterScoring, 0),
                },
                Step::EndTurn => {
                    if modules.end_turn(table, events) {
                        // Seed 004, 4B: "repeat Steps 1B through 4A once more".
                        self.step = Step::Draw { before_scoring: false, offer_from: Some(0) };
                    } else {
                        table.current = modules.next_player(table);
                        table.turns += 1;
                        self.step = Step::BeginTurn;
                    }
                }
                // Decisions, entered with their pending decision set.
                Step::PlaceTile
                | Step::Figures
                | Step::Rebuild
                | Step::BeforeDraw { .. }
                | Step::ChooseTile { .. }
                | Step::Over => return,
            }
        }
    }

    /// 1B: draws from the pile (a tile that fits nowhere is discarded and the draw step starts
    /// again). True when the drawn tile now waits for its placement.
    #[inline]
    fn draw_from_pile(
        &mut self,
        table: &mut Table,
        modules: &mut Modules,
        before_scoring: bool,
        events: &mut Vec<Event>,
    ) -> bool {
        let player = table.current;
        match draw_placeable(table, modules, events) {
            Drawn::Tile(tile) => {
                events.push(Event::TileDrawn { player, tile });
                self.pending = Pending::PlaceTile { player, tile };
                self.step = Step::PlaceTile;
                return true;
            }
            Drawn::Discarded => self.step = Step::Draw { before_scoring, offer_from: Some(0) },
            Drawn::Empty if before_scoring => self.step = identify_completed(table, modules),
            // Bridges, Castles & Bazaars: the others still place the tiles they bought.
            Drawn::Empty if modules.bought_tiles_held() => self.step = Step::EndTurn,
            Drawn::Empty => self.step = Step::Hooks(HookPoint::BeforeFinalScoring, 0),
        }
        false
    }
}

/// Step 3B for the `i`-th completed road, city or cloister: scored, its figures home; then the
/// next one.
fn score_completed(
    table: &mut Table,
    modules: &mut Modules,
    i: u8,
    root: crate::features::NodeId,
    events: &mut Vec<Event>,
) -> Step {
    // Bridges, Castles & Bazaars: a town turned into a castle is not scored.
    if !modules.castled(root) {
        let players = score_feature(table, modules, root, Phase::Turn, events);
        modules.feature_completed(table, root, players, events);
    }
    Step::Scoring(i + 1)
}

/// Step 3A, then scoring from the first feature found.
fn identify_completed(table: &mut Table, modules: &mut Modules) -> Step {
    let placed = base::find_completed(table);
    modules.identify_completed(table, placed);
    Step::Scoring(0)
}

/// What a draw gave.
enum Drawn {
    /// A tile that fits somewhere.
    Tile(crate::catalog::TileId),
    /// A tile that fitted nowhere was removed, and a module offers a choice before the next
    /// draw.
    Discarded,
    /// The pile is empty.
    Empty,
}

/// Draws the next tile that fits somewhere; tiles that fit nowhere are removed and the same
/// player draws again (seed 001, "1. Place a tile"), or, where a module offers a choice before
/// each draw, chooses again (seed 000, base footnote 6: the abbey "instead of drawing another
/// tile").
/// Puts an unplayable tile back among the face-down tiles when one of them fits somewhere (so
/// the game still ends: the last tiles that fit nowhere leave it as usual).
#[cold]
fn back_to_pile(table: &mut Table, modules: &Modules, tile: TileId) -> bool {
    let left = table.deck[table.next_draw..].to_vec();
    if !left.iter().any(|&t| modules.placeable(table, t)) {
        return false;
    }
    table.mix_into_deck(&[tile]);
    true
}

fn draw_placeable(table: &mut Table, modules: &mut Modules, events: &mut Vec<Event>) -> Drawn {
    let player = table.current;
    while let Some(tile) = table.draw() {
        if modules.sets_aside(table, tile, events) {
            continue;
        }
        if modules.placeable(table, tile) {
            return Drawn::Tile(tile);
        }
        // House rule (seeds 000 and 002, dwhitworth): "unplayable tiles can be put back into the
        // bag rather than set to one side", while some tile left could still be placed.
        if table.rules.variants.unplayable_tiles_back && back_to_pile(table, modules, tile) {
            events.push(Event::TileBackToPile { player, tile });
        } else {
            table.discarded.push(tile);
            events.push(Event::TileDiscarded { player, tile });
        }
        if modules.offers_before_draw() {
            return Drawn::Discarded;
        }
    }
    Drawn::Empty
}
