// The base game's figure decision on the game screen: the markers of the choices on the board
// (grouped by where they stand), and the action panel of a decision made on figures: deploy a
// figure on the new tile or pass. The decision modules add their own markers (`markers`), keep
// some off the board (`folded`) and add to the panel (`figurePanel`): decisions/index.js.

import { h, seatHex, isPair } from '../ui.js';
import { figureIcon } from '../figures.js';
import { capital, chosenLine, hint, markerButton, preferred, tapVerb } from './kit.js';

/**
 * The marker groups of the screen's decision, keyed for the board: one per place a choice
 * stands for, each at its anchor on its own tile, with the legal actions it stands for. The
 * base game's are the deployments on the tile just placed (kind `deploy`, one marker per
 * feature, its figures listed when several may go there); each module's `markers(screen, ctx)`
 * gives a function that claims an action (adding its group through `ctx.add`) or answers
 * false. A group: {key, kind, testid, tx, ty (its tile, or null), feature, x, y (where it
 * stands, tile units), actions, and what the board's markers take (`quarter`, `figure`,
 * `from`)}, with for the screen `pick` (the heading over its figures when several may go
 * there), `prefer` (the action picked first among several), `icon(a, hex)` (an action's picture
 * in that list) and `preview` (what a chosen marker shows: true for the figure chosen, a piece's
 * kind, or a function of the choice).
 */
export function markerGroups(screen) {
  const p = screen.pending;
  const groups = new Map();
  // `entry`: {kind, testid, tx, ty (the tile), feature, ...}; `at`: the anchor on that tile.
  const add = (key, entry, a, at = a.at) => {
    const anchor = isPair(at) ? at : [0.5, 0.5];
    if (!groups.has(key)) groups.set(key, { key, ...entry, x: (entry.tx ?? 0) + anchor[0], y: (entry.ty ?? 0) + anchor[1], actions: [] });
    groups.get(key).actions.push(a);
  };
  const onTile = (a) => Number.isFinite(a.x) && Number.isFinite(a.y);
  const there = (a, kind, testid) => ({ kind, testid, tx: a.x, ty: a.y, feature: a.feature });
  const ctx = { add, onTile, there };
  const claims = screen.modules.map((m) => m.markers && m.markers(screen, ctx)).filter(Boolean);
  for (const a of screen.legal) {
    if (!a || typeof a !== 'object') continue;
    if (claims.some((claim) => claim(a))) continue;
    if (a.action === 'deploy' && Number.isFinite(p.x) && Number.isFinite(p.y)) {
      add(`deploy:${a.feature}`, { kind: 'deploy', testid: 'figure-marker', tx: p.x, ty: p.y, feature: a.feature, pick: 'Which figure?', preview: true }, a);
    }
  }
  return groups;
}

/** Draws the markers of this screen's decision on the board (none on other screens), as `markerGroups` has them. */
export function renderMarkers(screen) {
  if (!screen.mine) {
    screen.board.setMarkers([]);
    return;
  }
  const choice = screen.choice;
  const hex = seatHex(screen.seat(screen.pending.seat));
  const groups = [...screen.markerGroups().values()];
  // Long lists folded away take their markers off the board.
  const folded = new Set(screen.modules.flatMap((m) => (m.folded ? m.folded(screen, groups) : [])));
  const markers = [];
  for (const g of groups) {
    if (folded.has(g.kind)) continue;
    const { actions, pick, prefer, icon, preview, figureOf, ...fields } = g;
    const selected = !!choice && actions.includes(choice);
    // The piece a chosen marker shows: the figure chosen, a piece of its own, or none.
    const piece = !selected || !preview ? null : preview === true ? choice.figure || 'follower' : typeof preview === 'function' ? preview(choice) : preview;
    markers.push({
      ...fields,
      // The figure a marker shows: the kind it deploys or redeploys.
      figure: g.figure || (figureOf ? figureOf(actions) : null),
      hex,
      title: capital(actions.map((a) => a.label).join(', or ')),
      selected,
      preview: piece ? { kind: piece, hex, feature: g.feature } : null,
    });
  }
  screen.board.setMarkers(markers);
}

/**
 * The action panel of a decision made on figures (the base game's: deploy a figure on the new
 * tile, or pass; and every decision no module draws a panel of its own for): the markers'
 * hints, the figures of the place chosen, the modules' lists of choices, "pass", the choice in
 * words and the confirmation; on other screens who decides. The modules'
 * `figurePanel(screen, d, ctx)` fill the description `d` first:
 *
 *   title, icon   the panel's title and a picture beside it
 *   waiting       the words on the other screens
 *   round         the module that set this round's words (the dash, a rebuilt tile), or null
 *   tile, figure, pass   the words of the base game's hint: "Tap a marker on the new tile to
 *                 deploy a figure (…), or pass."
 *   passButton    the words of the "pass" button
 *   prompt        the confirm button's words before a choice; `confirm(choice, words)` may
 *                 change its words for a choice
 *   lead          elements before the hints (what kind of round this is)
 *   hints         elements after the base game's hint (other ways to decide)
 *   notes         rules and hints of other choices
 *   lists         the lists of choices, each kind under its heading
 *   choices       buttons beside "pass"
 *   chosen        elements under the choice in words (what it costs)
 *
 * `ctx`: {seat, hex (its colour), groups (the marker groups), of(kind) (those of a kind)}.
 */
/**
 * Why a figure decision offers nothing but passing, in words: no figure left in the supply, or
 * no free place on the new tile; and a figure held prisoner that a ransom cannot free for want
 * of points (The Tower: 3 points, or all one has under the variant short-ransom).
 */
function nothingToDeploy(screen) {
  const v = screen.view;
  const me = screen.pending.seat;
  const seats = v.seats || [];
  const mine = seats[me] || {};
  const supply = mine.supply || {};
  const any = Object.entries(supply).some(([figure, n]) => n > 0 && figure !== 'barn');
  const reasons = [
    any
      ? 'no place on the new tile is free for the figures you have (each of its roads, cities and farms is taken, or joined to one that is)'
      : 'you have no figure left in your supply (figures come back when their features are scored)',
  ];
  const held = seats.flatMap((s) => (s.prisoners || []).filter((p) => p.seat === me).map((p) => `your ${p.figure.replace('-', ' ')} held by ${s.name}`));
  const shortRansom = v.rules && v.rules.variants && v.rules.variants['short-ransom'] === true;
  if (held.length && !shortRansom && (mine.score || 0) < 3) {
    reasons.push(`a ransom would free ${held.join(' or ')}, but it costs 3 points and you have ${mine.score || 0}`);
  }
  return `Nothing to deploy this turn: ${reasons.join('; ')}. Pass to end the turn.`;
}

/** The places on the new tile as buttons, in a list that stays as the player leaves it (folded at first). */
function deployList(screen, d, deploys, hex) {
  const state = screen.stateOf('deploy-list');
  const chosen = deploys.some((g) => g.actions.includes(screen.choice) || g.key === screen.openFeature);
  return h(
    'details',
    {
      class: 'gate-list deploy-list',
      'data-testid': 'deploy-list',
      open: !!state.open,
      onToggle: (ev) => {
        state.open = ev.target.open;
      },
    },
    h('summary', { class: 'subtitle', 'data-testid': 'deploy-list-summary', title: 'The places on the tile as a list' }, `Places on the ${d.tile} tile: ${deploys.length}${chosen && !state.open ? ' (one chosen)' : ''}`),
    h(
      'div',
      { class: 'choices' },
      deploys.map((g) => {
        const a = preferred(g);
        const others = g.actions.length - 1;
        return markerButton(screen, g, 'deploy-choice', figureIcon(a.figure || 'follower', hex, 18), (label) => (others ? `${label} (or ${others} other figure${others === 1 ? '' : 's'})` : label));
      }),
    ),
  );
}

export function figurePanel(screen, el, seat) {
  const hex = seatHex(seat);
  const groups = screen.mine ? [...screen.markerGroups().values()] : [];
  const of = (kind) => groups.filter((g) => g.kind === kind);
  const d = {
    title: 'Figures',
    icon: null,
    waiting: `${seat.name} is deciding…`,
    round: null,
    tile: 'new',
    figure: 'figure',
    pass: 'pass',
    passButton: 'Pass (no figure)',
    prompt: 'Choose',
    confirm: null,
    lead: [],
    hints: [],
    notes: [],
    lists: [],
    choices: [],
    chosen: [],
  };
  for (const m of screen.modules) if (m.figurePanel) m.figurePanel(screen, d, { seat, hex, groups, of });
  el.append(h('div', { class: 'panel-title' }, h('span', {}, d.title), d.icon));
  if (!screen.mine) {
    el.append(h('p', { class: 'hint', 'data-testid': 'deciding' }, d.waiting));
    return;
  }
  const deploys = of('deploy');
  el.append(...d.lead);
  if (deploys.length) {
    el.append(hint(`${capital(tapVerb())} a marker on the ${d.tile} tile to deploy a ${d.figure} (${deploys.length} place${deploys.length === 1 ? '' : 's'}), or ${d.pass}.`));
  } else if (screen.pending.decision === 'deploy' && !d.lists.length && !d.choices.length && !d.hints.length) {
    const why = hint(nothingToDeploy(screen));
    why.dataset.testid = 'nothing-to-deploy';
    el.append(why);
  }
  el.append(...d.hints, ...d.notes);

  // The figures that may stand on the chosen place (on a tower: a piece, or a guard).
  const open = groups.find((g) => g.key === screen.openFeature) || (screen.choice && groups.find((g) => g.actions.includes(screen.choice)));
  if (open && open.pick && open.actions.length > 1) {
    el.append(
      h('div', { class: 'subtitle' }, open.pick),
      h(
        'div',
        { class: 'choices' },
        open.actions.map((a) =>
          h(
            'button',
            {
              type: 'button',
              class: `choice${screen.choice === a ? ' selected' : ''}`,
              'data-testid': 'figure-choice',
              'data-figure': a.figure || a.action,
              'aria-pressed': screen.choice === a ? 'true' : 'false',
              onClick: () => screen.choose(a),
            },
            open.icon ? open.icon(a, hex) : figureIcon(a.figure, hex, 20),
            ` ${capital(a.label)}`,
          ),
        ),
      ),
    );
  }
  // The new tile's places as a list too (folded at first): a place is then a button, however
  // small or crowded its marker is on the board.
  if (deploys.length) d.lists.unshift(deployList(screen, d, deploys, hex));
  if (d.lists.length) el.append(h('div', { class: 'choice-lists' }, d.lists));

  const others = h('div', { class: 'choices' }, d.choices);
  const pass = screen.legal.find((a) => a.action === 'pass');
  if (pass) {
    others.append(
      h('button', { type: 'button', class: `choice${screen.choice === pass ? ' selected' : ''}`, 'data-testid': 'pass', 'aria-pressed': screen.choice === pass ? 'true' : 'false', title: 'P', onClick: () => screen.choose(pass) }, d.passButton),
    );
  }
  el.append(others);

  const c = screen.choice;
  if (c && screen.repeats.has(c.action)) el.append(chosenLine(capital(c.label)), ...d.chosen);
  const words = c ? screen.confirmText(c) : null;
  el.append(screen.confirmRow(c ? (d.confirm ? d.confirm(c, words) : words) : d.prompt, !!c));
}
