//! La Porxada (Jugar x Jugar, Granollers 2010, by Oriol Comas i Coma; the assembled reference's
//! steps 1C and final scoring; the full rules on the Wikicarpedia page "La Porxada (1st
//! edition)", updated with the author's clarifications of April 2019): one city tile showing the
//! columned hall of Granollers, and six tokens.
//!
//! - **The choice.** Whoever places the tile chooses one of two uses, before deploying a figure:
//!   - **the swap**: one of their own followers on the board changes places with a follower of
//!     another player (both must be on the board; "may": choosing the swap and then swapping
//!     nothing is allowed, and changes nothing). The other player may refuse; then one of
//!     their other followers on the board, of their choice, leaves the game (the assembled
//!     reference's step 1C, "If the other player rejects, one of his/her followers will have
//!     to be removed from the game"; brettspielfreak.de's explanation of 2013: another placed
//!     figure, chosen by the player who refuses, eliminated for the rest of the game);
//!   - **the bonus**: when the tile's city is completed, every player with a follower in it
//!     takes a token; at the end of the game each token holder scores the incomplete cities
//!     they win as if they had been completed during the game.
//! - **The bonus's scoring** (the page's "Other expansions" note): the incomplete city is scored
//!   "as in a bubble": completed for its winners who hold a token (2 points a tile and a coat
//!   of arms, a cathedral's 3, whatever a completed city is worth), and still incomplete to
//!   everything else (the farms around it, the other winners, who score it as usual).
//!
//! Our readings where the sources are silent (docs/rules.md, "La Porxada"): neither use is
//! also allowed (a pass); the swap exchanges followers only (not builders, pigs or barns), each
//! of which must be allowed on the other's feature (a mayor stays in cities, an abbot in
//! cloisters and gardens, a wagon off the farms), and leaves out the followers the rules hold
//! in place (on a tower, a mountain, a special monastery's prior, in a trap); a swapped pair
//! keeps its places' other pieces (the fairy stays on its tile, beside the follower that now
//! stands there); a builder or pig whose owner's follower left its feature goes home, as after
//! any follower's leaving; a player may refuse only with another follower on the board to give
//! up (any follower, wherever it stands); the tokens go to the players with a follower in the city when it is
//! scored (a big follower or a mayor counts as one token), whoever controls it.

use crate::actions::{Action, Pending};
use crate::catalog::{FeatureKind, Symbol};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, PlayerId, PlayerSet, MAX_PLAYERS};
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Module};

// `out_of_game` is indexed by `Figure as usize`: the kinds are declared in `Figure::ALL`'s order.
const _: () = {
    let mut i = 0;
    while i < Figure::ALL.len() {
        assert!(Figure::ALL[i] as usize == i);
        i += 1;
    }
};

#[derive(Clone, Debug, Default)]
pub(crate) struct Porxada {
    /// The tile was placed and its choice made (it has one tile: the choice comes once).
    chosen: bool,
    /// After the bonus was chosen, until the city is completed: where the tile was placed (the
    /// variation "Rebuilding" may move it, so its city is looked up when a city is scored).
    bonus_city: Option<Pos>,
    /// The players holding a token.
    holders: PlayerSet,
    /// The followers taken out of the game by a refused swap, by player and kind (indexed by
    /// `Figure as usize`, `Figure::ALL`'s order).
    out_of_game: [[u8; Figure::ALL.len()]; MAX_PLAYERS],
}

/// The features whose followers may take part in a swap.
const fn swappable(kind: FeatureKind) -> bool {
    matches!(
        kind,
        FeatureKind::Road
            | FeatureKind::City
            | FeatureKind::Field
            | FeatureKind::Cloister
            | FeatureKind::Garden
            | FeatureKind::Hut
    )
}

impl Porxada {
    /// The players holding a token (their incomplete cities score as completed at the end).
    pub(crate) fn holders(&self) -> PlayerSet {
        self.holders
    }

    /// Whether the bonus was chosen and the tile's city is still waiting to be completed.
    pub(crate) fn bonus_waiting(&self) -> bool {
        self.bonus_city.is_some()
    }

    /// How many of `player`'s `figure` a refused swap took out of the game.
    pub(crate) fn out_of_game(&self, player: PlayerId, figure: Figure) -> u8 {
        self.out_of_game[player as usize][figure as usize]
    }

    /// The followers `player` may give up to refuse the swap that named `other`.
    fn forfeits(table: &Table, player: PlayerId, other: usize) -> impl Iterator<Item = usize> + '_ {
        (0..table.figures.len()).filter(move |&i| {
            i != other
                && table.figures[i].owner == player
                && table.figures[i].figure.is_follower()
                && Self::first_alike(table, i, Some(other))
        })
    }

    /// La Porxada's tile and a node of its city: at `placed`, where it was put down, unless
    /// the variation "Rebuilding" moved it since (then wherever it is now).
    fn city_of_tile(table: &Table, placed: Pos) -> Option<(Pos, NodeId)> {
        let has_hall = |index: crate::board::PlacementIndex| {
            table.design(table.board.placement(index).tile).symbols.contains(&Symbol::Porxada)
        };
        let index = match table.board.index_at(placed) {
            Some(i) if has_hall(i) => i,
            _ => (0..table.board.len() as crate::board::PlacementIndex).find(|&i| has_hall(i))?,
        };
        let city = table
            .design(table.board.placement(index).tile)
            .features
            .iter()
            .position(|f| f.kind == FeatureKind::City)?;
        Some((table.pos_of(index), table.node_of(index, city as crate::catalog::LocalFeature)))
    }

    /// Whether figure `index` is the first of the figures alike at its place (the same owner
    /// and kind on the same feature of the same tile, as the Count's redeployments may leave
    /// them): alike figures are one choice, named in records by their place.
    /// `except` is a figure that does not count (the one a refusal may not give up).
    fn first_alike(table: &Table, index: usize, except: Option<usize>) -> bool {
        let f = &table.figures[index];
        !table.figures[..index].iter().enumerate().any(|(j, g)| {
            Some(j) != except
                && g.owner == f.owner
                && g.figure == f.figure
                && g.placement == f.placement
                && g.feature == f.feature
        })
    }

    /// Whether figure `index` is a follower that may take part in a swap.
    fn swappable_follower(table: &Table, index: usize) -> bool {
        table.figures.get(index).is_some_and(|f| {
            f.figure.is_follower() && swappable(table.features.kind(f.node)) && Self::first_alike(table, index, None)
        })
    }

    /// Whether followers `a` and `b` may change places: each allowed on the other's feature.
    fn fit(table: &Table, a: usize, b: usize) -> bool {
        let (fa, fb) = (&table.figures[a], &table.figures[b]);
        fa.figure.may_stand_on(table.features.kind(fb.node)) && fb.figure.may_stand_on(table.features.kind(fa.node))
    }

    /// The followers of players other than `player` that `own` may change places with.
    fn partners(table: &Table, player: PlayerId, own: usize) -> impl Iterator<Item = usize> + '_ {
        (0..table.figures.len()).filter(move |&i| {
            table.figures[i].owner != player && Self::swappable_follower(table, i) && Self::fit(table, own, i)
        })
    }

    /// The legal actions of La Porxada's two decisions, until `visit` returns true.
    pub(crate) fn each_choice(&self, table: &Table, pending: Pending, mut visit: impl FnMut(Action) -> bool) {
        match pending {
            Pending::Porxada { player, .. } => {
                for own in 0..table.figures.len() {
                    if table.figures[own].owner == player
                        && Self::swappable_follower(table, own)
                        && Self::partners(table, player, own).next().is_some()
                        && visit(Action::SwapFollower { figure: own as u8 })
                    {
                        return;
                    }
                }
                if visit(Action::PorxadaBonus) {
                    return;
                }
                visit(Action::Pass);
            }
            Pending::SwapWith { player, own } => {
                for other in Self::partners(table, player, own as usize) {
                    if visit(Action::SwapFollower { figure: other as u8 }) {
                        return;
                    }
                }
                visit(Action::Pass);
            }
            Pending::SwapAnswer { player, other, .. } => {
                if visit(Action::Pass) {
                    return;
                }
                for figure in Self::forfeits(table, player, other as usize) {
                    if visit(Action::RefuseSwap { figure: figure as u8 }) {
                        return;
                    }
                }
            }
            _ => {}
        }
    }

    pub(crate) fn check(&self, table: &Table, pending: Pending, action: Action) -> Result<(), RuleError> {
        match (pending, action) {
            (Pending::Porxada { .. } | Pending::SwapWith { .. } | Pending::SwapAnswer { .. }, Action::Pass)
            | (Pending::Porxada { .. }, Action::PorxadaBonus) => Ok(()),
            (Pending::Porxada { player, .. }, Action::SwapFollower { figure }) => {
                let own = figure as usize;
                match table.figures.get(own) {
                    Some(f) if f.owner == player && Self::swappable_follower(table, own) => {
                        if Self::partners(table, player, own).next().is_some() {
                            Ok(())
                        } else {
                            Err(RuleError::NoFollowerToSwapWith)
                        }
                    }
                    _ => Err(RuleError::NotYourFollowerToSwap(figure)),
                }
            }
            (Pending::SwapWith { player, own }, Action::SwapFollower { figure }) => {
                let other = figure as usize;
                match table.figures.get(other) {
                    Some(f) if f.owner != player && Self::swappable_follower(table, other) => {
                        if Self::fit(table, own as usize, other) {
                            Ok(())
                        } else {
                            Err(RuleError::FollowersDoNotFit)
                        }
                    }
                    _ => Err(RuleError::NotAnotherPlayersFollower(figure)),
                }
            }
            (Pending::SwapAnswer { player, other, .. }, Action::RefuseSwap { figure }) => {
                if Self::forfeits(table, player, other as usize).any(|i| i == figure as usize) {
                    Ok(())
                } else {
                    Err(RuleError::NotAFollowerToGiveUp(figure))
                }
            }
            _ => Err(RuleError::wrong_decision(pending, action)),
        }
    }

    /// Applies a checked action: the next decision of the choice, and for a swap made, the
    /// features the two followers left with their owners (for `Modules::follower_left`).
    pub(crate) fn apply(
        &mut self,
        table: &mut Table,
        pending: Pending,
        action: Action,
        events: &mut Vec<Event>,
    ) -> (Option<Pending>, Vec<(NodeId, PlayerId)>) {
        match (pending, action) {
            (Pending::Porxada { player, .. }, Action::SwapFollower { figure }) => {
                (Some(Pending::SwapWith { player, own: figure }), Vec::new())
            }
            (Pending::Porxada { player, pos }, Action::PorxadaBonus) => {
                self.bonus_city = Some(pos);
                events.push(Event::PorxadaBonusChosen { player });
                (None, Vec::new())
            }
            (Pending::SwapWith { player, own }, Action::SwapFollower { figure }) => {
                let answer = Pending::SwapAnswer {
                    player: table.figures[figure as usize].owner,
                    by: player,
                    own,
                    other: figure,
                };
                if Self::forfeits(table, table.figures[figure as usize].owner, figure as usize).next().is_some() {
                    (Some(answer), Vec::new())
                } else {
                    // Nothing to give up: the swap cannot be refused.
                    (None, Self::swap(table, player, own, figure, events))
                }
            }
            (Pending::SwapAnswer { by, own, other, .. }, Action::Pass) => {
                (None, Self::swap(table, by, own, other, events))
            }
            (Pending::SwapAnswer { player, by, .. }, Action::RefuseSwap { figure }) => {
                let f = table.lift_figure(figure as usize);
                self.out_of_game[player as usize][f.figure as usize] += 1;
                events.push(Event::SwapRefused {
                    player,
                    by,
                    figure: f.figure,
                    pos: table.pos_of(f.placement),
                    feature: f.feature,
                });
                (None, vec![(table.features.find(f.node), player)])
            }
            _ => (None, Vec::new()),
        }
    }

    /// Follower `own` of `player` and follower `other` change places: each spot keeps its node
    /// (and the fairy's serial) and takes the other's owner and kind. Returns the features the
    /// two left, with their owners.
    fn swap(
        table: &mut Table,
        player: PlayerId,
        own: u8,
        other: u8,
        events: &mut Vec<Event>,
    ) -> Vec<(NodeId, PlayerId)> {
        let (a, b) = (own as usize, other as usize);
        let (fa, fb) = (table.figures[a], table.figures[b]);
        // The pieces change places: each spot keeps its node (and the fairy's serial),
        // and takes the other's owner and kind.
        table.figures[a].owner = fb.owner;
        table.figures[a].figure = fb.figure;
        table.figures[b].owner = fa.owner;
        table.figures[b].figure = fa.figure;
        events.push(Event::FollowersSwapped {
            player,
            figure: fa.figure,
            pos: table.pos_of(fa.placement),
            feature: fa.feature,
            other: fb.owner,
            other_figure: fb.figure,
            other_pos: table.pos_of(fb.placement),
            other_feature: fb.feature,
        });
        vec![(table.features.find(fa.node), fa.owner), (table.features.find(fb.node), fb.owner)]
    }
}

impl Module for Porxada {
    const HOOKS: Hooks = Hooks::of(&[Hook::At, Hook::BeforePayment]);

    /// 1C: La Porxada's tile just placed asks for its choice, the first time only.
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        _events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if point != HookPoint::AfterPlacement || self.chosen {
            return None;
        }
        let placed = table.last_placement();
        if !table.design(placed.tile).symbols.contains(&Symbol::Porxada) {
            return None;
        }
        self.chosen = true;
        Some(Pending::Porxada { player: table.current, pos: placed.pos })
    }

    /// 3B: the tile's city, completed after the bonus was chosen, gives a token to each player
    /// with a follower in it (its figures still stand on it).
    fn before_payment(&mut self, table: &mut Table, root: NodeId, events: &mut Vec<Event>) {
        let Some(placed) = self.bonus_city else { return };
        if table.features.kind(root) != FeatureKind::City {
            return;
        }
        let Some((pos, node)) = Self::city_of_tile(table, placed) else { return };
        if table.features.find(node) != root {
            return;
        }
        self.bonus_city = None;
        let mut players = PlayerSet::default();
        for f in table.figures.iter().filter(|f| f.figure.is_follower() && table.features.find(f.node) == root) {
            players.insert(f.owner);
        }
        if !players.is_empty() {
            self.holders = PlayerSet(self.holders.0 | players.0);
            events.push(Event::PorxadaTokens { pos, players });
        }
    }
}
