//! The words of `carcassonne play`: actions for announcements and for the numbered list,
//! scores, figures, and the Count's quarters.

use carcassonne_engine::record::encode_action;
use carcassonne_engine::{Action, FeatureKind, Figure, Game, Pending, Phase, Pos, Quarter, RecordAction, Score};

use crate::output::player_names;

/// `scores 8: completed city@N at (0,-1), 3 tiles × 2 + 1 pennant × 2 = 8`.
pub(super) fn describe_score(game: &Game, s: &Score) -> String {
    let feature = game.feature_name(s.pos, s.feature).unwrap_or_else(|| s.kind.name().to_string());
    let state = match (s.phase, s.completed) {
        (Phase::Final, false) if s.kind.name() == "field" => "farm ",
        (Phase::Final, false) => "incomplete ",
        _ => "completed ",
    };
    let verb = if s.players.len() == 1 { "scores" } else { "each score" };
    format!(
        "{} {verb} {} for the {} ({state}{feature} at {}): {}",
        player_names(game, s.players),
        s.points,
        s.kind.name(),
        s.pos,
        s.breakdown
    )
}

/// An action in words, for announcements: `places base:D at (1,0) rotated 90°`.
pub(super) fn describe(game: &Game, action: Action) -> String {
    match encode_action(game, action) {
        RecordAction::Place { tile, x, y, rotation, .. } => {
            format!("places {} at ({x},{y}) rotated {rotation}°", tile.unwrap_or_default())
        }
        RecordAction::Deploy { figure, feature, x: Some(x), y: Some(y), .. } if feature == "tower" => {
            format!("finishes the tower at ({x},{y}) with a {} on top", figure.name())
        }
        RecordAction::Deploy { figure, feature, .. } => {
            let article = if figure.name().starts_with('a') { "an" } else { "a" };
            format!("deploys {article} {} on {feature}", figure.name())
        }
        RecordAction::BuildTower { x, y, .. } => format!("puts a tower piece on the tower at ({x},{y})"),
        RecordAction::RemoveTile { tile, x, y, .. } => {
            format!("gives up a point and removes {} from ({x},{y}) (rebuilding)", tile.unwrap_or_default())
        }
        RecordAction::Capture { x, y, feature, .. } => format!("takes the figure on {feature} at ({x},{y}) prisoner"),
        RecordAction::TakePrisoner { x, y, feature, .. } => {
            format!("takes the follower on {feature} at ({x},{y}) prisoner, with a follower on guard duty")
        }
        RecordAction::MoveFollower { figure, from_x, from_y, from_feature, x, y, feature, .. } => format!(
            "moves their {} from {from_feature} at ({from_x},{from_y}) onto {feature} at ({x},{y})",
            figure.name()
        ),
        RecordAction::ReligiousWar { x, y, knights, .. } => {
            let from: Vec<String> = knights.iter().map(|k| format!("({},{})", k.x, k.y)).collect();
            format!("wages religious war: knights from {} take the cloister at ({x},{y})", from.join(" and "))
        }
        RecordAction::ReleasePrisoner { owner, figure, .. } => {
            format!("releases {owner}'s {} and has the guard back", figure.name())
        }
        RecordAction::Exchange { figure, .. } => format!("has their {} back in the exchange", figure.name()),
        RecordAction::Ransom { captor, figure, .. } => {
            format!("pays {captor} 3 points of ransom for their {}", figure.name())
        }
        RecordAction::Escape { x, y, feature, .. } => format!("lets the knight on {feature} at ({x},{y}) escape"),
        RecordAction::RecallAbbot { x, y, .. } => format!("takes back the abbot at ({x},{y}) and scores it"),
        RecordAction::MoveFairy { x, y, feature, .. } => format!("moves the fairy next to {feature} at ({x},{y})"),
        RecordAction::RemoveKnight { x, y, feature, .. } => {
            format!("sends the knight on {feature} at ({x},{y}) home with the princess")
        }
        RecordAction::MoveDragon { x, y, .. } => format!("moves the dragon to ({x},{y})"),
        RecordAction::Abbey { x, y, .. } => format!("places the abbey in the hole at ({x},{y})"),
        RecordAction::Barn { corner, .. } => format!("places the barn on the {corner} corner of the tile"),
        RecordAction::Gold { x, y, .. } => format!("puts a gold ingot on the tile and one on ({x},{y})"),
        RecordAction::Magic { figure, x, y, feature, .. } => {
            format!("puts the {} on {feature} at ({x},{y})", figure.name())
        }
        RecordAction::MagicOff { figure, .. } => format!("takes the {} off the board", figure.name()),
        RecordAction::Fly { figure, .. } => format!("flies a {} from the flying machine", figure.name()),
        RecordAction::Tunnel { pair, x, y, feature, .. } => format!(
            "puts a tunnel token (pair {}) on the opening of {feature} at ({x},{y})",
            carcassonne_engine::tunnel_pair_letter(pair)
        ),
        RecordAction::Land { x, y, feature, .. } => format!("lands on {feature} at ({x},{y})"),
        RecordAction::Ferry { x, y, from, to, .. } => {
            format!("sets the ferry of the lake at ({x},{y}) to join {from} and {to}")
        }
        RecordAction::PorxadaBonus { .. } => "chooses La Porxada's bonus".into(),
        RecordAction::Flea { x, y, from_x: Some(fx), from_y: Some(fy), .. } => {
            format!("spreads the plague: the flea at ({fx},{fy}) moves to ({x},{y})")
        }
        RecordAction::Flea { x, y, .. } => format!("spreads the plague: a flea on ({x},{y})"),
        RecordAction::ScoringFigure { messenger: true, .. } => "moves their messenger".into(),
        RecordAction::ScoringFigure { .. } => "moves their scoring follower".into(),
        RecordAction::Message { perform: true, .. } => "does what the message says".into(),
        RecordAction::Message { .. } => "takes the message's 2 points".into(),
        RecordAction::Flock { herd: true, .. } => "drives their flock to the stable".into(),
        RecordAction::Flock { .. } => "grows their flock".into(),
        RecordAction::Acrobat { x, y, .. } => format!("puts a follower on the acrobat space at ({x},{y})"),
        RecordAction::Pyramid { x, y, .. } => format!("scores the acrobat pyramid at ({x},{y})"),
        RecordAction::MessageFollower { figure, x, y, feature, .. } => {
            format!("scores their {} on {feature} at ({x},{y}) with the message and takes it home", figure.name())
        }
        RecordAction::Flee { figure, from_x, from_y, x, y, feature, .. } => {
            format!("lets their {} at ({from_x},{from_y}) flee to {feature} at ({x},{y})", figure.name())
        }
        RecordAction::CropCircle { choice, .. } => format!("crop circle: chooses `{choice}`"),
        RecordAction::TakeBack { figure, x, y, .. } => format!("takes back their {} at ({x},{y})", figure.name()),
        RecordAction::SwapFollower { owner, figure, x, y, .. } => {
            format!("names {owner}'s {} at ({x},{y}) for La Porxada's swap", figure.name())
        }
        RecordAction::RefuseSwap { figure, x, y, .. } => {
            format!("refuses the swap: their {} at ({x},{y}) leaves the game", figure.name())
        }
        RecordAction::LittleBuilding { kind, .. } => {
            format!("puts a little {} on the tile", kind.as_deref().unwrap_or("building"))
        }
        festival @ RecordAction::Festival { .. } => {
            format!("celebrates the festival and takes back {}", crate::hint::festival_target(&festival))
        }
        RecordAction::Free { figure, x, y, .. } => format!("frees their {} from the trap at ({x},{y})", figure.name()),
        RecordAction::MoveWagon { x, y, feature, .. } => format!("moves the wagon onto {feature} at ({x},{y})"),
        RecordAction::Carcassonne { figure, quarter, .. } => {
            format!("deploys {} to the {quarter} quarter of Carcassonne", with_article(figure))
        }
        RecordAction::MoveCount { quarter, .. } => format!("moves the count to the {quarter} quarter"),
        RecordAction::Redeploy { figure, x, y, feature, .. } => {
            format!("moves {} from {} onto {feature} at ({x},{y})", with_article(figure), redeploy_source(game, action))
        }
        RecordAction::HeldTile { .. } => "places their own tile instead of drawing".to_string(),
        RecordAction::Mountain { tile, x, y, .. } => {
            format!("turns {} upside down: a mountain at ({x},{y})", tile.unwrap_or_default())
        }
        RecordAction::ChooseTile { tile, .. } => format!("takes {tile}"),
        // Face down, only the two players know which tile.
        RecordAction::GiveTile { to, .. } => format!("hands a tile to {to}"),
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::ChooseTile { .. }) => {
            "draws from the pile".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::Abbey { .. } | Pending::HeldTile { .. }) => {
            "draws a tile".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::MoveWagon { .. }) => {
            "takes the wagon home".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::Carcassonne { .. }) => {
            "deploys nothing to Carcassonne".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::MoveCount { .. }) => {
            format!("leaves the count in the {} quarter", game.count_quarter().map_or("", |q| q.name()))
        }
        RecordAction::Pass { .. }
            if matches!(game.pending(), Pending::Redeploy { .. } | Pending::FinalRedeploy { .. }) =>
        {
            "redeploys no more from Carcassonne".to_string()
        }
        other => match generic(&other).as_str() {
            "pass" => "deploys nothing (passes)".to_string(),
            text => text.to_string(),
        },
    }
}

/// An action in the numbered list: `place at (1,0) rotated 90°`, `deploy follower on city@N`.
pub(super) fn short(game: &Game, action: Action) -> String {
    match encode_action(game, action) {
        RecordAction::Place { x, y, rotation, .. } => format!("place at ({x},{y}) rotated {rotation}°"),
        RecordAction::Deploy { figure, feature, x: Some(x), y: Some(y), .. } if feature == "tower" => {
            format!("tower: finish the tower at ({x},{y}) with a {}", figure.name())
        }
        RecordAction::Deploy { figure, feature, x: Some(x), y: Some(y), .. } => {
            let how = if game.rules().variants.follower_unpunctuality { "earlier tile" } else { "magic gate" };
            format!("{how}: deploy {} on {feature} at ({x},{y})", figure.name())
        }
        RecordAction::BuildTower { x, y, .. } => {
            let height = game.towers().iter().find(|t| t.pos == Pos::new(x, y)).map_or(0, |t| t.height);
            format!("tower: a piece on the tower at ({x},{y}), {height} high")
        }
        RecordAction::Capture { x, y, feature, .. } => format!("capture: the figure on {feature} at ({x},{y})"),
        RecordAction::RemoveTile { tile, x, y, .. } => {
            format!("rebuild: remove {} at ({x},{y}) and place it elsewhere (1 point)", tile.unwrap_or_default())
        }
        RecordAction::TakePrisoner { x, y, feature, .. } => format!("prisoner: the follower on {feature} at ({x},{y})"),
        RecordAction::MoveFollower { figure, from_x, from_y, from_feature, x, y, feature, .. } => {
            format!("move: {} from {from_feature} at ({from_x},{from_y}) to {feature} at ({x},{y})", figure.name())
        }
        RecordAction::ReligiousWar { x, y, knights, .. } => {
            let from: Vec<String> = knights.iter().map(|k| format!("({},{})", k.x, k.y)).collect();
            format!("religious war: knights from {} to the cloister at ({x},{y})", from.join(" and "))
        }
        RecordAction::ReleasePrisoner { owner, figure, .. } => {
            format!("release {owner}'s {} (your guard comes back)", figure.name())
        }
        RecordAction::Exchange { figure, .. } => format!("exchange: your {} comes back", figure.name()),
        RecordAction::Ransom { captor, figure, .. } => {
            format!("ransom: pay {captor} 3 points for your {}", figure.name())
        }
        RecordAction::Deploy { figure, feature, .. } => format!("deploy {} on {feature}", figure.name()),
        RecordAction::Escape { x, y, feature, .. } => format!("escape: the knight on {feature} at ({x},{y})"),
        RecordAction::RecallAbbot { x, y, .. } => format!("recall the abbot at ({x},{y}) and score it"),
        RecordAction::MoveFairy { x, y, feature, .. } => format!("fairy: next to {feature} at ({x},{y})"),
        RecordAction::RemoveKnight { x, y, feature, .. } => {
            format!("princess: remove the knight on {feature} at ({x},{y})")
        }
        RecordAction::MoveDragon { x, y, .. } => format!("dragon: to ({x},{y})"),
        RecordAction::Abbey { x, y, .. } => format!("abbey: into the hole at ({x},{y})"),
        RecordAction::Barn { corner, .. } => format!("barn: on the {corner} corner"),
        RecordAction::Gold { x, y, .. } => format!("gold: the second ingot on ({x},{y})"),
        RecordAction::Magic { figure, x, y, feature, .. } => format!("{}: onto {feature} at ({x},{y})", figure.name()),
        RecordAction::MagicOff { figure, .. } => format!("{}: off the board", figure.name()),
        RecordAction::Fly { figure, .. } => format!("fly: a {} from the flying machine", figure.name()),
        RecordAction::Tunnel { pair, x, y, feature, .. } => {
            format!(
                "tunnel: a token of pair {} on {feature} at ({x},{y})",
                carcassonne_engine::tunnel_pair_letter(pair)
            )
        }
        RecordAction::Land { x, y, feature, .. } => format!("land: on {feature} at ({x},{y})"),
        RecordAction::Ferry { x, y, from, to, .. } => {
            format!("ferry: on the lake at ({x},{y}), joining {from} and {to}")
        }
        RecordAction::PorxadaBonus { .. } => "La Porxada: the bonus at the end".into(),
        RecordAction::Flea { x, y, from_x: Some(fx), from_y: Some(fy), .. } => {
            format!("flea: the one at ({fx},{fy}) to ({x},{y})")
        }
        RecordAction::Flea { x, y, .. } => format!("flea: on ({x},{y})"),
        RecordAction::ScoringFigure { messenger: true, .. } => "messenger: move it".into(),
        RecordAction::ScoringFigure { .. } => "scoring follower: move it".into(),
        RecordAction::Message { perform: true, .. } => "message: do what it says".into(),
        RecordAction::Message { .. } => "message: take its 2 points".into(),
        RecordAction::Flock { herd: true, .. } => "flock: drive it to the stable".into(),
        RecordAction::Flock { .. } => "flock: grow it (draw a token)".into(),
        RecordAction::Acrobat { x, y, .. } => format!("acrobat: a follower on the acrobat space at ({x},{y})"),
        RecordAction::Pyramid { x, y, .. } => format!("pyramid: score the acrobats at ({x},{y})"),
        RecordAction::MessageFollower { figure, x, y, feature, .. } => {
            format!("message: score your {} on {feature} at ({x},{y})", figure.name())
        }
        RecordAction::Flee { figure, from_x, from_y, x, y, feature, .. } => {
            format!("flee: your {} at ({from_x},{from_y}) to {feature} at ({x},{y})", figure.name())
        }
        RecordAction::CropCircle { choice, .. } if choice == "add" => {
            "crop circle: every player may add a follower".into()
        }
        RecordAction::CropCircle { .. } => "crop circle: every player takes a follower back".into(),
        RecordAction::TakeBack { figure, x, y, feature, .. } => {
            format!("take back: your {} on {feature} at ({x},{y})", figure.name())
        }
        RecordAction::SwapFollower { owner, figure, x, y, feature, .. } => {
            format!("swap: {owner}'s {} on {feature} at ({x},{y})", figure.name())
        }
        RecordAction::RefuseSwap { figure, x, y, feature, .. } => {
            format!("refuse: your {} on {feature} at ({x},{y}) leaves the game", figure.name())
        }
        RecordAction::LittleBuilding { kind, .. } => format!("little {}", kind.as_deref().unwrap_or("building")),
        festival @ RecordAction::Festival { .. } => {
            format!("festival: take back {}", crate::hint::festival_target(&festival))
        }
        RecordAction::Free { figure, x, y, .. } => format!("free: your {} from the trap at ({x},{y})", figure.name()),
        RecordAction::MoveWagon { x, y, feature, .. } => format!("wagon: onto {feature} at ({x},{y})"),
        RecordAction::Carcassonne { figure, quarter, .. } => {
            let feeds = game
                .catalog()
                .quarter_feeds(quarter)
                .map_or(String::new(), |k| format!(", later onto {}", kind_words(k)));
            format!("Carcassonne: {} to the {quarter} quarter{feeds}", figure_words(figure))
        }
        RecordAction::MoveCount { quarter, .. } => format!("count: to the {quarter} quarter"),
        RecordAction::Redeploy { figure, x, y, feature, .. } => {
            format!(
                "redeploy: {} from {} onto {feature} at ({x},{y})",
                figure_words(figure),
                redeploy_source(game, action)
            )
        }
        RecordAction::HeldTile { .. } => "own tile: place it instead of drawing".to_string(),
        RecordAction::Mountain { x, y, .. } => format!("mountain at ({x},{y}): the tile upside down"),
        RecordAction::ChooseTile { tile, .. } => format!("take {tile}"),
        RecordAction::GiveTile { tile, to, .. } => format!("give {tile} to {to}"),
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::ChooseTile { .. }) => {
            "draw from the pile instead".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::Abbey { .. } | Pending::HeldTile { .. }) => {
            "draw a tile".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::MoveWagon { .. }) => {
            "take the wagon home".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::Carcassonne { .. }) => {
            "deploy nothing to Carcassonne".to_string()
        }
        RecordAction::Pass { .. } if matches!(game.pending(), Pending::MoveCount { .. }) => {
            format!("leave the count in the {} quarter", game.count_quarter().map_or("", |q| q.name()))
        }
        RecordAction::Pass { .. }
            if matches!(game.pending(), Pending::Redeploy { .. } | Pending::FinalRedeploy { .. }) =>
        {
            "redeploy no more".to_string()
        }
        other => generic(&other),
    }
}

/// Little Buildings: what a player has left, "4 little buildings" or "1 tower, 2 houses, 0 sheds".
pub(super) fn building_words(left: carcassonne_engine::BuildingSupply) -> String {
    let plural = |n: u8, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    if left.by_kind.iter().all(|&n| n == 0) && left.any > 0 || left.total() == 0 {
        return plural(left.any, "little building", "little buildings");
    }
    let [tower, house, shed] = left.by_kind;
    format!(
        "{}, {}, {}",
        plural(tower, "tower", "towers"),
        plural(house, "house", "houses"),
        plural(shed, "shed", "sheds")
    )
}

/// A figure in words: `big follower`.
pub(super) fn figure_words(figure: Figure) -> String {
    figure.name().replace('-', " ")
}

/// A figure in words with its article: `a follower`, `an abbot`.
fn with_article(figure: Figure) -> String {
    let words = figure_words(figure);
    let article = if words.starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
    format!("{article} {words}")
}

/// The Count of Carcassonne: the quarter whose figures may be redeployed onto feature `feature`
/// of the tile at `pos`.
pub(super) fn feeding_quarter(game: &Game, pos: Pos, feature: u8) -> Option<Quarter> {
    let design = game.design(game.board().get(pos)?.tile);
    let kind = design.features.get(feature as usize)?.kind;
    game.catalog().quarter_feeding(kind)
}

/// Where a redeployed figure comes from: `the castle quarter`.
fn redeploy_source(game: &Game, action: Action) -> String {
    match action {
        Action::Redeploy { pos, feature, .. } => match feeding_quarter(game, pos, feature) {
            Some(q) => format!("the {q} quarter"),
            None => "Carcassonne".to_string(),
        },
        _ => "Carcassonne".to_string(),
    }
}

/// A feature of the kind a quarter feeds, in words: `a city`, `a farm at the end`.
fn kind_words(kind: FeatureKind) -> &'static str {
    match kind {
        FeatureKind::City => "a city",
        FeatureKind::Road => "a road",
        FeatureKind::Cloister => "a cloister",
        FeatureKind::Field => "a farm at the end",
        _ => "a feature",
    }
}

/// Any record action as its name and fields: `escape x=1 y=2 feature=city@N`, `pass`.
pub(super) fn generic(action: &RecordAction) -> String {
    let Ok(serde_json::Value::Object(map)) = serde_json::to_value(action) else {
        return format!("{action:?}");
    };
    let mut text = map.get("action").and_then(|v| v.as_str()).unwrap_or("action").to_string();
    for (key, value) in &map {
        if key == "action" || key == "player" {
            continue;
        }
        match value.as_str() {
            Some(s) => text.push_str(&format!(" {key}={s}")),
            None => text.push_str(&format!(" {key}={value}")),
        }
    }
    text
}
