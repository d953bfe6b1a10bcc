//! Every change of a score is an event: `Event::score_changes` of the events `apply` returns
//! add up to the change of `Game::scores`, at every step of random games with every expansion
//! and the variations that take points away (the ransom of The Tower, "Rebuilding", "The dash").

use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::{Action, Color, Deck, Event, Expansion, Game, GameSetup, Rules, Variants};

/// Plays a random game, checking the scores after every action, and counts the events that
/// changed a score by their name (`fairy`, `ransom`, ...).
fn check_game(rules: Rules, players: usize, seed: u64, counts: &mut Counts) {
    let colors = [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray];
    let setup = GameSetup { rules, players: colors[..players].to_vec(), deck: Deck::Seed(seed) };
    let mut game = Game::new(setup).unwrap();
    assert!(game.scores().iter().all(|&s| s == 0));
    let mut rng = rng_from_seed(seed);
    let mut step = 0;
    while !game.is_over() {
        let actions = game.legal_actions();
        // The actions that take points away come rarely when chosen at random: take them often.
        let steered = actions.iter().copied().filter(|a| {
            matches!(
                a,
                Action::MoveFairy { .. }
                    | Action::PayRansom { .. }
                    | Action::Capture { .. }
                    | Action::RemoveTile { .. }
                    | Action::MoveFollower { .. }
            )
        });
        let steered: Vec<Action> = steered.collect();
        let action = if !steered.is_empty() && below(&mut rng, 2) == 0 {
            steered[below(&mut rng, steered.len() as u32) as usize]
        } else {
            actions[below(&mut rng, actions.len() as u32) as usize]
        };
        let mut expected: Vec<i64> = game.scores().iter().map(|&s| i64::from(s)).collect();
        let events = game.apply(action).unwrap();
        for event in &events {
            for (player, points) in event.score_changes() {
                expected[player as usize] += points;
            }
            counts.add(event);
        }
        let scores: Vec<i64> = game.scores().iter().map(|&s| i64::from(s)).collect();
        assert_eq!(scores, expected, "seed {seed}, step {step}, {action:?}: {events:?}");
        step += 1;
    }
}

/// How many events of each kind that changes a score the games had.
#[derive(Default, Debug)]
struct Counts {
    features: usize,
    fairy: usize,
    ransoms: usize,
    short_ransoms: usize,
    rebuilding: usize,
    dash: usize,
    tokens: usize,
    goods: usize,
}

impl Counts {
    fn add(&mut self, event: &Event) {
        let count = match event {
            Event::Scored(s) if !s.players.is_empty() => &mut self.features,
            Event::FairyBonus { .. } => &mut self.fairy,
            Event::RansomPaid { .. } => &mut self.ransoms,
            Event::ShortRansomPaid { .. } => &mut self.short_ransoms,
            Event::TileRemoved { .. } => &mut self.rebuilding,
            Event::PointSacrificed { .. } => &mut self.dash,
            Event::TokenScored { .. } => &mut self.tokens,
            Event::GoodsScored { .. } => &mut self.goods,
            _ => return,
        };
        *count += 1;
    }
}

#[test]
fn the_score_changes_of_the_events_add_up_to_the_scores_at_every_step() {
    let every = |variants: Variants| Rules { expansions: Expansion::ALL.to_vec(), variants };
    let configurations = [
        every(Variants::default()),
        every(Variants { rebuilding: true, ..Variants::default() }),
        every(Variants { new_lease_of_life: true, dash: true, ..Variants::default() }),
        every(Variants { rebuilding: true, dash: true, tower_captures_own_followers: true, ..Variants::default() }),
        Rules { expansions: vec![Expansion::Tower, Expansion::PrincessDragon], variants: Variants::default() },
        Rules {
            expansions: vec![Expansion::Tower, Expansion::PrincessDragon],
            variants: Variants { short_ransom: true, unguarded_tower_reopens: true, ..Variants::default() },
        },
    ];
    let mut counts = Counts::default();
    for (i, rules) in configurations.into_iter().enumerate() {
        for seed in 0..8 {
            check_game(rules.clone(), 2 + (i + seed as usize) % 5, 100 * i as u64 + seed, &mut counts);
        }
    }
    let c = &counts;
    let each = [c.features, c.fairy, c.ransoms, c.short_ransoms, c.rebuilding, c.dash, c.tokens, c.goods];
    assert!(each.iter().all(|&n| n > 0), "every kind of score change happened: {counts:?}");
}
