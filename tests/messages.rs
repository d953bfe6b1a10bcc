//! The Messages (the Wikicarpedia pages "The Messages", "The Messages (1st edition)" and the
//! French page's FAQ of 1/2021; the Assembled Game Reference's preparation, its note on the
//! Messages at the head of the order of play, the steps it marks MESSAGES and the final
//! scoring's "Add messenger points to scoring follower"): a messenger per player, a second
//! scoring figure, and eight message tiles read by the player whose figure stops on a dark
//! space of the scoring track at the end of a scoring round of their turn. docs/rules.md, "The
//! Messages", lists which test checks which rule.

use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, Figure, Game, GameSetup, MessageTile, Pending, Pos, RuleError, Rules,
    ScoringFigures, SetupError,
};

use crate::expansions::{every_bot_plays, feature, place, random_game_checked, turn, two_player, RecordedGame, F};

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::Messages];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

fn at(x: i16, y: i16) -> Pos {
    Pos::new(x, y)
}

const MESSENGER: Action = Action::MoveScoringFigure { messenger: true };
const FOLLOWER: Action = Action::MoveScoringFigure { messenger: false };
const SEAL: Action = Action::ReadMessage { perform: false };
const PERFORM: Action = Action::ReadMessage { perform: true };

/// The message order with `first` on top, the others after it in their printed order.
fn first(message: MessageTile) -> Vec<MessageTile> {
    let mut order = vec![message];
    order.extend(MessageTile::ALL.iter().copied().filter(|&m| m != message));
    order
}

/// Red's opening: a thief on the road east of the start tile, a knight in the city (two tiles,
/// one pennant) north of it, a monk on a cloister south of it, a thief on a curve south-east;
/// blue places tiles and passes. Red's ninth-turn tile (a cloister with its road west, a farmer
/// on its field) then completes the road of five tiles: 5 points for red, in red's own turn.
/// The game waits for red's choice of scoring figure.
fn road_of_five(order: &[MessageTile], extra: &[&str]) -> Game {
    let mut deck = vec!["base:U", "base:A", "base:C", "base:U", "base:B", "base:B", "base:V", "base:B", "base:A"];
    deck.extend_from_slice(extra);
    let mut g = two_player(rules(&[]), &deck);
    g.arrange_messages(order).unwrap();
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    turn(&mut g, -1, 0, 270, None);
    turn(&mut g, 0, -1, 0, Some((F, "city@N")));
    turn(&mut g, 2, 0, 0, None);
    turn(&mut g, 0, 1, 0, Some((F, "cloister")));
    turn(&mut g, -1, 1, 0, None);
    turn(&mut g, 1, 1, 270, Some((F, "road@E")));
    turn(&mut g, -2, 0, 0, None);
    // Nobody scored yet: no figure moved, no decision of The Messages.
    assert_eq!(g.scoring_figures()[0], ScoringFigures::default());
    place(&mut g, 3, 0, 90);
    let field = g.legal_actions().into_iter().find(|a| matches!(a, Action::Deploy { figure: Figure::Follower, feature } if g.design(g.board().get(at(3, 0)).unwrap().tile).features[*feature as usize].kind == carcassonne_engine::FeatureKind::Field)).unwrap();
    g.apply(field).unwrap();
    assert_eq!(g.pending(), Pending::ScoringFigure { player: 0, points: 5 });
    g
}

/// "Whenever you score points, you must choose to move either your scoring meeple or your
/// messenger"; a figure that stops on a dark space (0, 5, 10, ...) in the player's own turn
/// brings a message, which is done or traded for 2 points, and goes under the stack (the
/// Wikicarpedia page "The Messages", "3. Scoring a feature").
#[test]
fn a_figure_on_a_dark_space_in_ones_turn_brings_a_message() {
    let mut g = road_of_five(&first(MessageTile::SmallestMonastery), &["base:U"]);
    assert_eq!(g.legal_actions(), vec![FOLLOWER, MESSENGER]);
    assert_eq!(g.scores(), vec![5, 0]);
    let events = g.apply(MESSENGER).unwrap();
    assert!(events.contains(&Event::ScoringFigureMoved { player: 0, messenger: true, points: 5, to: 5 }));
    assert!(events.contains(&Event::MessageDrawn { player: 0, message: MessageTile::SmallestMonastery }));
    assert_eq!(g.pending(), Pending::Message { player: 0, message: MessageTile::SmallestMonastery });
    assert_eq!(g.messages_in_stack(), 7);
    assert_eq!(g.legal_actions(), vec![SEAL, PERFORM]);
    // The cloister at (0, 1): itself and the five tiles around it = 6, scored as at the end;
    // the monk stays.
    let events = g.apply(PERFORM).unwrap();
    assert!(events.contains(&Event::MessageScored {
        player: 0,
        message: MessageTile::SmallestMonastery,
        performed: true,
        points: 6
    }));
    assert_eq!(g.scores(), vec![11, 0]);
    let cloister = g.board().index_at(at(0, 1)).unwrap();
    assert!(g.figures().iter().any(|f| f.owner == 0 && f.placement == cloister), "the monk stays");
    assert_eq!(g.messages_in_stack(), 8, "the message went under the stack");
    // The message's points are a scoring round of their own.
    assert_eq!(g.pending(), Pending::ScoringFigure { player: 0, points: 6 });
    g.apply(FOLLOWER).unwrap();
    assert_eq!(g.scoring_figures()[0], ScoringFigures { follower: 6, messenger: 5 });
    // 6 is no dark space: blue's turn.
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }));
}

/// The seal: 2 points instead of the message's action; a message with nothing to score
/// (no road of the player's) offers only the seal.
#[test]
fn the_seal_is_two_points_instead_of_the_action() {
    let mut g = road_of_five(&first(MessageTile::SmallestRoad), &["base:U"]);
    g.apply(FOLLOWER).unwrap();
    assert_eq!(g.pending(), Pending::Message { player: 0, message: MessageTile::SmallestRoad });
    // Red's thief on the curve at (1, 1): a road of one tile, 1 point.
    assert_eq!(g.legal_actions(), vec![SEAL, PERFORM]);
    let events = g.apply(SEAL).unwrap();
    assert!(events.contains(&Event::MessageScored {
        player: 0,
        message: MessageTile::SmallestRoad,
        performed: false,
        points: 2
    }));
    assert_eq!(g.pending(), Pending::ScoringFigure { player: 0, points: 2 });
    g.apply(MESSENGER).unwrap();
    assert_eq!(g.scoring_figures()[0], ScoringFigures { follower: 5, messenger: 2 });
    assert_eq!(g.scores(), vec![7, 0]);
}

/// Messages 1, 2, 5, 6 and 7 on red's position: the smallest road (the curve, 1), the
/// smallest city (two tiles and a pennant, incomplete: 3), 2 points per pennant in red's cities
/// (2), 2 per knight (2), 3 per farmer (3).
#[test]
fn each_message_scores_what_it_says() {
    for (message, points) in [
        (MessageTile::SmallestRoad, 1),
        (MessageTile::SmallestCity, 3),
        (MessageTile::Pennants, 2),
        (MessageTile::Knights, 2),
        (MessageTile::Farmers, 3),
    ] {
        let mut g = road_of_five(&first(message), &["base:U"]);
        g.apply(MESSENGER).unwrap();
        let figures = g.figures().len();
        let events = g.apply(PERFORM).unwrap();
        assert!(
            events.contains(&Event::MessageScored { player: 0, message, performed: true, points }),
            "{message:?}: {events:?}"
        );
        assert_eq!(g.figures().len(), figures, "{message:?}: the followers stay");
        assert_eq!(g.scores(), vec![5 + points, 0], "{message:?}");
    }
}

/// Message 8 scores one follower the player names, as in the final scoring, and sends it home;
/// it cannot be done without naming one.
#[test]
fn message_eight_scores_a_follower_and_sends_it_home() {
    let mut g = road_of_five(&first(MessageTile::ScoreFollower), &["base:U"]);
    g.apply(MESSENGER).unwrap();
    assert_eq!(g.check(PERFORM), Err(RuleError::MessageNeedsFollower));
    let monk = g.board().index_at(at(0, 1)).unwrap();
    let index = g.figures().iter().position(|f| f.owner == 0 && f.placement == monk).unwrap();
    // The knight, the monk, the thief and the farmer may be named, and the seal taken.
    assert_eq!(g.legal_actions().len(), 5);
    let supply = g.player(0).followers;
    let events = g.apply(Action::MessageFollower { figure: index as u8 }).unwrap();
    assert!(events.contains(&Event::MessageScored {
        player: 0,
        message: MessageTile::ScoreFollower,
        performed: true,
        points: 6
    }));
    assert!(events.iter().any(|e| matches!(e, Event::FigureReturned { player: 0, .. })));
    assert_eq!(g.player(0).followers, supply + 1);
    assert_eq!(g.scores(), vec![11, 0]);
}

/// Message 4: one more tile, placed once the turn's steps are over, with its own figure phase
/// and scoring (the French page's note: a normal turn with all its phases).
#[test]
fn message_four_gives_an_extra_tile() {
    let mut g = road_of_five(&first(MessageTile::ExtraTile), &["base:B", "base:B"]);
    g.apply(MESSENGER).unwrap();
    let events = g.apply(PERFORM).unwrap();
    assert!(events.contains(&Event::MessageScored {
        player: 0,
        message: MessageTile::ExtraTile,
        performed: true,
        points: 0
    }));
    // Red again, not blue.
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 0, .. }), "{:?}", g.pending());
    turn(&mut g, 2, -1, 0, None);
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());
}

/// Points scored in another player's turn move a figure of the scorer's choice (the scorer
/// decides), but bring no message: "during your turn (and only during your turn)".
#[test]
fn points_in_another_players_turn_bring_no_message() {
    // Blue completes red's road this time: red's thief on the road of five.
    let mut g = two_player(rules(&[]), &["base:U", "base:A", "base:U", "base:A", "base:U"]);
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    turn(&mut g, -1, 0, 270, None);
    turn(&mut g, 2, 0, 0, None);
    turn(&mut g, 3, 0, 90, None);
    assert_eq!(g.pending(), Pending::ScoringFigure { player: 0, points: 5 });
    assert_eq!(g.turn_player(), Some(1));
    let events = g.apply(MESSENGER).unwrap();
    assert!(!events.iter().any(|e| matches!(e, Event::MessageDrawn { .. })));
    assert_eq!(g.scoring_figures()[0], ScoringFigures { follower: 0, messenger: 5 });
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 0, .. }));
}

/// Before the final scoring the messenger's points join the scoring follower, and no message
/// comes any more (the Assembled Game Reference, "Prepare for final scoring").
#[test]
fn the_messengers_join_before_the_final_scoring() {
    let mut g = road_of_five(&first(MessageTile::Knights), &[]);
    g.apply(MESSENGER).unwrap();
    g.apply(SEAL).unwrap();
    g.apply(FOLLOWER).unwrap();
    // The last tile was red's: the game ends.
    assert!(g.is_over(), "{:?}", g.pending());
    assert_eq!(g.scoring_figures()[0], ScoringFigures { follower: g.scores()[0], messenger: 0 });
}

/// The message tiles are arranged only in a game with The Messages, each once.
#[test]
fn message_order_is_checked() {
    let mut g = two_player(Rules::base(), &["base:U"]);
    assert_eq!(g.arrange_messages(&MessageTile::ALL), Err(SetupError::MessagesNotInPlay));
    let mut g2 = two_player(rules(&[]), &["base:U"]);
    let twice = [MessageTile::Knights; 8];
    assert!(matches!(g2.arrange_messages(&twice), Err(SetupError::MessageOrder(_))));
    assert_eq!(g2.arrange_messages(&MessageTile::ALL), Ok(()));
}

/// Random games with The Messages, alone and with other expansions: the checks of every
/// random game (figures conserved, every score change an event, the record replays), and the
/// two figures adding up to the score once every round is over; a message only after the
/// player whose turn it is moved a figure onto a dark space.
#[test]
fn random_games_keep_the_figures_in_step_with_the_scores() {
    for (expansions, players, seed) in [
        (vec![], 2, 1u64),
        (vec![], 4, 2),
        (vec![Expansion::InnsCathedrals, Expansion::TradersBuilders, Expansion::Abbot], 3, 3),
        (vec![Expansion::PrincessDragon, Expansion::Tower, Expansion::AbbeyMayor], 2, 4),
    ] {
        let g = random_game_checked(rules(&expansions), players, seed);
        assert!(g.is_over());
    }
    let (mut drawn, mut moves) = (0, 0);
    for seed in 0..8u64 {
        let setup = GameSetup { rules: rules(&[]), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        let mut rng = carcassonne_engine::random::rng_from_seed(seed);
        let mut last_move: Option<(u8, u32)> = None;
        while !g.is_over() {
            if matches!(g.pending(), Pending::PlaceTile { .. }) {
                for (p, f) in g.scoring_figures().iter().enumerate() {
                    assert_eq!(f.follower + f.messenger, g.scores()[p], "seed {seed}");
                }
            }
            // Deploying whenever possible, so that features get scored.
            let mut actions = g.legal_actions();
            if actions.len() > 1 {
                actions.retain(|&a| a != Action::Pass);
            }
            let action = actions[carcassonne_engine::random::below(&mut rng, actions.len() as u32) as usize];
            for e in g.apply(action).unwrap() {
                match e {
                    Event::ScoringFigureMoved { player, to, .. } => {
                        last_move = Some((player, to));
                        moves += 1;
                    }
                    Event::MessageDrawn { .. } => drawn += 1,
                    Event::MessageScored { player, .. } => {
                        let (mover, to) = last_move.expect("a figure moved first");
                        assert_eq!(mover, player);
                        assert!(ScoringFigures::dark(to));
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(moves > 0 && drawn > 0, "{moves} figure moves and {drawn} messages in eight games");
}

#[test]
fn every_bot_plays_the_messages() {
    every_bot_plays(&rules(&[]), 7);
}

/// The command line: `legal` offers the choice of scoring figure and the message, `hint`
/// ranks them, `replay` tells the figure moved, the message drawn and what it scored; the
/// record names each action so that it replays. With an explicit deck order the messages lie in
/// their printed order: the first drawn is message 1.
#[test]
fn the_command_line_lists_and_replays_the_messages() {
    use crate::support::{json_of, ok, temp_path};
    let deck = ["base:U", "base:A", "base:U", "base:B", "base:A", "base:V"];
    let mut r = RecordedGame::new(rules(&[]), &deck);
    let put = |x, y, degrees| Action::Place {
        pos: Pos::new(x, y),
        rotation: carcassonne_engine::Rotation::from_degrees(degrees).unwrap(),
    };
    r.play(put(1, 0, 0));
    r.play(Action::Deploy { figure: F, feature: feature(&r.game, at(1, 0), "road@E") });
    r.play(put(-1, 0, 270));
    r.play(Action::Pass);
    r.play(put(2, 0, 0));
    r.play(Action::Pass);
    r.play(put(0, 1, 0));
    r.play(Action::Pass);
    r.play(put(3, 0, 90));
    r.play(Action::Pass);
    let path = temp_path("messages-step.json");
    let file = path.to_str().unwrap();
    r.write(&path);
    let legal = json_of(&ok(&["legal", "--json", file]));
    assert_eq!(legal["pending"]["kind"], "scoring-figure", "{legal}");
    let actions = legal["actions"].as_array().unwrap();
    assert!(actions.contains(&serde_json::json!({"action": "scoring-figure", "player": "red", "messenger": true})));
    let text = ok(&["legal", file]);
    assert!(text.contains("red scored 5 and moves their scoring follower or their messenger"), "{text}");
    let hint = ok(&["hint", file]);
    assert!(hint.contains("messenger") || hint.contains("scoring follower"), "{hint}");
    r.play(MESSENGER);
    assert_eq!(r.game.pending(), Pending::Message { player: 0, message: MessageTile::SmallestRoad });
    // Red has no road left to score: only the seal is offered.
    assert_eq!(r.game.legal_actions(), vec![SEAL]);
    r.play(SEAL);
    r.play(FOLLOWER);
    r.write(&path);
    let text = ok(&["replay", file]);
    assert!(text.contains("red moves their messenger 5 to 5 (a dark space)"), "{text}");
    assert!(text.contains("red draws message 1 (score your smallest road)"), "{text}");
    assert!(text.contains("red takes the 2 points of message 1 instead"), "{text}");
    let json = json_of(&ok(&["replay", "--json", file]));
    let kinds: Vec<&str> =
        json["score_events"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert!(kinds.contains(&"message"), "{kinds:?}");
    std::fs::remove_file(&path).ok();
}

/// Seed 000's footnote 31 (Hans im Glück, 3/2015): taking the abbot back scores it at once, in
/// the figure phase, "and produces a scoring round for Messages": the figure is moved (and a
/// message read) before the turn's features are scored.
#[test]
fn a_recalled_abbot_is_a_scoring_round() {
    let mut g =
        two_player(rules(&[Expansion::Abbot]), &["base:U-garden", "base:U", "base:B", "base:B", "base:B", "base:B"]);
    turn(&mut g, 1, 0, 0, Some((Figure::Abbot, "garden")));
    turn(&mut g, 2, 0, 0, None);
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 1, 1, 0, None);
    // Not next to the garden: it keeps its four neighbours, 5 points.
    place(&mut g, -1, 1, 0);
    g.apply(Action::RecallAbbot { pos: at(1, 0) }).unwrap();
    assert_eq!(g.pending(), Pending::ScoringFigure { player: 0, points: 5 });
    let events = g.apply(FOLLOWER).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::MessageDrawn { player: 0, .. })));
}

/// Seed 000's footnote 19 (Hans im Glück, 10/2018): a garden is no monastery for message 3; red,
/// whose only monastic follower is the abbot on a garden, has only the seal to take.
#[test]
fn a_garden_is_no_monastery_for_message_three() {
    let mut g = two_player(rules(&[Expansion::Abbot]), &["base:U-garden", "base:A", "base:U", "base:B", "base:A"]);
    g.arrange_messages(&first(MessageTile::SmallestMonastery)).unwrap();
    turn(&mut g, 1, 0, 0, Some((Figure::Abbot, "garden")));
    turn(&mut g, -1, 0, 270, None);
    turn(&mut g, 2, 0, 0, Some((F, "road@E")));
    turn(&mut g, 0, 1, 0, None);
    turn(&mut g, 3, 0, 90, None);
    assert_eq!(g.pending(), Pending::ScoringFigure { player: 0, points: 5 });
    g.apply(MESSENGER).unwrap();
    assert_eq!(g.pending(), Pending::Message { player: 0, message: MessageTile::SmallestMonastery });
    assert_eq!(g.legal_actions(), vec![SEAL]);
    assert_eq!(g.check(PERFORM), Err(RuleError::MessageNothingToScore(carcassonne_engine::FeatureKind::Cloister)));
}

/// The variant `messages-zmg` (the Assembled Game Reference's note: "ZMG rules only"): no
/// message where another player's scoring figure stands on the dark space. Random games check
/// both ways: under the variant no message follows a move onto a space another player's figure
/// holds, and such moves happen; without it, they bring messages.
#[test]
fn the_zmg_variant_gives_no_message_on_a_shared_space() {
    for zmg in [true, false] {
        let variants = carcassonne_engine::Variants { messages_zmg: zmg, ..Default::default() };
        let (mut shared, mut drawn_on_shared) = (0, 0);
        for seed in 0..6u64 {
            let setup = GameSetup {
                rules: Rules { expansions: vec![Expansion::Messages], variants: variants.clone() },
                players: vec![Color::Red, Color::Blue, Color::Green],
                deck: Deck::Seed(seed),
            };
            let mut g = Game::new(setup).unwrap();
            // Greedy players score enough for the figures to meet on the track.
            let mut bots: Vec<_> =
                (0..3).map(|k| carcassonne_bots::bot_by_name("greedy", seed * 3 + k).unwrap()).collect();
            while let Some(p) = g.pending().player() {
                let action = bots[p as usize].choose_action(&g.observation(Some(p)));
                let before = g.scoring_figures();
                let pending = g.pending();
                let active = g.turn_player();
                let events = g.apply(action).unwrap();
                let Pending::ScoringFigure { player, points } = pending else { continue };
                let Action::MoveScoringFigure { messenger } = action else { continue };
                let mine = before[player as usize];
                let to = points + if messenger { mine.messenger } else { mine.follower };
                let others = before.iter().enumerate().filter(|&(p, _)| p != player as usize);
                let on_space = |f: &ScoringFigures| {
                    ScoringFigures::space(f.follower) == ScoringFigures::space(to)
                        || ScoringFigures::space(f.messenger) == ScoringFigures::space(to)
                };
                if active == Some(player) && ScoringFigures::dark(to) && others.clone().any(|(_, f)| on_space(f)) {
                    shared += 1;
                    if events.iter().any(|e| matches!(e, Event::MessageDrawn { .. })) {
                        drawn_on_shared += 1;
                    }
                }
            }
        }
        assert!(shared > 0, "zmg {zmg}: no move onto a shared dark space in six games");
        if zmg {
            assert_eq!(drawn_on_shared, 0);
        } else {
            assert_eq!(drawn_on_shared, shared);
        }
    }
}

/// Our reading of message 4 beside a builder: where the builder's second tile is due at the same
/// end of turn, it comes first, and the message's extra tile after it (three tiles for red).
#[test]
fn message_four_after_a_builders_second_tile() {
    let deck = ["base:U", "base:A", "base:U", "base:B", "base:A", "base:B", "base:B", "base:B"];
    let mut g = two_player(rules(&[Expansion::TradersBuilders]), &deck);
    g.arrange_messages(&first(MessageTile::ExtraTile)).unwrap();
    turn(&mut g, 1, 0, 0, Some((F, "road@E")));
    turn(&mut g, -1, 0, 270, None);
    turn(&mut g, 2, 0, 0, Some((Figure::Builder, "road@E")));
    turn(&mut g, 0, 1, 0, None);
    // Red's tile extends the builder's road (a second tile earned) and completes it: 5 points.
    turn(&mut g, 3, 0, 90, None);
    assert_eq!(g.pending(), Pending::ScoringFigure { player: 0, points: 5 });
    g.apply(MESSENGER).unwrap();
    g.apply(PERFORM).unwrap();
    for pos in [at(2, -1), at(3, -1)] {
        assert!(matches!(g.pending(), Pending::PlaceTile { player: 0, .. }), "{:?}", g.pending());
        turn(&mut g, pos.x, pos.y, 0, None);
    }
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());
}

/// Our reading of points lost (here a point given for "the dash", seed 001's variation): they
/// come off the scoring follower first, the rest off the messenger, with no decision.
#[test]
fn points_lost_come_off_the_scoring_follower_first() {
    for messenger in [false, true] {
        let variants = carcassonne_engine::Variants { dash: true, ..Default::default() };
        let rules = Rules { expansions: vec![Expansion::Messages], variants };
        let mut g = two_player(rules, &["base:E", "base:B", "base:U", "base:B"]);
        let deploy_on = |g: &mut Game, kind: carcassonne_engine::FeatureKind| {
            let action = g
                .legal_actions()
                .into_iter()
                .find(|a| match *a {
                    Action::Deploy { figure: Figure::Follower, feature } => {
                        let placed = g.board().get(g.board().placement(g.board().len() as u16 - 1).pos).unwrap();
                        g.design(placed.tile).features[feature as usize].kind == kind
                    }
                    _ => false,
                })
                .unwrap();
            g.apply(action).unwrap()
        };
        // Red's knight completes the city north of the start tile: 4 points.
        place(&mut g, 0, -1, 180);
        deploy_on(&mut g, carcassonne_engine::FeatureKind::City);
        assert_eq!(g.pending(), Pending::ScoringFigure { player: 0, points: 4 });
        g.apply(Action::MoveScoringFigure { messenger }).unwrap();
        turn(&mut g, 0, 1, 0, None);
        // Red's thief, then a farmer for a point (the dash).
        place(&mut g, 1, 0, 0);
        deploy_on(&mut g, carcassonne_engine::FeatureKind::Road);
        let events = deploy_on(&mut g, carcassonne_engine::FeatureKind::Field);
        assert!(events.iter().any(|e| matches!(e, Event::PointSacrificed { player: 0 })));
        g.apply(Action::Pass).unwrap();
        assert_eq!(g.scores()[0], 3);
        let expected = if messenger {
            ScoringFigures { follower: 0, messenger: 3 }
        } else {
            ScoringFigures { follower: 3, messenger: 0 }
        };
        assert_eq!(g.scoring_figures()[0], expected, "messenger {messenger}");
        assert!(matches!(g.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", g.pending());
    }
}
