//! `carcassonne legal`: the decision a record leaves pending and its legal actions, in record
//! form (one JSON line each) or in words. Kept apart from `replay.rs`, whose replay it reuses.

use std::io::Write;
use std::path::Path;

use carcassonne_engine::record::encode_action;
use carcassonne_engine::{Pending, RecordAction};
use serde::Serialize;

use crate::output;
use crate::replay::replay_file;

#[derive(Serialize)]
struct LegalJson {
    pending: PendingJson,
    actions: Vec<RecordAction>,
}

#[derive(Serialize)]
struct PendingJson {
    kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<&'static str>,
    /// The tile to place, or the tile just placed (deploy).
    #[serde(skip_serializing_if = "Option::is_none")]
    tile: Option<String>,
    /// Where the tile just placed stands (deploy).
    #[serde(skip_serializing_if = "Option::is_none")]
    x: Option<i16>,
    #[serde(skip_serializing_if = "Option::is_none")]
    y: Option<i16>,
}

pub fn run_legal(path: &Path, json: bool) -> anyhow::Result<()> {
    let (_, replay) = replay_file(path)?;
    let game = &replay.game;
    let actions: Vec<RecordAction> = game.legal_actions().into_iter().map(|a| encode_action(game, a)).collect();
    let name = |player| game.player(player).color.name();
    let id = |tile| game.design(tile).id.clone();
    // kind, the deciding player, the tile concerned, the place concerned.
    let (kind, player, tile, at) = match game.pending() {
        Pending::PlaceTile { player, tile } => ("place", Some(player), Some(id(tile)), None),
        Pending::Deploy { player, pos } => {
            ("deploy", Some(player), game.board().get(pos).map(|t| id(t.tile)), Some(pos))
        }
        Pending::Escape { player } => ("escape", Some(player), None, None),
        Pending::MoveDragon { player } => ("move-dragon", Some(player), None, game.dragon()),
        Pending::Capture { player, pos } => ("capture", Some(player), None, Some(pos)),
        Pending::Exchange { player, .. } => ("exchange", Some(player), None, None),
        Pending::Abbey { player } => ("abbey", Some(player), None, None),
        Pending::MoveWagon { player, pos, .. } => ("move-wagon", Some(player), None, Some(pos)),
        Pending::Carcassonne { player } => ("carcassonne", Some(player), None, None),
        Pending::MoveCount { player } => ("move-count", Some(player), None, None),
        Pending::Redeploy { player, pos, .. } => ("redeploy", Some(player), None, Some(pos)),
        Pending::FinalRedeploy { player } => ("final-redeploy", Some(player), None, None),
        Pending::HeldTile { player, tile } => ("held-tile", Some(player), Some(id(tile)), None),
        Pending::ChooseTile { player } => ("choose-tile", Some(player), None, None),
        Pending::GiveTile { player } => ("give-tile", Some(player), None, None),
        Pending::TakePrisoner { player } => ("take-prisoner", Some(player), None, None),
        Pending::ReplaceTile { player, tile, from } => ("replace-tile", Some(player), Some(id(tile)), Some(from)),
        Pending::PlaceGold { player, pos } => {
            ("gold", Some(player), game.board().get(pos).map(|t| id(t.tile)), Some(pos))
        }
        Pending::Porxada { player, pos } => {
            ("porxada", Some(player), game.board().get(pos).map(|t| id(t.tile)), Some(pos))
        }
        Pending::SwapWith { player, .. } => ("swap", Some(player), None, None),
        Pending::SwapAnswer { player, .. } => ("swap-answer", Some(player), None, None),
        Pending::CropCircle { player, .. } => ("crop-circle", Some(player), None, None),
        Pending::CropAdd { player, .. } => ("crop-add", Some(player), None, None),
        Pending::CropRemove { player, .. } => ("crop-remove", Some(player), None, None),
        Pending::Phantom { player, pos } => {
            ("phantom", Some(player), game.board().get(pos).map(|t| id(t.tile)), Some(pos))
        }
        Pending::MageWitch { player } => ("magic", Some(player), None, None),
        Pending::FlierLanding { player, pos, .. } => {
            ("land", Some(player), game.board().get(pos).map(|t| id(t.tile)), Some(pos))
        }
        Pending::PlaceFerry { player, pos } => {
            ("ferry", Some(player), game.board().get(pos).map(|t| id(t.tile)), Some(pos))
        }
        Pending::MoveFerry { player } => ("move-ferry", Some(player), None, None),
        Pending::Plague { player, .. } => ("plague", Some(player), None, None),
        Pending::ScoringFigure { player, .. } => ("scoring-figure", Some(player), None, None),
        Pending::Message { player, .. } => ("message", Some(player), None, None),
        Pending::Flock { player } => ("flock", Some(player), None, None),
        Pending::Castle { player, pos } => ("castle", Some(player), None, Some(pos)),
        Pending::BazaarSelect { player } => ("bazaar-choose", Some(player), None, None),
        Pending::BazaarBid { player } => ("bazaar-bid", Some(player), None, None),
        Pending::BazaarTrade { player } => ("bazaar-trade", Some(player), None, None),
        Pending::CatapultToken { player, pos } => ("catapult", Some(player), None, Some(pos)),
        Pending::Flick { player, .. } => ("flick", Some(player), None, None),
        Pending::Seduce { player, at } => ("seduce", Some(player), None, Some(at)),
        Pending::GameOver => ("game-over", None, None, None),
    };
    let pending = PendingJson { kind, player: player.map(name), tile, x: at.map(|p| p.x), y: at.map(|p| p.y) };
    let mut out = output::stdout();
    if json {
        output::write_json_pretty(&mut out, &LegalJson { pending, actions })?;
    } else {
        match game.pending() {
            Pending::PlaceTile { player, tile } => writeln!(
                out,
                "{} must place {} ({} legal placements):",
                game.player(player).color.name(),
                game.design(tile).id,
                actions.len()
            )?,
            Pending::Deploy { player, pos } => writeln!(
                out,
                "{} may deploy a figure on the tile just placed at {pos} or pass ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::Escape { player } => writeln!(
                out,
                "{} may let a knight escape a besieged city or pass ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::MoveDragon { player } => writeln!(
                out,
                "{} must move the dragon one step from {} ({} legal steps, {} left in this move):",
                game.player(player).color.name(),
                game.dragon().map_or_else(String::new, |p| p.to_string()),
                actions.len(),
                game.dragon_move().map_or(0, |(left, _)| left)
            )?,
            Pending::Capture { player, pos } => writeln!(
                out,
                "{} built on the tower at {pos} and may take a prisoner within its reach or pass ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::ReplaceTile { player, tile, from } => writeln!(
                out,
                "{} removed {} from {from} and must place it somewhere else ({} legal placements):",
                game.player(player).color.name(),
                game.design(tile).id,
                actions.len()
            )?,
            Pending::TakePrisoner { player } => writeln!(
                out,
                "{}'s tile joined their follower's city to another's: they may take a follower prisoner or pass ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::Exchange { player, other } => writeln!(
                out,
                "{} chooses which of their figures held by {} comes back in the exchange ({} legal actions):",
                game.player(player).color.name(),
                game.player(other).color.name(),
                actions.len()
            )?,
            Pending::Abbey { player } => writeln!(
                out,
                "{} may place their abbey in a hole or pass to draw a tile ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::MoveWagon { player, pos, feature } => writeln!(
                out,
                "{}'s wagon on {} at {pos} was scored: it may move to an adjacent feature or pass to go home ({} legal actions):",
                game.player(player).color.name(),
                game.feature_name(pos, feature).unwrap_or_default(),
                actions.len()
            )?,
            Pending::Carcassonne { player } => writeln!(
                out,
                "{}'s tile scored for others but not for them: they may deploy a figure to a quarter of Carcassonne or pass ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::MoveCount { player } => writeln!(
                out,
                "{} may move the count from the {} quarter or pass to leave it ({} legal actions):",
                game.player(player).color.name(),
                game.count_quarter().map_or("", |q| q.name()),
                actions.len()
            )?,
            Pending::Redeploy { player, pos, feature } => writeln!(
                out,
                "the {} at {pos} is about to be scored: {} may move figures from Carcassonne onto it, one at a time, or pass ({} legal actions):",
                game.feature_name(pos, feature).unwrap_or_default(),
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::FinalRedeploy { player } => writeln!(
                out,
                "before the final scoring {} may move one figure from Carcassonne onto an incomplete feature or a farm, or pass for good ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::HeldTile { player, tile } => writeln!(
                out,
                "{} may place their own {} instead of drawing, or pass to draw ({} legal actions):",
                game.player(player).color.name(),
                game.design(tile).id,
                actions.len()
            )?,
            Pending::ChooseTile { player } => writeln!(
                out,
                "{} chooses the tile to place ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::GiveTile { player } => writeln!(
                out,
                "{} hands out the round's tiles ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::PlaceGold { player, pos } => writeln!(
                out,
                "{} placed the gold tile at {pos}, which has its ingot, and puts the second on a tile around it ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::Porxada { player, pos } => writeln!(
                out,
                "{} placed La Porxada at {pos} and chooses the swap (naming one of their followers), the bonus, or neither ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::SwapWith { player, .. } => writeln!(
                out,
                "{} names another player's follower to change places with theirs, or passes ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::SwapAnswer { player, by, .. } => writeln!(
                out,
                "{} accepts {}'s swap (pass) or refuses it, taking another of their followers out of the game ({} legal actions):",
                game.player(player).color.name(),
                game.player(by).color.name(),
                actions.len()
            )?,
            Pending::CropCircle { player, kind } => writeln!(
                out,
                "{} placed a crop circle ({kind}) and chooses whether every player adds a follower or takes one back ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::CropAdd { player, kind, .. } => writeln!(
                out,
                "{} may add a follower beside one of theirs {place} (crop circle) ({} legal actions):",
                game.player(player).color.name(),
                actions.len(),
                place = crate::output::crop_place(kind)
            )?,
            Pending::CropRemove { player, kind, .. } => writeln!(
                out,
                "{} takes back one of their followers {place} (crop circle) ({} legal actions):",
                game.player(player).color.name(),
                actions.len(),
                place = crate::output::crop_place(kind)
            )?,
            Pending::Phantom { player, pos } => writeln!(
                out,
                "{} may deploy their phantom as a second follower on the tile just placed at {pos}, or pass ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::MageWitch { player } => writeln!(
                out,
                "{} must move the mage or the witch onto an unfinished road or city, or take one off the board where neither can move ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::FlierLanding { player, figure, pos } => writeln!(
                out,
                "{}'s flown {} lands on an unfinished feature of the tile at {pos} ({} legal actions):",
                game.player(player).color.name(),
                figure.name(),
                actions.len()
            )?,
            Pending::PlaceFerry { player, pos } => writeln!(
                out,
                "{} must put a ferry on the lake at {pos}, joining two of its roads ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::MoveFerry { player } => writeln!(
                out,
                "{} may move the first ferry along a road their tile extended, or pass ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::ScoringFigure { player, points } => writeln!(
                out,
                "{} scored {points} and moves their scoring follower or their messenger by them ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::Flock { player } => writeln!(
                out,
                "{}'s tile extended the field of their shepherd: grow the flock or drive it to the stable ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::Castle { player, pos } => writeln!(
                out,
                "{}'s followers hold the town just completed at {pos}: turn it into a castle or let it score ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::BazaarSelect { player } => writeln!(
                out,
                "{} chooses a tile at the bazaar and opens its auction with a bid of up to their score ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::BazaarBid { player } => writeln!(
                out,
                "{} may outbid {} for the tile at auction or pass ({} legal actions):",
                game.player(player).color.name(),
                game.auction().map_or(0, |a| a.bid),
                actions.len()
            )?,
            Pending::BazaarTrade { player } => writeln!(
                out,
                "{} buys the tile at auction, paying the highest bid ({}), or sells it for that bid ({} legal actions):",
                game.player(player).color.name(),
                game.auction().map_or(0, |a| a.bid),
                actions.len()
            )?,
            Pending::CatapultToken { player, pos } => writeln!(
                out,
                "{} placed the fair tile at {pos}: choose the kind of token every player flicks ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::Flick { player, token } => writeln!(
                out,
                "{} flicks their {} token at a tile; it lands there one time in two, otherwise on a place around it ({} legal actions):",
                game.player(player).color.name(),
                token.name(),
                actions.len()
            )?,
            Pending::Seduce { player, at } => writeln!(
                out,
                "{}'s seduction token landed at {at}: put one of their followers in the place of the nearest follower, or pass ({} legal actions):",
                game.player(player).color.name(),
                actions.len()
            )?,
            Pending::Message { player, message } => writeln!(
                out,
                "{} drew message {} ({}): do it or take 2 points ({} legal actions):",
                game.player(player).color.name(),
                message.number(),
                message.text(),
                actions.len()
            )?,
            Pending::Plague { player, late } => writeln!(
                out,
                "{} {} spread the plague with a flea and may let one figure flee ({} legal actions):",
                game.player(player).color.name(),
                if late { "must now" } else { "may now (or later this turn)" },
                actions.len()
            )?,
            Pending::GameOver => writeln!(out, "the game is over: no action is legal")?,
        }
        for action in &actions {
            output::write_json_line(&mut out, action)?;
        }
    }
    out.flush()?;
    Ok(())
}
