//! `carcassonne play`: a game in the terminal, people against bots.
//!
//! Every decision of a human seat shows the board as plain text (one 3x3 block of characters
//! per tile), the scores and supplies, the tiles left, the drawn tile and a numbered list of
//! the legal actions; the player answers with a number. Bot seats decide with the bots of
//! `carcassonne_bots` and their moves are announced in one line each. The game is kept as a
//! record (docs/record-format.md), so it can be saved, replayed and resumed. With The Count of
//! Carcassonne the city's tiles are drawn as one block of stone with the quarters' names, the
//! count and the waiting figures in it, and the status lists the quarters in words.

use std::io::{BufRead, IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use carcassonne_bots::{bot_by_name, Bot};
use carcassonne_engine::record::RECORD_VERSION;
use carcassonne_engine::{
    Action, Color, Deck, Edition, Event, Expansion, Game, GameSetup, Pending, Phase, Record, RecordDeck,
};
use clap::Args;

use crate::rules_args::RulesArgs;
use crate::simulate::{bot_seed, SEAT_COLORS};

mod board;
mod words;

use board::{write_board, write_rotations, write_status};
use words::{describe, describe_score, feeding_quarter, short};

/// Where `s` and `q` save when neither --save nor --resume names a file.
const DEFAULT_SAVE: &str = "carcassonne-game.json";

/// Play a game in the terminal against bots (or other people at the same keyboard).
#[derive(Debug, Args)]
#[command(
    long_about = "Play a game in the terminal. Seats are given in order (red, blue, green, yellow, \
        black, gray): `human` seats answer on stdin, the others are bots (random, greedy, \
        mcts[:easy|medium|hard], ...).\n\n\
        At each of your decisions the board is drawn as text, one 3x3 block per tile: its sides \
        show the terrain (C city, = and | road, . field, ~ river), its centre a cloister (+) or \
        the first letter of the colour of a figure standing on the tile (K for black, A for \
        gray); empty places where the drawn tile fits show `?`. Then the scores, the supplies, \
        the drawn tile in its four rotations and the numbered legal actions. Type a number to \
        choose, `s` to save, `q` to save and quit.\n\n\
        With The Count of Carcassonne (--expansions count) the game starts from the city of \
        Carcassonne, its 12 tiles drawn as one block of stone (`%`) with its four quarters \
        written in it: the castle top right, then clockwise the market, the blacksmith and the \
        cathedral; in each quarter `@` is the count and a colour's letter a figure waiting there. \
        The status lists each quarter, the features its figures may go to and who waits there. \
        The Count's decisions are numbered lists too: deploy a figure from your supply to a \
        quarter when your tile's scoring paid others but not you, then move the count (or leave \
        it); before a completed feature is scored, move figures from the quarter that feeds it \
        onto it, one at a time, or pass; before the final scoring, move figures onto incomplete \
        features or farms, one per turn round the table, or pass for good.\n\n\
        With the official variations that give the players tiles to choose from (--variant \
        tiles-in-hand=three, battle-for-cloisters=true, architects=true or \
        collective-planning=true) your own tiles (or the face-up row) are listed first and you \
        take one by number; then you place it like a drawn tile. The other players' hands are \
        never shown, only how many tiles they hold.\n\n\
        The game is kept as a record: --save FILE writes it after every action (and on `s`, \
        `q` or the end of the input), so that `carcassonne replay FILE` shows it and \
        `carcassonne play --resume FILE` continues it. When the input ends during a human \
        decision the game is saved (with --save) and the program exits with code 0.",
    after_help = "Examples:\n  \
        carcassonne play --players human,mcts:medium\n  \
        carcassonne play --players human,greedy,random --expansions river,inns-cathedrals --seed 7 --save game.json\n  \
        carcassonne play --players human,greedy --expansions count --variant count-moves=clockwise\n  \
        carcassonne play --players human,mcts:medium --variant tiles-in-hand=three\n  \
        carcassonne play --players human,mcts:medium --resume game.json --save game.json"
)]
pub struct PlayArgs {
    /// The seats in order, comma-separated: `human` or a bot name (random, greedy, mcts:medium...).
    #[arg(long, value_name = "LIST", value_delimiter = ',', required = true)]
    players: Vec<String>,
    /// The rules (ignored with --resume: the record's rules apply).
    #[command(flatten)]
    rules: RulesArgs,
    /// Deck seed (default: from the clock); the bots are seeded from it too.
    #[arg(long, short = 's', value_name = "S")]
    seed: Option<u64>,
    /// Write the game's record to FILE after every action.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Continue the game of a record (its rules, players and deck; seats from --players).
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
}

/// Who decides for a seat.
enum Seat {
    Human,
    Bot { name: String, bot: Box<dyn Bot + Send> },
}

/// What a human answered.
enum Answer {
    Act(Action),
    Quit,
    Eof,
}

/// A game in progress with its record and where to save it.
struct Session {
    game: Game,
    record: Record,
    seats: Vec<Seat>,
    /// Every event so far (of the replayed part too), for the final report.
    events: Vec<Event>,
    /// --save.
    save: Option<PathBuf>,
    /// Where `s` and `q` save: --save, else --resume, else [`DEFAULT_SAVE`].
    manual_save: PathBuf,
    /// True when stdin is not a terminal: answers are echoed.
    echo: bool,
}

pub fn run(args: PlayArgs) -> anyhow::Result<()> {
    if args.players.len() < 2 || args.players.len() > SEAT_COLORS.len() {
        bail!("--players needs 2 to {} seats, not {}", SEAT_COLORS.len(), args.players.len());
    }
    let (game, record, events, seed) = match &args.resume {
        Some(path) => resume(path, args.players.len())?,
        None => start(&args)?,
    };
    let mut seats = Vec::new();
    for (seat, name) in args.players.iter().enumerate() {
        let name = name.trim();
        if name == "human" {
            seats.push(Seat::Human);
        } else {
            let bot = bot_by_name(name, bot_seed(seed, seat)).map_err(|e| {
                anyhow::anyhow!("{e}; a seat is `human` or a bot").context(format!("--players: seat {}", seat + 1))
            })?;
            seats.push(Seat::Bot { name: name.to_string(), bot });
        }
    }
    let manual_save = args.save.clone().or_else(|| args.resume.clone()).unwrap_or_else(|| PathBuf::from(DEFAULT_SAVE));
    let stdin = std::io::stdin();
    let echo = !stdin.is_terminal();
    let mut session = Session { game, record, seats, events, save: args.save.clone(), manual_save, echo };
    let mut input = stdin.lock();
    let mut out = crate::output::stdout();
    session.play(&mut input, &mut out, seed)?;
    out.flush()?;
    Ok(())
}

/// A new game from the arguments.
fn start(args: &PlayArgs) -> anyhow::Result<(Game, Record, Vec<Event>, u64)> {
    let seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64)
    });
    let mut rules = args.rules.rules()?;
    if rules.has(Expansion::Abbot) && args.rules.edition.is_none() {
        // The Abbot's gardens are on the second-edition tiles.
        rules.variants.tile_edition = Edition::Second;
    }
    let colors: Vec<Color> = SEAT_COLORS[..args.players.len()].to_vec();
    let game = Game::new(GameSetup { rules: rules.clone(), players: colors.clone(), deck: Deck::Seed(seed) })
        .context("cannot set up the game")?;
    let record =
        Record { version: RECORD_VERSION, rules, players: colors, deck: RecordDeck::Seed(seed), actions: vec![] };
    Ok((game, record, Vec::new(), seed))
}

/// A game continued from a record.
fn resume(path: &Path, seats: usize) -> anyhow::Result<(Game, Record, Vec<Event>, u64)> {
    let record = crate::read_record(path)?;
    let replay = record.replay().with_context(|| format!("{}", path.display()))?;
    if record.players.len() != seats {
        bail!("{}: the record has {} players but --players names {seats} seats", path.display(), record.players.len());
    }
    let seed = match &record.deck {
        RecordDeck::Seed(seed) => *seed,
        RecordDeck::Order(order) => order.len() as u64,
    };
    // Bots continuing a game are seeded apart from the bots that started it.
    let seed = seed.wrapping_add(record.actions.len() as u64);
    let mut events = replay.start_events.clone();
    events.extend(replay.events.iter().map(|&(_, e)| e));
    Ok((replay.game, record, events, seed))
}

impl Session {
    fn play(&mut self, input: &mut impl BufRead, out: &mut impl Write, seed: u64) -> anyhow::Result<()> {
        let seats: Vec<String> = (0..self.seats.len()).map(|p| self.seat_name(p as u8)).collect();
        writeln!(out, "Carcassonne: {}", seats.join(", "))?;
        if self.record.actions.is_empty() {
            writeln!(out, "deck seed {seed}; {} tiles to play", self.game.tiles_left())?;
        } else {
            writeln!(
                out,
                "resuming after {} actions; {} tiles left",
                self.record.actions.len(),
                self.game.tiles_left()
            )?;
        }
        while let Some(player) = self.game.pending().player() {
            let action = match &mut self.seats[player as usize] {
                Seat::Bot { bot, .. } => bot.choose_action(&self.game.observation(Some(player))),
                Seat::Human => match self.ask(input, out, player)? {
                    Answer::Act(action) => action,
                    Answer::Quit => {
                        let path = self.manual_save.clone();
                        self.save_to(&path)?;
                        writeln!(
                            out,
                            "game saved to {}; continue it with --resume {}",
                            path.display(),
                            path.display()
                        )?;
                        return Ok(());
                    }
                    Answer::Eof => {
                        writeln!(out)?;
                        match self.save.clone() {
                            Some(path) => {
                                self.save_to(&path)?;
                                writeln!(out, "end of input: game saved to {}", path.display())?;
                            }
                            None => writeln!(
                                out,
                                "end of input: quitting (without --save FILE the game is not saved on exit)"
                            )?,
                        }
                        return Ok(());
                    }
                },
            };
            writeln!(out, "{} {}", self.seat_name(player), describe(&self.game, action))?;
            self.record.push(&self.game, action);
            let events = match self.game.apply(action) {
                Ok(events) => events,
                Err(e) => {
                    self.record.actions.pop();
                    bail!("{} chose an illegal action: {e}", self.seat_name(player));
                }
            };
            self.report(out, &events)?;
            self.events.extend(events);
            if let Some(path) = self.save.clone() {
                self.save_to(&path)?;
            }
        }
        self.final_report(out)?;
        if let Some(path) = &self.save {
            writeln!(out, "game saved to {}", path.display())?;
        }
        Ok(())
    }

    /// `red (human)`, `blue (mcts:medium)`.
    fn seat_name(&self, player: u8) -> String {
        let color = self.game.player(player).color.name();
        match &self.seats[player as usize] {
            Seat::Human => format!("{color} (human)"),
            Seat::Bot { name, .. } => format!("{color} ({name})"),
        }
    }

    fn save_to(&self, path: &Path) -> anyhow::Result<()> {
        let mut text = self.record.to_json_pretty();
        text.push('\n');
        std::fs::write(path, text).with_context(|| format!("cannot write the record to `{}`", path.display()))
    }

    /// Shows the decision to a human and reads the answer, re-prompting on bad input.
    fn ask(&self, input: &mut impl BufRead, out: &mut impl Write, player: u8) -> anyhow::Result<Answer> {
        let game = &self.game;
        let actions = game.legal_actions();
        writeln!(out)?;
        write_board(out, game)?;
        write_status(out, game)?;
        let color = game.player(player).color.name();
        match game.pending() {
            Pending::PlaceTile { tile, .. } => {
                writeln!(
                    out,
                    "{color}, your tile: {} (edges N E S W: {})",
                    game.design(tile).id,
                    game.design(tile).edge_letters()
                )?;
                write_rotations(out, game.design(tile))?;
                writeln!(out, "where will you place it? (`?` on the board marks the places where it fits)")?;
            }
            Pending::Deploy { pos, .. } if game.after_rebuilding() => {
                let tile = game.board().get(pos).map_or("?".to_string(), |t| game.design(t.tile).id.clone());
                writeln!(
                    out,
                    "{color}, you moved {tile} to {pos}: deploy a figure on it, remove another tile, or pass"
                )?;
            }
            Pending::Deploy { pos, .. } => {
                let tile = game.board().get(pos).map_or("?".to_string(), |t| game.design(t.tile).id.clone());
                writeln!(out, "{color}, you placed {tile} at {pos}: deploy a figure on it, or pass")?;
            }
            Pending::ReplaceTile { tile, from, .. } => {
                writeln!(
                    out,
                    "{color}, you removed {} from {from} (edges N E S W: {}): where will you place it?",
                    game.design(tile).id,
                    game.design(tile).edge_letters()
                )?;
                write_rotations(out, game.design(tile))?;
            }
            Pending::MoveDragon { .. } => {
                let (left, _) = game.dragon_move().unwrap_or((0, &[]));
                let from = game.dragon().map_or_else(String::new, |p| format!(" from {p}"));
                writeln!(out, "{color}, move the dragon one tile{from} ({left} steps left in this move):")?;
            }
            Pending::Capture { pos, .. } => {
                let height = game.towers().iter().find(|t| t.pos == pos).map_or(0, |t| t.height);
                writeln!(
                    out,
                    "{color}, your tower at {pos} is {height} high: take one figure in its row or column up to \
                     {height} tiles away prisoner, or pass"
                )?;
            }
            Pending::Exchange { other, .. } => {
                let other = game.player(other).color.name();
                writeln!(out, "{color}, you and {other} exchange prisoners: which of your figures comes back?")?;
            }
            Pending::Abbey { .. } => {
                writeln!(out, "{color}, place your abbey in a hole (a place with a tile on all four sides), or draw:")?;
            }
            Pending::MoveWagon { pos, feature, .. } => {
                let on = game.feature_name(pos, feature).unwrap_or_default();
                writeln!(
                    out,
                    "{color}, your wagon on {on} at {pos} was scored: move it to an adjacent unfinished, free feature, \
                     or take it home"
                )?;
            }
            Pending::HeldTile { tile, .. } => {
                writeln!(
                    out,
                    "{color}, you may place your own tile ({}) instead of drawing one, or draw:",
                    game.design(tile).id
                )?;
            }
            Pending::ChooseTile { player } => {
                let ids = |tiles: &[carcassonne_engine::TileId]| {
                    tiles.iter().map(|&t| game.design(t).id.as_str()).collect::<Vec<_>>().join(", ")
                };
                if game.tile_row().is_empty() {
                    writeln!(out, "{color}, your tiles: {}. Choose the one to place:", ids(game.hand(player)))?;
                } else {
                    writeln!(out, "{color}, face up: {}. Take one, or draw from the pile:", ids(game.tile_row()))?;
                }
            }
            Pending::GiveTile { player } => {
                let ids: Vec<&str> = game.hand(player).iter().map(|&t| game.design(t).id.as_str()).collect();
                writeln!(
                    out,
                    "{color}, you drew {} for the round: hand one to each player without a tile (you keep the last):",
                    ids.join(", ")
                )?;
            }
            Pending::Carcassonne { .. } => {
                writeln!(
                    out,
                    "{color}, your tile's scoring paid others but not you: deploy a figure from your supply to a \
                     quarter of Carcassonne, or pass"
                )?;
            }
            Pending::MoveCount { .. } => {
                let at = game.count_quarter().map_or("", |q| q.name());
                writeln!(
                    out,
                    "{color}, move the count to another quarter (no figure leaves the count's quarter), or leave it \
                     in the {at} quarter:"
                )?;
            }
            Pending::Redeploy { pos, feature, .. } => {
                let on = game.feature_name(pos, feature).unwrap_or_default();
                let from = feeding_quarter(game, pos, feature).map_or("a", |q| q.name());
                writeln!(
                    out,
                    "{color}, {on} at {pos} is about to be scored: move one of your figures from the {from} quarter \
                     onto it (one at a time), or pass to redeploy no more"
                )?;
            }
            Pending::PlaceGold { pos, .. } => {
                writeln!(
                    out,
                    "{color}, your gold tile at {pos} has its gold ingot: put the second on a tile around it \
                     (diagonally too)"
                )?;
            }
            Pending::Porxada { pos, .. } => {
                writeln!(
                    out,
                    "{color}, you placed La Porxada at {pos}: swap one of your followers with another player's \
                     (name yours first), choose the bonus at the end of the game, or neither"
                )?;
            }
            Pending::SwapWith { .. } => {
                writeln!(out, "{color}, name the other player's follower that changes places with yours, or pass")?;
            }
            Pending::CropCircle { kind, .. } => {
                let place = crate::output::crop_place(kind);
                writeln!(
                    out,
                    "{color}, your tile has a crop circle: choose whether every player may add a follower beside one \
                     of theirs {place}, or must take one back"
                )?;
            }
            Pending::CropAdd { kind, .. } => {
                let place = crate::output::crop_place(kind);
                writeln!(out, "{color}, crop circle: add a follower beside one of yours {place}, or pass")?;
            }
            Pending::CropRemove { kind, .. } => {
                let place = crate::output::crop_place(kind);
                writeln!(out, "{color}, crop circle: take back one of your followers {place}")?;
            }
            Pending::Phantom { pos, .. } => {
                writeln!(
                    out,
                    "{color}, you may deploy your phantom as a second follower on the tile you placed at {pos}, or pass"
                )?;
            }
            Pending::FlierLanding { figure, pos, .. } => {
                writeln!(
                    out,
                    "{color}, your {} flew to {pos}: land on one of its unfinished roads, cities or monasteries \
                     (occupied or not)",
                    figure.name()
                )?;
            }
            Pending::PlaceFerry { pos, .. } => {
                writeln!(out, "{color}, put a ferry on the lake at {pos}: choose the two roads it joins")?;
            }
            Pending::ScoringFigure { points, .. } => {
                writeln!(out, "{color}, you scored {points}: move your scoring follower or your messenger by them")?;
            }
            Pending::Flock { .. } => {
                writeln!(
                    out,
                    "{color}, your tile extended your shepherd's field: grow the flock (draw a token) or drive it to the stable (1 point a sheep)"
                )?;
            }
            Pending::Message { message, .. } => {
                writeln!(
                    out,
                    "{color}, you drew message {} ({}): do what it says, or take its 2 points",
                    message.number(),
                    message.text()
                )?;
            }
            Pending::Plague { late, .. } => {
                let when = if late {
                    "spread the plague now (a flea next to an active outbreak or a red flea joined to one)"
                } else {
                    "spread the plague now or later this turn"
                };
                writeln!(out, "{color}, {when}; you may also let one of your figures flee along its feature")?;
            }
            Pending::MoveFerry { .. } => {
                writeln!(
                    out,
                    "{color}, your tile extended a road that crosses a ferry: you may move the first ferry along it \
                     to join another pair of its lake's roads, or pass"
                )?;
            }
            Pending::MageWitch { .. } => {
                writeln!(
                    out,
                    "{color}, move the mage or the witch onto an unfinished road or city (never the other's), or take \
                     one off the board where neither can move"
                )?;
            }
            Pending::SwapAnswer { by, .. } => {
                writeln!(
                    out,
                    "{color}, {} wants to swap with your follower: accept (pass), or refuse by taking another of \
                     your followers on the board out of the game",
                    game.player(by).color.name()
                )?;
            }
            Pending::FinalRedeploy { .. } => {
                writeln!(
                    out,
                    "{color}, before the final scoring: move one of your figures from Carcassonne onto an incomplete \
                     feature or a farm (one each in turn), or pass to redeploy no more this game"
                )?;
            }
            _ => writeln!(out, "{color}, your decision:")?,
        }
        let labels: Vec<String> =
            actions.iter().enumerate().map(|(i, &a)| format!("{:>3}. {}", i + 1, short(game, a))).collect();
        write_columns(out, &labels)?;
        loop {
            write!(out, "{color}: choose 1-{} (s: save, q: save and quit) > ", actions.len())?;
            out.flush()?;
            let mut line = String::new();
            match input.read_line(&mut line) {
                Ok(0) => return Ok(Answer::Eof),
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                    writeln!(out, "\nthat is not text; type a number from 1 to {}", actions.len())?;
                    continue;
                }
                Err(_) => return Ok(Answer::Eof),
            }
            let answer = line.trim();
            if self.echo {
                // Piped input is not shown by a terminal: show it, so the log reads as a dialogue.
                writeln!(out, "{answer}")?;
            }
            match answer {
                "q" | "quit" => return Ok(Answer::Quit),
                "s" | "save" => {
                    self.save_to(&self.manual_save)?;
                    writeln!(out, "game saved to {}", self.manual_save.display())?;
                }
                "" => writeln!(out, "type the number of an action, from 1 to {}", actions.len())?,
                _ => match answer.parse::<usize>() {
                    Ok(n) if (1..=actions.len()).contains(&n) => return Ok(Answer::Act(actions[n - 1])),
                    Ok(n) => writeln!(out, "there is no action {n}: choose a number from 1 to {}", actions.len())?,
                    Err(_) => writeln!(
                        out,
                        "`{answer}` is not a choice: type a number from 1 to {}, s to save or q to save and quit",
                        actions.len()
                    )?,
                },
            }
        }
    }

    /// Scores and other news of one action, one indented line each.
    fn report(&self, out: &mut impl Write, events: &[Event]) -> anyhow::Result<()> {
        let game = &self.game;
        let name = |p: u8| game.player(p).color.name();
        for event in events {
            match *event {
                Event::Scored(score) if score.phase == Phase::Turn && !score.players.is_empty() => {
                    writeln!(out, "    {}", describe_score(game, &score))?;
                }
                Event::TileDiscarded { player, tile } | Event::TileBackToPile { player, tile } => {
                    let fate = if matches!(event, Event::TileDiscarded { .. }) {
                        "it is removed"
                    } else {
                        "it goes back into the pile"
                    };
                    writeln!(out, "    {} drew {}, which fits nowhere: {fate}", name(player), game.design(tile).id)?;
                }
                Event::TokenTaken { player, token, tiles } => {
                    writeln!(out, "    {} takes the {} ({tiles} tiles)", name(player), token.name())?;
                }
                Event::GoldTaken { player, pos } => {
                    writeln!(out, "    {} takes a gold ingot from {pos}", name(player))?;
                }
                Event::MagicMoved { .. } | Event::MagicRemoved { .. } => {
                    writeln!(out, "    {}", crate::output::magic_line(game, event))?;
                }
                Event::Flew { player, .. } => {
                    writeln!(out, "    {} {}", name(player), crate::output::flight_line(game, event))?;
                }
                Event::TunnelPlaced { player, .. } => {
                    writeln!(out, "    {} {}", name(player), crate::output::tunnel_line(game, event))?;
                }
                Event::FerryPlaced { player, .. } | Event::FerryMoved { player, .. } => {
                    writeln!(out, "    {} {}", name(player), crate::output::ferry_line(game, event))?;
                }
                Event::ScoringFigureMoved { .. }
                | Event::MessageDrawn { .. }
                | Event::MessageScored { .. }
                | Event::MessengerJoined { .. } => {
                    writeln!(out, "    {}", crate::output::messages_line(game, event))?;
                }
                Event::OutbreakStarted { .. }
                | Event::OutbreakEradicated { .. }
                | Event::FleaPlaced { .. }
                | Event::PlagueStruck { .. }
                | Event::Fled { .. } => {
                    writeln!(out, "    {}", crate::output::plague_line(game, event))?;
                }
                Event::WatchtowerScored { player, pos, watches, count, points } => {
                    writeln!(out, "{}", crate::output::watchtower_line(name(player), pos, watches, count, points))?;
                }
                Event::FollowersSwapped { .. } | Event::SwapRefused { .. } | Event::PorxadaTokens { .. } => {
                    writeln!(out, "    {}", crate::output::porxada_line(game, event))?;
                }
                Event::CropCircleChosen { .. }
                | Event::CropFollowerAdded { .. }
                | Event::CropFollowerRemoved { .. } => {
                    writeln!(out, "    {}", crate::output::crop_circle_line(game, event))?;
                }
                Event::TileUnderHill { .. }
                | Event::SheepDrawn { .. }
                | Event::WolfDrawn { .. }
                | Event::FlockHerded { .. } => {
                    writeln!(out, "    {}", crate::output::hills_sheep_line(game, event))?;
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
                    writeln!(out, "    {}", crate::output::bcb_line(game, event))?;
                }
                Event::CatapultRound { .. }
                | Event::Flicked { .. }
                | Event::KnockedOutOfQuarter { .. }
                | Event::Seduced { .. }
                | Event::SeducedInQuarter { .. }
                | Event::CatchThrown { .. }
                | Event::CatapultScored { .. } => {
                    writeln!(out, "    {}", crate::output::catapult_line(game, event))?;
                }
                Event::BigTopMoved { .. }
                | Event::CircusRevealed { .. }
                | Event::CircusScored { .. }
                | Event::AcrobatsScored { .. }
                | Event::RingmasterBonus { .. } => {
                    writeln!(out, "    {}", crate::output::big_top_line(game, event))?;
                }
                Event::ChurchBonus { pos, players, followers, points } => {
                    let who = crate::output::player_names(game, players);
                    writeln!(out, "{}", crate::output::church_line(&who, players.len() > 1, pos, followers, points))?;
                }
                Event::Trapped { player, figure, from, from_feature, pos, .. } => {
                    let from_name = game.feature_name(from, from_feature).unwrap_or_default();
                    writeln!(
                        out,
                        "{}",
                        crate::output::trapped_line(game, name(player), figure, from, &from_name, pos)
                    )?;
                }
                Event::Freed { player, figure, pos, .. } => {
                    let trap = crate::output::trap_name(game, pos);
                    writeln!(out, "    {} frees their {} from {trap} at {pos}", name(player), figure.name())?;
                }
                Event::WindRoseScored { player, pos, points } => {
                    writeln!(
                        out,
                        "    {} scores {points} for the wind rose: the tile at {pos} lies in the section it names",
                        name(player)
                    )?;
                }
                Event::Escaped { player, figure, pos, .. } => {
                    writeln!(out, "    {}'s {} escapes the besieged city at {pos}", name(player), figure.name())?;
                }
                // The count moves with a deployment by the variants' rule (clockwise, or to the
                // deployment's quarter); a player's own move of the count is announced as an action.
                Event::CountMoved { quarter, .. }
                    if events.iter().any(|e| matches!(e, Event::FigureToQuarter { .. })) =>
                {
                    writeln!(out, "    the count moves to the {quarter} quarter")?;
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The final scoring, the final scores and the winners.
    fn final_report(&self, out: &mut impl Write) -> anyhow::Result<()> {
        let game = &self.game;
        writeln!(out)?;
        write_board(out, game)?;
        writeln!(out, "final scoring:")?;
        let mut any = false;
        for event in &self.events {
            match *event {
                Event::Scored(score) if score.phase == Phase::Final && !score.players.is_empty() => {
                    any = true;
                    writeln!(out, "    {}", describe_score(game, &score))?;
                }
                Event::PorxadaCityScored { player, pos, points, .. } => {
                    any = true;
                    writeln!(
                        out,
                        "    {} scores {points} more for the city at {pos}: La Porxada's token counts it as completed",
                        game.player(player).color.name()
                    )?;
                }
                Event::GoldScored { player, count, points } => {
                    any = true;
                    writeln!(
                        out,
                        "    {} scores {points} for the gold: {count} ingot{} × {} = {points}",
                        game.player(player).color.name(),
                        if count == 1 { "" } else { "s" },
                        carcassonne_engine::ingot_value(count)
                    )?;
                }
                Event::VodyanoyPenalty { player, followers, points } => {
                    any = true;
                    writeln!(
                        out,
                        "{}",
                        crate::output::vodyanoy_line(game.player(player).color.name(), followers, points)
                    )?;
                }
                Event::TokenScored { player, token, count, points } => {
                    any = true;
                    writeln!(
                        out,
                        "    {} scores {points} with the {}: {count} completed {} × 1 = {points}",
                        game.player(player).color.name(),
                        token.name(),
                        if token.name() == "king" { "cities" } else { "roads" }
                    )?;
                }
                _ => {}
            }
        }
        if !any {
            writeln!(out, "    nothing to score")?;
        }
        let scores: Vec<String> = game.players().iter().map(|p| format!("{} {}", p.color.name(), p.score)).collect();
        writeln!(out, "final scores: {}", scores.join(", "))?;
        let best = game.players().iter().map(|p| p.score).max().unwrap_or(0);
        let winners: Vec<String> = (0..game.players().len() as u8)
            .filter(|&p| game.player(p).score == best)
            .map(|p| self.seat_name(p))
            .collect();
        if winners.len() == 1 {
            writeln!(out, "winner: {} with {best} points", winners[0])?;
        } else {
            writeln!(out, "winners (a tie at {best} points): {}", winners.join(", "))?;
        }
        Ok(())
    }
}

/// Writes labels in as many columns as fit in 100 characters (one column for short lists).
fn write_columns(out: &mut impl Write, labels: &[String]) -> std::io::Result<()> {
    let width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0) + 3;
    let columns = if labels.len() <= 8 { 1 } else { (100 / width).clamp(1, 4) };
    let rows = labels.len().div_ceil(columns);
    for r in 0..rows {
        let mut line = String::new();
        for c in 0..columns {
            if let Some(label) = labels.get(c * rows + r) {
                line.push_str(&format!("{label:<width$}"));
            }
        }
        writeln!(out, "{}", line.trim_end())?;
    }
    Ok(())
}
