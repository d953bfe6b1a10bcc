//! The rules documents the engine's rulings cite, named for players. Inside the project a
//! ruling cites its seed passage ("seed 001, footnote 29"); a text that players read (the
//! lobby's options, the game reference, the command line's help, error messages) names the
//! document by what it is ("the annotated Big Box rules, footnote 29"): [`for_players`].

/// Each seed document's number and what it is, as players know it.
pub const DOCUMENTS: [(&str, &str); 5] = [
    ("000", "the base game's wiki pages"),
    ("001", "the annotated Big Box rules"),
    ("002", "the Winter Edition's rules"),
    ("003", "the C3 rulebook"),
    ("004", "the Assembled Game Reference"),
];

/// `citation` with every seed named as its document: "seed 001" becomes "the annotated Big Box
/// rules" (and "seed 004's" "the Assembled Game Reference's"), "seeds 000 and 002" both names
/// joined by "and". Text that cites no seed comes back unchanged.
pub fn for_players(citation: &str) -> String {
    let name = |number: &str| DOCUMENTS.iter().find(|(n, _)| *n == number).map(|(_, name)| *name);
    let mut out = String::with_capacity(citation.len() + 32);
    let mut rest = citation;
    while let Some(at) = rest.find("seed") {
        out.push_str(&rest[..at]);
        let after = &rest[at..];
        // "seeds A and B" or "seed A".
        let (numbers, len) = if let Some(pair) = after.strip_prefix("seeds ") {
            match (pair.get(..3), pair.get(3..8), pair.get(8..11)) {
                (Some(a), Some(" and "), Some(b)) => (vec![a, b], "seeds ".len() + 11),
                _ => (vec![], 0),
            }
        } else if let Some(one) = after.strip_prefix("seed ").and_then(|s| s.get(..3)) {
            (vec![one], "seed ".len() + 3)
        } else {
            (vec![], 0)
        };
        let names: Option<Vec<&str>> = numbers.iter().map(|n| name(n)).collect();
        match names {
            Some(names) if !names.is_empty() => {
                out.push_str(&names.join(" and "));
                rest = &after[len..];
            }
            _ => {
                out.push_str("seed");
                rest = &after["seed".len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_are_named_as_their_documents() {
        assert_eq!(for_players("seed 001, footnote 29"), "the annotated Big Box rules, footnote 29");
        assert_eq!(
            for_players("the Assembled Game Reference, Preparation; seed 001, footnote 29"),
            "the Assembled Game Reference, Preparation; the annotated Big Box rules, footnote 29"
        );
        assert_eq!(
            for_players("seed 001, THE RIVER, Preparation; seed 003; seeds 000 and 002, House rules"),
            "the annotated Big Box rules, THE RIVER, Preparation; the C3 rulebook; the base game's wiki pages and \
             the Winter Edition's rules, House rules"
        );
        assert_eq!(for_players("seed 004's reading"), "the Assembled Game Reference's reading");
        // Nothing to name: unchanged, a deck seed included.
        for text in ["a house rule", "the deck seed 17", "seeds", "seed 9", "seeds 000 or 002", ""] {
            assert_eq!(for_players(text), text);
        }
    }
}
