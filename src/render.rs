//! `carcassonne render` and `carcassonne tiles --svg`: SVG pictures of a record's board and of
//! the tile catalog (drawn by the `carcassonne-render` crate; see docs/rendering.md).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use anyhow::{anyhow, Context};
use carcassonne_engine::{Catalog, Edition, Rotation, TileDesign};
use carcassonne_render::{board_svg, tile_svg, BoardOptions};
use clap::Args;

/// Draw the board of a game record as an SVG picture.
#[derive(Debug, Args)]
#[command(
    long_about = "Replay a game record and draw its board after the last action as an SVG \
        picture: every placed tile, the followers in their owners' colours on the features \
        they stand on (farmers lying down), the dragon and the fairy (The Princess & the \
        Dragon), the towers (The Tower), the barns on their tile corners (Abbey & Mayor), \
        the city of Carcassonne's four quarters (The Count of Carcassonne: castle top right, \
        then clockwise market, blacksmith and cathedral, each labelled with the features its \
        figures may go to) with the count as a purple figure in its quarter and the figures \
        waiting in each quarter in their owners' colours, and the last placed tile marked with \
        a yellow border. Open the file in a browser.",
    after_help = "Examples:\n  \
        carcassonne simulate --games 1 --seed 3 --record-out game.json\n  \
        carcassonne render game.json --svg board.svg\n  \
        carcassonne render game.json --svg board.svg --coordinates --tile-size 120\n  \
        carcassonne render game.json --svg turn40.svg --actions 80\n  \
        carcassonne simulate --games 1 --seed 4 --expansions count --record-out count.json\n  \
        carcassonne render count.json --svg city.svg --tile-size 100"
)]
pub struct RenderArgs {
    /// The record (JSON); `-` reads stdin.
    #[arg(value_name = "FILE")]
    file: PathBuf,
    /// Where to write the picture.
    #[arg(long, value_name = "OUT")]
    svg: PathBuf,
    /// Pixels per tile.
    #[arg(long, value_name = "PX", default_value_t = 80,
          value_parser = clap::value_parser!(u32).range(8..=1024))]
    tile_size: u32,
    /// Write each tile's coordinates (x east, y south) in its corner.
    #[arg(long)]
    coordinates: bool,
    /// Draw the board after the first N actions of the record instead of after all of them.
    #[arg(long, value_name = "N")]
    actions: Option<usize>,
}

/// `carcassonne render`.
pub fn run(args: RenderArgs) -> anyhow::Result<()> {
    let mut record = crate::read_record(&args.file)?;
    if let Some(n) = args.actions {
        if n > record.actions.len() {
            return Err(anyhow!("--actions {n}: the record has only {} actions", record.actions.len()));
        }
        record.actions.truncate(n);
    }
    let replay = record.replay().with_context(|| format!("{}", args.file.display()))?;
    let game = &replay.game;
    let options = BoardOptions { tile_size: args.tile_size, coordinates: args.coordinates, highlight_last: true };
    let svg = board_svg(game, &options);
    std::fs::write(&args.svg, svg).with_context(|| format!("cannot write `{}`", args.svg.display()))?;
    let waiting = match game.count_quarter() {
        Some(count) => format!(", {} waiting in Carcassonne, the count in the {count} quarter", game.residents().len()),
        None => String::new(),
    };
    println!(
        "wrote {} ({} tiles, {} figures{waiting})",
        args.svg.display(),
        game.board().tiles().len(),
        game.figures().len()
    );
    Ok(())
}

/// The file name of a design's picture: `base:D` -> `base_D.svg`.
pub fn svg_file_name(design: &TileDesign) -> String {
    let stem: String = design.id.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
    format!("{stem}.svg")
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The features of a design in one line, for a card's tooltip.
fn feature_summary(design: &TileDesign) -> String {
    let mut parts: Vec<String> = design
        .features
        .iter()
        .map(|f| {
            let ports: Vec<&str> = f.ports().map(|p| p.name()).collect();
            let mut text = f.kind.name().to_string();
            if !ports.is_empty() {
                text.push(' ');
                text.push_str(&ports.join(" "));
            }
            if f.inner > 0 {
                text.push_str(&format!(" (enclosed {})", f.inner));
            }
            if f.pennants > 0 {
                text.push_str(&format!(" +{} pennant", f.pennants));
            }
            text
        })
        .collect();
    parts.extend(design.symbols.iter().map(|s| s.name().to_string()));
    parts.join("; ")
}

const STYLE: &str = "body{font-family:sans-serif;margin:16px;background:#faf7f0;color:#222}\
h1{font-size:20px;margin:0 0 8px}h2{font-size:16px;margin:18px 0 8px}\
.grid{display:flex;flex-wrap:wrap;gap:10px}\
.card{margin:0;width:150px;padding:6px;background:#fff;border:1px solid #d8d0c0;border-radius:6px;text-align:center}\
.card img{display:block;margin:0 auto}.card .small{margin-top:4px}\
figcaption{font-size:12px;margin-top:4px;line-height:1.35}code{font-size:12px}";

/// `carcassonne tiles --svg DIR`: one picture per design and an `index.html` contact sheet.
pub fn run_tiles(dir: &Path, set_id: Option<&str>, edition: Edition) -> anyhow::Result<()> {
    let catalog = Catalog::builtin();
    let sets = crate::tiles::selected_sets(catalog, set_id)?;
    std::fs::create_dir_all(dir).with_context(|| format!("cannot create `{}`", dir.display()))?;
    let title = match set_id {
        Some(id) => format!("Carcassonne tiles: {id}"),
        None => "Carcassonne tiles: every set".to_string(),
    };
    let mut html = format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title><style>{STYLE}</style></head><body>\n<h1>{}</h1>\n",
        escape(&title),
        escape(&title)
    );
    let mut files = 0;
    for set in &sets {
        let edition = set.edition_for(edition);
        let designs = catalog.edition_designs(set, edition);
        let total: u32 = designs.iter().map(|&(_, n)| n as u32).sum();
        let _ = writeln!(
            html,
            "<section id=\"{}\"><h2>{} ({} edition): {} designs, {} tiles</h2><div class=\"grid\">",
            escape(&set.id),
            escape(&set.id),
            edition.name(),
            designs.len(),
            total
        );
        for (id, count) in designs {
            let design = catalog.design(id);
            let name = svg_file_name(design);
            let path = dir.join(&name);
            std::fs::write(&path, tile_svg(design, Rotation::R0, 128))
                .with_context(|| format!("cannot write `{}`", path.display()))?;
            files += 1;
            let mut marks = vec![];
            if design.start {
                marks.push("start".to_string());
            }
            marks.extend(design.river.map(|r| r.name().to_string()));
            marks.extend(design.symbols.iter().map(|s| s.name().to_string()));
            let _ = writeln!(
                html,
                "<figure class=\"card\" title=\"{}\"><img src=\"{}\" width=\"128\" height=\"128\" alt=\"{}\">\
                 <img class=\"small\" src=\"{}\" width=\"64\" height=\"64\" alt=\"\">\
                 <figcaption><b>{}</b> &times;{}<br><code>{}</code> {}</figcaption></figure>",
                escape(&feature_summary(design)),
                escape(&name),
                escape(&design.id),
                escape(&name),
                escape(&design.id),
                count,
                design.edge_letters(),
                escape(&marks.join(", "))
            );
        }
        html.push_str("</div></section>\n");
    }
    html.push_str("</body></html>\n");
    let index = dir.join("index.html");
    std::fs::write(&index, html).with_context(|| format!("cannot write `{}`", index.display()))?;
    println!("wrote {files} tile pictures and {}", index.display());
    Ok(())
}
