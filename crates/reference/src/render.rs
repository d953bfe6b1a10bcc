//! The reference as text for a terminal (wrapped, with step headings), as Markdown, and as a
//! self-contained HTML page to print. (JSON is the [`Assembled`] value serialized.)

use std::fmt::Write;

use crate::{Assembled, Kind, Line, SectionView};

/// The marks after a line, in words: `[adaptation]`, `[not playable yet: ...]`, ... An
/// expansion not playable yet is named once, on the outermost line that needs it (`marked`:
/// those its parents name).
fn marks(line: &Line, marked: &[String]) -> Vec<String> {
    let mut out = vec![];
    match line.kind {
        Kind::Default => {}
        Kind::Adaptation => out.push("adaptation".to_string()),
        Kind::Deviation => out.push("deviation".to_string()),
    }
    let new: Vec<&str> = line.not_playable.iter().filter(|n| !marked.contains(n)).map(String::as_str).collect();
    if !new.is_empty() {
        out.push(format!("not playable yet: {}", new.join(", ")));
    }
    out.extend(line.triggers.iter().map(|t| t.to_string()));
    out
}

/// What each mark used in the reference means.
fn legend(a: &Assembled) -> Vec<(&'static str, &'static str)> {
    let lines = a.lines();
    let mut out = vec![];
    if lines.iter().any(|l| l.kind == Kind::Adaptation) {
        out.push(("adaptation", "a feature of another edition fitted to these rules, or a choice the players make"));
    }
    if lines.iter().any(|l| l.kind == Kind::Deviation) {
        out.push(("deviation", "not the Hans im Glück Big Box rules (another rule set, a variant, another edition)"));
    }
    if lines.iter().any(|l| !l.playable) {
        out.push(("not playable yet", "this program does not play that expansion yet"));
    }
    if lines.iter().any(|l| l.triggers.contains(&"messages")) {
        out.push(("messages", "a score here may let you draw a message tile"));
    }
    if lines.iter().any(|l| l.triggers.iter().any(|t| t.starts_with("robber"))) {
        out.push(("robbers", "a robber takes points from this score (robber choice: it may choose whose)"));
    }
    out
}

/// The selection in words, one line each: expansions, rules, variants, players.
fn header(a: &Assembled) -> Vec<(&'static str, String)> {
    let s = &a.selection;
    let expansions = if s.expansions.is_empty() {
        "none (the base game with farmers)".to_string()
    } else {
        let names: Vec<String> = s
            .expansions
            .iter()
            .map(|e| if e.playable { e.name.clone() } else { format!("{} (not playable yet)", e.name) })
            .collect();
        names.join(", ")
    };
    let mut out = vec![("Expansions", expansions), ("Rules", s.rules_label.clone())];
    if !s.variants.is_empty() {
        let v: Vec<String> = s.variants.iter().map(|v| format!("{}={}", v.name, v.value)).collect();
        out.push(("Variants", v.join(", ")));
    }
    out.push(("Players", s.players.map_or("any number (2 to 6)".to_string(), |n| n.to_string())));
    out
}

/// Words wrapped to `width` columns: the first line after `first`, the others after `rest`.
fn wrap(out: &mut String, text: &str, first: &str, rest: &str, width: usize) {
    let mut line = first.to_string();
    let mut empty = true;
    for word in text.split_whitespace() {
        if !empty && line.chars().count() + 1 + word.chars().count() > width {
            out.push_str(line.trim_end());
            out.push('\n');
            line = rest.to_string();
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    out.push_str(line.trim_end());
    out.push('\n');
}

fn with_marks(line: &Line, marked: &[String], sources: bool) -> String {
    let mut text = line.text.clone();
    for m in marks(line, marked) {
        let _ = write!(text, " [{m}]");
    }
    if sources {
        let _ = write!(text, " ({})", line.source);
    }
    text
}

/// The reference for a terminal: section titles in capitals, step headings, every line a
/// bullet wrapped to `width` columns; `sources` adds each line's seed passage.
pub fn text(a: &Assembled, width: usize, sources: bool) -> String {
    let width = width.max(30);
    let mut out = String::new();
    out.push_str(&a.title.to_uppercase());
    out.push('\n');
    for (label, value) in header(a) {
        wrap(&mut out, &value, &format!("{label}: "), "  ", width);
    }
    for section in &a.sections {
        out.push('\n');
        out.push_str(&section.title.to_uppercase());
        out.push('\n');
        if let Some(intro) = &section.intro {
            wrap(&mut out, intro, "", "", width);
        }
        for_each_step(section, |part, step| {
            if let Some(part) = part {
                out.push('\n');
                out.push_str(part);
                out.push('\n');
            }
            out.push('\n');
            out.push_str(&step.title);
            out.push('\n');
            fn bullets(out: &mut String, lines: &[Line], depth: usize, marked: &[String], width: usize, sources: bool) {
                for line in lines {
                    let indent = "  ".repeat(depth + 1);
                    let text = with_marks(line, marked, sources);
                    wrap(out, &text, &format!("{indent}- "), &format!("{indent}  "), width);
                    bullets(out, &line.lines, depth + 1, &line.not_playable, width, sources);
                }
            }
            bullets(&mut out, &step.lines, 0, &[], width, sources);
        });
    }
    let legend = legend(a);
    if !legend.is_empty() {
        out.push('\n');
        for (mark, meaning) in legend {
            wrap(&mut out, meaning, &format!("[{mark}] "), "  ", width);
        }
    }
    out
}

/// Calls `f` for each step of a section with the turn's part heading when it begins.
fn for_each_step<'a>(section: &'a SectionView, mut f: impl FnMut(Option<&'a str>, &'a crate::StepView)) {
    let mut part: Option<&str> = None;
    for step in &section.steps {
        let new_part = step.part.as_deref().filter(|p| Some(*p) != part);
        if step.part.is_some() {
            part = step.part.as_deref();
        }
        f(new_part, step);
    }
}

/// The reference as Markdown: `#` title, `##` sections, `###` steps, nested lists.
pub fn markdown(a: &Assembled, sources: bool) -> String {
    let mut out = format!("# {}\n\n", a.title);
    for (label, value) in header(a) {
        let _ = writeln!(out, "- **{label}:** {value}");
    }
    for section in &a.sections {
        let _ = write!(out, "\n## {}\n", section.title);
        if let Some(intro) = &section.intro {
            let _ = write!(out, "\n{intro}\n");
        }
        for_each_step(section, |part, step| {
            if let Some(part) = part {
                let _ = write!(out, "\n**{part}**\n");
            }
            let _ = write!(out, "\n### {}\n\n", step.title);
            fn items(out: &mut String, lines: &[Line], depth: usize, marked: &[String], sources: bool) {
                for line in lines {
                    let mut text = line.text.clone();
                    for m in marks(line, marked) {
                        let _ = write!(text, " *[{m}]*");
                    }
                    if sources {
                        let _ = write!(text, " <sub>{}</sub>", line.source);
                    }
                    let _ = writeln!(out, "{}- {text}", "  ".repeat(depth));
                    items(out, &line.lines, depth + 1, &line.not_playable, sources);
                }
            }
            items(&mut out, &step.lines, 0, &[], sources);
        });
    }
    let legend = legend(a);
    if !legend.is_empty() {
        out.push('\n');
        for (mark, meaning) in legend {
            let _ = writeln!(out, "- *[{mark}]*: {meaning}");
        }
    }
    out
}

fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font:15px/1.45 Georgia,serif;color:#222;max-width:46em;margin:2em auto;padding:0 1em}\
h1{font-size:1.6em;margin-bottom:.3em}h2{border-bottom:2px solid #7b5431;margin-top:1.6em;color:#5a3b20}\
h3{font-size:1.05em;margin:1.1em 0 .3em}h4{margin:1.4em 0 0;color:#5a3b20;font-variant:small-caps}\
ul{margin:.2em 0;padding-left:1.4em}li{margin:.15em 0}dl.selection{display:grid;grid-template-columns:max-content 1fr;gap:.1em .8em}\
dt{font-weight:bold}dd{margin:0}.mark{font:11px/1 sans-serif;border-radius:3px;padding:1px 4px;margin-left:.4em;white-space:nowrap}\
.adaptation{background:#d7e8fb;color:#124}.deviation{background:#fbefc0;color:#430}.not-playable{background:#eee;color:#555}\
.trigger{background:#efe3f6;color:#424}.source{display:block;color:#777;font-size:12px}.empty{color:#777;font-style:italic}\
.legend{margin-top:2em;font-size:13px}@media print{body{margin:0;max-width:none;font-size:11pt}h2{break-after:avoid}\
h3{break-after:avoid}.step{break-inside:avoid}}";

/// The reference as one self-contained HTML page (styles inline, no scripts, nothing loaded),
/// ready to print; every line shows its source when `sources`, else carries it as a tooltip.
pub fn html(a: &Assembled, sources: bool) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<h1>{}</h1>\n<dl class=\"selection\">\n",
        escape(a.title),
        escape(a.title)
    );
    for (label, value) in header(a) {
        let _ = writeln!(out, "<dt>{label}</dt><dd>{}</dd>", escape(&value));
    }
    out.push_str("</dl>\n");
    for section in &a.sections {
        let _ = writeln!(out, "<section id=\"{}\">\n<h2>{}</h2>", escape(&section.id), escape(&section.title));
        if let Some(intro) = &section.intro {
            let _ = writeln!(out, "<p>{}</p>", escape(intro));
        }
        for_each_step(section, |part, step| {
            if let Some(part) = part {
                let _ = writeln!(out, "<h4>{}</h4>", escape(part));
            }
            let class = if step.empty { "step empty" } else { "step" };
            let _ = writeln!(
                out,
                "<div class=\"{class}\" id=\"step-{}\">\n<h3>{}</h3>",
                escape(&step.id),
                escape(&step.title)
            );
            fn list(out: &mut String, lines: &[Line], marked: &[String], sources: bool) {
                out.push_str("<ul>\n");
                for line in lines {
                    let _ = write!(
                        out,
                        "<li id=\"{}\" title=\"{}\">{}",
                        escape(&line.id),
                        escape(&line.source),
                        escape(&line.text)
                    );
                    for m in marks(line, marked) {
                        let class = match m.as_str() {
                            "adaptation" => "adaptation",
                            "deviation" => "deviation",
                            m if m.starts_with("not playable") => "not-playable",
                            _ => "trigger",
                        };
                        let _ = write!(out, "<span class=\"mark {class}\">{}</span>", escape(&m));
                    }
                    if sources {
                        let _ = write!(out, "<span class=\"source\">{}</span>", escape(&line.source));
                    }
                    if !line.lines.is_empty() {
                        list(out, &line.lines, &line.not_playable, sources);
                    }
                    out.push_str("</li>\n");
                }
                out.push_str("</ul>\n");
            }
            list(&mut out, &step.lines, &[], sources);
            out.push_str("</div>\n");
        });
        out.push_str("</section>\n");
    }
    let legend = legend(a);
    if !legend.is_empty() {
        out.push_str("<div class=\"legend\">\n");
        for (mark, meaning) in legend {
            let _ = writeln!(out, "<div><span class=\"mark\">{}</span> {}</div>", escape(mark), escape(meaning));
        }
        out.push_str("</div>\n");
    }
    out.push_str("</body>\n</html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Reference, Selection};

    #[test]
    fn text_is_wrapped_and_every_step_has_its_heading() {
        let r = Reference::builtin();
        let a = r.assemble(&Selection::parse(r, &[], None, &[], None).unwrap());
        let t = text(&a, 60, false);
        assert!(t.lines().all(|l| l.chars().count() <= 60 || !l.contains(' ')), "wrapped:\n{t}");
        for step in a.sections.iter().flat_map(|s| &s.steps) {
            assert!(t.contains(&format!("\n{}\n", step.title)), "{}", step.title);
        }
        assert!(t.contains("Step 1A: Begin your turn\n  - Nothing to do at this step"), "{t}");
    }

    #[test]
    fn html_escapes_and_loads_nothing() {
        let r = Reference::builtin();
        let a = r.assemble(&Selection::parse(r, &["gingerbread-man".to_string()], None, &[], None).unwrap());
        let page = html(&a, true);
        assert!(page.starts_with("<!doctype html>") && page.ends_with("</html>\n"));
        for outside in ["<script", "<link", "src=", "href=", "@import", "url("] {
            assert!(!page.contains(outside), "{outside}");
        }
        assert!(page.contains("Baba Yaga&#39;s hut") || page.contains("&#39;"), "quotes escaped");
        assert!(page.contains("class=\"mark adaptation\""));
        assert_eq!(escape("<a href=\"x\">&'"), "&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
    }

    #[test]
    fn wrap_keeps_long_words_whole() {
        let mut out = String::new();
        wrap(&mut out, "a bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb c", "- ", "  ", 20);
        assert_eq!(out, "- a\n  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n  c\n");
    }
}
