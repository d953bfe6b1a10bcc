//! The rules configuration: which expansions are in play and which reading of each documented
//! rule difference applies.
//!
//! The variants live in `variants.rs` and are re-exported here: defaults follow the Hans im
//! Glueck Big Box column of seed 001's "Summary of rule sets & changes" (see docs/rules.md);
//! every other column is a [`RuleSet`] preset, and each single difference is a field of
//! [`Variants`].

use serde::{Deserialize, Serialize};

use crate::errors::SetupError;

pub use crate::variants::{
    CarcassonneTrigger, CombinedRivers, CountMoves, DoubleTurn, FarmerScoring, OnlyOneCanChoose, RiverOrder,
    RiverStartTile, RuleSet, TableSize, ThreeTileHand, TilesInHand, VariantGroup, VariantInfo, VariantKind, Variants,
    VolcanoLake, WagonMoves,
};

/// An expansion (or edition) that can be switched on. The base game with farmers is always in
/// play; each expansion adds its tiles, figures and rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Expansion {
    /// The River (seeds 000, 001, 003): 12 river tiles placed first, from the spring to the lake.
    River,
    /// The River II (seed 001 "THE RIVER II"): 12 river tiles with a fork (two branches), the
    /// volcano lake, an inn and a pig-herd.
    #[serde(rename = "river-2")]
    River2,
    /// Inns & Cathedrals (seed 001): 18 tiles, inns and cathedrals, the big follower.
    InnsCathedrals,
    /// Traders & Builders (seed 001, Big Box rules): 24 tiles, the builder, the pig, trade goods.
    TradersBuilders,
    /// King & Scout (seed 001 "KING AND SCOUT"): 5 tiles, the king and the robber baron.
    KingRobber,
    /// The Count of Carcassonne (seed 001 "THE COUNT OF CARCASSONNE"): the city of Carcassonne,
    /// twelve tiles placed at set-up instead of the start tile, its four quarters and the count.
    Count,
    /// The Cathars (seed 001 "THE CATHARS"): 4 tiles with a siege.
    Cathars,
    /// The Abbot (seeds 000 and 003): one abbot per player, for cloisters and gardens (gardens
    /// are on the second-edition tiles: `tile-edition: second`).
    Abbot,
    /// The Princess & the Dragon (seed 001 "THE PRINCESS AND THE DRAGON"): 30 tiles with
    /// volcanoes, dragons, magic gates and princesses; the dragon and the fairy.
    PrincessDragon,
    /// The Tower (seed 001 "THE TOWER"): 18 tiles with tower foundations; tower pieces,
    /// captures, prisoners and ransom.
    Tower,
    /// The Games Quarterly tiles (seed 001): its 10 land tiles join the pile (its river tiles
    /// only with a river).
    Gq11,
    /// Abbey & Mayor (seed 001 "ABBEY AND MAYOR"): 12 land tiles; each player's abbey tile,
    /// mayor, wagon and barn.
    AbbeyMayor,
    /// Little Buildings (the assembled reference's small expansions; the rules of spielbox
    /// 5/2012, as the Wikicarpedia page gives them): 18 building tokens and no tiles; instead of
    /// deploying, a player may put one on the tile just placed, and every road, city, cloister
    /// and farm scored then pays a point more for each building on its tiles.
    LittleBuildings,
    /// The Festival (the assembled reference's small expansions; the Wikicarpedia page "The
    /// Festival" for the full rules): 10 tiles with the festival symbol; a player who places one
    /// may, instead of deploying, take one of their figures back from the board.
    Festival,
    /// The Gold Mines (the assembled reference's small expansions; the Wikicarpedia page "The
    /// Goldmines" for the full rules): 8 tiles with a gold symbol; each puts a gold ingot on
    /// itself and one on a neighbouring tile, the ingots go to whoever controls a completed
    /// feature on their tiles, and they score at the end by how many a player holds.
    #[serde(rename = "goldmines")]
    GoldMines,
    /// The Spiel Doch! promotional tiles (02/2018; the Wikicarpedia page "SPIEL DOCH! Promo"): two
    /// land tiles, shuffled in, or under `Variants::spiel_doch_start` the start of the game.
    SpielDoch,
    /// The Wind Roses (Hans im Glück 2012; the Wikicarpedia page "Wind Roses (1st edition)"): the
    /// orange wind rose starts the game and divides the playing area into four sections; a
    /// quarter rose placed in its section scores 3 points; the blue rose, once placed, takes
    /// over from the orange one.
    WindRoses,
    /// The Siege (Rio Grande Games 2008; the Wikicarpedia page "Besiegers Cathars Siege (1st
    /// edition)"): The Cathars' four layouts in new artwork; a knight escapes by a cloister next
    /// to any tile of the besieged city.
    Siege,
    /// The Besiegers (Hans im Glück 2013; the same page): six tiles with besieged cities, under
    /// The Cathars' rules.
    Besiegers,
    /// The Labyrinths (Spiel Doch! 1/2016; the Wikicarpedia page "The Labyrinths"): a tile whose
    /// four roads meet in a labyrinth as one road; Hans im Glück's advanced variant
    /// (`Variants::labyrinth_advanced`) lets its placer join an occupied road there and pays 2
    /// points a follower on the completed road.
    Labyrinths,
    /// Monasteries in Germany (Hans im Glück 2014; the Wikicarpedia pages "Monasteries (1st
    /// edition)" and "Monasteries"): six special monasteries that replace the base game's
    /// cloisters; a follower goes on one as a monk (a cloister) or lying as its prior, scored at
    /// the end of the game for the monastery's row and column.
    GermanMonasteries,
    /// Monasteries in the Netherlands & Belgium (999 Games 2014, Hans im Glück 2016): the same
    /// rules and layouts as Monasteries in Germany.
    DutchBelgianMonasteries,
    /// Japanese Buildings (Hans im Glück 2016): the same rules and layouts as Monasteries in
    /// Germany.
    JapaneseBuildings,
    /// Darmstadtium (Darmstadt Spielt 2014; the Wikicarpedia page "Darmstadt Promo (1st
    /// edition)"): a city tile with the Darmstadtium, whose completed city pays its majority 3
    /// points more.
    Darmstadtium,
    /// Heretics and Shrines ("The Cult": Hans im Glück's Count, King & Robber 2007, Rio
    /// Grande's Cult, Siege & Creativity 2008; the Wikicarpedia page "Heretics and Shrines (1st
    /// edition)"): shrines, placed and scored as cloisters, none next to more than one cloister;
    /// a shrine and its neighbouring cloister, both occupied, race: the first completed sends
    /// the other's followers home unscored.
    Shrines,
    /// The Watchtowers (Hans im Glück 2016; the Wikicarpedia page "The Watchtowers"): twelve
    /// tiles with a watchtower each; when a road or city is scored with a follower on its
    /// segment of a watchtower's tile, that follower's owner first scores the tower for what
    /// stands on its tile and the eight around it.
    Watchtowers,
    /// Baba Yaga's Hut (the Russian promotional tiles of 2013; the Wikicarpedia page "Russian
    /// Promos (1st edition)"): the witch's hut, an "anti-cloister" worth 1 point and 1 per empty
    /// place around it, and the Choice of Bogatyr, a crossroads.
    BabaYaga,
    /// The Vodyanoy (a Russian promotional tile of 2016; the Wikicarpedia page "Russian Promos
    /// (1st edition)"): the water spirit's lake pulls every follower on the eight tiles around
    /// it onto its tile, where it stays until the end (2 points less each) unless its owner
    /// frees it instead of deploying.
    Vodyanoy,
    /// Solovei Razboynik (a Russian promotional tile of 2016; the same page): the robber's tree
    /// on a road traps the followers of that road nearest to it; a trapped follower stays on
    /// the tree until its owner frees it instead of deploying.
    SoloveiRazboynik,
    /// The Darmstadt Churches (Darmstadt Spielt 2014; the Wikicarpedia page "Darmstadt Promo
    /// (1st edition)"): two churches, placed, occupied and scored as cloisters; a church
    /// completed during the game pays 3 points more to each player with the most followers on
    /// its tile and the eight around it.
    DarmstadtChurches,
    /// La Porxada (Jugar x Jugar, Granollers 2010; the Wikicarpedia page "La Porxada (1st
    /// edition)"): one city tile whose player chooses to swap one of their followers with
    /// another player's, or a bonus at the end: the players present in its city when completed
    /// score their incomplete cities as if completed.
    LaPorxada,
    /// The Crop Circles (Hans im Glueck: Crop Circles I, 2010, and II, 2012; the Wikicarpedia
    /// pages "Crop Circles (1st edition)" and "Crop Circles"): twelve tiles with a crop circle
    /// whose player, after the turn, decides whether every player may add a follower beside
    /// one of theirs or must take one back, of the kind the circle shows.
    CropCircles,
    /// The Phantom (Hans im Glück, 2011; the Wikicarpedia page "The Phantom (1st edition)"): no
    /// tiles; each player has a phantom, a follower that may be deployed on its own or, after
    /// the figure phase's action, as a second follower in the same turn (the Assembled Game
    /// Reference's step 2B-2).
    Phantom,
    /// Mage & Witch (Hans im Glück, 2012, Mini #5; the Wikicarpedia page "Mage and Witch"):
    /// eight tiles with the magic symbol, whose player moves the mage or the witch onto an
    /// unfinished road or city; the mage adds 1 point per tile to the feature's score, the
    /// witch halves it (rounded up).
    MageWitch,
    /// The Flier (Hans im Glück, 2012, Mini #1; the Wikicarpedia page "The Flier"): eight
    /// tiles with a flying machine, onto which the player may put a follower instead of
    /// deploying it; a roll of the flight die (1 to 3) sends it that far in the machine's
    /// direction, to land on any unfinished road, city or monastery of the tile there, occupied
    /// or not.
    Flier,
    /// The Tunnel (Spielbox 6/2009; the Wikicarpedia page "The Tunnel (1st edition)"): four
    /// tiles whose roads end in tunnel openings, and tunnel tokens in pairs; a pair's two tokens
    /// on two openings join their roads underground.
    Tunnel,
    /// The Ferries (Hans im Glück, 2012, Mini #3; the Wikicarpedia pages "The Ferries (1st
    /// edition)" and "The Ferries"): eight tiles whose roads end at a lake; a ferry put on each
    /// lake joins two of its roads, and extending a road that crosses a ferry lets the player
    /// move that ferry to join another pair.
    Ferries,
    /// The Plague (Spielbox 6/2010, Hans im Glück; the Wikicarpedia page "The Plague (1st
    /// edition)"): six plague source tiles, where outbreaks break out; once one has, every
    /// player spreads the plague a flea a turn, and a flea sends home the figures on its tile;
    /// followers may take flight along their feature, and outbreaks die out when the fleas run
    /// out.
    Plague,
    /// The Messages (Mini #2, Hans im Glück 2012; "The Messengers" in Big Box 6): a messenger
    /// per player, a second scoring figure; a player whose figure stops on a dark space of the
    /// scoring track at the end of a scoring round of their turn reads a message tile (a
    /// small scoring, an extra tile) or takes 2 points.
    Messages,
    /// Hills & Sheep (Hans im Glück 2014; the Wikicarpedia page "Hills & Sheep"): ten tiles,
    /// eight with a hill, laid on a second tile face down, whose followers win a tie for a
    /// majority; a shepherd per player, whose flock grows by tokens drawn from a bag of sheep
    /// and wolves and scores a point a sheep when driven to the stable. The box's eight
    /// vineyard tiles come with it ([`Expansion::Vineyards`]).
    HillsSheep,
    /// The Vineyards (the Hills & Sheep box's eight vineyard tiles, which the Assembled Game
    /// Reference also names on their own): a completed monastery scores 3 points more for each
    /// vineyard on the eight tiles around it.
    Vineyards,
    /// Under the Big Top (Hans im Glück 2017; the Wikicarpedia page "Under the Big Top"): twenty
    /// tiles, twelve with a circus space, where the big top stands on a face-down animal token
    /// and moves with each new circus tile, scoring the token's value for every follower around
    /// it; eight with an acrobat space, where followers build pyramids worth 5 points an
    /// acrobat; and a ringmaster per player, a follower who earns 2 points for each circus and
    /// acrobat tile around him when his feature is scored.
    BigTop,
    /// Bridges, Castles & Bazaars (Hans im Glück 2010; the Wikicarpedia page "Bridges, Castles
    /// and Bazaars"): twelve tiles, eight with a bazaar, whose placing holds an auction of tiles
    /// bought with points; wooden bridges, a road across a tile from one field edge to the
    /// opposite one; castle tokens, which turn a completed town of two segments into a castle
    /// that takes the points of the next feature completed beside it.
    BridgesCastlesBazaars,
    /// The Catapult (Hans im Glück 2008; the Wikicarpedia page "The Catapult (1st edition)"):
    /// twelve tiles with a fair, whose placing holds a catapult round at the end of the turn:
    /// the player chooses one of four kinds of token (knock-out, seduction, target hurling,
    /// catch), and every player flicks one of that kind, knocking followers home, taking a
    /// follower's place, or winning 5 points. The program's flicks land where the player aims
    /// or on a tile around it, drawn from the game's seed (docs/rules.md, "The Catapult").
    Catapult,
    /// The Winter Edition (seed 002): its 84 tiles replace the base tiles; the rules are the
    /// base game's.
    Winter,
}

impl Expansion {
    /// The sets whose tiles besiege cities, under The Cathars' rules (the Assembled Game
    /// Reference's "Cathars / Siege / Besiegers").
    pub const SIEGES: [Expansion; 3] = [Expansion::Cathars, Expansion::Siege, Expansion::Besiegers];

    /// The sets of special monasteries (the Assembled Game Reference's "German monasteries /
    /// Dutch & Belgian monasteries / Japanese buildings").
    pub const MONASTERIES: [Expansion; 3] =
        [Expansion::GermanMonasteries, Expansion::DutchBelgianMonasteries, Expansion::JapaneseBuildings];

    pub const ALL: [Expansion; 45] = [
        Expansion::River,
        Expansion::River2,
        Expansion::InnsCathedrals,
        Expansion::TradersBuilders,
        Expansion::KingRobber,
        Expansion::Count,
        Expansion::Cathars,
        Expansion::Abbot,
        Expansion::PrincessDragon,
        Expansion::Tower,
        Expansion::Gq11,
        Expansion::AbbeyMayor,
        Expansion::LittleBuildings,
        Expansion::Festival,
        Expansion::GoldMines,
        Expansion::SpielDoch,
        Expansion::WindRoses,
        Expansion::Siege,
        Expansion::Besiegers,
        Expansion::Labyrinths,
        Expansion::GermanMonasteries,
        Expansion::DutchBelgianMonasteries,
        Expansion::JapaneseBuildings,
        Expansion::Darmstadtium,
        Expansion::Shrines,
        Expansion::Watchtowers,
        Expansion::BabaYaga,
        Expansion::Vodyanoy,
        Expansion::SoloveiRazboynik,
        Expansion::DarmstadtChurches,
        Expansion::LaPorxada,
        Expansion::CropCircles,
        Expansion::Phantom,
        Expansion::MageWitch,
        Expansion::Flier,
        Expansion::Tunnel,
        Expansion::Ferries,
        Expansion::Plague,
        Expansion::Messages,
        Expansion::HillsSheep,
        Expansion::Vineyards,
        Expansion::BigTop,
        Expansion::BridgesCastlesBazaars,
        Expansion::Catapult,
        Expansion::Winter,
    ];

    pub const fn name(self) -> &'static str {
        match self {
            Expansion::River => "river",
            Expansion::River2 => "river-2",
            Expansion::InnsCathedrals => "inns-cathedrals",
            Expansion::TradersBuilders => "traders-builders",
            Expansion::KingRobber => "king-robber",
            Expansion::Count => "count",
            Expansion::Cathars => "cathars",
            Expansion::Abbot => "abbot",
            Expansion::PrincessDragon => "princess-dragon",
            Expansion::Tower => "tower",
            Expansion::Gq11 => "gq11",
            Expansion::AbbeyMayor => "abbey-mayor",
            Expansion::LittleBuildings => "little-buildings",
            Expansion::Festival => "festival",
            Expansion::GoldMines => "goldmines",
            Expansion::SpielDoch => "spiel-doch",
            Expansion::WindRoses => "wind-roses",
            Expansion::Siege => "siege",
            Expansion::Besiegers => "besiegers",
            Expansion::Labyrinths => "labyrinths",
            Expansion::GermanMonasteries => "german-monasteries",
            Expansion::DutchBelgianMonasteries => "dutch-belgian-monasteries",
            Expansion::JapaneseBuildings => "japanese-buildings",
            Expansion::Darmstadtium => "darmstadtium",
            Expansion::Shrines => "shrines",
            Expansion::Watchtowers => "watchtowers",
            Expansion::BabaYaga => "baba-yaga",
            Expansion::Vodyanoy => "vodyanoy",
            Expansion::SoloveiRazboynik => "solovei-razboynik",
            Expansion::DarmstadtChurches => "darmstadt-churches",
            Expansion::LaPorxada => "la-porxada",
            Expansion::CropCircles => "crop-circles",
            Expansion::Phantom => "phantom",
            Expansion::MageWitch => "mage-witch",
            Expansion::Flier => "flier",
            Expansion::Tunnel => "tunnel",
            Expansion::Ferries => "ferries",
            Expansion::Plague => "plague",
            Expansion::Messages => "messages",
            Expansion::HillsSheep => "hills-sheep",
            Expansion::Vineyards => "vineyards",
            Expansion::BigTop => "big-top",
            Expansion::BridgesCastlesBazaars => "bridges-castles-bazaars",
            Expansion::Catapult => "catapult",
            Expansion::Winter => "winter",
        }
    }

    pub fn from_name(s: &str) -> Option<Expansion> {
        Expansion::ALL.into_iter().find(|e| e.name() == s)
    }
}

/// The complete rules configuration of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Rules {
    pub expansions: Vec<Expansion>,
    pub variants: Variants,
}

impl Rules {
    /// The base game with farmers under the default (HiG Big Box) rules.
    pub fn base() -> Rules {
        Rules::default()
    }

    pub fn with_rule_set(rule_set: RuleSet) -> Rules {
        Rules { expansions: vec![], variants: Variants::preset(rule_set) }
    }

    pub fn has(&self, expansion: Expansion) -> bool {
        self.expansions.contains(&expansion)
    }

    /// Tiles with besieged cities are in play (The Cathars, The Siege or The Besiegers).
    pub fn has_sieges(&self) -> bool {
        Expansion::SIEGES.iter().any(|&e| self.has(e))
    }

    /// Bridges, Castles & Bazaars is in play: every tile placed may still get a bridge.
    pub fn has_bridges(&self) -> bool {
        self.has(Expansion::BridgesCastlesBazaars)
    }

    /// Special monasteries are in play (Monasteries in Germany, in the Netherlands & Belgium, or
    /// Japanese Buildings): they replace the base game's cloisters.
    pub fn has_special_monasteries(&self) -> bool {
        Expansion::MONASTERIES.iter().any(|&e| self.has(e))
    }

    /// The tile sets in play, by catalog set id: the base tiles (or the Winter Edition's), then
    /// each expansion's.
    pub fn tile_sets(&self) -> Vec<&'static str> {
        let mut sets = vec![if self.has(Expansion::Winter) { "winter" } else { "base" }];
        for (expansion, set) in [
            (Expansion::River, "river"),
            (Expansion::River2, "river-2"),
            (Expansion::InnsCathedrals, "inns-cathedrals"),
            (Expansion::TradersBuilders, "traders-builders"),
            (Expansion::KingRobber, "king-robber"),
            (Expansion::Count, "count"),
            (Expansion::Cathars, "cathars"),
            (Expansion::PrincessDragon, "princess-dragon"),
            (Expansion::Tower, "tower"),
            (Expansion::Gq11, "gq11"),
            (Expansion::AbbeyMayor, "abbey-mayor"),
            (Expansion::Festival, "festival"),
            (Expansion::GoldMines, "goldmines"),
            (Expansion::SpielDoch, "spiel-doch"),
            (Expansion::WindRoses, "wind-roses"),
            (Expansion::Siege, "siege"),
            (Expansion::Besiegers, "besiegers"),
            (Expansion::Labyrinths, "labyrinths"),
            (Expansion::GermanMonasteries, "german-monasteries"),
            (Expansion::DutchBelgianMonasteries, "dutch-belgian-monasteries"),
            (Expansion::JapaneseBuildings, "japanese-buildings"),
            (Expansion::Darmstadtium, "darmstadtium"),
            (Expansion::Shrines, "shrines"),
            (Expansion::Watchtowers, "watchtowers"),
            (Expansion::BabaYaga, "baba-yaga"),
            (Expansion::Vodyanoy, "vodyanoy"),
            (Expansion::SoloveiRazboynik, "solovei-razboynik"),
            (Expansion::DarmstadtChurches, "darmstadt-churches"),
            (Expansion::LaPorxada, "la-porxada"),
            (Expansion::CropCircles, "crop-circles"),
            (Expansion::MageWitch, "mage-witch"),
            (Expansion::Flier, "flier"),
            (Expansion::Tunnel, "tunnel"),
            (Expansion::Ferries, "ferries"),
            (Expansion::Plague, "plague"),
            (Expansion::HillsSheep, "hills-sheep"),
            (Expansion::BigTop, "under-the-big-top"),
            (Expansion::BridgesCastlesBazaars, "bridges-castles-and-bazaars"),
            (Expansion::Catapult, "catapult"),
        ] {
            if self.has(expansion) {
                sets.push(set);
            }
        }
        // Hills & Sheep brings its box's vineyard tiles, which The Vineyards also names alone.
        if self.has_vineyards() {
            sets.push("vineyards");
        }
        // The Crop Circles are two sets: II, printed in both editions, and I, of the first
        // only (with second-edition tiles, the six of Crop Circles II's reprint).
        if self.has(Expansion::CropCircles) && self.variants.tile_edition == crate::catalog::Edition::First {
            sets.push("crop-circles-i");
        }
        sets
    }

    /// Refuses a number of players the rules do not allow beyond the engine's 2 to 6: the
    /// Winter Edition is "for 2 to 5 players" (seed 002) unless a sixth colour is brought in,
    /// by Inns & Cathedrals (whose box held "the sixth set of followers" before The Big Box, seed
    /// 001 footnote 32) or from another box (`Variants::sixth_player_in_winter`).
    pub fn check_player_count(&self, players: usize) -> Result<(), SetupError> {
        let sixth_colour = self.has(Expansion::InnsCathedrals) || self.variants.sixth_player_in_winter;
        if players > 5 && self.has(Expansion::Winter) && !sixth_colour {
            return Err(SetupError::WinterPlayerCount(players));
        }
        Ok(())
    }

    /// Refuses an order of the river (seed 000's house rules) that the river sets in play cannot
    /// lay: the fork first needs The River II's fork; two springs need The River II (its fork
    /// and its river ending in a city, the start) and a second spring (The River's or the GQ
    /// tiles'). Without a river the order has nothing to act on.
    pub fn check_river_order(&self) -> Result<(), SetupError> {
        let order = self.variants.river_order;
        let possible = match order {
            RiverOrder::SpringFirst | RiverOrder::LakeFirst | RiverOrder::Shuffled => true,
            RiverOrder::ForkFirst | RiverOrder::ForkFirstEndsLast => self.has(Expansion::River2),
            RiverOrder::TwoSprings => {
                self.has(Expansion::River2) && (self.has(Expansion::River) || self.has(Expansion::Gq11))
            }
        };
        if self.river_in_play() && !possible {
            return Err(SetupError::RiverOrderNeeds(order.name()));
        }
        Ok(())
    }

    /// Hills & Sheep is in play (its hills break ties for every majority).
    pub fn has_hills(&self) -> bool {
        self.has(Expansion::HillsSheep)
    }

    /// The vineyard tiles and their rule are in play (Hills & Sheep, whose box holds them, or
    /// The Vineyards alone).
    pub fn has_vineyards(&self) -> bool {
        self.has(Expansion::HillsSheep) || self.has(Expansion::Vineyards)
    }

    /// Whether a river is in play (otherwise river tiles, such as the GQ spring, stay out).
    pub fn river_in_play(&self) -> bool {
        self.has(Expansion::River) || self.has(Expansion::River2)
    }
}

/// The expansions a variant needs to matter: a variant of the dragon's moves changes nothing in
/// a game without The Princess & the Dragon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Needs {
    /// It can matter in any game (the base game's rules, the variations, most house rules).
    Always,
    /// It matters when any of these expansions is in play.
    AnyOf(&'static [Expansion]),
    /// It matters only when all of these are in play (the king's bonus and the city of
    /// Carcassonne: King & Scout with The Count).
    AllOf(&'static [Expansion]),
}

impl Needs {
    /// Whether a game with these expansions is one where the variant can change anything.
    pub fn met_by(self, expansions: &[Expansion]) -> bool {
        match self {
            Needs::Always => true,
            Needs::AnyOf(needed) => needed.iter().any(|e| expansions.contains(e)),
            Needs::AllOf(needed) => needed.iter().all(|e| expansions.contains(e)),
        }
    }

    /// The expansions named, whichever the kind.
    pub fn expansions(self) -> &'static [Expansion] {
        match self {
            Needs::Always => &[],
            Needs::AnyOf(e) | Needs::AllOf(e) => e,
        }
    }
}

/// The expansions without which a variant (by its record name, `Variants::INFO`) changes
/// nothing: the lobby offers a variant only when they are in play. Variants not listed can
/// matter in any game (the base game's rules, the official variations, most house rules).
pub fn variant_needs(name: &str) -> Needs {
    match name {
        "river-start-tile" | "no-figures-on-river" | "river-order" => {
            Needs::AnyOf(&[Expansion::River, Expansion::River2])
        }
        "combined-rivers" => Needs::AllOf(&[Expansion::River, Expansion::River2]),
        "volcano-lake" | "pig-herd-without-traders-builders" | "pig-herd-scores-nothing" => {
            Needs::AnyOf(&[Expansion::River2])
        }
        "double-turn" | "builders-and-pigs-are-followers" | "builder-and-pig-stay-without-follower" => {
            Needs::AnyOf(&[Expansion::TradersBuilders])
        }
        "gq-pig-herd" => Needs::AnyOf(&[Expansion::Gq11]),
        "sixth-player-in-winter" => Needs::AnyOf(&[Expansion::Winter]),
        "dragon-moves-after-scoring"
        | "volcano-allows-builder-and-pig"
        | "volcano-allows-fairy"
        | "princess-must-remove"
        | "princess-big-follower-only-if-last"
        | "magic-gate-to-unscored-features" => Needs::AnyOf(&[Expansion::PrincessDragon]),
        "tower-captures-builders-and-pigs"
        | "tower-captures-guards"
        | "tower-captures-own-followers"
        | "unguarded-tower-reopens"
        | "short-ransom" => Needs::AnyOf(&[Expansion::Tower]),
        "escape-after-each-tile" => Needs::AnyOf(&Expansion::SIEGES),
        "wagon-moves" => Needs::AnyOf(&[Expansion::AbbeyMayor]),
        "count-moves" | "carcassonne-trigger" => Needs::AnyOf(&[Expansion::Count]),
        "king-counts-carcassonne" => Needs::AllOf(&[Expansion::KingRobber, Expansion::Count]),
        "little-buildings-values" => Needs::AnyOf(&[Expansion::LittleBuildings]),
        "festival-followers-only" => Needs::AnyOf(&[Expansion::Festival]),
        "solovei-whole-road" => Needs::AnyOf(&[Expansion::SoloveiRazboynik]),
        "spiel-doch-start" => Needs::AnyOf(&[Expansion::SpielDoch]),
        "wind-roses-spielbox" => Needs::AnyOf(&[Expansion::WindRoses]),
        "shrines-sixth-tile" => Needs::AnyOf(&[Expansion::Shrines]),
        "crop-circles-zmg" => Needs::AnyOf(&[Expansion::CropCircles]),
        "ferry-needs-highwayman" => Needs::AnyOf(&[Expansion::Ferries]),
        "messages-zmg" => Needs::AnyOf(&[Expansion::Messages]),
        "no-fairy-in-castle" => Needs::AllOf(&[Expansion::BridgesCastlesBazaars, Expansion::PrincessDragon]),
        "labyrinth-advanced" => Needs::AnyOf(&[Expansion::Labyrinths]),
        "pig-herd-counts-for-barn" => Needs::AllOf(&[Expansion::River2, Expansion::AbbeyMayor]),
        _ => Needs::Always,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_expansion_round_trips_through_its_name() {
        for e in Expansion::ALL {
            assert_eq!(Expansion::from_name(e.name()), Some(e));
            let json = serde_json::to_string(&e).unwrap();
            assert_eq!(json, format!("\"{}\"", e.name()), "serde and name() agree");
        }
        // Every expansion but the Abbot (whose gardens are on the base tiles), Little Buildings
        // (tokens only), The Phantom (figures only) and The Messages (message tiles and
        // messengers, no land tile) brings a tile set, The Crop Circles two; the Winter
        // Edition's replaces the base set.
        let sets = Rules { expansions: Expansion::ALL.to_vec(), ..Rules::default() }.tile_sets();
        assert_eq!(sets.len(), Expansion::ALL.len() - 3, "{sets:?}");
    }

    #[test]
    fn missing_fields_take_defaults_and_unknown_fields_are_rejected() {
        let r: Rules = serde_json::from_str(r#"{"variants": {"small-city": true}}"#).unwrap();
        assert!(r.variants.small_city);
        assert_eq!(r.variants.farmer_scoring, FarmerScoring::ThirdEdition);
        assert!(serde_json::from_str::<Rules>(r#"{"variants": {"smal-city": true}}"#).is_err());
        assert!(serde_json::from_str::<Rules>(r#"{"expansions": ["no-such-expansion"]}"#).is_err());
        let r: Rules = serde_json::from_str(r#"{"expansions": ["inns-cathedrals", "winter"]}"#).unwrap();
        assert_eq!(r.tile_sets(), ["winter", "inns-cathedrals"]);
    }

    /// Records and the API name an expansion by its serde name, the CLI and the reference by
    /// `name()`: the two are one.
    #[test]
    fn serde_names_are_the_names() {
        for e in Expansion::ALL {
            assert_eq!(serde_json::to_value(e).unwrap(), serde_json::json!(e.name()), "{e:?}");
            assert_eq!(serde_json::from_value::<Expansion>(serde_json::json!(e.name())).unwrap(), e);
        }
    }

    /// Every variant named by `variant_needs` is one the engine knows, and names expansions
    /// the engine has: a renamed variant does not silently lose its place in the lobby.
    #[test]
    fn variant_needs_name_known_variants() {
        let known: Vec<&str> = Variants::INFO.iter().map(|v| v.name).collect();
        let needing: Vec<&str> = known.iter().copied().filter(|n| variant_needs(n) != Needs::Always).collect();
        assert_eq!(needing.len(), 40, "{needing:?}");
        assert!(variant_needs("princess-must-remove").met_by(&[Expansion::PrincessDragon]));
        assert!(!variant_needs("princess-must-remove").met_by(&[Expansion::Tower]));
        assert!(!variant_needs("king-counts-carcassonne").met_by(&[Expansion::Count]));
        assert!(variant_needs("king-counts-carcassonne").met_by(&[Expansion::Count, Expansion::KingRobber]));
        assert!(variant_needs("farmer-scoring").met_by(&[]));
    }
}
