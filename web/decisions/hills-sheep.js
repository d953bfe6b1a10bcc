// Hills & Sheep on the game screen: each shepherd's flock as a woolly token with its number of
// sheep beside the shepherd (drawn with its crook, figures.js), for every screen and in the replay,
// as the SVG render draws it; a face-down tile peeking out under each hill that hides one; each
// seat's flock in the players panel (and on a phone in the compact score strip); the flock bag in a
// side panel (its wolves and sheep tokens); the note that a hill tile takes the next tile under it
// while it is placed; and the `flock` decision, offered to the seat whose tile extended its
// shepherd's farm: the decision in words (what growing risks, what herding pays to whom) and two
// buttons, grow the flock or drive it to the stable with the points. The news tells a hill's
// hidden tile, a wolf and a flock driven to the stable.

import { h, s, seatHex, clear } from '../ui.js';
import { capital, counted, hint, ruleNote } from '../game/kit.js';

// A tuft of wool around (0, 0): a disc with six smaller ones around it (the render's shape).
const PUFFS = [[0, 0, 5.2], ...[0, 1, 2, 3, 4, 5].map((k) => [4.6 * Math.cos((k * Math.PI) / 3), 4.6 * Math.sin((k * Math.PI) / 3), 3])];

/** A flock's token around (0, 0): white wool rimmed in the seat's colour `hex`, with its number of sheep. */
export function flockShape(sheep, hex, { px = 0, py = 0, scale = 1 } = {}) {
  const circles = () => PUFFS.map(([cx, cy, r]) => s('circle', { cx: +cx.toFixed(2), cy: +cy.toFixed(2), r }));
  return s(
    'g',
    { class: 'flock-token', transform: `translate(${px} ${py}) scale(${scale})` },
    s('g', { fill: hex, stroke: hex, 'stroke-width': 2.6 }, circles()),
    s('g', { fill: '#f8f5ea' }, circles()),
    s('text', { y: 3.4, 'text-anchor': 'middle', 'font-size': 9.5, 'font-family': 'sans-serif', 'font-weight': 'bold', fill: '#2b2b2b' }, String(sheep ?? '')),
  );
}

/** A sheep seen from the side, around (0, 0): a woolly body, a dark head and legs. */
function sheepShape() {
  return s(
    'g',
    { class: 'sheep' },
    s('path', { d: 'M-4.5 3V7M-1.5 3.5V7M2 3.5V7M4.5 3V7', stroke: '#2b2b2b', 'stroke-width': 1.3, 'stroke-linecap': 'round' }),
    s('path', { d: 'M-6 1.5A2.6 2.6 0 0 1 -4.5 -3A3 3 0 0 1 1 -4.5A2.8 2.8 0 0 1 5.5 -1.5A2.6 2.6 0 0 1 4 4H-4A2.6 2.6 0 0 1 -6 1.5Z', fill: '#f8f5ea', stroke: '#4a4a4a', 'stroke-width': 0.9 }),
    s('ellipse', { cx: 6.6, cy: -2, rx: 2.2, ry: 1.7, fill: '#2b2b2b' }),
  );
}

/** A sheep as a little picture, for the panels and the buttons. */
export function sheepIcon(size = 18) {
  return s('svg', { class: 'icon sheep-icon', width: size, height: size, viewBox: '-8 -8 17 16', 'aria-hidden': 'true' }, sheepShape());
}

/** The wolf's head as a little picture (the bag's wolves). */
function wolfIcon(size = 18) {
  return s(
    'svg',
    { class: 'icon wolf-icon', width: size, height: size, viewBox: '-8 -8 16 16', 'aria-hidden': 'true' },
    s('path', { d: 'M-6 -7L-3 -2.5H3L6 -7L6.5 0L2.5 6.5H-2.5L-6.5 0Z', fill: '#5f6368', stroke: '#202124', 'stroke-width': 0.9, 'stroke-linejoin': 'round' }),
    s('path', { d: 'M-3.3 0.5L-1.4 1.2M3.3 0.5L1.4 1.2', stroke: '#fdd663', 'stroke-width': 1.1, 'stroke-linecap': 'round' }),
    s('path', { d: 'M-1.2 4.2H1.2L0 5.6Z', fill: '#202124' }),
  );
}

/** The stable as a little picture (a flock driven to it): a barn with a wide door. */
function stableIcon(size = 18) {
  return s(
    'svg',
    { class: 'icon stable-icon', width: size, height: size, viewBox: '-8 -8 16 16', 'aria-hidden': 'true' },
    s('path', { d: 'M-7 7V-1L0 -7L7 -1V7Z', fill: '#b5502d', stroke: '#5d2614', 'stroke-width': 0.9, 'stroke-linejoin': 'round' }),
    s('path', { d: 'M-3 7V1H3V7Z', fill: '#f3ead2', stroke: '#5d2614', 'stroke-width': 0.8 }),
    s('path', { d: 'M-3 1L3 7M3 1L-3 7', stroke: '#5d2614', 'stroke-width': 0.6 }),
  );
}

/** A tile face down under a hill, peeking out at the hill tile's corner (board units, around (0, 0)). */
function hiddenTileShape() {
  return s(
    'g',
    { class: 'hill-hidden-art' },
    s('rect', { x: -5, y: -5, width: 13, height: 13, rx: 1.5, fill: '#5b4630', stroke: '#2e2216', 'stroke-width': 1 }),
    s('rect', { x: -8, y: -8, width: 13, height: 13, rx: 1.5, fill: '#a07a48', stroke: '#2e2216', 'stroke-width': 1 }),
    s('text', { x: -1.5, y: 2.4, 'text-anchor': 'middle', 'font-size': 9, 'font-weight': 'bold', 'font-family': 'sans-serif', fill: '#fbf6e6' }, '?'),
  );
}

/** "5 points", "1 point". */
const points = (n) => counted(n, 'point');

/** A seat's flock in the players panel (or the score strip: `strip`), while its shepherd is on the board. */
function flockItem(seat, strip = false) {
  const f = seat.flock;
  if (!f || !f.shepherd) return null;
  const words = `${seat.name}'s flock: ${f.sheep} sheep (${f.label || 'the shepherd on the board'})`;
  return h(
    'span',
    { class: strip ? 'strip-flock' : 'supply-item flock-item', title: words, 'aria-label': words, 'data-testid': strip ? 'strip-flock' : 'flock', 'data-seat': seat.seat, 'data-sheep': f.sheep },
    sheepIcon(strip ? 14 : 18),
    h('span', {}, String(f.sheep)),
  );
}

/** The flock bag's panel: its wolves and its sheep tokens by kind, and the whole in words. */
function renderBag(el, bag) {
  clear(el);
  el.hidden = !bag;
  if (!bag) return;
  el.dataset.wolves = bag.wolves;
  el.dataset.tokens = bag.tokens;
  el.dataset.sheep = bag.sheep;
  const kinds = (bag.sheep_tokens || []).map((n, i) =>
    h('span', { class: 'bag-kind', title: `${n} token${n === 1 ? '' : 's'} of ${i + 1} sheep`, 'data-testid': 'bag-sheep', 'data-sheep': i + 1, 'data-count': n }, sheepIcon(14), h('b', {}, String(i + 1)), ` ×${n}`),
  );
  el.append(
    h('div', { class: 'panel-title' }, h('span', {}, 'Flock bag'), h('span', { class: 'muted small' }, `${bag.tokens} tokens`)),
    h(
      'div',
      { class: 'bag-kinds' },
      h('span', { class: 'bag-kind wolves', title: `Wolves: ${bag.wolves}`, 'data-testid': 'bag-wolves', 'data-count': bag.wolves }, wolfIcon(16), ` ×${bag.wolves}`),
      kinds,
    ),
    h('p', { class: 'hint small muted', 'data-testid': 'bag-words' }, capital(String(bag.label || '').replace(/^The flock bag: /, ''))),
  );
}

/** The decision module (decisions/index.js). */
export const hillsSheep = {
  name: 'hills-sheep',
  fromView: true,
  words: {
    asks: { flock: 'grow the flock or drive it to the stable' },
    confirm: { flock: (c) => (c.herd ? 'Drive to the stable' : 'Grow the flock') },
  },
  repeats: ['flock'],
  ask(screen, p) {
    if (p.decision !== 'flock') return null;
    return `grow the flock of ${p.field_sheep ?? p.flock} sheep, or drive it to the stable`;
  },
  /** A hill's hidden tile, a wolf, and a flock driven to the stable. */
  news: (screen, e) => ['tile-under-hill', 'wolf-drawn', 'flock-herded'].includes(e.type),
  /** Each seat's flock in its supply line. */
  players(screen, options) {
    options.seatItems = [...(options.seatItems || []), (seat) => flockItem(seat)];
  },
  /** The narrow screens' score strip: each flock's sheep beside the score. */
  strip(screen, items) {
    items.push((seat) => flockItem(seat, true));
  },
  /** The flock bag, under the action panel. */
  build: () => ({ flockBag: h('div', { class: 'panel flock-bag-panel', 'data-testid': 'flock-bag', hidden: true }) }),
  side(screen) {
    renderBag(screen.el.flockBag, screen.view.flock_bag);
  },
  /** The flocks beside their shepherds and the tiles hidden under hills, each labelled in words. */
  board(screen) {
    const layer = screen.board.layer('hills-sheep');
    layer.replaceChildren();
    const put = (shape, attrs, label) => {
      for (const [k, v] of Object.entries({ ...attrs, role: 'img', 'aria-label': label })) shape.setAttribute(k, v);
      shape.append(s('title', {}, capital(label)));
      layer.append(shape);
    };
    for (const hill of screen.view.hills || []) {
      const g = s('g', { class: 'hill-hidden', transform: `translate(${(hill.x + 0.1) * 100} ${(hill.y + 0.9) * 100})` }, hiddenTileShape());
      put(g, { 'data-testid': 'hill-hidden', 'data-x': hill.x, 'data-y': hill.y }, hill.label);
    }
    const figures = screen.view.figures || [];
    for (const seat of screen.view.seats || []) {
      const f = seat.flock;
      const at = f && f.shepherd;
      if (!at || !Array.isArray(at.at)) continue;
      // The token stands by the shepherd as the board draws it (beside a farmer on the same farm,
      // board.js `setFigures`), as far from it as the server's `at` says, and grows with it.
      const shepherd = figures.find((g) => g.figure === 'shepherd' && g.seat === seat.seat);
      const spot = shepherd && Array.isArray(shepherd.at) ? shepherd.at : at.at;
      const sharing = figures.filter((g) => g.x === at.x && g.y === at.y && g.feature === at.feature);
      const n = sharing.length;
      const dx = n > 1 ? (sharing.indexOf(shepherd) - (n - 1) / 2) * 0.2 : 0;
      const px = (at.x + spot[0] + dx) * 100;
      const py = (at.y + spot[1]) * 100;
      const k = 1.25;
      const offset = [((at.at[0] - spot[0]) * 100) / k, ((at.at[1] - spot[1]) * 100) / k];
      const shape = s('g', { class: 'flock', 'data-grows': '', 'data-px': px, 'data-py': py, 'data-k': k, transform: `translate(${px} ${py}) scale(${k})` }, flockShape(f.sheep, seatHex(seat), { px: offset[0], py: offset[1] }));
      put(shape, { 'data-testid': 'flock-token', 'data-seat': seat.seat, 'data-x': at.x, 'data-y': at.y, 'data-sheep': f.sheep }, `${seat.name}'s flock: ${f.sheep} sheep`);
    }
  },
  /** A hill tile: the next tile goes face down under it. */
  placePanel(screen, d) {
    if (!screen.pending.hill) return;
    d.notes.push(ruleNote('hill-note', 'A hill: once placed, the next tile of the pile goes face down under it, unseen. A follower on a hill wins a tie for a majority.'));
  },
  figurePanel(screen, d, { seat }) {
    const p = screen.pending;
    if (p.decision !== 'flock') return;
    d.title = 'The flock';
    d.icon = sheepIcon(26);
    d.waiting = `${seat.name} grows their flock of ${p.flock} sheep or drives it to the stable…`;
    d.prompt = 'Grow or drive to the stable';
    d.lead.push(h('p', { class: 'hint', 'data-testid': 'flock-words' }, p.words || ''));
    const shepherds = (p.shepherds || []).map((i) => (screen.seat(i) || {}).name || `Seat ${i + 1}`);
    if (shepherds.length > 1) {
      d.lead.push(hint(`Shepherds on this farm: ${shepherds.join(', ')}. Each scores all ${points(p.field_sheep)} if the flock goes to the stable.`, 'hint small'));
    }
    const grow = screen.legal.find((a) => a.action === 'flock' && !a.herd);
    const herd = screen.legal.find((a) => a.action === 'flock' && a.herd);
    if (grow) d.choices.push(screen.choiceButton(grow, 'flock-grow', sheepIcon(18)));
    if (herd) d.choices.push(screen.choiceButton(herd, 'flock-herd', stableIcon(18)));
    d.notes.push(
      ruleNote('flock-note', `Growing draws a token from the bag (${p.wolves ?? '?'} wolves among ${p.tokens ?? '?'} tokens): its sheep join the flock, but a wolf loses the flock and sends the shepherd home. In the stable every shepherd on the farm scores a point per sheep of all its flocks, and the tokens go back into the bag.`),
    );
    if (p.closed) d.notes.push(hint('Your tile closed the farm: after your choice its flock goes to the stable anyway.', 'hint small'));
  },
};
