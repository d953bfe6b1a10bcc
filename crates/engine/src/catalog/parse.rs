//! Reading catalog files: the text format described at the top of `data/tiles/base.tiles`
//! (with the expansions' additions at the top of `data/tiles/expansions.tiles`), validated
//! structurally as it is read, and the built-in catalog made from the embedded files.

use std::sync::OnceLock;

use crate::geometry::{rotate_ports, Axis, Port, PortSet, Rotation, Side, Terrain};

use super::{
    Catalog, CatalogError, Edition, FeatureAttrs, FeatureKind, FeatureSpec, LocalFeature, Quarter, QuarterSpec,
    RiverRole, RotatedView, Symbol, TileDesign, TileId, TileSet, TradeGood, BUILTIN_FILES, FIT_TABLE_SIZE, INNER_NAMES,
    NO_FEATURE,
};

impl Catalog {
    /// The catalog built from the embedded files. It is parsed once and shared; the files are
    /// validated by the test suite, so a failure here is a build defect, not bad input.
    pub fn builtin() -> &'static Catalog {
        static BUILTIN: OnceLock<Catalog> = OnceLock::new();
        BUILTIN.get_or_init(|| {
            let mut catalog = Catalog::default();
            for (name, text) in BUILTIN_FILES {
                if let Err(e) = catalog.add_file(name, text) {
                    panic!("the embedded tile catalog is invalid: {e}");
                }
            }
            catalog.add_mountain();
            catalog.add_bridges();
            catalog
        })
    }

    /// Adds the mountain of the variation "Mountains" (seed 001, SELECTED VARIATIONS): a tile
    /// turned upside down shows no road, city or field, so it is no design of a file. Its edges
    /// are field edges, so that a tile placed next to it must show "farm without a road" there,
    /// but no field touches them: nothing joins across a mountain. Its one feature is where a
    /// miner stands.
    fn add_mountain(&mut self) {
        let draft = DesignDraft {
            line: 0,
            name: "mountain".into(),
            edges: [Terrain::Field; 4],
            counts: vec![],
            start: false,
            river: None,
            symbols: vec![],
            partial: false,
            unit_at: None,
            supply: false,
            features: vec![],
        };
        let miner = FeatureSpec {
            kind: FeatureKind::Mountain,
            ports: 0,
            pennants: 0,
            borders: vec![],
            inner: 0,
            attrs: FeatureAttrs::default(),
        };
        let (set, name) = super::MOUNTAIN_ID.split_once(':').expect("a design id has a set");
        debug_assert_eq!(name, draft.name);
        let design = build_design(super::MOUNTAIN_ID.into(), set.into(), &draft, vec![miner]);
        let tile = TileId(self.designs.len() as u16);
        self.designs.push(design);
        self.by_id.insert(super::MOUNTAIN_ID.into(), tile);
    }

    /// Adds the bridged designs of Bridges, Castles & Bazaars (the Wikicarpedia page "Bridges,
    /// Castles and Bazaars", "Bridges"): a wooden bridge spans a tile from the centre of one
    /// field edge to the centre of the opposite field edge, north-south or east-west, over
    /// whatever lies between; it is a road of its own, and the fields under it stay whole (the
    /// rulebook: bridges "do not separate cities or fields"). A tile with a bridge is this
    /// design: the tile's features, then the bridge's road; no set holds it, no deck contains
    /// it. Not for a river edge, the tiles of the city of Carcassonne, an abbey or a mountain,
    /// nor across a bridge already there.
    pub fn add_bridges(&mut self) {
        let originals = self.designs.len();
        for index in 0..originals {
            let design = self.designs[index].clone();
            if design.partial || design.supply || design.is_mountain() || design.bridge.is_some() {
                continue;
            }
            for axis in Axis::ALL {
                let [a, b] = axis.sides();
                if design.edges[a.index()] != Terrain::Field || design.edges[b.index()] != Terrain::Field {
                    continue;
                }
                let ports = a.centre().bit() | b.centre().bit();
                if design.features.iter().any(|f| f.ports & ports != 0) {
                    continue;
                }
                let mut features = design.features.clone();
                features.push(FeatureSpec {
                    kind: FeatureKind::Road,
                    ports,
                    pennants: 0,
                    borders: vec![],
                    inner: 0,
                    attrs: FeatureAttrs { bridge: true, ..FeatureAttrs::default() },
                });
                let name = format!("{}+bridge-{}", design.name, axis.name());
                let id = format!("{}:{name}", design.set);
                // The bridge's ends are road edges: a tile beside them must continue the road.
                let mut edges = design.edges;
                edges[a.index()] = Terrain::Road;
                edges[b.index()] = Terrain::Road;
                let draft = DesignDraft {
                    line: 0,
                    name,
                    edges,
                    counts: vec![],
                    start: false,
                    river: design.river,
                    symbols: design.symbols.clone(),
                    partial: false,
                    unit_at: design.unit_at,
                    supply: false,
                    features: vec![],
                };
                let mut bridged = build_design(id.clone(), design.set.clone(), &draft, features);
                bridged.unbridged = Some(TileId(index as u16));
                let tile = TileId(self.designs.len() as u16);
                self.designs.push(bridged);
                self.by_id.insert(id, tile);
                self.designs[index].bridged[axis.index()] = Some(tile);
            }
        }
    }

    /// Parses and validates one catalog file, adding its sets and designs.
    pub fn add_file(&mut self, file: &str, text: &str) -> Result<(), CatalogError> {
        Parser::new(self, file).parse(text)
    }
}

struct Parser<'a> {
    catalog: &'a mut Catalog,
    file: &'a str,
    line: usize,
    current_set: Option<usize>,
    design: Option<DesignDraft>,
}

struct DesignDraft {
    line: usize,
    name: String,
    edges: [Terrain; 4],
    counts: Vec<(Edition, u8)>,
    start: bool,
    river: Option<RiverRole>,
    symbols: Vec<Symbol>,
    partial: bool,
    unit_at: Option<(u8, u8)>,
    supply: bool,
    features: Vec<FeatureDraft>,
}

struct FeatureDraft {
    line: usize,
    kind: FeatureKind,
    ports: PortSet,
    pennants: u8,
    /// The cities the field borders: by a port of theirs, or by their inner name (`I`).
    borders: Vec<Result<Port, u8>>,
    inner: u8,
    attrs: FeatureAttrs,
}

impl<'a> Parser<'a> {
    fn new(catalog: &'a mut Catalog, file: &'a str) -> Self {
        Parser { catalog, file, line: 0, current_set: None, design: None }
    }

    fn error(&self, line: usize, message: impl Into<String>) -> CatalogError {
        CatalogError { file: self.file.to_string(), line, message: message.into() }
    }

    fn parse(mut self, text: &str) -> Result<(), CatalogError> {
        for (i, raw) in text.lines().enumerate() {
            self.line = i + 1;
            let content = raw.split('#').next().unwrap_or("");
            let words: Vec<&str> = content.split_whitespace().collect();
            let Some(&keyword) = words.first() else { continue };
            let indented = raw.starts_with(' ') || raw.starts_with('\t');
            match keyword {
                "set" if !indented => {
                    self.finish_design()?;
                    self.parse_set(&words)?;
                }
                "design" if !indented => {
                    self.finish_design()?;
                    self.parse_design(&words)?;
                }
                "quarter" if !indented => {
                    self.finish_design()?;
                    self.parse_quarter(&words)?;
                }
                _ if indented => self.parse_feature(&words)?,
                other => return Err(self.error(self.line, format!("unexpected `{other}`"))),
            }
        }
        self.finish_design()
    }

    fn parse_set(&mut self, words: &[&str]) -> Result<(), CatalogError> {
        let id = words.get(1).ok_or_else(|| self.error(self.line, "`set` needs an id"))?;
        if self.catalog.set(id).is_some() {
            return Err(self.error(self.line, format!("set `{id}` is defined twice")));
        }
        let mut editions = vec![];
        if let Some(pos) = words.iter().position(|w| *w == "editions") {
            for w in &words[pos + 1..] {
                editions.push(
                    Edition::from_name(w).ok_or_else(|| self.error(self.line, format!("unknown edition `{w}`")))?,
                );
            }
        }
        if editions.is_empty() {
            editions.push(Edition::First);
        }
        self.catalog.sets.push(TileSet { id: id.to_string(), editions, designs: vec![], quarters: vec![] });
        self.current_set = Some(self.catalog.sets.len() - 1);
        Ok(())
    }

    /// `quarter <name> feeds=<kind>`: a quarter of the set's unit of partial tiles.
    fn parse_quarter(&mut self, words: &[&str]) -> Result<(), CatalogError> {
        let line = self.line;
        let set = self.current_set.ok_or_else(|| self.error(line, "`quarter` before any `set`"))?;
        let (Some(name), Some(feeds), None) = (words.get(1), words.get(2), words.get(3)) else {
            return Err(self.error(line, "expected `quarter <name> feeds=<feature kind>`"));
        };
        let quarter = Quarter::from_name(name).ok_or_else(|| {
            let known: Vec<&str> = Quarter::ALL.iter().map(|q| q.name()).collect();
            self.error(line, format!("unknown quarter `{name}` (known: {})", known.join(", ")))
        })?;
        let kind = feeds
            .strip_prefix("feeds=")
            .and_then(FeatureKind::from_name)
            .filter(|k| matches!(k, FeatureKind::Road | FeatureKind::City | FeatureKind::Cloister | FeatureKind::Field))
            .ok_or_else(|| self.error(line, format!("`{feeds}`: expected feeds=road|city|cloister|field")))?;
        let quarters = &mut self.catalog.sets[set].quarters;
        if quarters.iter().any(|q| q.quarter == quarter) {
            return Err(self.error(line, format!("quarter `{name}` is defined twice")));
        }
        if quarters.iter().any(|q| q.feeds == kind) {
            return Err(self.error(line, format!("two quarters feed {kind}s")));
        }
        quarters.push(QuarterSpec { quarter, feeds: kind });
        Ok(())
    }

    fn parse_design(&mut self, words: &[&str]) -> Result<(), CatalogError> {
        let line = self.line;
        let set = self.current_set.ok_or_else(|| self.error(line, "`design` before any `set`"))?;
        let name = words.get(1).ok_or_else(|| self.error(line, "`design` needs a name"))?;
        let mut edges = None;
        let mut counts = vec![];
        let mut start = false;
        let mut river = None;
        let mut symbols = vec![];
        let mut partial = false;
        let mut unit_at = None;
        let mut supply = false;
        let mut i = 2;
        while i < words.len() {
            match words[i] {
                "edges" => {
                    let text = words.get(i + 1).copied().unwrap_or("");
                    let terrains: Vec<Terrain> = text.chars().filter_map(Terrain::from_letter).collect();
                    if terrains.len() != 4 || text.chars().count() != 4 {
                        return Err(self.error(line, format!("`edges {text}` must be four letters of c r f s")));
                    }
                    edges = Some([terrains[0], terrains[1], terrains[2], terrains[3]]);
                    i += 2;
                }
                "count" => {
                    i += 1;
                    while i < words.len()
                        && words[i].chars().next().is_some_and(|c| {
                            c.is_ascii_digit()
                                || words[i].contains('=')
                                    && !words[i].starts_with("symbols=")
                                    && !words[i].starts_with("river=")
                                    && !words[i].starts_with("at=")
                        })
                    {
                        counts.extend(self.parse_count(set, words[i])?);
                        i += 1;
                    }
                }
                "start" => {
                    start = true;
                    i += 1;
                }
                "partial" => {
                    partial = true;
                    i += 1;
                }
                "supply" => {
                    supply = true;
                    i += 1;
                }
                word if word.starts_with("at=") => {
                    let text = &word["at=".len()..];
                    let place = text.split_once(',').and_then(|(c, r)| Some((c.parse().ok()?, r.parse().ok()?)));
                    unit_at = Some(place.ok_or_else(|| {
                        self.error(line, format!("`at={text}` must be a column and a row in the unit: `at=2,1`"))
                    })?);
                    i += 1;
                }
                word if word.starts_with("river=") => {
                    let role = &word["river=".len()..];
                    river = Some(RiverRole::from_name(role).ok_or_else(|| {
                        self.error(line, format!("unknown river role `{role}` (spring, lake or fork)"))
                    })?);
                    i += 1;
                }
                word if word.starts_with("symbols=") => {
                    for name in word["symbols=".len()..].split(',') {
                        symbols.push(
                            Symbol::from_name(name)
                                .ok_or_else(|| self.error(line, format!("unknown symbol `{name}`")))?,
                        );
                    }
                    i += 1;
                }
                other => return Err(self.error(line, format!("unexpected `{other}` in design line"))),
            }
        }
        let edges = edges.ok_or_else(|| self.error(line, format!("design `{name}` has no `edges`")))?;
        if partial != unit_at.is_some() {
            return Err(self.error(
                line,
                format!("design `{name}`: a `partial` design gives its place in the unit (`at=`), and only it"),
            ));
        }
        if counts.is_empty() {
            return Err(self.error(line, format!("design `{name}` has no `count`")));
        }
        self.design = Some(DesignDraft {
            line,
            name: name.to_string(),
            edges,
            counts,
            start,
            river,
            symbols,
            partial,
            unit_at,
            supply,
            features: vec![],
        });
        Ok(())
    }

    /// `5` (every edition of the set) or `second=1`.
    fn parse_count(&self, set: usize, word: &str) -> Result<Vec<(Edition, u8)>, CatalogError> {
        let bad = || self.error(self.line, format!("bad count `{word}`"));
        match word.split_once('=') {
            Some((edition, n)) => {
                let edition = Edition::from_name(edition).ok_or_else(bad)?;
                if !self.catalog.sets[set].editions.contains(&edition) {
                    return Err(self.error(self.line, format!("the set has no edition `{}`", edition.name())));
                }
                Ok(vec![(edition, n.parse().map_err(|_| bad())?)])
            }
            None => {
                let n: u8 = word.parse().map_err(|_| bad())?;
                Ok(self.catalog.sets[set].editions.iter().map(|&e| (e, n)).collect())
            }
        }
    }

    fn parse_feature(&mut self, words: &[&str]) -> Result<(), CatalogError> {
        let line = self.line;
        if self.design.is_none() {
            return Err(self.error(line, "feature line outside a design"));
        }
        let kind = FeatureKind::from_name(words[0])
            .ok_or_else(|| self.error(line, format!("unknown feature kind `{}`", words[0])))?;
        if kind == FeatureKind::Tower {
            return Err(self.error(line, "a tower foundation is written `symbols=tower` on the design line"));
        }
        if kind == FeatureKind::Acrobats {
            return Err(self.error(line, "an acrobat space is written `symbols=acrobats` on the design line"));
        }
        if kind == FeatureKind::Mountain {
            return Err(self.error(line, "a mountain is a tile placed upside down, not a feature of a design"));
        }
        if kind == FeatureKind::Prior {
            return Err(self.error(line, "a prior's place is written `cloister special`"));
        }
        let mut feature = FeatureDraft {
            line,
            kind,
            ports: 0,
            pennants: 0,
            borders: vec![],
            inner: 0,
            attrs: FeatureAttrs::default(),
        };
        for word in &words[1..] {
            let bad = || self.error(line, format!("bad `{word}`"));
            if let Some(n) = INNER_NAMES.iter().position(|name| name == word) {
                if feature.inner != 0 {
                    return Err(self.error(line, "a feature has at most one inner name"));
                }
                feature.inner = n as u8 + 1;
            } else if let Ok(port) = word.parse::<Port>() {
                if feature.ports & port.bit() != 0 {
                    return Err(self.error(line, format!("port {port} listed twice")));
                }
                feature.ports |= port.bit();
            } else if *word == "pennant" {
                feature.pennants += 1;
            } else if let Some(n) = word.strip_prefix("pennants=") {
                feature.pennants = n.parse().map_err(|_| self.error(line, format!("bad `{word}`")))?;
            } else if let Some(list) = word.strip_prefix("borders=") {
                for p in list.split(',') {
                    let border = match INNER_NAMES.iter().position(|name| *name == p) {
                        Some(n) => Err(n as u8 + 1),
                        None => Ok(p.parse().map_err(|e: String| self.error(line, e))?),
                    };
                    feature.borders.push(border);
                }
            } else if let Some(good) = word.strip_prefix("good=") {
                feature.attrs.good = Some(TradeGood::from_name(good).ok_or_else(bad)?);
            } else if let Some(n) = word.strip_prefix("wells=") {
                feature.attrs.wells = n.parse().map_err(|_| bad())?;
            } else if let Some(groups) = word.strip_prefix("wagon=") {
                for g in groups.split(',') {
                    match g.as_bytes() {
                        [c @ b'a'..=b'h'] => feature.attrs.wagon_groups |= 1 << (c - b'a'),
                        _ => return Err(bad()),
                    }
                }
            } else if *word == "inn" {
                feature.attrs.inn = true;
            } else if *word == "labyrinth" {
                feature.attrs.labyrinth = true;
            } else if *word == "special" {
                feature.attrs.special = true;
            } else if *word == "shrine" {
                feature.attrs.shrine = true;
            } else if *word == "church" {
                feature.attrs.church = true;
            } else if *word == "cathedral" {
                feature.attrs.cathedral = true;
            } else if *word == "besieged" {
                feature.attrs.besieged = true;
            } else if *word == "princess" {
                feature.attrs.princess = true;
            } else if *word == "pig-herd" {
                feature.attrs.pig_herd = true;
            } else if *word == "pigs-drawn" {
                feature.attrs.pigs_drawn = true;
            } else if *word == "tunnel" {
                feature.attrs.tunnel = true;
            } else if *word == "portal" {
                feature.attrs.portal = true;
            } else if *word == "no-castle" {
                feature.attrs.no_castle = true;
            } else {
                return Err(self.error(line, format!("unexpected `{word}` in {kind} feature")));
            }
        }
        self.design.as_mut().expect("checked above").features.push(feature);
        Ok(())
    }

    fn finish_design(&mut self) -> Result<(), CatalogError> {
        let Some(draft) = self.design.take() else { return Ok(()) };
        let set_index = self.current_set.expect("a design belongs to a set");
        let set_id = self.catalog.sets[set_index].id.clone();
        let id = format!("{set_id}:{}", draft.name);
        if self.catalog.by_id.contains_key(&id) {
            return Err(self.error(draft.line, format!("design `{id}` is defined twice")));
        }
        let mut features = self.validate(&draft)?;
        if draft.symbols.contains(&Symbol::Tower) {
            // The tower foundation is a place for figures: the design's last feature.
            features.push(FeatureSpec {
                kind: FeatureKind::Tower,
                ports: 0,
                pennants: 0,
                borders: vec![],
                inner: 0,
                attrs: FeatureAttrs::default(),
            });
        }
        if draft.symbols.contains(&Symbol::Acrobats) {
            // The acrobat space is a place for figures too: the design's last feature.
            features.push(FeatureSpec {
                kind: FeatureKind::Acrobats,
                ports: 0,
                pennants: 0,
                borders: vec![],
                inner: 0,
                attrs: FeatureAttrs::default(),
            });
        }
        if let Some(monastery) = features.iter().find(|f| f.attrs.special) {
            // A special monastery's prior's place: the design's last feature, next to the same
            // features as the monastery for the wagon.
            let attrs = FeatureAttrs { wagon_groups: monastery.attrs.wagon_groups, ..FeatureAttrs::default() };
            features.push(FeatureSpec {
                kind: FeatureKind::Prior,
                ports: 0,
                pennants: 0,
                borders: vec![],
                inner: 0,
                attrs,
            });
        }
        let design = build_design(id.clone(), set_id, &draft, features);
        let tile = TileId(self.catalog.designs.len() as u16);
        self.catalog.designs.push(design);
        self.catalog.by_id.insert(id, tile);
        self.catalog.sets[set_index].designs.push(tile);
        Ok(())
    }

    /// Structural checks: the ports of the edge features partition the tile border exactly as
    /// the declared edges say, borders name cities of the same tile, and kinds carry only the
    /// attributes they can have.
    fn validate(&self, draft: &DesignDraft) -> Result<Vec<FeatureSpec>, CatalogError> {
        let mut owner: [Option<usize>; 12] = [None; 12];
        for (i, f) in draft.features.iter().enumerate() {
            if !f.kind.is_edge_feature() && f.ports != 0 {
                return Err(self.error(f.line, format!("a {} touches no edge and has no ports", f.kind)));
            }
            if f.kind.is_edge_feature() && f.ports == 0 && f.inner == 0 {
                return Err(self
                    .error(f.line, format!("a {} must touch at least one port or be an inner field (I, II)", f.kind)));
            }
            // A partial tile's inner city is its part of the unit's city (the Count's).
            let inner_city = f.kind == FeatureKind::City && draft.partial;
            if f.inner != 0 && f.kind != FeatureKind::Field && !inner_city {
                return Err(self.error(f.line, "only fields (and a partial tile's city) can be inner areas (I, II)"));
            }
            let a = &f.attrs;
            if (a.inn || a.tunnel || a.portal || a.labyrinth || a.wells > 0) && f.kind != FeatureKind::Road {
                return Err(self.error(f.line, "inns, tunnels, tunnel openings, labyrinths and wells are on roads"));
            }
            if (a.cathedral || a.good.is_some() || a.besieged || a.princess || a.no_castle)
                && f.kind != FeatureKind::City
            {
                return Err(
                    self.error(f.line, "cathedrals, trade goods, sieges, princesses and no-castle are in cities")
                );
            }
            if a.special && f.kind != FeatureKind::Cloister {
                return Err(self.error(f.line, "only a cloister is a special monastery"));
            }
            if a.shrine && (f.kind != FeatureKind::Cloister || a.special) {
                return Err(self.error(f.line, "only a plain cloister is a shrine"));
            }
            if a.church && (f.kind != FeatureKind::Cloister || a.special || a.shrine) {
                return Err(self.error(f.line, "only a plain cloister is a church"));
            }
            if (a.pig_herd || a.pigs_drawn) && f.kind != FeatureKind::Field {
                return Err(self.error(f.line, "a pig-herd is in a field"));
            }
            if f.pennants > 0 && f.kind != FeatureKind::City {
                return Err(self.error(f.line, "only city segments carry pennants"));
            }
            if !f.borders.is_empty() && f.kind != FeatureKind::Field {
                return Err(self.error(f.line, "only fields border cities"));
            }
            for p in Port::all().filter(|p| f.ports & p.bit() != 0) {
                let centre = p.is_centre();
                let allowed = match f.kind {
                    FeatureKind::City | FeatureKind::Road | FeatureKind::River => centre,
                    FeatureKind::Field => !centre,
                    _ => false,
                };
                if !allowed {
                    return Err(self.error(f.line, format!("a {} cannot touch port {p}", f.kind)));
                }
                if let Some(other) = owner[p.index()] {
                    return Err(
                        self.error(f.line, format!("port {p} belongs to feature {} and feature {}", other + 1, i + 1))
                    );
                }
                owner[p.index()] = Some(i);
            }
        }
        for side in Side::ALL {
            let [left, centre, right] = side.ports();
            let terrain = draft.edges[side.index()];
            let kind_at = |p: Port| owner[p.index()].map(|i| draft.features[i].kind);
            // What each port of the side must hold: the centre the edge's own feature (none for
            // a field edge), the halves a field (none beside a city edge).
            let (want_centre, want_half) = match terrain {
                Terrain::City => (Some(FeatureKind::City), None),
                Terrain::Road => (Some(FeatureKind::Road), Some(FeatureKind::Field)),
                Terrain::River => (Some(FeatureKind::River), Some(FeatureKind::Field)),
                Terrain::Field => (None, Some(FeatureKind::Field)),
                Terrain::Abbey => (None, None),
            };
            // A partial tile may leave ports empty (they face the rest of its unit).
            let matches = |p: Port, want: Option<FeatureKind>| {
                let have = kind_at(p);
                have == want || (draft.partial && have.is_none())
            };
            let ok = matches(centre, want_centre) && matches(left, want_half) && matches(right, want_half);
            if !ok {
                return Err(self.error(
                    draft.line,
                    format!(
                        "design `{}`: the features on side {} do not make a {:?} edge (every edge port must belong to exactly one feature of the edge's terrain)",
                        draft.name,
                        centre,
                        terrain
                    ),
                ));
            }
        }
        let mut specs = vec![];
        for f in &draft.features {
            let mut borders = vec![];
            for &border in &f.borders {
                let city = match border {
                    Ok(p) => owner[p.index()].filter(|&i| draft.features[i].kind == FeatureKind::City),
                    Err(inner) => draft.features.iter().position(|c| c.kind == FeatureKind::City && c.inner == inner),
                };
                let Some(i) = city else {
                    let name = match border {
                        Ok(p) => p.to_string(),
                        Err(inner) => INNER_NAMES[inner as usize - 1].to_string(),
                    };
                    return Err(self.error(f.line, format!("`borders={name}` names no city of this tile")));
                };
                if !borders.contains(&(i as u8)) {
                    borders.push(i as u8);
                }
            }
            specs.push(FeatureSpec {
                kind: f.kind,
                ports: f.ports,
                pennants: f.pennants,
                borders,
                inner: f.inner,
                attrs: f.attrs.clone(),
            });
        }
        if draft.counts.iter().all(|(_, n)| *n == 0) {
            return Err(self.error(draft.line, "a design needs a non-zero count in some edition"));
        }
        Ok(specs)
    }
}

fn build_design(id: String, set: String, draft: &DesignDraft, features: Vec<FeatureSpec>) -> TileDesign {
    let rotations = Rotation::ALL.map(|r| {
        let mut edges = 0u32;
        for side in Side::ALL {
            edges |= (draft.edges[side.index()] as u32) << (8 * side.rotated(r).index());
        }
        let mut port_feature = [NO_FEATURE; 12];
        for (i, f) in features.iter().enumerate() {
            let rotated = rotate_ports(f.ports, r);
            for p in Port::all().filter(|p| rotated & p.bit() != 0) {
                port_feature[p.index()] = i as u8;
            }
        }
        RotatedView { edges, port_feature }
    });
    // A rotation is a duplicate when it shows the same thing as a smaller rotation: the same
    // edges, and every port in an equivalent feature, grouped the same way.
    let mut distinct_rotations = 0u8;
    for r in 0..4 {
        if (0..r).all(|s| !equivalent_views(&rotations[s], &rotations[r], &features)) {
            distinct_rotations |= 1 << r;
        }
    }
    let fits_by_code = (0..FIT_TABLE_SIZE)
        .map(|code| {
            let (mut pattern, mut mask, mut rest) = (0u32, 0u32, code);
            for side in 0..4 {
                let terrain = (rest % 5) as u32;
                rest /= 5;
                if terrain != 0 {
                    pattern |= terrain << (8 * side);
                    mask |= 0xFF << (8 * side);
                }
            }
            let fitting = (0..4).filter(|&r| rotations[r].edges & mask == pattern).fold(0u8, |bits, r| bits | 1 << r);
            fitting | (fitting.count_ones() as u8) << 4
        })
        .collect();
    let cloister = features.iter().position(|f| f.kind == FeatureKind::Cloister).map(|i| i as LocalFeature);
    let garden = features.iter().position(|f| f.kind == FeatureKind::Garden).map(|i| i as LocalFeature);
    let prior = features.iter().position(|f| f.kind == FeatureKind::Prior).map(|i| i as LocalFeature);
    let hut = features.iter().position(|f| f.kind == FeatureKind::Hut).map(|i| i as LocalFeature);
    let trap = features.iter().position(|f| f.kind == FeatureKind::Trap).map(|i| i as LocalFeature);
    let acrobats = features.iter().position(|f| f.kind == FeatureKind::Acrobats).map(|i| i as LocalFeature);
    let bridge = features.iter().position(|f| f.attrs.bridge).map(|i| i as LocalFeature);
    TileDesign {
        bridge,
        bridged: [None; 2],
        unbridged: None,
        fits_by_code,
        cloister,
        garden,
        hut,
        trap,
        acrobats,
        prior,
        id,
        set,
        name: draft.name.clone(),
        counts: draft.counts.clone(),
        start: draft.start,
        river: draft.river,
        symbols: draft.symbols.clone(),
        partial: draft.partial,
        unit_at: draft.unit_at,
        supply: draft.supply,
        features,
        edges: draft.edges,
        rotations,
        distinct_rotations,
    }
}

/// True when two views of a design are indistinguishable on the board.
fn equivalent_views(a: &RotatedView, b: &RotatedView, features: &[FeatureSpec]) -> bool {
    let same_kind = |fa: u8, fb: u8| match (fa, fb) {
        (NO_FEATURE, NO_FEATURE) => true,
        (NO_FEATURE, _) | (_, NO_FEATURE) => false,
        (fa, fb) => {
            let (fa, fb) = (&features[fa as usize], &features[fb as usize]);
            fa.kind == fb.kind
                && fa.pennants == fb.pennants
                && fa.borders.len() == fb.borders.len()
                && fa.attrs == fb.attrs
        }
    };
    a.edges == b.edges
        && (0..12).all(|p| same_kind(a.port_feature[p], b.port_feature[p]))
        && (0..12).all(|p| {
            (0..12).all(|q| (a.port_feature[p] == a.port_feature[q]) == (b.port_feature[p] == b.port_feature[q]))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_catalog_parses() {
        let catalog = Catalog::builtin();
        let base = catalog.set("base").expect("base set");
        let first: u32 = catalog.edition_designs(base, Edition::First).iter().map(|&(_, n)| n as u32).sum();
        let second: u32 = catalog.edition_designs(base, Edition::Second).iter().map(|&(_, n)| n as u32).sum();
        assert_eq!(first, 72);
        assert_eq!(second, 72);
        assert_eq!(catalog.edition_designs(base, Edition::First).len(), 24);
    }

    #[test]
    fn symmetric_tiles_have_fewer_distinct_rotations() {
        let catalog = Catalog::builtin();
        let distinct = |id: &str| catalog.design(catalog.lookup(id).unwrap()).distinct_rotations.count_ones();
        assert_eq!(distinct("base:X"), 1);
        assert_eq!(distinct("base:C"), 1);
        assert_eq!(distinct("base:B"), 1);
        assert_eq!(distinct("base:U"), 2);
        assert_eq!(distinct("base:H"), 2);
        assert_eq!(distinct("base:D"), 4);
        assert_eq!(distinct("base:A"), 4);
    }

    fn parse(text: &str) -> Result<Catalog, CatalogError> {
        let mut c = Catalog::default();
        c.add_file("test.tiles", text).map(|_| c)
    }

    #[test]
    fn a_port_in_two_features_is_rejected_with_its_line() {
        let err = parse("set t\ndesign Z edges ffff count 1\n  field NNW NNE ENE ESE SSE SSW WSW WNW\n  field NNW\n")
            .unwrap_err();
        assert_eq!(err.line, 4);
        assert!(err.message.contains("port NNW belongs to feature 1 and feature 2"), "{err}");
    }

    #[test]
    fn an_uncovered_port_is_rejected() {
        let err = parse("set t\ndesign Z edges ffff count 1\n  field NNW NNE ENE ESE SSE SSW WSW\n").unwrap_err();
        assert!(err.message.contains("side W"), "{err}");
    }

    #[test]
    fn edges_that_disagree_with_features_are_rejected() {
        let err = parse("set t\ndesign Z edges cfff count 1\n  field NNW NNE ENE ESE SSE SSW WSW WNW\n").unwrap_err();
        assert!(err.message.contains("side N"), "{err}");
    }

    #[test]
    fn borders_must_name_a_city_of_the_tile() {
        let err = parse("set t\ndesign Z edges cfff count 1\n  city N\n  field ENE ESE SSE SSW WSW WNW borders=S\n")
            .unwrap_err();
        assert_eq!(err.line, 4);
        assert!(err.message.contains("names no city"), "{err}");
    }

    #[test]
    fn pennants_only_on_cities_and_counts_required() {
        assert!(parse("set t\ndesign Z edges ffff count 1\n  field NNW NNE ENE ESE SSE SSW WSW WNW pennant\n").is_err());
        assert!(parse("set t\ndesign Z edges ffff\n  field NNW NNE ENE ESE SSE SSW WSW WNW\n").is_err());
        assert!(parse("design Z edges ffff count 1\n").is_err());
        // A partial design gives its place in its unit, and only a partial one.
        let err = parse("set t\ndesign Z edges ffff count 1 partial\n").unwrap_err();
        assert!(err.message.contains("at="), "{err}");
        assert!(parse("set t\ndesign Z edges ffff count 1 at=1,2\n  field NNW NNE ENE ESE SSE SSW WSW WNW\n").is_err());
        let err = parse("set t\ndesign Z edges ffff count 1 partial at=one\n").unwrap_err();
        assert!(err.message.contains("column and a row"), "{err}");
    }

    /// The Count's city has the four quarters of seed 001, each feeding one kind of feature
    /// ("from the castle quarter, a follower may be moved to a city", ...), listed clockwise.
    #[test]
    fn the_counts_city_has_four_quarters() {
        let catalog = Catalog::builtin();
        let count = catalog.set("count").unwrap();
        let quarters: Vec<(Quarter, FeatureKind)> = count.quarters.iter().map(|q| (q.quarter, q.feeds)).collect();
        assert_eq!(
            quarters,
            [
                (Quarter::Castle, FeatureKind::City),
                (Quarter::Market, FeatureKind::Field),
                (Quarter::Blacksmith, FeatureKind::Road),
                (Quarter::Cathedral, FeatureKind::Cloister)
            ]
        );
        assert_eq!(Quarter::Cathedral.clockwise(), Quarter::Castle);
        assert!(count.designs.iter().all(|&d| catalog.design(d).partial));
        assert!(catalog.sets().iter().filter(|s| s.id != "count").all(|s| s.quarters.is_empty()));
    }

    /// Every tile of the Count's city carries its part of the city of Carcassonne (an inner
    /// city), and every field of the unit borders it (footnote 49: the city counts for farms).
    #[test]
    fn every_field_of_the_counts_city_borders_carcassonne() {
        let catalog = Catalog::builtin();
        let count = catalog.set("count").unwrap();
        for &id in &count.designs {
            let design = catalog.design(id);
            let city = design.features.iter().position(|f| f.kind == FeatureKind::City && f.inner == 1);
            let city = city.unwrap_or_else(|| panic!("{} has no part of Carcassonne", design.id)) as LocalFeature;
            for field in design.features.iter().filter(|f| f.kind == FeatureKind::Field) {
                assert!(field.borders.contains(&city), "{}: a field not along Carcassonne's walls", design.id);
            }
        }
        let err = parse("set t\ndesign Z edges ffff count 1\n  field NNW NNE ENE ESE SSE SSW WSW WNW\n  city I\n");
        assert!(err.unwrap_err().message.contains("inner areas"));
        let err = parse("set t\ndesign Z edges ffff count 1 partial at=0,0\n  field NNW NNE borders=I\n").unwrap_err();
        assert!(err.message.contains("`borders=I` names no city"), "{err}");
    }

    #[test]
    fn bad_quarters_are_rejected_with_their_line() {
        let err = parse("set t\nquarter castle feeds=tower\n").unwrap_err();
        assert_eq!(err.line, 2);
        assert!(err.message.contains("feeds=road|city|cloister|field"), "{err}");
        assert!(parse("set t\nquarter castle\n").is_err());
        assert!(parse("set t\nquarter castle feeds=city\nquarter castle feeds=road\n")
            .unwrap_err()
            .message
            .contains("twice"));
        assert!(parse("set t\nquarter castle feeds=city\nquarter market feeds=city\n")
            .unwrap_err()
            .message
            .contains("two"));
        assert!(parse("set t\nquarter palace feeds=city\n").unwrap_err().message.contains("unknown quarter"));
        assert!(parse("quarter castle feeds=city\n").is_err());
    }
}
