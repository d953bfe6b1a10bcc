//! Checks of the code's shape that ARCHITECTURE.md states as invariants (in the spirit of
//! rust-analyzer's tidy tests): the modules of the engine and of the server import each other
//! without cycles (a lower module never uses a higher one), only the expansion modules, the
//! rules configuration and the dispatch name a particular expansion, no engine module imports
//! one of a later layer, and no source file of the crates or of `web/` grows past 900 lines.
//!
//! The import graph is read from the source text: `use` declarations (with their brace groups)
//! and paths written in code (`crate::a::b`, `super::a`, `self::a`, or `child::item` for a
//! module the file declares), each resolved to the deepest module it names. Declaring a child
//! (`mod child;`) is not a use of it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The modules of a crate: module path (`game::turn`, `` for the crate root) → source text
/// with comments and string literals blanked out.
fn read_modules(src: &Path) -> BTreeMap<String, String> {
    source_files(src)
        .into_iter()
        .map(|(module, text)| (module, without_test_modules(&strip_comments_and_strings(&text))))
        .collect()
}

/// Blanks out inline `#[cfg(test)] mod name { ... }` blocks: unit tests may use anything (and
/// their `super` is the file's own module).
fn without_test_modules(code: &str) -> String {
    let mut out = code.to_string();
    while let Some(at) = out.find("#[cfg(test)]") {
        let after = &out[at..];
        let Some(open) = after.find('{').filter(|&o| after[..o].contains("mod ")) else {
            out.replace_range(at..at + "#[cfg(test)]".len(), "");
            continue;
        };
        let mut depth = 0;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.replace_range(at..at + end, "");
    }
    out
}

/// The source files of a crate: module path → text as written.
fn source_files(src: &Path) -> BTreeMap<String, String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("source folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = vec![];
    walk(src, &mut files);
    files
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(src).expect("under src").with_extension("");
            let mut parts: Vec<String> = relative.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                parts.pop();
            }
            let text = std::fs::read_to_string(&file).expect("readable source");
            (parts.join("::"), text)
        })
        .collect()
}

/// Blanks out comments, string and character literals (keeping line breaks), so that only code
/// is searched for paths.
fn strip_comments_and_strings(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            i += 2;
            while i + 1 < chars.len() && !(chars[i] == '*' && chars[i + 1] == '/') {
                if chars[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
            i += 2;
        } else if c == '"' || (c == 'r' && next == Some('"')) || (c == 'r' && next == Some('#')) {
            // A string: ordinary with escapes, or raw with hashes.
            let raw = c == 'r';
            let mut hashes = 0;
            if raw {
                i += 1;
                while chars.get(i) == Some(&'#') {
                    hashes += 1;
                    i += 1;
                }
                if chars.get(i) != Some(&'"') {
                    out.push('r');
                    continue;
                }
            }
            i += 1;
            out.push_str("\"\"");
            while i < chars.len() {
                if !raw && chars[i] == '\\' {
                    i += 2;
                    continue;
                }
                if chars[i] == '"' && (0..hashes).all(|k| chars.get(i + 1 + k) == Some(&'#')) {
                    i += 1 + hashes;
                    break;
                }
                if chars[i] == '\n' {
                    out.push('\n');
                }
                i += 1;
            }
        } else if c == '\'' && next.is_some() && chars.get(i + 2) == Some(&'\'') {
            out.push_str("' '");
            i += 3;
        } else if c == '\'' && next == Some('\\') {
            while i < chars.len() && !(chars[i] == '\'' && chars[i - 1] != '\\' && chars[i - 2] != '\'') {
                i += 1;
            }
            out.push_str("' '");
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The children a module file declares with `mod name;`.
fn declared_children(code: &str) -> BTreeSet<String> {
    code.lines()
        .filter_map(|line| {
            let line = line.trim();
            let rest = line.strip_prefix("pub(crate) ").or_else(|| line.strip_prefix("pub ")).unwrap_or(line);
            rest.strip_prefix("mod ")?.strip_suffix(';').map(|name| name.trim().to_string())
        })
        .collect()
}

/// Expands a `use` tree (`a::{b, c::{d, e}}`) into its paths.
fn expand_use_tree(tree: &str) -> Vec<String> {
    let tree = tree.trim();
    let Some(open) = tree.find('{') else {
        let path = tree.split(" as ").next().unwrap_or(tree).trim();
        return if path.is_empty() { vec![] } else { vec![path.to_string()] };
    };
    let prefix = tree[..open].trim_end_matches("::").trim();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = vec![];
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .flat_map(expand_use_tree)
        .map(|p| if p == "self" { prefix.to_string() } else { format!("{prefix}::{p}") })
        .collect()
}

/// Every path a module's code names that starts at `crate`, `super`, `self` or a declared child.
fn paths_in(code: &str, children: &BTreeSet<String>) -> Vec<String> {
    let mut paths = vec![];
    let mut rest = code;
    // `use` declarations, with their brace groups.
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        let after = &rest[at + 4..];
        if before.is_none_or(|c| !c.is_alphanumeric() && c != '_') {
            if let Some(end) = after.find(';') {
                paths.extend(expand_use_tree(&after[..end]));
            }
        }
        rest = after;
    }
    // Paths written in code.
    let bytes: Vec<char> = code.chars().collect();
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut i = 0;
    while i < bytes.len() {
        if is_ident(bytes[i]) && (i == 0 || !is_ident(bytes[i - 1]) && bytes[i - 1] != ':') {
            let mut j = i;
            while j < bytes.len() && (is_ident(bytes[j]) || (bytes[j] == ':' && bytes.get(j + 1) == Some(&':'))) {
                j += if bytes[j] == ':' { 2 } else { 1 };
            }
            let path: String = bytes[i..j].iter().collect();
            // `crate::{...}` is a `use` group, read above.
            let path = path.trim_end_matches("::");
            let first = path.split("::").next().unwrap_or("");
            if path.contains("::") && (matches!(first, "crate" | "super" | "self") || children.contains(first)) {
                paths.push(path.to_string());
            }
            i = j.max(i + 1);
        } else {
            i += 1;
        }
    }
    paths
}

/// The module a path names: the deepest known module along it, from `module`'s point of view.
fn resolve(module: &str, path: &str, modules: &BTreeMap<String, String>) -> Option<String> {
    let mut segments: Vec<&str> = path.split("::").collect();
    let mut base: Vec<String> = match segments.first().copied() {
        Some("crate") => {
            segments.remove(0);
            vec![]
        }
        Some("self") => {
            segments.remove(0);
            module.split("::").filter(|s| !s.is_empty()).map(String::from).collect()
        }
        Some("super") => {
            let mut base: Vec<String> = module.split("::").filter(|s| !s.is_empty()).map(String::from).collect();
            while segments.first() == Some(&"super") {
                segments.remove(0);
                base.pop();
            }
            base
        }
        // A child of the module.
        _ => module.split("::").filter(|s| !s.is_empty()).map(String::from).collect(),
    };
    for segment in segments {
        let mut candidate = base.clone();
        candidate.push(segment.to_string());
        if modules.contains_key(&candidate.join("::")) {
            base = candidate;
        } else {
            break;
        }
    }
    Some(base.join("::"))
}

/// The import graph of a crate: module → the modules it uses.
fn import_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let modules = read_modules(src);
    modules
        .iter()
        .map(|(module, code)| {
            let children = declared_children(code);
            let uses: BTreeSet<String> = paths_in(code, &children)
                .iter()
                .filter_map(|p| resolve(module, p, &modules))
                .filter(|target| target != module)
                .collect();
            (module.clone(), uses)
        })
        .collect()
}

/// A cycle of the graph, if there is one.
fn find_cycle(graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeSet<String>>,
        done: &mut BTreeSet<String>,
        stack: &mut Vec<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|n| n == node) {
            let mut cycle = stack[at..].to_vec();
            cycle.push(node.to_string());
            return Some(cycle);
        }
        if done.contains(node) {
            return None;
        }
        stack.push(node.to_string());
        for next in graph.get(node).into_iter().flatten() {
            if let Some(cycle) = visit(next, graph, done, stack) {
                return Some(cycle);
            }
        }
        stack.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph.keys().find_map(|node| visit(node, graph, &mut done, &mut vec![]))
}

fn crate_src(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates").join(name).join("src")
}

fn show(cycle: &[String]) -> String {
    cycle.iter().map(|m| if m.is_empty() { "(crate root)" } else { m.as_str() }).collect::<Vec<_>>().join(" -> ")
}

#[test]
fn engine_modules_import_each_other_without_cycles() {
    let graph = import_graph(&crate_src("engine"));
    // The scanner must see the layering it checks: a few edges that exist.
    assert!(graph["game::turn"].contains("expansions"), "{:?}", graph["game::turn"]);
    assert!(graph["expansions::river"].contains("table"));
    assert!(graph["observation"].contains("game"));
    assert!(!graph["game"].contains("observation"), "game must not use observation");
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle in the engine: {}", show(&cycle));
    }
}

/// The engine's layers, lowest first (ARCHITECTURE.md, "crates/engine"): a module uses only
/// its own layer and those below. An import upward (the base game's farms calling the
/// variation "Mountains", say) goes through a hook of the dispatch instead.
const ENGINE_LAYERS: &[&[&str]] = &[
    &["geometry", "random"],
    &["catalog"],
    &["board", "features"],
    &["players", "actions", "events", "errors", "naming", "sources"],
    &["rules", "variants"],
    &["table"],
    &["base"],
    &["expansions"],
    &["game"],
    &["observation"],
];

/// The layer of an engine module (`None` for those outside the list: the crate root, the
/// record format).
fn engine_layer(module: &str) -> Option<usize> {
    let top = module.split("::").next().unwrap_or("");
    ENGINE_LAYERS.iter().position(|layer| layer.contains(&top))
}

#[test]
fn engine_modules_never_import_upward() {
    let graph = import_graph(&crate_src("engine"));
    assert_eq!(engine_layer("base::farms"), Some(6));
    assert!(graph["base::farms"].contains("table"), "{:?}", graph["base::farms"]);
    let mut upward = vec![];
    for (module, uses) in &graph {
        let Some(layer) = engine_layer(module) else { continue };
        for used in uses {
            if engine_layer(used).is_some_and(|l| l > layer) {
                upward.push(format!("{module} -> {used}"));
            }
        }
    }
    assert!(upward.is_empty(), "imports from a lower layer to a higher one: {upward:?}");
}

#[test]
fn server_modules_import_each_other_without_cycles() {
    let graph = import_graph(&crate_src("server"));
    assert!(graph["ws"].contains("acting") && graph["api"].contains("ws"));
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle in the server: {}", show(&cycle));
    }
}

/// The browser client's ES modules: file (relative to `web/`) → the files it imports.
fn web_import_graph() -> BTreeMap<String, BTreeSet<String>> {
    fn walk(dir: &Path, base: &Path, out: &mut BTreeMap<String, BTreeSet<String>>) {
        for entry in std::fs::read_dir(dir).expect("web folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                walk(&path, base, out);
            } else if path.extension().is_some_and(|e| e == "js") {
                let name = path.strip_prefix(base).expect("under web/").to_string_lossy().replace('\\', "/");
                let text = std::fs::read_to_string(&path).expect("readable");
                let folder = Path::new(&name).parent().map(Path::to_path_buf).unwrap_or_default();
                let mut uses = BTreeSet::new();
                // `import ... from './x.js'` and `export ... from './x.js'`, on one line or the
                // last line of a multi-line import.
                for line in text.lines() {
                    let Some(at) = line.find(" from '").or_else(|| line.find("import '")) else { continue };
                    let rest = &line[at..];
                    let Some(start) = rest.find('\'') else { continue };
                    let Some(len) = rest[start + 1..].find('\'') else { continue };
                    let target = &rest[start + 1..start + 1 + len];
                    if !target.starts_with('.') {
                        continue;
                    }
                    let mut parts: Vec<String> = folder.iter().map(|p| p.to_string_lossy().into_owned()).collect();
                    for piece in target.split('/') {
                        match piece {
                            "." => {}
                            ".." => {
                                parts.pop();
                            }
                            p => parts.push(p.to_string()),
                        }
                    }
                    uses.insert(parts.join("/"));
                }
                out.insert(name, uses);
            }
        }
    }
    let web = Path::new(env!("CARGO_MANIFEST_DIR")).join("web");
    let mut graph = BTreeMap::new();
    walk(&web, &web, &mut graph);
    graph
}

#[test]
fn web_modules_import_each_other_without_cycles() {
    let graph = web_import_graph();
    assert!(graph["app.js"].contains("game.js"), "{:?}", graph["app.js"]);
    for (file, uses) in &graph {
        for used in uses {
            assert!(graph.contains_key(used), "{file} imports {used}, which is not in web/");
        }
    }
    if let Some(cycle) = find_cycle(&graph) {
        panic!("import cycle in web/: {}", show(&cycle));
    }
}

#[test]
fn the_cycle_finder_finds_a_cycle() {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    graph.insert("a".into(), ["b".to_string()].into());
    graph.insert("b".into(), ["c".to_string()].into());
    graph.insert("c".into(), ["a".to_string()].into());
    assert_eq!(find_cycle(&graph).map(|c| c.len()), Some(4));
    graph.insert("c".into(), BTreeSet::new());
    assert_eq!(find_cycle(&graph), None);
    assert_eq!(expand_use_tree("crate::{a::{b, c}, d as e}"), ["crate::a::b", "crate::a::c", "crate::d"]);
}

/// Issue 17: "No function of the turn loop names a particular expansion".
#[test]
fn only_the_expansion_modules_the_rules_config_and_the_dispatch_name_an_expansion() {
    let src = crate_src("engine");
    let offenders: Vec<String> = source_files(&src)
        .into_iter()
        .filter(|(module, code)| code.contains("Expansion::") && module != "rules" && !module.starts_with("expansions"))
        .map(|(module, _)| module)
        .collect();
    assert!(offenders.is_empty(), "modules outside expansions/ that name an expansion: {offenders:?}");
}

/// No source file of the crates or of the browser client grows past 900 lines: what grows is
/// split by what it is about (an expansion's part of the server's views, a decision's part of
/// the game screen), as the engine's expansions are.
#[test]
fn source_files_stay_under_900_lines() {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, usize)>) {
        for entry in std::fs::read_dir(dir).expect("source folder") {
            let path = entry.expect("entry").path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n == "node_modules") {
                    continue;
                }
                walk(&path, out);
            } else if path.extension().is_some_and(|e| ["rs", "js", "css", "html"].iter().any(|x| e == *x)) {
                out.push((path.clone(), std::fs::read_to_string(&path).expect("readable").lines().count()));
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = vec![];
    walk(&root.join("crates"), &mut files);
    walk(&root.join("web"), &mut files);
    assert!(files.iter().any(|(p, _)| p.ends_with("crates/engine/src/lib.rs")));
    assert!(files.iter().any(|(p, _)| p.ends_with("web/app.js")));
    let long: Vec<_> = files.into_iter().filter(|(_, lines)| *lines >= 900).collect();
    assert!(long.is_empty(), "split these files: {long:?}");
}

/// Each expansion module's `const HOOKS` names exactly the hooks its `impl Module` defines: the
/// dispatch calls a hook only on the modules that list it, so a hook missing from the list would
/// silently never run.
#[test]
fn every_module_lists_exactly_the_hooks_it_implements() {
    let camel = |snake: &str| -> String {
        snake
            .split('_')
            .map(|w| {
                let mut c = w.chars();
                c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
            })
            .collect()
    };
    let mut checked = 0;
    for (module, code) in read_modules(&crate_src("engine")) {
        let Some(at) = code.find("impl Module for ") else { continue };
        let block = &code[at..];
        let block = &block[..block.find("\n}").expect("the impl block ends")];
        let defined: BTreeSet<String> = block
            .lines()
            .filter_map(|l| l.strip_prefix("    fn ").and_then(|rest| rest.split('(').next()).map(camel))
            .collect();
        // The list as written, wherever rustfmt breaks its line.
        let block: String = block.split_whitespace().collect::<Vec<_>>().join(" ");
        let list = block.split("const HOOKS: Hooks = Hooks::of(&[").nth(1).expect("a HOOKS list");
        let listed: BTreeSet<String> = list[..list.find("])").expect("the list ends")]
            .split(',')
            .map(|h| h.trim().trim_start_matches("Hook::").to_string())
            .filter(|h| !h.is_empty())
            // A marker, not a method: the module's placement rule depends on the position
            // alone.
            .filter(|h| h != "PositionOnly")
            .collect();
        assert_eq!(listed, defined, "{module}: HOOKS must list exactly the hooks its impl Module defines");
        checked += 1;
    }
    assert!(checked >= 7, "found {checked} expansion modules");
}
