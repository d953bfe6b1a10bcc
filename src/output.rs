//! Helpers shared by the commands: JSON pieces that keep seat order, and stdout handling.

use std::io::{self, BufWriter, StdoutLock, Write};

use carcassonne_engine::{Color, Game, PlayerSet};
use serde::ser::{SerializeMap, SerializeSeq};
use serde::{Serialize, Serializer};

/// `{"red": 87, "blue": 75}` in seat order (a JSON object keeps the order it is written in).
pub struct SeatScores<'a> {
    pub colors: &'a [Color],
    pub scores: &'a [u32],
}

impl Serialize for SeatScores<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.colors.len()))?;
        for (color, score) in self.colors.iter().zip(self.scores) {
            map.serialize_entry(color.name(), score)?;
        }
        map.end()
    }
}

/// The colours of a set of players, in seat order, as a JSON array.
pub struct Players<'a> {
    pub game: &'a Game,
    pub set: PlayerSet,
}

impl Serialize for Players<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.set.len()))?;
        for p in self.set.iter() {
            seq.serialize_element(self.game.player(p).color.name())?;
        }
        seq.end()
    }
}

/// The colour names of a set of players, joined with `, `.
pub fn player_names(game: &Game, set: PlayerSet) -> String {
    set.iter().map(|p| game.player(p).color.name()).collect::<Vec<_>>().join(", ")
}

/// A buffered, locked stdout.
/// The line of a watchtower scored (The Watchtowers), for the play and replay logs: `who`
/// scores its points for the tower at `pos`.
pub fn watchtower_line(
    who: &str,
    pos: carcassonne_engine::Pos,
    watches: carcassonne_engine::catalog::Symbol,
    count: u16,
    points: u32,
) -> String {
    let (things, per) = watches.watchtower().unwrap_or(("", 0));
    format!("    {who} scores {points} for the watchtower at {pos}: {count} {things} around it at {per} each")
}

/// A trap by the tile at `pos` (The Vodyanoy, Solovei Razboynik): "the Vodyanoy's lake",
/// "Solovei Razboynik's tree".
pub fn trap_name(game: &carcassonne_engine::Game, pos: carcassonne_engine::Pos) -> &'static str {
    let lake = game
        .board()
        .get(pos)
        .is_some_and(|t| game.design(t.tile).symbols.contains(&carcassonne_engine::catalog::Symbol::Vodyanoy));
    if lake {
        "the Vodyanoy's lake"
    } else {
        "Solovei Razboynik's tree"
    }
}

/// The line of a follower trapped (The Vodyanoy, Solovei Razboynik).
pub fn trapped_line(
    game: &carcassonne_engine::Game,
    who: &str,
    figure: carcassonne_engine::Figure,
    from: carcassonne_engine::Pos,
    from_feature: &str,
    pos: carcassonne_engine::Pos,
) -> String {
    format!("    {who}'s {} on {from_feature} at {from} is trapped in {} at {pos}", figure.name(), trap_name(game, pos))
}

/// The line of the Vodyanoy's cost at the end of the game.
pub fn vodyanoy_line(who: &str, followers: u8, points: u32) -> String {
    let s = if followers == 1 { "" } else { "s" };
    format!("    {who} loses {points} for the Vodyanoy: {followers} follower{s} in its lake at 2 each")
}

/// The Darmstadt Churches: the church at `pos`, completed, pays `points` to `who`, the most
/// followers (`followers` each) on its tile and the eight around it.
pub fn church_line(who: &str, several: bool, pos: carcassonne_engine::Pos, followers: u8, points: u32) -> String {
    let verb = if several { "each score" } else { "scores" };
    let s = if followers == 1 { "" } else { "s" };
    format!("    {who} {verb} {points} for the church at {pos}: the most followers around it ({followers} follower{s})")
}

/// Where a crop circle's followers stand, in words: "in a city", "on a road", "in a field".
pub fn crop_place(kind: carcassonne_engine::FeatureKind) -> &'static str {
    match kind {
        carcassonne_engine::FeatureKind::Road => "on a road",
        carcassonne_engine::FeatureKind::Field => "in a field",
        _ => "in a city",
    }
}

/// The Crop Circles' choice, additions and returns, in words (play and replay).
pub fn crop_circle_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    use carcassonne_engine::Event;
    let name = |p| game.player(p).color.name();
    match *event {
        Event::CropCircleChosen { player, kind, add: true } => {
            format!(
                "{}'s crop circle: every player may add a follower beside one of theirs {}",
                name(player),
                crop_place(kind)
            )
        }
        Event::CropCircleChosen { player, kind, add: false } => {
            format!(
                "{}'s crop circle: every player takes one of their followers {} back",
                name(player),
                crop_place(kind)
            )
        }
        Event::CropFollowerAdded { player, figure, pos, .. } => {
            format!("{} adds a {} at {pos} (crop circle)", name(player), figure.name())
        }
        Event::CropFollowerRemoved { player, figure, pos, .. } => {
            format!("{} takes back their {} at {pos} (crop circle)", name(player), figure.name())
        }
        _ => String::new(),
    }
}

/// The kind of feature `feature` of the tile at `pos` in words ("road", "city").
pub fn feature_kind_at(game: &carcassonne_engine::Game, pos: carcassonne_engine::Pos, feature: u8) -> &'static str {
    game.board()
        .get(pos)
        .and_then(|t| game.design(t.tile).features.get(feature as usize))
        .map_or("feature", |f| f.kind.name())
}

/// The Flier: a flight in words (play and replay): "puts a follower on the flying machine and
/// rolls 2: it flies to (1, -2)", and where it cannot land, "... and back to the supply: nothing
/// there takes it".
pub fn flight_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    let carcassonne_engine::Event::Flew { figure, distance, to, landed, .. } = *event else {
        return String::new();
    };
    let name = figure.name();
    let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    let flight = format!("puts {article} {name} on the flying machine and rolls {distance}: it flies to {to}");
    if landed {
        flight
    } else if game.board().get(to).is_none() {
        format!("{flight}, where no tile lies, and goes back to the supply")
    } else {
        format!("{flight}, where nothing unfinished takes it, and goes back to the supply")
    }
}

/// The Tunnel: a token placed, in words (play and replay): "puts a tunnel token (pair A) on the
/// opening of road@E at (1,0)", with ", joining its road to the opening at (3,2)" for a pair's
/// second token.
pub fn tunnel_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    let carcassonne_engine::Event::TunnelPlaced { pair, pos, feature, joined, .. } = *event else {
        return String::new();
    };
    let name = game.feature_name(pos, feature).unwrap_or_else(|| format!("#{feature}"));
    let placed = format!(
        "puts a tunnel token (pair {}) on the opening of {name} at {pos}",
        carcassonne_engine::tunnel_pair_letter(pair)
    );
    match joined {
        Some(other) => format!("{placed}, joining its road to the opening at {other}"),
        None => placed,
    }
}

/// The Ferries: a ferry put on a lake or moved, in words (play and replay): "puts a ferry on the
/// lake at (2,0), joining road@W and road@E", "moves the ferry at (2,0) from road@W and road@E to
/// road@S and road@E".
pub fn ferry_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    use carcassonne_engine::Event;
    let pair = |pos, ends: [u8; 2]| {
        let name = |f: u8| game.feature_name(pos, f).unwrap_or_else(|| format!("#{f}"));
        format!("{} and {}", name(ends[0]), name(ends[1]))
    };
    match *event {
        Event::FerryPlaced { pos, ends, .. } => {
            format!("puts a ferry on the lake at {pos}, joining {}", pair(pos, ends))
        }
        Event::FerryMoved { pos, from, to, .. } => {
            format!("moves the ferry at {pos} from {} to {}", pair(pos, from), pair(pos, to))
        }
        _ => String::new(),
    }
}

/// The Messages: a scoring figure moved, a message drawn or read, a messenger joining the
/// scoring follower, in words (play and replay): "red moves their messenger 4 to 10 (a dark
/// space)", "red draws message 6 (2 points per knight)".
pub fn messages_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    use carcassonne_engine::{Event, ScoringFigures};
    let name = |p: u8| game.player(p).color.name();
    match *event {
        Event::ScoringFigureMoved { player, messenger, points, to } => format!(
            "{} moves their {} {points} to {to}{}",
            name(player),
            if messenger { "messenger" } else { "scoring follower" },
            if ScoringFigures::dark(to) { " (a dark space)" } else { "" }
        ),
        Event::MessageDrawn { player, message } => {
            format!("{} draws message {} ({})", name(player), message.number(), message.text())
        }
        Event::MessageScored { player, message, performed: true, points } => {
            format!("{} does message {} ({}): {points} points", name(player), message.number(), message.text())
        }
        Event::MessageScored { player, message, points, .. } => {
            format!("{} takes the {points} points of message {} instead", name(player), message.number())
        }
        Event::MessengerJoined { player, points } => {
            format!("{}'s messenger's {points} points join their scoring follower", name(player))
        }
        _ => String::new(),
    }
}

/// Under the Big Top: the big top moving, its token turned up, the circus, the pyramids and the
/// ringmaster, in words (play and replay): "red puts the big top up at (1,0) over a face-down
/// animal token", "the token under the big top at (1,0) is a 5", "blue scores 10 for 2
/// followers around the big top at (1,0) (5 each)", "red scores 15 for 3 acrobats at (2,1)",
/// "red scores 4 for the ringmaster at (0,1): 2 circus and acrobat tiles around him".
pub fn big_top_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    use carcassonne_engine::Event;
    let name = |p: u8| game.player(p).color.name();
    match *event {
        Event::BigTopMoved { player, from: None, to } => {
            format!("{} puts the big top up at {to} over a face-down animal token", name(player))
        }
        Event::BigTopMoved { player, from: Some(from), to } => {
            format!("{} moves the big top from {from} to {to}, over a new face-down animal token", name(player))
        }
        Event::CircusRevealed { pos, animal } => {
            format!("the animal token under the big top at {pos} is turned up: {animal} a follower")
        }
        Event::CircusScored { player, pos, followers, animal, points } => format!(
            "{} scores {points} for {followers} follower{} around the big top at {pos} ({animal} each)",
            name(player),
            if followers == 1 { "" } else { "s" }
        ),
        Event::AcrobatsScored { scorer, player, pos, acrobats, points } => format!(
            "{} scores {points} for {acrobats} acrobat{} at {pos}{}",
            name(player),
            if acrobats == 1 { "" } else { "s" },
            match scorer {
                Some(s) => format!(" (the pyramid scored by {})", name(s)),
                None => " (at the end of the game)".into(),
            }
        ),
        Event::RingmasterBonus { player, pos, tiles, points, .. } => format!(
            "{} scores {points} for the ringmaster at {pos}: {tiles} circus and acrobat tile{} around him",
            name(player),
            if tiles == 1 { "" } else { "s" }
        ),
        _ => String::new(),
    }
}

/// A bridge's line in words: "north-south" or "east-west".
pub(crate) fn bridge_words(axis: &str) -> &'static str {
    if axis == "ns" {
        "north-south"
    } else {
        "east-west"
    }
}

/// Bridges, Castles & Bazaars: a bridge, a castle built, scored or left at the end, the bazaar's
/// tiles, choices, bids and purchases, a bought tile taken, in words (play and replay): "red
/// builds a bridge north-south on the tile at (1,0)", "red turns the town at (1,0) and (1,1)
/// into a castle", "red scores 8 for the castle at (1,0): the points of the feature completed
/// beside it at (2,0)", "red's bazaar offers tile 1: base:D", "blue chooses the bazaar's tile 2
/// (base:E) and bids 3", "green bids 4", "green passes", "blue buys base:E at the bazaar for 4
/// points, paid to green" (for 0 points, paid to nobody: the last tile), "red takes base:D,
/// bought at the bazaar, instead of drawing".
pub fn bcb_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    use carcassonne_engine::Event;
    let name = |p: u8| game.player(p).color.name();
    let tile = |t| game.design(t).id.clone();
    match *event {
        Event::BridgeBuilt { player, pos, axis } => {
            format!("{} builds a bridge {} on the tile at {pos}", name(player), bridge_words(axis.name()))
        }
        Event::CastleBuilt { player, pos, other } => {
            format!("{} turns the town at {pos} and {other} into a castle instead of scoring it", name(player))
        }
        Event::CastleScored { player, pos, from, points } => format!(
            "{} scores {points} for the castle at {pos}: the points of the feature completed beside it at {from}",
            name(player)
        ),
        Event::CastleUnscored { player, pos } => {
            format!("{}'s castle at {pos} was never scored: it is worth nothing, its followers go home", name(player))
        }
        Event::BazaarTileOffered { player, index, tile: t } => {
            format!("{}'s bazaar offers tile {}: {}", name(player), index + 1, tile(t))
        }
        Event::BazaarTileChosen { player, index, tile: t, bid } => {
            format!("{} chooses the bazaar's tile {} ({}) and bids {bid}", name(player), index + 1, tile(t))
        }
        Event::BazaarBid { player, bid: Some(bid) } => format!("{} bids {bid}", name(player)),
        Event::BazaarBid { player, bid: None } => format!("{} passes", name(player)),
        Event::BazaarTileBought { player, tile: t, price, paid_to } => format!(
            "{} buys {} at the bazaar for {price} points, paid to {}",
            name(player),
            tile(t),
            paid_to.map_or("nobody", name)
        ),
        Event::BoughtTileTaken { player, tile: t } => {
            format!("{} takes {}, bought at the bazaar, instead of drawing", name(player), tile(t))
        }
        _ => String::new(),
    }
}

/// The Catapult: the round, a flick, a seduction, a catch, the points, in words (play and
/// replay): "red holds a catapult round: knock-out tokens", "blue flicks at (1,0): the token
/// lands at (2,0)" (or "off the map at (3,1)"), "red's follower takes the place of blue's
/// follower on city@N at (1,0)", "red flicks to blue, who catches it" (or "who misses it"),
/// "blue scores 5 in the catapult round (catch)".
pub fn catapult_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    use carcassonne_engine::Event;
    let name = |p: u8| game.player(p).color.name();
    match *event {
        Event::CatapultRound { player, token } => {
            format!("{} holds a catapult round: {} tokens", name(player), token.name())
        }
        Event::Flicked { player, aim, landed, on_tile, .. } => {
            let where_ = if on_tile { "lands" } else { "comes down off the map" };
            format!("{} flicks at {aim}: the token {where_} at {landed}", name(player))
        }
        Event::KnockedOutOfQuarter { owner, figure, quarter } => format!(
            "{}'s {} is knocked out of the {} quarter of Carcassonne and goes home",
            name(owner),
            figure.name(),
            quarter.name()
        ),
        Event::SeducedInQuarter { player, figure, owner, replaced, quarter } => format!(
            "{}'s {} takes the place of {}'s {} in the {} quarter of Carcassonne, which goes home",
            name(player),
            figure.name(),
            name(owner),
            replaced.name(),
            quarter.name()
        ),
        Event::Seduced { player, figure, owner, replaced, pos, feature } => format!(
            "{}'s {} takes the place of {}'s {} on {} at {pos}, which goes home",
            name(player),
            figure.name(),
            name(owner),
            replaced.name(),
            crate::replay::feature_name(game, pos, feature)
        ),
        Event::CatchThrown { player, catcher, caught } => format!(
            "{} flicks to {}, who {} it",
            name(player),
            name(catcher),
            if caught { "catches" } else { "misses" }
        ),
        Event::CatapultScored { player, token, points } => {
            format!("{} scores {points} in the catapult round ({})", name(player), token.name())
        }
        _ => String::new(),
    }
}

/// Hills & Sheep: a tile under a hill, a token drawn, a wolf, a flock driven to the stable, in
/// words (play and replay): "red's hill at (1,0) takes the next tile face down beneath it", "red's shepherd at (1,0) draws
/// 3 sheep", "blue's shepherd at (2,1) draws the wolf: the flock is lost, and the shepherd of
/// blue goes home", "red, blue each score 7 for the flock at (2,1), driven to the stable (7
/// sheep)".
pub fn hills_sheep_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    use carcassonne_engine::Event;
    let name = |p: u8| game.player(p).color.name();
    match *event {
        Event::TileUnderHill { player, pos } => {
            format!("{}'s hill at {pos} takes the next tile face down beneath it", name(player))
        }
        Event::SheepDrawn { player, pos, sheep, .. } => format!(
            "{}'s shepherd at {pos} draws {sheep} sheep (a flock of {} now)",
            name(player),
            game.flock(player).iter().map(|&n| u32::from(n)).sum::<u32>()
        ),
        Event::WolfDrawn { player, pos, shepherds, .. } => format!(
            "{}'s shepherd at {pos} draws the wolf: the flock is lost, and the shepherd{} of {} go{} home",
            name(player),
            if shepherds.len() > 1 { "s" } else { "" },
            player_names(game, shepherds),
            if shepherds.len() > 1 { "" } else { "es" }
        ),
        Event::FlockHerded { players, pos, sheep, closed, .. } => format!(
            "{} {} {sheep} for the flock at {pos}, driven to the stable{} ({sheep} sheep)",
            player_names(game, players),
            if players.len() > 1 { "each score" } else { "scores" },
            if closed { " as its field closed" } else { "" },
        ),
        _ => String::new(),
    }
}

/// The Plague: an outbreak, a flea, a figure struck or fled, in words (play and replay):
/// "outbreak 1 breaks out at (2,0)", "red spreads the plague to (1,0)", "the flea sends blue's
/// follower on road@W at (1,0) home", "red's follower flees from (1,0) to city@N at (1,-1)".
pub fn plague_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    use carcassonne_engine::Event;
    let name = |p: u8| game.player(p).color.name();
    let feature = |pos, f: u8| game.feature_name(pos, f).unwrap_or_else(|| format!("#{f}"));
    match *event {
        Event::OutbreakStarted { pos, number, .. } => {
            format!("outbreak {number} breaks out on the plague source at {pos}")
        }
        Event::OutbreakEradicated { pos, number } => {
            format!("no flea is left: outbreak {number} at {pos} dies out (its fleas cut off turn pink)")
        }
        Event::FleaPlaced { player, from: Some(from), pos } => {
            format!("{} spreads the plague: the flea at {from} moves to {pos}", name(player))
        }
        Event::FleaPlaced { player, pos, .. } => format!("{} spreads the plague: a flea on {pos}", name(player)),
        Event::PlagueStruck { player, figure, pos, feature: f } => {
            format!("the flea sends {}'s {} on {} at {pos} home", name(player), figure.name(), feature(pos, f))
        }
        Event::Fled { player, figure, from, pos, feature: f, .. } => {
            format!("{}'s {} flees the plague from {from} to {} at {pos}", name(player), figure.name(), feature(pos, f))
        }
        _ => String::new(),
    }
}

/// Mage & Witch: a move or a removal of the mage or the witch, in words (play and replay):
/// "red moves the witch onto the road at (1, 2)", "the mage leaves the board: the city at (0, 1)
/// was scored".
pub fn magic_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    use carcassonne_engine::Event;
    match *event {
        Event::MagicMoved { player, figure, from, pos, feature } => format!(
            "{} {} the {} onto the {} at {pos}",
            game.player(player).color.name(),
            if from.is_some() { "moves" } else { "brings" },
            figure.name(),
            feature_kind_at(game, pos, feature)
        ),
        Event::MagicRemoved { figure, pos, feature, scored: true } => format!(
            "the {} leaves the board: the {} at {pos} was scored",
            figure.name(),
            feature_kind_at(game, pos, feature)
        ),
        Event::MagicRemoved { figure, .. } => {
            format!("the {} leaves the board: no unfinished road or city is left for it", figure.name())
        }
        _ => String::new(),
    }
}

/// La Porxada's swap, refusal or tokens, in words (play and replay).
pub fn porxada_line(game: &carcassonne_engine::Game, event: &carcassonne_engine::Event) -> String {
    use carcassonne_engine::Event;
    let name = |p| game.player(p).color.name();
    match *event {
        Event::FollowersSwapped { player, figure, pos, other, other_figure, other_pos, .. } => format!(
            "{}'s {} at {pos} and {}'s {} at {other_pos} change places (La Porxada)",
            name(player),
            figure.name(),
            name(other),
            other_figure.name()
        ),
        Event::SwapRefused { player, by, figure, pos, .. } => format!(
            "{} refuses {}'s swap: their {} at {pos} leaves the game (La Porxada)",
            name(player),
            name(by),
            figure.name()
        ),
        Event::PorxadaTokens { pos, players } => format!(
            "{} {} a La Porxada token: the city at {pos} was completed with their followers in it",
            player_names(game, players),
            if players.len() > 1 { "each take" } else { "takes" }
        ),
        _ => String::new(),
    }
}

pub fn stdout() -> BufWriter<StdoutLock<'static>> {
    BufWriter::with_capacity(64 * 1024, io::stdout().lock())
}

/// Writes one value as a JSON line.
pub fn write_json_line(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")
}

/// Writes one value as pretty JSON followed by a newline.
pub fn write_json_pretty(out: &mut impl Write, value: &impl Serialize) -> io::Result<()> {
    serde_json::to_writer_pretty(&mut *out, value)?;
    out.write_all(b"\n")
}

/// True when the error is a closed stdout (e.g. `carcassonne simulate --json | head`): the
/// reader has what it wanted, so this is no failure.
pub fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        cause.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe)
            || cause
                .downcast_ref::<serde_json::Error>()
                .is_some_and(|j| j.io_error_kind() == Some(io::ErrorKind::BrokenPipe))
    })
}
