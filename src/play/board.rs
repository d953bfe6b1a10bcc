//! The terminal board of `carcassonne play`: each tile as a 3x3 block of characters, the
//! figures as their owners' letters, the city of Carcassonne as one block with its quarters, and
//! the status lines (scores, supplies, tiles left, the pieces of the expansions in play).

use std::io::Write;

use carcassonne_engine::{
    Action, Color, Expansion, FeatureKind, Figure, Game, MagicFigure, Pending, Pos, Quarter, Rotation, Side, TileDesign,
};

use super::words::{building_words, figure_words};

/// The letter of a colour on the board: its first letter, K for black and A for gray.
fn color_letter(color: Color) -> char {
    match color {
        Color::Black => 'K',
        Color::Gray => 'A',
        other => other.name().chars().next().unwrap_or('?').to_ascii_uppercase(),
    }
}

/// The terrain code of one side of a rotated design (1 field, 2 road, 3 city, 4 river, 5 abbey).
fn terrain(design: &TileDesign, rotation: Rotation, side: Side) -> u32 {
    (design.view(rotation).edges >> (8 * side.index())) & 0xFF
}

/// The 3x3 characters of a tile; `centre` overrides the middle character.
fn tile_block(design: &TileDesign, rotation: Rotation, centre: Option<char>) -> [[char; 3]; 3] {
    // The variation "Mountains": a tile upside down.
    if design.is_mountain() {
        return [['^'; 3], ['^', centre.unwrap_or('M'), '^'], ['^'; 3]];
    }
    let t = |side| terrain(design, rotation, side);
    let side_char = |side: Side| match t(side) {
        3 => 'C',
        2 if matches!(side, Side::North | Side::South) => '|',
        2 => '=',
        4 => '~',
        5 => '#',
        _ => '.',
    };
    let corner = |a: Side, b: Side| if t(a) == 3 || t(b) == 3 { 'C' } else { '.' };
    let (n, e, s, w) = (Side::North, Side::East, Side::South, Side::West);
    let mut block = [
        [corner(n, w), side_char(n), corner(n, e)],
        [side_char(w), ' ', side_char(e)],
        [corner(s, w), side_char(s), corner(s, e)],
    ];
    if t(n) == 3 {
        block[0] = ['C'; 3];
    }
    if t(s) == 3 {
        block[2] = ['C'; 3];
    }
    if t(w) == 3 {
        block[1][0] = 'C';
    }
    if t(e) == 3 {
        block[1][2] = 'C';
    }
    block[1][1] = centre.unwrap_or_else(|| centre_char(design, rotation));
    block
}

/// The middle of a tile: a cloister, where roads or rivers meet, or a city across the tile.
fn centre_char(design: &TileDesign, rotation: Rotation) -> char {
    if design.has_cloister() {
        return '+';
    }
    let has = |side: Side, code: u32| terrain(design, rotation, side) == code;
    let roads: Vec<Side> = Side::ALL.into_iter().filter(|&s| has(s, 2)).collect();
    let rivers = Side::ALL.into_iter().filter(|&s| has(s, 4)).count();
    // A city feature that reaches two sides or more covers the middle.
    let view = design.view(rotation);
    let city_sides: Vec<u8> =
        Side::ALL.into_iter().filter(|&s| has(s, 3)).map(|s| view.port_feature[s.centre().index()]).collect();
    let joined_city = city_sides.iter().enumerate().any(|(i, f)| city_sides[i + 1..].contains(f));
    if rivers > 0 {
        '~'
    } else if joined_city && roads.is_empty() {
        'C'
    } else {
        match roads.as_slice() {
            [] => {
                if joined_city {
                    'C'
                } else {
                    '.'
                }
            }
            [Side::North, Side::South] => '|',
            [Side::East, Side::West] => '=',
            [Side::North, Side::East] | [Side::South, Side::West] => '\\',
            [Side::East, Side::South] | [Side::North, Side::West] => '/',
            _ => 'o',
        }
    }
}

/// The drawn tile in its four rotations, side by side.
pub(super) fn write_rotations(out: &mut impl Write, design: &TileDesign) -> std::io::Result<()> {
    let blocks: Vec<[[char; 3]; 3]> = Rotation::ALL.iter().map(|&r| tile_block(design, r, None)).collect();
    let header: Vec<String> = Rotation::ALL.iter().map(|r| format!("{:<7}", format!("{}°", r.degrees()))).collect();
    writeln!(out, "    {}", header.concat().trim_end())?;
    for row in 0..3 {
        let line: Vec<String> = blocks.iter().map(|b| format!("{}    ", b[row].iter().collect::<String>())).collect();
        writeln!(out, "    {}", line.concat().trim_end())?;
    }
    Ok(())
}

/// The board as text: 3x3 characters per tile, x across the top, y down the left.
pub(super) fn write_board(out: &mut impl Write, game: &Game) -> std::io::Result<()> {
    let board = game.board();
    let mut targets: Vec<Pos> = vec![];
    if let Pending::PlaceTile { .. } = game.pending() {
        for action in game.legal_actions() {
            if let Action::Place { pos, .. } | Action::RaiseMountain { pos } = action {
                if !targets.contains(&pos) {
                    targets.push(pos);
                }
            }
        }
    }
    let positions: Vec<Pos> = board.tiles().iter().map(|t| t.pos).chain(targets.iter().copied()).collect();
    let Some(min_x) = positions.iter().map(|p| p.x).min() else {
        return writeln!(out, "(the board is empty)");
    };
    let max_x = positions.iter().map(|p| p.x).max().unwrap_or(min_x);
    let min_y = positions.iter().map(|p| p.y).min().unwrap_or(0);
    let max_y = positions.iter().map(|p| p.y).max().unwrap_or(min_y);
    // The dragon (`&`) hides the figures of its tile: it has just eaten them.
    let figure_at = |pos: Pos| {
        if game.dragon() == Some(pos) {
            return Some('&');
        }
        game.figures()
            .iter()
            .find(|f| board.placement(f.placement).pos == pos)
            .map(|f| color_letter(game.player(f.owner).color))
    };
    // The characters of the board: 3 rows per tile, 4 columns (the tile's 3 and a space).
    let mut grid = Grid {
        min: Pos::new(min_x, min_y),
        cells: vec![vec![' '; 4 * (max_x - min_x + 1) as usize]; 3 * (max_y - min_y + 1) as usize],
    };
    for y in min_y..=max_y {
        for x in min_x..=max_x {
            let pos = Pos::new(x, y);
            let mut block = match board.get(pos) {
                Some(placed) => tile_block(game.design(placed.tile), placed.rotation, figure_at(pos)),
                None if targets.contains(&pos) => [[' '; 3], [' ', '?', ' '], [' '; 3]],
                None => [[' '; 3]; 3],
            };
            // The Tower: the foundation (`t`) or the tower's height in the top-right corner.
            if let Some(tower) = game.towers().iter().find(|t| t.pos == pos) {
                block[0][2] = match tower.height {
                    0 => 't',
                    h @ 1..=9 => char::from(b'0' + h),
                    _ => '*',
                };
            }
            for (r, row) in block.into_iter().enumerate() {
                for (c, ch) in row.into_iter().enumerate() {
                    grid.set(pos, r, c, ch);
                }
            }
        }
    }
    draw_city(&mut grid, game, figure_at);
    let mut header = String::from("     ");
    for x in min_x..=max_x {
        header.push_str(&format!("{x:^3} "));
    }
    writeln!(out, "{}", header.trim_end())?;
    for (row, cells) in grid.cells.iter().enumerate() {
        let label = if row % 3 == 1 { format!("{:>4} ", min_y as i32 + (row / 3) as i32) } else { "     ".to_string() };
        let line: String = cells.iter().collect();
        writeln!(out, "{}", format!("{label}{line}").trim_end())?;
    }
    Ok(())
}

/// The board's characters (see [`write_board`]).
struct Grid {
    /// The position of the top-left tile.
    min: Pos,
    cells: Vec<Vec<char>>,
}

impl Grid {
    /// The row and column of character (`r`, `c`) of the tile at `pos` (`c` 3 is the space
    /// east of the tile).
    fn at(&self, pos: Pos, r: usize, c: usize) -> (usize, usize) {
        (3 * (pos.y - self.min.y) as usize + r, 4 * (pos.x - self.min.x) as usize + c)
    }

    fn get(&self, pos: Pos, r: usize, c: usize) -> char {
        let (row, col) = self.at(pos, r, c);
        self.cells[row][col]
    }

    fn set(&mut self, pos: Pos, r: usize, c: usize, ch: char) {
        let (row, col) = self.at(pos, r, c);
        self.cells[row][col] = ch;
    }
}

/// The stone of the city of Carcassonne.
const STONE: char = '%';
/// The count in its quarter.
const COUNT: char = '@';

/// The Count of Carcassonne: the city's tiles (the partial tiles) as one block of stone, each
/// tile keeping only the sides that face the land around the city; the names of the four
/// quarters in the quadrants of the block (castle top right, then clockwise), each followed by
/// the count (`@`) when it stands there and the colour letter of each figure waiting there. A
/// figure on one of the city's outer fields or roads is shown on its tile's outer side.
fn draw_city(grid: &mut Grid, game: &Game, figure_at: impl Fn(Pos) -> Option<char>) {
    let board = game.board();
    let is_city = |pos: Pos| board.get(pos).is_some_and(|t| game.design(t.tile).partial);
    let city: Vec<Pos> = board.tiles().iter().map(|t| t.pos).filter(|&p| is_city(p)).collect();
    if city.is_empty() {
        return;
    }
    for &pos in &city {
        let (n, e, s, w) = (
            !is_city(Pos::new(pos.x, pos.y - 1)),
            !is_city(Pos::new(pos.x + 1, pos.y)),
            !is_city(Pos::new(pos.x, pos.y + 1)),
            !is_city(Pos::new(pos.x - 1, pos.y)),
        );
        for r in 0..3 {
            for c in 0..3 {
                let outer = (r == 0 && n) || (r == 2 && s) || (c == 0 && w) || (c == 2 && e);
                if !outer {
                    grid.set(pos, r, c, STONE);
                }
            }
        }
        if let Some(ch) = figure_at(pos) {
            let (r, c) = if n {
                (0, 1)
            } else if w {
                (1, 0)
            } else if e {
                (1, 2)
            } else {
                (2, 1)
            };
            grid.set(pos, r, c, ch);
        }
    }
    // The spaces between two tiles of the city are stone where stone lies on both sides.
    for &pos in &city {
        if is_city(Pos::new(pos.x + 1, pos.y)) {
            for r in 0..3 {
                if grid.get(pos, r, 2) == STONE && grid.get(Pos::new(pos.x + 1, pos.y), r, 0) == STONE {
                    grid.set(pos, r, 3, STONE);
                }
            }
        }
    }
    // The quarters, when the city is a full rectangle of tiles.
    let (x0, x1) = (city.iter().map(|p| p.x).min().unwrap_or(0), city.iter().map(|p| p.x).max().unwrap_or(0));
    let (y0, y1) = (city.iter().map(|p| p.y).min().unwrap_or(0), city.iter().map(|p| p.y).max().unwrap_or(0));
    let Some(count) = game.count_quarter() else { return };
    if city.len() != ((x1 - x0 + 1) as usize) * ((y1 - y0 + 1) as usize) {
        return;
    }
    let (top, left) = grid.at(Pos::new(x0, y0), 0, 0);
    let (bottom, right) = grid.at(Pos::new(x1, y1), 2, 2);
    // The stone inside the block's outer ring, split in halves each way.
    let (mid_row, mid_col) = ((top + bottom) / 2, (left + right) / 2);
    for quarter in Quarter::ALL {
        let (rows, cols) = match quarter {
            Quarter::Castle => (top + 1..mid_row, mid_col + 1..right),
            Quarter::Market => (mid_row + 1..bottom, mid_col + 1..right),
            Quarter::Blacksmith => (mid_row + 1..bottom, left + 1..mid_col),
            Quarter::Cathedral => (top + 1..mid_row, left + 1..mid_col),
        };
        let width = cols.len();
        if width == 0 || rows.is_empty() {
            continue;
        }
        let mut lines: Vec<Vec<char>> =
            quarter_label(quarter).iter().map(|l| l.chars().take(width).collect()).collect();
        let mut figures: Vec<char> = vec![];
        if count == quarter {
            figures.push(COUNT);
        }
        figures.extend(
            game.residents().iter().filter(|r| r.quarter == quarter).map(|r| color_letter(game.player(r.owner).color)),
        );
        lines.extend(figures.chunks(width).map(|c| c.to_vec()));
        if lines.len() > rows.len() {
            lines.truncate(rows.len());
            if let Some(last) = lines.last_mut().and_then(|l| l.last_mut()) {
                *last = '+';
            }
        }
        for (row, line) in rows.zip(lines) {
            for (col, ch) in cols.clone().zip(line) {
                grid.cells[row][col] = ch;
            }
        }
    }
}

/// A quarter's name on the text board, in lines of at most 6 characters.
fn quarter_label(quarter: Quarter) -> &'static [&'static str] {
    match quarter {
        Quarter::Castle => &["castle"],
        Quarter::Market => &["market"],
        Quarter::Blacksmith => &["black-", "smith"],
        Quarter::Cathedral => &["cathe-", "dral"],
    }
}

/// Scores, supplies and tiles left.
pub(super) fn write_status(out: &mut impl Write, game: &Game) -> std::io::Result<()> {
    let legend: Vec<String> =
        game.players().iter().map(|p| format!("{} {}", color_letter(p.color), p.color.name())).collect();
    writeln!(out, "C city, = | \\ / road, o crossing, . field, ~ river, + cloister; figures: {}", legend.join(", "))?;
    if game.rules().has(Expansion::PrincessDragon) {
        writeln!(out, "& the dragon")?;
    }
    if game.rules().has(Expansion::Tower) {
        writeln!(out, "top-right corner: t a tower foundation, 1-9 a tower's height (* for 10 or more)")?;
    }
    if game.count_quarter().is_some() {
        writeln!(
            out,
            "% the city of Carcassonne, its quarters named; in a quarter @ the count and its figures' letters"
        )?;
    }
    for p in game.players() {
        let mut supply = format!("{} follower{}", p.followers, if p.followers == 1 { "" } else { "s" });
        if p.big_followers > 0 {
            supply.push_str(&format!(", {} big follower", p.big_followers));
        }
        if p.abbots > 0 {
            supply.push_str(&format!(", {} abbot", p.abbots));
        }
        if p.phantoms > 0 {
            supply.push_str(", the phantom");
        }
        if game.rules().has(Expansion::Tower) {
            let seat = game.players().iter().position(|q| q.color == p.color).unwrap_or(0) as u8;
            supply.push_str(&format!(", {} tower pieces", game.tower_pieces(seat)));
            let held: Vec<String> = game
                .prisoners()
                .iter()
                .filter(|q| q.captor == seat)
                .map(|q| format!("{}'s {}", game.player(q.owner).color.name(), q.figure.name()))
                .collect();
            if !held.is_empty() {
                supply.push_str(&format!("; holds {}", held.join(", ")));
            }
        }
        let seat = game.players().iter().position(|q| q.color == p.color).unwrap_or(0) as u8;
        if game.rules().has(Expansion::LittleBuildings) {
            supply.push_str(&format!(", {}", building_words(game.buildings_left(seat))));
        }
        if game.rules().has(Expansion::GoldMines) {
            let n = game.gold_held(seat);
            supply.push_str(&format!("; {n} gold ingot{}", if n == 1 { "" } else { "s" }));
        }
        if game.rules().has(Expansion::LaPorxada) {
            if game.porxada_tokens().contains(seat) {
                supply.push_str("; a La Porxada token");
            }
            let out = game.figures_out_of_game(seat, carcassonne_engine::Figure::Follower);
            if out > 0 {
                supply.push_str(&format!("; {out} out of the game"));
            }
        }
        let held = game.hand(seat).len();
        if held > 0 {
            // Only how many: the tiles themselves are their owner's secret.
            supply.push_str(&format!("; {held} tile{} in hand", if held == 1 { "" } else { "s" }));
        }
        writeln!(out, "  {:<7} {:>3} points, in supply: {supply}", p.color.name(), p.score)?;
    }
    if !game.tile_row().is_empty() {
        let row: Vec<&str> = game.tile_row().iter().map(|&t| game.design(t).id.as_str()).collect();
        writeln!(out, "face up: {}", row.join(", "))?;
    }
    let finished: Vec<String> =
        game.towers().iter().filter(|t| t.finished).map(|t| format!("{} ({} high)", t.pos, t.height)).collect();
    if !finished.is_empty() {
        writeln!(out, "finished towers: {}", finished.join(", "))?;
    }
    if !game.little_buildings().is_empty() {
        let on: Vec<String> = game
            .little_buildings()
            .iter()
            .map(|b| format!("{} {}", b.kind.map_or("building", |k| k.name()), b.pos))
            .collect();
        writeln!(out, "little buildings: {}", on.join(", "))?;
    }
    if !game.gold_on_board().is_empty() {
        let on: Vec<String> = game.gold_on_board().iter().map(|(pos, n)| format!("{n} at {pos}")).collect();
        writeln!(out, "gold ingots: {}", on.join(", "))?;
    }
    if game.rules().has(Expansion::MageWitch) {
        let at = |figure| match game.magic_figure(figure) {
            Some((pos, feature)) => format!("on the {} at {pos}", crate::output::feature_kind_at(game, pos, feature)),
            None => "beside the board".to_string(),
        };
        writeln!(out, "the mage is {}; the witch is {}", at(MagicFigure::Mage), at(MagicFigure::Witch))?;
    }
    writeln!(out, "tiles left: {}", game.tiles_left())?;
    if let Some(pos) = game.dragon() {
        let fairy = match game.fairy() {
            Some((at, Some(f))) => {
                format!("; the fairy is at {at}, next to {}'s follower", game.player(f.owner).color.name())
            }
            Some((at, None)) => format!("; the fairy is at {at}"),
            None => String::new(),
        };
        writeln!(out, "the dragon is at {pos}{fairy}")?;
    } else if let Some((at, _)) = game.fairy() {
        writeln!(out, "the fairy is at {at}")?;
    }
    if !game.tiles_set_aside().is_empty() {
        writeln!(out, "dragon tiles set aside until the dragon is in play: {}", game.tiles_set_aside().len())?;
    }
    write_quarters(out, game)
}

/// The Count of Carcassonne: where the count stands, and for each quarter the features its
/// figures may be redeployed to and who waits there.
fn write_quarters(out: &mut impl Write, game: &Game) -> std::io::Result<()> {
    let Some(count) = game.count_quarter() else { return Ok(()) };
    writeln!(
        out,
        "the city of Carcassonne: the count stands in the {count} quarter (no figure leaves it while he stays)"
    )?;
    for quarter in Quarter::ALL {
        let to = match game.catalog().quarter_feeds(quarter) {
            Some(FeatureKind::City) => "cities",
            Some(FeatureKind::Road) => "roads",
            Some(FeatureKind::Cloister) => "cloisters",
            Some(FeatureKind::Field) if game.rules().variants.farmers => "farms, only at the end",
            Some(FeatureKind::Field) => "farms (none: no farmers)",
            _ => "-",
        };
        // Each owner's figures of one kind together, in the order they came.
        let mut groups: Vec<(u8, Figure, usize)> = vec![];
        for r in game.residents().iter().filter(|r| r.quarter == quarter) {
            match groups.iter_mut().find(|(o, f, _)| *o == r.owner && *f == r.figure) {
                Some(group) => group.2 += 1,
                None => groups.push((r.owner, r.figure, 1)),
            }
        }
        let mut waiting: Vec<String> = groups
            .iter()
            .map(|&(owner, figure, n)| {
                let color = game.player(owner).color.name();
                match n {
                    1 => format!("{color} {}", figure_words(figure)),
                    n => format!("{color} {} ×{n}", figure_words(figure)),
                }
            })
            .collect();
        if waiting.is_empty() {
            waiting.push("nobody".to_string());
        }
        let note = if quarter == count { " (the count)" } else { "" };
        writeln!(out, "  {:<10} -> {to:<24} {}{note}", quarter.name(), waiting.join(", "))?;
    }
    Ok(())
}
