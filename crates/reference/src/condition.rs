//! The conditions of the reference's lines: a small expression language over a selection of
//! expansions, the engine's variants, the rule set and the number of players.
//!
//! ```text
//! condition := or
//! or        := and ("|" and)*
//! and       := unary ("&" unary)*
//! unary     := "!" unary | "(" or ")" | atom
//! atom      := "always"
//!            | "players" ("=" | "!=" | "<" | "<=" | ">" | ">=") NUMBER
//!            | "variant:" NAME ("=" VALUE)?      a switch is on / a choice has VALUE
//!            | "rules:" RULE-SET                 the variants are exactly a rule set's
//!            | EXPANSION-KEY                     the expansion is chosen
//! ```
//!
//! `&` binds tighter than `|`. Names are lower-case words joined by `-`. A player count that
//! is not known (a reference for any number of players) satisfies every `players` atom, so that
//! every player-count line is shown; for that reason a `players` atom may not stand under a
//! `!`. Parse errors say where and what was expected; they are errors, never panics.

use carcassonne_engine::{RuleSet, VariantKind, Variants};

/// A parsed condition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Condition {
    Always,
    /// An expansion key is in the selection.
    Expansion(String),
    /// A variant has a value: `true` for a switch that is on, or a choice's value name.
    Variant {
        name: String,
        value: String,
    },
    /// The selection's variants are those of a rule set (on every row of seed 001's summary).
    RuleSet(RuleSet),
    /// The number of players compares so with `n`.
    Players {
        cmp: Cmp,
        n: u8,
    },
    Not(Box<Condition>),
    And(Vec<Condition>),
    Or(Vec<Condition>),
}

/// A comparison of the number of players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl Cmp {
    fn holds(self, a: u8, b: u8) -> bool {
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
        }
    }
}

/// What a condition is evaluated against.
pub trait Facts {
    fn has_expansion(&self, key: &str) -> bool;
    /// A variant's value as text (`true`/`false`, or a choice's name).
    fn variant(&self, name: &str) -> Option<&str>;
    fn rule_set(&self) -> Option<RuleSet>;
    /// `None`: any number of players.
    fn players(&self) -> Option<u8>;
}

/// A condition that could not be parsed: the byte offset where it went wrong, and why.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("at character {at}: {message}")]
pub struct ConditionError {
    pub at: usize,
    pub message: String,
}

impl Condition {
    /// Parses a condition; `known_expansion` says which expansion keys exist. An empty text
    /// is `always`.
    pub fn parse(text: &str, known_expansion: &dyn Fn(&str) -> bool) -> Result<Condition, ConditionError> {
        let mut parser = Parser { text, pos: 0, known_expansion };
        parser.skip_space();
        if parser.pos == text.len() {
            return Ok(Condition::Always);
        }
        let condition = parser.or()?;
        parser.skip_space();
        if parser.pos < text.len() {
            return Err(parser.error(format!("unexpected `{}`", &text[parser.pos..])));
        }
        if condition.players_negated(false) {
            return Err(ConditionError {
                at: 0,
                message: "a `players` comparison may not stand under `!` (an unknown player count satisfies it)".into(),
            });
        }
        Ok(condition)
    }

    pub fn eval(&self, facts: &dyn Facts) -> bool {
        match self {
            Condition::Always => true,
            Condition::Expansion(key) => facts.has_expansion(key),
            Condition::Variant { name, value } => facts.variant(name) == Some(value.as_str()),
            Condition::RuleSet(rule_set) => facts.rule_set() == Some(*rule_set),
            Condition::Players { cmp, n } => facts.players().is_none_or(|p| cmp.holds(p, *n)),
            Condition::Not(inner) => !inner.eval(facts),
            Condition::And(all) => all.iter().all(|c| c.eval(facts)),
            Condition::Or(any) => any.iter().any(|c| c.eval(facts)),
        }
    }

    /// Every expansion key the condition names, in order.
    pub fn expansions(&self) -> Vec<&str> {
        let mut out = vec![];
        self.walk(&mut |c| {
            if let Condition::Expansion(key) = c {
                out.push(key.as_str());
            }
        });
        out
    }

    /// Every variant atom, as (name, value).
    pub fn variants(&self) -> Vec<(&str, &str)> {
        let mut out = vec![];
        self.walk(&mut |c| {
            if let Condition::Variant { name, value } = c {
                out.push((name.as_str(), value.as_str()));
            }
        });
        out
    }

    fn walk<'a>(&'a self, f: &mut dyn FnMut(&'a Condition)) {
        f(self);
        match self {
            Condition::Not(inner) => inner.walk(f),
            Condition::And(all) | Condition::Or(all) => all.iter().for_each(|c| c.walk(f)),
            _ => {}
        }
    }

    fn players_negated(&self, negated: bool) -> bool {
        match self {
            Condition::Players { .. } => negated,
            Condition::Not(inner) => inner.players_negated(!negated),
            Condition::And(all) | Condition::Or(all) => all.iter().any(|c| c.players_negated(negated)),
            _ => false,
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    pos: usize,
    known_expansion: &'a dyn Fn(&str) -> bool,
}

impl Parser<'_> {
    fn error(&self, message: String) -> ConditionError {
        ConditionError { at: self.pos, message }
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(|c| c == ' ') {
            self.pos += 1;
        }
    }

    fn peek(&self) -> Option<char> {
        self.text[self.pos..].chars().next()
    }

    /// Consumes `token` (after spaces) if it comes next.
    fn eat(&mut self, token: &str) -> bool {
        self.skip_space();
        if self.text[self.pos..].starts_with(token) {
            self.pos += token.len();
            true
        } else {
            false
        }
    }

    fn or(&mut self) -> Result<Condition, ConditionError> {
        let mut all = vec![self.and()?];
        while self.eat("|") {
            all.push(self.and()?);
        }
        Ok(if all.len() == 1 { all.pop().expect("one") } else { Condition::Or(all) })
    }

    fn and(&mut self) -> Result<Condition, ConditionError> {
        let mut all = vec![self.unary()?];
        while self.eat("&") {
            all.push(self.unary()?);
        }
        Ok(if all.len() == 1 { all.pop().expect("one") } else { Condition::And(all) })
    }

    fn unary(&mut self) -> Result<Condition, ConditionError> {
        if self.eat("!") {
            return Ok(Condition::Not(Box::new(self.unary()?)));
        }
        if self.eat("(") {
            let inner = self.or()?;
            if !self.eat(")") {
                return Err(self.error("expected `)`".into()));
            }
            return Ok(inner);
        }
        self.atom()
    }

    /// A name: lower-case letters, digits and `-`.
    fn name(&mut self, what: &str) -> Result<&str, ConditionError> {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-') {
            self.pos += 1;
        }
        if start == self.pos {
            let found = self.peek().map_or("the end".to_string(), |c| format!("`{c}`"));
            return Err(self.error(format!("expected {what}, found {found}")));
        }
        Ok(&self.text[start..self.pos])
    }

    fn atom(&mut self) -> Result<Condition, ConditionError> {
        self.skip_space();
        let start = self.pos;
        let word = self.name("an expansion, `variant:`, `rules:`, `players` or `always`")?.to_string();
        match word.as_str() {
            "always" => Ok(Condition::Always),
            "players" => self.players(),
            "variant" if self.eat(":") => self.variant(),
            "rules" if self.eat(":") => {
                let at = self.pos;
                let name = self.name("a rule set")?;
                RuleSet::from_name(name).map(Condition::RuleSet).ok_or_else(|| {
                    let known: Vec<&str> = RuleSet::ALL.iter().map(|r| r.name()).collect();
                    ConditionError { at, message: format!("unknown rule set `{name}` (known: {})", known.join(", ")) }
                })
            }
            key if (self.known_expansion)(key) => Ok(Condition::Expansion(word)),
            key => Err(ConditionError { at: start, message: format!("unknown expansion `{key}`") }),
        }
    }

    fn players(&mut self) -> Result<Condition, ConditionError> {
        self.skip_space();
        let cmp = [("<=", Cmp::Le), (">=", Cmp::Ge), ("!=", Cmp::Ne), ("=", Cmp::Eq), ("<", Cmp::Lt), (">", Cmp::Gt)]
            .into_iter()
            .find(|(token, _)| self.text[self.pos..].starts_with(token))
            .map(|(token, cmp)| {
                self.pos += token.len();
                cmp
            })
            .ok_or_else(|| self.error("expected a comparison after `players` (=, !=, <, <=, >, >=)".into()))?;
        self.skip_space();
        let at = self.pos;
        let digits = self.name("a number of players")?;
        match digits.parse::<u8>() {
            Ok(n) if (2..=6).contains(&n) => Ok(Condition::Players { cmp, n }),
            _ => Err(ConditionError { at, message: format!("`{digits}` is not a number of players from 2 to 6") }),
        }
    }

    fn variant(&mut self) -> Result<Condition, ConditionError> {
        let at = self.pos;
        let name = self.name("a variant name")?.to_string();
        let Some(info) = Variants::INFO.iter().find(|i| i.name == name) else {
            let known: Vec<&str> = Variants::INFO.iter().map(|i| i.name).collect();
            return Err(ConditionError {
                at,
                message: format!("unknown variant `{name}` (known: {})", known.join(", ")),
            });
        };
        let value = if self.text[self.pos..].starts_with('=') {
            self.pos += 1;
            Some(self.name("a variant value")?.to_string())
        } else {
            None
        };
        let value = match (info.kind, value) {
            (VariantKind::Bool, None) => "true".to_string(),
            (VariantKind::Bool, Some(v)) if v == "true" || v == "false" => v,
            (VariantKind::Bool, Some(v)) => {
                return Err(ConditionError { at, message: format!("variant `{name}` is on or off, not `{v}`") })
            }
            (VariantKind::Choice(_), None) => {
                return Err(ConditionError {
                    at,
                    message: format!("variant `{name}` is a choice: write `{name}=VALUE`"),
                })
            }
            // Any value the engine reads (also those of earlier records, no longer offered).
            (VariantKind::Choice(_), Some(v)) if accepts(&name, &v) => v,
            (VariantKind::Choice(values), Some(v)) => {
                let known: Vec<&str> = values.iter().map(|(v, _)| *v).collect();
                return Err(ConditionError {
                    at,
                    message: format!("variant `{name}` has no value `{v}` (values: {})", known.join(", ")),
                });
            }
        };
        Ok(Condition::Variant { name, value })
    }
}

/// Whether the engine reads `value` for the choice variant `name`.
fn accepts(name: &str, value: &str) -> bool {
    let mut all = serde_json::to_value(Variants::default()).expect("variants serialize");
    all[name] = serde_json::Value::String(value.to_string());
    serde_json::from_value::<Variants>(all).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Sel {
        expansions: Vec<&'static str>,
        variants: serde_json::Value,
        rule_set: Option<RuleSet>,
        players: Option<u8>,
    }

    impl Facts for Sel {
        fn has_expansion(&self, key: &str) -> bool {
            self.expansions.contains(&key)
        }
        fn variant(&self, name: &str) -> Option<&str> {
            match &self.variants[name] {
                serde_json::Value::Bool(true) => Some("true"),
                serde_json::Value::Bool(false) => Some("false"),
                v => v.as_str(),
            }
        }
        fn rule_set(&self) -> Option<RuleSet> {
            self.rule_set
        }
        fn players(&self) -> Option<u8> {
            self.players
        }
    }

    fn sel(expansions: &[&'static str], players: Option<u8>) -> Sel {
        Sel {
            expansions: expansions.to_vec(),
            variants: serde_json::to_value(Variants::default()).unwrap(),
            rule_set: Some(RuleSet::HigBigBox),
            players,
        }
    }

    fn known(key: &str) -> bool {
        ["tower", "river", "river-2", "count", "abbey-mayor"].contains(&key)
    }

    fn parse(text: &str) -> Result<Condition, ConditionError> {
        Condition::parse(text, &known)
    }

    #[test]
    fn atoms_and_operators_parse_with_and_binding_tighter_than_or() {
        assert_eq!(parse("").unwrap(), Condition::Always);
        assert_eq!(parse("  always ").unwrap(), Condition::Always);
        assert_eq!(parse("tower").unwrap(), Condition::Expansion("tower".into()));
        let c = parse("river | river-2 & !tower").unwrap();
        assert_eq!(
            c,
            Condition::Or(vec![
                Condition::Expansion("river".into()),
                Condition::And(vec![
                    Condition::Expansion("river-2".into()),
                    Condition::Not(Box::new(Condition::Expansion("tower".into())))
                ])
            ])
        );
        assert_eq!(
            parse("variant:small-city").unwrap(),
            Condition::Variant { name: "small-city".into(), value: "true".into() }
        );
        assert_eq!(
            parse("variant:farmer-scoring=first-edition").unwrap(),
            Condition::Variant { name: "farmer-scoring".into(), value: "first-edition".into() }
        );
        assert_eq!(parse("rules:rgg").unwrap(), Condition::RuleSet(RuleSet::Rgg));
        assert_eq!(parse("players>=5").unwrap(), Condition::Players { cmp: Cmp::Ge, n: 5 });
        assert_eq!(parse("players != 2").unwrap(), Condition::Players { cmp: Cmp::Ne, n: 2 });
        // A value of earlier records, which the engine still reads.
        assert!(parse("variant:river-start-tile=shuffled").is_ok());
        assert_eq!(parse("(river | count) & tower").unwrap().expansions(), ["river", "count", "tower"]);
    }

    #[test]
    fn bad_conditions_say_where_and_what() {
        let cases = [
            ("towr", 0, "unknown expansion `towr`"),
            ("tower &", 7, "expected an expansion"),
            ("(tower | river", 14, "expected `)`"),
            ("tower river", 6, "unexpected `river`"),
            ("variant:smal-city", 8, "unknown variant `smal-city`"),
            ("variant:small-city=maybe", 8, "on or off"),
            ("variant:farmer-scoring", 8, "is a choice"),
            ("variant:farmer-scoring=fourth", 8, "has no value `fourth`"),
            ("rules:zmg", 6, "unknown rule set `zmg`"),
            ("players>=7", 9, "not a number of players"),
            ("players 3", 8, "expected a comparison"),
            ("!players=2", 0, "may not stand under `!`"),
            ("Tower", 0, "expected an expansion"),
        ];
        for (text, at, message) in cases {
            let e = parse(text).unwrap_err();
            assert!(e.message.contains(message), "{text}: {e}");
            assert_eq!(e.at, at, "{text}: {e}");
        }
        // Double negation brings a players atom back to positive: allowed.
        assert!(parse("!!players=2").is_ok());
    }

    #[test]
    fn evaluation_follows_the_selection() {
        let base = sel(&[], Some(3));
        let tower = sel(&["tower"], None);
        assert!(parse("!tower").unwrap().eval(&base));
        assert!(parse("tower & players=2").unwrap().eval(&tower), "an unknown count satisfies every players atom");
        assert!(!parse("tower & players=2").unwrap().eval(&sel(&["tower"], Some(4))));
        assert!(parse("players<=3").unwrap().eval(&base));
        assert!(!parse("players<3").unwrap().eval(&base));
        assert!(parse("variant:tower-captures-own-followers").unwrap().eval(&base));
        assert!(parse("variant:farmer-scoring=third-edition").unwrap().eval(&base));
        assert!(!parse("variant:small-city").unwrap().eval(&base));
        assert!(parse("variant:small-city=false").unwrap().eval(&base));
        assert!(parse("rules:hig-big-box & !rules:rgg").unwrap().eval(&base));
    }
}
