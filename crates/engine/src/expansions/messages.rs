//! The Messages (Mini #2, Hans im Glück 2012, "Die Botschaften"; second edition in Big Box 6,
//! 2017, as "The Messengers"; the Wikicarpedia pages "The Messages (1st edition)", "The
//! Messages" and its French translation with the FAQ of 1/2021; the Assembled Game Reference's
//! preparation ("Place messengers on space 0 of scoring board"), its note on the Messages at the
//! head of the order of play, the steps it marks MESSAGES, and the final scoring's "Add messenger
//! points to scoring follower"): a messenger (a second scoring figure) per player and eight
//! message tiles.
//!
//! - **Two scoring figures.** Each player's score is carried by two figures on the scoring
//!   track: the usual scoring follower and the messenger, both starting on space 0. A player who
//!   scores moves one of them, of their choice, by all the points of that scoring round
//!   ([`Pending::ScoringFigure`], [`Action::MoveScoringFigure`]; the FAQ of 1/2021: one figure
//!   for the whole of the points scored).
//! - **Messages.** If, at the end of a scoring round of their own turn, the figure the player
//!   whose turn it is just moved stands on a dark space (0, 5, 10, ...), they draw the top
//!   message tile ([`Pending::Message`]) and either do what it says or take 2 points
//!   ([`Action::ReadMessage`], [`Action::MessageFollower`]); the tile goes under the stack. One
//!   message per round; points a message brings are a round of their own, which may bring
//!   another message.
//! - **The eight messages** ([`MessageTile`]): score your smallest road, city or monastery (a
//!   feature with at least one of your followers, the one worth least as in the final scoring;
//!   it stays unscored and your followers stay); place an extra tile (a turn's steps 1B to 4A
//!   once more, after this turn); 2 points per pennant in the cities where you have a knight;
//!   2 points per knight; 3 points per farmer; score one of your followers as in the final
//!   scoring and take it home.
//! - **The end.** Before the final scoring each messenger's points join its player's scoring
//!   follower (the score does not change); no message is drawn any more.
//!
//! A player's score ([`crate::players::PlayerState::score`]) stays the sum of their two
//! figures; the module keeps what the messenger carries. Our readings (docs/rules.md, "The
//! Messages"): a scoring round ends at each point the reference marks MESSAGES that the engine
//! has (after the tile's placement, 1C; after the figure phase, 2C; after the features are
//! scored, 3C; after the tile's actions, 4A), and every player who scored since the last one
//! moves one figure by all their points, the player whose turn it is first, then clockwise; a
//! loss of points (a ransom, "Rebuilding") comes off the scoring follower, the rest off the
//! messenger; the extra tile of message 4 is played once the turn's steps are over.

use crate::actions::Pending;
use crate::catalog::FeatureKind;
use crate::events::Event;
use crate::features::NodeId;
use crate::players::{MessageTile, PlayerId, MAX_PLAYERS};
use crate::random::GameRng;
use crate::table::Table;

use super::hooks::{DeckPlan, Hook, HookPoint, Hooks, Module};

/// The points a message is worth instead of its action (the seal on the tile).
pub const SEAL_POINTS: u32 = 2;
/// Points per pennant (message 5), per knight (message 6) and per farmer (message 7).
pub const PENNANT_POINTS: u32 = 2;
pub const KNIGHT_POINTS: u32 = 2;
pub const FARMER_POINTS: u32 = 3;
/// The spaces of the scoring track; every fifth one (0, 5, 10, ...) is dark.
pub const TRACK_SPACES: u32 = 50;
pub const DARK_EVERY: u32 = 5;

/// The feature kind whose smallest feature messages 1 to 3 score.
pub(super) fn smallest_of(message: MessageTile) -> Option<FeatureKind> {
    match message {
        MessageTile::SmallestRoad => Some(FeatureKind::Road),
        MessageTile::SmallestCity => Some(FeatureKind::City),
        MessageTile::SmallestMonastery => Some(FeatureKind::Cloister),
        _ => None,
    }
}

/// Where a player's two scoring figures stand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ScoringFigures {
    /// The points the scoring follower carries.
    pub follower: u32,
    /// The points the messenger carries.
    pub messenger: u32,
}

impl ScoringFigures {
    /// Whether a figure carrying `points` stands on a dark space of the track.
    pub fn dark(points: u32) -> bool {
        points.is_multiple_of(DARK_EVERY)
    }

    /// The space of the track (0 to 49) where a figure carrying `points` stands.
    pub fn space(points: u32) -> u32 {
        points % TRACK_SPACES
    }
}

#[derive(Clone, Debug)]
pub(crate) struct Messages {
    pub(super) figures: [ScoringFigures; MAX_PLAYERS],
    /// The message tiles face down, the top first.
    pub(super) stack: Vec<MessageTile>,
    /// A message is owed to the player whose turn it is (their figure moved onto a dark space
    /// at the end of a scoring round).
    pub(super) owed: bool,
    /// Extra tiles (message 4) still to be played this turn.
    pub(super) extra_tiles: u8,
    /// The messengers joined the scoring followers (the final scoring began).
    joined: bool,
}

impl Default for Messages {
    fn default() -> Messages {
        Messages {
            figures: [ScoringFigures::default(); MAX_PLAYERS],
            stack: MessageTile::ALL.to_vec(),
            owed: false,
            extra_tiles: 0,
            joined: false,
        }
    }
}

impl Messages {
    /// Where each player's two scoring figures stand.
    pub(crate) fn figures(&self) -> &[ScoringFigures; MAX_PLAYERS] {
        &self.figures
    }

    /// The message tiles face down (their order is hidden; their number is public).
    pub(crate) fn stack_len(&self) -> usize {
        self.stack.len()
    }

    /// Lays the tiles face down in `order` (before any is drawn; each of the eight once).
    pub(crate) fn arrange(&mut self, order: &[MessageTile]) -> Result<(), crate::errors::SetupError> {
        let mut sorted = order.to_vec();
        sorted.sort_by_key(|m| m.number());
        if self.stack.len() != MessageTile::ALL.len() || sorted != MessageTile::ALL {
            let numbers: Vec<String> = order.iter().map(|m| m.number().to_string()).collect();
            return Err(crate::errors::SetupError::MessageOrder(numbers.join(",")));
        }
        self.stack = order.to_vec();
        Ok(())
    }

    /// Lays the face-down tiles in a new order (a sampled world: their order is hidden).
    pub(crate) fn shuffle(&mut self, rng: &mut impl rand_core::RngCore) {
        crate::random::shuffle(&mut self.stack, rng);
    }

    /// The variant `messages-zmg`: whether another player's scoring figure stands on the space
    /// of a figure of `player` carrying `points` (never without the variant).
    pub(super) fn shared_space(&self, table: &Table, player: PlayerId, points: u32) -> bool {
        let space = ScoringFigures::space(points);
        table.rules.variants.messages_zmg
            && (0..table.players.len() as PlayerId).filter(|&p| p != player).any(|p| {
                let f = self.figures[p as usize];
                ScoringFigures::space(f.follower) == space || ScoringFigures::space(f.messenger) == space
            })
    }

    /// Message 4: an extra tile waiting to be played (steps 1B to 4A once more), taken now.
    /// The dispatch asks once no other module gives a turn at this end of turn (a builder's
    /// second tile comes first, the message's tile after it).
    pub(crate) fn take_extra_tile(&mut self) -> bool {
        if self.extra_tiles > 0 {
            self.extra_tiles -= 1;
            return true;
        }
        false
    }

    /// The messengers joined the scoring followers (the final scoring began).
    pub(crate) fn joined(&self) -> bool {
        self.joined
    }

    /// The points `player` scored since their figures last moved (negative: lost).
    fn unmoved(&self, table: &Table, player: PlayerId) -> i64 {
        let f = self.figures[player as usize];
        i64::from(table.players[player as usize].score) - i64::from(f.follower) - i64::from(f.messenger)
    }

    /// The next decision of a scoring round: a player who scored moves a figure (the player
    /// whose turn it is first, then clockwise), then the message owed is drawn. Losses come
    /// off the figures at once (the scoring follower first).
    pub(super) fn next_decision(&mut self, table: &Table, events: &mut Vec<Event>) -> Option<Pending> {
        if self.joined {
            return None;
        }
        let n = table.players.len() as PlayerId;
        for k in 0..n {
            let player = (table.current + k) % n;
            let unmoved = self.unmoved(table, player);
            if unmoved > 0 {
                return Some(Pending::ScoringFigure { player, points: unmoved as u32 });
            }
            if unmoved < 0 {
                let loss = unmoved.unsigned_abs() as u32;
                let f = &mut self.figures[player as usize];
                let from_follower = loss.min(f.follower);
                f.follower -= from_follower;
                f.messenger -= loss - from_follower;
            }
        }
        if self.owed {
            self.owed = false;
            let message = self.stack.remove(0);
            let player = table.current;
            events.push(Event::MessageDrawn { player, message });
            return Some(Pending::Message { player, message });
        }
        None
    }

    /// Followers of `player` on features of `kind`, each feature once.
    pub(super) fn features_with_follower(table: &Table, player: PlayerId, kind: FeatureKind) -> Vec<NodeId> {
        let mut roots: Vec<NodeId> = table
            .figures
            .iter()
            .filter(|f| f.owner == player && f.figure.is_follower())
            .map(|f| table.features.find(f.node))
            .filter(|&root| table.features.kind(root) == kind)
            .collect();
        roots.sort_unstable();
        roots.dedup();
        roots
    }

    /// How many of `player`'s followers stand on features of `kind`.
    pub(super) fn followers_on(table: &Table, player: PlayerId, kind: FeatureKind) -> u32 {
        table
            .figures
            .iter()
            .filter(|f| f.owner == player && f.figure.is_follower() && table.features.kind(f.node) == kind)
            .count() as u32
    }

    /// The kinds of feature whose follower message 8 scores (a tower's guard, a miner, a
    /// prior, Baba Yaga and a trapped follower are not scored by it).
    fn scorable_by_message(kind: FeatureKind) -> bool {
        matches!(
            kind,
            FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister | FeatureKind::Garden | FeatureKind::Field
        )
    }

    /// Whether `figure` (an index into the table's figures) is one `player` may score with
    /// message 8.
    pub(super) fn follower_scorable(table: &Table, player: PlayerId, figure: usize) -> bool {
        table.figures.get(figure).is_some_and(|f| {
            f.owner == player && f.figure.is_follower() && Self::scorable_by_message(table.features.kind(f.node))
        })
    }
}

impl Module for Messages {
    const HOOKS: Hooks = Hooks::of(&[Hook::ArrangeDeck, Hook::At]);

    /// Preparation: the message tiles are shuffled (in their printed order where the tiles
    /// are not shuffled either).
    fn arrange_deck(&mut self, _catalog: &crate::catalog::Catalog, _plan: &mut DeckPlan, rng: Option<&mut GameRng>) {
        if let Some(rng) = rng {
            crate::random::shuffle(&mut self.stack, rng);
        }
    }

    /// The end of a scoring round (1C, 2C, 3C, 4A): the players who scored move a figure,
    /// then the message owed is read. Before the final scoring the messengers join the
    /// scoring followers.
    fn at(
        &mut self,
        point: HookPoint,
        table: &mut Table,
        _dragon: Option<crate::geometry::Pos>,
        events: &mut Vec<Event>,
    ) -> Option<Pending> {
        if point == HookPoint::BeforeFinalScoring {
            if !self.joined {
                self.joined = true;
                for player in 0..table.players.len() as PlayerId {
                    let f = &mut self.figures[player as usize];
                    if f.messenger > 0 {
                        events.push(Event::MessengerJoined { player, points: f.messenger });
                    }
                    *f = ScoringFigures::default();
                }
            }
            return None;
        }
        self.next_decision(table, events)
    }
}
