use carcassonne_engine::random::{below, rng_from_seed};
use carcassonne_engine::{Color, Deck, Game, GameSetup, Pending, Rules};
fn main() {
    let mut rng = rng_from_seed(1);
    let (mut cells, mut places, mut turns, mut deploys, mut dturns) = (0usize, 0usize, 0usize, 0usize, 0usize);
    for seed in 0..2000 {
        let mut game = Game::new(GameSetup {
            rules: Rules::base(),
            players: vec![Color::Red, Color::Blue],
            deck: Deck::Seed(seed),
        })
        .unwrap();
        while !game.is_over() {
            let actions = game.legal_actions();
            if let Pending::PlaceTile { .. } = game.pending() {
                cells += game.board().frontier().len();
                places += actions.len();
                turns += 1;
            } else {
                deploys += actions.len();
                dturns += 1;
            }
            let a = actions[below(&mut rng, actions.len() as u32) as usize];
            game.apply(a).unwrap();
        }
    }
    println!(
        "mean frontier {:.1}, mean placements {:.1}, mean deploy options {:.1}",
        cells as f64 / turns as f64,
        places as f64 / turns as f64,
        deploys as f64 / dturns as f64
    );
}
