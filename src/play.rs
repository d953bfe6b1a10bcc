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
use carcassonne_engine::record::{encode_action, RECORD_VERSION};
use carcassonne_engine::{
    Action, Color, Deck, Edition, Event, Expansion, FeatureKind, Figure, Game, GameSetup, MagicFigure, Pending, Phase,
    Pos, Quarter, Record, RecordAction, RecordDeck, Rotation, Score, Side, TileDesign,
};
use clap::Args;

use crate::output::player_names;
use crate::rules_args::RulesArgs;
use crate::simulate::{bot_seed, SEAT_COLORS};

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

/// `scores 8: completed city@N at (0,-1), 3 tiles × 2 + 1 pennant × 2 = 8`.
fn describe_score(game: &Game, s: &Score) -> String {
    let feature = game.feature_name(s.pos, s.feature).unwrap_or_else(|| s.kind.name().to_string());
    let state = match (s.phase, s.completed) {
        (Phase::Final, false) if s.kind.name() == "field" => "farm ",
        (Phase::Final, false) => "incomplete ",
        _ => "completed ",
    };
    let verb = if s.players.len() == 1 { "scores" } else { "each score" };
    format!(
        "{} {verb} {} for the {} ({state}{feature} at {}): {}",
        player_names(game, s.players),
        s.points,
        s.kind.name(),
        s.pos,
        s.breakdown
    )
}

/// An action in words, for announcements: `places base:D at (1,0) rotated 90°`.
fn describe(game: &Game, action: Action) -> String {
    match encode_action(game, action) {
        RecordAction::Place { tile, x, y, rotation, .. } => {
            format!("places {} at ({x},{y}) rotated {rotation}°", tile.unwrap_or_default())
        }
        RecordAction::Deploy { figure, feature, x: Some(x), y: Some(y), .. } if feature == "tower" => {
            format!("finishes the tower at ({x},{y}) with a {} on top", figure.name())
        }
        RecordAction::Deploy { figure, feature, .. } => {
            let article = if figure.name().starts_with('a') { "an" } else { "a" };
            format!("deploys {article} {} on {feature}", figure.name())
        }
        RecordAction::BuildTower { x, y, .. } => format!("puts a tower piece on the tower at ({x},{y})"),
        RecordAction::RemoveTile { tile, x, y, .. } => {
            format!("gives up a point and removes {} from ({x},{y}) (rebuilding)", tile.unwrap_or_default())
        }
        RecordAction::Capture { x, y, feature, .. } => format!("takes the figure on {feature} at ({x},{y}) prisoner"),
        RecordAction::TakePrisoner { x, y, feature, .. } => {
            format!("takes the follower on {feature} at ({x},{y}) prisoner, with a follower on guard duty")
        }
        RecordAction::MoveFollower { figure, from_x, from_y, from_feature, x, y, feature, .. } => format!(
            "moves their {} from {from_feature} at ({from_x},{from_y}) onto {feature} at ({x},{y})",
            figure.name()
        ),
        RecordAction::ReligiousWar { x, y, knights, .. } => {
            let from: Vec<String> = knights.iter().map(|k| format!("({},{})", k.x, k.y)).collect();
            format!("wages religious war: knights from {} take the cloister at ({x},{y})", from.join(" and "))
        }
        RecordAction::ReleasePrisoner { owner, figure, .. } => {
            format!("releases {owner}'s {} and has the guard back", figure.name())
        }
        RecordAction::Exchange { figure, .. } => format!("has their {} back in the exchange", figure.name()),
        RecordAction::Ransom { captor, figure, .. } => {
            format!("pays {captor} 3 points of ransom for their {}", figure.name())
        }
        RecordAction::Escape { x, y, feature, .. } => format!("lets the knight on {feature} at ({x},{y}) escape"),
        RecordAction::RecallAbbot { x, y, .. } => format!("takes back the abbot at ({x},{y}) and scores it"),
        RecordAction::MoveFairy { x, y, feature, .. } => format!("moves the fairy next to {feature} at ({x},{y})"),
        RecordAction::RemoveKnight { x, y, feature, .. } => {
            format!("sends the knight on {feature} at ({x},{y}) home with the princess")
        }
        RecordAction::MoveDragon { x, y, .. } => format!("moves the dragon to ({x},{y})"),
        RecordAction::Abbey { x, y, .. } => format!("places the abbey in the hole at ({x},{y})"),
        RecordAction::Barn { corner, .. } => format!("places the barn on the {corner} corner of the tile"),
        RecordAction::Gold { x, y, .. } => format!("puts a gold ingot on the tile and one on ({x},{y})"),
        RecordAction::Magic { figure, x, y, feature, .. } => {
            format!("puts the {} on {feature} at ({x},{y})", figure.name())
        }
        RecordAction::MagicOff { figure, .. } => format!("takes the {} off the board", figure.name()),
        RecordAction::Fly { figure, .. } => format!("flies a {} from the flying machine", figure.name()),
        RecordAction::Tunnel { pair, x, y, feature, .. } => format!(
            "puts a tunnel token (pair {}) on the opening of {feature} at ({x},{y})",
            crate::output::tunnel_pair(pair)
        ),
        RecordAction::Land { x, y, feature, .. } => format!("lands on {feature} at ({x},{y})"),
        RecordAction::PorxadaBonus { .. } => "chooses La Porxada's bonus".into(),
        RecordAction::CropCircle { choice, .. } => format!("crop circle: chooses `{choice}`"),
        RecordAction::TakeBack { figure, x, y, .. } => format!("takes back their {} at ({x},{y})", figure.name()),
        RecordAction::SwapFollower { owner, figure, x, y, .. } => {
            format!("names {owner}'s {} at ({x},{y}) for La Porxada's swap", figure.name())
        }
        RecordAction::RefuseSwap { figure, x, y, .. } => {
            format!("refuses the swap: their {} at ({x},{y}) leaves the game", figure.name())
        }
        RecordAction::LittleBuilding { kind, .. } => {
            format!("puts a little {} on the tile", kind.as_deref().unwrap_or("building"))
        }
        festival @ RecordAction::Festival { .. } => {
            format!("celebrates the festival and takes back {}", crate::hint::festival_target(&festival))
        }
        RecordAction::Free { figure, x, y, .. } => format!("frees their {} from the trap at ({x},{y})", figure.name()),
        RecordAction::MoveWagon { x, y, feature, .. } => format!("moves the wagon onto {feature} at ({x},{y})"),
        RecordAction::Carcassonne { figure, quarter, .. } => {
            format!("deploys {} to the {quarter} quarter of Carcassonne", with_article(figure))
        }
        RecordAction::MoveCount { quarter, .. } => format!("moves the count to the {quarter} quarter"),
        RecordAction::Redeploy { figure, x, y, feature, .. } => {
            format!("moves {} from {} onto {feature} at ({x},{y})", with_article(figure), redeploy_source(game, action))
        }
        RecordAction::HeldTile { .. } => "places their own tile instead of drawing".to_string(),
        RecordAction::Mountain { tile, x, y, .. } => {
            format!("turns {} upside down: a mountain at ({x},{y})", tile.unwrap_or_default())
        }
        RecordAction::ChooseTile { tile, .. } => format!("takes {tile}"),
        // Face down, only the two players know which tile.
        RecordAction::GiveTile { to, .. } => format!("hands a tile to {to}"),
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::ChooseTile { .. }) => {
            "draws from the pile".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::Abbey { .. } | Pending::HeldTile { .. }) => {
            "draws a tile".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::MoveWagon { .. }) => {
            "takes the wagon home".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::Carcassonne { .. }) => {
            "deploys nothing to Carcassonne".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::MoveCount { .. }) => {
            format!("leaves the count in the {} quarter", game.count_quarter().map_or("", |q| q.name()))
        }
        RecordAction::Pass { .. }
            if matches!(game.pending(), Pending::Redeploy { .. } | Pending::FinalRedeploy { .. }) =>
        {
            "redeploys no more from Carcassonne".to_string()
        }
        other => match generic(&other).as_str() {
            "pass" => "deploys nothing (passes)".to_string(),
            text => text.to_string(),
        },
    }
}

/// An action in the numbered list: `place at (1,0) rotated 90°`, `deploy follower on city@N`.
fn short(game: &Game, action: Action) -> String {
    match encode_action(game, action) {
        RecordAction::Place { x, y, rotation, .. } => format!("place at ({x},{y}) rotated {rotation}°"),
        RecordAction::Deploy { figure, feature, x: Some(x), y: Some(y), .. } if feature == "tower" => {
            format!("tower: finish the tower at ({x},{y}) with a {}", figure.name())
        }
        RecordAction::Deploy { figure, feature, x: Some(x), y: Some(y), .. } => {
            let how = if game.rules().variants.follower_unpunctuality { "earlier tile" } else { "magic gate" };
            format!("{how}: deploy {} on {feature} at ({x},{y})", figure.name())
        }
        RecordAction::BuildTower { x, y, .. } => {
            let height = game.towers().iter().find(|t| t.pos == Pos::new(x, y)).map_or(0, |t| t.height);
            format!("tower: a piece on the tower at ({x},{y}), {height} high")
        }
        RecordAction::Capture { x, y, feature, .. } => format!("capture: the figure on {feature} at ({x},{y})"),
        RecordAction::RemoveTile { tile, x, y, .. } => {
            format!("rebuild: remove {} at ({x},{y}) and place it elsewhere (1 point)", tile.unwrap_or_default())
        }
        RecordAction::TakePrisoner { x, y, feature, .. } => format!("prisoner: the follower on {feature} at ({x},{y})"),
        RecordAction::MoveFollower { figure, from_x, from_y, from_feature, x, y, feature, .. } => {
            format!("move: {} from {from_feature} at ({from_x},{from_y}) to {feature} at ({x},{y})", figure.name())
        }
        RecordAction::ReligiousWar { x, y, knights, .. } => {
            let from: Vec<String> = knights.iter().map(|k| format!("({},{})", k.x, k.y)).collect();
            format!("religious war: knights from {} to the cloister at ({x},{y})", from.join(" and "))
        }
        RecordAction::ReleasePrisoner { owner, figure, .. } => {
            format!("release {owner}'s {} (your guard comes back)", figure.name())
        }
        RecordAction::Exchange { figure, .. } => format!("exchange: your {} comes back", figure.name()),
        RecordAction::Ransom { captor, figure, .. } => {
            format!("ransom: pay {captor} 3 points for your {}", figure.name())
        }
        RecordAction::Deploy { figure, feature, .. } => format!("deploy {} on {feature}", figure.name()),
        RecordAction::Escape { x, y, feature, .. } => format!("escape: the knight on {feature} at ({x},{y})"),
        RecordAction::RecallAbbot { x, y, .. } => format!("recall the abbot at ({x},{y}) and score it"),
        RecordAction::MoveFairy { x, y, feature, .. } => format!("fairy: next to {feature} at ({x},{y})"),
        RecordAction::RemoveKnight { x, y, feature, .. } => {
            format!("princess: remove the knight on {feature} at ({x},{y})")
        }
        RecordAction::MoveDragon { x, y, .. } => format!("dragon: to ({x},{y})"),
        RecordAction::Abbey { x, y, .. } => format!("abbey: into the hole at ({x},{y})"),
        RecordAction::Barn { corner, .. } => format!("barn: on the {corner} corner"),
        RecordAction::Gold { x, y, .. } => format!("gold: the second ingot on ({x},{y})"),
        RecordAction::Magic { figure, x, y, feature, .. } => format!("{}: onto {feature} at ({x},{y})", figure.name()),
        RecordAction::MagicOff { figure, .. } => format!("{}: off the board", figure.name()),
        RecordAction::Fly { figure, .. } => format!("fly: a {} from the flying machine", figure.name()),
        RecordAction::Tunnel { pair, x, y, feature, .. } => {
            format!("tunnel: a token of pair {} on {feature} at ({x},{y})", crate::output::tunnel_pair(pair))
        }
        RecordAction::Land { x, y, feature, .. } => format!("land: on {feature} at ({x},{y})"),
        RecordAction::PorxadaBonus { .. } => "La Porxada: the bonus at the end".into(),
        RecordAction::CropCircle { choice, .. } if choice == "add" => {
            "crop circle: every player may add a follower".into()
        }
        RecordAction::CropCircle { .. } => "crop circle: every player takes a follower back".into(),
        RecordAction::TakeBack { figure, x, y, feature, .. } => {
            format!("take back: your {} on {feature} at ({x},{y})", figure.name())
        }
        RecordAction::SwapFollower { owner, figure, x, y, feature, .. } => {
            format!("swap: {owner}'s {} on {feature} at ({x},{y})", figure.name())
        }
        RecordAction::RefuseSwap { figure, x, y, feature, .. } => {
            format!("refuse: your {} on {feature} at ({x},{y}) leaves the game", figure.name())
        }
        RecordAction::LittleBuilding { kind, .. } => format!("little {}", kind.as_deref().unwrap_or("building")),
        festival @ RecordAction::Festival { .. } => {
            format!("festival: take back {}", crate::hint::festival_target(&festival))
        }
        RecordAction::Free { figure, x, y, .. } => format!("free: your {} from the trap at ({x},{y})", figure.name()),
        RecordAction::MoveWagon { x, y, feature, .. } => format!("wagon: onto {feature} at ({x},{y})"),
        RecordAction::Carcassonne { figure, quarter, .. } => {
            let feeds = game
                .catalog()
                .quarter_feeds(quarter)
                .map_or(String::new(), |k| format!(", later onto {}", kind_words(k)));
            format!("Carcassonne: {} to the {quarter} quarter{feeds}", figure_words(figure))
        }
        RecordAction::MoveCount { quarter, .. } => format!("count: to the {quarter} quarter"),
        RecordAction::Redeploy { figure, x, y, feature, .. } => {
            format!(
                "redeploy: {} from {} onto {feature} at ({x},{y})",
                figure_words(figure),
                redeploy_source(game, action)
            )
        }
        RecordAction::HeldTile { .. } => "own tile: place it instead of drawing".to_string(),
        RecordAction::Mountain { x, y, .. } => format!("mountain at ({x},{y}): the tile upside down"),
        RecordAction::ChooseTile { tile, .. } => format!("take {tile}"),
        RecordAction::GiveTile { tile, to, .. } => format!("give {tile} to {to}"),
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::ChooseTile { .. }) => {
            "draw from the pile instead".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::Abbey { .. } | Pending::HeldTile { .. }) => {
            "draw a tile".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::MoveWagon { .. }) => {
            "take the wagon home".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::Carcassonne { .. }) => {
            "deploy nothing to Carcassonne".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::MoveCount { .. }) => {
            format!("leave the count in the {} quarter", game.count_quarter().map_or("", |q| q.name()))
        }
        RecordAction::Pass { .. }
            if matches!(game.pending(), Pending::Redeploy { .. } | Pending::FinalRedeploy { .. }) =>
        {
            "redeploy no more".to_string()
        }
        other => generic(&other),
    }
}

/// A figure in words: `big follower`.
/// Little Buildings: what a player has left, "4 little buildings" or "1 tower, 2 houses, 0 sheds".
fn building_words(left: carcassonne_engine::BuildingSupply) -> String {
    let plural = |n: u8, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    if left.by_kind.iter().all(|&n| n == 0) && left.any > 0 || left.total() == 0 {
        return plural(left.any, "little building", "little buildings");
    }
    let [tower, house, shed] = left.by_kind;
    format!(
        "{}, {}, {}",
        plural(tower, "tower", "towers"),
        plural(house, "house", "houses"),
        plural(shed, "shed", "sheds")
    )
}

fn figure_words(figure: Figure) -> String {
    figure.name().replace('-', " ")
}

/// A figure in words with its article: `a follower`, `an abbot`.
fn with_article(figure: Figure) -> String {
    let words = figure_words(figure);
    let article = if words.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {words}")
}

/// The Count of Carcassonne: the quarter whose figures may be redeployed onto feature `feature`
/// of the tile at `pos`.
fn feeding_quarter(game: &Game, pos: Pos, feature: u8) -> Option<Quarter> {
    let design = game.design(game.board().get(pos)?.tile);
    let kind = design.features.get(feature as usize)?.kind;
    game.catalog().quarter_feeding(kind)
}

/// Where a redeployed figure comes from: `the castle quarter`.
fn redeploy_source(game: &Game, action: Action) -> String {
    match action {
        Action::Redeploy { pos, feature, .. } => match feeding_quarter(game, pos, feature) {
            Some(q) => format!("the {q} quarter"),
            None => "Carcassonne".to_string(),
        },
        _ => "Carcassonne".to_string(),
    }
}

/// A feature of the kind a quarter feeds, in words: `a city`, `a farm at the end`.
fn kind_words(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::City => "a city",
        FeatureKind::Road => "a road",
        FeatureKind::Cloister => "a cloister",
        FeatureKind::Field => "a farm at the end",
        _ => "a feature",
    }
}

/// Any record action as its name and fields: `escape x=1 y=2 feature=city@N`, `pass`.
fn generic(action: &RecordAction) -> String {
    let Ok(serde_json::Value::Object(map)) = serde_json::to_value(action) else {
        return format!("{action:?}");
    };
    let mut text = map.get("action").and_then(|v| v.as_str()).unwrap_or("action").to_string();
    for (key, value) in &map {
        if key == "action" || key == "player" {
            continue;
        }
        match value.as_str() {
            Some(s) => text.push_str(&format!(" {key}={s}")),
            None => text.push_str(&format!(" {key}={value}")),
        }
    }
    text
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

/// The letter of a colour on the board: its first letter, K for black and A for gray.
fn color_letter(color: Color) -> char {
    match color {
        Color::Black => 'K',
        Color::Gray => 'A',
        other => other.name().chars().next().unwrap_or('?').to_ascii_uppercase(),
    }
}

/// The terrain code of one side of a rotated design (1 field, 2 road, 3 city, 4 river, 5 abbey).
fn terrain(design: &TileDesign, rotation: Rotation, side: Side) -> u32 {
    (design.view(rotation).edges >> (8 * side.index())) & 0xFF
}

/// The 3x3 characters of a tile; `centre` overrides the middle character.
fn tile_block(design: &TileDesign, rotation: Rotation, centre: Option<char>) -> [[char; 3]; 3] {
    // The variation "Mountains": a tile upside down.
    if design.is_mountain() {
        return [['^'; 3], ['^', centre.unwrap_or('M'), '^'], ['^'; 3]];
    }
    let t = |side| terrain(design, rotation, side);
    let side_char = |side: Side| match t(side) {
        3 => 'C',
        2 if matches!(side, Side::North | Side::South) => '|',
        2 => '=',
        4 => '~',
        5 => '#',
        _ => '.',
    };
    let corner = |a: Side, b: Side| if t(a) == 3 || t(b) == 3 { 'C' } else { '.' };
    let (n, e, s, w) = (Side::North, Side::East, Side::South, Side::West);
    let mut block = [
        [corner(n, w), side_char(n), corner(n, e)],
        [side_char(w), ' ', side_char(e)],
        [corner(s, w), side_char(s), corner(s, e)],
    ];
    if t(n) == 3 {
        block[0] = ['C'; 3];
    }
    if t(s) == 3 {
        block[2] = ['C'; 3];
    }
    if t(w) == 3 {
        block[1][0] = 'C';
    }
    if t(e) == 3 {
        block[1][2] = 'C';
    }
    block[1][1] = centre.unwrap_or_else(|| centre_char(design, rotation));
    block
}

/// The middle of a tile: a cloister, where roads or rivers meet, or a city across the tile.
fn centre_char(design: &TileDesign, rotation: Rotation) -> char {
    if design.has_cloister() {
        return '+';
    }
    let has = |side: Side, code: u32| terrain(design, rotation, side) == code;
    let roads: Vec<Side> = Side::ALL.into_iter().filter(|&s| has(s, 2)).collect();
    let rivers = Side::ALL.into_iter().filter(|&s| has(s, 4)).count();
    // A city feature that reaches two sides or more covers the middle.
    let view = design.view(rotation);
    let city_sides: Vec<u8> =
        Side::ALL.into_iter().filter(|&s| has(s, 3)).map(|s| view.port_feature[s.centre().index()]).collect();
    let joined_city = city_sides.iter().enumerate().any(|(i, f)| city_sides[i + 1..].contains(f));
    if rivers > 0 {
        '~'
    } else if joined_city && roads.is_empty() {
        'C'
    } else {
        match roads.as_slice() {
            [] => {
                if joined_city {
                    'C'
                } else {
                    '.'
                }
            }
            [Side::North, Side::South] => '|',
            [Side::East, Side::West] => '=',
            [Side::North, Side::East] | [Side::South, Side::West] => '\\',
            [Side::East, Side::South] | [Side::North, Side::West] => '/',
            _ => 'o',
        }
    }
}

/// The drawn tile in its four rotations, side by side.
fn write_rotations(out: &mut impl Write, design: &TileDesign) -> std::io::Result<()> {
    let blocks: Vec<[[char; 3]; 3]> = Rotation::ALL.iter().map(|&r| tile_block(design, r, None)).collect();
    let header: Vec<String> = Rotation::ALL.iter().map(|r| format!("{:<7}", format!("{}°", r.degrees()))).collect();
    writeln!(out, "    {}", header.concat().trim_end())?;
    for row in 0..3 {
        let line: Vec<String> = blocks.iter().map(|b| format!("{}    ", b[row].iter().collect::<String>())).collect();
        writeln!(out, "    {}", line.concat().trim_end())?;
    }
    Ok(())
}

/// The board as text: 3x3 characters per tile, x across the top, y down the left.
fn write_board(out: &mut impl Write, game: &Game) -> std::io::Result<()> {
    let board = game.board();
    let mut targets: Vec<Pos> = vec![];
    if let Pending::PlaceTile { .. } = game.pending() {
        for action in game.legal_actions() {
            if let Action::Place { pos, .. } | Action::RaiseMountain { pos } = action {
                if !targets.contains(&pos) {
                    targets.push(pos);
                }
            }
        }
    }
    let positions: Vec<Pos> = board.tiles().iter().map(|t| t.pos).chain(targets.iter().copied()).collect();
    let Some(min_x) = positions.iter().map(|p| p.x).min() else {
        return writeln!(out, "(the board is empty)");
    };
    let max_x = positions.iter().map(|p| p.x).max().unwrap_or(min_x);
    let min_y = positions.iter().map(|p| p.y).min().unwrap_or(0);
    let max_y = positions.iter().map(|p| p.y).max().unwrap_or(min_y);
    // The dragon (`&`) hides the figures of its tile: it has just eaten them.
    let figure_at = |pos: Pos| {
        if game.dragon() == Some(pos) {
            return Some('&');
        }
        game.figures()
            .iter()
            .find(|f| board.placement(f.placement).pos == pos)
            .map(|f| color_letter(game.player(f.owner).color))
    };
    // The characters of the board: 3 rows per tile, 4 columns (the tile's 3 and a space).
    let mut grid = Grid {
        min: Pos::new(min_x, min_y),
        cells: vec![vec![' '; 4 * (max_x - min_x + 1) as usize]; 3 * (max_y - min_y + 1) as usize],
    };
    for y in min_y..=max_y {
        for x in min_x..=max_x {
            let pos = Pos::new(x, y);
            let mut block = match board.get(pos) {
                Some(placed) => tile_block(game.design(placed.tile), placed.rotation, figure_at(pos)),
                None if targets.contains(&pos) => [[' '; 3], [' ', '?', ' '], [' '; 3]],
                None => [[' '; 3]; 3],
            };
            // The Tower: the foundation (`t`) or the tower's height in the top-right corner.
            if let Some(tower) = game.towers().iter().find(|t| t.pos == pos) {
                block[0][2] = match tower.height {
                    0 => 't',
                    h @ 1..=9 => char::from(b'0' + h),
                    _ => '*',
                };
            }
            for (r, row) in block.into_iter().enumerate() {
                for (c, ch) in row.into_iter().enumerate() {
                    grid.set(pos, r, c, ch);
                }
            }
        }
    }
    draw_city(&mut grid, game, figure_at);
    let mut header = String::from("     ");
    for x in min_x..=max_x {
        header.push_str(&format!("{x:^3} "));
    }
    writeln!(out, "{}", header.trim_end())?;
    for (row, cells) in grid.cells.iter().enumerate() {
        let label = if row % 3 == 1 { format!("{:>4} ", min_y as i32 + (row / 3) as i32) } else { "     ".to_string() };
        let line: String = cells.iter().collect();
        writeln!(out, "{}", format!("{label}{line}").trim_end())?;
    }
    Ok(())
}

/// The board's characters (see [`write_board`]).
struct Grid {
    /// The position of the top-left tile.
    min: Pos,
    cells: Vec<Vec<char>>,
}

impl Grid {
    /// The row and column of character (`r`, `c`) of the tile at `pos` (`c` 3 is the space
    /// east of the tile).
    fn at(&self, pos: Pos, r: usize, c: usize) -> (usize, usize) {
        (3 * (pos.y - self.min.y) as usize + r, 4 * (pos.x - self.min.x) as usize + c)
    }

    fn get(&self, pos: Pos, r: usize, c: usize) -> char {
        let (row, col) = self.at(pos, r, c);
        self.cells[row][col]
    }

    fn set(&mut self, pos: Pos, r: usize, c: usize, ch: char) {
        let (row, col) = self.at(pos, r, c);
        self.cells[row][col] = ch;
    }
}

/// The stone of the city of Carcassonne.
const STONE: char = '%';
/// The count in its quarter.
const COUNT: char = '@';

/// The Count of Carcassonne: the city's tiles (the partial tiles) as one block of stone, each
/// tile keeping only the sides that face the land around the city; the names of the four
/// quarters in the quadrants of the block (castle top right, then clockwise), each followed by
/// the count (`@`) when it stands there and the colour letter of each figure waiting there. A
/// figure on one of the city's outer fields or roads is shown on its tile's outer side.
fn draw_city(grid: &mut Grid, game: &Game, figure_at: impl Fn(Pos) -> Option<char>) {
    let board = game.board();
    let is_city = |pos: Pos| board.get(pos).is_some_and(|t| game.design(t.tile).partial);
    let city: Vec<Pos> = board.tiles().iter().map(|t| t.pos).filter(|&p| is_city(p)).collect();
    if city.is_empty() {
        return;
    }
    for &pos in &city {
        let (n, e, s, w) = (
            !is_city(Pos::new(pos.x, pos.y - 1)),
            !is_city(Pos::new(pos.x + 1, pos.y)),
            !is_city(Pos::new(pos.x, pos.y + 1)),
            !is_city(Pos::new(pos.x - 1, pos.y)),
        );
        for r in 0..3 {
            for c in 0..3 {
                let outer = (r == 0 && n) || (r == 2 && s) || (c == 0 && w) || (c == 2 && e);
                if !outer {
                    grid.set(pos, r, c, STONE);
                }
            }
        }
        if let Some(ch) = figure_at(pos) {
            let (r, c) = if n {
                (0, 1)
            } else if w {
                (1, 0)
            } else if e {
                (1, 2)
            } else {
                (2, 1)
            };
            grid.set(pos, r, c, ch);
        }
    }
    // The spaces between two tiles of the city are stone where stone lies on both sides.
    for &pos in &city {
        if is_city(Pos::new(pos.x + 1, pos.y)) {
            for r in 0..3 {
                if grid.get(pos, r, 2) == STONE && grid.get(Pos::new(pos.x + 1, pos.y), r, 0) == STONE {
                    grid.set(pos, r, 3, STONE);
                }
            }
        }
    }
    // The quarters, when the city is a full rectangle of tiles.
    let (x0, x1) = (city.iter().map(|p| p.x).min().unwrap_or(0), city.iter().map(|p| p.x).max().unwrap_or(0));
    let (y0, y1) = (city.iter().map(|p| p.y).min().unwrap_or(0), city.iter().map(|p| p.y).max().unwrap_or(0));
    let Some(count) = game.count_quarter() else { return };
    if city.len() != ((x1 - x0 + 1) as usize) * ((y1 - y0 + 1) as usize) {
        return;
    }
    let (top, left) = grid.at(Pos::new(x0, y0), 0, 0);
    let (bottom, right) = grid.at(Pos::new(x1, y1), 2, 2);
    // The stone inside the block's outer ring, split in halves each way.
    let (mid_row, mid_col) = ((top + bottom) / 2, (left + right) / 2);
    for quarter in Quarter::ALL {
        let (rows, cols) = match quarter {
            Quarter::Castle => (top + 1..mid_row, mid_col + 1..right),
            Quarter::Market => (mid_row + 1..bottom, mid_col + 1..right),
            Quarter::Blacksmith => (mid_row + 1..bottom, left + 1..mid_col),
            Quarter::Cathedral => (top + 1..mid_row, left + 1..mid_col),
        };
        let width = cols.len();
        if width == 0 || rows.is_empty() {
            continue;
        }
        let mut lines: Vec<Vec<char>> =
            quarter_label(quarter).iter().map(|l| l.chars().take(width).collect()).collect();
        let mut figures: Vec<char> = vec![];
        if count == quarter {
            figures.push(COUNT);
        }
        figures.extend(
            game.residents().iter().filter(|r| r.quarter == quarter).map(|r| color_letter(game.player(r.owner).color)),
        );
        lines.extend(figures.chunks(width).map(|c| c.to_vec()));
        if lines.len() > rows.len() {
            lines.truncate(rows.len());
            if let Some(last) = lines.last_mut().and_then(|l| l.last_mut()) {
                *last = '+';
            }
        }
        for (row, line) in rows.zip(lines) {
            for (col, ch) in cols.clone().zip(line) {
                grid.cells[row][col] = ch;
            }
        }
    }
}

/// A quarter's name on the text board, in lines of at most 6 characters.
fn quarter_label(quarter: Quarter) -> &'static [&'static str] {
    match quarter {
        Quarter::Castle => &["castle"],
        Quarter::Market => &["market"],
        Quarter::Blacksmith => &["black-", "smith"],
        Quarter::Cathedral => &["cathe-", "dral"],
    }
}

/// Scores, supplies and tiles left.
fn write_status(out: &mut impl Write, game: &Game) -> std::io::Result<()> {
    let legend: Vec<String> =
        game.players().iter().map(|p| format!("{} {}", color_letter(p.color), p.color.name())).collect();
    writeln!(out, "C city, = | \\ / road, o crossing, . field, ~ river, + cloister; figures: {}", legend.join(", "))?;
    if game.rules().has(Expansion::PrincessDragon) {
        writeln!(out, "& the dragon")?;
    }
    if game.rules().has(Expansion::Tower) {
        writeln!(out, "top-right corner: t a tower foundation, 1-9 a tower's height (* for 10 or more)")?;
    }
    if game.count_quarter().is_some() {
        writeln!(
            out,
            "% the city of Carcassonne, its quarters named; in a quarter @ the count and its figures' letters"
        )?;
    }
    for p in game.players() {
        let mut supply = format!("{} follower{}", p.followers, if p.followers == 1 { "" } else { "s" });
        if p.big_followers > 0 {
            supply.push_str(&format!(", {} big follower", p.big_followers));
        }
        if p.abbots > 0 {
            supply.push_str(&format!(", {} abbot", p.abbots));
        }
        if p.phantoms > 0 {
            supply.push_str(", the phantom");
        }
        if game.rules().has(Expansion::Tower) {
            let seat = game.players().iter().position(|q| q.color == p.color).unwrap_or(0) as u8;
            supply.push_str(&format!(", {} tower pieces", game.tower_pieces(seat)));
            let held: Vec<String> = game
                .prisoners()
                .iter()
                .filter(|q| q.captor == seat)
                .map(|q| format!("{}'s {}", game.player(q.owner).color.name(), q.figure.name()))
                .collect();
            if !held.is_empty() {
                supply.push_str(&format!("; holds {}", held.join(", ")));
            }
        }
        let seat = game.players().iter().position(|q| q.color == p.color).unwrap_or(0) as u8;
        if game.rules().has(Expansion::LittleBuildings) {
            supply.push_str(&format!(", {}", building_words(game.buildings_left(seat))));
        }
        if game.rules().has(Expansion::GoldMines) {
            let n = game.gold_held(seat);
            supply.push_str(&format!("; {n} gold ingot{}", if n == 1 { "" } else { "s" }));
        }
        if game.rules().has(Expansion::LaPorxada) {
            if game.porxada_tokens().contains(seat) {
                supply.push_str("; a La Porxada token");
            }
            let out = game.figures_out_of_game(seat, carcassonne_engine::Figure::Follower);
            if out > 0 {
                supply.push_str(&format!("; {out} out of the game"));
            }
        }
        let held = game.hand(seat).len();
        if held > 0 {
            // Only how many: the tiles themselves are their owner's secret.
            supply.push_str(&format!("; {held} tile{} in hand", if held == 1 { "" } else { "s" }));
        }
        writeln!(out, "  {:<7} {:>3} points, in supply: {supply}", p.color.name(), p.score)?;
    }
    if !game.tile_row().is_empty() {
        let row: Vec<&str> = game.tile_row().iter().map(|&t| game.design(t).id.as_str()).collect();
        writeln!(out, "face up: {}", row.join(", "))?;
    }
    let finished: Vec<String> =
        game.towers().iter().filter(|t| t.finished).map(|t| format!("{} ({} high)", t.pos, t.height)).collect();
    if !finished.is_empty() {
        writeln!(out, "finished towers: {}", finished.join(", "))?;
    }
    if !game.little_buildings().is_empty() {
        let on: Vec<String> = game
            .little_buildings()
            .iter()
            .map(|b| format!("{} {}", b.kind.map_or("building", |k| k.name()), b.pos))
            .collect();
        writeln!(out, "little buildings: {}", on.join(", "))?;
    }
    if !game.gold_on_board().is_empty() {
        let on: Vec<String> = game.gold_on_board().iter().map(|(pos, n)| format!("{n} at {pos}")).collect();
        writeln!(out, "gold ingots: {}", on.join(", "))?;
    }
    if game.rules().has(Expansion::MageWitch) {
        let at = |figure| match game.magic_figure(figure) {
            Some((pos, feature)) => format!("on the {} at {pos}", crate::output::feature_kind_at(game, pos, feature)),
            None => "beside the board".to_string(),
        };
        writeln!(out, "the mage is {}; the witch is {}", at(MagicFigure::Mage), at(MagicFigure::Witch))?;
    }
    writeln!(out, "tiles left: {}", game.tiles_left())?;
    if let Some(pos) = game.dragon() {
        let fairy = match game.fairy() {
            Some((at, Some(f))) => {
                format!("; the fairy is at {at}, next to {}'s follower", game.player(f.owner).color.name())
            }
            Some((at, None)) => format!("; the fairy is at {at}"),
            None => String::new(),
        };
        writeln!(out, "the dragon is at {pos}{fairy}")?;
    } else if let Some((at, _)) = game.fairy() {
        writeln!(out, "the fairy is at {at}")?;
    }
    if !game.tiles_set_aside().is_empty() {
        writeln!(out, "dragon tiles set aside until the dragon is in play: {}", game.tiles_set_aside().len())?;
    }
    write_quarters(out, game)
}

/// The Count of Carcassonne: where the count stands, and for each quarter the features its
/// figures may be redeployed to and who waits there.
fn write_quarters(out: &mut impl Write, game: &Game) -> std::io::Result<()> {
    let Some(count) = game.count_quarter() else { return Ok(()) };
    writeln!(
        out,
        "the city of Carcassonne: the count stands in the {count} quarter (no figure leaves it while he stays)"
    )?;
    for quarter in Quarter::ALL {
        let to = match game.catalog().quarter_feeds(quarter) {
            Some(FeatureKind::City) => "cities",
            Some(FeatureKind::Road) => "roads",
            Some(FeatureKind::Cloister) => "cloisters",
            Some(FeatureKind::Field) if game.rules().variants.farmers => "farms, only at the end",
            Some(FeatureKind::Field) => "farms (none: no farmers)",
            _ => "-",
        };
        // Each owner's figures of one kind together, in the order they came.
        let mut groups: Vec<(u8, Figure, usize)> = vec![];
        for r in game.residents().iter().filter(|r| r.quarter == quarter) {
            match groups.iter_mut().find(|(o, f, _)| *o == r.owner && *f == r.figure) {
                Some(group) => group.2 += 1,
                None => groups.push((r.owner, r.figure, 1)),
            }
        }
        let mut waiting: Vec<String> = groups
            .iter()
            .map(|&(owner, figure, n)| {
                let color = game.player(owner).color.name();
                match n {
                    1 => format!("{color} {}", figure_words(figure)),
                    n => format!("{color} {} ×{n}", figure_words(figure)),
                }
            })
            .collect();
        if waiting.is_empty() {
            waiting.push("nobody".to_string());
        }
        let note = if quarter == count { " (the count)" } else { "" };
        writeln!(out, "  {:<10} -> {to:<24} {}{note}", quarter.name(), waiting.join(", "))?;
    }
    Ok(())
}
