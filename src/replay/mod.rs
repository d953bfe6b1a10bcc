//! `carcassonne replay` and `carcassonne legal`: reading game records.

use std::fmt::Write as _;
use std::io::Write;
use std::path::Path;

use anyhow::Context;
use carcassonne_engine::events::{DASH_COST, FAIRY_SCORE_POINTS, REBUILDING_COST};
use carcassonne_engine::FigureSpot;
use carcassonne_engine::{
    Event, FeatureKind, Game, Phase, Pos, Record, RecordAction, RecordDeck, Replay, Score, Token,
};
use serde::Serialize;

use crate::output::{self, player_names, SeatScores};

mod score_events;

use score_events::{score_events, ScoreJson};

/// Replays a record; errors name the file.
pub(crate) fn replay_file(path: &Path) -> anyhow::Result<(Record, Replay)> {
    let record = crate::read_record(path)?;
    let replay = record.replay().with_context(|| format!("{}", path.display()))?;
    Ok((record, replay))
}

// ----- replay -----

#[derive(Serialize)]
struct ReplayJson<'a> {
    final_scores: SeatScores<'a>,
    score_events: Vec<ScoreJson<'a>>,
    turns: u32,
    discarded: usize,
    actions: usize,
    game_over: bool,
}

pub(crate) fn feature_name(game: &Game, pos: Pos, feature: u8) -> String {
    game.feature_name(pos, feature).unwrap_or_else(|| format!("#{feature}"))
}

pub fn run_replay(path: &Path, json: bool) -> anyhow::Result<()> {
    let (record, replay) = replay_file(path)?;
    let game = &replay.game;
    let colors: Vec<_> = game.players().iter().map(|p| p.color).collect();
    let scores = game.scores();
    let mut out = output::stdout();
    if json {
        let score_events = score_events(game, &replay.events);
        let value = ReplayJson {
            final_scores: SeatScores { colors: &colors, scores: &scores },
            score_events,
            turns: game.turns(),
            discarded: game.discarded().len(),
            actions: record.actions.len(),
            game_over: game.is_over(),
        };
        output::write_json_pretty(&mut out, &value)?;
    } else {
        write_log(&mut out, &record, &replay)?;
    }
    out.flush()?;
    Ok(())
}

/// The readable per-turn log.
fn write_log(out: &mut impl Write, record: &Record, replay: &Replay) -> anyhow::Result<()> {
    let game = &replay.game;
    let name = |p: u8| game.player(p).color.name();
    let tile = |t| game.design(t).id.as_str();
    let deck = match &record.deck {
        RecordDeck::Seed(seed) => format!("deck seed {seed}"),
        RecordDeck::Order(order) => format!("deck order of {} tiles", order.len()),
    };
    writeln!(
        out,
        "players: {}; rules: farmer scoring {}, small cities {}, farmers {}, {} edition tiles; {deck}",
        game.players().iter().map(|p| p.color.name()).collect::<Vec<_>>().join(", "),
        serde_json::to_value(game.rules().variants.farmer_scoring)?.as_str().unwrap_or("?"),
        on_off(game.rules().variants.small_city),
        on_off(game.rules().variants.farmers),
        game.rules().variants.tile_edition.name(),
    )?;
    // Tiles discarded while the game was set up (before the first action) produce no event.
    let start = record.start()?;
    for &t in start.discarded() {
        writeln!(out, "{} draws {}, which fits nowhere: it is removed from the game", name(0), tile(t))?;
    }
    let mut turn = 0;
    let mut line: Option<String> = None;
    // The wind rose's points, told on their own line once the turn's line is written.
    let mut rose_note: Option<String> = None;
    let mut final_scoring = false;
    let mut previous_action = None;
    let mut placed_at = None;
    // The Flier: a flight just taken, whose follower's deployment is its landing.
    let mut flown = false;
    for &(index, event) in &replay.events {
        // An abbot's recall is the figure phase's decision: it ends the turn's line before the
        // abbot's score.
        if previous_action != Some(index) {
            previous_action = Some(index);
            if let Some(RecordAction::RecallAbbot { x, y, .. }) = record.actions.get(index) {
                let mut text = line.take().unwrap_or_default();
                write!(text, " and takes back the abbot at {}", Pos::new(*x, *y))?;
                end_line(out, &text, &mut rose_note)?;
            }
        }
        match event {
            Event::TileDrawn { .. } | Event::FigureReturned { .. } => {}
            Event::TileDiscarded { player, tile: t } => {
                writeln!(out, "{} draws {}, which fits nowhere: it is removed from the game", name(player), tile(t))?;
            }
            Event::TileBackToPile { player, tile: t } => {
                writeln!(out, "{} draws {}, which fits nowhere: it goes back into the pile", name(player), tile(t))?;
            }
            Event::TilePlaced { player, tile: t, pos, rotation } => {
                turn += 1;
                placed_at = Some(pos);
                line = Some(format!(
                    "turn {turn}: {} places {} at {pos} turned {}°",
                    name(player),
                    tile(t),
                    rotation.degrees()
                ));
            }
            Event::MountainRaised { player, tile: t, pos } => {
                turn += 1;
                placed_at = Some(pos);
                line =
                    Some(format!("turn {turn}: {} turns {} upside down: a mountain at {pos}", name(player), tile(t)));
            }
            Event::TileRemoved { player, tile: t, pos, .. } => {
                let mut text = figure_phase_line(line.take(), name(player));
                write!(text, "gives up {REBUILDING_COST} point and removes {} from {pos}", tile(t))?;
                line = Some(text);
            }
            Event::TileReplaced { pos, rotation, .. } => {
                let mut text = line.take().unwrap_or_default();
                write!(text, " and places it again at {pos} turned {}°", rotation.degrees())?;
                placed_at = Some(pos);
                line = Some(text);
            }
            Event::FigureDeployed { player, figure, pos, feature } => {
                // After the dash's moves the turn's line is written already: a line of its own.
                let (mut text, and) = match line.take() {
                    Some(text) => (text, " and"),
                    None => (format!("    {}", name(player)), ""),
                };
                let on = feature_name(game, pos, feature);
                if std::mem::take(&mut flown) {
                    write!(text, "{and} lands on {on}")?;
                } else if on == "tower" {
                    write!(text, "{and} finishes the tower at {pos} with a {} on top", figure.name())?;
                } else {
                    write!(text, "{and} deploys a {} on {on}", figure.name())?;
                }
                if Some(pos) != placed_at && on != "tower" && !text.contains(" lands on ") {
                    let how = if game.rules().variants.follower_unpunctuality {
                        "onto an earlier tile"
                    } else {
                        "through the magic gate"
                    };
                    write!(text, " at {pos} ({how})")?;
                }
                end_line(out, &text, &mut rose_note)?;
            }
            Event::Passed { player } => {
                let text = match line.take() {
                    Some(text) => text + " and deploys nothing",
                    None => format!("    {} deploys nothing more", name(player)),
                };
                end_line(out, &text, &mut rose_note)?;
            }
            Event::WatchtowerScored { player, pos, watches, count, points } => {
                writeln!(out, "{}", crate::output::watchtower_line(name(player), pos, watches, count, points))?;
            }
            // Hills & Sheep: a line each.
            Event::TileUnderHill { .. }
            | Event::SheepDrawn { .. }
            | Event::WolfDrawn { .. }
            | Event::FlockHerded { .. } => {
                if let Some(text) = line.take() {
                    end_line(out, &text, &mut rose_note)?;
                }
                writeln!(out, "    {}", crate::output::hills_sheep_line(game, &event))?;
            }
            // Bridges, Castles & Bazaars: a bridge joins the turn's line; the rest a line each.
            Event::BridgeBuilt { .. } if line.is_some() => {
                let mut text = line.take().unwrap_or_default();
                write!(text, ", {}", crate::output::bcb_line(game, &event))?;
                line = Some(text);
            }
            Event::BridgeBuilt { .. }
            | Event::CastleBuilt { .. }
            | Event::CastleScored { .. }
            | Event::CastleUnscored { .. }
            | Event::BazaarTileOffered { .. }
            | Event::BazaarTileChosen { .. }
            | Event::BazaarBid { .. }
            | Event::BazaarTileBought { .. }
            | Event::BoughtTileTaken { .. } => {
                if let Some(text) = line.take() {
                    end_line(out, &text, &mut rose_note)?;
                }
                writeln!(out, "    {}", crate::output::bcb_line(game, &event))?;
            }
            // The Catapult: a line each.
            Event::CatapultRound { .. }
            | Event::Flicked { .. }
            | Event::KnockedOutOfQuarter { .. }
            | Event::Seduced { .. }
            | Event::SeducedInQuarter { .. }
            | Event::CatchThrown { .. }
            | Event::CatapultScored { .. } => {
                if let Some(text) = line.take() {
                    end_line(out, &text, &mut rose_note)?;
                }
                writeln!(out, "    {}", crate::output::catapult_line(game, &event))?;
            }
            // Under the Big Top: a line each.
            Event::BigTopMoved { .. }
            | Event::CircusRevealed { .. }
            | Event::CircusScored { .. }
            | Event::AcrobatsScored { .. }
            | Event::RingmasterBonus { .. } => {
                if let Some(text) = line.take() {
                    end_line(out, &text, &mut rose_note)?;
                }
                writeln!(out, "    {}", crate::output::big_top_line(game, &event))?;
            }
            Event::ChurchBonus { pos, players, followers, points } => {
                let who = crate::output::player_names(game, players);
                writeln!(out, "{}", crate::output::church_line(&who, players.len() > 1, pos, followers, points))?;
            }
            Event::Scored(score) => {
                if score.phase == Phase::Final && !final_scoring {
                    final_scoring = true;
                    writeln!(out, "final scoring:")?;
                }
                writeln!(out, "    {}", describe_score(game, &score))?;
            }
            Event::Escaped { player, figure, pos, feature } => {
                writeln!(
                    out,
                    "    {}'s {} escapes the besieged {} at {pos}",
                    name(player),
                    figure.name(),
                    feature_name(game, pos, feature)
                )?;
            }
            Event::RaceLost { pos, winner, .. } => {
                let what = |at: Pos| match game.board().get(at).map(|t| game.design(t.tile).is_shrine()) {
                    Some(true) => "shrine",
                    _ => "cloister",
                };
                writeln!(
                    out,
                    "    the {} at {winner} was completed first: the {} at {pos} loses the race, its followers go home unscored",
                    what(winner),
                    what(pos)
                )?;
            }
            Event::GoodsCollected { player, goods } => {
                let names: Vec<String> = carcassonne_engine::catalog::TradeGood::ALL
                    .iter()
                    .zip(goods)
                    .filter(|(_, n)| *n > 0)
                    .map(|(g, n)| format!("{n} {}", g.name()))
                    .collect();
                writeln!(out, "    {} takes the trade goods: {}", name(player), names.join(", "))?;
            }
            Event::GoodsScored { player, good, count, points } => {
                if !final_scoring {
                    final_scoring = true;
                    writeln!(out, "final scoring:")?;
                }
                writeln!(out, "    {} scores {points} for the most {} counters ({count})", name(player), good.name())?;
            }
            Event::DoubleTurn { player } => {
                writeln!(out, "    {} takes a double turn (builder)", name(player))?;
            }
            Event::HoleFilled { player } => {
                writeln!(out, "    {} filled a hole and takes another turn", name(player))?;
            }
            Event::ExtraTurn { player } => {
                writeln!(out, "    {} takes another turn (the volcano lake)", name(player))?;
            }
            Event::TokenTaken { player, token, tiles } => {
                let what = if token == Token::King { "city" } else { "road" };
                writeln!(
                    out,
                    "    {} takes the {} (the largest completed {what} so far: {tiles} tiles)",
                    name(player),
                    token.name()
                )?;
            }
            Event::PorxadaBonusChosen { .. } => {
                if let Some(text) = line.as_mut() {
                    write!(text, ", chooses La Porxada's bonus")?;
                }
            }
            // The swap belongs to the turn's line (the placement's decision, before the figure).
            Event::FollowersSwapped { .. } | Event::SwapRefused { .. } if line.is_some() => {
                if let Some(text) = line.as_mut() {
                    write!(text, "; {}", crate::output::porxada_line(game, &event))?;
                }
            }
            Event::FollowersSwapped { .. } | Event::SwapRefused { .. } | Event::PorxadaTokens { .. } => {
                writeln!(out, "    {}", crate::output::porxada_line(game, &event))?;
            }
            Event::CropCircleChosen { .. } | Event::CropFollowerAdded { .. } | Event::CropFollowerRemoved { .. } => {
                writeln!(out, "    {}", crate::output::crop_circle_line(game, &event))?;
            }
            Event::PorxadaCityScored { player, pos, points, .. } => {
                writeln!(
                    out,
                    "    {} scores {points} more for the city at {pos}: La Porxada's token counts it as completed",
                    name(player)
                )?;
            }
            Event::GoldPlaced { beside, .. } => {
                if let Some(text) = line.as_mut() {
                    write!(text, ", puts a gold ingot on it and one on {beside}")?;
                }
            }
            Event::GoldTaken { player, pos } => {
                writeln!(out, "    {} takes a gold ingot from {pos}", name(player))?;
            }
            // The move belongs to the turn's line (step 1C, before the figure).
            Event::MagicMoved { .. } if line.is_some() => {
                if let Some(text) = line.as_mut() {
                    write!(text, "; {}", crate::output::magic_line(game, &event))?;
                }
            }
            Event::MagicMoved { .. } | Event::MagicRemoved { .. } => {
                writeln!(out, "    {}", crate::output::magic_line(game, &event))?;
            }
            // The token comes beside the figure phase's action, on the turn's line.
            Event::FerryPlaced { player, .. } | Event::FerryMoved { player, .. } => match line.as_mut() {
                Some(text) => write!(text, " and {}", crate::output::ferry_line(game, &event))?,
                None => writeln!(out, "    {} {}", name(player), crate::output::ferry_line(game, &event))?,
            },
            // The Messages: a line each.
            Event::ScoringFigureMoved { .. }
            | Event::MessageDrawn { .. }
            | Event::MessageScored { .. }
            | Event::MessengerJoined { .. } => {
                if let Some(text) = line.take() {
                    end_line(out, &text, &mut rose_note)?;
                }
                writeln!(out, "    {}", crate::output::messages_line(game, &event))?;
            }
            // The Plague: on the turn's line while it is open, else a line each.
            Event::OutbreakStarted { .. }
            | Event::OutbreakEradicated { .. }
            | Event::FleaPlaced { .. }
            | Event::PlagueStruck { .. }
            | Event::Fled { .. } => match line.as_mut() {
                Some(text) => write!(text, "; {}", crate::output::plague_line(game, &event))?,
                None => writeln!(out, "    {}", crate::output::plague_line(game, &event))?,
            },
            Event::TunnelPlaced { player, .. } => match line.as_mut() {
                Some(text) => write!(text, " and {}", crate::output::tunnel_line(game, &event))?,
                None => writeln!(out, "    {} {}", name(player), crate::output::tunnel_line(game, &event))?,
            },
            // The flight belongs to the turn's line; the landing's deployment follows on it.
            Event::Flew { player, landed, .. } => {
                let mut text = line.take().map_or_else(|| format!("    {}", name(player)), |t| t + " and");
                write!(text, " {}", crate::output::flight_line(game, &event))?;
                if landed {
                    flown = true;
                    line = Some(text);
                } else {
                    end_line(out, &text, &mut rose_note)?;
                }
            }
            Event::WindRoseScored { player, pos, points } => {
                rose_note = Some(format!(
                    "    {} scores {points} for the wind rose at {pos}, in the section it names",
                    name(player)
                ));
            }
            Event::GoldScored { player, count, points } => {
                if !final_scoring {
                    final_scoring = true;
                    writeln!(out, "final scoring:")?;
                }
                writeln!(out, "    {} scores {points} for the gold: {}", name(player), gold_breakdown(count))?;
            }
            Event::TokenScored { player, token, count, points } => {
                if !final_scoring {
                    final_scoring = true;
                    writeln!(out, "final scoring:")?;
                }
                writeln!(
                    out,
                    "    {} scores {points} with the {}: {}",
                    name(player),
                    token.name(),
                    token_breakdown(token, count)
                )?;
            }
            Event::TileSetAside { player, tile: t } => {
                writeln!(
                    out,
                    "{} draws {}, a dragon tile before the dragon is in play: it is set aside",
                    name(player),
                    tile(t)
                )?;
            }
            Event::TilesMixedIn { count } => {
                writeln!(out, "    the {count} dragon tile(s) set aside are mixed into the face-down tiles")?;
            }
            Event::HeldTilePlayed { player, tile: t } => {
                writeln!(out, "{} places their own {} instead of drawing", name(player), tile(t))?
            }
            // A tile into a hand is secret until it is chosen; a record reveals it then.
            Event::TileToHand { .. } => {}
            Event::TileFaceUp { tile: t } => writeln!(out, "{} is turned face up", tile(t))?,
            Event::TileChosen { player, tile: t, face_up } => {
                let from = match (face_up, game.rules().variants.architects) {
                    (true, _) => "the face-up row",
                    (false, true) => "their stack",
                    (false, false) => "their hand",
                };
                writeln!(out, "{} takes {} from {from}", name(player), tile(t))?
            }
            Event::TileGiven { from, to, tile: t } => match t {
                Some(t) => writeln!(out, "{} hands {} to {}", name(from), tile(t), name(to))?,
                None => writeln!(out, "{} hands a tile to {}", name(from), name(to))?,
            },
            Event::CloisterToNeighbour { owners } => {
                let owners: Vec<&str> = owners.iter().map(name).collect();
                writeln!(
                    out,
                    "    the battle for completed cloisters: the points of {}'s unfinished cloister go to the player on the left",
                    owners.join(" and ")
                )?
            }
            Event::FigureToQuarter { player, figure, quarter } => writeln!(
                out,
                "    {} deploys a {} to the {quarter} quarter of Carcassonne",
                name(player),
                figure.name()
            )?,
            // Under the official variants the count moves by itself with the deployment.
            Event::CountMoved { player, quarter } => match game.rules().variants.count_moves {
                carcassonne_engine::CountMoves::Free => {
                    writeln!(out, "    {} moves the count to the {quarter} quarter", name(player))?
                }
                _ => writeln!(out, "    the count moves to the {quarter} quarter")?,
            },
            Event::FigureRedeployed { player, figure, quarter, pos, feature } => writeln!(
                out,
                "    {} moves a {} from the {quarter} quarter onto {} at {pos}",
                name(player),
                figure.name(),
                feature_name(game, pos, feature)
            )?,
            Event::DragonPlaced { pos } => writeln!(out, "    the dragon comes to the volcano at {pos}")?,
            Event::DragonMoved { player, pos } => writeln!(out, "    {} moves the dragon to {pos}", name(player))?,
            Event::FigureEaten { player, figure, pos, feature } => writeln!(
                out,
                "    the dragon eats {}'s {} on {} at {pos}",
                name(player),
                figure.name(),
                feature_name(game, pos, feature)
            )?,
            Event::FairyMoved { player, pos, feature } => {
                let mut text = line.take().unwrap_or_default();
                write!(
                    text,
                    " and moves the fairy next to {}'s follower on {} at {pos}",
                    name(player),
                    feature_name(game, pos, feature)
                )?;
                end_line(out, &text, &mut rose_note)?;
            }
            Event::FairyBonus { player, points } => {
                let why = if points == FAIRY_SCORE_POINTS {
                    ": their follower beside it was scored"
                } else {
                    " at the start of the turn"
                };
                writeln!(out, "    {} scores {points} with the fairy{why}", name(player))?;
            }
            Event::KnightRemoved { owner, figure, pos, feature, .. } => {
                let mut text = line.take().unwrap_or_default();
                write!(
                    text,
                    " and the princess sends {}'s {} on {} at {pos} home",
                    name(owner),
                    figure.name(),
                    feature_name(game, pos, feature)
                )?;
                end_line(out, &text, &mut rose_note)?;
            }
            Event::TowerBuilt { pos, height, .. } => {
                let mut text = line.take().unwrap_or_default();
                write!(text, " and builds the tower at {pos} to {height} piece(s)")?;
                end_line(out, &text, &mut rose_note)?;
            }
            Event::PrisonerTaken { player, owner, figure, pos, feature, guard, guard_pos, guard_feature } => {
                writeln!(
                    out,
                    "    {} takes {}'s {} on {} at {pos} prisoner; their {} from {} at {guard_pos} guards it",
                    name(player),
                    name(owner),
                    figure.name(),
                    feature_name(game, pos, feature),
                    guard.name(),
                    feature_name(game, guard_pos, guard_feature)
                )?;
            }
            Event::FollowerMoved { player, figure, from, from_feature, pos, feature } => {
                // "A new lease of life" and "the dash" move a follower in the figure phase: the
                // turn's line so far comes first (it may hold a ransom paid).
                if let Some(text) = line.take() {
                    end_line(out, &text, &mut rose_note)?;
                }
                writeln!(
                    out,
                    "    {} moves their {} from {} at {from} onto {} at {pos}",
                    name(player),
                    figure.name(),
                    feature_name(game, from, from_feature),
                    feature_name(game, pos, feature)
                )?;
            }
            Event::Trapped { player, figure, from, from_feature, pos, .. } => {
                // The traps spring after the placement, the figure phase or the scoring: the
                // turn's line so far comes first.
                if let Some(text) = line.take() {
                    end_line(out, &text, &mut rose_note)?;
                }
                let from_name = feature_name(game, from, from_feature);
                writeln!(out, "{}", crate::output::trapped_line(game, name(player), figure, from, &from_name, pos))?;
            }
            Event::Freed { figure, pos, .. } => {
                let mut text = line.take().unwrap_or_default();
                write!(
                    text,
                    " and frees their {} from {} at {pos}",
                    figure.name(),
                    crate::output::trap_name(game, pos)
                )?;
                end_line(out, &text, &mut rose_note)?;
            }
            Event::VodyanoyPenalty { player, followers, points } => {
                if !final_scoring {
                    final_scoring = true;
                    writeln!(out, "final scoring:")?;
                }
                writeln!(out, "{}", crate::output::vodyanoy_line(name(player), followers, points))?;
            }
            Event::PointSacrificed { player } => {
                if let Some(text) = line.take() {
                    end_line(out, &text, &mut rose_note)?;
                }
                writeln!(
                    out,
                    "    {} gives up {DASH_COST} point for another deployment or move (the dash)",
                    name(player)
                )?;
            }
            Event::PrisonerReleased { player, guard, owner, figure } => {
                writeln!(
                    out,
                    "    {} releases {}'s {}; their {} on guard duty comes back",
                    name(player),
                    name(owner),
                    figure.name(),
                    guard.name()
                )?;
            }
            Event::Captured { player, owner, figure, pos, feature } => {
                let on = feature_name(game, pos, feature);
                if owner == player {
                    writeln!(
                        out,
                        "    {}'s tower takes back their own {} on {on} at {pos}",
                        name(player),
                        figure.name()
                    )?;
                } else {
                    writeln!(
                        out,
                        "    {}'s tower takes {}'s {} on {on} at {pos} prisoner",
                        name(player),
                        name(owner),
                        figure.name()
                    )?;
                }
            }
            Event::PrisonersExchanged { player, figure, other, other_figure } => writeln!(
                out,
                "    {} and {} exchange prisoners: {}'s {} and {}'s {} go home",
                name(player),
                name(other),
                name(player),
                figure.name(),
                name(other),
                other_figure.name()
            )?,
            Event::RansomPaid { player, captor, figure, points } => {
                let mut text = figure_phase_line(line.take(), name(player));
                write!(text, "pays {} {points} points of ransom for their {}", name(captor), figure.name())?;
                line = Some(text);
            }
            Event::ShortRansomPaid { player, captor, figure, paid, received } => {
                // The variant `short-ransom`: all the payer had, the captor gaining the full ransom.
                let mut text = figure_phase_line(line.take(), name(player));
                write!(
                    text,
                    "pays {} all their {paid} points for a ransom of {received} for their {}",
                    name(captor),
                    figure.name()
                )?;
                line = Some(text);
            }
            Event::BarnPlaced { corner, .. } => {
                let mut text = line.take().unwrap_or_default();
                write!(text, " and places the barn on its {corner} corner")?;
                end_line(out, &text, &mut rose_note)?;
            }
            Event::BuildingPlaced { kind, .. } => {
                let mut text = line.take().unwrap_or_default();
                write!(text, " and puts a little {} on it", kind.map_or("building", |k| k.name()))?;
                end_line(out, &text, &mut rose_note)?;
            }
            Event::FestivalReturned { figure, spot, .. } => {
                let mut text = line.take().unwrap_or_default();
                let from = match spot {
                    FigureSpot::Feature { pos, feature } => format!("{} at {pos}", feature_name(game, pos, feature)),
                    FigureSpot::Quarter(quarter) => format!("Carcassonne's {}", quarter.name()),
                    FigureSpot::Corner { pos, corner } => format!("the {} corner of {pos}", corner.name()),
                };
                write!(text, " and, for the festival, takes back the {} from {from}", figure.name())?;
                end_line(out, &text, &mut rose_note)?;
            }
            Event::BarnScoring { player, pos, corner } => {
                if !final_scoring {
                    final_scoring = true;
                    writeln!(out, "final scoring:")?;
                }
                writeln!(out, "    {}'s barn on the {corner} corner of {pos}:", name(player))?;
            }
            Event::WagonMoved { player, pos, feature } => {
                writeln!(
                    out,
                    "    {} moves the wagon onto {} at {pos}",
                    name(player),
                    feature_name(game, pos, feature)
                )?;
            }
            Event::GameEnded => {
                if !final_scoring {
                    writeln!(out, "final scoring: nothing to score")?;
                }
            }
        }
    }
    if let Some(text) = line {
        writeln!(out, "{text}; the deployment is pending")?;
    }
    let scores: Vec<String> = game.players().iter().map(|p| format!("{} {}", p.color.name(), p.score)).collect();
    let state = if game.is_over() { "game over" } else { "game not over" };
    writeln!(out, "{}: {}", if game.is_over() { "final scores" } else { "scores" }, scores.join(", "))?;
    writeln!(
        out,
        "{} turns, {} discarded tiles, {} actions, {state}",
        game.turns(),
        game.discarded().len(),
        record.actions.len()
    )?;
    Ok(())
}

/// The turn's line, ready for one more thing its player does in the figure phase (a ransom paid,
/// a tile removed), or a line of its own with the player as its subject where the turn's line
/// is already written (after a deployment in a round of the dash).
fn figure_phase_line(line: Option<String>, player: &str) -> String {
    match line {
        Some(text) => text + ", ",
        None => format!("    {player} "),
    }
}

/// `4 completed cities × 1 = 4`.
/// The Gold Mines' final score in words: "5 ingots × 2 = 10".
fn gold_breakdown(count: u8) -> String {
    let each = carcassonne_engine::ingot_value(count);
    format!("{count} ingot{} × {each} = {}", if count == 1 { "" } else { "s" }, count as u32 * each)
}

fn token_breakdown(token: Token, count: u16) -> String {
    let what = match (token, count) {
        (Token::King, 1) => "city",
        (Token::King, _) => "cities",
        (Token::RobberBaron, 1) => "road",
        (Token::RobberBaron, _) => "roads",
    };
    format!("{count} completed {what} × 1 = {count}")
}

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

/// `red scores 8: completed city@N at (0,-1), 3 tiles × 2 + 1 pennant × 2 = 8`.
fn describe_score(game: &Game, s: &Score) -> String {
    let state = match (s.phase, s.completed) {
        (_, true) => "completed ",
        // Abbey & Mayor: farmers meeting a barn score during the game.
        (Phase::Turn, false) if s.kind == FeatureKind::Field => "farm (a barn's) ",
        // An abbot recalled during the game scores its cloister or garden as it stands.
        (Phase::Turn, false) => "incomplete ",
        (Phase::Final, false) if s.kind == FeatureKind::Field => "farm ",
        // A special monastery's prior is scored at the end for the monastery's row and column.
        (Phase::Final, false) if s.kind == FeatureKind::Prior => "monastery's ",
        (Phase::Final, false) => "incomplete ",
    };
    let what = format!("{state}{} at {}", feature_name(game, s.pos, s.feature), s.pos);
    // Baba Yaga's hut: its "tiles" are the hut and the empty places around it.
    let breakdown = if s.kind == FeatureKind::Hut {
        format!("{} (1 for the hut and 1 for each empty place around it)", s.breakdown)
    } else {
        s.breakdown.to_string()
    };
    if s.players.is_empty() {
        format!("nobody scores: {what} had no follower ({breakdown})")
    } else {
        let verb = if s.players.len() == 1 { "scores" } else { "each score" };
        format!("{} {verb} {}: {what}, {breakdown}", player_names(game, s.players), s.points)
    }
}

/// Writes a turn's line, then the note of a wind rose's points scored with its tile.
fn end_line(out: &mut impl Write, text: &str, rose_note: &mut Option<String>) -> std::io::Result<()> {
    writeln!(out, "{text}")?;
    if let Some(note) = rose_note.take() {
        writeln!(out, "{note}")?;
    }
    Ok(())
}
