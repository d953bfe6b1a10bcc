//! The reference as data: the TOML files of `data/reference/`, embedded at build time, read
//! with serde and checked (every id unique, every step, parent and condition valid, every
//! adaptation and deviation explained). docs/reference.md describes the format.

use std::collections::{BTreeMap, BTreeSet};

use carcassonne_engine::{CatapultToken, Expansion, FeatureKind, Figure, Token};
use serde::{Deserialize, Serialize};

use crate::condition::{Condition, ConditionError};

/// The embedded data files, in the order their lines are read.
pub(crate) const FILES: [(&str, &str); 6] = [
    ("structure.toml", include_str!("../../../data/reference/structure.toml")),
    ("overview.toml", include_str!("../../../data/reference/overview.toml")),
    ("preparation.toml", include_str!("../../../data/reference/preparation.toml")),
    ("turn.toml", include_str!("../../../data/reference/turn.toml")),
    ("scoring.toml", include_str!("../../../data/reference/scoring.toml")),
    ("final.toml", include_str!("../../../data/reference/final.toml")),
];

/// The engine's decisions (`Pending`), by the names a line's `decision` uses (the game server
/// names them so in its views).
pub const DECISIONS: [&str; 40] = [
    "place",
    "deploy",
    "escape",
    "dragon",
    "capture",
    "exchange",
    "abbey",
    "wagon",
    "redeploy",
    "carcassonne",
    "count",
    "final-redeploy",
    "held-tile",
    "choose-tile",
    "give-tile",
    "take-prisoner",
    "replace-tile",
    "gold",
    "porxada",
    "swap",
    "swap-answer",
    "crop-circle",
    "crop-add",
    "crop-remove",
    "phantom",
    "magic",
    "land",
    "ferry",
    "move-ferry",
    "plague",
    "scoring-figure",
    "message",
    "flock",
    "castle",
    "bazaar-choose",
    "bazaar-bid",
    "bazaar-trade",
    "catapult",
    "flick",
    "seduce",
];

/// How a line stands to the default rules (Hans im Glueck, The Big Box): seed 004 marks
/// adaptations in blue and deviations in yellow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// The rules as published (or the engine's default reading).
    #[default]
    Default,
    /// A feature of another edition fitted to this one with some creativity, or a choice seed 004
    /// leaves to the players.
    Adaptation,
    /// Not the Hans im Glueck Big Box rules: another rule set's reading, a variant off its
    /// default, another edition's reading.
    Deviation,
}

/// A scoring moment seed 004 marks with MESSAGES, ROBBERS or ROBBER CHOICE.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Trigger {
    Messages,
    Robbers,
    RobberChoice,
}

impl Trigger {
    /// The expansion that makes the mark matter.
    pub fn expansion(self) -> &'static str {
        match self {
            Trigger::Messages => "messages",
            Trigger::Robbers | Trigger::RobberChoice => "robbers",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Trigger::Messages => "messages",
            Trigger::Robbers => "robbers",
            Trigger::RobberChoice => "robber choice",
        }
    }
}

/// A number the engine also knows; `tests/reference.rs` checks each against it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
pub enum Fact {
    /// A tile set has this many tiles (in the first edition).
    Tiles { set: String, count: u32 },
    /// Each player starts with `count` of `figure` in supply.
    Supply { figure: String, count: u8 },
    /// With `players` players each has `count` tower pieces.
    TowerPieces { players: u8, count: u8 },
    /// Little Buildings: each player has `count` buildings (of each kind, with `per-kind`) for
    /// the number of players the entry is shown for.
    Buildings {
        count: u8,
        #[serde(default, rename = "per-kind")]
        per_kind: bool,
    },
    /// The trade goods symbols on the tiles (and so the counters).
    TradeGoods { wine: u32, grain: u32, cloth: u32 },
    /// What a feature pays per tile, pennant and completed city.
    Score {
        feature: String,
        phase: Phase,
        /// Default: completed during the game, incomplete in the final scoring.
        #[serde(default)]
        completed: Option<bool>,
        #[serde(default)]
        tile: u16,
        #[serde(default)]
        pennant: u16,
        #[serde(default)]
        city: u16,
    },
    /// Points a farm's owner gets per city on top of its value (a pig, a pig-herd).
    FarmBonus { bonus: String, points: u16 },
    /// The fairy's points at the start of a turn (`turn`) or when its follower scores (`scored`).
    Fairy { event: String, points: u32 },
    /// The ransom of a prisoner.
    Ransom { points: u32 },
    /// The majority of a trade good.
    Goods { points: u32 },
    /// The king or robber baron: points per completed city or road.
    Token { token: String, per: u32 },
    /// The Gold Mines: each ingot a player holds is worth as many points as there are
    /// `thresholds` at or below the number they hold.
    Gold { thresholds: Vec<u8> },
    /// The Wind Roses: what a quarter rose placed in its section scores.
    WindRose { points: u32 },
    /// The Labyrinths (advanced variant): what each follower on a completed road through a
    /// labyrinth adds for its majority.
    Labyrinth { points: u32 },
    /// The Watchtowers: a tower watching over `watches` (a symbol's name, `watchtower-roads`)
    /// pays `per` points per thing counted.
    Watchtower { watches: String, per: u32 },
    /// Hills & Sheep: the flock bag's tokens at the start, the wolves and the tokens showing one
    /// to four sheep.
    FlockBag { wolves: u8, one: u8, two: u8, three: u8, four: u8 },
    /// Hills & Sheep: what each sheep of a flock guided to the stable pays.
    Sheep { points: u32 },
    /// The Vineyards: what each vineyard around a completed monastery adds.
    Vineyard { points: u32 },
    /// Under the Big Top: the animal tokens at the start, as (points a follower, how many).
    Animals { tokens: Vec<(u8, u8)> },
    /// Under the Big Top: what each acrobat of a pyramid scores.
    Acrobat { points: u32 },
    /// Under the Big Top: what a ringmaster earns for each circus and acrobat tile around him.
    Ringmaster { points: u32 },
    /// Bridges, Castles & Bazaars: each player has `count` bridges for the number of players
    /// the entry is shown for.
    Bridges { count: u8 },
    /// Bridges, Castles & Bazaars: each player has `count` castle tokens for the number of
    /// players the entry is shown for.
    Castles { count: u8 },
    /// The Catapult: what a catapult round with tokens of kind `token` (a
    /// `CatapultToken::name`: `target`, `catch`) pays each player who wins it.
    Catapult { token: String, points: u32 },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    Turn,
    Final,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    #[serde(default)]
    empty_step: Option<String>,
    #[serde(default)]
    expansion: Vec<ExpansionData>,
    #[serde(default)]
    section: Vec<SectionData>,
    #[serde(default)]
    step: Vec<StepData>,
    #[serde(default)]
    entry: Vec<EntryData>,
}

/// An expansion the reference knows.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct ExpansionData {
    pub key: String,
    pub name: String,
    pub source: String,
}

impl ExpansionData {
    /// Whether the engine plays it: it knows the key.
    pub fn playable(&self) -> bool {
        Expansion::from_name(&self.key).is_some()
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SectionData {
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub intro: Option<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StepData {
    pub id: String,
    pub section: String,
    pub title: String,
    /// The turn's part the step belongs to ("1. Placing a tile").
    #[serde(default)]
    pub part: Option<String>,
    /// Shown even with no line (saying there is nothing to do), as the turn's steps are.
    #[serde(default)]
    pub always: bool,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntryData {
    id: String,
    step: String,
    #[serde(default)]
    when: String,
    text: String,
    source: String,
    #[serde(default)]
    kind: Kind,
    #[serde(default)]
    why: Option<String>,
    #[serde(default)]
    under: Option<String>,
    #[serde(default)]
    heading: bool,
    #[serde(default)]
    decision: Option<String>,
    #[serde(default)]
    fact: Option<Fact>,
    #[serde(default)]
    triggers: Vec<Trigger>,
}

/// One line of the reference.
#[derive(Clone, Debug)]
pub struct Entry {
    pub id: String,
    pub step: String,
    /// The condition as written (empty: always).
    pub when: String,
    pub condition: Condition,
    pub text: String,
    /// The seed passage it comes from.
    pub source: String,
    pub kind: Kind,
    /// Why the line is an adaptation or a deviation.
    pub why: Option<String>,
    /// The line it belongs under (shown only with it).
    pub under: Option<String>,
    /// Shown only when one of the lines under it is.
    pub heading: bool,
    /// The engine's decision the line stands for.
    pub decision: Option<String>,
    pub fact: Option<Fact>,
    pub triggers: Vec<Trigger>,
    /// The data file it is written in.
    pub file: &'static str,
}

/// Everything the data files hold, checked.
#[derive(Clone, Debug)]
pub struct Data {
    pub empty_step: String,
    pub expansions: Vec<ExpansionData>,
    pub sections: Vec<SectionData>,
    pub steps: Vec<StepData>,
    pub entries: Vec<Entry>,
}

/// What is wrong with the data: the file, the line's id (when there is one) and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file}{}: {message}", .id.as_ref().map(|id| format!(", `{id}`")).unwrap_or_default())]
pub struct DataError {
    pub file: String,
    pub id: Option<String>,
    pub message: String,
}

fn error(file: &str, id: Option<&str>, message: impl Into<String>) -> DataError {
    DataError { file: file.to_string(), id: id.map(str::to_string), message: message.into() }
}

impl Data {
    /// Reads and checks the files (name, text), in order.
    pub fn parse(files: &[(&'static str, &str)]) -> Result<Data, DataError> {
        let mut parsed = vec![];
        for &(name, text) in files {
            let file: File = toml::from_str(text).map_err(|e| error(name, None, e.to_string().trim_end()))?;
            parsed.push((name, file));
        }
        let mut empty_step = None;
        let (mut expansions, mut sections, mut steps, mut raw) = (vec![], vec![], vec![], vec![]);
        for (name, file) in parsed {
            if let Some(text) = file.empty_step {
                empty_step = Some(text);
            }
            expansions.extend(file.expansion);
            sections.extend(file.section);
            steps.extend(file.step);
            raw.extend(file.entry.into_iter().map(|e| (name, e)));
        }
        let empty_step = empty_step.ok_or_else(|| error("structure.toml", None, "no `empty_step` text"))?;
        check_unique(expansions.iter().map(|e| e.key.as_str()), "expansion key")?;
        check_unique(sections.iter().map(|s| s.id.as_str()), "section")?;
        check_unique(steps.iter().map(|s| s.id.as_str()), "step")?;
        for step in &steps {
            if !sections.iter().any(|s| s.id == step.section) {
                return Err(error("structure.toml", Some(&step.id), format!("no section `{}`", step.section)));
            }
        }
        for e in Expansion::ALL {
            if !expansions.iter().any(|x| x.key == e.name()) {
                return Err(error("structure.toml", None, format!("the engine's expansion `{}` is missing", e.name())));
            }
        }
        let keys: BTreeSet<String> = expansions.iter().map(|e| e.key.clone()).collect();
        let known = |k: &str| keys.contains(k);
        let mut entries: Vec<Entry> = vec![];
        let mut seen: BTreeMap<String, usize> = BTreeMap::new();
        for (file, e) in raw {
            let here = |message: String| error(file, Some(&e.id), message);
            if seen.insert(e.id.clone(), entries.len()).is_some() {
                return Err(here("the id is used twice".into()));
            }
            if !steps.iter().any(|s| s.id == e.step) {
                return Err(here(format!("no step `{}`", e.step)));
            }
            let condition = Condition::parse(&e.when, &known).map_err(|ConditionError { at, message }| {
                here(format!("condition `{}`, at {at}: {message}", e.when))
            })?;
            if e.text.trim().is_empty() || e.source.trim().is_empty() {
                return Err(here("a line needs its text and its source".into()));
            }
            match (e.kind, &e.why) {
                (Kind::Default, Some(_)) => return Err(here("`why` explains an adaptation or deviation only".into())),
                (Kind::Adaptation | Kind::Deviation, None) => {
                    return Err(here("an adaptation or deviation says `why`".into()))
                }
                _ => {}
            }
            if let Some(parent) = &e.under {
                match seen.get(parent).filter(|&&i| i < entries.len()) {
                    Some(&i) if entries[i].step == e.step => {}
                    Some(_) => return Err(here(format!("`{parent}` is in another step"))),
                    None => return Err(here(format!("`{parent}` must come before the lines under it"))),
                }
            }
            if let Some(d) = &e.decision {
                if !DECISIONS.contains(&d.as_str()) {
                    return Err(here(format!("unknown decision `{d}` (known: {})", DECISIONS.join(", "))));
                }
            }
            if let Some(fact) = &e.fact {
                check_fact(fact).map_err(here)?;
            }
            entries.push(Entry {
                id: e.id,
                step: e.step,
                when: e.when,
                condition,
                text: e.text,
                source: e.source,
                kind: e.kind,
                why: e.why,
                under: e.under,
                heading: e.heading,
                decision: e.decision,
                fact: e.fact,
                triggers: e.triggers,
                file,
            });
        }
        for e in entries.iter().filter(|e| e.heading) {
            if !entries.iter().any(|c| c.under.as_deref() == Some(e.id.as_str())) {
                return Err(error(e.file, Some(&e.id), "a heading with no line under it"));
            }
        }
        Ok(Data { empty_step, expansions, sections, steps, entries })
    }
}

fn check_unique<'a>(ids: impl Iterator<Item = &'a str>, what: &str) -> Result<(), DataError> {
    let mut seen = BTreeSet::new();
    for id in ids {
        if !seen.insert(id) {
            return Err(error("structure.toml", Some(id), format!("the {what} is used twice")));
        }
    }
    Ok(())
}

fn check_fact(fact: &Fact) -> Result<(), String> {
    match fact {
        Fact::Supply { figure, .. } if Figure::from_name(figure).is_none() => Err(format!("unknown figure `{figure}`")),
        Fact::Score { feature, .. } if FeatureKind::from_name(feature).is_none() => {
            Err(format!("unknown feature `{feature}`"))
        }
        Fact::TowerPieces { players, .. } if !(2..=6).contains(players) => {
            Err(format!("{players} is not a number of players"))
        }
        Fact::FarmBonus { bonus, .. } if bonus != "pig" && bonus != "herd" => {
            Err(format!("unknown farm bonus `{bonus}`"))
        }
        Fact::Fairy { event, .. } if event != "turn" && event != "scored" => {
            Err(format!("unknown fairy event `{event}`"))
        }
        Fact::Token { token, .. } if ![Token::King, Token::RobberBaron].iter().any(|t| t.name() == token) => {
            Err(format!("unknown token `{token}`"))
        }
        Fact::Gold { thresholds } if thresholds.is_empty() || !thresholds.is_sorted() => {
            Err("gold thresholds are one or more counts, rising".into())
        }
        Fact::Animals { tokens } if tokens.is_empty() || tokens.iter().any(|&(_, n)| n == 0) => {
            Err("animal tokens are one or more (points, count) pairs, each count at least 1".into())
        }
        Fact::Catapult { token, .. } if CatapultToken::from_name(token).is_none() => {
            Err(format!("unknown catapult token `{token}`"))
        }
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_entry(entry: &str) -> Result<Data, DataError> {
        let structure = FILES[0].1;
        Data::parse(&[("structure.toml", structure), ("test.toml", entry)])
    }

    #[test]
    fn the_builtin_data_is_valid() {
        let data = Data::parse(&FILES).unwrap();
        assert!(data.entries.len() > 300, "{} lines", data.entries.len());
    }

    #[test]
    fn each_mistake_in_the_data_is_an_error_naming_the_line() {
        let cases = [
            ("[[entry]]\nid = \"a\"\nstep = \"9Z\"\ntext = \"t\"\nsource = \"s\"\n", "no step `9Z`"),
            ("[[entry]]\nid = \"a\"\nstep = \"1A\"\nwhen = \"towr\"\ntext = \"t\"\nsource = \"s\"\n", "unknown expansion `towr`"),
            ("[[entry]]\nid = \"a\"\nstep = \"1A\"\ntext = \"t\"\nsource = \"s\"\nkind = \"deviation\"\n", "says `why`"),
            ("[[entry]]\nid = \"a\"\nstep = \"1A\"\ntext = \"t\"\nsource = \"s\"\nwhy = \"w\"\n", "`why` explains"),
            ("[[entry]]\nid = \"a\"\nstep = \"1A\"\ntext = \"t\"\nsource = \"s\"\nunder = \"b\"\n", "must come before"),
            ("[[entry]]\nid = \"a\"\nstep = \"1A\"\ntext = \"t\"\nsource = \"s\"\ndecision = \"dance\"\n", "unknown decision"),
            ("[[entry]]\nid = \"a\"\nstep = \"1A\"\ntext = \"\"\nsource = \"s\"\n", "its text and its source"),
            ("[[entry]]\nid = \"a\"\nstep = \"1A\"\ntext = \"t\"\nsource = \"s\"\nheading = true\n", "no line under it"),
            (
                "[[entry]]\nid = \"a\"\nstep = \"1A\"\ntext = \"t\"\nsource = \"s\"\nfact = { kind = \"supply\", figure = \"wizard\", count = 1 }\n",
                "unknown figure `wizard`",
            ),
            (
                "[[entry]]\nid = \"a\"\nstep = \"1A\"\ntext = \"t\"\nsource = \"s\"\nfact = { kind = \"catapult\", token = \"pie\", points = 5 }\n",
                "unknown catapult token `pie`",
            ),
            (
                "[[entry]]\nid = \"a\"\nstep = \"1A\"\ntext = \"t\"\nsource = \"s\"\n[[entry]]\nid = \"a\"\nstep = \"1A\"\ntext = \"t\"\nsource = \"s\"\n",
                "used twice",
            ),
            ("[[entry]]\nid = \"a\"\nstep = \"1A\"\ntext = \"t\"\nsource = \"s\"\ncolour = \"blue\"\n", "unknown field `colour`"),
        ];
        for (text, message) in cases {
            let e = with_entry(text).unwrap_err();
            assert!(e.to_string().contains(message), "{text}: {e}");
            assert_eq!(e.file, "test.toml", "{e}");
        }
    }
}
