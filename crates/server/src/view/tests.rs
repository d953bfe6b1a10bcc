//! Tests of the views: what they show, what they must never show, and their words.

use carcassonne_engine::random::rng_from_seed;
use carcassonne_engine::{Catalog, Color, Deck, Expansion, GameSetup, Pos};

use super::*;

// The views of the further expansions (the Assembled Game Reference's), from Mage & Witch on;
// Under the Big Top's in a file of its own.
mod big_top;
mod bridges_castles_bazaars;
mod catapult;
mod further;

fn seats(n: usize) -> Vec<Seat> {
    (0..n).map(|i| Seat { name: format!("P{i}"), player: "human".into(), token: Some(format!("t{i}")) }).collect()
}

/// The whole view of `game` for nobody in particular, as JSON (every seat offline).
fn view_json(game: &Game, seats: &[Seat], tally: &Tally) -> serde_json::Value {
    let online = vec![0; seats.len()];
    let input = ViewInput { id: "g", version: 1, game, seats, online: &online, tally };
    serde_json::to_value(game_view(&input, vec![], 0, vec![])).unwrap()
}

/// The sentence of `event` in the log, the seats named P0, P1, ...
fn event_text(game: &Game, event: &carcassonne_engine::Event) -> String {
    let names: Vec<String> = (0..game.players().len()).map(|i| format!("P{i}")).collect();
    serde_json::to_value(event_view(game, &names, 0, Some(1), event)).unwrap()["text"].as_str().unwrap().to_string()
}

/// Two games that differ only in the order of their face-down tiles give the same views,
/// so a view cannot reveal that order.
#[test]
fn view_does_not_depend_on_the_deck_order() {
    let rules = Rules {
        expansions: vec![Expansion::InnsCathedrals, Expansion::TradersBuilders, Expansion::KingRobber],
        ..Rules::base()
    };
    let mut game =
        Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue, Color::Green], deck: Deck::Seed(5) })
            .unwrap();
    let seats = seats(3);
    let mut rng = rng_from_seed(9);
    let mut step = 0;
    while !game.is_over() {
        if step % 7 == 0 {
            let other = game.observation(None).sample_game(&mut rng);
            let tally = Tally::new(3);
            let view = |g: &Game| {
                let input =
                    ViewInput { id: "g", version: step, game: g, seats: &seats, online: &[0, 0, 0], tally: &tally };
                serde_json::to_string(&game_view(&input, vec![0, 1, 2], 0, vec![])).unwrap()
            };
            assert_eq!(view(&game), view(&other), "step {step}");
        }
        let actions = game.legal_actions();
        game.apply(actions[step * 31 % actions.len()]).unwrap();
        step += 1;
    }
}

/// The house rule "a three-tile hand": with `hidden` a seat's view shows its own tiles only
/// (the others' as a count), with `visible` every view shows every seat's tiles.
#[test]
fn a_three_tile_hand_is_shown_to_its_owner_or_to_all() {
    use carcassonne_engine::ThreeTileHand;
    for visibility in [ThreeTileHand::Hidden, ThreeTileHand::Visible] {
        let variants = carcassonne_engine::Variants { three_tile_hand: visibility, ..Default::default() };
        let rules = Rules { variants, ..Rules::base() };
        let game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(2) }).unwrap();
        let seats = seats(2);
        let tally = Tally::new(2);
        for you in [vec![0], vec![1], vec![]] {
            let input = ViewInput { id: "g", version: 0, game: &game, seats: &seats, online: &[0, 0], tally: &tally };
            let view = serde_json::to_value(game_view(&input, you.clone(), 0, vec![])).unwrap();
            for seat in 0..2u8 {
                let shown = view["seats"][seat as usize]["hand"].as_array().map(Vec::len);
                let sees = you.contains(&seat) || visibility == ThreeTileHand::Visible;
                assert_eq!(shown, sees.then_some(3), "{visibility:?}, view of {you:?}, seat {seat}");
                assert_eq!(view["seats"][seat as usize]["hand_size"], 3);
            }
        }
    }
}

/// "Rebuilding": every view of a figure decision (each seat's and a spectator's) says
/// whether the deciding seat may remove a tile, exactly when a removal is legal.
#[test]
fn every_view_says_whether_a_tile_may_be_removed() {
    let rules =
        Rules { variants: carcassonne_engine::Variants { rebuilding: true, ..Default::default() }, ..Rules::base() };
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Seed(4) }).unwrap();
    let seats = seats(2);
    let tally = Tally::new(2);
    let (mut may, mut may_not) = (0, 0);
    let mut step = 0;
    while !game.is_over() {
        let actions = game.legal_actions();
        if matches!(game.pending(), Pending::Deploy { .. }) {
            let removal = actions.iter().any(|a| matches!(a, Action::RemoveTile { .. }));
            for you in [vec![0], vec![1], vec![]] {
                let input =
                    ViewInput { id: "g", version: step, game: &game, seats: &seats, online: &[0, 0], tally: &tally };
                let view = serde_json::to_value(game_view(&input, you, 0, vec![])).unwrap();
                assert_eq!(view["pending"]["may_rebuild"].as_bool().unwrap_or(false), removal, "step {step}");
            }
            if removal {
                may += 1;
            } else {
                may_not += 1;
            }
        }
        // Never remove a tile, so that the points pile up and removals come.
        let keep: Vec<Action> = actions.iter().copied().filter(|a| !matches!(a, Action::RemoveTile { .. })).collect();
        game.apply(keep[step * 17 % keep.len()]).unwrap();
        step += 1;
    }
    assert!(may > 10 && may_not > 0, "{may} with a removal, {may_not} without");
}

#[test]
fn every_legal_deployment_has_an_anchor_on_its_tile() {
    let mut game =
        Game::new(GameSetup { rules: Rules::base(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(3) })
            .unwrap();
    let mut checked = 0;
    let mut turn = 0;
    while !game.is_over() {
        turn += 1;
        for legal in legal_views(&game) {
            match legal.action {
                RecordAction::Deploy { .. } => {
                    let [x, y] = legal.at.expect("deployments have an anchor");
                    assert!((0.0..=1.0).contains(&x) && (0.0..=1.0).contains(&y));
                    checked += 1;
                }
                RecordAction::Place { player, tile, .. } => assert!(player.is_none() && tile.is_none()),
                _ => {}
            }
        }
        let actions = game.legal_actions();
        game.apply(actions[turn * 13 % actions.len()]).unwrap();
    }
    assert!(checked > 50, "{checked}");
}

/// Every event that changes a score says whose and by how much, with the sign: a client adds
/// `score_changes` up without knowing the kinds of events.
#[test]
fn score_changes_say_who_gained_and_who_lost() {
    let game =
        Game::new(GameSetup { rules: Rules::base(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(1) })
            .unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    let changes = |event: Event| {
        let view = serde_json::to_value(event_view(&game, &names, 0, Some(0), &event)).unwrap();
        view.get("score_changes").cloned()
    };
    let ransom = Event::RansomPaid { player: 0, captor: 1, figure: Figure::Follower, points: 3 };
    assert_eq!(changes(ransom), Some(serde_json::json!([{"seat": 0, "points": -3}, {"seat": 1, "points": 3}])));
    assert_eq!(changes(Event::PointSacrificed { player: 1 }), Some(serde_json::json!([{"seat": 1, "points": -1}])));
    assert_eq!(
        changes(Event::FairyBonus { player: 0, points: 3 }),
        Some(serde_json::json!([{"seat": 0, "points": 3}]))
    );
    assert_eq!(changes(Event::Passed { player: 0 }), None, "no score changed: no field");
}

/// A deployment's sentence says on which tile the figure went: through a magic gate (The
/// Princess & the Dragon) it is not the tile just placed.
#[test]
fn a_deployment_says_where_the_figure_went() {
    let mut game =
        Game::new(GameSetup { rules: Rules::base(), players: vec![Color::Red, Color::Blue], deck: Deck::Seed(1) })
            .unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    let place = game.legal_actions()[0];
    game.apply(place).unwrap();
    let Pending::Deploy { pos, .. } = game.pending() else { panic!("a deployment is pending") };
    let deploy = *game.legal_actions().iter().find(|a| matches!(a, Action::Deploy { .. })).unwrap();
    let events = game.apply(deploy).unwrap();
    let deployed = events.iter().find(|e| matches!(e, Event::FigureDeployed { .. })).unwrap();
    let text = serde_json::to_value(event_view(&game, &names, 0, Some(1), deployed)).unwrap()["text"].clone();
    let text = text.as_str().unwrap();
    assert!(text.starts_with("Ann deploys a"), "{text}");
    assert!(text.ends_with(&format!(", {}", words::place_words(pos))), "{text}");
    // Elsewhere than the tile just placed, as through a gate, the sentence names that tile.
    let Event::FigureDeployed { player, figure, feature, .. } = *deployed else { unreachable!() };
    let start = Event::FigureDeployed { player, figure, pos: Pos::new(0, 0), feature: 0 };
    let text = serde_json::to_value(event_view(&game, &names, 0, Some(1), &start)).unwrap()["text"].clone();
    assert!(text.as_str().unwrap().ends_with(", at the start tile"), "{text} ({feature})");
}

/// The fairy's points are in the seats' tallies, during the game and in the final scoring,
/// so that every seat's tallies add up to its score.
#[test]
fn the_tally_counts_the_fairy_and_the_ransoms() {
    let rules = Rules { expansions: vec![Expansion::PrincessDragon, Expansion::Tower], ..Rules::base() };
    let (mut during, mut at_end, mut ransoms) = (0, 0, 0);
    for seed in 0..6u64 {
        let players = vec![Color::Red, Color::Blue, Color::Green];
        let mut game = Game::new(GameSetup { rules: rules.clone(), players, deck: Deck::Seed(seed) }).unwrap();
        let mut tally = Tally::new(3);
        let mut bonus = [0u32; 3];
        let mut step = 0;
        while !game.is_over() {
            let actions = game.legal_actions();
            // Moving the fairy, capturing and paying ransoms whenever possible, their points
            // come often.
            let preferred = actions.iter().find(|a| {
                matches!(a, Action::MoveFairy { .. } | Action::PayRansom { .. } | Action::Capture { .. })
                    || (matches!(a, Action::BuildTower { .. }) && step % 3 == 0)
            });
            let action = preferred.copied().unwrap_or(actions[step * 31 % actions.len()]);
            for event in game.apply(action).unwrap() {
                match event {
                    Event::FairyBonus { player, points } => bonus[player as usize] += points,
                    Event::RansomPaid { .. } => ransoms += 1,
                    _ => {}
                }
                tally.add(&event);
            }
            step += 1;
        }
        for (seat, player) in game.players().iter().enumerate() {
            let points = tally.seat(seat);
            let fairy = |map: &BTreeMap<&str, i64>| map.get("fairy").copied().unwrap_or(0);
            assert_eq!(fairy(&points.turn) + fairy(&points.final_), i64::from(bonus[seat]), "seed {seed}, seat {seat}");
            let total: i64 = points.turn.values().chain(points.final_.values()).sum();
            assert_eq!(total, i64::from(player.score), "seed {seed}, seat {seat}: {points:?}");
            during += fairy(&points.turn);
            at_end += fairy(&points.final_);
        }
    }
    assert!(during > 0 && at_end > 0, "fairy points during the game {during}, at the end {at_end}");
    assert!(ransoms > 0, "no ransom was paid");
}

/// Engine notation that no text for people may show, or `None`: feature names
/// (`city@N`, `cloister#2`), catalog ids (`base:U`), coordinates (`(2, -1)`), port names,
/// the engine's kebab-case names, and "a" before a vowel ("a abbot").
fn engine_notation(text: &str) -> Option<String> {
    if text.contains('@') {
        return Some("a feature name (`@`)".into());
    }
    let chars: Vec<char> = text.chars().collect();
    for (i, w) in chars.windows(3).enumerate() {
        if w[1] == ':' && w[0].is_ascii_alphanumeric() && w[2].is_ascii_alphanumeric() {
            return Some(format!("a catalog id at character {i}"));
        }
        if w[0] == '#' && w[1].is_ascii_digit() {
            return Some("a numbered feature (`#2`)".into());
        }
    }
    for (i, _) in text.match_indices('(') {
        let inner: String = text[i + 1..].chars().take_while(|&c| c != ')').collect();
        let numbers: Vec<&str> = inner.split(',').map(str::trim).collect();
        if numbers.len() == 2 && numbers.iter().all(|n| n.parse::<i32>().is_ok()) {
            return Some(format!("coordinates ({inner})"));
        }
    }
    const PORTS: [&str; 12] = ["N", "E", "S", "W", "NNE", "NNW", "ENE", "ESE", "SSE", "SSW", "WSW", "WNW"];
    const ENGINE_NAMES: [&str; 5] = ["big-follower", "robber-baron", "field", "tile-drawn", "recall-abbot"];
    let words: Vec<&str> = text.split(|c: char| !c.is_alphanumeric() && c != '-').collect();
    if let Some(port) = words.iter().find(|w| PORTS.contains(w)) {
        return Some(format!("the port name `{port}`"));
    }
    if let Some(name) = ENGINE_NAMES.iter().find(|n| text.contains(**n)) {
        return Some(format!("the engine name `{name}`"));
    }
    for pair in words.windows(2) {
        if pair[0] == "a" && pair[1].starts_with(|c: char| "aeiou".contains(c)) {
            return Some(format!("\"a {}\"", pair[1]));
        }
        if ["your", "their", "the", "a"].contains(&pair[0]) && ["a", "an", "the"].contains(&pair[1]) {
            return Some(format!("a doubled article: \"{} {}\"", pair[0], pair[1]));
        }
    }
    if text.contains("dragon at the start tile") {
        return Some("a place phrase after a verb of motion (\"at the start tile\")".into());
    }
    None
}

#[test]
fn the_notation_check_finds_engine_notation() {
    for bad in [
        "Ann deploys a follower on city@N",
        "Ann draws base:U",
        "Ann draws river-2:04",
        "Ann places it at (3, -1)",
        "the road at W",
        "Ann deploys a abbot",
        "the big-follower returns",
        "the field to the north",
        "move the fairy next to your a thief on the road",
        "move the dragon at the start tile",
    ] {
        assert!(engine_notation(bad).is_some(), "{bad}");
    }
    for good in [
        "Ann scores 8 for the completed city 2 tiles east of the start tile (4 tiles × 2 = 8)",
        "Final scoring: Ann scores 5 with the king, 1 for each of the 5 completed cities",
        "Ann deploys the big follower (knight) in the city to the north and west",
    ] {
        assert_eq!(engine_notation(good), None, "{good}");
    }
}

/// Every text a person reads, over long random games with every implemented expansion: the
/// event sentences, score breakdowns, figure and legal-action labels and tile names are in
/// words, and the bonuses and penalties of inns, cathedrals, sieges and pigs are named.
#[test]
fn no_text_for_people_shows_engine_notation() {
    use carcassonne_bots::{Bot, RandomBot};
    let all_but_winter: Vec<Expansion> = Expansion::ALL.into_iter().filter(|e| *e != Expansion::Winter).collect();
    let mut second = Rules { expansions: all_but_winter, ..Rules::base() };
    second.variants.tile_edition = carcassonne_engine::Edition::Second;
    let configs = [(second.clone(), 4), (Rules { expansions: Expansion::ALL.to_vec(), ..Rules::base() }, 6)];
    let mut named = BTreeMap::<&str, usize>::new();
    let mut texts = 0;
    for (config, (rules, players)) in configs.iter().enumerate() {
        // The games change as expansions join `Expansion::ALL`: these complete a cathedral's
        // city (the decks one earlier did not once the Russian traps joined, nor seeds 0 to 2
        // once The Messages joined, nor 3 to 5 once Hills & Sheep and The Vineyards joined, nor 6
        // to 8 once Bridges, Castles & Bazaars joined, nor 9 to 11 once The Catapult's seduction
        // offered one's own follower for another kind).
        for seed in 12..15u64 {
            let colors = Color::ALL[..*players].to_vec();
            let (mut game, start) = Game::with_catalog(
                Catalog::builtin(),
                GameSetup { rules: rules.clone(), players: colors, deck: Deck::Seed(seed * 7 + config as u64 + 1) },
            )
            .unwrap();
            let seats = seats(*players);
            let names: Vec<String> =
                ["Anna", "Ben", "Cleo", "Dev", "Eli", "Fay"][..*players].iter().map(|n| n.to_string()).collect();
            let mut bots: Vec<RandomBot> = (0..*players as u64).map(|p| RandomBot::new(seed * 10 + p)).collect();
            let mut events = start;
            let mut step = 0;
            loop {
                let mut check = |what: &str, text: &str| {
                    texts += 1;
                    assert!(!text.is_empty(), "{what} is empty");
                    if let Some(problem) = engine_notation(text) {
                        panic!("{what} shows {problem}: {text}");
                    }
                };
                for event in &events {
                    let view = event_view(&game, &names, 0, None, event);
                    check("an event's text", &view.text);
                    if let Some(breakdown) = view.detail.get("breakdown").and_then(|b| b.as_str()) {
                        check("a breakdown", breakdown);
                        for word in ["inn", "cathedral", "siege", "pig", "besieged city counts twice"] {
                            if breakdown.contains(word) {
                                *named.entry(word).or_default() += 1;
                            }
                        }
                    }
                }
                if step % 5 == 0 || game.is_over() {
                    let tally = Tally::new(*players);
                    let online = vec![0; *players];
                    let input = ViewInput {
                        id: "g",
                        version: step,
                        game: &game,
                        seats: &seats,
                        online: &online,
                        tally: &tally,
                    };
                    let view = game_view(&input, (0..*players as PlayerId).collect(), 0, vec![]);
                    for figure in &view.figures {
                        check("a figure's label", &figure.label);
                    }
                    for legal in view.legal.iter().flatten() {
                        check("a legal action's label", &legal.label);
                    }
                    for remaining in &view.remaining {
                        check("a tile name", &remaining.name);
                    }
                    let pending = serde_json::to_value(&view.pending).unwrap();
                    if let Some(name) = pending.get("tile_name").and_then(|n| n.as_str()) {
                        check("the drawn tile's name", name);
                    }
                }
                let Some(player) = game.pending().player() else { break };
                let action = bots[player as usize].choose_action(&game.observation(Some(player)));
                events = game.apply(action).unwrap();
                step += 1;
            }
        }
    }
    for design in Catalog::builtin().designs() {
        let name = crate::words::tile_name(design);
        assert_eq!(engine_notation(&name), None, "{}: {name}", design.id);
    }
    for word in ["inn", "cathedral", "siege", "pig"] {
        assert!(named.get(word).copied().unwrap_or(0) > 0, "no score breakdown named the {word}: {named:?}");
    }
    assert!(texts > 5000, "{texts}");
}

/// Tile names say what the tile's symbols do (issue 43, item 10: they left out the dragon, the
/// magic gate and the volcano).
#[test]
fn tile_names_name_symbols_princesses_and_tower_foundations() {
    use carcassonne_engine::catalog::{Symbol, TileDesign};
    let catalog = Catalog::builtin();
    let name_of = |pick: &dyn Fn(&TileDesign) -> bool| {
        let design = catalog.designs().iter().find(|d| pick(d)).expect("a design");
        crate::words::tile_name(design)
    };
    assert!(name_of(&|d| d.symbols.contains(&Symbol::Dragon)).ends_with("with the dragon symbol"));
    assert!(name_of(&|d| d.symbols.contains(&Symbol::MagicGate)).ends_with("with a magic gate"));
    assert!(name_of(&|d| d.symbols.contains(&Symbol::Festival)).ends_with("with the festival symbol"));
    assert!(name_of(&|d| d.symbols.contains(&Symbol::Gold)).ends_with("with the gold symbol"));
    assert!(name_of(&|d| d.symbols.contains(&Symbol::WindRoseOrange)).ends_with("with the orange wind rose"));
    assert_eq!(name_of(&|d| d.features.iter().any(|f| f.attrs.labyrinth)), "four roads meeting in a labyrinth");
    assert!(name_of(&|d| d.symbols.contains(&Symbol::WindRoseBlue)).ends_with("with the blue wind rose"));
    assert!(name_of(&|d| d.symbols.contains(&Symbol::RoseSouthWest))
        .ends_with("with a quarter wind rose naming the south-west section"));
    assert!(name_of(&|d| d.symbols.contains(&Symbol::Volcano) && d.river.is_none()).contains("a volcano"));
    assert!(name_of(&|d| d.symbols.contains(&Symbol::Tower)).contains("a tower foundation"));
    assert!(name_of(&|d| d.features.iter().any(|f| f.attrs.princess)).contains("with a princess"));
    assert_eq!(name_of(&|d| d.symbols.contains(&Symbol::Abbey)), "the abbey");
    assert_eq!(
        name_of(&|d| d.symbols.contains(&Symbol::Porxada)),
        "a city on all four sides with a pennant, with La Porxada's columned hall"
    );
}

/// Heretics and Shrines: a follower on a shrine is a heretic, and the race's loser is named in
/// the log ("… was completed first: the cloister … loses the race …").
#[test]
fn a_race_lost_and_a_heretic_are_put_in_words() {
    use carcassonne_engine::{Figure, Rotation};
    let catalog = Catalog::builtin();
    let deck = ["base:B", "shrines:01", "base:U", "base:U", "base:E", "base:E", "base:E", "base:E"];
    let rules = Rules { expansions: vec![Expansion::Shrines], ..Rules::base() };
    let deck = Deck::Order(deck.iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    let mut events = vec![];
    for (x, y, degrees, monk) in [
        (0, 1, 0, true),
        (1, 1, 0, true),
        (1, 0, 0, false),
        (2, 0, 0, false),
        (2, 1, 180, false),
        (0, 2, 180, false),
        (1, 2, 180, false),
        (2, 2, 0, false),
    ] {
        let pos = Pos::new(x, y);
        game.apply(Action::Place { pos, rotation: Rotation::from_degrees(degrees).unwrap() }).unwrap();
        let action = if monk {
            let placed = game.board().get(pos).unwrap();
            let feature =
                carcassonne_engine::game::parse_feature_name(game.design(placed.tile), placed.rotation, "cloister")
                    .unwrap();
            Action::Deploy { figure: Figure::Follower, feature }
        } else {
            Action::Pass
        };
        events = game.apply(action).unwrap();
        if (x, y) == (1, 1) {
            let deployed = events.iter().find(|e| matches!(e, Event::FigureDeployed { .. })).unwrap();
            let text = serde_json::to_value(event_view(&game, &names, 0, Some(1), deployed)).unwrap()["text"].clone();
            assert!(text.as_str().unwrap().starts_with("Bob deploys a heretic in the shrine"), "{text}");
        }
    }
    let lost = events.iter().find(|e| matches!(e, Event::RaceLost { .. })).expect("the monk lost the race");
    let view = serde_json::to_value(event_view(&game, &names, 0, Some(1), lost)).unwrap();
    assert_eq!(view["type"], "race-lost");
    assert_eq!((view["x"].as_i64(), view["y"].as_i64()), (Some(0), Some(1)));
    assert_eq!(view["winner"], serde_json::json!({"x": 1, "y": 1}));
    let text = view["text"].as_str().unwrap();
    assert!(
        text.starts_with("The shrine 1 tile south-east of the start tile was completed first: the cloister 1 tile south of the start tile loses the race"),
        "{text}"
    );
}

/// The Watchtowers: a deployment on the road of a watchtower's tile says what the tower would
/// pay now; the tower's score is put in words before the road's.
#[test]
fn a_watchtower_deployment_and_score_are_put_in_words() {
    use carcassonne_engine::Rotation;
    let catalog = Catalog::builtin();
    let deck = ["watchtowers:05", "base:E", "base:A", "base:B"];
    let rules = Rules { expansions: vec![Expansion::Watchtowers], ..Rules::base() };
    let deck = Deck::Order(deck.iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    game.apply(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    let labels: Vec<String> = legal_views(&game).into_iter().map(|l| l.label).collect();
    let by_tower: Vec<&String> = labels.iter().filter(|l| l.contains("by the watchtower")).collect();
    // The two roads and the city; not the fields.
    assert_eq!(by_tower.len(), 3, "{labels:?}");
    assert!(
        by_tower.iter().any(
            |l| l.ends_with(", by the watchtower (1 per tile with a road: 2 around it, 2 points if completed now)")
        ),
        "{by_tower:?}"
    );
    let west = carcassonne_engine::game::parse_feature_name(
        game.design(game.board().get(Pos::new(1, 0)).unwrap().tile),
        Rotation::R0,
        "road@W",
    )
    .unwrap();
    game.apply(Action::Deploy { figure: carcassonne_engine::Figure::Follower, feature: west }).unwrap();
    game.apply(Action::Place { pos: Pos::new(1, -1), rotation: Rotation::R180 }).unwrap();
    game.apply(Action::Pass).unwrap();
    game.apply(Action::Place { pos: Pos::new(-1, 0), rotation: Rotation::R270 }).unwrap();
    let events = game.apply(Action::Pass).unwrap();
    let tower = events.iter().position(|e| matches!(e, Event::WatchtowerScored { .. })).expect("the tower scored");
    let road = events.iter().position(|e| matches!(e, Event::Scored(_))).unwrap();
    assert!(tower < road);
    let view = serde_json::to_value(event_view(&game, &names, 0, Some(3), &events[tower])).unwrap();
    assert_eq!(view["type"], "watchtower-scored");
    assert_eq!((view["seat"].as_i64(), view["x"].as_i64(), view["y"].as_i64()), (Some(0), Some(1), Some(0)));
    assert_eq!(
        (view["watches"].as_str(), view["count"].as_i64(), view["points"].as_i64()),
        (Some("watchtower-roads"), Some(2), Some(2))
    );
    let text = view["text"].as_str().unwrap();
    assert_eq!(
        text,
        "Ann scores 2 points for the watchtower on the tile 1 tile east of the start tile first: 2 tiles with a road around it, 1 each"
    );
}

/// The Vodyanoy: a follower caught is put in words with where it stood and where it went; the
/// freeing is offered, in words and on the captive, as the record's `free`.
#[test]
fn a_trapped_follower_and_its_freeing_are_put_in_words() {
    use carcassonne_engine::{FeatureKind, Figure, Rotation};
    let catalog = Catalog::builtin();
    let deck = ["base:U", "vodyanoy:vodyanoy", "base:E"];
    let rules = Rules { expansions: vec![Expansion::Vodyanoy], ..Rules::base() };
    let deck = Deck::Order(deck.iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    game.apply(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    let design = game.design(game.board().get(Pos::new(1, 0)).unwrap().tile);
    let east = carcassonne_engine::game::parse_feature_name(design, Rotation::R0, "road@E").unwrap();
    game.apply(Action::Deploy { figure: Figure::Follower, feature: east }).unwrap();
    let events = game.apply(Action::Place { pos: Pos::new(1, 1), rotation: Rotation::R0 }).unwrap();
    let caught = events.iter().find(|e| matches!(e, Event::Trapped { .. })).expect("the thief is caught");
    let view = serde_json::to_value(event_view(&game, &names, 0, Some(1), caught)).unwrap();
    assert_eq!(view["type"], "trapped");
    assert_eq!(
        view["text"].as_str().unwrap(),
        "Ann's thief on the road running east and west is caught: it goes into the Vodyanoy's lake on the tile 1 tile south-east of the start tile"
    );
    game.apply(Action::Pass).unwrap();
    game.apply(Action::Place { pos: Pos::new(0, -1), rotation: Rotation::R180 }).unwrap();
    let free: Vec<_> = legal_views(&game)
        .into_iter()
        .filter(|l| matches!(l.action, carcassonne_engine::RecordAction::Free { .. }))
        .collect();
    assert_eq!(free.len(), 1);
    assert_eq!(
        free[0].label,
        "free your follower from the Vodyanoy's lake (1 tile south-east of the start tile) instead of deploying"
    );
    assert!(free[0].at.is_some());
    let json = serde_json::to_value(&free[0].action).unwrap();
    assert_eq!((json["action"].as_str(), json["feature"].as_str()), (Some("free"), Some(FeatureKind::Trap.name())));
}

/// The Darmstadt Churches: a church completed during the game is named as a church, and the
/// bonus to the most followers around it is put in words after its score.
#[test]
fn a_church_bonus_is_put_in_words() {
    use carcassonne_engine::{Figure, Rotation};
    let catalog = Catalog::builtin();
    let deck =
        ["darmstadt-churches:02", "base:U", "base:U", "base:B", "base:V", "base:U", "base:B", "base:U", "base:B"];
    let rules = Rules { expansions: vec![Expansion::DarmstadtChurches], ..Rules::base() };
    let deck = Deck::Order(deck.iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    // Around the church south of the start tile: Ann's monk in it, a thief and a monk beside
    // it; Bob's thief and monk beside it.
    let turns: [(i16, i16, Rotation, Option<&str>); 8] = [
        (0, 1, Rotation::R0, Some("cloister")),
        (-1, 0, Rotation::R0, Some("road@W")),
        (1, 0, Rotation::R0, None),
        (-1, 1, Rotation::R0, Some("cloister")),
        (1, 1, Rotation::R0, Some("road@W")),
        (0, 2, Rotation::R90, None),
        (-1, 2, Rotation::R0, Some("cloister")),
        (1, 2, Rotation::R90, None),
    ];
    let mut events = vec![];
    for (x, y, rotation, deploy) in turns {
        game.apply(Action::Place { pos: Pos::new(x, y), rotation }).unwrap();
        let action = match deploy {
            Some(name) => {
                let design = game.design(game.board().get(Pos::new(x, y)).unwrap().tile);
                let feature = carcassonne_engine::game::parse_feature_name(design, rotation, name).unwrap();
                Action::Deploy { figure: Figure::Follower, feature }
            }
            None => Action::Pass,
        };
        events = game.apply(action).unwrap();
    }
    assert_eq!(
        crate::words::tile_name(game.design(game.board().get(Pos::new(0, 1)).unwrap().tile)),
        "a church and a curved road"
    );
    let bonus = events.iter().find(|e| matches!(e, Event::ChurchBonus { .. })).expect("the church's bonus");
    let view = serde_json::to_value(event_view(&game, &names, 0, Some(7), bonus)).unwrap();
    assert_eq!(view["type"], "church-bonus");
    assert_eq!(view["seats"], serde_json::json!([0]));
    assert_eq!((view["followers"].as_i64(), view["points"].as_i64()), (Some(3), Some(3)));
    assert_eq!(
        view["text"].as_str().unwrap(),
        "Ann scores 3 more for the church on the tile 1 tile south of the start tile: the most followers on its tile and the eight around it (3 followers)"
    );
}

/// La Porxada: the choice, the swap and the answer are offered in words with anchors on the
/// followers named, and the swap and its refusal are put in words.
#[test]
fn la_porxada_s_choice_and_swap_are_put_in_words() {
    use carcassonne_engine::{Figure, Pending, Rotation};
    let catalog = Catalog::builtin();
    let deck = ["base:V", "base:U", "base:U", "base:B", "la-porxada:01", "base:U"];
    let rules = Rules { expansions: vec![Expansion::LaPorxada], ..Rules::base() };
    let deck = Deck::Order(deck.iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    // Ann's thief south of the start, Bob's thief east of it and his monk south-east.
    let turns: [(i16, i16, Option<&str>); 4] =
        [(0, 1, Some("road@W")), (1, 0, Some("road@W")), (-1, 0, None), (1, 1, Some("cloister"))];
    for (x, y, deploy) in turns {
        game.apply(Action::Place { pos: Pos::new(x, y), rotation: Rotation::R0 }).unwrap();
        let action = match deploy {
            Some(name) => {
                let design = game.design(game.board().get(Pos::new(x, y)).unwrap().tile);
                let feature = carcassonne_engine::game::parse_feature_name(design, Rotation::R0, name).unwrap();
                Action::Deploy { figure: Figure::Follower, feature }
            }
            None => Action::Pass,
        };
        game.apply(action).unwrap();
    }
    game.apply(Action::Place { pos: Pos::new(0, -1), rotation: Rotation::R0 }).unwrap();
    assert!(matches!(game.pending(), Pending::Porxada { .. }));
    let legal = legal_views(&game);
    let labels: Vec<&str> = legal.iter().map(|l| l.label.as_str()).collect();
    assert_eq!(labels.len(), 3, "{labels:?}");
    assert_eq!(
        labels[0],
        "swap your thief on the road running south and west 1 tile south of the start tile with another player's follower"
    );
    assert!(labels[1].starts_with("the bonus: "), "{labels:?}");
    assert_eq!(labels[2], "neither the swap nor the bonus");
    assert!(legal[0].at.is_some(), "a marker on Ann's thief");
    let own = legal_views(&game)[0].action.clone();
    let own = carcassonne_engine::record::decode_action(&game, &own).unwrap();
    game.apply(own).unwrap();
    let legal = legal_views(&game);
    assert_eq!(
        legal[0].label,
        "change places with the blue player's thief on the road running east and west 1 tile east of the start tile"
    );
    let other = carcassonne_engine::record::decode_action(&game, &legal[0].action).unwrap();
    game.apply(other).unwrap();
    assert!(matches!(game.pending(), Pending::SwapAnswer { player: 1, .. }));
    let legal = legal_views(&game);
    assert_eq!(legal[0].label, "accept the swap");
    assert_eq!(
        legal[1].label,
        "refuse the swap: your monk in the cloister 1 tile south-east of the start tile leaves the game"
    );
    let refuse = carcassonne_engine::record::decode_action(&game, &legal[1].action).unwrap();
    let events = game.apply(refuse).unwrap();
    let refused = events.iter().find(|e| matches!(e, Event::SwapRefused { .. })).expect("the refusal");
    let view = serde_json::to_value(event_view(&game, &names, 0, Some(9), refused)).unwrap();
    assert_eq!(view["type"], "swap-refused");
    assert_eq!(
        view["text"].as_str().unwrap(),
        "Bob refuses Ann's swap: their monk in the cloister 1 tile south-east of the start tile leaves the game"
    );
}

/// The Crop Circles: the choice, each seat's addition and return are offered in words (with
/// markers on the places and the followers), and put in words in the log.
#[test]
fn the_crop_circle_s_choice_and_turns_are_put_in_words() {
    use carcassonne_engine::{Figure, Pending, Rotation};
    let catalog = Catalog::builtin();
    let deck = ["base:F", "base:E", "crop-circles-i:02", "base:U"];
    let rules = Rules { expansions: vec![Expansion::CropCircles], ..Rules::base() };
    let deck = Deck::Order(deck.iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    let names = ["Ann".to_string(), "Bob".to_string()];
    // Ann's knight in the city north of the start, Bob's in a city of his own beside it.
    let turns: [(i16, i16, Rotation, &str); 2] = [(0, -1, Rotation::R90, "city@S"), (1, -1, Rotation::R0, "city@N")];
    for (x, y, rotation, name) in turns {
        game.apply(Action::Place { pos: Pos::new(x, y), rotation }).unwrap();
        let design = game.design(game.board().get(Pos::new(x, y)).unwrap().tile);
        let feature = carcassonne_engine::game::parse_feature_name(design, rotation, name).unwrap();
        game.apply(Action::Deploy { figure: Figure::Follower, feature }).unwrap();
    }
    game.apply(Action::Place { pos: Pos::new(0, 1), rotation: Rotation::R180 }).unwrap();
    game.apply(Action::Pass).unwrap();
    assert!(matches!(game.pending(), Pending::CropCircle { .. }));
    let labels: Vec<String> = legal_views(&game).iter().map(|l| l.label.clone()).collect();
    assert_eq!(
        labels,
        [
            "every player may add one of their knights (followers in cities) beside one of theirs",
            "every player takes one of their knights (followers in cities) back"
        ]
    );
    let add = carcassonne_engine::record::decode_action(&game, &legal_views(&game)[0].action).unwrap();
    let events = game.apply(add).unwrap();
    let chosen = events.iter().find(|e| matches!(e, Event::CropCircleChosen { .. })).expect("the choice");
    let view = serde_json::to_value(event_view(&game, &names, 0, Some(5), chosen)).unwrap();
    assert_eq!(view["type"], "crop-circle");
    assert_eq!(
        view["text"].as_str().unwrap(),
        "Ann's crop circle: every player may add one of their knights (followers in cities) beside one of theirs"
    );
    // Bob, on Ann's left, adds first: a knight beside his own, or none.
    assert!(matches!(game.pending(), Pending::CropAdd { player: 1, .. }));
    let legal = legal_views(&game);
    assert_eq!(legal.len(), 2, "{:?}", legal.iter().map(|l| &l.label).collect::<Vec<_>>());
    assert_eq!(legal[0].label, "add your knight in the city to the north 1 tile north-east of the start tile");
    assert!(legal[0].at.is_some(), "a marker beside Bob's knight");
    assert_eq!(legal[1].label, "add no follower");
    let deploy = carcassonne_engine::record::decode_action(&game, &legal[0].action).unwrap();
    let events = game.apply(deploy).unwrap();
    let added = events.iter().find(|e| matches!(e, Event::CropFollowerAdded { .. })).expect("the addition");
    let view = serde_json::to_value(event_view(&game, &names, 1, Some(6), added)).unwrap();
    assert_eq!(view["type"], "crop-added");
    assert!(view["text"].as_str().unwrap().starts_with("Bob adds a knight"), "{}", view["text"]);
    let pending = serde_json::to_value(pending_view(&game)).unwrap();
    assert_eq!(pending["decision"], "crop-add");
    assert_eq!(pending["seat"], 0);
    assert_eq!(pending["kind"], "city");
}

/// The Phantom: the second step is its own decision, on the tile just placed, its places in
/// words with markers, "no phantom" to pass; the phantom is a figure of the supply only where
/// The Phantom is in play.
#[test]
fn the_phantom_s_second_step_is_offered_in_words() {
    use carcassonne_engine::{Figure, Pending, Rotation};
    let catalog = Catalog::builtin();
    let rules = Rules { expansions: vec![Expansion::Phantom], ..Rules::base() };
    let deck = Deck::Order(["base:U", "base:U"].iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    game.apply(Action::Place { pos: Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    let design = game.design(game.board().get(Pos::new(1, 0)).unwrap().tile);
    let road = carcassonne_engine::game::parse_feature_name(design, Rotation::R0, "road@E").unwrap();
    game.apply(Action::Deploy { figure: Figure::Follower, feature: road }).unwrap();
    assert!(matches!(game.pending(), Pending::Phantom { player: 0, .. }));
    let pending = serde_json::to_value(pending_view(&game)).unwrap();
    assert_eq!(
        (pending["decision"].as_str(), pending["x"].as_i64(), pending["y"].as_i64()),
        (Some("phantom"), Some(1), Some(0))
    );
    let legal = legal_views(&game);
    let labels: Vec<&str> = legal.iter().map(|l| l.label.as_str()).collect();
    assert_eq!(labels.len(), 3, "{labels:?}");
    assert!(labels[..2].iter().all(|l| l.starts_with("the phantom (farmer) on the farm")), "{labels:?}");
    assert!(legal[..2].iter().all(|l| l.at.is_some()), "markers on the farms");
    assert_eq!(labels[2], "no phantom");
    let phantom = carcassonne_engine::record::decode_action(&game, &legal[0].action).unwrap();
    assert!(matches!(phantom, Action::Deploy { figure: Figure::Phantom, .. }));
    game.apply(phantom).unwrap();
    assert_eq!(game.player(0).phantoms, 0);
}
