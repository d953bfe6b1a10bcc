//! `GET /api/options`: the choices a new game offers, taken from the engine's rules
//! configuration so that the lobby offers exactly what the engine plays.

use carcassonne_engine::{sources, variant_needs, Color, Expansion, Needs, RuleSet, VariantKind, Variants};
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
        Expansion::Count => (
            "The Count of Carcassonne",
            "the city of Carcassonne starts the game; its quarters hold followers who step into others' scorings",
        ),
        Expansion::Cathars => ("The Cathars", "besieged cities; knights may escape"),
        Expansion::Abbot => ("The Abbot", "an abbot for cloisters and gardens"),
        Expansion::PrincessDragon => {
            ("The Princess & the Dragon", "the dragon, the fairy, volcanoes, magic gates and princesses")
        }
        Expansion::Tower => ("The Tower", "towers that take prisoners, exchanges and ransoms"),
        Expansion::Gq11 => ("GQ tiles", "the Games Quarterly tiles"),
        Expansion::AbbeyMayor => ("Abbey & Mayor", "an abbey tile to fill a hole, the mayor, the wagon and the barn"),
        Expansion::LittleBuildings => (
            "Little Buildings",
            "towers, houses and sheds put on a tile instead of a follower: a point more for every feature scored there",
        ),
        Expansion::Festival => (
            "The Festival",
            "10 tiles with the festival symbol: instead of deploying, take one of your figures back from the board",
        ),
        Expansion::SpielDoch => (
            "Spiel Doch! tiles",
            "2 promotional tiles (02/2018), shuffled in, or the start of the game with their variant",
        ),
        Expansion::Labyrinths => (
            "The Labyrinths",
            "1 tile: four roads meeting in a labyrinth are one road (with the advanced variant, 2 points a follower on it when completed)",
        ),
        Expansion::Siege => (
            "The Siege",
            "4 tiles (Rio Grande Games): besieged cities as with The Cathars; a knight escapes by a cloister next to any tile of its city",
        ),
        Expansion::Besiegers => (
            "The Besiegers",
            "6 tiles (Hans im Glück): besieged cities, scored and escaped as with The Cathars",
        ),
        Expansion::GermanMonasteries => (
            "Monasteries in Germany",
            "6 monasteries in place of the base cloisters: a follower goes on one as a monk, or lying as its prior, scored at the end for the monastery's row and column",
        ),
        Expansion::DutchBelgianMonasteries => (
            "Monasteries in the Netherlands & Belgium",
            "6 monasteries in place of the base cloisters, with the rules of Monasteries in Germany",
        ),
        Expansion::JapaneseBuildings => (
            "Japanese Buildings",
            "6 buildings in place of the base cloisters, with the rules of Monasteries in Germany",
        ),
        Expansion::Darmstadtium => (
            "Darmstadtium",
            "1 city tile with the Darmstadtium: a completed city holding it pays its majority 3 points more",
        ),
        Expansion::BabaYaga => (
            "Baba Yaga's Hut",
            "the witch's hut and the Choice of Bogatyr: a follower on the hut scores 1 point and 1 per empty place around it at the end; surrounded, 1 point",
        ),
        Expansion::Vodyanoy => (
            "The Vodyanoy",
            "the water spirit's lake pulls every follower on the eight tiles around it in, to the end of the game (2 points less each), unless its owner frees it instead of deploying",
        ),
        Expansion::SoloveiRazboynik => (
            "Solovei Razboynik",
            "the robber's tree traps the followers on its road nearest to it, whenever the road grows or a figure joins it; a trapped follower is freed instead of deploying",
        ),
        Expansion::DarmstadtChurches => (
            "The Darmstadt Churches",
            "2 church tiles, placed and scored as cloisters: a church completed during the game pays 3 points more to each player with the most followers on its tile and the eight around it",
        ),
        Expansion::CropCircles => (
            "The Crop Circles",
            "12 tiles with a crop circle (a shield, a club or a pitchfork): its player decides whether every player may add a knight, thief or farmer beside one of theirs, or must take one back",
        ),
        Expansion::Phantom => (
            "The Phantom",
            "each player's phantom is a follower that may also be deployed as a second one, after the turn's figure action, on another feature of the tile just placed",
        ),
        Expansion::MageWitch => (
            "Mage & Witch",
            "8 tiles with the magic symbol move the mage or the witch onto an unfinished road or city: the mage adds a point a tile, the witch halves the score",
        ),
        Expansion::Flier => (
            "The Flier",
            "8 tiles with a flying machine: a follower put on it flies 1 to 3 tiles, by the die, and lands on any unfinished road, city or monastery there, occupied or not",
        ),
        Expansion::Tunnel => (
            "The Tunnel",
            "4 tiles whose roads end in tunnel openings: each turn you may put a tunnel token on an open one; a pair's second token joins the two roads underground",
        ),
        Expansion::Ferries => (
            "The Ferries",
            "8 tiles whose roads end at a lake: a ferry put on each lake joins two of its roads; extending a road that crosses a ferry lets you move that ferry to join another pair",
        ),
        Expansion::Plague => (
            "The Plague",
            "6 plague source tiles, mixed in after 17 tiles: each turn a flea spreads the plague next to an active outbreak, sending home every figure on its tile; a figure may flee along its feature, and outbreaks die out when the fleas run out",
        ),
        Expansion::HillsSheep => (
            "Hills & Sheep",
            "10 tiles, 8 with a hill laid on a hidden tile (a follower on a hill wins a tie for a majority), and the 8 vineyards: a shepherd per player grows a flock of sheep from a bag with two wolves, and drives it to the stable for a point a sheep",
        ),
        Expansion::Vineyards => (
            "The Vineyards",
            "8 vineyard tiles (part of Hills & Sheep): a completed monastery scores 3 points more for each vineyard around it",
        ),
        Expansion::BigTop => (
            "Under the Big Top",
            "20 tiles: the big top moves to each new circus tile and pays everyone an animal token's value for each follower around it; acrobats build pyramids worth 5 points an acrobat; a ringmaster per player earns 2 points for each circus and acrobat tile around him",
        ),
        Expansion::BridgesCastlesBazaars => (
            "Bridges, Castles & Bazaars",
            "12 tiles: wooden bridges carry roads across fields; a completed town of two tiles may become a castle that takes the points of the next feature completed beside it; a bazaar tile auctions a tile to every player for points",
        ),
        Expansion::Catapult => (
            "The Catapult",
            "12 tiles with a fair: after one is placed, every player flicks a catapult token of the kind its player chose, knocking followers home, taking a follower's place or winning 5 points (the program draws where each token lands)",
        ),
        Expansion::Messages => (
            "The Messages",
            "a messenger per player, a second scoring figure: a figure that stops on a dark space of the scoring track in its player's turn brings a message (a small scoring, an extra tile) or 2 points",
        ),
        Expansion::LaPorxada => (
            "La Porxada",
            "1 city tile with a columned hall: its player swaps one of their followers with another player's (who may refuse by giving up another follower), or chooses the bonus: the players in its city when completed score their incomplete cities as completed at the end",
        ),
        Expansion::Watchtowers => (
            "The Watchtowers",
            "12 tiles with a watchtower: a follower scored on a road or city of such a tile first scores the tower for what stands around it",
        ),
        Expansion::Shrines => (
            "Heretics and Shrines",
            "5 shrines, scored as cloisters; a shrine and the cloister beside it race: the first completed sends the other's followers home with nothing",
        ),
        Expansion::WindRoses => (
            "The Wind Roses",
            "6 tiles: the orange wind rose starts the game; a quarter rose placed in the section it names scores 3 points; the blue rose takes over the sections",
        ),
        Expansion::GoldMines => (
            "The Gold Mines",
            "8 gold tiles put gold ingots on the board; completing a feature takes the gold on its tiles, worth more the more you hold",
        ),
        Expansion::Winter => ("Winter Edition", "the Winter Edition's tiles replace the base tiles"),
    }
}

/// Every variant the engine knows (`Variants::INFO`), with its default, values and the seed
/// passage it comes from.
fn variants() -> Vec<Value> {
    let defaults = serde_json::to_value(Variants::default()).expect("variants serialize");
    Variants::INFO
        .iter()
        .map(|info| {
            let default = defaults.get(info.name).cloned().unwrap_or(Value::Null);
            let description = match info.author {
                Some(author) => format!("{} (by {author}; {})", info.label, sources::for_players(info.source)),
                None => format!("{} ({})", info.label, sources::for_players(info.source)),
            };
            let mut variant = match info.kind {
                VariantKind::Bool => json!({"id": info.name, "label": info.label, "description": description,
                    "type": "bool", "default": default}),
                VariantKind::Choice(values) => json!({"id": info.name, "label": info.label, "description": description,
                    "type": "choice", "values": values.iter().map(|(v, _)| *v).collect::<Vec<_>>(),
                    "value_labels": values.iter().map(|(v, l)| (v.to_string(), json!(l))).collect::<serde_json::Map<_, _>>(),
                    "default": default}),
            };
            // The lobby groups them: rule differences, the official variations, house rules.
            variant["group"] = json!(info.group.name());
            if let Some(author) = info.author {
                variant["author"] = json!(author);
            }
            // The expansions without which it changes nothing (the lobby hides it then).
            let names = |e: &[Expansion]| e.iter().map(|e| e.name()).collect::<Vec<_>>();
            match variant_needs(info.name) {
                Needs::Always => {}
                Needs::AnyOf(e) => variant["needs"] = json!({"any_of": names(e)}),
                Needs::AllOf(e) => variant["needs"] = json!({"all_of": names(e)}),
            }
            variant
        })
        .collect()
}

pub fn options() -> Value {
    json!({
        "expansions": Expansion::ALL.iter().map(|&e| {
            let (label, description) = expansion_label(e);
            json!({"id": e.name(), "label": label, "description": description})
        }).collect::<Vec<_>>(),
        "variants": variants(),
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
        // The dragon's options need the dragon; the base game's need nothing.
        let needs =
            |id: &str| options["variants"].as_array().unwrap().iter().find(|v| v["id"] == id).unwrap()["needs"].clone();
        assert_eq!(needs("princess-must-remove"), json!({"any_of": ["princess-dragon"]}));
        assert_eq!(needs("king-counts-carcassonne"), json!({"all_of": ["king-robber", "count"]}));
        assert_eq!(needs("farmer-scoring"), Value::Null);
        // Players read the descriptions: each cites its rules document by what it is.
        for v in options["variants"].as_array().unwrap() {
            let description = v["description"].as_str().unwrap();
            assert!(!description.contains("seed 0"), "{description}");
        }
    }
}
