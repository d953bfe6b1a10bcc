//! Words for people: tile designs, places on the board, features, figures and score
//! breakdowns as English phrases. Every sentence a client shows is built from these, so that
//! no text carries the engine's notation (`city@N`, catalog ids such as `base:U`, coordinates);
//! the JSON fields next to the texts keep the notation for programs.
//!
//! Everything here is derived from public information: the catalog, the board, the feature
//! aggregates (`Game::features()`: inns, cathedrals, sieges, pig-herds) and the rules.

use carcassonne_engine::catalog::{LocalFeature, RiverRole, Symbol, TradeGood};
use carcassonne_engine::{
    Breakdown, Expansion, FarmerScoring, FeatureKind, FeatureSpec, Figure, Game, Phase, Pos, Rotation, Score, Side,
    TileDesign, Token,
};

/// "a" or "an" before `word`, by its first letter (good enough for the words used here).
pub fn with_article(word: &str) -> String {
    let vowel = word.chars().next().is_some_and(|c| "aeiouAEIOU".contains(c));
    format!("{} {word}", if vowel { "an" } else { "a" })
}

/// Joins phrases as a list: "a", "a and b", "a, b and c".
pub fn join_and(parts: &[String]) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

fn count_word(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        n => n.to_string(),
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::North => "north",
        Side::East => "east",
        Side::South => "south",
        Side::West => "west",
    }
}

/// The sides of the tile a feature touches, in the design's own orientation.
fn spec_sides(spec: &FeatureSpec) -> Vec<Side> {
    let mut sides: Vec<Side> = spec.ports().map(|p| p.side()).collect();
    sides.dedup();
    sides.sort();
    sides.dedup();
    sides
}

fn opposite_pair(sides: &[Side]) -> bool {
    matches!(sides, [a, b] if a.opposite() == *b)
}

/// A city of a design: its shape by the edges it covers, then what it holds.
fn city_phrase(spec: &FeatureSpec) -> String {
    let sides = spec_sides(spec);
    let shape = match sides.len() {
        0 | 1 => "city edge",
        2 if opposite_pair(&sides) => "city across the tile",
        2 => "city corner",
        3 => "city on three sides",
        _ => "city on all four sides",
    };
    let mut phrase = if spec.attrs.besieged { format!("a besieged {shape}") } else { with_article(shape) };
    let mut holds = vec![];
    match spec.pennants {
        0 => {}
        1 => holds.push("a pennant".to_string()),
        n => holds.push(format!("{} pennants", count_word(n as usize))),
    }
    if spec.attrs.cathedral {
        holds.push("a cathedral".into());
    }
    if let Some(good) = spec.attrs.good {
        holds.push(good_name(good).to_string());
    }
    if spec.attrs.princess {
        holds.push("a princess".into());
    }
    if !holds.is_empty() {
        phrase = format!("{phrase} with {}", join_and(&holds));
    }
    phrase
}

fn good_name(good: TradeGood) -> &'static str {
    match good {
        TradeGood::Wine => "wine",
        TradeGood::Grain => "grain",
        TradeGood::Cloth => "cloth",
    }
}

/// The roads of a design, together: one road, a junction, or separate road ends.
fn road_phrases(roads: &[&FeatureSpec], cloister: bool) -> Vec<String> {
    let inn = roads.iter().any(|r| r.attrs.inn);
    let with_inn = |p: String| if inn { format!("{p} with an inn") } else { p };
    let ends = roads.iter().filter(|r| spec_sides(r).len() == 1).count();
    match roads {
        [] => vec![],
        [road] => {
            let sides = spec_sides(road);
            // The Labyrinths: the roads that meet in the labyrinth are one road.
            if road.attrs.labyrinth {
                return vec![with_inn(format!("{} roads meeting in a labyrinth", count_word(sides.len())))];
            }
            let shape = match sides.len() {
                2 if opposite_pair(&sides) => "a straight road",
                2 => "a curved road",
                // A road that stops at a cloister, a city or a village.
                _ if cloister => "a road",
                _ => "a road end",
            };
            vec![with_inn(shape.to_string())]
        }
        _ if ends == roads.len() && ends >= 3 => vec![with_inn(format!("a {}-way crossroads", count_word(ends)))],
        _ => vec![with_inn(format!("{} roads", count_word(roads.len())))],
    }
}

/// A design in words, with its article: "a city corner with a pennant and a curved road",
/// "the river's spring".
pub fn tile_name(design: &TileDesign) -> String {
    match design.river {
        Some(RiverRole::Spring) => return "the river's spring".into(),
        Some(RiverRole::Lake) if design.symbols.contains(&Symbol::Volcano) => return "the river's volcano lake".into(),
        Some(RiverRole::Lake) => return "the river's lake".into(),
        Some(RiverRole::Fork) => return "the river's fork".into(),
        None => {}
    }
    if design.symbols.contains(&Symbol::Abbey) {
        return "the abbey".into();
    }
    let of = |kind: FeatureKind| design.features.iter().filter(move |f| f.kind == kind);
    let mut parts = vec![];
    if design.prior.is_some() {
        // Monasteries in Germany and its sister sets: a monastery for a monk or a prior.
        parts.push("a special monastery".to_string());
    } else if design.is_shrine() {
        // Heretics and Shrines.
        parts.push("a shrine".to_string());
    } else if design.is_church() {
        // The Darmstadt Churches.
        parts.push("a church".to_string());
    } else if design.cloister.is_some() {
        parts.push("a cloister".to_string());
    }
    let cities: Vec<String> = of(FeatureKind::City).map(city_phrase).collect();
    if cities.len() > 1 && cities.iter().all(|c| c == "a city edge") {
        parts.push(format!("{} city edges", count_word(cities.len())));
    } else {
        parts.extend(cities);
    }
    // Bridges, Castles & Bazaars: a bridged design's wooden bridge is named apart from its roads.
    let roads: Vec<&FeatureSpec> = of(FeatureKind::Road).filter(|f| !f.attrs.bridge).collect();
    parts.extend(road_phrases(&roads, design.cloister.is_some()));
    if design.bridge.is_some() {
        parts.push("a wooden bridge".into());
    }
    let rivers: Vec<&FeatureSpec> = of(FeatureKind::River).collect();
    let river_sides: Vec<Side> = rivers.iter().flat_map(|r| spec_sides(r)).collect();
    if !rivers.is_empty() {
        parts.push(
            if river_sides.len() == 2 && !opposite_pair(&river_sides) { "a river bend" } else { "a river" }.into(),
        );
    }
    if design.garden.is_some() {
        parts.push("a garden".into());
    }
    if design.features.iter().any(|f| f.attrs.pig_herd) {
        parts.push("a pig-herd".into());
    }
    // The symbols that change what the tile does (The Princess & the Dragon, The Tower).
    if design.symbols.contains(&Symbol::Tower) {
        parts.push("a tower foundation".into());
    }
    if design.symbols.contains(&Symbol::Volcano) {
        parts.push("a volcano".into());
    }
    if parts.is_empty() {
        parts.push("a plain farm".into());
    }
    let name = join_and(&parts);
    // The Tunnel: the roads that end in tunnel openings.
    let openings = design.features.iter().filter(|f| f.attrs.portal).count();
    let openings = match openings {
        0 => None,
        1 => Some("a tunnel opening".to_string()),
        n => Some(format!("{} tunnel openings", count_word(n))),
    };
    let marks: Vec<String> = [
        (Symbol::Dragon, "the dragon symbol"),
        (Symbol::MagicGate, "a magic gate"),
        (Symbol::Festival, "the festival symbol"),
        (Symbol::Gold, "the gold symbol"),
        (Symbol::Magic, "the magic symbol"),
        (Symbol::FlierWest, "a flying machine"),
        (Symbol::FlierNorthWest, "a flying machine flying diagonally"),
        (Symbol::FerryLake, "a ferry lake its roads end at"),
        (Symbol::PlagueSource, "a plague doctor (a plague source)"),
        (Symbol::Hill, "a hill"),
        (Symbol::Vineyard, "a vineyard"),
        (Symbol::Circus, "a circus space (the big top moves there)"),
        (Symbol::Acrobats, "an acrobat space"),
        (Symbol::Bazaar, "a bazaar"),
        (Symbol::Fair, "a fair"),
        (Symbol::WindRoseOrange, "the orange wind rose"),
        (Symbol::WindRoseBlue, "the blue wind rose"),
        (Symbol::RoseNorthEast, "a quarter wind rose naming the north-east section"),
        (Symbol::RoseSouthEast, "a quarter wind rose naming the south-east section"),
        (Symbol::RoseSouthWest, "a quarter wind rose naming the south-west section"),
        (Symbol::RoseNorthWest, "a quarter wind rose naming the north-west section"),
        (Symbol::Porxada, "La Porxada's columned hall"),
        (Symbol::CropShield, "a crop circle with a shield (knights)"),
        (Symbol::CropClub, "a crop circle with a club (thieves)"),
        (Symbol::CropPitchfork, "a crop circle with a pitchfork (farmers)"),
    ]
    .into_iter()
    .filter(|(symbol, _)| design.symbols.contains(symbol))
    .map(|(_, words)| words.to_string())
    .chain(openings)
    .collect();
    if marks.is_empty() {
        name
    } else {
        format!("{name}, with {}", join_and(&marks))
    }
}

/// Where a tile stands, from the start tile: "2 tiles east of the start tile", "1 tile north
/// and 3 tiles west of the start tile", "at the start tile".
pub fn place_words(pos: Pos) -> String {
    let tiles = |n: i16| format!("{} tile{}", n.abs(), if n.abs() == 1 { "" } else { "s" });
    let ns = if pos.y < 0 { "north" } else { "south" };
    let ew = if pos.x < 0 { "west" } else { "east" };
    match (pos.x, pos.y) {
        (0, 0) => "at the start tile".into(),
        (0, y) => format!("{} {ns} of the start tile", tiles(y)),
        (x, 0) => format!("{} {ew} of the start tile", tiles(x)),
        (x, y) if x.abs() == y.abs() => format!("{} {ns}-{ew} of the start tile", tiles(x)),
        (x, y) => format!("{} {ns} and {} {ew} of the start tile", tiles(y), tiles(x)),
    }
}

/// `n` of a noun with a regular plural: "1 point", "5 points", "0 acrobats".
pub fn counted(n: u32, noun: &str) -> String {
    format!("{n} {noun}{}", if n == 1 { "" } else { "s" })
}

/// What a feature of the kind is called for people.
pub fn kind_word(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::Road => "road",
        FeatureKind::City => "city",
        FeatureKind::Field => "farm",
        FeatureKind::Cloister => "cloister",
        FeatureKind::Garden => "garden",
        FeatureKind::River => "river",
        FeatureKind::Tower => "tower",
        FeatureKind::Mountain => "mountain",
        // A special monastery's place for a follower lying as its prior.
        FeatureKind::Prior => "monastery",
        // Baba Yaga's hut.
        FeatureKind::Hut => "hut",
        // The Vodyanoy's lake or Solovei Razboynik's tree (`feature_words` names which).
        FeatureKind::Trap => "trap",
        // Under the Big Top: the acrobat space, where a pyramid stands.
        FeatureKind::Acrobats => "acrobat space",
    }
}

/// A feature of the tile at `pos`, by the sides it touches as the tile lies: "the city to the
/// north", "the road running east and west", "the farm to the south and west", "the
/// cloister".
pub fn feature_words(game: &Game, pos: Pos, feature: LocalFeature) -> String {
    let Some(placed) = game.board().get(pos) else { return "a feature".into() };
    let design = game.design(placed.tile);
    let Some(spec) = design.features.get(feature as usize) else { return "a feature".into() };
    let kind = kind_word(spec.kind);
    if spec.attrs.shrine {
        return "the shrine".into();
    }
    if spec.attrs.church {
        return "the church".into();
    }
    if spec.kind == FeatureKind::Trap {
        return trap_words(design).into();
    }
    if !spec.kind.is_edge_feature() {
        return format!("the {kind}");
    }
    if spec.inner != 0 {
        return format!("the enclosed {kind}");
    }
    let sides = board_sides(design, placed.rotation, feature);
    let names: Vec<String> = sides.iter().map(|&s| side_word(s).to_string()).collect();
    match (spec.kind, sides.len()) {
        (_, 4) => format!("the {kind} on all sides"),
        (FeatureKind::Road | FeatureKind::River, 2) => format!("the {kind} running {}", join_and(&names)),
        _ => format!("the {kind} to the {}", join_and(&names)),
    }
}

/// A trap by its tile (the Russian promotional tiles of 2016): "the Vodyanoy's lake",
/// "Solovei Razboynik's tree".
pub fn trap_words(design: &TileDesign) -> &'static str {
    if design.symbols.contains(&carcassonne_engine::catalog::Symbol::Vodyanoy) {
        "the Vodyanoy's lake"
    } else {
        "Solovei Razboynik's tree"
    }
}

/// The sides of a placed tile that a feature touches, in board orientation.
fn board_sides(design: &TileDesign, rotation: Rotation, feature: LocalFeature) -> Vec<Side> {
    Side::ALL
        .into_iter()
        .filter(|s| s.ports().iter().any(|&p| design.feature_at(rotation, p) == Some(feature)))
        .collect()
}

/// What a figure is called where it stands: a knight in a city, a farmer on a farm; the
/// figures that are not followers keep their names.
pub fn figure_role(figure: Figure, kind: FeatureKind) -> String {
    let role = match kind {
        FeatureKind::City => "knight",
        FeatureKind::Road => "thief",
        FeatureKind::Field => "farmer",
        FeatureKind::Cloister | FeatureKind::Garden => "monk",
        FeatureKind::River => "follower",
        // The Tower: a follower on top of a tower guards it.
        FeatureKind::Tower => "guard",
        // The variation "Mountains": a follower on a mountain is a miner.
        FeatureKind::Mountain => "miner",
        // A special monastery: a follower lying on it is its prior.
        FeatureKind::Prior => "prior",
        // Baba Yaga's Hut: "That follower becomes Baba Yaga!"
        FeatureKind::Hut => "Baba Yaga",
        // The Vodyanoy and Solovei Razboynik: a trapped follower.
        FeatureKind::Trap => "captive",
        // Under the Big Top: a follower in a pyramid.
        FeatureKind::Acrobats => "acrobat",
    };
    match figure {
        Figure::Follower => role.into(),
        Figure::BigFollower => format!("big follower ({role})"),
        Figure::Abbot if kind == FeatureKind::Prior => "abbot (prior)".into(),
        Figure::Abbot => "abbot".into(),
        Figure::Builder => "builder".into(),
        Figure::Pig => "pig".into(),
        Figure::Mayor => "mayor".into(),
        Figure::Wagon => format!("wagon ({role})"),
        Figure::Barn => "barn".into(),
        Figure::Phantom => format!("phantom ({role})"),
        Figure::Shepherd => "shepherd".into(),
        Figure::Ringmaster => format!("ringmaster ({role})"),
    }
}

/// A figure off the board (in a supply, a prisoner): "follower", "big follower".
pub fn figure_word(figure: Figure) -> &'static str {
    match figure {
        Figure::BigFollower => "big follower",
        // The other record names are words already.
        other => other.name(),
    }
}

/// The preposition for a figure moving onto a feature: into a city, onto a road.
pub fn preposition_of_motion(kind: FeatureKind) -> &'static str {
    match preposition(kind) {
        "in" => "into",
        _ => "onto",
    }
}

/// A quarter of Carcassonne in words: "the castle quarter".
pub fn quarter_words(quarter: carcassonne_engine::Quarter) -> String {
    format!("the {} quarter", quarter.name())
}

/// A kind of feature in the plural: "cities", "roads".
pub fn kind_plural(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::City => "cities",
        FeatureKind::Road => "roads",
        FeatureKind::Cloister => "cloisters",
        FeatureKind::Field => "farms",
        FeatureKind::Garden => "gardens",
        FeatureKind::River => "rivers",
        FeatureKind::Tower => "towers",
        FeatureKind::Mountain => "mountains",
        FeatureKind::Prior => "priors' monasteries",
        FeatureKind::Hut => "Baba Yaga's huts",
        FeatureKind::Trap => "traps",
        FeatureKind::Acrobats => "acrobat spaces",
    }
}

/// A tile's corner in words: "north-east".
pub fn corner_words(corner: carcassonne_engine::Corner) -> &'static str {
    match corner {
        carcassonne_engine::Corner::NorthEast => "north-east",
        carcassonne_engine::Corner::SouthEast => "south-east",
        carcassonne_engine::Corner::SouthWest => "south-west",
        carcassonne_engine::Corner::NorthWest => "north-west",
    }
}

/// The preposition for a figure on a feature: in a city, on a road.
pub fn preposition(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::City | FeatureKind::Cloister | FeatureKind::Garden | FeatureKind::Hut | FeatureKind::Trap => "in",
        _ => "on",
    }
}

/// The kind of a feature of a placed tile.
pub fn feature_kind(game: &Game, pos: Pos, feature: LocalFeature) -> FeatureKind {
    game.board()
        .get(pos)
        .and_then(|placed| game.design(placed.tile).features.get(feature as usize))
        .map_or(FeatureKind::Field, |spec| spec.kind)
}

/// A figure with its place on its tile: "a knight in the city to the north", "the abbot in
/// the garden" (one of each special figure per player, so those take "the").
pub fn figure_on(game: &Game, figure: Figure, pos: Pos, feature: LocalFeature) -> String {
    let kind = feature_kind(game, pos, feature);
    let role = role_at(game, figure, pos, feature);
    let who = match figure {
        // "That follower becomes Baba Yaga!": a name, with no article.
        Figure::Follower if kind == FeatureKind::Hut => role,
        Figure::Follower => with_article(&role),
        _ => format!("the {role}"),
    };
    format!("{who} {} {}", preposition(kind), feature_words(game, pos, feature))
}

/// A figure with its place on its tile, without an article (after "your", "their"): "thief on
/// the road running east and west", "big follower (knight) in the city to the north".
pub fn figure_role_on(game: &Game, figure: Figure, pos: Pos, feature: LocalFeature) -> String {
    let kind = feature_kind(game, pos, feature);
    format!("{} {} {}", role_at(game, figure, pos, feature), preposition(kind), feature_words(game, pos, feature))
}

/// What a figure is called on a feature of a placed tile: its role by the feature's kind
/// ([`figure_role`]), and a heretic on a shrine (Heretics and Shrines).
pub fn role_at(game: &Game, figure: Figure, pos: Pos, feature: LocalFeature) -> String {
    let on_shrine = game
        .board()
        .get(pos)
        .and_then(|placed| game.design(placed.tile).features.get(feature as usize))
        .is_some_and(|spec| spec.attrs.shrine);
    match figure {
        Figure::Follower if on_shrine => "heretic".into(),
        Figure::BigFollower if on_shrine => "big follower (heretic)".into(),
        Figure::Wagon if on_shrine => "wagon (heretic)".into(),
        Figure::Phantom if on_shrine => "phantom (heretic)".into(),
        _ => figure_role(figure, feature_kind(game, pos, feature)),
    }
}

/// A tile by where it stands: "the start tile", "the tile 2 tiles east of the start tile".
pub fn tile_at(pos: Pos) -> String {
    if pos == Pos::new(0, 0) {
        "the start tile".into()
    } else {
        format!("the tile {}", place_words(pos))
    }
}

/// A player's figure where it stands on the board: "Anna's knight in the city to the north, 2
/// tiles east of the start tile".
pub fn owned_figure_on(game: &Game, owner: &str, figure: Figure, pos: Pos, feature: LocalFeature) -> String {
    possessed_figure_on(game, &format!("{owner}'s"), figure, pos, feature)
}

/// The same with the possessive given whole: "your thief on the road ...".
pub fn possessed_figure_on(game: &Game, whose: &str, figure: Figure, pos: Pos, feature: LocalFeature) -> String {
    let kind = feature_kind(game, pos, feature);
    format!(
        "{whose} {} {} {}, {}",
        role_at(game, figure, pos, feature),
        preposition(kind),
        feature_words(game, pos, feature),
        place_words(pos)
    )
}

pub fn token_name(token: Token) -> &'static str {
    match token {
        Token::King => "the king",
        Token::RobberBaron => "the robber baron",
    }
}

pub fn good_word(good: TradeGood) -> &'static str {
    good_name(good)
}

/// Trade goods as a list of what is there: "2 wine and 1 cloth".
pub fn goods_words(goods: [u8; 3]) -> String {
    let parts: Vec<String> = TradeGood::ALL
        .into_iter()
        .zip(goods)
        .filter(|(_, n)| *n > 0)
        .map(|(g, n)| format!("{n} {}", good_name(g)))
        .collect();
    if parts.is_empty() {
        "no goods".into()
    } else {
        join_and(&parts)
    }
}

/// What was scored: "the completed city 2 tiles east of the start tile", "the farm at the
/// start tile", "the unfinished road ...".
pub fn scored_feature_words(game: &Game, s: &Score) -> String {
    let kind = kind_word(s.kind);
    if s.kind == FeatureKind::Prior {
        // A special monastery's prior: scored at the end for the monastery's lines.
        return format!("the prior of the monastery {}", place_words(s.pos));
    }
    let state = match s.kind {
        FeatureKind::Field => "",
        _ if s.completed => "completed ",
        _ => "unfinished ",
    };
    if s.kind == FeatureKind::Field && game.rules().variants.farmer_scoring == FarmerScoring::FirstEdition {
        // First-edition farms are scored city by city; the score names the city.
        return format!("the farms around the completed city {}", place_words(s.pos));
    }
    format!("the {state}{kind} {}", place_words(s.pos))
}

/// Why a score is what it is, beyond tiles and pennants: every bonus and penalty, named after
/// the inn, cathedral, siege, pig or pig-herd that made it.
pub fn score_notes(game: &Game, s: &Score) -> Vec<String> {
    let rules = game.rules();
    let Some(placement) = game.board().index_at(s.pos) else { return vec![] };
    let root = game.feature_root(placement, s.feature);
    let features = game.features();
    let b: &Breakdown = &s.breakdown;
    let mut notes = vec![];
    if s.kind == FeatureKind::Prior {
        notes.push("the monastery and the tiles of its row and column up to the first gap".into());
    }
    if s.kind == FeatureKind::Hut {
        notes.push("Baba Yaga's hut: 1 for the hut and 1 for each empty place around it".into());
    }
    match s.kind {
        FeatureKind::Road if rules.has(Expansion::InnsCathedrals) && features.inns(root) > 0 => notes.push(
            if s.completed {
                "the inn makes each tile worth 2"
            } else {
                "an unfinished road with an inn scores nothing"
            }
            .into(),
        ),
        FeatureKind::City => {
            let cathedral = rules.has(Expansion::InnsCathedrals) && features.cathedrals(root) > 0;
            let besieged = rules.has_sieges() && features.is_besieged(root);
            let note = match (s.completed, besieged, cathedral) {
                (true, true, true) => "the siege halves the cathedral's value: 2 per tile and pennant",
                (true, true, false) => "the siege halves the city: 1 per tile and pennant",
                (true, false, true) => "the cathedral makes each tile and pennant worth 3",
                (false, true, _) => "an unfinished besieged city scores nothing",
                (false, false, true) => "an unfinished city with a cathedral scores nothing",
                (true, false, false) if b.tile_value == 1 => "a small city of two tiles: 1 per tile and pennant",
                (false, false, false) => "an unfinished city: 1 per tile and pennant",
                _ => "",
            };
            if !note.is_empty() {
                notes.push(note.into());
            }
        }
        FeatureKind::Field if rules.variants.farmer_scoring == FarmerScoring::FirstEdition => {
            notes.push("first-edition farms: 4 per city to the most farmers around it".into());
        }
        // Abbey & Mayor: a barn's final score (the barn stands on that tile's farm).
        FeatureKind::Field
            if s.phase == Phase::Final
                && game
                    .barns()
                    .iter()
                    .any(|barn| barn.pos == s.pos && barn.feature == s.feature && s.players.contains(barn.owner)) =>
        {
            notes.push("the barn scores 4 per completed city".into());
        }
        FeatureKind::Field => {
            // Abbey & Mayor: farmers scored during the game met a barn, at 3 per city when it was
            // placed on their farm, at 1 when their farm was joined to its farm.
            let base = match s.phase {
                Phase::Turn if b.city_value < 3 => {
                    notes.push("farmers joined to a barn's farm score 1 per city at once".into());
                    1
                }
                Phase::Turn => {
                    notes.push("a barn placed on their farm scores the farmers at once".into());
                    3
                }
                Phase::Final => 3,
            };
            let extra = b.city_value.saturating_sub(base);
            let herd = u16::from(extra > 0 && features.has_pig_herd(root));
            if herd > 0 {
                notes.push("the pig-herd adds 1 per city".into());
            }
            if extra > herd {
                notes.push("the pig adds 1 per city".into());
            }
            if rules.variants.farmer_scoring == FarmerScoring::SecondEdition {
                notes.push("second-edition farms: each city pays a player once".into());
            }
        }
        _ => {}
    }
    if b.besieged_cities > 0 {
        notes.push("a besieged city counts twice".into());
    }
    if b.vineyards > 0 {
        // The Vineyards: 3 points a vineyard on the eight tiles around a completed monastery.
        notes
            .push(format!("each vineyard around the completed monastery adds {}", carcassonne_engine::VINEYARD_POINTS));
    }
    notes
}

/// The breakdown of a score in words, with its notes: "4 tiles × 2 + 1 pennant × 2 = 10; the
/// cathedral makes each tile and pennant worth 3".
pub fn breakdown_words(game: &Game, s: &Score) -> String {
    let mut text = s.breakdown.to_string();
    for note in score_notes(game, s) {
        text.push_str("; ");
        text.push_str(&note);
    }
    text
}

/// A score as a sentence, naming the players by `name`.
pub fn score_sentence(game: &Game, s: &Score, name: impl Fn(u8) -> String) -> String {
    let what = scored_feature_words(game, s);
    let why = breakdown_words(game, s);
    let seats: Vec<String> = s.players.iter().map(&name).collect();
    let prefix = if s.phase == Phase::Final { "Final scoring: " } else { "" };
    let sentence = match seats.len() {
        0 => format!("{prefix}nobody scores {what}, which holds no follower ({why})"),
        1 => format!("{prefix}{} scores {} for {what} ({why})", seats[0], s.points),
        _ => format!("{prefix}{} each score {} for {what} ({why})", join_and(&seats), s.points),
    };
    capitalized(sentence)
}

/// A sentence with its first letter in capitals.
pub fn capitalized(sentence: String) -> String {
    let mut chars = sentence.chars();
    match chars.next() {
        Some(first) if first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => sentence,
    }
}
