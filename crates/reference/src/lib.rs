//! The assembled game reference (seed 004): the preparation, the order of play in steps (1A to
//! 4B), the scoring during the game and the final scoring, for any selection of expansions,
//! variants, rule set and number of players, each line shown only when it applies.
//!
//! The reference is data (`data/reference/*.toml`, embedded, format in docs/reference.md): one
//! entry per line of seed 004 and of seed 001's overview of the order of play and scoring, in
//! the project's own words, each with its condition, step, seed passage and whether it is an
//! adaptation or a deviation. Expansions the engine does not play are kept, marked "not
//! playable yet"; an expansion becomes playable as soon as the engine knows its key
//! ([`carcassonne_engine::Expansion::from_name`]). The numbers the engine also knows are
//! [`Fact`]s, checked against it by `tests/reference.rs`.
//!
//! ```
//! use carcassonne_reference::{Reference, Selection};
//!
//! let reference = Reference::builtin();
//! let selection = Selection::parse(reference, &["tower".to_string()], None, &[], Some("4")).unwrap();
//! let assembled = reference.assemble(&selection);
//! let text = carcassonne_reference::render::text(&assembled, 80, false);
//! assert!(text.contains("4 players: 7 each"));
//! ```
//!
//! Pure: no I/O, no clock. Depends on the engine only.

pub mod condition;
mod data;
pub mod render;
mod selection;

use std::collections::BTreeMap;
use std::sync::OnceLock;

use carcassonne_engine::{Pending, RuleSet, Rules};
use condition::Facts;
use serde::Serialize;

pub use condition::{Condition, ConditionError};
pub use data::{Data, DataError, Entry, ExpansionData, Fact, Kind, Phase, SectionData, StepData, Trigger, DECISIONS};
pub use selection::{Selection, SelectionError};

/// The reference: its data, checked.
#[derive(Clone, Debug)]
pub struct Reference {
    data: Data,
    /// Each entry's index by id.
    index: BTreeMap<String, usize>,
}

impl Reference {
    /// The reference built into the program (`data/reference/`), read once. Its data is
    /// checked by the tests, so it is always valid.
    pub fn builtin() -> &'static Reference {
        static BUILTIN: OnceLock<Reference> = OnceLock::new();
        BUILTIN.get_or_init(|| Reference::parse(&data::FILES).expect("the built-in reference data is valid"))
    }

    /// Reads a reference from data files (name, TOML text), in order.
    pub fn parse(files: &[(&'static str, &str)]) -> Result<Reference, DataError> {
        let data = Data::parse(files)?;
        let index = data.entries.iter().enumerate().map(|(i, e)| (e.id.clone(), i)).collect();
        Ok(Reference { data, index })
    }

    pub fn expansions(&self) -> &[ExpansionData] {
        &self.data.expansions
    }

    pub fn expansion(&self, key: &str) -> Option<&ExpansionData> {
        self.data.expansions.iter().find(|e| e.key == key)
    }

    pub fn entries(&self) -> &[Entry] {
        &self.data.entries
    }

    pub fn entry(&self, id: &str) -> Option<&Entry> {
        self.index.get(id).map(|&i| &self.data.entries[i])
    }

    pub fn sections(&self) -> &[SectionData] {
        &self.data.sections
    }

    pub fn steps(&self) -> &[StepData] {
        &self.data.steps
    }

    /// Whether an entry's condition and those of the lines above it hold (a heading's lines
    /// are not looked at).
    pub fn applies(&self, entry: &Entry, selection: &Selection) -> bool {
        entry.condition.eval(selection)
            && entry.under.as_deref().and_then(|p| self.entry(p)).is_none_or(|p| self.applies(p, selection))
    }

    /// The reference for a selection.
    pub fn assemble(&self, selection: &Selection) -> Assembled {
        let mut children: BTreeMap<&str, Vec<&Entry>> = BTreeMap::new();
        for e in &self.data.entries {
            if let Some(parent) = &e.under {
                children.entry(parent.as_str()).or_default().push(e);
            }
        }
        let mut decisions = BTreeMap::new();
        let mut sections = vec![];
        for section in &self.data.sections {
            let mut steps = vec![];
            for step in self.data.steps.iter().filter(|s| s.section == section.id) {
                let mut lines: Vec<Line> = self
                    .data
                    .entries
                    .iter()
                    .filter(|e| e.step == step.id && e.under.is_none())
                    .filter_map(|e| self.line(e, selection, &children, &[]))
                    .collect();
                end_list(&mut lines);
                collect_decisions(&lines, &step.id, &mut decisions);
                let empty = lines.is_empty();
                if empty && !step.always {
                    continue;
                }
                if empty {
                    lines.push(Line::nothing(&step.id, &self.data.empty_step));
                }
                steps.push(StepView {
                    id: step.id.clone(),
                    title: step.title.clone(),
                    part: step.part.clone(),
                    empty,
                    lines,
                });
            }
            if !steps.is_empty() {
                sections.push(SectionView {
                    id: section.id.clone(),
                    title: section.title.clone(),
                    intro: section.intro.clone(),
                    steps,
                });
            }
        }
        Assembled { title: TITLE, selection: self.selection_view(selection), sections, decisions }
    }

    fn line(
        &self,
        entry: &Entry,
        selection: &Selection,
        children: &BTreeMap<&str, Vec<&Entry>>,
        inherited: &[String],
    ) -> Option<Line> {
        if !entry.condition.eval(selection) {
            return None;
        }
        // The expansions not playable yet that the line needs: without them it would not show.
        let mut not_playable = inherited.to_vec();
        for key in entry.condition.expansions() {
            let Some(expansion) = self.expansion(key) else { continue };
            let needed = selection.has_expansion(key) && !entry.condition.eval(&Without(selection, key));
            if needed && !expansion.playable() && !not_playable.contains(&expansion.name) {
                not_playable.push(expansion.name.clone());
            }
        }
        let lines: Vec<Line> = children
            .get(entry.id.as_str())
            .into_iter()
            .flatten()
            .filter_map(|c| self.line(c, selection, children, &not_playable))
            .collect();
        if entry.heading && lines.is_empty() {
            return None;
        }
        let mut lines = lines;
        end_list(&mut lines);
        let triggers = entry
            .triggers
            .iter()
            .filter(|t| selection.expansions.iter().any(|k| k == t.expansion()))
            .map(|t| t.label())
            .collect();
        Some(Line {
            id: entry.id.clone(),
            text: entry.text.clone(),
            kind: entry.kind,
            why: entry.why.clone(),
            source: carcassonne_engine::sources::for_players(&entry.source),
            playable: not_playable.is_empty(),
            not_playable,
            triggers,
            decision: entry.decision.clone(),
            lines,
        })
    }

    fn selection_view(&self, selection: &Selection) -> SelectionView {
        SelectionView {
            expansions: selection
                .expansions
                .iter()
                .filter_map(|k| self.expansion(k))
                .map(|e| ExpansionView { key: e.key.clone(), name: e.name.clone(), playable: e.playable() })
                .collect(),
            rules: selection.rule_set().map(RuleSet::name),
            rules_label: selection.rule_set().map_or("custom variants", rule_set_label).to_string(),
            variants: selection
                .changed_variants()
                .into_iter()
                .map(|(name, value)| VariantView { name: name.to_string(), value })
                .collect(),
            players: selection.players,
        }
    }

    /// The step of the order of play a pending decision belongs to under these rules, as the
    /// reference for them lists it (`None` once the game is over).
    pub fn step_of(&self, pending: Pending, rules: &Rules, players: Option<u8>) -> Option<String> {
        let decision = decision_of(pending)?;
        let selection = Selection::of_rules(self, rules, players);
        self.data
            .entries
            .iter()
            .filter(|e| e.decision.as_deref() == Some(decision))
            .find(|e| self.applies(e, &selection))
            .map(|e| e.step.clone())
    }
}

/// A list's items end with `;` in the data, as they run on; the last one shown ends the
/// sentence.
fn end_list(lines: &mut [Line]) {
    if let Some(last) = lines.last_mut() {
        if let Some(text) = last.text.strip_suffix(';') {
            last.text = format!("{text}.");
        }
    }
}

/// A selection with one expansion left out.
struct Without<'a>(&'a Selection, &'a str);

impl condition::Facts for Without<'_> {
    fn has_expansion(&self, key: &str) -> bool {
        key != self.1 && self.0.has_expansion(key)
    }

    fn variant(&self, name: &str) -> Option<&str> {
        self.0.variant(name)
    }

    fn rule_set(&self) -> Option<RuleSet> {
        condition::Facts::rule_set(self.0)
    }

    fn players(&self) -> Option<u8> {
        self.0.players()
    }
}

fn collect_decisions(lines: &[Line], step: &str, out: &mut BTreeMap<String, String>) {
    for line in lines {
        if let Some(d) = &line.decision {
            out.entry(d.clone()).or_insert_with(|| step.to_string());
        }
        collect_decisions(&line.lines, step, out);
    }
}

/// The name of the engine's decision, as the reference's lines and the server's views call
/// it; `None` when the game is over. A new kind of decision must be named here (the match is
/// exhaustive) and given a line with that `decision` in the data.
pub fn decision_of(pending: Pending) -> Option<&'static str> {
    match pending {
        Pending::PlaceTile { .. } => Some("place"),
        Pending::Deploy { .. } => Some("deploy"),
        Pending::Escape { .. } => Some("escape"),
        Pending::MoveDragon { .. } => Some("dragon"),
        Pending::Capture { .. } => Some("capture"),
        Pending::Exchange { .. } => Some("exchange"),
        Pending::Abbey { .. } => Some("abbey"),
        Pending::MoveWagon { .. } => Some("wagon"),
        Pending::Redeploy { .. } => Some("redeploy"),
        Pending::Carcassonne { .. } => Some("carcassonne"),
        Pending::MoveCount { .. } => Some("count"),
        Pending::FinalRedeploy { .. } => Some("final-redeploy"),
        Pending::HeldTile { .. } => Some("held-tile"),
        Pending::ChooseTile { .. } => Some("choose-tile"),
        Pending::GiveTile { .. } => Some("give-tile"),
        Pending::TakePrisoner { .. } => Some("take-prisoner"),
        Pending::ReplaceTile { .. } => Some("replace-tile"),
        Pending::PlaceGold { .. } => Some("gold"),
        Pending::Porxada { .. } => Some("porxada"),
        Pending::SwapWith { .. } => Some("swap"),
        Pending::SwapAnswer { .. } => Some("swap-answer"),
        Pending::CropCircle { .. } => Some("crop-circle"),
        Pending::CropAdd { .. } => Some("crop-add"),
        Pending::CropRemove { .. } => Some("crop-remove"),
        Pending::Phantom { .. } => Some("phantom"),
        Pending::MageWitch { .. } => Some("magic"),
        Pending::FlierLanding { .. } => Some("land"),
        Pending::PlaceFerry { .. } => Some("ferry"),
        Pending::MoveFerry { .. } => Some("move-ferry"),
        Pending::Plague { .. } => Some("plague"),
        Pending::ScoringFigure { .. } => Some("scoring-figure"),
        Pending::Message { .. } => Some("message"),
        Pending::Flock { .. } => Some("flock"),
        Pending::Castle { .. } => Some("castle"),
        Pending::BazaarSelect { .. } => Some("bazaar-choose"),
        Pending::BazaarBid { .. } => Some("bazaar-bid"),
        Pending::BazaarTrade { .. } => Some("bazaar-trade"),
        Pending::CatapultToken { .. } => Some("catapult"),
        Pending::Flick { .. } => Some("flick"),
        Pending::Seduce { .. } => Some("seduce"),
        Pending::GameOver => None,
    }
}

/// A rule set in words.
pub fn rule_set_label(rule_set: RuleSet) -> &'static str {
    match rule_set {
        RuleSet::HigBigBox => "Hans im Glück, The Big Box",
        RuleSet::Hig => "Hans im Glück, original boxes",
        RuleSet::Rgg => "Rio Grande Games, original boxes",
        RuleSet::RggBigBox => "Rio Grande Games, The Big Box",
    }
}

const TITLE: &str = "Carcassonne: the assembled game reference";

/// The reference for one selection: what the renderers print and the API serves (JSON).
#[derive(Clone, Debug, Serialize)]
pub struct Assembled {
    pub title: &'static str,
    pub selection: SelectionView,
    pub sections: Vec<SectionView>,
    /// Each decision the engine may ask for in this selection, with the step it belongs to.
    pub decisions: BTreeMap<String, String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct SelectionView {
    pub expansions: Vec<ExpansionView>,
    /// The rule set the variants follow, if they follow one.
    pub rules: Option<&'static str>,
    pub rules_label: String,
    /// The variants that differ from the defaults.
    pub variants: Vec<VariantView>,
    pub players: Option<u8>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ExpansionView {
    pub key: String,
    pub name: String,
    pub playable: bool,
}

#[derive(Clone, Debug, Serialize)]
pub struct VariantView {
    pub name: String,
    pub value: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct SectionView {
    pub id: String,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intro: Option<String>,
    pub steps: Vec<StepView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct StepView {
    pub id: String,
    pub title: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub part: Option<String>,
    /// Nothing applies at this step: its one line says so.
    pub empty: bool,
    pub lines: Vec<Line>,
}

/// A line shown, with the lines under it.
#[derive(Clone, Debug, Serialize)]
pub struct Line {
    pub id: String,
    pub text: String,
    pub kind: Kind,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
    pub source: String,
    /// False when it needs an expansion the engine does not play yet.
    pub playable: bool,
    /// Those expansions, by name.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_playable: Vec<String>,
    /// The scoring marks of seed 004 that matter for this selection ("messages", "robbers",
    /// "robber choice").
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub triggers: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub lines: Vec<Line>,
}

impl Line {
    /// The line of a step where nothing happens.
    fn nothing(step: &str, text: &str) -> Line {
        Line {
            id: format!("{step}-nothing"),
            text: text.to_string(),
            kind: Kind::Default,
            why: None,
            source: "the Assembled Game Reference, Order of play: 'There are no particular actions for this step'"
                .into(),
            playable: true,
            not_playable: vec![],
            triggers: vec![],
            decision: None,
            lines: vec![],
        }
    }

    /// This line and every line under it, depth first.
    pub fn walk(&self) -> Vec<&Line> {
        let mut out = vec![self];
        for l in &self.lines {
            out.extend(l.walk());
        }
        out
    }
}

impl Assembled {
    /// Every line shown, depth first.
    pub fn lines(&self) -> Vec<&Line> {
        self.sections.iter().flat_map(|s| &s.steps).flat_map(|s| &s.lines).flat_map(Line::walk).collect()
    }

    /// The step a decision belongs to (`place`, `deploy`, ...).
    pub fn step_of_decision(&self, decision: &str) -> Option<&str> {
        self.decisions.get(decision).map(String::as_str)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use carcassonne_engine::{Expansion, Variants};

    #[test]
    fn every_entry_condition_parses_and_names_only_known_things() {
        let r = Reference::builtin();
        let known = |k: &str| r.expansion(k).is_some();
        for e in r.entries() {
            let parsed =
                Condition::parse(&e.when, &known).unwrap_or_else(|err| panic!("{}: `{}`: {err}", e.id, e.when));
            assert_eq!(parsed, e.condition, "{}", e.id);
        }
    }

    #[test]
    fn every_engine_expansion_variant_and_value_has_lines() {
        let r = Reference::builtin();
        let named: Vec<&str> = r.entries().iter().flat_map(|e| e.condition.expansions()).collect();
        for e in Expansion::ALL {
            assert!(named.contains(&e.name()), "no line for the expansion {}", e.name());
        }
        for key in ["count", "abbey-mayor"] {
            assert!(named.contains(&key), "no line for {key}");
        }
        let variants: Vec<(&str, &str)> = r.entries().iter().flat_map(|e| e.condition.variants()).collect();
        for info in Variants::INFO {
            match info.kind {
                carcassonne_engine::VariantKind::Bool => {
                    assert!(variants.iter().any(|(n, _)| *n == info.name), "no line for the variant {}", info.name)
                }
                carcassonne_engine::VariantKind::Choice(values) => {
                    for (value, _) in values {
                        assert!(
                            variants.contains(&(info.name, value)),
                            "no line for the variant {}={value}",
                            info.name
                        );
                    }
                }
            }
        }
        // Every expansion of the reference has lines of its own.
        for x in r.expansions() {
            assert!(named.contains(&x.key.as_str()), "no line for {}", x.key);
        }
    }

    #[test]
    fn playability_follows_the_engine() {
        let r = Reference::builtin();
        for x in r.expansions() {
            assert_eq!(x.playable(), Expansion::from_name(&x.key).is_some(), "{}", x.key);
        }
        let selection = Selection::parse(r, &["count".to_string()], None, &[], None).unwrap();
        let a = r.assemble(&selection);
        let line = a.lines().into_iter().find(|l| l.id == "start-place-count").unwrap();
        assert_eq!(line.playable, Expansion::from_name("count").is_some());
        // A line under it inherits the mark.
        let base = a.lines().into_iter().find(|l| l.id == "players-followers").unwrap();
        assert!(base.playable, "a base line stays playable");
    }

    #[test]
    fn each_decision_belongs_to_one_step_in_every_rule_set() {
        let r = Reference::builtin();
        let all: Vec<String> = Expansion::ALL.iter().map(|e| e.name().to_string()).collect();
        for rs in RuleSet::ALL {
            // Decisions that only a variation brings (a held cloister, a tile chosen from a hand,
            // a hand-out) need the variation (the reference's lines do not know that the last two
            // are not played together).
            let variants = Variants {
                cloisters_for_everyone: true,
                tiles_in_hand: carcassonne_engine::TilesInHand::Two,
                only_one_can_choose: carcassonne_engine::OnlyOneCanChoose::FaceDown,
                prisoners: true,
                rebuilding: true,
                ..Variants::preset(rs)
            };
            let selection = Selection::new(r, &all, variants, None);
            let a = r.assemble(&selection);
            for d in DECISIONS {
                let steps: Vec<&str> = a
                    .sections
                    .iter()
                    .flat_map(|s| &s.steps)
                    .filter(|s| s.lines.iter().flat_map(Line::walk).any(|l| l.decision.as_deref() == Some(d)))
                    .map(|s| s.id.as_str())
                    .collect();
                assert_eq!(steps.len(), 1, "{d} under {}: {steps:?}", rs.name());
            }
            let dragon = if rs == RuleSet::RggBigBox { "3C" } else { "2C" };
            assert_eq!(a.step_of_decision("dragon"), Some(dragon));
        }
    }
}
