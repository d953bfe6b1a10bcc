//! `carcassonne reference`: the assembled game reference (crates/reference) for a selection of
//! expansions, variants, rule set and number of players, as text, JSON, Markdown or HTML.

use std::io::Write;

use anyhow::anyhow;
use carcassonne_reference::{render, Reference, Selection};
use clap::Args;

use crate::output;
use crate::rules_args::{variant_help, RulesArg};

/// Print the game reference: preparation, order of play and scoring for a selection.
#[derive(Debug, Args)]
#[command(
    long_about = "Print the assembled game reference for a selection of expansions: the game \
        at a glance, the preparation (start tiles, tiles to add or take out, each player's \
        pieces by the number of players), the order of play step by step (1A begin the turn \
        to 4B end it), the scoring during the game and the final scoring. Each line is shown \
        only when the selection calls for it; lines of expansions this program does not play \
        yet are marked so, adaptations and deviations from the Hans im Glueck Big Box rules \
        too.\n\n\
        Text for the terminal by default (wrapped to --width columns); --json for programs \
        (the API's /api/reference answer), --markdown, or --html for a self-contained page to \
        print. docs/reference.md describes the data behind it.",
    after_help = "Examples:\n  \
        carcassonne reference\n  \
        carcassonne reference --expansions river,tower --players 4\n  \
        carcassonne reference --expansions princess-dragon --rules rgg-big-box --sources\n  \
        carcassonne reference --expansions abbey-mayor,count --html > reference.html"
)]
pub struct ReferenceArgs {
    /// Expansions, comma-separated: the engine's (river, river-2, inns-cathedrals,
    /// traders-builders, king-robber, cathars, abbot, princess-dragon, tower, gq11, winter) or
    /// any other the reference knows (count, abbey-mayor, bridges-castles-bazaars, ...).
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = parse_key)]
    expansions: Vec<String>,
    /// Rule set (default hig-big-box); its column of the rules' "Summary of rule sets" sets the
    /// variants.
    #[arg(long, value_enum, value_name = "RULES")]
    rules: Option<RulesArg>,
    #[arg(long = "variant", value_name = "NAME=VALUE", long_help = variant_help())]
    variants: Vec<String>,
    /// Number of players (2 to 6); without it every player-count line is shown.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=6))]
    players: Option<u8>,
    /// Print the reference as JSON.
    #[arg(long, conflicts_with_all = ["html", "markdown"])]
    json: bool,
    /// Print a self-contained HTML page.
    #[arg(long, conflicts_with = "markdown")]
    html: bool,
    /// Print Markdown.
    #[arg(long)]
    markdown: bool,
    /// Columns of the text output.
    #[arg(long, value_name = "COLUMNS", default_value_t = 80)]
    width: usize,
    /// Give each line's seed passage (text, Markdown and HTML).
    #[arg(long)]
    sources: bool,
}

/// An expansion key the reference knows.
fn parse_key(key: &str) -> Result<String, String> {
    let reference = Reference::builtin();
    match reference.expansion(key) {
        Some(_) => Ok(key.to_string()),
        None => {
            let known: Vec<&str> = reference.expansions().iter().map(|e| e.key.as_str()).collect();
            Err(format!("unknown expansion `{key}` (known: {})", known.join(", ")))
        }
    }
}

pub fn run(args: ReferenceArgs) -> anyhow::Result<()> {
    let reference = Reference::builtin();
    let players = args.players.map(|n| n.to_string());
    let selection = Selection::parse(
        reference,
        &args.expansions,
        args.rules.map(|r| r.rule_set().name()),
        &args.variants,
        players.as_deref(),
    )
    .map_err(|e| anyhow!("--{}: {}", e.field, e.message))?;
    let assembled = reference.assemble(&selection);
    let mut out = output::stdout();
    if args.json {
        output::write_json_pretty(&mut out, &assembled)?;
    } else {
        let text = if args.html {
            render::html(&assembled, args.sources)
        } else if args.markdown {
            render::markdown(&assembled, args.sources)
        } else {
            render::text(&assembled, args.width, args.sources)
        };
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(())
}
