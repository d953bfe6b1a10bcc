//! The drawings (crates/render, `carcassonne tiles --svg`, `carcassonne render`): every design
//! draws as well-formed SVG with the parts its features call for, figures have a place on
//! every feature, and a board shows every tile and figure. No test looks at pixels.

use crate::support::{fails, ok, temp_path};

use carcassonne_engine::catalog::Symbol;
use carcassonne_engine::{
    Action, Catalog, Color, Deck, Edition, Expansion, FeatureKind, Game, GameSetup, Pending, Quarter, Record, Rotation,
    Rules, TileDesign,
};
use carcassonne_render::{board_svg, feature_anchor, feature_anchors, tile_group, tile_svg, BoardOptions};

/// Checks that `text` is well-formed XML: one root element, balanced and properly nested
/// tags, quoted attributes without duplicates, no stray `<` or `&` in text.
fn check_xml(text: &str) -> Result<(), String> {
    let bytes = text.as_bytes();
    let mut stack: Vec<String> = vec![];
    let mut roots = 0;
    let mut i = 0;
    let check_text = |t: &str| -> Result<(), String> {
        let mut rest = t;
        while let Some(at) = rest.find('&') {
            let end = rest[at..].find(';').ok_or_else(|| format!("bare & in {t:?}"))?;
            let entity = &rest[at + 1..at + end];
            let known =
                ["amp", "lt", "gt", "quot", "apos"].contains(&entity) || (entity.starts_with('#') && entity.len() > 1);
            if !known {
                return Err(format!("unknown entity &{entity};"));
            }
            rest = &rest[at + end + 1..];
        }
        Ok(())
    };
    while i < bytes.len() {
        if bytes[i] != b'<' {
            let next = text[i..].find('<').map_or(text.len(), |n| i + n);
            let t = &text[i..next];
            if stack.is_empty() && !t.trim().is_empty() {
                return Err(format!("text outside the root: {t:?}"));
            }
            check_text(t)?;
            i = next;
            continue;
        }
        if text[i..].starts_with("<?") {
            i += text[i..].find("?>").ok_or("unclosed <?")? + 2;
            continue;
        }
        if text[i..].starts_with("<!--") {
            i += text[i..].find("-->").ok_or("unclosed comment")? + 3;
            continue;
        }
        // A tag: find its end outside quoted values.
        let mut j = i + 1;
        let mut quote: Option<u8> = None;
        while j < bytes.len() {
            match (quote, bytes[j]) {
                (None, b'"' | b'\'') => quote = Some(bytes[j]),
                (Some(q), c) if c == q => quote = None,
                (Some(_), b'<') => return Err("< inside an attribute value".into()),
                (None, b'>') => break,
                _ => {}
            }
            j += 1;
        }
        if j >= bytes.len() {
            return Err("unclosed tag".into());
        }
        let inner = &text[i + 1..j];
        i = j + 1;
        if let Some(name) = inner.strip_prefix('/') {
            let open = stack.pop().ok_or_else(|| format!("</{name}> closes nothing"))?;
            if open != name.trim() {
                return Err(format!("<{open}> closed by </{name}>"));
            }
            continue;
        }
        let self_closing = inner.ends_with('/');
        let inner = inner.trim_end_matches('/');
        let name_end = inner.find(|c: char| c.is_whitespace()).unwrap_or(inner.len());
        let name = &inner[..name_end];
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':') {
            return Err(format!("bad tag name {name:?}"));
        }
        // Attributes: name="value" ...
        let mut rest = inner[name_end..].trim_start();
        let mut seen: Vec<&str> = vec![];
        while !rest.is_empty() {
            let eq = rest.find('=').ok_or_else(|| format!("attribute without value in <{name}>"))?;
            let attr = rest[..eq].trim();
            if attr.is_empty() || attr.contains(char::is_whitespace) {
                return Err(format!("bad attribute {attr:?} in <{name}>"));
            }
            if seen.contains(&attr) {
                return Err(format!("duplicate attribute {attr} in <{name}>"));
            }
            seen.push(attr);
            let after = rest[eq + 1..].trim_start();
            let q = after.chars().next().ok_or("missing value")?;
            if q != '"' && q != '\'' {
                return Err(format!("unquoted value of {attr} in <{name}>"));
            }
            let close = after[1..].find(q).ok_or("unclosed value")? + 1;
            check_text(&after[1..close])?;
            rest = after[close + 1..].trim_start();
        }
        if stack.is_empty() {
            roots += 1;
        }
        if !self_closing {
            stack.push(name.to_string());
        }
    }
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(())
}

#[test]
fn the_xml_check_catches_broken_documents() {
    assert!(check_xml(r#"<svg a="1"><g><path d="M0 0"/></g><title>a &amp; b</title></svg>"#).is_ok());
    for bad in [
        "<svg><g></svg>",
        "<svg></g></svg>",
        "<svg a=1></svg>",
        r#"<svg a="1" a="2"></svg>"#,
        "<svg>a & b</svg>",
        "<svg/><svg/>",
        "<svg>",
    ] {
        assert!(check_xml(bad).is_err(), "{bad}");
    }
}

fn all_designs() -> Vec<&'static TileDesign> {
    Catalog::builtin().designs().iter().collect()
}

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

#[test]
fn every_design_draws_as_well_formed_svg_with_its_cities_and_symbols() {
    let designs = all_designs();
    assert!(designs.len() > 200, "every set");
    for design in designs {
        let svg = tile_svg(design, Rotation::R0, 128);
        check_xml(&svg).unwrap_or_else(|e| panic!("{}: {e}", design.id));
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{}", design.id);
        let kinds = |k: FeatureKind| design.features.iter().filter(|f| f.kind == k).count();
        let cities = design.features.iter().filter(|f| f.kind == FeatureKind::City && f.ports != 0).count();
        assert_eq!(count(&svg, r#"class="city""#), cities, "{}: one city path per city segment", design.id);
        // A bridge (Bridges, Castles & Bazaars) is a road drawn as a wooden bridge.
        let bridges = design.features.iter().filter(|f| f.attrs.bridge).count();
        assert_eq!(count(&svg, r#"class="road""#), kinds(FeatureKind::Road) - bridges, "{}: roads", design.id);
        assert_eq!(count(&svg, r#"class="bridge""#), bridges, "{}: bridges", design.id);
        assert_eq!(count(&svg, r#"class="river""#), kinds(FeatureKind::River), "{}: rivers", design.id);
        // A shrine (Heretics and Shrines) or a church (The Darmstadt Churches) is drawn as such
        // where a cloister would stand.
        let shrines = design.features.iter().filter(|f| f.attrs.shrine).count();
        let churches = design.features.iter().filter(|f| f.attrs.church).count();
        assert_eq!(
            count(&svg, r#"class="cloister""#),
            kinds(FeatureKind::Cloister) - shrines - churches,
            "{}: cloisters",
            design.id
        );
        assert_eq!(count(&svg, r#"class="shrine""#), shrines, "{}: shrines", design.id);
        assert_eq!(count(&svg, r#"class="church""#), churches, "{}: churches", design.id);
        assert_eq!(count(&svg, r#"class="garden""#), kinds(FeatureKind::Garden), "{}: gardens", design.id);
        let pennants: usize = design.features.iter().map(|f| f.pennants as usize).sum();
        assert_eq!(count(&svg, r#"class="pennant""#), pennants, "{}: one shield per pennant", design.id);
        assert_eq!(count(&svg, r#"class="symbol "#), design.symbols.len(), "{}: symbols", design.id);
        for symbol in &design.symbols {
            assert_eq!(count(&svg, &format!(r#"class="symbol {}""#, symbol.name())), 1, "{}", design.id);
        }
        let attr =
            |f: &dyn Fn(&carcassonne_engine::FeatureSpec) -> bool| design.features.iter().filter(|s| f(s)).count();
        assert_eq!(count(&svg, r#"class="inn""#), attr(&|f| f.attrs.inn), "{}: inns", design.id);
        assert_eq!(count(&svg, r#"class="cathedral""#), attr(&|f| f.attrs.cathedral), "{}", design.id);
        assert_eq!(count(&svg, r#"class="good "#), attr(&|f| f.attrs.good.is_some()), "{}: goods", design.id);
        assert_eq!(count(&svg, r#"class="siege""#), attr(&|f| f.attrs.besieged), "{}: sieges", design.id);
        assert_eq!(count(&svg, r#"class="princess""#), attr(&|f| f.attrs.princess), "{}", design.id);
        assert_eq!(count(&svg, r#"class="pig""#), attr(&|f| f.attrs.pig_herd || f.attrs.pigs_drawn), "{}", design.id);
        assert_eq!(count(&svg, r#"class="well""#), attr(&|f| f.attrs.wells > 0), "{}: wells", design.id);
        assert_eq!(count(&svg, r#"class="tunnel""#) > 0, attr(&|f| f.attrs.tunnel) > 0, "{}: tunnels", design.id);
        assert_eq!(count(&svg, r#"class="carcassonne""#) > 0, design.partial, "{}: the Count's city", design.id);
        assert_eq!(count(&svg, r#"class="mountain""#), design.is_mountain() as usize, "{}: a mountain", design.id);
    }
}

#[test]
fn every_rotation_draws_and_tile_groups_compose() {
    let catalog = Catalog::builtin();
    let mut doc = String::from(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 100">"#);
    for id in ["base:L", "traders-builders:06", "princess-dragon:25", "abbey-mayor:02"] {
        let design = catalog.design(catalog.lookup(id).unwrap());
        for (k, r) in Rotation::ALL.into_iter().enumerate() {
            let g = tile_group(design, r);
            assert!(g.starts_with("<g") && g.ends_with("</g>"), "{id}");
            doc.push_str(&format!(r#"<g transform="translate({} 0)">{g}</g>"#, k * 100));
        }
    }
    doc.push_str("</svg>");
    check_xml(&doc).unwrap();
}

#[test]
fn anchors_lie_inside_the_tile_and_differ_between_features() {
    for (k, design) in all_designs().into_iter().enumerate() {
        let anchors = feature_anchors(design, Rotation::R0);
        assert_eq!(anchors.len(), design.features.len());
        for (i, &(x, y)) in anchors.iter().enumerate() {
            assert!(x > 0.02 && x < 0.98 && y > 0.02 && y < 0.98, "{} feature {i}: ({x}, {y})", design.id);
            for (j, &(u, v)) in anchors.iter().enumerate().take(i) {
                let d = ((x - u).powi(2) + (y - v).powi(2)).sqrt();
                assert!(d > 0.02, "{}: features {j} and {i} share an anchor ({x}, {y})", design.id);
            }
        }
        // Turning the tile turns the anchors with it (clockwise, about the centre); checked on
        // a sample of the designs, to keep the test quick.
        if k % 5 != 0 {
            continue;
        }
        for r in Rotation::ALL {
            let turned = feature_anchors(design, r);
            for (i, &(x, y)) in anchors.iter().enumerate() {
                let (mut ex, mut ey) = (x, y);
                for _ in 0..r.index() {
                    (ex, ey) = (1.0 - ey, ex);
                }
                let (ax, ay) = turned[i];
                assert!((ax - ex).abs() < 1e-4 && (ay - ey).abs() < 1e-4, "{} {r:?} feature {i}", design.id);
            }
        }
    }
}

#[test]
fn a_cloister_stands_at_the_centre_and_a_road_on_its_path() {
    let catalog = Catalog::builtin();
    let a = catalog.design(catalog.lookup("base:A").unwrap());
    let cloister = a.features.iter().position(|f| f.kind == FeatureKind::Cloister).unwrap();
    assert_eq!(feature_anchor(a, Rotation::R0, cloister), (0.5, 0.5));
    // Base U: a straight road west to east at rotation 0.
    let u = catalog.design(catalog.lookup("base:U").unwrap());
    let road = u.features.iter().position(|f| f.kind == FeatureKind::Road).unwrap();
    let (_, y) = feature_anchor(u, Rotation::R0, road);
    assert!((y - 0.5).abs() < 0.01, "on the road: {y}");
    let (x, _) = feature_anchor(u, Rotation::R90, road);
    assert!((x - 0.5).abs() < 0.01, "turned north to south: {x}");
    // Base E: the city cap is in the north, its field below.
    let e = catalog.design(catalog.lookup("base:E").unwrap());
    let (_, city_y) = feature_anchor(e, Rotation::R0, 0);
    let (_, field_y) = feature_anchor(e, Rotation::R0, 1);
    assert!(city_y < 0.25 && field_y > 0.4, "{city_y} {field_y}");
}

/// A record of a seeded game between random bots, cut after `actions` actions.
fn simulated_record(actions: usize) -> Record {
    let path = temp_path("game.json");
    ok(&["simulate", "--games", "1", "--seed", "3", "--record-out", path.to_str().unwrap()]);
    let mut record = Record::from_json(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let _ = std::fs::remove_file(&path);
    record.actions.truncate(actions);
    record
}

#[test]
fn a_board_shows_every_tile_and_every_figure() {
    let record = simulated_record(100);
    let game = record.replay().unwrap().game;
    let figures = game.figures().len();
    assert!(figures > 0, "the game has figures on the board");
    let tiles = game.board().tiles().len();
    let options = BoardOptions { coordinates: true, ..BoardOptions::default() };
    let svg = board_svg(&game, &options);
    check_xml(&svg).unwrap();
    assert_eq!(count(&svg, r#"<g class="tile" "#), tiles);
    assert_eq!(count(&svg, r#"class="figure "#), figures);
    assert_eq!(count(&svg, r#"class="coord""#), tiles);
    assert_eq!(count(&svg, r#"class="last-tile""#), 1);
    let farmers = game
        .figures()
        .iter()
        .filter(|f| {
            let t = game.board().tiles()[f.placement as usize];
            game.catalog().design(t.tile).features[f.feature as usize].kind == FeatureKind::Field
        })
        .count();
    assert_eq!(count(&svg, " farmer\""), farmers);
    for color in game.players().iter().map(|p| carcassonne_render::color_hex(p.color)) {
        if game.figures().iter().any(|f| carcassonne_render::color_hex(game.players()[f.owner as usize].color) == color)
        {
            assert!(svg.contains(&format!("fill=\"{color}\"")), "figures in {color}");
        }
    }
}

#[test]
fn the_cli_writes_a_picture_per_design_and_a_contact_sheet() {
    let catalog = Catalog::builtin();
    let dir = temp_path("tiles");
    let text = ok(&["tiles", "--set", "base", "--svg", dir.to_str().unwrap()]);
    let set = catalog.set("base").unwrap();
    let designs = catalog.edition_designs(set, Edition::First);
    assert!(text.contains(&format!("wrote {} tile pictures", designs.len())), "{text}");
    let mut names: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    names.sort();
    assert_eq!(names.len(), designs.len() + 1, "{names:?}");
    assert!(names.contains(&"index.html".to_string()));
    assert!(names.contains(&"base_D.svg".to_string()));
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    for (id, n) in &designs {
        let d = catalog.design(*id);
        let file = format!("{}.svg", d.id.replace(':', "_"));
        assert!(index.contains(&format!("src=\"{file}\"")), "{file} on the contact sheet");
        assert!(index.contains(&format!("<b>{}</b> &times;{n}", d.id)), "{} with its count", d.id);
        check_xml(&std::fs::read_to_string(dir.join(&file)).unwrap()).unwrap();
    }
    // The second edition has the garden designs.
    let second = temp_path("tiles2");
    ok(&["tiles", "--set", "base", "--edition", "second", "--svg", second.to_str().unwrap()]);
    assert!(second.join("base_E-garden.svg").exists());
    // Every set: one section each.
    let all = temp_path("all");
    ok(&["tiles", "--svg", all.to_str().unwrap()]);
    let index = std::fs::read_to_string(all.join("index.html")).unwrap();
    assert_eq!(count(&index, "<section "), catalog.sets().len());
    for d in [&dir, &second, &all] {
        let _ = std::fs::remove_dir_all(d);
    }
    let err = fails(&["tiles", "--set", "nope", "--svg", temp_path("x").to_str().unwrap()]);
    assert!(err.contains("unknown tile set `nope`"), "{err}");
}

#[test]
fn the_cli_draws_the_board_of_a_record() {
    let record_path = temp_path("record.json");
    ok(&["simulate", "--games", "1", "--seed", "3", "--record-out", record_path.to_str().unwrap()]);
    let out = temp_path("board.svg");
    let text = ok(&["render", record_path.to_str().unwrap(), "--svg", out.to_str().unwrap(), "--actions", "40"]);
    assert!(text.starts_with("wrote "), "{text}");
    let svg = std::fs::read_to_string(&out).unwrap();
    check_xml(&svg).unwrap();
    let record = simulated_record(40);
    let game = record.replay().unwrap().game;
    assert_eq!(count(&svg, r#"<g class="tile" "#), game.board().tiles().len());
    assert_eq!(count(&svg, r#"class="figure "#), game.figures().len());

    // Errors: one line, exit code 1.
    let err = fails(&["render", "/no/such/record.json", "--svg", out.to_str().unwrap()]);
    assert!(err.contains("cannot read"), "{err}");
    let bad = temp_path("bad.json");
    std::fs::write(&bad, "{\"players\": [\"red\"]").unwrap();
    fails(&["render", bad.to_str().unwrap(), "--svg", out.to_str().unwrap()]);
    let err = fails(&["render", record_path.to_str().unwrap(), "--svg", out.to_str().unwrap(), "--actions", "100000"]);
    assert!(err.contains("--actions"), "{err}");
    for p in [record_path, out, bad] {
        let _ = std::fs::remove_file(p);
    }
}

#[test]
fn symbols_of_the_princess_and_dragon_are_all_drawn() {
    // One of each symbol somewhere in the catalog.
    let catalog = Catalog::builtin();
    for symbol in [Symbol::Tower, Symbol::Dragon, Symbol::Volcano, Symbol::MagicGate, Symbol::Abbey] {
        let design = catalog.designs().iter().find(|d| d.symbols.contains(&symbol)).unwrap();
        let svg = tile_svg(design, Rotation::R90, 64);
        assert!(svg.contains(&format!(r#"class="symbol {}""#, symbol.name())), "{}", design.id);
    }
}

/// The Plague: each plague source shows the plague doctor; a board shows the outbreak token on
/// its source (numbered, active) and each flea on its tile, red side up.
#[test]
fn the_plague_doctor_the_outbreaks_and_the_fleas_are_drawn() {
    let catalog = Catalog::builtin();
    let sources: Vec<&TileDesign> =
        catalog.designs().iter().filter(|d| d.symbols.contains(&Symbol::PlagueSource)).collect();
    assert_eq!(sources.len(), 6);
    for design in sources {
        for r in Rotation::ALL {
            let svg = tile_svg(design, r, 64);
            check_xml(&svg).unwrap_or_else(|e| panic!("{}: {e}", design.id));
            assert_eq!(count(&svg, r#"class="symbol plague""#), 1, "{} {r:?}", design.id);
        }
    }
    let rules = Rules { expansions: vec![Expansion::Plague], ..Rules::base() };
    let deck = Deck::Order(["plague:05", "base:U", "base:U"].iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    game.apply(Action::Place { pos: carcassonne_engine::Pos::new(1, 0), rotation: Rotation::R0 }).unwrap();
    game.apply(Action::Pass).unwrap();
    let svg = board_svg(&game, &BoardOptions::default());
    assert_eq!(count(&svg, r#"class="piece outbreak active" data-number="1""#), 1, "{svg}");
    assert_eq!(count(&svg, r#"class="piece flea"#), 0);
    let west = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Place { pos, .. } if *pos == carcassonne_engine::Pos::new(-1, 0)))
        .unwrap();
    game.apply(west).unwrap();
    assert!(matches!(game.pending(), Pending::Plague { .. }), "{:?}", game.pending());
    game.apply(Action::Flea { from: None, to: carcassonne_engine::Pos::new(0, 0) }).unwrap();
    let svg = board_svg(&game, &BoardOptions::default());
    check_xml(&svg).unwrap();
    assert_eq!(count(&svg, r#"class="piece flea active""#), 1, "{svg}");
    assert_eq!(count(&svg, r#"class="piece outbreak active""#), 1);
}

/// The values of attribute `name` on the elements whose class starts with `class`, in order.
fn attributes(svg: &str, class: &str, name: &str) -> Vec<String> {
    svg.match_indices(&format!(r#"class="{class}"#))
        .map(|(at, _)| {
            let tag = &svg[at..at + svg[at..].find('>').expect("the tag ends")];
            let start =
                tag.find(&format!(r#" {name}=""#)).unwrap_or_else(|| panic!("{name} in {tag}")) + name.len() + 3;
            tag[start..start + tag[start..].find('"').unwrap()].to_string()
        })
        .collect()
}

/// A game of The Count of Carcassonne between three seats that deploy to Carcassonne whenever
/// they may (to a random quarter), move the count on, keep their followers in Carcassonne and
/// otherwise act at random from a fixed seed; stopped once figures wait in two quarters or
/// more and the count has left the castle.
fn game_with_residents() -> Game {
    let rules = Rules { expansions: vec![Expansion::Count], ..Rules::default() };
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    for seed in 0..40 {
        let players = vec![Color::Red, Color::Blue, Color::Green];
        let mut game = Game::new(GameSetup { rules: rules.clone(), players, deck: Deck::Seed(seed) }).unwrap();
        while !game.is_over() {
            let actions = game.legal_actions();
            let to_city: Vec<Action> = actions
                .iter()
                .copied()
                .filter(|a| matches!(a, Action::DeployToQuarter { .. } | Action::MoveCount { .. }))
                .collect();
            // Followers are kept for Carcassonne: deployed on the board one time in three,
            // never redeployed.
            let keep = match game.pending() {
                Pending::Redeploy { .. } | Pending::FinalRedeploy { .. } => true,
                Pending::Deploy { .. } => next(3) > 0,
                _ => false,
            };
            let action = if !to_city.is_empty() {
                to_city[next(to_city.len())]
            } else if keep && actions.contains(&Action::Pass) {
                Action::Pass
            } else {
                actions[next(actions.len())]
            };
            game.apply(action).unwrap();
            let quarters = Quarter::ALL.iter().filter(|&&q| game.residents().iter().any(|r| r.quarter == q)).count();
            if quarters >= 2 && game.count_quarter() != Some(Quarter::Castle) {
                return game;
            }
        }
    }
    panic!("no game of seeds 0..40 had figures in two quarters");
}

#[test]
fn a_board_of_the_count_shows_the_quarters_the_count_and_the_figures_waiting_there() {
    let game = game_with_residents();
    let svg = board_svg(&game, &BoardOptions::default());
    check_xml(&svg).unwrap();
    // The city's twelve tiles among the tiles drawn.
    let city = game.board().tiles().iter().filter(|t| game.catalog().design(t.tile).partial).count();
    assert_eq!(city, 12);
    assert_eq!(count(&svg, r#"<g class="tile" "#), game.board().tiles().len());
    // Four labelled quarters, clockwise from the castle.
    let quarters = attributes(&svg, "quarter ", "data-quarter");
    assert_eq!(quarters, ["castle", "market", "blacksmith", "cathedral"]);
    assert_eq!(attributes(&svg, "quarter ", "data-feeds"), ["cities", "farms", "roads", "cloisters"]);
    for q in Quarter::ALL {
        assert!(svg.contains(&format!(r##"font-weight="bold" fill="#2f2a22">{}<tspan"##, q.name())), "{q} labelled");
    }
    // The count: one piece, in its quarter.
    let count_at = game.count_quarter().unwrap();
    assert_eq!(attributes(&svg, "piece count", "data-quarter"), [count_at.name()]);
    // One element per figure waiting in Carcassonne, in its quarter and its owner's colour.
    let residents = game.residents();
    assert!(residents.len() >= 2);
    assert_eq!(count(&svg, r#"class="resident "#), residents.len());
    let mut drawn: Vec<(String, String)> = attributes(&svg, "resident ", "data-quarter")
        .into_iter()
        .zip(attributes(&svg, "resident ", "data-owner"))
        .collect();
    let mut expected: Vec<(String, String)> = residents
        .iter()
        .map(|r| (r.quarter.name().to_string(), game.player(r.owner).color.name().to_string()))
        .collect();
    drawn.sort();
    expected.sort();
    assert_eq!(drawn, expected);
    for r in residents {
        let colour = carcassonne_render::color_hex(game.player(r.owner).color);
        assert!(svg.contains(&format!(r#"fill="{colour}""#)), "{colour}");
    }
    // Figures on the board are still the board's figures only.
    assert_eq!(count(&svg, r#"class="figure "#), game.figures().len());

    // Without the expansion no quarter is drawn.
    let plain = board_svg(&simulated_record(20).replay().unwrap().game, &BoardOptions::default());
    assert_eq!(count(&plain, r#"class="quarter"#), 0);
    assert_eq!(count(&plain, "piece count"), 0);
}

#[test]
fn the_city_of_carcassonne_draws_at_every_rotation_and_its_contact_sheet() {
    let catalog = Catalog::builtin();
    let set = catalog.set("count").unwrap();
    assert_eq!(set.designs.len(), 12);
    for &id in &set.designs {
        let design = catalog.design(id);
        for r in Rotation::ALL {
            let svg = tile_svg(design, r, 96);
            check_xml(&svg).unwrap_or_else(|e| panic!("{} {r:?}: {e}", design.id));
            assert!(svg.contains(r#"class="carcassonne""#), "{} {r:?}: the stone", design.id);
        }
    }
    let dir = temp_path("count-tiles");
    let text = ok(&["tiles", "--set", "count", "--svg", dir.to_str().unwrap()]);
    assert!(text.contains("wrote 12 tile pictures"), "{text}");
    for &id in &set.designs {
        let file = dir.join(format!("{}.svg", catalog.design(id).id.replace(':', "_")));
        check_xml(&std::fs::read_to_string(&file).unwrap()).unwrap();
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_cli_draws_the_city_of_a_record_with_the_count() {
    let record_path = temp_path("count-record.json");
    let out = temp_path("count-board.svg");
    ok(&[
        "simulate",
        "--games",
        "1",
        "--seed",
        "4",
        "--expansions",
        "count",
        "--record-out",
        record_path.to_str().unwrap(),
    ]);
    // At the start: the city alone, the count in the castle, nothing framed.
    ok(&["render", record_path.to_str().unwrap(), "--svg", out.to_str().unwrap(), "--actions", "0"]);
    let svg = std::fs::read_to_string(&out).unwrap();
    check_xml(&svg).unwrap();
    assert_eq!(count(&svg, r#"<g class="tile" "#), 12);
    assert_eq!(count(&svg, r#"class="quarter "#), 4);
    assert_eq!(attributes(&svg, "piece count", "data-quarter"), ["castle"]);
    assert_eq!(count(&svg, r#"class="last-tile""#), 0);
    // At the end: the count where the record left it, every waiting figure.
    ok(&["render", record_path.to_str().unwrap(), "--svg", out.to_str().unwrap()]);
    let svg = std::fs::read_to_string(&out).unwrap();
    check_xml(&svg).unwrap();
    let record = Record::from_json(&std::fs::read_to_string(&record_path).unwrap()).unwrap();
    let game = record.replay().unwrap().game;
    assert_eq!(attributes(&svg, "piece count", "data-quarter"), [game.count_quarter().unwrap().name()]);
    assert_eq!(count(&svg, r#"class="resident "#), game.residents().len());
    assert_eq!(count(&svg, r#"class="last-tile""#), 1);
    for p in [record_path, out] {
        let _ = std::fs::remove_file(p);
    }
}

/// Hills & Sheep and The Vineyards: each hill and each vineyard is drawn on its tile at every
/// rotation; on a board the shepherd stands with its crook (no farmer lying down) and its flock
/// token beside it shows the sheep drawn, in its player's colour; once the flock is driven to the
/// stable both leave the board.
#[test]
fn hills_vineyards_the_shepherd_and_its_flock_are_drawn() {
    use carcassonne_engine::{FlockToken, Pos};
    let catalog = Catalog::builtin();
    for (symbol, class, designs) in [(Symbol::Hill, "symbol hill", 9), (Symbol::Vineyard, "symbol vineyard", 6)] {
        // Not the bridged designs (Bridges, Castles & Bazaars), drawn as their plain ones.
        let with: Vec<&TileDesign> =
            catalog.designs().iter().filter(|d| d.symbols.contains(&symbol) && d.bridge.is_none()).collect();
        assert_eq!(with.len(), designs, "{class}");
        for design in with {
            for r in Rotation::ALL {
                let svg = tile_svg(design, r, 64);
                check_xml(&svg).unwrap_or_else(|e| panic!("{}: {e}", design.id));
                assert_eq!(count(&svg, &format!(r#"class="{class}""#)), 1, "{} {r:?}", design.id);
            }
        }
    }
    let rules = Rules { expansions: vec![Expansion::HillsSheep], ..Rules::base() };
    let deck = ["base:U", "base:U", "base:U", "hills-sheep:08", "base:B"];
    let deck = Deck::Order(deck.iter().map(|id| catalog.lookup(id).unwrap()).collect());
    let mut game = Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck }).unwrap();
    game.arrange_flock(&[FlockToken::Sheep(3), FlockToken::Sheep(2)]).unwrap();
    let place = |game: &mut Game, x: i16, y: i16| {
        game.apply(Action::Place { pos: Pos::new(x, y), rotation: Rotation::R0 }).unwrap();
    };
    // Red: a road south of the start tile, the shepherd on the field west of it.
    place(&mut game, 0, 1);
    let at = *game.board().get(Pos::new(0, 1)).unwrap();
    let field = carcassonne_engine::game::parse_feature_name(game.design(at.tile), at.rotation, "field@NNW").unwrap();
    game.apply(Action::Deploy { figure: carcassonne_engine::Figure::Shepherd, feature: field }).unwrap();
    let svg = board_svg(&game, &BoardOptions::default());
    check_xml(&svg).unwrap();
    assert_eq!(count(&svg, r#"class="figure shepherd""#), 1, "{svg}");
    assert_eq!(count(&svg, " farmer\""), 0, "a shepherd is no farmer");
    assert_eq!(count(&svg, r#"class="piece flock" data-sheep="3""#), 1, "{svg}");
    let red = carcassonne_render::color_hex(Color::Red);
    assert!(svg.contains(&format!(r#"<g fill="{red}" stroke="{red}""#)), "the flock rimmed in red");
    // The flock token lies inside the shepherd's tile.
    let (x, y) = carcassonne_render::flock_spot(carcassonne_render::feature_anchor(
        game.design(at.tile),
        at.rotation,
        field as usize,
    ));
    assert!((0.0..1.0).contains(&x) && (0.0..1.0).contains(&y), "({x}, {y})");
    // Blue passes; red extends the field and grows the flock: 5 sheep.
    place(&mut game, -1, 1);
    game.apply(Action::Pass).unwrap();
    place(&mut game, 1, 1);
    game.apply(Action::Pass).unwrap();
    assert_eq!(game.pending(), Pending::Flock { player: 0 });
    game.apply(Action::Flock { herd: false }).unwrap();
    let svg = board_svg(&game, &BoardOptions::default());
    assert_eq!(count(&svg, r#"class="piece flock" data-sheep="5""#), 1);
    // Blue's hill tile south of red's road is drawn with its hill (the last tile lies under it).
    game.apply(Action::Place { pos: Pos::new(0, 2), rotation: Rotation::R90 }).unwrap();
    assert_eq!(game.hills_with_tiles_under(), vec![Pos::new(0, 2)]);
    let svg = board_svg(&game, &BoardOptions::default());
    assert_eq!(count(&svg, r#"class="symbol hill""#), 1);
}

/// Under the Big Top: each circus and acrobat space is drawn in the middle of its tile at every
/// rotation, where its roads end; on a board the big top stands on the circus tile where it went
/// up last (and leaves with the final scoring), the acrobats of a pyramid stand two below and
/// one above on their space, and the ringmaster wears his top hat.
#[test]
fn the_big_top_the_acrobat_pyramids_and_the_ringmaster_are_drawn() {
    use carcassonne_engine::{Figure, Pos};
    let catalog = Catalog::builtin();
    for (symbol, class, designs) in [(Symbol::Circus, "symbol circus", 12), (Symbol::Acrobats, "symbol acrobats", 6)] {
        // Not the bridged designs (Bridges, Castles & Bazaars), drawn as their plain ones.
        let with: Vec<&TileDesign> =
            catalog.designs().iter().filter(|d| d.symbols.contains(&symbol) && d.bridge.is_none()).collect();
        assert_eq!(with.len(), designs, "{class}");
        for design in with {
            for r in Rotation::ALL {
                let svg = tile_svg(design, r, 64);
                check_xml(&svg).unwrap_or_else(|e| panic!("{}: {e}", design.id));
                assert_eq!(
                    count(&svg, &format!(r#"class="{class}" transform="translate(50 50)"#)),
                    1,
                    "{} {r:?}",
                    design.id
                );
                assert_eq!(count(&svg, r#"class="house""#) + count(&svg, r#"class="village""#), 0, "{}", design.id);
            }
        }
    }
    // 01: an acrobat tile, all farm; 06: a circus tile with a road to the south.
    let rules = Rules { expansions: vec![Expansion::BigTop], ..Rules::base() };
    let deck = ["01", "06", "01", "01", "06"].map(|n| catalog.lookup(&format!("under-the-big-top:{n}")).unwrap());
    let mut game =
        Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Order(deck.to_vec()) })
            .unwrap();
    let turn = |game: &mut Game, x: i16, y: i16, then: Action| {
        game.apply(Action::Place { pos: Pos::new(x, y), rotation: Rotation::R0 }).unwrap();
        game.apply(then).unwrap();
    };
    let acrobat = Action::Acrobat { pos: Pos::new(0, 1) };
    turn(&mut game, 0, 1, acrobat);
    turn(&mut game, 1, 1, acrobat);
    turn(&mut game, -1, 1, acrobat);
    assert_eq!(game.big_top(), Some(Pos::new(1, 1)));
    let svg = board_svg(&game, &BoardOptions::default());
    check_xml(&svg).unwrap();
    assert_eq!(count(&svg, r#"class="piece big-top" transform="translate(150 150)"#), 1, "{svg}");
    // Three acrobats on the space in the middle of the tile at (0, 1): two side by side below,
    // one above between them.
    let spots: Vec<(f32, f32)> = attributes(&svg, "figure follower acrobat", "transform")
        .iter()
        .map(|t| {
            let inner = t.trim_start_matches("translate(").split(')').next().unwrap();
            let mut xy = inner.split(' ').map(|v| v.parse::<f32>().unwrap());
            (xy.next().unwrap(), xy.next().unwrap())
        })
        .collect();
    assert_eq!(spots.len(), 3, "{svg}");
    let (bottom, top) = (&spots[..2], spots[2]);
    assert!(
        bottom[0].1 == bottom[1].1 && bottom[0].0 < top.0 && top.0 < bottom[1].0 && top.1 < bottom[0].1,
        "{spots:?}"
    );
    assert!(spots.iter().all(|&(x, y)| (30.0..70.0).contains(&x) && (130.0..170.0).contains(&y)), "{spots:?}");
    // Blue: the ringmaster on the farm of the acrobat tile south of the pyramid.
    game.apply(Action::Place { pos: Pos::new(0, 2), rotation: Rotation::R0 }).unwrap();
    let ringmaster = game
        .legal_actions()
        .into_iter()
        .find(|a| matches!(a, Action::Deploy { figure: Figure::Ringmaster, .. }))
        .expect("the ringmaster offered");
    game.apply(ringmaster).unwrap();
    let svg = board_svg(&game, &BoardOptions::default());
    assert_eq!(count(&svg, r#"class="figure ringmaster farmer""#), 1, "{svg}");
    assert_eq!(count(&svg, r##"fill="#161616""##), 1, "the top hat");
    // Red's circus tile: the big top moves on; the game ends and the big top is taken down.
    turn(&mut game, 2, 1, Action::Pass);
    assert!(game.is_over());
    assert!(game.big_top().is_none());
    let svg = board_svg(&game, &BoardOptions::default());
    assert_eq!(count(&svg, r#"class="piece big-top""#), 0);
    assert_eq!(count(&svg, r#"class="symbol circus""#), 2);
}

/// Bridges, Castles & Bazaars: each bazaar tile shows its market stall at every rotation; on a
/// board a tile with a bridge built on it is drawn as its plain tile under a wooden bridge along
/// the bridge's axis, and a castle stands in its owner's colour on the edge between the two tiles
/// of its town, under the follower that holds it.
#[test]
fn the_bazaars_the_bridges_and_the_castles_are_drawn() {
    use carcassonne_engine::geometry::Axis;
    use carcassonne_engine::{Figure, Pos};
    let catalog = Catalog::builtin();
    let with: Vec<&TileDesign> =
        catalog.designs().iter().filter(|d| d.symbols.contains(&Symbol::Bazaar) && d.bridge.is_none()).collect();
    assert_eq!(with.len(), 7, "seven designs, eight tiles");
    for design in with {
        for r in Rotation::ALL {
            let svg = tile_svg(design, r, 64);
            check_xml(&svg).unwrap_or_else(|e| panic!("{}: {e}", design.id));
            assert_eq!(count(&svg, r#"class="symbol bazaar""#), 1, "{} {r:?}", design.id);
        }
    }
    let rules = Rules { expansions: vec![Expansion::BridgesCastlesBazaars], ..Rules::base() };
    let deck = ["base:E", "base:B", "base:B", "base:B"].map(|id| catalog.lookup(id).unwrap());
    let mut game =
        Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Order(deck.to_vec()) })
            .unwrap();
    // Red: a city cap north of the start tile's, a knight on it: the town of two tiles is
    // complete, and red turns it into a castle.
    game.apply(Action::Place { pos: Pos::new(0, -1), rotation: Rotation::R180 }).unwrap();
    let at = *game.board().get(Pos::new(0, -1)).unwrap();
    let city = carcassonne_engine::game::parse_feature_name(game.design(at.tile), at.rotation, "city@S").unwrap();
    game.apply(Action::Deploy { figure: Figure::Follower, feature: city }).unwrap();
    assert!(matches!(game.pending(), Pending::Castle { player: 0, .. }), "{:?}", game.pending());
    game.apply(Action::BuildCastle).unwrap();
    assert_eq!(game.castles().len(), 1);
    // Blue: a cloister east of it, a bridge across it from north to south, no follower.
    game.apply(Action::Place { pos: Pos::new(1, -1), rotation: Rotation::R0 }).unwrap();
    game.apply(Action::Bridge { pos: Pos::new(1, -1), axis: Axis::NorthSouth }).unwrap();
    game.apply(Action::Pass).unwrap();
    let bridged = game.board().get(Pos::new(1, -1)).unwrap().tile;
    assert_eq!(catalog.design(bridged).id, "base:B+bridge-ns");
    let svg = board_svg(&game, &BoardOptions::default());
    check_xml(&svg).unwrap();
    assert_eq!(count(&svg, r#"class="bridge""#), 1, "{svg}");
    assert_eq!(count(&svg, r#"data-tile="base:B+bridge-ns""#), 1);
    // The cloister under it is drawn beside the bridge, in sight.
    let cloister = attributes(&svg, "cloister", "transform");
    assert_eq!(cloister.len(), 1, "{svg}");
    assert!(!cloister[0].starts_with("translate(50 50)"), "{cloister:?}");
    // The bridge runs north to south down the middle of its tile (x 100 to 200, y -100 to 0).
    let bridge = &svg[svg.find(r#"<g class="tile" data-x="1" data-y="-1""#).unwrap()..];
    let bridge = &bridge[bridge.find(r#"class="bridge""#).unwrap()..];
    assert!(bridge.contains(r#"<g transform="translate(50 0) rotate(90)">"#), "{}", &bridge[..400]);
    let red = carcassonne_render::color_hex(Color::Red);
    let castle = r#"<g class="piece castle" data-owner="red" data-scored="false" transform="translate(50 0)"#;
    assert_eq!(count(&svg, castle), 1, "{svg}");
    assert!(svg.contains(&format!(r##"fill="{red}" stroke="#1a1a1a""##)), "in red");
    // The follower holding it stands over it.
    assert_eq!(count(&svg, r#"class="figure follower knight""#), 1);
    assert!(svg.find(castle) < svg.find(r#"class="figure follower knight""#));
    // The same tile turned: its bridge turns with it.
    let design = catalog.design(bridged);
    let turned = tile_group(design, Rotation::R90);
    assert!(turned.contains(r#"<g transform="translate(100 50) rotate(180)">"#), "{turned}");
}

/// The Catapult: each fair tile shows its fair once at every rotation, in the middle of the tile
/// where its roads end (no house there), beside the cloister of the one with a cloister; on a
/// board a fair tile placed shows it through its catapult round and after.
#[test]
fn the_fair_is_drawn() {
    use carcassonne_engine::{CatapultToken, Pos};
    let catalog = Catalog::builtin();
    let with: Vec<&TileDesign> =
        catalog.designs().iter().filter(|d| d.symbols.contains(&Symbol::Fair) && d.bridge.is_none()).collect();
    assert_eq!(with.len(), 12, "twelve designs, one tile each");
    for design in with {
        for r in Rotation::ALL {
            let svg = tile_svg(design, r, 64);
            check_xml(&svg).unwrap_or_else(|e| panic!("{}: {e}", design.id));
            assert_eq!(count(&svg, r#"class="symbol fair""#), 1, "{} {r:?}", design.id);
            let middle = count(&svg, r#"class="symbol fair" transform="translate(50 50)"#);
            assert_eq!(middle, usize::from(design.cloister.is_none()), "{} {r:?}", design.id);
            assert_eq!(count(&svg, r#"class="house""#) + count(&svg, r#"class="village""#), 0, "{}", design.id);
        }
    }
    // Red places the fair tile 06 (all field) south of the start tile, deploys nothing and
    // chooses the catch for the catapult round.
    let rules = Rules { expansions: vec![Expansion::Catapult], ..Rules::base() };
    let deck = ["catapult:06", "base:E"].map(|id| catalog.lookup(id).unwrap());
    let mut game =
        Game::new(GameSetup { rules, players: vec![Color::Red, Color::Blue], deck: Deck::Order(deck.to_vec()) })
            .unwrap();
    game.apply(Action::Place { pos: Pos::new(0, 1), rotation: Rotation::R0 }).unwrap();
    game.apply(Action::Pass).unwrap();
    assert!(matches!(game.pending(), Pending::CatapultToken { player: 0, .. }), "{:?}", game.pending());
    let fair_on_its_tile = |svg: &str| {
        let tile = &svg[svg.find(r#"<g class="tile" data-x="0" data-y="1""#).expect("the fair tile")..];
        let end = tile[1..].find(r#"<g class="tile""#).map_or(tile.len(), |n| n + 1);
        count(&tile[..end], r#"class="symbol fair""#)
    };
    let svg = board_svg(&game, &BoardOptions::default());
    check_xml(&svg).unwrap();
    assert_eq!(count(&svg, r#"class="symbol fair""#), 1, "{svg}");
    assert_eq!(fair_on_its_tile(&svg), 1);
    game.apply(Action::ChooseToken { token: CatapultToken::Catch }).unwrap();
    assert!(matches!(game.pending(), Pending::PlaceTile { player: 1, .. }), "{:?}", game.pending());
    let svg = board_svg(&game, &BoardOptions::default());
    check_xml(&svg).unwrap();
    assert_eq!(count(&svg, r#"class="symbol fair""#), 1);
    assert_eq!(fair_on_its_tile(&svg), 1);
}
