//! `carcassonne hint`: a bot's advice for the pending decision of a record.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use carcassonne_bots::{Analysis, BotSpec, Budget, BOT_NAMES};
use carcassonne_engine::record::encode_action;
use carcassonne_engine::{Game, Pending, RecordAction};
use clap::Args;
use serde::Serialize;

/// Advise on the pending decision of a game record.
#[derive(Debug, Args)]
#[command(
    long_about = "Replay a record and ask a bot for the best action of the pending decision: \
        prints the action in record form (ready to append to the record's `actions`), its \
        estimated value for the deciding player, and the runner-up actions with their values \
        (and, for mcts, how often the search tried them). The bot sees only what the deciding \
        player may see: the order of the face-down tiles stays hidden.\n\n\
        Values: for mcts, the mean playout reward in 0..1 (half the win share, half a squashed \
        score margin: 0.5 is even); for greedy, the evaluation margin in points (projected \
        points minus the best opponent's, plus followers in supply).\n\n\
        With --json one object is printed:\n  \
        {\"player\", \"decision\", \"bot\", \"unit\", \"best\": {\"action\", \"value\", \"visits\"}, \"alternatives\": [...]}",
    after_help = "Examples:\n  carcassonne hint game.json\n  carcassonne hint game.json --bot greedy --json"
)]
pub struct HintArgs {
    /// The record (JSON); `-` reads stdin.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// The bot that advises: greedy, mcts:easy|medium|hard, mcts:iters=N, mcts:time=SECONDS...
    #[arg(long, value_name = "BOT", default_value = "mcts:hard")]
    bot: String,
    /// Runner-up actions to show.
    #[arg(long, value_name = "N", default_value_t = 5)]
    top: usize,
    /// Seed of the bot's search.
    #[arg(long, value_name = "S", default_value_t = 0)]
    seed: u64,
    /// Threads for mcts (default: one per core, unless the bot name says `:threads=T`).
    #[arg(long, value_name = "T")]
    threads: Option<std::num::NonZeroUsize>,
    /// Print JSON instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct Choice {
    action: RecordAction,
    value: Option<f64>,
    visits: u32,
}

#[derive(Serialize)]
struct HintJson<'a> {
    player: &'static str,
    decision: &'static str,
    bot: &'a str,
    unit: &'static str,
    best: Choice,
    alternatives: Vec<Choice>,
}

pub fn run(args: HintArgs) -> anyhow::Result<()> {
    let mut spec = BotSpec::parse(&args.bot).map_err(anyhow::Error::msg)?;
    if matches!(spec, BotSpec::Random) {
        bail!("the random bot gives no hints (available: {BOT_NAMES})");
    }
    if let BotSpec::Mcts(settings) = &mut spec {
        if !args.bot.contains("threads=") {
            settings.threads = args
                .threads
                .map(|t| t.get())
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
        }
        if let Budget::Iterations(n) = settings.budget {
            // Every thread does at least one iteration.
            settings.threads = settings.threads.min(n as usize).max(1);
        }
    }
    let game = replay(&args.file)?;
    let Some(player) = game.pending().player() else {
        bail!("{}: the game is over; there is no decision to advise on", args.file.display());
    };
    let mut bot = spec.build(args.seed);
    let analysis = bot.analyse(&game.observation(Some(player)));
    let mut out = crate::output::stdout();
    if args.json {
        write_json(&mut out, &args, &game, player, &analysis)?;
    } else {
        write_text(&mut out, &args, &game, player, &analysis)?;
    }
    out.flush()?;
    Ok(())
}

fn replay(path: &Path) -> anyhow::Result<Game> {
    let record = crate::read_record(path)?;
    let replay = record.replay().with_context(|| format!("{}", path.display()))?;
    Ok(replay.game)
}

fn decision(game: &Game) -> &'static str {
    match game.pending() {
        Pending::PlaceTile { .. } => "place",
        Pending::Deploy { .. } => "deploy",
        Pending::Escape { .. } => "escape",
        Pending::MoveDragon { .. } => "move-dragon",
        Pending::Capture { .. } => "capture",
        Pending::Exchange { .. } => "exchange",
        Pending::Abbey { .. } => "abbey",
        Pending::MoveWagon { .. } => "move-wagon",
        Pending::Carcassonne { .. } => "carcassonne",
        Pending::MoveCount { .. } => "move-count",
        Pending::Redeploy { .. } => "redeploy",
        Pending::FinalRedeploy { .. } => "final-redeploy",
        Pending::HeldTile { .. } => "held-tile",
        Pending::ChooseTile { .. } => "choose-tile",
        Pending::GiveTile { .. } => "give-tile",
        Pending::TakePrisoner { .. } => "take-prisoner",
        Pending::ReplaceTile { .. } => "replace-tile",
        Pending::PlaceGold { .. } => "gold",
        Pending::Porxada { .. } => "porxada",
        Pending::SwapWith { .. } => "swap",
        Pending::SwapAnswer { .. } => "swap-answer",
        Pending::CropCircle { .. } => "crop-circle",
        Pending::CropAdd { .. } => "crop-add",
        Pending::CropRemove { .. } => "crop-remove",
        Pending::Phantom { .. } => "phantom",
        Pending::MageWitch { .. } => "magic",
        Pending::FlierLanding { .. } => "land",
        Pending::PlaceFerry { .. } => "ferry",
        Pending::MoveFerry { .. } => "move-ferry",
        Pending::Plague { .. } => "plague",
        Pending::ScoringFigure { .. } => "scoring-figure",
        Pending::Message { .. } => "message",
        Pending::Flock { .. } => "flock",
        Pending::Castle { .. } => "castle",
        Pending::BazaarSelect { .. } => "bazaar-choose",
        Pending::BazaarBid { .. } => "bazaar-bid",
        Pending::BazaarTrade { .. } => "bazaar-trade",
        Pending::CatapultToken { .. } => "catapult",
        Pending::Flick { .. } => "flick",
        Pending::Seduce { .. } => "seduce",
        Pending::GameOver => "game-over",
    }
}

fn value(v: f64) -> Option<f64> {
    v.is_finite().then_some(v)
}

fn write_json(
    out: &mut impl Write,
    args: &HintArgs,
    game: &Game,
    player: u8,
    analysis: &Analysis,
) -> anyhow::Result<()> {
    let choice = |r: &carcassonne_bots::Ranked| Choice {
        action: encode_action(game, r.action),
        value: value(r.value),
        visits: r.visits,
    };
    let json = HintJson {
        player: game.player(player).color.name(),
        decision: decision(game),
        bot: &args.bot,
        unit: analysis.unit,
        best: choice(&analysis.ranked[0]),
        alternatives: analysis.ranked[1..].iter().take(args.top).map(choice).collect(),
    };
    crate::output::write_json_pretty(out, &json)?;
    Ok(())
}

/// An action in the record vocabulary, on one line.
fn describe(game: &Game, action: carcassonne_engine::Action) -> String {
    match encode_action(game, action) {
        RecordAction::Place { tile, x, y, rotation, .. } => {
            format!("place {} at ({x}, {y}) rotated {rotation}", tile.unwrap_or_default())
        }
        RecordAction::Deploy { figure, feature, x: Some(x), y: Some(y), .. } if feature == "tower" => {
            format!("finish the tower at ({x}, {y}) with a {} on top", figure.name())
        }
        RecordAction::Deploy { figure, feature, x: Some(x), y: Some(y), .. } => {
            let how = if game.rules().variants.follower_unpunctuality {
                "onto an earlier tile"
            } else {
                "through the magic gate"
            };
            format!("deploy a {} on {feature} at ({x}, {y}) {how}", figure.name())
        }
        RecordAction::Deploy { figure, feature, .. } => format!("deploy a {} on {feature}", figure.name()),
        RecordAction::MoveFairy { x, y, feature, .. } => format!("move the fairy next to {feature} at ({x}, {y})"),
        RecordAction::RemoveKnight { x, y, feature, .. } => {
            format!("the princess removes the knight on {feature} at ({x}, {y})")
        }
        RecordAction::MoveDragon { x, y, .. } => format!("move the dragon to ({x}, {y})"),
        RecordAction::Escape { x, y, feature, .. } => format!("let the knight on {feature} at ({x}, {y}) escape"),
        RecordAction::RecallAbbot { x, y, .. } => format!("take back the abbot at ({x}, {y}) and score it"),
        RecordAction::BuildTower { x, y, .. } => format!("put a tower piece on the tower at ({x}, {y})"),
        RecordAction::Capture { x, y, feature, .. } => format!("take the figure on {feature} at ({x}, {y}) prisoner"),
        RecordAction::MoveFollower { figure, from_x, from_y, from_feature, x, y, feature, .. } => format!(
            "move your {} from {from_feature} at ({from_x}, {from_y}) onto {feature} at ({x}, {y})",
            figure.name()
        ),
        RecordAction::ReligiousWar { x, y, knights, .. } => {
            let from: Vec<String> = knights.iter().map(|k| format!("({}, {})", k.x, k.y)).collect();
            format!("religious war: your knights at {} take the cloister at ({x}, {y})", from.join(" and "))
        }
        RecordAction::TakePrisoner { x, y, feature, .. } => {
            format!("take the follower on {feature} at ({x}, {y}) prisoner, guarded by your follower")
        }
        RecordAction::ReleasePrisoner { owner, figure, .. } => {
            format!("release {owner}'s {} and have your guard back", figure.name())
        }
        RecordAction::Exchange { figure, .. } => format!("have your {} back in the exchange", figure.name()),
        RecordAction::Ransom { captor, figure, .. } => {
            format!("pay {captor} 3 points of ransom for your {}", figure.name())
        }
        RecordAction::Abbey { x, y, .. } => format!("place the abbey in the hole at ({x}, {y})"),
        RecordAction::Barn { corner, .. } => format!("place the barn on the {corner} corner of the tile just placed"),
        RecordAction::Gold { x, y, .. } => format!("put the second gold ingot on the tile at ({x}, {y})"),
        RecordAction::Magic { figure, x, y, feature, .. } => {
            format!("put the {} on {feature} at ({x}, {y})", figure.name())
        }
        RecordAction::MagicOff { figure, .. } => format!("take the {} off the board", figure.name()),
        RecordAction::Fly { figure, .. } => format!("put a {} on the flying machine and roll the die", figure.name()),
        RecordAction::Tunnel { pair, x, y, feature, .. } => format!(
            "put a tunnel token of pair {} on the tunnel opening of {feature} at ({x}, {y})",
            carcassonne_engine::tunnel_pair_letter(pair)
        ),
        RecordAction::Land { x, y, feature, .. } => format!("land on {feature} at ({x}, {y})"),
        RecordAction::Ferry { x, y, from, to, .. } => {
            format!("set the ferry of the lake at ({x}, {y}) to join {from} and {to}")
        }
        RecordAction::PorxadaBonus { .. } => "choose La Porxada's bonus at the end of the game".into(),
        RecordAction::Flea { x, y, from_x: Some(fx), from_y: Some(fy), .. } => {
            format!("spread the plague: move the flea at ({fx}, {fy}) to the tile at ({x}, {y})")
        }
        RecordAction::Flea { x, y, .. } => format!("spread the plague: a flea on the tile at ({x}, {y})"),
        RecordAction::ScoringFigure { messenger: true, .. } => "move your messenger by the points scored".into(),
        RecordAction::ScoringFigure { .. } => "move your scoring follower by the points scored".into(),
        RecordAction::Message { perform: true, .. } => "do what the message says".into(),
        RecordAction::Message { .. } => "take the message's 2 points".into(),
        RecordAction::Flock { herd: true, .. } => "drive your flock to the stable (1 point a sheep)".into(),
        RecordAction::Flock { .. } => "grow your flock: draw a token from the bag".into(),
        RecordAction::Acrobat { x, y, .. } => format!("put a follower on the acrobat space at ({x}, {y})"),
        RecordAction::PlaceBridged { tile, x, y, rotation, bridge_x, bridge_y, axis, .. } => format!(
            "place {} at ({x}, {y}) rotated {rotation}, with a bridge {} on the tile at ({bridge_x}, {bridge_y})",
            tile.unwrap_or_default(),
            crate::output::bridge_words(&axis)
        ),
        RecordAction::Bridge { x, y, axis, .. } => {
            format!("build a bridge {} on the tile at ({x}, {y})", crate::output::bridge_words(&axis))
        }
        RecordAction::Castle { .. } => "turn the town just completed into a castle".into(),
        RecordAction::BazaarChoose { index, bid, tile, .. } => {
            format!("choose the bazaar's tile {} ({}) and bid {bid}", index + 1, tile.unwrap_or_default())
        }
        RecordAction::Bid { bid, .. } => format!("bid {bid} for the tile at auction"),
        RecordAction::Catapult { token, .. } => format!("hold the catapult round with {} tokens", token.name()),
        RecordAction::Flick { x, y, .. } => format!("flick the token at the tile at ({x}, {y})"),
        RecordAction::Seduce { owner, figure, x, y, feature, with, .. } => {
            format!("put a {} in the place of {owner}'s {} on {feature} at ({x}, {y})", with.name(), figure.name())
        }
        RecordAction::SeduceQuarter { owner, figure, quarter, with, .. } => format!(
            "put a {} in the place of {owner}'s {} in the {quarter} quarter of Carcassonne",
            with.name(),
            figure.name()
        ),
        RecordAction::BazaarTrade { buy: true, .. } => "buy the tile, paying the highest bidder".into(),
        RecordAction::BazaarTrade { .. } => "sell the tile to the highest bidder".into(),
        RecordAction::Pyramid { x, y, .. } => {
            format!("score the full acrobat pyramid at ({x}, {y}), 5 points an acrobat")
        }
        RecordAction::MessageFollower { figure, x, y, feature, .. } => {
            format!("message 8: score your {} on {feature} at ({x}, {y}) and take it home", figure.name())
        }
        RecordAction::Flee { figure, from_x, from_y, x, y, feature, .. } => {
            format!("flee the plague: your {} at ({from_x}, {from_y}) to {feature} at ({x}, {y})", figure.name())
        }
        RecordAction::SwapFollower { owner, figure, x, y, feature, .. } => {
            format!("La Porxada's swap: {owner}'s {} on {feature} at ({x}, {y})", figure.name())
        }
        RecordAction::RefuseSwap { figure, x, y, feature, .. } => {
            format!("refuse the swap: your {} on {feature} at ({x}, {y}) leaves the game", figure.name())
        }
        RecordAction::CropCircle { choice, .. } if choice == "add" => {
            "crop circle: every player may add a follower beside one of theirs".into()
        }
        RecordAction::CropCircle { .. } => "crop circle: every player takes a follower back".into(),
        RecordAction::TakeBack { figure, x, y, feature, .. } => {
            format!("take back your {} on {feature} at ({x}, {y})", figure.name())
        }
        RecordAction::LittleBuilding { kind, .. } => {
            format!("put a little {} on the tile just placed", kind.as_deref().unwrap_or("building"))
        }
        festival @ RecordAction::Festival { .. } => format!("festival: take back {}", festival_target(&festival)),
        RecordAction::Free { figure, x, y, .. } => {
            format!("free your {} from the trap at ({x}, {y}) instead of deploying", figure.name())
        }
        RecordAction::MoveWagon { x, y, feature, .. } => format!("move the wagon onto {feature} at ({x}, {y})"),
        RecordAction::Carcassonne { figure, quarter, .. } => {
            format!("deploy a {} to the {quarter} quarter of Carcassonne", figure.name())
        }
        RecordAction::MoveCount { quarter, .. } => format!("move the count to the {quarter} quarter"),
        RecordAction::Redeploy { figure, x, y, feature, .. } => {
            format!("move a {} from Carcassonne onto {feature} at ({x}, {y})", figure.name())
        }
        RecordAction::HeldTile { .. } => "place your own tile instead of drawing".to_string(),
        RecordAction::RemoveTile { tile, x, y, .. } => {
            format!("give up a point to remove {} from ({x}, {y}) and place it elsewhere", tile.unwrap_or_default())
        }
        RecordAction::Mountain { tile, x, y, .. } => {
            format!("turn {} upside down as a mountain at ({x}, {y})", tile.unwrap_or_default())
        }
        RecordAction::ChooseTile { tile, .. } => format!("take {tile} to place it"),
        RecordAction::GiveTile { tile, to, .. } => format!("give {tile} to {to}"),
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::ChooseTile { .. }) => {
            "draw a tile from the pile instead".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::Abbey { .. } | Pending::HeldTile { .. }) => {
            "draw a tile".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::Carcassonne { .. }) => {
            "deploy nothing to Carcassonne".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::MoveCount { .. }) => {
            "leave the count where it is".to_string()
        }
        RecordAction::Pass { .. }
            if matches!(game.pending(), Pending::Redeploy { .. } | Pending::FinalRedeploy { .. }) =>
        {
            "redeploy no more".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::MoveWagon { .. }) => {
            "take the wagon home".to_string()
        }
        RecordAction::Pass { .. } => "pass".to_string(),
    }
}

fn write_text(
    out: &mut impl Write,
    args: &HintArgs,
    game: &Game,
    player: u8,
    analysis: &Analysis,
) -> anyhow::Result<()> {
    let color = game.player(player).color.name();
    let what = match game.pending() {
        Pending::PlaceTile { tile, .. } => format!("place {}", game.design(tile).id),
        Pending::MoveDragon { .. } => "move the dragon one step".to_string(),
        Pending::Escape { .. } => "let a knight escape or pass".to_string(),
        Pending::Capture { .. } => "take a prisoner or pass".to_string(),
        Pending::Exchange { .. } => "choose the prisoner to exchange".to_string(),
        Pending::Abbey { .. } => "place the abbey or draw a tile".to_string(),
        Pending::MoveWagon { .. } => "move the wagon or take it home".to_string(),
        Pending::Carcassonne { .. } => "deploy a figure to Carcassonne or pass".to_string(),
        Pending::MoveCount { .. } => "move the count or leave it".to_string(),
        Pending::Redeploy { .. } => "redeploy from Carcassonne onto the feature being scored, or pass".to_string(),
        Pending::FinalRedeploy { .. } => "redeploy from Carcassonne before the final scoring, or pass".to_string(),
        Pending::HeldTile { .. } => "place your own tile or draw one".to_string(),
        Pending::ChooseTile { .. } => "choose the tile to place".to_string(),
        Pending::GiveTile { .. } => "hand out the round's tiles".to_string(),
        Pending::PlaceGold { .. } => "put the second gold ingot on a tile around the gold tile".to_string(),
        Pending::Porxada { .. } => "choose La Porxada's swap (naming a follower), its bonus, or neither".to_string(),
        Pending::SwapWith { .. } => "name the other player's follower for La Porxada's swap, or pass".to_string(),
        Pending::SwapAnswer { .. } => "accept La Porxada's swap (pass) or refuse it with another follower".to_string(),
        Pending::CropCircle { .. } => {
            "choose the crop circle's action: every player adds a follower, or takes one back".to_string()
        }
        Pending::CropAdd { .. } => "add a follower beside one of yours (crop circle), or pass".to_string(),
        Pending::CropRemove { .. } => "take one of your followers back (crop circle)".to_string(),
        Pending::Phantom { .. } => "deploy your phantom as a second follower, or pass".to_string(),
        _ => "deploy a figure or pass".to_string(),
    };
    writeln!(out, "{color} to {what}; {} legal actions; advice of {}", analysis.ranked.len(), args.bot)?;
    let show = |v: f64| if v.is_finite() { format!("{v:.3}") } else { "-".to_string() };
    let best = &analysis.ranked[0];
    writeln!(out, "best: {}", describe(game, best.action))?;
    let visits = |n: u32| if n > 0 { format!(", {n} visits") } else { String::new() };
    writeln!(out, "  value {} ({}){}", show(best.value), analysis.unit, visits(best.visits))?;
    writeln!(out, "  record: {}", serde_json::to_string(&encode_action(game, best.action))?)?;
    if analysis.ranked.len() > 1 && args.top > 0 {
        writeln!(out, "runners-up:")?;
        for r in analysis.ranked[1..].iter().take(args.top) {
            writeln!(out, "  {:<44} value {}{}", describe(game, r.action), show(r.value), visits(r.visits))?;
        }
    }
    Ok(())
}

/// The figure a festival return takes back, in words: "your builder on road E at (1, 0)", "your
/// follower in Carcassonne's market", "your barn on the NE corner of (1, 0)".
pub(crate) fn festival_target(action: &RecordAction) -> String {
    let RecordAction::Festival { figure, x, y, feature, quarter, corner, .. } = action else {
        return String::new();
    };
    let figure = figure.name();
    match (x, y, feature, quarter, corner) {
        (_, _, _, Some(quarter), _) => format!("your {figure} in Carcassonne's {}", quarter.name()),
        (Some(x), Some(y), _, _, Some(corner)) => format!("your {figure} on the {corner} corner of ({x}, {y})"),
        (Some(x), Some(y), Some(feature), _, _) => format!("your {figure} on {feature} at ({x}, {y})"),
        _ => format!("your {figure}"),
    }
}
