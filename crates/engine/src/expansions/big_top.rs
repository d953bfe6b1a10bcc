//! Under the Big Top (Hans im Glück 2017, printed in the second edition only; the Wikicarpedia
//! page "Under the Big Top", with papageek's rules summary and JCloisterZone as second opinions;
//! the Assembled Game Reference's preparation, steps 1A, 1C, 2B-1, 3B, 3C and the final
//! scoring): twenty tiles, twelve with a circus space and eight with an acrobat space, sixteen
//! animal tokens, the big top and a ringmaster per player.
//!
//! - **The big top.** The first circus tile placed gets a face-down animal token with the big
//!   top on it (step 1C). Each later circus tile moves it (step 3C, after the features the tile
//!   completed were scored and their followers went home): the token under the big top is
//!   turned up, and every player scores its value for each of their followers on the big top's
//!   tile and the eight around it; the token leaves the game and the big top goes up on the new
//!   tile, over a new face-down token. Before the final scoring the last token is turned up and
//!   scored the same way, and the big top removed ("Prepare for final scoring").
//! - **Who counts for the circus.** "Each meeple": every follower counts once (the big follower
//!   too, the ringmaster, the acrobats, the farmers, the abbot, the wagon, the mayor, the
//!   phantom); the builder, the pig, the barn and the shepherd, which are no meeples of that
//!   kind, do not (papageek's note: "builders, pigs, and barns do not score points").
//! - **Acrobats.** Instead of deploying, a player may put a normal follower from supply on the
//!   acrobat space of the tile just placed or of one of the eight around it, as long as its
//!   pyramid holds fewer than three (players' colours may mix); or score a full pyramid there:
//!   5 points an acrobat to its owner, and the acrobats go home. A pyramid made full this turn
//!   is scored in a later turn (one action a turn; the reference: "finished in a previous
//!   turn"). At the end every acrobat still standing scores 5 points, full pyramid or not.
//! - **The ringmaster.** A follower with one vote, deployed as a normal follower (never as an
//!   acrobat). When the feature he stands on is scored, during the game or at the end, his owner
//!   earns 2 points for each circus tile and each acrobat tile on the ringmaster's own tile and
//!   the eight around it, whether they hold the feature's majority or not (the reference's step
//!   3B: "no majority is considered").
//!
//! Our readings (docs/rules.md, "Under the Big Top"): the full pyramid scored by the action is,
//! like the acrobat placed, one on the tile just placed or around it (the reference puts both
//! under "if the tile was placed adjacent to an acrobat tile"; JCloisterZone lets any full
//! pyramid be scored); the animal token is drawn from the stack when the big top goes up, at
//! random from the game's seed, and nobody sees it until it is turned up; two circus tiles
//! placed before one scoring (a builder's double turn under the original boxes' timing) move
//! the big top twice, in order.

use crate::actions::Action;
use crate::catalog::{LocalFeature, Symbol};
use crate::errors::RuleError;
use crate::events::Event;
use crate::features::NodeId;
use crate::geometry::Pos;
use crate::players::{Figure, PlayerId};
use crate::table::Table;

use super::hooks::{Hook, HookPoint, Hooks, Leaving, Module};

/// The animal tokens: their values and how many of each the box holds (the Wikicarpedia page,
/// "Contents": 1 elephant (7), 2 tigers (6), 3 bears (5), 5 seals (4), 4 monkeys (3), 1 flea
/// (1); no token is worth 2).
pub const ANIMAL_TOKENS: [(u8, u8); 6] = [(1, 1), (3, 4), (4, 5), (5, 3), (6, 2), (7, 1)];

/// Points an acrobat scores, with its pyramid or at the end.
pub const ACROBAT_POINTS: u32 = 5;

/// Followers in a full pyramid: two below, one on top.
pub const PYRAMID_SIZE: usize = 3;

/// Points the ringmaster earns for each circus and acrobat tile around him.
pub const RINGMASTER_POINTS: u32 = 2;

/// The index of a token value in [`ANIMAL_TOKENS`].
fn token_index(value: u8) -> Option<usize> {
    ANIMAL_TOKENS.iter().position(|&(v, _)| v == value)
}

/// Whether the tile at `pos` is a circus tile.
pub(crate) fn is_circus(table: &Table, pos: Pos) -> bool {
    table.board.get(pos).is_some_and(|p| table.design(p.tile).symbols.contains(&Symbol::Circus))
}

/// The acrobat space of the tile at `pos`, if it has one: its feature index and its root.
pub(crate) fn acrobat_space(table: &Table, pos: Pos) -> Option<(LocalFeature, NodeId)> {
    let placed = table.board.get(pos)?;
    let local = table.design(placed.tile).acrobats?;
    Some((local, table.features.find(placed.first_node + NodeId::from(local))))
}

/// The circus and acrobat tiles on the tile at `pos` and the eight around it.
pub(crate) fn show_tiles_around(table: &Table, pos: Pos) -> u8 {
    std::iter::once(pos)
        .chain(pos.ring())
        .filter(|&at| is_circus(table, at) || acrobat_space(table, at).is_some())
        .count() as u8
}

#[derive(Clone, Debug)]
pub(crate) struct BigTop {
    /// The face-down tokens left in the stack, by [`ANIMAL_TOKENS`] index.
    stack: [u8; 6],
    /// The big top's tile and the value of the token face down under it.
    tent: Option<(Pos, u8)>,
    /// Circus tiles placed since the last step 3C, where the big top goes next, in order.
    moves: Vec<Pos>,
    /// How many tokens were drawn in the game (each draw's randomness depends on it).
    draws: u32,
    /// The next tokens drawn, set by a scenario (`Game::arrange_animals`).
    arranged: Vec<u8>,
    /// Mixed into each draw's seed: 0 in the real game, another value in a search bot's
    /// sampled world.
    salt: u64,
}

impl Default for BigTop {
    fn default() -> BigTop {
        BigTop { stack: ANIMAL_TOKENS.map(|(_, n)| n), tent: None, moves: vec![], draws: 0, arranged: vec![], salt: 0 }
    }
}

impl BigTop {
    /// The big top's tile, if it stands on the board.
    pub(crate) fn tent(&self) -> Option<Pos> {
        self.tent.map(|(pos, _)| pos)
    }

    /// The tokens face down in the stack, by value ([`ANIMAL_TOKENS`]' order).
    pub(crate) fn stack(&self) -> [(u8, u8); 6] {
        let mut left = ANIMAL_TOKENS;
        for (entry, &n) in left.iter_mut().zip(&self.stack) {
            entry.1 = n;
        }
        left
    }

    /// The tokens nobody has seen: the stack and the one under the big top, by value.
    pub(crate) fn unseen(&self) -> [(u8, u8); 6] {
        let mut unseen = self.stack();
        if let Some(i) = self.tent.and_then(|(_, v)| token_index(v)) {
            unseen[i].1 += 1;
        }
        unseen
    }

    /// Sets the next tokens drawn (a scenario), by value; refused unless the stack holds them.
    pub(crate) fn arrange(&mut self, order: &[u8]) -> Result<(), String> {
        let mut needed = [0u8; 6];
        for &v in order {
            let i = token_index(v).ok_or_else(|| format!("no animal token is worth {v} (1, 3, 4, 5, 6 or 7)"))?;
            needed[i] += 1;
        }
        if needed.iter().zip(self.stack).any(|(&n, have)| n > have) {
            return Err(format!("the stack holds {:?} (value, count), fewer than {order:?}", self.stack()));
        }
        self.arranged = order.to_vec();
        Ok(())
    }

    /// A sampled world: `salt` changes every draw to come, and the token under the big top,
    /// which nobody has seen, goes back into the stack and is drawn again.
    pub(crate) fn reseed(&mut self, table: &Table, salt: u64) {
        self.salt = salt;
        self.arranged.clear();
        if let Some((pos, value)) = self.tent {
            if let Some(i) = token_index(value) {
                self.stack[i] += 1;
            }
            let value = self.draw(table);
            self.tent = Some((pos, value));
        }
    }

    /// Draws a token from the stack: the next arranged one, else one at random from the game's
    /// seed and the number of draws so far. With the stack empty (only with more circus tiles
    /// than tokens, which one box never has), the tokens seen go back into it first.
    fn draw(&mut self, table: &Table) -> u8 {
        if self.stack.iter().all(|&n| n == 0) {
            self.stack = ANIMAL_TOKENS.map(|(_, n)| n);
        }
        self.draws += 1;
        let arranged = self.arranged.first().and_then(|&v| token_index(v)).filter(|&i| self.stack[i] > 0);
        let index = match arranged {
            Some(i) => {
                self.arranged.remove(0);
                i
            }
            None => {
                let seed =
                    table.deck_seed.unwrap_or(0) ^ self.salt ^ 0x6269_675f_746f_7073 ^ (u64::from(self.draws) << 24);
                let mut rng = crate::random::rng_from_seed(seed);
                crate::random::pick_by_counts(&self.stack, &mut rng)
            }
        };
        self.stack[index] -= 1;
        ANIMAL_TOKENS[index].0
    }

    /// Turns up the token under the big top and pays every player its value per follower around
    /// it; the token leaves the game.
    fn score_circus(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        let Some((pos, animal)) = self.tent else { return };
        events.push(Event::CircusRevealed { pos, animal });
        for (player, &followers) in table.followers_around(pos).iter().enumerate() {
            if followers == 0 || player >= table.players.len() {
                continue;
            }
            let points = u32::from(animal) * u32::from(followers);
            table.players[player].score += points;
            events.push(Event::CircusScored { player: player as PlayerId, pos, followers, animal, points });
        }
    }

    /// Step 3C: for each circus tile placed since the last one, the circus is scored and the
    /// big top moves there.
    fn move_to_new_circuses(&mut self, table: &mut Table, events: &mut Vec<Event>) {
        for to in std::mem::take(&mut self.moves) {
            self.score_circus(table, events);
            self.raise(table, to, events);
        }
    }

    /// Puts the big top up on the circus tile at `to` over a new face-down token.
    fn raise(&mut self, table: &Table, to: Pos, events: &mut Vec<Event>) {
        let from = self.tent();
        let value = self.draw(table);
        self.tent = Some((to, value));
        events.push(Event::BigTopMoved { player: table.current, from, to });
    }

    /// The acrobat actions `player` may take instead of deploying: a follower onto each acrobat
    /// space on or around the tile just placed whose pyramid is not full, the scoring of each
    /// full one (never on the dragon's tile, where no figure goes).
    pub(crate) fn each_action(
        &self,
        table: &Table,
        player: PlayerId,
        dragon: Option<Pos>,
        visit: &mut impl FnMut(Action) -> bool,
    ) -> bool {
        let placed = table.last_placement().pos;
        let has_follower = table.players[player as usize].followers > 0;
        for pos in std::iter::once(placed).chain(placed.ring()) {
            let Some((_, root)) = acrobat_space(table, pos) else { continue };
            let acrobats = table.features.figure_count(root) as usize;
            let action = if acrobats >= PYRAMID_SIZE {
                Action::ScorePyramid { pos }
            } else if has_follower && dragon != Some(pos) {
                Action::Acrobat { pos }
            } else {
                continue;
            };
            if visit(action) {
                return true;
            }
        }
        false
    }

    /// Checks an acrobat action of `player`'s figure phase.
    pub(crate) fn check(
        &self,
        table: &Table,
        player: PlayerId,
        action: Action,
        dragon: Option<Pos>,
    ) -> Result<(), RuleError> {
        let (Action::Acrobat { pos } | Action::ScorePyramid { pos }) = action else {
            unreachable!("only the acrobat actions come here")
        };
        let (_, root) = acrobat_space(table, pos).ok_or(RuleError::NoAcrobatSpace(pos))?;
        let placed = table.last_placement().pos;
        if (pos.x - placed.x).abs() > 1 || (pos.y - placed.y).abs() > 1 {
            return Err(RuleError::AcrobatsNotNear(pos));
        }
        let acrobats = table.features.figure_count(root) as usize;
        match action {
            Action::Acrobat { .. } if acrobats >= PYRAMID_SIZE => Err(RuleError::PyramidFull(pos)),
            Action::Acrobat { .. } if table.players[player as usize].followers == 0 => {
                Err(RuleError::NoFollowerForAcrobats)
            }
            Action::Acrobat { .. } if dragon == Some(pos) => Err(RuleError::DragonTile(pos)),
            Action::ScorePyramid { .. } if acrobats < PYRAMID_SIZE => Err(RuleError::PyramidNotFull(pos, acrobats)),
            _ => Ok(()),
        }
    }

    /// Puts `player`'s follower on the acrobat space at `pos` (checked).
    pub(crate) fn place_acrobat(&self, table: &mut Table, player: PlayerId, pos: Pos, events: &mut Vec<Event>) {
        let (feature, _) = acrobat_space(table, pos).expect("checked: an acrobat space");
        let placement = table.board.index_at(pos).expect("checked: a tile");
        table.deploy(player, Figure::Follower, placement, feature);
        events.push(Event::FigureDeployed { player, figure: Figure::Follower, pos, feature });
    }

    /// Pays the pyramid on acrobat space `root`: 5 points an acrobat to its owner (`scorer`
    /// took the action; none at the end). Its acrobats go home after the modules' word on it
    /// (the fairy), in `Modules::score_pyramid`.
    pub(crate) fn pay_pyramid(table: &mut Table, root: NodeId, scorer: Option<PlayerId>, events: &mut Vec<Event>) {
        let (pos, _) = table.locate(root);
        // Acrobats are normal followers: one each.
        for (player, &n) in table.strengths(root).iter().enumerate().filter(|(_, &n)| n > 0) {
            let points = ACROBAT_POINTS * u32::from(n);
            table.players[player].score += points;
            events.push(Event::AcrobatsScored { scorer, player: player as PlayerId, pos, acrobats: n, points });
        }
    }
}

impl Module for BigTop {
    const HOOKS: Hooks = Hooks::of(&[Hook::Supply, Hook::TilePlaced, Hook::At, Hook::FeatureScored]);

    /// "Players add the ringmaster in their colour to their supply" (the Wikicarpedia page,
    /// "Preparation").
    fn supply(&self, figure: Figure) -> u8 {
        (figure == Figure::Ringmaster) as u8
    }

    /// 1C: the first circus tile gets the big top at once; a later one moves it at 3C.
    fn tile_placed(&mut self, table: &mut Table, _player: PlayerId, events: &mut Vec<Event>) {
        let pos = table.last_placement().pos;
        if !is_circus(table, pos) {
            return;
        }
        if self.tent.is_none() && self.moves.is_empty() {
            self.raise(table, pos, events);
        } else {
            self.moves.push(pos);
        }
    }

    /// 3C: the circus is scored and the big top moves to each new circus tile; before the final
    /// scoring, the last circus is scored and the big top removed.
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<Pos>,
        events: &mut Vec<Event>,
    ) -> Option<crate::actions::Pending> {
        match point {
            HookPoint::AfterScoring => self.move_to_new_circuses(table, events),
            HookPoint::BeforeFinalScoring => {
                // Circus tiles of a game ended before their step 3C still move it first.
                self.move_to_new_circuses(table, events);
                self.score_circus(table, events);
                self.tent = None;
            }
            _ => {}
        }
        None
    }

    /// The ringmaster's bonus when his feature is scored: 2 points for each circus and acrobat
    /// tile on his tile and around it, majority or not.
    fn feature_scored(&mut self, table: &mut Table, root: NodeId, leaving: Leaving, events: &mut Vec<Event>) {
        let mut i = 0;
        while i < table.figures.len() {
            let f = table.figures[i];
            i += 1;
            if f.figure != Figure::Ringmaster || !leaving.includes(&f) || table.features.find(f.node) != root {
                continue;
            }
            let pos = table.pos_of(f.placement);
            let tiles = show_tiles_around(table, pos);
            if tiles == 0 {
                continue;
            }
            let points = RINGMASTER_POINTS * u32::from(tiles);
            table.players[f.owner as usize].score += points;
            events.push(Event::RingmasterBonus { player: f.owner, pos, feature: f.feature, tiles, points });
        }
    }
}
