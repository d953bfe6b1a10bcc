//! The Tunnel (the Wikicarpedia page "The Tunnel (1st edition)", after Hans im Glück's rules;
//! the Assembled Game Reference's preparation, "any time" line and step 3A): roads that end in
//! tunnel openings stay unfinished until a pair of tunnel tokens joins two openings; the pair's
//! second token joins the roads underground and may complete the road, scored in step 3A of that
//! turn. docs/rules.md, "The Tunnel", lists which test checks which rule.

use carcassonne_engine::{
    Action, Color, Deck, Event, Expansion, FeatureKind, Game, GameSetup, Phase, Pos, RuleError, Rules, TUNNEL_PAIRS,
};

use crate::expansions::{
    calm_rebuilding_games, every_bot_plays, feature, paid, place, random_game_checked, two_player, RecordedGame, F,
};

fn rules(expansions: &[Expansion]) -> Rules {
    let mut all = vec![Expansion::Tunnel];
    all.extend_from_slice(expansions);
    Rules { expansions: all, ..Rules::base() }
}

fn pass(g: &mut Game) -> Vec<Event> {
    g.apply(Action::Pass).unwrap()
}

fn token(g: &Game, pair: u8, x: i16, y: i16, name: &str) -> Action {
    let pos = Pos::new(x, y);
    Action::PlaceTunnel { pair, pos, feature: feature(g, pos, name) }
}

/// The worked case: red's thief on a road from a cloister through the start tile into a tunnel
/// opening at (1, 0); another tile's opening at (0, 1) leads to a second cloister. "As long as
/// there is no tunnel token claiming a tunnel opening, the road leading to it is 'broken off'";
/// "the road remains incomplete even when a tunnel token is placed"; "only when the second
/// tunnel token of the same color is placed on another unclaimed tunnel opening ... the tunnel
/// [is] finished": blue's second token joins the roads, now closed at both cloisters, and red's
/// thief scores the five tiles at once ("only the visible segments ... are scored"; the
/// reference's step 3A: "Roads completed by placement of a tunnel token").
#[test]
fn a_pair_of_tokens_joins_two_roads_and_completes_them() {
    let mut g = two_player(rules(&[]), &["base:A", "tunnel:02", "tunnel:03", "base:A"]);
    place(&mut g, -1, 0, 270);
    g.apply(Action::Deploy { figure: F, feature: feature(&g, Pos::new(-1, 0), "road@E") }).unwrap();
    // Blue's tile: the road runs into its western opening, and stays unfinished.
    let mut events = place(&mut g, 1, 0, 0);
    let first = token(&g, 0, 1, 0, "road@W");
    assert!(g.legal_actions().contains(&first), "{:?}", g.legal_actions());
    events.extend(g.apply(first).unwrap());
    assert!(events.contains(&Event::TunnelPlaced {
        player: 1,
        pair: 0,
        pos: Pos::new(1, 0),
        feature: feature(&g, Pos::new(1, 0), "road@W"),
        joined: None
    }));
    // One token a turn; the figure decision is still open.
    assert!(matches!(g.pending(), carcassonne_engine::Pending::Deploy { player: 1, .. }));
    assert!(!g.legal_actions().iter().any(|a| matches!(a, Action::PlaceTunnel { .. })));
    assert_eq!(g.check(token(&g, 0, 1, 0, "road@E")), Err(RuleError::TunnelTokenPlaced));
    events.extend(pass(&mut g));
    assert_eq!(paid(&g, &events), vec![], "a road into a token's opening is not complete");
    // Red's tile south of the start: an opening whose road runs east.
    place(&mut g, 0, 1, 0);
    pass(&mut g);
    // Blue closes that road at a cloister and joins it through the tunnel.
    let mut events = place(&mut g, 1, 1, 90);
    let second = token(&g, 0, 0, 1, "road@E");
    events.extend(g.apply(second).unwrap());
    assert!(events.iter().any(|e| matches!(e, Event::TunnelPlaced { joined: Some(p), .. } if *p == Pos::new(1, 0))));
    events.extend(pass(&mut g));
    assert_eq!(paid(&g, &events), vec![(FeatureKind::Road, Phase::Turn, 5, vec![Color::Red])]);
}

/// A token goes only on a tunnel opening nobody holds, from a pair with a token left.
#[test]
fn tokens_go_only_on_free_openings_from_pairs_left() {
    let mut g = two_player(rules(&[]), &["tunnel:04", "tunnel:03", "base:U"]);
    place(&mut g, 1, 0, 0);
    let taken = token(&g, 0, 1, 0, "road@E");
    let plain = Pos::new(0, 0);
    assert_eq!(
        g.check(Action::PlaceTunnel { pair: 0, pos: plain, feature: 0 }),
        Err(RuleError::NotATunnelOpening(plain, 0))
    );
    let opening = feature(&g, Pos::new(1, 0), "road@S");
    assert_eq!(
        g.check(Action::PlaceTunnel { pair: 3, pos: Pos::new(1, 0), feature: opening }),
        Err(RuleError::NoTunnelToken(3))
    );
    // The untouched pairs are alike: the lowest stands for them (the listing offers it alone).
    assert_eq!(
        g.check(Action::PlaceTunnel { pair: 2, pos: Pos::new(1, 0), feature: opening }),
        Err(RuleError::TunnelPairNotNext(2, 0))
    );
    let village = feature(&g, Pos::new(1, 0), "road@N");
    assert_eq!(
        g.check(Action::PlaceTunnel { pair: 0, pos: Pos::new(1, 0), feature: village }),
        Err(RuleError::NotATunnelOpening(Pos::new(1, 0), village)),
        "the road into the houses has no opening"
    );
    g.apply(taken).unwrap();
    pass(&mut g);
    place(&mut g, 2, 0, 90);
    assert_eq!(
        g.check(taken),
        Err(RuleError::TunnelOpeningTaken(Pos::new(1, 0), feature(&g, Pos::new(1, 0), "road@E")))
    );
    // Red's pair A has one token out: blue is offered its own untouched pairs, the lowest only.
    let pairs: std::collections::BTreeSet<u8> = g
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::PlaceTunnel { pair, .. } => Some(pair),
            _ => None,
        })
        .collect();
    assert_eq!(pairs.into_iter().collect::<Vec<_>>(), [0]);
    let state = format!("{g:?}");
    assert!(g.apply(taken).is_err());
    assert_eq!(format!("{g:?}"), state, "a refused token changes nothing");
}

/// "In games of two, each player may use three sets of tokens; in games with three players,
/// each may use two sets"; from four players, the one pair of one's colour.
#[test]
fn each_player_has_tokens_by_the_number_of_players() {
    for players in 2..=6usize {
        let colors = [Color::Red, Color::Blue, Color::Green, Color::Yellow, Color::Black, Color::Gray];
        let setup = GameSetup { rules: rules(&[]), players: colors[..players].to_vec(), deck: Deck::Seed(1) };
        let g = Game::new(setup).unwrap();
        let expected = [6, 4, 2, 2, 2][players - 2];
        assert_eq!(g.tunnel_tokens_left(0), expected, "{players} players");
        assert_eq!(TUNNEL_PAIRS[players] * 2, expected);
    }
}

/// Records: `tunnel` names the pair, the tile and the opening's road.
#[test]
fn records_name_the_token() {
    use carcassonne_engine::record::{decode_action, encode_action};
    let mut g = two_player(rules(&[]), &["tunnel:02", "base:U"]);
    place(&mut g, 1, 0, 0);
    let action = token(&g, 0, 1, 0, "road@E");
    let named = encode_action(&g, action);
    assert_eq!(
        serde_json::to_value(&named).unwrap(),
        serde_json::json!({"action": "tunnel", "player": "red", "pair": 0, "x": 1, "y": 0, "feature": "road@E"})
    );
    assert_eq!(decode_action(&g, &named), Ok(action));
}

/// Random games with The Tunnel alone and with every other expansion: figures conserved, every
/// score an event, records replay, legal == check (`random_game_checked`); tokens are placed
/// and pairs joined; every bot plays it.
#[test]
fn random_games_with_the_tunnel_keep_the_properties() {
    let every: Vec<Expansion> = Expansion::ALL.iter().copied().filter(|&e| e != Expansion::Winter).collect();
    let configs = [(rules(&[]), 2), (rules(&[]), 3), (Rules { expansions: every, ..Rules::base() }, 2)];
    let (mut tokens, mut joined) = (0, 0);
    for (i, (rules, players)) in configs.into_iter().enumerate() {
        for s in 0..2u64 {
            let g = random_game_checked(rules.clone(), players, 500 + i as u64 * 10 + s);
            tokens += g.tunnel_tokens().len();
            joined += g
                .tunnel_tokens()
                .iter()
                .enumerate()
                .filter(|(k, t)| g.tunnel_tokens()[..*k].iter().any(|o| o.owner == t.owner && o.pair == t.pair))
                .count();
        }
    }
    assert!(tokens >= 10 && joined >= 3, "{tokens} tokens, {joined} pairs joined");
    every_bot_plays(&rules(&[]), 160);
}

/// "Rebuilding" never lifts a tile that holds a tunnel token (it would cut the tunnel), and a
/// graph of features built again after a removal keeps the pairs' roads joined (the record
/// replays, `random_game_checked`'s property).
#[test]
fn rebuilding_keeps_the_tiles_with_tokens() {
    let mut removals = 0;
    calm_rebuilding_games(Expansion::Tunnel, 6, |g, actions| {
        for a in actions {
            if let Action::RemoveTile { pos } = a {
                removals += 1;
                assert!(
                    !g.tunnel_tokens().iter().any(|t| t.pos == *pos),
                    "a tile with a tunnel token offered for removal"
                );
            }
        }
    });
    assert!(removals > 0);
    let variants = carcassonne_engine::Variants { rebuilding: true, ..Default::default() };
    random_game_checked(Rules { expansions: vec![Expansion::Tunnel], variants }, 2, 77);
}

/// The SVG render draws each token, in its owner's colour, with its pair's letter; the tiles
/// show their openings.
#[test]
fn the_render_draws_tokens_and_openings() {
    let mut g = two_player(rules(&[]), &["tunnel:02", "base:U"]);
    place(&mut g, 1, 0, 0);
    let svg = carcassonne_render::board_svg(&g, &carcassonne_render::BoardOptions::default());
    assert_eq!(svg.matches(r#"class="tunnel-opening""#).count(), 2, "the tile's two openings");
    g.apply(token(&g, 0, 1, 0, "road@E")).unwrap();
    let svg = carcassonne_render::board_svg(&g, &carcassonne_render::BoardOptions::default());
    assert_eq!(svg.matches(r#"class="piece tunnel-token""#).count(), 1, "{svg}");
}

/// The command line: `legal` lists the tokens beside the deployments; `replay` tells the token
/// and the join.
#[test]
fn the_command_line_lists_and_replays_the_tokens() {
    use crate::support::{json_of, ok, temp_path};
    let deck = ["tunnel:02", "tunnel:03", "base:U"];
    let mut r = RecordedGame::new(rules(&[]), &deck);
    r.play(Action::Place { pos: Pos::new(1, 0), rotation: carcassonne_engine::Rotation::R0 });
    let path = temp_path("tunnel-step.json");
    let file = path.to_str().unwrap();
    r.write(&path);
    let legal = json_of(&ok(&["legal", "--json", file]));
    let actions = legal["actions"].as_array().unwrap();
    let expected =
        serde_json::json!({"action": "tunnel", "player": "red", "pair": 0, "x": 1, "y": 0, "feature": "road@E"});
    assert!(actions.contains(&expected), "{actions:?}");
    let first = token(&r.game, 0, 1, 0, "road@E");
    r.play(first);
    r.play(Action::Pass);
    r.play(Action::Place { pos: Pos::new(0, 1), rotation: carcassonne_engine::Rotation::R0 });
    r.play(Action::Pass);
    r.play(Action::Place { pos: Pos::new(2, 0), rotation: carcassonne_engine::Rotation::R0 });
    let second = token(&r.game, 0, 0, 1, "road@S");
    r.play(second);
    r.play(Action::Pass);
    r.write(&path);
    let text = ok(&["replay", file]);
    assert!(text.contains("puts a tunnel token (pair A) on the opening of road@E at (1,0)"), "{text}");
    let joined =
        "puts a tunnel token (pair A) on the opening of road@S at (0,1), joining its road to the opening at (1,0)";
    assert!(text.contains(joined), "{text}");
    std::fs::remove_file(&path).ok();
}
