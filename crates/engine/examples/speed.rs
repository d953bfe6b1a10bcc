use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::{Color, Deck, Game, GameSetup, Rules};
fn main() {
    let n = 20000u64;
    let t = std::time::Instant::now();
    let mut total = 0u64;
    let mut rng = rng_from_seed(1);
    let mut actions = vec![];
    for seed in 0..n {
        let mut game = Game::new(GameSetup {
            rules: Rules::base(),
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(seed),
        })
        .unwrap();
        let mut events = vec![];
        while !game.is_over() {
            game.legal_actions_into(&mut actions);
            let a = actions[below(&mut rng, actions.len() as u32) as usize];
            events.clear();
            game.apply_into(a, &mut events).unwrap();
        }
        total += game.scores().iter().sum::<u32>() as u64;
    }
    let s = t.elapsed().as_secs_f64();
    println!("{} games in {:.2}s = {:.0} games/s, mean total score {}", n, s, n as f64 / s, total / n);
}
