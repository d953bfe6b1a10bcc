//! Hills & Sheep and The Vineyards (the Wikicarpedia pages "Hills & Sheep" and "Hills & Sheep
//! (1st edition)", the English rulebook of 2014; the Assembled Game Reference's steps 1B, 1C,
//! 2B-1, 2C and 3B): hills that hide a tile and break ties, the shepherd and its flock, and 3
//! points a vineyard around a completed monastery. docs/rules.md, "Hills & Sheep", lists which
//! test checks which rule.

use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, FeatureKind, Figure, FlockToken, Game, GameSetup, Pending, Pos, RuleError,
    Rules, SetupError, FLOCK_BAG,
};

use crate::expansions::{every_bot_plays, feature, place, random_game_checked, turn, two_player, F};

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::HillsSheep];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

fn at(x: i16, y: i16) -> Pos {
    Pos::new(x, y)
}

const SHEPHERD: Figure = Figure::Shepherd;
const GROW: Action = Action::Flock { herd: false };
const HERD: Action = Action::Flock { herd: true };

fn sheep(n: u8) -> FlockToken {
    FlockToken::Sheep(n)
}

fn scored_points(events: &[Event], kind: FeatureKind) -> Vec<(Vec<u8>, u32)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Scored(s) if s.kind == kind => Some((s.players.iter().collect(), s.points)),
            _ => None,
        })
        .collect()
}

/// "If a hill is depicted on the tile, immediately draw a second tile. Keep the second tile
/// face-down underneath the tile with the hill" (step 1B): the pile loses a tile, nobody sees
/// it. Then a road with one follower of each player: red's stands on the hill, so red alone
/// scores it ("If there is a tie, tied players with at least one follower on a hill are
/// considered to have control", step 3B; JCloisterZone's issue 340 is such a case).
#[test]
fn a_hill_hides_a_tile_and_wins_a_tie() {
    let deck = ["hills-sheep:04", "base:B", "base:K", "base:V", "base:V", "base:A", "base:B"];
    let mut g = two_player(rules(&[]), &deck);
    // The hill tile is drawn: six tiles face down.
    assert_eq!(g.tiles_left(), 6);
    // Red: the hill tile at the west end of the start tile's road, a thief on it.
    let events = turn(&mut g, -1, 0, 270, Some((F, "road@E")));
    assert!(events.contains(&Event::TileUnderHill { player: 0, pos: at(-1, 0) }));
    // Blue drew the next tile but one: the hill took the next beneath it.
    assert_eq!(g.tiles_left(), 4, "the hill took the next tile beneath it");
    assert_eq!(g.hills_with_tiles_under(), vec![at(-1, 0)]);
    // The hidden tile is unseen, like the pile.
    let unseen: u16 = g.observation(Some(1)).remaining_tiles().iter().map(|&(_, n)| n).sum();
    assert_eq!(unseen, 5);
    // Blue: a road north of the start tile, with a thief.
    turn(&mut g, 0, -1, 180, Some((F, "road@N")));
    turn(&mut g, 1, -1, 0, None);
    // Blue's curve joins the two roads: red's thief and blue's on one road.
    turn(&mut g, 1, 0, 90, None);
    // Red's cloister closes the road: 6 tiles, one thief each, the tie goes to the hill.
    let events = turn(&mut g, 0, -2, 0, None);
    assert_eq!(scored_points(&events, FeatureKind::Road), vec![(vec![0], 6)]);
    assert_eq!(g.scores(), vec![6, 0]);
}

/// Without a follower on a hill, a tie stays a tie: the same road with the hill tile replaced
/// by a plain road end pays both players.
#[test]
fn a_tie_without_a_hill_pays_both() {
    let deck = ["base:A", "base:K", "base:V", "base:V", "base:A", "base:B"];
    let mut g = two_player(rules(&[]), &deck);
    // A cloister whose road ends at the start tile's west end.
    turn(&mut g, -1, 0, 270, Some((F, "road@E")));
    turn(&mut g, 0, -1, 180, Some((F, "road@N")));
    turn(&mut g, 1, -1, 0, None);
    turn(&mut g, 1, 0, 90, None);
    let events = turn(&mut g, 0, -2, 0, None);
    let paid = scored_points(&events, FeatureKind::Road);
    assert_eq!(paid.len(), 1);
    assert_eq!(paid[0].0, vec![0, 1]);
}

/// The shepherd: on a field of the tile just placed, it draws a token at once; a tile of
/// another player extending the field does nothing for it, and a farmer may join the field
/// ("You can place your shepherd even if there is already a farmer in that field (and vice
/// versa)"); the owner's own tile extending it asks to grow or herd; herding pays a point a
/// sheep, the tokens go back into the bag and the shepherd home.
#[test]
fn the_shepherd_grows_and_drives_its_flock() {
    let mut g = two_player(rules(&[]), &["base:U"; 5]);
    g.arrange_flock(&[sheep(3), sheep(2)]).unwrap();
    // Red: a road south of the start tile, the shepherd on the field between the roads.
    let events = turn(&mut g, 0, 1, 0, Some((SHEPHERD, "field@NNW")));
    assert!(events.contains(&Event::SheepDrawn {
        player: 0,
        pos: at(0, 1),
        feature: feature(&g, at(0, 1), "field@NNW"),
        sheep: 3
    }));
    assert_eq!(g.flock(0), vec![3]);
    assert_eq!(g.flock_bag(), [2, 4, 5, 4, 2]);
    assert_eq!(g.player(0).shepherds, 0);
    // Blue extends the field (nothing happens for red) and puts a farmer in it.
    place(&mut g, -1, 1, 0);
    let farmer = Action::Deploy { figure: F, feature: feature(&g, at(-1, 1), "field@NNW") };
    assert!(g.legal_actions().contains(&farmer), "a farmer may join a shepherd's field");
    g.apply(farmer).unwrap();
    assert!(matches!(g.pending(), Pending::PlaceTile { player: 0, .. }), "{:?}", g.pending());
    // Red extends it: grow or herd.
    place(&mut g, 1, 1, 0);
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::Flock { player: 0 });
    assert_eq!(g.legal_actions(), vec![GROW, HERD]);
    let events = g.apply(GROW).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::SheepDrawn { player: 0, sheep: 2, .. })));
    assert_eq!(g.flock(0), vec![2, 3]);
    // Blue's turn, then red extends it again and drives the flock to the stable: 5 points.
    turn(&mut g, -2, 1, 0, None);
    place(&mut g, 2, 1, 0);
    g.apply(Action::Pass).unwrap();
    let events = g.apply(HERD).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::FlockHerded { sheep: 5, closed: false, .. })));
    assert!(events.iter().any(|e| matches!(e, Event::FigureReturned { player: 0, figure: SHEPHERD, .. })));
    assert_eq!(g.scores(), vec![5, 0]);
    assert_eq!(g.flock(0), Vec::<u8>::new());
    assert_eq!(g.flock_bag(), FLOCK_BAG, "the tokens went back into the bag");
    assert_eq!(g.player(0).shepherds, 1);
}

/// The wolf: drawn when the flock grows, the flock is lost, the shepherd goes home, and the
/// tokens (the wolf too) go back into the bag; drawn by a shepherd just placed, it sends it
/// home at once.
#[test]
fn the_wolf_ends_the_flock() {
    let mut g = two_player(rules(&[]), &["base:U"; 4]);
    g.arrange_flock(&[sheep(4), FlockToken::Wolf, FlockToken::Wolf]).unwrap();
    turn(&mut g, 0, 1, 0, Some((SHEPHERD, "field@NNW")));
    turn(&mut g, -1, 1, 0, None);
    place(&mut g, 1, 1, 0);
    g.apply(Action::Pass).unwrap();
    let events = g.apply(GROW).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::WolfDrawn { player: 0, .. })));
    assert!(events.iter().any(|e| matches!(e, Event::FigureReturned { player: 0, figure: SHEPHERD, .. })));
    assert_eq!(g.scores(), vec![0, 0]);
    assert_eq!(g.flock_bag(), FLOCK_BAG);
    // Blue's shepherd draws the other wolf on being placed: home at once.
    let events = turn(&mut g, 2, 1, 0, Some((SHEPHERD, "field@NNW")));
    assert!(events.iter().any(|e| matches!(e, Event::WolfDrawn { player: 1, .. })));
    assert_eq!(g.player(1).shepherds, 1);
    assert_eq!(g.flock_bag(), FLOCK_BAG);
}

/// The ring of roads around the start tile's southern field: red's shepherd on it, then the
/// field's last tile.
fn ring(deck_filler: bool) -> Game {
    let mut deck = vec!["base:V", "base:V", "base:U", "base:V"];
    if deck_filler {
        deck.push("base:B");
    }
    deck.extend(["base:V", "base:B"]);
    let mut g = two_player(rules(&[]), &deck);
    g.arrange_flock(&[sheep(3), sheep(2)]).unwrap();
    turn(&mut g, 1, 0, 0, None);
    turn(&mut g, -1, 0, 270, None);
    turn(&mut g, 0, 1, 0, Some((SHEPHERD, "field@NNW")));
    turn(&mut g, 1, 1, 90, None);
    g
}

/// A closed field drives its flock to the stable at once, for every shepherd in it, whoever
/// closed it (step 2C's special case): blue closes the field of red's flock, red scores 3 with
/// no decision.
#[test]
fn a_closed_field_drives_its_flock_to_the_stable() {
    let mut g = ring(true);
    // Red's filler tile east of the ring.
    turn(&mut g, 2, 0, 0, None);
    let events = turn(&mut g, -1, 1, 180, None);
    assert!(events.iter().any(|e| matches!(e, Event::FlockHerded { sheep: 3, closed: true, .. })));
    assert_eq!(g.scores()[0], 3);
    assert_eq!(g.player(0).shepherds, 1);
}

/// Red closing their own shepherd's field still chooses first: growing draws a token, then
/// the closed field is driven to the stable (the reference's step 2C, both lines; the reading
/// JCloisterZone follows).
#[test]
fn closing_ones_own_field_lets_the_flock_grow_first() {
    let mut g = ring(false);
    place(&mut g, -1, 1, 180);
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::Flock { player: 0 });
    let events = g.apply(GROW).unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::SheepDrawn { sheep: 2, .. })));
    assert!(events.iter().any(|e| matches!(e, Event::FlockHerded { sheep: 5, closed: true, .. })));
    assert_eq!(g.scores()[0], 5);
}

/// Two flocks joined: the sheep of the field belong to every shepherd there, so when red
/// drives them to the stable, red and blue score all of them, and both shepherds go home.
#[test]
fn joined_flocks_pay_every_shepherd_the_whole_flock() {
    let mut g = two_player(rules(&[]), &["base:U", "base:V", "base:A", "base:B"]);
    g.arrange_flock(&[sheep(3), sheep(2)]).unwrap();
    // Red's shepherd on the field south of the new road; blue's on the start tile's southern
    // field, through the curve west of it.
    turn(&mut g, 0, 1, 0, Some((SHEPHERD, "field@SSE")));
    turn(&mut g, -1, 0, 270, Some((SHEPHERD, "field@ESE")));
    // Red's cloister ends the road between them: one field, red's to decide.
    place(&mut g, 1, 1, 90);
    g.apply(Action::Pass).unwrap();
    assert_eq!(g.pending(), Pending::Flock { player: 0 });
    let events = g.apply(HERD).unwrap();
    let herded = events.iter().find(|e| matches!(e, Event::FlockHerded { .. })).unwrap();
    assert!(matches!(herded, Event::FlockHerded { sheep: 5, players, .. } if players.len() == 2));
    assert_eq!(g.scores(), vec![5, 5]);
    assert_eq!((g.player(0).shepherds, g.player(1).shepherds), (1, 1));
    assert_eq!(g.flock_bag(), FLOCK_BAG);
}

/// One shepherd a field: a second one is refused with a clear error and not offered.
#[test]
fn one_shepherd_a_field() {
    let mut g = two_player(rules(&[]), &["base:U"; 3]);
    g.arrange_flock(&[sheep(1)]).unwrap();
    turn(&mut g, 0, 1, 0, Some((SHEPHERD, "field@NNW")));
    place(&mut g, -1, 1, 0);
    let second = Action::Deploy { figure: SHEPHERD, feature: feature(&g, at(-1, 1), "field@NNW") };
    assert!(!g.legal_actions().contains(&second));
    let before = g.clone();
    assert_eq!(g.apply(second), Err(RuleError::FieldHasShepherd));
    assert_eq!(g.pending(), before.pending());
    // Nor on a road.
    let on_road = Action::Deploy { figure: SHEPHERD, feature: feature(&g, at(-1, 1), "road@E") };
    assert_eq!(g.apply(on_road), Err(RuleError::ShepherdOnField));
}

/// "At the end of the game, shepherds still on the board score nothing."
#[test]
fn shepherds_score_nothing_at_the_end() {
    let mut g = two_player(rules(&[]), &["base:U"]);
    g.arrange_flock(&[sheep(4)]).unwrap();
    turn(&mut g, 0, 1, 0, Some((SHEPHERD, "field@NNW")));
    assert!(g.is_over());
    assert_eq!(g.scores(), vec![0, 0]);
}

/// The flock bag can only be arranged with the expansion, and only with tokens it holds.
#[test]
fn arranging_the_bag_is_checked() {
    let mut g = two_player(Rules::base(), &["base:U"]);
    assert_eq!(g.arrange_flock(&[sheep(1)]), Err(SetupError::FlockNotInPlay));
    let mut g = two_player(rules(&[]), &["base:U"]);
    assert!(matches!(g.arrange_flock(&[FlockToken::Wolf; 3]), Err(SetupError::FlockOrder(_))));
    assert_eq!(FLOCK_BAG.iter().map(|&n| n as u32).sum::<u32>(), 18);
    assert_eq!(FLOCK_BAG.iter().enumerate().map(|(i, &n)| i as u32 * n as u32).sum::<u32>(), 37);
}

/// The Vineyards: "when a monastery is completed, its owner scores 3 additional points for each
/// vineyard on the 8 tiles surrounding it" — the page's example, three vineyards: 9 + 3 × 3 =
/// 18.
#[test]
fn a_completed_monastery_scores_its_vineyards() {
    let g = vineyard_monastery(true);
    assert_eq!(g.scores()[0], 18);
}

/// An incomplete monastery at the end scores its tiles, without its vineyards.
#[test]
fn an_incomplete_monastery_has_no_vineyard_bonus() {
    let g = vineyard_monastery(false);
    assert!(g.is_over());
    assert_eq!(g.scores()[0], 8);
}

/// Red's monk on a cloister south of the start tile, surrounded by blue and red with three
/// vineyards (west, east and south of it); `complete` places the eighth tile too.
fn vineyard_monastery(complete: bool) -> Game {
    let mut deck = vec!["base:B", "base:U", "base:U", "vineyards:01", "vineyards:01", "vineyards:06", "base:U"];
    if complete {
        deck.push("base:U");
    }
    let rules = Rules { expansions: vec![Expansion::Vineyards], ..Rules::base() };
    let mut g = two_player(rules, &deck);
    turn(&mut g, 0, 1, 0, Some((F, "cloister")));
    for (x, y, degrees) in [(1, 0, 0), (-1, 0, 0), (-1, 1, 270), (1, 1, 90), (0, 2, 0), (-1, 2, 0)] {
        turn(&mut g, x, y, degrees, None);
    }
    if complete {
        let events = turn(&mut g, 1, 2, 0, None);
        let score = events
            .iter()
            .find_map(|e| match e {
                Event::Scored(s) if s.kind == FeatureKind::Cloister => Some(*s),
                _ => None,
            })
            .unwrap();
        assert_eq!(score.breakdown.vineyards, 3);
        assert_eq!(score.points, 18);
        assert!(score.breakdown.to_string().contains("3 vineyards × 3"), "{}", score.breakdown);
    }
    g
}

/// Hills & Sheep brings its box's vineyard tiles; The Vineyards alone brings them without the
/// hills and the shepherds.
#[test]
fn the_box_and_the_vineyards_alone() {
    let sets = rules(&[]).tile_sets();
    assert!(sets.contains(&"hills-sheep") && sets.contains(&"vineyards"));
    let alone = Rules { expansions: vec![Expansion::Vineyards], ..Rules::base() };
    assert_eq!(alone.tile_sets(), vec!["base", "vineyards"]);
    let g = Game::new(GameSetup { rules: alone, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(1) }).unwrap();
    assert_eq!(g.player(0).shepherds, 0);
}

/// Random games with Hills & Sheep, alone and with other expansions: the checks of every
/// random game (figures conserved, every score change an event, the record replays); the bag
/// and the flocks always hold the 18 tokens.
#[test]
fn random_games_keep_the_flock_tokens() {
    for (expansions, players, seed) in [
        (vec![], 2, 1u64),
        (vec![], 4, 2),
        (vec![Expansion::InnsCathedrals, Expansion::TradersBuilders, Expansion::AbbeyMayor], 3, 3),
        (vec![Expansion::PrincessDragon, Expansion::Tower, Expansion::Messages], 2, 4),
    ] {
        let g = random_game_checked(rules(&expansions), players, seed);
        assert!(g.is_over());
    }
    let (mut herds, mut wolves) = (0, 0);
    for seed in 0..10u64 {
        let setup = GameSetup { rules: rules(&[]), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        let mut rng = carcassonne_engine::random::rng_from_seed(seed);
        while !g.is_over() {
            let mut actions = g.legal_actions();
            // Shepherds whenever possible, so that flocks grow and meet.
            if actions.iter().any(|a| matches!(a, Action::Deploy { figure: SHEPHERD, .. })) {
                actions.retain(|a| matches!(a, Action::Deploy { figure: SHEPHERD, .. }));
            }
            let action = actions[carcassonne_engine::random::below(&mut rng, actions.len() as u32) as usize];
            for e in g.apply(action).unwrap() {
                match e {
                    Event::FlockHerded { .. } => herds += 1,
                    Event::WolfDrawn { .. } => wolves += 1,
                    _ => {}
                }
            }
            let in_flocks: usize = (0..2).map(|p| g.flock(p).len()).sum();
            let in_bag: usize = g.flock_bag().iter().map(|&n| n as usize).sum();
            assert!(in_flocks + in_bag <= 18);
            if matches!(g.pending(), Pending::PlaceTile { .. }) {
                assert_eq!(in_flocks + in_bag, 18, "seed {seed}");
            }
        }
    }
    assert!(herds > 0 && wolves > 0, "{herds} flocks herded and {wolves} wolves in ten games");
}

#[test]
fn every_bot_plays_hills_and_sheep() {
    every_bot_plays(&rules(&[]), 11);
}

/// The greedy bot plays the shepherd: over a few games between greedy bots, shepherds are
/// deployed, flocks grow and are driven to the stable for points.
#[test]
fn greedy_bots_keep_flocks() {
    let (mut deployed, mut herded_points) = (0, 0);
    for seed in 0..3u64 {
        let setup = GameSetup { rules: rules(&[]), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        let mut bots: Vec<_> = (0..2).map(|k| carcassonne_bots::bot_by_name("greedy", seed * 2 + k).unwrap()).collect();
        while let Some(p) = g.pending().player() {
            let action = bots[p as usize].choose_action(&g.observation(Some(p)));
            if matches!(action, Action::Deploy { figure: SHEPHERD, .. }) {
                deployed += 1;
            }
            for e in g.apply(action).unwrap() {
                if let Event::FlockHerded { sheep, .. } = e {
                    herded_points += sheep;
                }
            }
        }
    }
    eprintln!("greedy: {deployed} shepherds deployed, {herded_points} points of flocks in three games");
    assert!(deployed >= 3 && herded_points >= 10, "{deployed} shepherds, {herded_points} points");
}

/// The command line: `legal` offers the flock's choice, `hint` ranks it, `replay` tells the
/// hill's hidden tile, the sheep drawn and the flock driven to the stable, and its points among
/// the score events. A record replays its draws: they follow from the game (here its explicit
/// deck) and the number of draws.
#[test]
fn the_command_line_lists_and_replays_the_flock() {
    use crate::expansions::RecordedGame;
    use crate::support::{json_of, ok, temp_path};
    let deck = ["hills-sheep:08", "base:U", "base:U", "base:U", "base:U"];
    let mut r = RecordedGame::new(rules(&[]), &deck);
    let put = |x, y, degrees| Action::Place {
        pos: Pos::new(x, y),
        rotation: carcassonne_engine::Rotation::from_degrees(degrees).unwrap(),
    };
    // Red's hill east of the start tile takes the next tile beneath it; blue's road south of
    // the start tile, with blue's shepherd; red extends nothing of blue's; blue's tile extends
    // the shepherd's field.
    r.play(put(1, 0, 90));
    r.play(Action::Pass);
    r.play(put(0, 1, 0));
    r.play(Action::Deploy { figure: SHEPHERD, feature: feature(&r.game, at(0, 1), "field@NNW") });
    assert_eq!(r.game.flock(1).len(), 1, "a sheep token, not the wolf, in this deck's first draw");
    r.play(put(0, 2, 0));
    r.play(Action::Pass);
    r.play(put(-1, 1, 0));
    r.play(Action::Pass);
    assert_eq!(r.game.pending(), Pending::Flock { player: 1 });
    let path = temp_path("hills-sheep-step.json");
    let file = path.to_str().unwrap();
    r.write(&path);
    let legal = json_of(&ok(&["legal", "--json", file]));
    assert_eq!(legal["pending"]["kind"], "flock", "{legal}");
    let actions = legal["actions"].as_array().unwrap();
    assert!(actions.contains(&serde_json::json!({"action": "flock", "player": "blue", "herd": true})));
    let text = ok(&["legal", file]);
    assert!(text.contains("blue's tile extended the field of their shepherd"), "{text}");
    let hint = ok(&["hint", file]);
    assert!(hint.contains("flock"), "{hint}");
    let sheep: u32 = r.game.flock(1).iter().map(|&n| u32::from(n)).sum();
    r.play(HERD);
    assert_eq!(r.game.scores()[1], sheep);
    r.write(&path);
    let text = ok(&["replay", file]);
    assert!(text.contains("red's hill at (1,0) takes the next tile face down beneath it"), "{text}");
    assert!(text.contains("blue's shepherd at (0,1) draws"), "{text}");
    let herded = format!("blue scores {sheep} for the flock at (0,1), driven to the stable ({sheep} sheep)");
    assert!(text.contains(&herded), "{text}");
    let json = json_of(&ok(&["replay", "--json", file]));
    let kinds: Vec<&str> =
        json["score_events"].as_array().unwrap().iter().map(|e| e["kind"].as_str().unwrap()).collect();
    assert!(kinds.contains(&"flock"), "{kinds:?}");
    std::fs::remove_file(&path).ok();
}

/// The shepherd is no follower in any rule set: under the original boxes' rows, which let the
/// tower take builders and pigs and count them as followers for the fairy, a tower never takes
/// a shepherd (random games with many shepherds and towers).
#[test]
fn no_tower_takes_a_shepherd() {
    let variants = carcassonne_engine::Variants {
        tower_captures_builders_and_pigs: true,
        builders_and_pigs_are_followers: true,
        ..Default::default()
    };
    let mut captures = 0;
    for seed in 0..6u64 {
        let rules = Rules {
            expansions: vec![Expansion::HillsSheep, Expansion::Tower, Expansion::TradersBuilders],
            variants: variants.clone(),
        };
        let setup = GameSetup { rules, players: vec![Color::Red, Color::Blue, Color::Green], deck: Deck::Seed(seed) };
        let mut g = Game::new(setup).unwrap();
        let mut rng = carcassonne_engine::random::rng_from_seed(seed);
        while !g.is_over() {
            let mut actions = g.legal_actions();
            // Shepherds and captures whenever possible.
            let eager = |a: &Action| matches!(a, Action::Deploy { figure: SHEPHERD, .. } | Action::Capture { .. });
            if actions.iter().any(eager) {
                actions.retain(eager);
            }
            let action = actions[carcassonne_engine::random::below(&mut rng, actions.len() as u32) as usize];
            for e in g.apply(action).unwrap() {
                if let Event::Captured { figure, .. } = e {
                    assert_ne!(figure, SHEPHERD, "seed {seed}");
                    captures += 1;
                }
            }
        }
    }
    assert!(captures > 0);
}
