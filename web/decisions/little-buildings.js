// Little Buildings on the game screen: the buildings on the tiles for every screen (a cardboard
// token low on the left of its tile, a band in the colour of the seat that put it there), what
// each seat has left in the players panel, and in the figure decision the building offered
// instead of a figure (a marker on the new tile; under the variant that tells the kinds apart,
// one choice per kind left).

import { h, s, seatHex } from '../ui.js';
import { capital, section } from '../game/kit.js';

// The token's outline in tile units × 100, centred on its anchor (as the SVG render draws it).
const OUTLINES = {
  tower: 'M-5 8V-8H-3V-11H-1V-8H1V-11H3V-8H5V8Z',
  house: 'M-7 8V-1L0 -8L7 -1V8Z',
  shed: 'M-8 8V0L8 -4V8Z',
};

/** A building's picture: its kind's outline (a house where the kinds are alike), in `hex`'s band. */
export function buildingShape(kind, hex, { px = 0, py = 0, scale = 1 } = {}) {
  const g = s('g', { class: `little-building ${kind || 'house'}`, transform: `translate(${px} ${py}) scale(${scale})` });
  g.append(
    s('path', { d: OUTLINES[kind] || OUTLINES.house, fill: '#ecdcb8', stroke: '#5d4037', 'stroke-width': 1.4, 'stroke-linejoin': 'round' }),
    s('rect', { x: -7, y: 6, width: 14, height: 3, fill: hex, stroke: '#212121', 'stroke-width': 0.6 }),
  );
  return g;
}

/** A building as a small picture for buttons and the players panel. */
function buildingIcon(kind, hex, size) {
  return s('svg', { class: 'icon', width: size, height: size, viewBox: '-10 -12 20 22', 'aria-hidden': 'true' }, buildingShape(kind, hex));
}

/** "3 towers, 2 houses, 3 sheds" or "9 buildings". */
function leftWords(left) {
  const n = (k, one, many) => `${left[k]} ${left[k] === 1 ? one : many}`;
  if (Number.isInteger(left.tower)) return `${n('tower', 'tower', 'towers')}, ${n('house', 'house', 'houses')}, ${n('shed', 'shed', 'sheds')}`;
  return `${left.left} little building${left.left === 1 ? '' : 's'}`;
}

/** The decision module (decisions/index.js). */
export const littleBuildings = {
  name: 'little-buildings',
  fromView: true,
  words: { confirm: { 'little-building': (c) => `Put the ${c.kind || 'building'} here` } },
  /** The buildings on the board, each labelled in words. */
  board(screen) {
    const layer = screen.board.layer('little-buildings');
    layer.replaceChildren();
    for (const b of screen.view.little_buildings || []) {
      const at = Array.isArray(b.at) ? b.at : [0.16, 0.82];
      const g = buildingShape(b.kind, seatHex(screen.seat(b.seat)), { px: (b.x + at[0]) * 100, py: (b.y + at[1]) * 100, scale: 1.3 });
      for (const [k, v] of Object.entries({ 'data-testid': 'little-building', 'data-kind': b.kind || 'building', 'data-seat': b.seat, 'data-x': b.x, 'data-y': b.y, role: 'img', 'aria-label': b.label })) g.setAttribute(k, v);
      g.append(s('title', {}, b.label));
      layer.append(g);
    }
  },
  /** What each seat has left. */
  players(screen, options) {
    const item = (seat) => {
      const left = seat.little_buildings;
      if (!left || !Number.isInteger(left.left)) return null;
      const words = `Little buildings left: ${leftWords(left)}`;
      return h('span', { class: 'supply-item', title: words, 'aria-label': words, 'data-testid': 'supply-buildings' }, buildingIcon(null, seatHex(seat), 18), h('span', {}, `×${left.left}`));
    };
    options.seatItems = [...(options.seatItems || []), item];
  },
  /** One marker on the new tile, where the building would stand; its kinds listed under the variant. */
  markers: (screen, { add }) => (a) => {
    const p = screen.pending;
    if (a.action !== 'little-building' || !Number.isFinite(p.x) || !Number.isFinite(p.y)) return false;
    add('little-building', { kind: 'little-building', testid: 'building-marker', tx: p.x, ty: p.y, feature: 'building', pick: 'Which building?', icon: (x, hex) => buildingIcon(x.kind, hex, 18) }, a);
    return true;
  },
  figurePanel(screen, d, { hex, of }) {
    const groups = of('little-building');
    if (!groups.length) return;
    const note = 'Instead of a figure: a building on the new tile, for good. Every road, city, cloister (its 3 × 3 area) and farm scored with it gains its points, whoever scores.';
    const buttons = groups[0].actions.map((a) =>
      h(
        'button',
        { type: 'button', class: `choice${screen.choice === a ? ' selected' : ''}`, 'data-testid': 'building-choice', 'data-kind': a.kind || 'building', 'aria-pressed': screen.choice === a ? 'true' : 'false', onClick: () => screen.choose(a) },
        buildingIcon(a.kind, hex, 18),
        ` ${capital(a.label || 'a little building')}`,
      ),
    );
    d.lists.push(...section('Little buildings', note, buttons));
  },
};
