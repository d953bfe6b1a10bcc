//! `GET /api/options`: the choices a new game offers, taken from the engine's rules
//! configuration so that the lobby offers exactly what the engine plays.

use carcassonne_engine::{Color, Edition, Expansion, FarmerScoring, RiverStartTile, RuleSet, Variants};
use carcassonne_render::color_hex;
use serde_json::{json, Value};

/// Bot names offered for seats.
pub const BOTS: [&str; 5] = ["random", "greedy", "mcts:easy", "mcts:medium", "mcts:hard"];

/// Seat colours in seat order.
pub const SEAT_COLORS: [Color; 6] = [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray];

fn expansion_label(e: Expansion) -> (&'static str, &'static str) {
    match e {
        Expansion::River => ("The River", "12 river tiles played first, from the spring to the lake"),
        Expansion::River2 => ("The River II", "12 river tiles with a fork, the volcano lake, an inn and a pig-herd"),
        Expansion::InnsCathedrals => ("Inns & Cathedrals", "inns, cathedrals and the big follower"),
        Expansion::TradersBuilders => ("Traders & Builders", "trade goods, the builder and the pig"),
        Expansion::KingRobber => ("King & Scout", "the king and the robber baron"),
        Expansion::Cathars => ("The Cathars", "besieged cities; knights may escape"),
        Expansion::Abbot => ("The Abbot", "an abbot for cloisters and gardens"),
        Expansion::Gq11 => ("GQ tiles", "the Games Quarterly tiles"),
        Expansion::Winter => ("Winter Edition", "the Winter Edition's tiles replace the base tiles"),
    }
}

fn names<T: serde::Serialize>(values: &[T]) -> Vec<Value> {
    values.iter().map(|v| serde_json::to_value(v).expect("variants serialize")).collect()
}

pub fn options() -> Value {
    let defaults = serde_json::to_value(Variants::default()).expect("variants serialize");
    let variant = |id: &str, label: &str, values: Option<Vec<Value>>| {
        let default = defaults.get(id).cloned().unwrap_or(Value::Null);
        match values {
            Some(values) => json!({"id": id, "label": label, "type": "choice", "values": values, "default": default}),
            None => json!({"id": id, "label": label, "type": "bool", "default": default}),
        }
    };
    json!({
        "expansions": Expansion::ALL.iter().map(|&e| {
            let (label, description) = expansion_label(e);
            json!({"id": e.name(), "label": label, "description": description})
        }).collect::<Vec<_>>(),
        "variants": [
            variant("farmer-scoring", "Farm scoring", Some(names(&[
                FarmerScoring::ThirdEdition, FarmerScoring::SecondEdition, FarmerScoring::FirstEdition,
            ]))),
            variant("small-city", "Small city (2 tiles) scores 1 per tile and pennant", None),
            variant("farmers", "Farmers", None),
            variant("tile-edition", "Tile printing", Some(names(&[Edition::First, Edition::Second]))),
            variant("river-start-tile", "Start tile with a river", Some(names(&[
                RiverStartTile::Shuffled, RiverStartTile::Discarded,
            ]))),
            variant("gq-pig-herd", "House rule: the GQ pigs are a pig-herd", None),
        ],
        "rule_sets": RuleSet::ALL.iter().map(|&r| json!({
            "id": r.name(),
            "label": match r {
                RuleSet::HigBigBox => "Hans im Glück, The Big Box",
                RuleSet::Hig => "Hans im Glück, original boxes",
                RuleSet::Rgg => "Rio Grande Games, original boxes",
                RuleSet::RggBigBox => "Rio Grande Games, The Big Box",
            },
            "variants": Variants::preset(r),
        })).collect::<Vec<_>>(),
        "bots": BOTS,
        "colors": SEAT_COLORS.iter().map(|&c| json!({"id": c.name(), "hex": color_hex(c)})).collect::<Vec<_>>(),
        "min_seats": 2,
        "max_seats": SEAT_COLORS.len(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every variant the engine knows is offered, with its engine default, and nothing else.
    #[test]
    fn options_offer_every_variant_of_the_engine() {
        let options = options();
        let offered: Vec<&str> =
            options["variants"].as_array().unwrap().iter().map(|v| v["id"].as_str().unwrap()).collect();
        let defaults = serde_json::to_value(Variants::default()).unwrap();
        let known: Vec<&str> = defaults.as_object().unwrap().keys().map(String::as_str).collect();
        let mut a = offered.clone();
        let mut b = known.clone();
        a.sort();
        b.sort();
        assert_eq!(a, b);
        // Every choice value parses back as the engine's variant value.
        for v in options["variants"].as_array().unwrap() {
            for value in v["values"].as_array().into_iter().flatten() {
                let mut variants = defaults.clone();
                variants[v["id"].as_str().unwrap()] = value.clone();
                serde_json::from_value::<Variants>(variants).unwrap();
            }
        }
        assert_eq!(options["expansions"].as_array().unwrap().len(), Expansion::ALL.len());
    }
}
