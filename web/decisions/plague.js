// The Plague on the game screen: the outbreak tokens on their plague sources and the flea tokens
// on their tiles for every screen and in the replay (as the SVG render draws them: a numbered
// hexagon, dark red while active and pale green once died out; a little flea, red while active
// and pink once latent), a badge with the fleas left in the supply; and the `plague` decision:
// the tiles a flea may go on highlighted as squares (and listed), a marker where each of the
// seat's figures may flee to along its road, city or farm (the flight under the pointer or chosen
// drawn as an arrow from the figure), and a pass where the spread may wait or only flights are
// left. The news tells an outbreak, one dying out, a figure the plague sends home and another
// seat's flight.

import { h, s, isPair } from '../ui.js';
import { capital, hint, markerButton, sameAction, section, hovering, tapVerb } from '../game/kit.js';
import { pieceIcon } from '../figures.js';

const HEXAGON = 'M-5 -8.7H5L10 0L5 8.7H-5L-10 0Z';
const FLEA_LEGS = 'M-3 -3.5L-7.5 -6M-3.5 0L-8 0.5M-3 3L-6.5 7.5M3 -3.5L7.5 -6M3.5 0L8 0.5M3 3L6.5 7.5';

/** An outbreak token's picture around (0, 0): numbered, active (dark red) or died out (green). */
export function outbreakShape(number, active, { px = 0, py = 0, scale = 1 } = {}) {
  const [fill, edge, ink, halo] = active ? ['#7f1416', '#1a0505', '#ffffff', '#1a0505'] : ['#bcd3a0', '#5e7a4c', '#2f3d26', '#eef5e6'];
  const g = s('g', { class: `outbreak ${active ? 'active' : 'eradicated'}`, transform: `translate(${px} ${py}) scale(${scale})` });
  g.append(
    s('path', { d: HEXAGON, fill, stroke: edge, 'stroke-width': 1.6, 'stroke-linejoin': 'round' }),
    s('text', { y: 4, 'text-anchor': 'middle', 'font-size': 11, 'font-family': 'sans-serif', 'font-weight': 'bold', fill: ink, stroke: halo, 'stroke-width': 1.4, 'paint-order': 'stroke' }, String(number ?? '')),
  );
  return g;
}

/** A flea token's picture around (0, 0): red (active) or pink (latent). */
export function fleaShape(active, { px = 0, py = 0, scale = 1 } = {}) {
  const fill = active ? '#d32f2f' : '#f4a3c4';
  const g = s('g', { class: `flea ${active ? 'active' : 'latent'}`, transform: `translate(${px} ${py}) scale(${scale})` });
  g.append(
    s('path', { d: FLEA_LEGS, fill: 'none', stroke: '#2b0a0a', 'stroke-width': 1.3, 'stroke-linecap': 'round' }),
    s('ellipse', { cy: 1.5, rx: 4.6, ry: 6, fill, stroke: '#2b0a0a', 'stroke-width': 1.2 }),
    s('circle', { cy: -5.6, r: 2.4, fill, stroke: '#2b0a0a', 'stroke-width': 1.1 }),
  );
  return g;
}

/** A flea or an outbreak as a small picture for buttons and badges. */
function fleaIcon(size = 18) {
  return s('svg', { class: 'icon', width: size, height: size, viewBox: '-9 -9 18 18', 'aria-hidden': 'true' }, fleaShape(true));
}
function outbreakIcon(size = 18) {
  return s('svg', { class: 'icon', width: size, height: size, viewBox: '-11 -11 22 22', 'aria-hidden': 'true' }, outbreakShape('', true));
}

/** Whether a legal action is a spread, or a flight. */
const isFlea = (a) => !!a && a.action === 'flea' && Number.isFinite(a.x) && Number.isFinite(a.y);
const isFlight = (a) => !!a && a.action === 'flee' && Number.isFinite(a.x) && Number.isFinite(a.y);

/**
 * The flight to show on the board, the one hovered or else the one chosen, as a hint for
 * `Board.setMoveHint`: the figure ringed, an arrow to where it would stand. Null for none.
 */
function flightHint(screen) {
  if (!screen.mine || screen.pending.decision !== 'plague') return null;
  const hovered = isFlight(screen.hoverAction) ? screen.hoverAction : null;
  const a = hovered || (isFlight(screen.choice) ? screen.choice : null);
  if (!a) return null;
  const figure = (screen.view.figures || []).find((f) => f.x === a.from_x && f.y === a.from_y && f.feature === a.from_feature);
  return {
    kind: 'flee',
    sources: [{ x: a.from_x, y: a.from_y, feature: a.from_feature, at: figure && isPair(figure.at) ? figure.at : null }],
    victims: [],
    to: { x: a.x, y: a.y, at: isPair(a.at) ? a.at : null },
    selected: !hovered || sameAction(hovered, screen.choice),
  };
}

/** The decision module (decisions/index.js). */
export const plague = {
  name: 'plague',
  fromView: true,
  // The tiles a flea may go on may hold figures (the flea sends them home): the squares go over them.
  spots: { decision: 'plague', action: 'flea', kind: 'flea-spot', testid: 'flea-spot', words: 'a tile for the flea', overFigures: true },
  words: {
    confirm: {
      flea: (c) => (Number.isFinite(c.from_x) ? 'Move the flea here' : 'Put the flea here'),
      flee: (c) => {
        const role = /^let your (.+?) (?:on|in) the /.exec(c.label || '');
        return `Flee with your ${role ? role[1] : 'figure'}`;
      },
    },
  },
  repeats: ['flea', 'flee'],
  hovers: ['flee'],
  /** What the plague asks, by whether a flea is owed now. */
  ask(screen, p) {
    if (p.decision !== 'plague') return null;
    if (p.spread === 'owed') return 'spread the plague';
    if (p.spread === 'none') return 'let a figure flee, or not';
    return 'spread the plague, or put it off';
  },
  /** The fleas left in the supply, once the plague is in play. */
  badges(screen) {
    const left = screen.view.fleas_in_supply;
    if (!Number.isInteger(left) || !(screen.view.outbreaks || []).length) return [];
    const words = `Fleas left in the supply: ${left}`;
    return [h('span', { class: 'badge plague-badge', 'data-testid': 'fleas-badge', title: words, 'aria-label': words }, fleaIcon(14), ` ${left}`)];
  },
  /** An outbreak, one dying out, figures sent home by a flea, and another seat's flight. */
  news: (screen, e) => ['outbreak-started', 'outbreak-eradicated', 'plague-struck'].includes(e.type) || (e.type === 'fled' && !screen.you.includes(e.seat)),
  /** The outbreak tokens and the fleas on the board, each labelled in words. */
  board(screen) {
    const layer = screen.board.layer('plague');
    layer.replaceChildren();
    const put = (shape, attrs, label) => {
      for (const [k, v] of Object.entries({ ...attrs, role: 'img', 'aria-label': label })) shape.setAttribute(k, v);
      shape.append(s('title', {}, capital(label)));
      layer.append(shape);
    };
    for (const o of screen.view.outbreaks || []) {
      const at = Array.isArray(o.at) ? o.at : [0.8, 0.2];
      put(outbreakShape(o.number, o.active, { px: (o.x + at[0]) * 100, py: (o.y + at[1]) * 100, scale: 1.6 }), { 'data-testid': 'outbreak', 'data-x': o.x, 'data-y': o.y, 'data-number': o.number, 'data-active': o.active ? 'true' : 'false' }, o.label);
    }
    for (const f of screen.view.fleas || []) {
      const at = Array.isArray(f.at) ? f.at : [0.2, 0.2];
      put(fleaShape(f.active, { px: (f.x + at[0]) * 100, py: (f.y + at[1]) * 100, scale: 1.5 }), { 'data-testid': 'flea', 'data-x': f.x, 'data-y': f.y, 'data-active': f.active ? 'true' : 'false' }, f.label);
    }
  },
  hints(screen) {
    // "A new lease of life" (lease.js, earlier in the registry) clears the hint outside its own
    // decision; here only the plague's flights draw one.
    if (screen.mine && screen.pending.decision === 'plague') screen.board.setMoveHint(flightHint(screen));
  },
  /** A marker where a figure of the seat's may flee to (one per figure and place). */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'flee' || !onTile(a)) return false;
    const from = `${a.from_x},${a.from_y},${a.from_feature}`;
    add(`flee:${from}>${a.x},${a.y},${a.feature}`, { ...there(a, 'flee', 'flee-marker'), from, preview: true }, a);
    return true;
  },
  figurePanel(screen, d, { seat, of }) {
    const p = screen.pending;
    if (p.decision !== 'plague') return;
    d.title = 'The plague';
    d.icon = outbreakIcon(26);
    d.waiting = `${seat.name} ${p.spread === 'none' ? 'may let a figure flee from the plague' : 'spreads the plague'}…`;
    const fleas = screen.spotChoices();
    const flights = of('flee');
    const spread = h('p', { class: 'hint', 'data-testid': 'spread-words' }, p.spread_words || '');
    d.lead.push(spread);
    if (fleas.length) {
      d.hints.push(hint(`${capital(tapVerb())} a highlighted tile for the flea: it goes next to an active outbreak or a red flea joined to one, and every figure on that tile goes home without scoring.`));
      d.lists.push(
        ...section(
          `Spread the plague: ${fleas.length} tile${fleas.length === 1 ? '' : 's'}`,
          Number.isInteger(p.fleas_in_supply) && p.fleas_in_supply === 0 ? 'No flea is left in the supply: one is taken from the board (a pink one while there is any).' : `Fleas left in the supply: ${p.fleas_in_supply ?? '?'}.`,
          fleas.map((a) => screen.choiceButton(a, 'flea-choice', fleaIcon(16), capital((a.label || 'a tile').replace(/^spread the plague: /, '')))),
        ),
      );
    }
    if (flights.length) {
      d.hints.push(hint(`Once a turn one of your figures on a road, city or farm may flee along it to another tile (${tapVerb()} a marker where it would stand), never onto or across a tile with a flea or an active outbreak.`));
      d.lists.push(
        ...section(
          `Flee: ${flights.length} way${flights.length === 1 ? '' : 's'}`,
          'The figure stays on its road, city or farm; monks and the abbot cannot flee.',
          flights.map((g) => {
            // "Knight in the city to the west 1 tile west of the start tile: flee into the city …".
            const words = (label) => label.replace(/^let your (.+?) flee (into|onto) /, (_, who, way) => `${who}: flee ${way} `);
            const b = markerButton(screen, g, 'flee-choice', pieceIcon('flee', 18), words);
            b.dataset.from = g.from;
            return hovering(screen, b, g.actions[0]);
          }),
        ),
      );
    }
    const pass = screen.legal.find((a) => a.action === 'pass');
    d.pass = pass ? pass.label : 'pass';
    d.passButton = fleas.length ? 'Not now (spread later)' : 'Let no figure flee';
    d.confirm = (c, words) => (c.action === 'pass' ? d.passButton : words);
    d.notes.push(hint(p.late ? 'After the figure phase: the last chance this turn to spread the plague and to flee.' : 'The tile is placed: you may spread the plague and flee now, or after the figure phase.', 'hint small muted rule-note'));
  },
};
