use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::{Color, Deck, Game, GameSetup, Rules};
fn main() {
    let list = std::env::args().nth(2).is_some();
    let n: u64 = std::env::args().nth(1).map_or(20000, |a| a.parse().unwrap());
    let t = std::time::Instant::now();
    let mut total = 0u64;
    let mut checksum = 0u64;
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
            let a = if list {
                game.legal_actions_into(&mut actions);
                actions[below(&mut rng, actions.len() as u32) as usize]
            } else {
                let n = game.legal_action_count();
                game.nth_legal_action(below(&mut rng, n as u32) as usize).unwrap()
            };
            events.clear();
            game.apply_into(a, &mut events).unwrap();
        }
        total += game.scores().iter().sum::<u32>() as u64;
        checksum =
            checksum.wrapping_mul(1_000_003).wrapping_add(game.scores()[0] as u64 * 1000 + game.scores()[1] as u64);
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{} games in {:.2}s = {:.0} games/s, mean total score {}, checksum {:x}",
        n,
        s,
        n as f64 / s,
        total / n,
        checksum
    );
}
