//! `GET /api/reference` and `GET /api/games/{id}/reference`: the assembled game reference
//! (crates/reference) for a selection given in the query, or for a game's rules with the step
//! its pending decision belongs to (docs/api.md).

use carcassonne_reference::{Assembled, Reference, Selection};
use serde_json::Value;

use crate::error::ApiError;
use crate::room::Room;

/// The reference for a query: `expansions` (comma-separated keys, repeatable), `rules` (a rule
/// set), `variant` (`NAME=VALUE`, repeatable) or `variants` (comma-separated `NAME=VALUE`),
/// `players` (2 to 6). A mistake is a `400` naming the parameter.
pub fn from_query(query: &str) -> Result<Assembled, ApiError> {
    let pairs: Vec<(String, String)> = serde_urlencoded::from_str(query)
        .map_err(|e| ApiError::bad_request(format!("the query cannot be read: {e}")).field("query"))?;
    let (mut expansions, mut variants) = (vec![], vec![]);
    let (mut rules, mut players) = (None, None);
    let list =
        |value: &str| value.split(',').map(str::trim).filter(|s| !s.is_empty()).map(str::to_string).collect::<Vec<_>>();
    for (key, value) in pairs {
        match key.as_str() {
            "expansions" => expansions.extend(list(&value)),
            "variant" => variants.push(value),
            "variants" => variants.extend(list(&value)),
            "rules" => rules = Some(value),
            "players" => players = Some(value),
            _ => {
                return Err(ApiError::bad_request(format!(
                    "unknown parameter `{key}` (known: expansions, rules, variant, variants, players)"
                ))
                .field(key))
            }
        }
    }
    let reference = Reference::builtin();
    let selection = Selection::parse(reference, &expansions, rules.as_deref(), &variants, players.as_deref())
        .map_err(|e| ApiError::bad_request(e.message).field(e.field))?;
    Ok(reference.assemble(&selection))
}

/// The reference for a game's rules and number of players, with `step`: the step of the order of
/// play its pending decision belongs to (`null` once the game is over).
pub fn of_game(room: &Room) -> Value {
    let (rules, players, pending) = room.rules();
    let reference = Reference::builtin();
    let players = Some(players as u8);
    let assembled = reference.assemble(&Selection::of_rules(reference, &rules, players));
    let mut value = serde_json::to_value(assembled).expect("the reference serializes");
    value["step"] = reference.step_of(pending, &rules, players).into();
    value
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use carcassonne_engine::random::{below, rng_from_seed};
    use carcassonne_engine::{Color, Deck, Expansion, Game, GameSetup, Rules};

    use crate::seats::Seat;
    use crate::view::{game_view, Tally, ViewInput};

    /// The browser finds the step of a view's pending decision in the reference's `decisions`
    /// (web/reference.js), so a view names each decision as the reference does.
    #[test]
    fn views_name_each_decision_as_the_reference_does() {
        // Little Buildings and The Festival bring no decision of their own (a building and a
        // return are figure-phase actions) and are left out so that these random games still
        // reach the Count's final redeployment, which random play seldom does.
        let own_decisions = |e: &Expansion| !matches!(e, Expansion::LittleBuildings | Expansion::Festival);
        let expansions = Expansion::ALL.into_iter().filter(own_decisions).collect();
        let every = Rules { expansions, ..Rules::base() };
        let prisoners = Rules { expansions: vec![Expansion::InnsCathedrals, Expansion::Tower], ..Rules::base() };
        // The official variations that bring decisions of their own (a held cloister, a tile
        // chosen from a hand, a hand-out).
        let variants = carcassonne_engine::Variants {
            cloisters_for_everyone: true,
            tiles_in_hand: carcassonne_engine::TilesInHand::Two,
            ..Rules::base().variants
        };
        let cloisters = Rules { expansions: vec![Expansion::AbbeyMayor], variants };
        let handed_out = carcassonne_engine::Variants {
            only_one_can_choose: carcassonne_engine::OnlyOneCanChoose::FaceDown,
            ..Rules::base().variants
        };
        let given = Rules { expansions: vec![], variants: handed_out };
        // The variation "Prisoners": a capture needs two occupied parts of a city joined, which
        // random play makes about once in twenty games (seed 39 with three players).
        let captive = Rules {
            variants: carcassonne_engine::Variants { prisoners: true, ..Rules::base().variants },
            ..Rules::base()
        };
        // The variation "Rebuilding": a removal (once a player has a point) brings the new place.
        let rebuild = Rules {
            variants: carcassonne_engine::Variants { rebuilding: true, ..Rules::base().variants },
            ..Rules::base()
        };
        // The Flier: a landing needs a random flight that reaches a road, city or monastery.
        let flier = Rules { expansions: vec![Expansion::Flier], ..Rules::base() };
        let mut seen = BTreeSet::new();
        let configs =
            [(every, 12u64), (prisoners, 30), (cloisters, 2), (given, 1), (captive, 40), (rebuild, 4), (flier, 40)];
        for (rules, games) in configs {
            for seed in 0..games {
                let players = 2 + (seed as usize % 2);
                let setup =
                    GameSetup { rules: rules.clone(), players: Color::ALL[..players].to_vec(), deck: Deck::Seed(seed) };
                let mut game = Game::new(setup).unwrap();
                let seats: Vec<Seat> =
                    (0..players).map(|i| Seat { name: format!("P{i}"), player: "human".into(), token: None }).collect();
                let mut rng = rng_from_seed(seed);
                loop {
                    let expected = carcassonne_reference::decision_of(game.pending()).unwrap_or("over");
                    if seen.insert(expected) {
                        let (tally, online) = (Tally::new(players), vec![0; players]);
                        let input = ViewInput {
                            id: "g",
                            version: 0,
                            game: &game,
                            seats: &seats,
                            online: &online,
                            tally: &tally,
                        };
                        let view = serde_json::to_value(game_view(&input, vec![], 0, vec![])).unwrap();
                        assert_eq!(view["pending"]["decision"], expected);
                    }
                    if game.is_over() {
                        break;
                    }
                    let n = game.legal_action_count() as u32;
                    game.apply(game.nth_legal_action(below(&mut rng, n) as usize).unwrap()).unwrap();
                }
            }
        }
        for kind in carcassonne_reference::DECISIONS {
            assert!(seen.contains(kind), "no random game asked for `{kind}`");
        }
    }
}
