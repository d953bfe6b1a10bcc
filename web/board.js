// The SVG board: placed tiles, figures, the last tile's outline, and the interactive layers the
// game view puts on top (legal positions, the tile being placed, figure markers). World units
// are tile units × 100, x east and y south as in the engine; pan and zoom only change the
// viewport's transform.

import { h, s, clear, seatHex, inkOn, isPair } from './ui.js';
import { tileUse } from './tiles.js';
import { towerShape, guardLift, reachShape, TOWER_SPAN } from './tower.js';
import { countShape, cityLayout, isCityTile, residentScale, CITY_GROWTH } from './count.js';

// Figure outlines centred on (0, 0), about 21 × 17 units (a tile is 100): the head is an arc
// so that the outline is one path with no seam at the neck. Each kind has its own silhouette:
// the follower, the big follower (larger, with a ring), the abbot (a robe), the builder (a
// pointed hat), the pig; with Abbey & Mayor the mayor (a top hat and a chain of office), the
// wagon (a cart on two wheels) and the barn (a house with a pitched roof).
const SHAPES = {
  follower: 'M-2.5,-4 A4,4 0 1 1 2.5,-4 L9,-1.5 Q11,1 8.5,2.2 L4.5,1.5 L7.5,9 L1.8,9 L0,5.5 L-1.8,9 L-7.5,9 L-4.5,1.5 L-8.5,2.2 Q-11,1 -9,-1.5 Z',
  abbot: 'M-2.3,-4.2 A4,4 0 1 1 2.3,-4.2 L5.5,-1 Q7,3 8,9 L-8,9 Q-7,3 -5.5,-1 Z',
  builder: 'M0,-14 L6,-7 L2.6,-7 A3.4,3.4 0 0 1 2.2,-3.6 L7,-2 Q8.5,0 6.5,1 L3.5,0.5 L5.5,10 L1.5,10 L0,5 L-1.5,10 L-5.5,10 L-3.5,0.5 L-6.5,1 Q-8.5,0 -7,-2 L-2.2,-3.6 A3.4,3.4 0 0 1 -2.6,-7 L-6,-7 Z',
  // A top hat on the head, then a long coat with arms: three pieces of one outline, overlapping.
  mayor:
    'M-3.4,-15 H3.4 V-9.4 H5.6 V-7.6 H-5.6 V-9.4 H-3.4 Z ' +
    'M-3.3,-4.6 A3.3,3.3 0 1 1 3.3,-4.6 A3.3,3.3 0 1 1 -3.3,-4.6 Z ' +
    'M-2.6,-1.8 L2.6,-1.8 L8.6,0.6 Q10.4,2.6 8.2,3.8 L5.2,2.8 L7.2,9.5 L-7.2,9.5 L-5.2,2.8 L-8.2,3.8 Q-10.4,2.6 -8.6,0.6 Z',
  barn: 'M-9.5,9.5 V-1.5 L0,-10.5 L9.5,-1.5 V9.5 Z',
};
// The white lines drawn over a figure's outline (its "marks").
const MARKS = {
  mayor: 'M-3.2,-1.2 Q0,2.6 3.2,-1.2',
  barn: 'M-6.5,-1.5 L0,-7.5 L6.5,-1.5',
};
// Where a figure's seat number stands: [x, baseline].
const SEAT_AT = { pig: [-1, 4.6], builder: [0, 6.4], mayor: [0, 8.2], wagon: [0, 0.8], barn: [0, 7.2] };

function pigShape() {
  return [
    s('ellipse', { cx: -1, cy: 2, rx: 8.5, ry: 5.5 }),
    s('circle', { cx: 7, cy: -1.5, r: 4 }),
    s('path', { d: 'M4.5,-5 L6,-9 L8.5,-5.2 Z' }),
    s('rect', { x: -7, y: 5.5, width: 2.6, height: 4, rx: 1 }),
    s('rect', { x: 2, y: 5.5, width: 2.6, height: 4, rx: 1 }),
    s('ellipse', { cx: 10.8, cy: -0.8, rx: 1.8, ry: 2.2, class: 'snout' }),
  ];
}

/** The wagon: a cart with a shaft on two wheels, each with its hub. */
function wagonShape() {
  const wheel = (cx) => [s('circle', { cx, cy: 5, r: 3.9 }), s('circle', { class: 'figure-mark', cx, cy: 5, r: 1.1 })];
  return [
    s('path', { d: 'M9.5,-2.2 L13.5,-3.4 L13.9,-2.1 L9.5,-0.4 Z' }),
    s('rect', { x: -10.5, y: -6.5, width: 20, height: 8.5, rx: 1.2 }),
    ...wheel(-5.6),
    ...wheel(5.6),
  ];
}

/** The count's size on the board, relative to its picture. */
const COUNT_SIZE = 1.15;

/** The picture of a figure of `kind`, centred on (0, 0), before its colour and size. */
function figureBody(kind) {
  if (kind === 'pig') return pigShape();
  if (kind === 'wagon') return wagonShape();
  const body = [s('path', { d: SHAPES[kind] || SHAPES.follower })];
  if (MARKS[kind]) body.push(s('path', { class: 'figure-mark', d: MARKS[kind] }));
  if (kind === 'big-follower') body.push(s('circle', { class: 'figure-mark', cx: 0, cy: -4, r: 5.2 }));
  return body;
}

/** The size of a figure of this kind, relative to a follower. */
function figureSize(kind) {
  return (kind === 'big-follower' ? 1.35 : kind === 'mayor' ? 1.08 : 1) * 1.2;
}

/**
 * A figure picture at world point (px, py): `kind` is the engine's figure name. Followers on
 * fields lie down, as farmers do on the real board. `seat` (a number) is written on the
 * figure, so that owners differ by more than their colour.
 */
export function figureShape(kind, hex, { px = 0, py = 0, feature = '', scale = 1, ghost = false, seat = null, lift = 0 } = {}) {
  const lying = (kind === 'follower' || kind === 'big-follower') && String(feature).startsWith('field');
  const k = figureSize(kind) * scale;
  const g = s('g', {
    class: `figure ${kind}${ghost ? ' ghost' : ''}`,
    transform: `translate(${px} ${py}) scale(${k}) translate(0 ${lift})`,
    fill: hex,
  });
  g.append(s('g', { transform: lying ? 'rotate(-90)' : null }, figureBody(kind)));
  if (seat !== null && seat !== undefined) {
    const [x, y] = SEAT_AT[kind] || [0, 5.6];
    g.append(s('text', { class: 'figure-seat', x, y, 'text-anchor': 'middle', fill: inkOn(hex) }, seat + 1));
  }
  g.dataset.px = px;
  g.dataset.py = py;
  g.dataset.k = k;
  g.dataset.lift = lift;
  return g;
}

// The Princess & the Dragon's neutral pieces, centred on (0, 0). The dragon stands on a dark
// disc with a gold rim (48 units across), so that it never reads as a seat's figure: a winged
// beast facing east. The fairy is a small winged figure in a pale glow, 22 units across.
const DRAGON_BODY =
  'M-18,-2 C-14,6 -9,8 -6,4 L-7,11 L-4,11 L-3,7 L3,7 L3,11 L6,11 L7,5 C9,3 10,0 10,-4 L12,-9 L19,-8 ' +
  'L19,-10 L14,-12 L12,-15 L12,-12 L9,-10 L7,-3 L2,-14 L-2,-9 L-5,-13 L-7,-6 L-10,-9 L-9,-1 C-12,0 -15,-1 -18,-2 Z';
const DRAGON_TAIL = 'M-21,-5 L-16,-3 L-20,1 Z';
const FAIRY_DRESS = 'M0,-4.5 L4.6,8 L-4.6,8 Z';
const SPARKLE = 'M0,-6 L1.5,-1.5 L6,0 L1.5,1.5 L0,6 L-1.5,1.5 L-6,0 L-1.5,-1.5 Z';
const CROWN = 'M-6,3.5 L-6.5,-3.5 L-3,-0.5 L0,-5 L3,-0.5 L6.5,-3.5 L6,3.5 Z';
// The capture marker rings the figure (which stays in sight) with four ticks.
const CROSSHAIR = 'M0,-12 V-7 M0,7 V12 M-12,0 H-7 M7,0 H12';
// Abbey & Mayor: a barn for a corner's marker, a cart for a wagon's move.
const BARN_ICON = 'M-6,5.5 V-0.5 L0,-6.5 L6,-0.5 V5.5 Z';
const WAGON_ICON = 'M-7,-4.5 H7 V1.5 H-7 Z M-6.6,3.6 A2.4,2.4 0 1 0 -1.8,3.6 A2.4,2.4 0 1 0 -6.6,3.6 Z M1.8,3.6 A2.4,2.4 0 1 0 6.6,3.6 A2.4,2.4 0 1 0 1.8,3.6 Z';
// "A new lease of life" and "The dash": an arrow for a follower's move (drawn as a line), crossed
// swords for a religious war.
const MOVE_ARROW = 'M-6.5,0 H5 M1,-4.5 L5.5,0 L1,4.5';
const SWORDS = 'M-6,-6 L6,6 M6,-6 L-6,6 M-6.5,2.5 L-2.5,6.5 M6.5,2.5 L2.5,6.5';
// "Rebuilding": a tile lifted (a square with an arrow up out of it), for a tile that may be removed.
const REMOVE_ICON = 'M-6.5,-1.5 V6.5 H6.5 V-1.5 M0,3 V-8.5 M-3.6,-5 L0,-8.5 L3.6,-5';
const GATE = 'M-5.5,5.5 L-5.5,-0.5 A5.5,5.5 0 0 1 5.5,-0.5 L5.5,5.5 L2.6,5.5 L2.6,-0.5 A2.6,2.6 0 0 0 -2.6,-0.5 L-2.6,5.5 Z';

/** The dragon's picture (no position). */
function dragonShape() {
  return s(
    'g',
    { class: 'dragon-art' },
    s('circle', { class: 'dragon-disc', r: 24 }),
    s('path', { class: 'dragon-body', d: DRAGON_TAIL }),
    s('path', { class: 'dragon-body', d: DRAGON_BODY }),
    s('circle', { class: 'dragon-eye', cx: 15, cy: -10, r: 1.2 }),
  );
}

/** The fairy's picture (no position); `ghost` for a preview. */
function fairyShape({ ghost = false } = {}) {
  return s(
    'g',
    { class: `fairy-art${ghost ? ' ghost' : ''}` },
    s('circle', { class: 'fairy-glow', r: 11 }),
    s('ellipse', { class: 'fairy-wing', cx: -4.5, cy: -1.5, rx: 4.6, ry: 2.4, transform: 'rotate(-30 -4.5 -1.5)' }),
    s('ellipse', { class: 'fairy-wing', cx: 4.5, cy: -1.5, rx: 4.6, ry: 2.4, transform: 'rotate(30 4.5 -1.5)' }),
    s('path', { class: 'fairy-dress', d: FAIRY_DRESS }),
    s('circle', { class: 'fairy-head', cy: -6.6, r: 2.7 }),
    s('path', { class: 'fairy-sparkle', d: SPARKLE, transform: 'translate(7 -7) scale(0.45)' }),
  );
}

/**
 * The small picture inside a marker of each kind of choice (a dot for plain deployments). The
 * Count of Carcassonne's markers show what they would move: the count, or a figure of the kind
 * (`figure`, in the colour `hex`) to or from a quarter.
 */
function markerIcon(kind, { figure = null, hex = '#888', feature = '' } = {}) {
  if (kind === 'count') return s('g', { class: 'marker-icon', transform: 'scale(0.5) translate(0 2)' }, countShape());
  if (['quarter', 'redeploy', 'final'].includes(kind) && figure) return figureShape(figure, hex, { scale: 0.5, feature: kind === 'quarter' ? '' : feature });
  if (kind === 'fairy') return s('path', { class: 'marker-icon', d: SPARKLE });
  if (kind === 'princess') return s('path', { class: 'marker-icon', d: CROWN });
  if (kind === 'gate') return s('path', { class: 'marker-icon', d: GATE });
  if (kind === 'barn') return s('path', { class: 'marker-icon', d: BARN_ICON });
  if (kind === 'wagon') return s('path', { class: 'marker-icon', d: WAGON_ICON });
  // "A new lease of life": where a follower of the player's would move to (an arrow), or the
  // cloister two knights would take in a religious war (crossed swords).
  if (kind === 'move') return s('path', { class: 'marker-icon', d: MOVE_ARROW });
  if (kind === 'war') return s('path', { class: 'marker-icon', d: SWORDS });
  // "Rebuilding": a tile that may be lifted for a point and placed elsewhere.
  if (kind === 'remove') return s('path', { class: 'marker-icon', d: REMOVE_ICON });
  // The Tower: a figure a tower may take prisoner (a tower's own marker is a ring around it).
  if (kind === 'tower') return null;
  // The variation "Prisoners": a follower that may be taken prisoner, ringed the same way.
  if (kind === 'capture' || kind === 'prisoner') return s('path', { class: 'marker-icon', d: CROSSHAIR });
  return s('circle', { class: 'marker-dot', r: 4 });
}

/** A piece of a seat on the board (`piece`: seat, x, y) with its data, attributes and a title. */
function labelled(g, piece, attrs, title) {
  for (const [k, v] of Object.entries({ ...attrs, 'data-seat': piece.seat, 'data-x': piece.x, 'data-y': piece.y })) g.setAttribute(k, v);
  g.append(s('title', {}, title));
  return g;
}

/** The last event of one of `types` (the newest first), or null. */
function lastEvent(events, types) {
  for (let i = (events || []).length - 1; i >= 0; i--) {
    const e = events[i];
    if (e && types.includes(e.type)) return e;
  }
  return null;
}

/**
 * The Princess & the Dragon's pieces of a view for `Board.setPieces`: the dragon (with the
 * view's `dragon_label`), the fairy and the tiles the
 * dragon has crossed in the move under way. Anything malformed is left out.
 */
export function boardPieces(view, events) {
  const v = view || {};
  let dragon = null;
  if (isPair(v.dragon)) {
    const [x, y] = v.dragon;
    let label = typeof v.dragon_label === 'string' ? v.dragon_label : '';
    if (!label) {
      // An older server: the news that brought the dragon to its tile.
      const news = lastEvent(events, ['dragon-placed', 'dragon-moved']);
      label = news && news.x === x && news.y === y && typeof news.text === 'string' ? `The dragon: ${news.text}` : 'The dragon';
    }
    dragon = { x, y, label };
  }
  const f = v.fairy;
  let fairy = null;
  if (f && Number.isFinite(f.x) && Number.isFinite(f.y)) {
    const at = isPair(f.at) ? f.at : [0.3, 0.3];
    fairy = { x: f.x, y: f.y, at, seat: Number.isInteger(f.seat) ? f.seat : null, label: typeof f.label === 'string' ? f.label : 'the fairy' };
  }
  const visited = v.dragon_move && Array.isArray(v.dragon_move.visited) ? v.dragon_move.visited.filter(isPair) : [];
  return { dragon, fairy, path: visited };
}

/**
 * The house rule "the edge of the table" (variant `table-size`): `{width, height, complete}`
 * in tiles (the start tile in the middle), `complete` with `table-borders-complete`; null for
 * the endless table (`unlimited`, the default) or a view without rules.
 */
export function tableEdge(view) {
  const variants = view && view.rules && view.rules.variants;
  const size = variants && /^(\d+)x(\d+)$/.exec(String(variants['table-size'] || ''));
  if (!size) return null;
  return { width: Number(size[1]), height: Number(size[2]), complete: variants['table-borders-complete'] === true };
}

/** The events that put a turn's own tile on the board (a rebuilding's moves come after it). */
const TURN_TILE = ['tile-placed', 'mountain-raised'];

/**
 * The variation "Rebuilding", for `Board.setRebuild`: the tile the pending `replace-tile`
 * decision lifted (it still lies in the view's `board` at `from_x`, `from_y`) or, with `chosen`
 * a `remove-tile` action hovered or chosen, the tile it would lift (a preview); and the tiles
 * moved since the turn's tile was placed (their `tile-replaced` events), each with where it came
 * from, until the next tile is placed. Null for nothing.
 */
export function rebuildHint(view, events, chosen = null) {
  const p = (view && view.pending) || {};
  const finite = (...n) => n.every(Number.isFinite);
  let lifted = null;
  if (p.decision === 'replace-tile' && finite(p.from_x, p.from_y)) {
    const name = typeof p.tile_name === 'string' && p.tile_name ? p.tile_name : 'the tile';
    lifted = { x: p.from_x, y: p.from_y, preview: false, label: `${upper(name)}, removed for rebuilding: it is placed elsewhere` };
  } else if (chosen && chosen.action === 'remove-tile' && finite(chosen.x, chosen.y)) {
    lifted = { x: chosen.x, y: chosen.y, preview: true, label: upper(chosen.label || 'a tile to remove') };
  }
  const moves = [];
  const list = Array.isArray(events) ? events : [];
  for (let i = list.length - 1; i >= 0; i--) {
    const e = list[i];
    if (!e || typeof e !== 'object') continue;
    if (TURN_TILE.includes(e.type)) break;
    if (e.type !== 'tile-replaced' || !finite(e.x, e.y, e.from_x, e.from_y)) continue;
    const label = typeof e.text === 'string' && e.text ? `Moved by rebuilding: ${e.text}` : 'A tile moved by rebuilding';
    moves.unshift({ from: { x: e.from_x, y: e.from_y }, to: { x: e.x, y: e.y }, label });
  }
  return lifted || moves.length ? { lifted, moves } : null;
}

function upper(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : '';
}

/**
 * A little <svg> of a piece or a choice, for panels and buttons: `dragon`, `fairy`, `princess`,
 * `gate`, `move` (a follower's move), `war` (a religious war) or `remove` (a tile lifted by
 * rebuilding).
 */
export function pieceIcon(kind, size = 20) {
  let art;
  if (kind === 'dragon') art = s('g', { transform: 'scale(0.5)' }, dragonShape());
  else if (kind === 'fairy') art = fairyShape();
  else art = s('g', { class: `marker ${kind}`, transform: 'scale(1.6)' }, markerIcon(kind));
  return s('svg', { class: `piece-icon ${kind}`, viewBox: '-13 -13 26 26', width: size, height: size, 'aria-hidden': 'true' }, art);
}

/** A figure picture as its own little <svg>, for panels and buttons. */
export function figureIcon(kind, hex, size = 22) {
  return s(
    'svg',
    { class: 'figure-icon', viewBox: '-13 -15 26 28', width: size, height: size, 'aria-hidden': 'true' },
    figureShape(kind, hex, { scale: { 'big-follower': 0.7, mayor: 0.8 }[kind] || 0.92 }),
  );
}

/** Whether the main pointer is a finger (phones, tablets): bigger targets. */
export function coarsePointer() {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

export class Board {
  /**
   * @param {HTMLElement} container where the board goes (it fills it)
   * @param {object} handlers onSpotClick(x, y), onSpotHover(x, y | null), onMarkerClick(key),
   *   onMarkerHover(key | null)
   */
  constructor(container, handlers = {}) {
    this.handlers = handlers;
    this.view = { scale: 0.8, tx: 0, ty: 0 };
    this.autoFit = true; // until the user pans or zooms, every update keeps everything in sight
    this.bounds = null;
    this.markers = [];
    this.pieces = {}; // the dragon's and the fairy's elements, kept so that a move can glide
    this.towers = new Map(); // "x,y" -> the tower there (The Tower), for its guard's place

    this.svg = s('svg', { class: 'board', 'data-testid': 'board', tabindex: '0', role: 'application', 'aria-label': 'The board' });
    this.viewport = s('g', { class: 'viewport' });
    this.layers = {};
    for (const name of ['table', 'tiles', 'city', 'last', 'rebuild', 'focus', 'path', 'reach', 'spots', 'ghost', 'towers', 'barns', 'figures', 'pieces', 'steps', 'hints', 'markers']) {
      this.layers[name] = s('g', { class: `layer-${name}` });
      this.viewport.append(this.layers[name]);
    }
    this.svg.append(this.viewport);
    this.root = h('div', { class: 'board-wrap' });
    this.root.append(this.svg);
    container.append(this.root);
    this.controls = this.makeControls();
    this.root.append(this.controls);

    this.installPanZoom();
    this.resize = new ResizeObserver(() => {
      if (this.autoFit) this.fit();
    });
    this.resize.observe(this.root);
  }

  makeControls() {
    const button = (text, title, testid, fn) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.title = title;
      b.setAttribute('aria-label', title);
      b.dataset.testid = testid;
      b.addEventListener('click', fn);
      return b;
    };
    const box = document.createElement('div');
    box.className = 'zoom-controls';
    box.append(
      button('+', 'Zoom in (+)', 'zoom-in', () => this.zoomBy(1.25)),
      button('−', 'Zoom out (−)', 'zoom-out', () => this.zoomBy(0.8)),
      button('⤢', 'Show the whole board (0)', 'zoom-fit', () => {
        this.autoFit = true;
        this.fit();
      }),
    );
    return box;
  }

  destroy() {
    this.resize.disconnect();
    this.root.remove();
  }

  // ---- content -------------------------------------------------------------------------

  /** Draws the placed tiles (in placement order) and outlines the last one. */
  setTiles(board) {
    const layer = clear(this.layers.tiles);
    for (const t of board || []) {
      layer.append(
        tileUse(t.tile, t.x, t.y, t.rotation, {
          class: 'tile',
          'data-x': t.x,
          'data-y': t.y,
          'data-tile': t.tile,
          'data-rotation': t.rotation || 0,
        }),
      );
    }
    const last = board && board.length ? board[board.length - 1] : null;
    clear(this.layers.last);
    // The Count of Carcassonne: the city's tiles lie there from the start; none of them is a
    // player's last tile.
    if (last && board.length > 1 && !isCityTile(last.tile)) {
      this.layers.last.append(
        s('rect', {
          class: 'last-tile',
          'data-testid': 'last-tile',
          x: last.x * 100 + 1.5,
          y: last.y * 100 + 1.5,
          width: 97,
          height: 97,
          rx: 3,
        }),
      );
    }
    this.tiles = board || [];
    this.updateBounds();
  }

  /**
   * Draws the figures in their seats' colours, each with its seat's number; a tower's guard
   * stands on top of its tower (`setTowers` first). Figures on the same feature of one tile
   * (two knights sent to a cloister in a religious war, a farmer moved into a city beside a
   * knight) stand side by side around its anchor.
   */
  setFigures(figures, seats) {
    const layer = clear(this.layers.figures);
    const key = (f) => `${f.x},${f.y},${f.feature}`;
    const sharing = new Map();
    for (const f of figures || []) if (f.feature !== 'tower') sharing.set(key(f), (sharing.get(key(f)) || 0) + 1);
    const placed = new Map();
    for (const f of figures || []) {
      const seat = (seats || [])[f.seat];
      // A miner (the variation "Mountains") stands in the middle of its mountain.
      const at = isPair(f.at) ? f.at : [0.5, 0.5];
      const tower = f.feature === 'tower' ? this.towers.get(`${f.x},${f.y}`) : null;
      const n = sharing.get(key(f)) || 1;
      const i = placed.get(key(f)) || 0;
      placed.set(key(f), i + 1);
      const dx = n > 1 ? (i - (n - 1) / 2) * 0.2 : 0;
      const g = figureShape(f.figure, seatHex(seat), {
        px: (f.x + at[0] + dx) * 100,
        py: (f.y + at[1]) * 100,
        feature: f.feature,
        seat: f.seat,
        lift: tower ? guardLift(tower.height, figureSize(f.figure)) : 0,
      });
      const attrs = { 'data-testid': 'figure', 'data-figure': f.figure, 'data-feature': f.feature || '' };
      layer.append(labelled(g, f, attrs, f.label || (seat ? seat.name : `Seat ${f.seat + 1}`)));
    }
    this.scaleFigures();
  }

  /**
   * Abbey & Mayor: the barns (`barnsOf`), each on its tile corner in its seat's colour with the
   * seat's number, labelled in words. Under the figures: a farmer never stands on a barn's farm.
   */
  setBarns(barns, seats) {
    const layer = clear(this.layers.barns);
    for (const b of barns || []) {
      const g = figureShape('barn', seatHex((seats || [])[b.seat]), { px: (b.x + b.at[0]) * 100, py: (b.y + b.at[1]) * 100, seat: b.seat });
      layer.append(labelled(g, b, { 'data-testid': 'barn', 'data-corner': b.corner, role: 'img', 'aria-label': b.label }, b.label));
    }
    this.scaleFigures();
  }

  /**
   * The Count of Carcassonne (`cityOf`): each quarter of the city as a labelled area over the
   * city's tiles (hatched while the count blocks it), the figures waiting there in their seats'
   * colours with their seats' numbers, and the count in its quarter. Everything carries its
   * label in words; the count glides to a new quarter.
   */
  setCity(city, seats) {
    const layer = this.layers.city;
    for (const el of [...layer.children]) if (!el.classList.contains('count-piece')) el.remove();
    if (!city) {
      if (this.countEl) this.countEl.remove();
      this.countEl = null;
      return;
    }
    const layout = cityLayout(city);
    if (!this.svg.querySelector('#quarter-hatch')) {
      this.svg.prepend(
        s(
          'defs',
          {},
          s(
            'pattern',
            { id: 'quarter-hatch', width: 9, height: 9, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
            s('rect', { class: 'quarter-hatch-line', x: 0, y: 0, width: 3, height: 9 }),
          ),
        ),
      );
    }
    const areas = [];
    for (const q of city.quarters) {
      const a = layout.get(q.quarter);
      const who = q.residents.length ? q.residents.map((r) => r.label).join(', ') : 'nobody waits there';
      const words = `${q.label}: ${who}`;
      const g = s(
        'g',
        {
          class: `quarter${q.blocked ? ' blocked' : ''}`,
          'data-testid': 'quarter',
          'data-quarter': q.quarter,
          'data-blocked': q.blocked ? 'true' : 'false',
          'data-residents': q.residents.length,
          role: 'img',
          'aria-label': words,
        },
        s('title', {}, words),
        s('rect', { class: 'quarter-area', x: a.x0, y: a.y0, width: a.w, height: a.h, rx: 10 }),
        q.blocked ? s('rect', { class: 'quarter-blocked', x: a.x0, y: a.y0, width: a.w, height: a.h, rx: 10, fill: 'url(#quarter-hatch)' }) : null,
        s('text', { class: 'quarter-name', x: a.x0 + 10, y: a.y0 + 19 }, q.name),
        s('text', { class: 'quarter-feeds', x: a.x0 + 10, y: a.y0 + 33 }, q.to),
        q.blocked ? s('text', { class: 'quarter-blocked-words', x: a.x0 + 10, y: a.y0 + 47 }, 'blocked') : null,
      );
      q.residents.forEach((r, i) => {
        const at = a.residentAt(i);
        if (!at) return;
        const f = figureShape(r.figure, seatHex((seats || [])[r.seat]), { px: at[0], py: at[1], seat: r.seat, scale: residentScale });
        for (const [k, v] of Object.entries({ 'data-testid': 'resident', 'data-seat': r.seat, 'data-figure': r.figure, 'data-quarter': q.quarter })) f.setAttribute(k, v);
        f.append(s('title', {}, r.label));
        g.append(f);
      });
      const more = q.residents.length - q.residents.filter((_, i) => a.residentAt(i)).length;
      if (more > 0) g.append(s('text', { class: 'quarter-more', x: a.x0 + a.w - 8, y: a.y0 + a.h - 8, 'text-anchor': 'end' }, `+${more}`));
      areas.push(g);
    }
    layer.prepend(...areas);
    // The count, kept from one call to the next so that a move glides.
    const home = layout.get(city.count);
    if (!home) {
      if (this.countEl) this.countEl.remove();
      this.countEl = null;
      return;
    }
    if (!this.countEl) {
      this.countEl = s('g', { class: 'count-piece', 'data-testid': 'count', role: 'img' }, s('title'), s('g', { class: 'count-body' }, countShape()));
    }
    layer.append(this.countEl);
    this.countEl.setAttribute('data-quarter', city.count);
    this.countEl.setAttribute('aria-label', city.label);
    this.countEl.firstChild.textContent = city.label;
    this.countEl.style.transform = `translate(${home.countAt[0]}px, ${home.countAt[1]}px)`;
    this.scaleFigures();
  }

  /**
   * The variation "Rebuilding" (`rebuildHint`), or nothing: the tile lifted by a removal, faded
   * under a dashed frame where it still lies (`preview`: a removal hovered or chosen, not yet
   * sent); and each tile moved this turn, framed at its new place with a dashed arrow from the
   * place it left (a dashed square). Each carries its label in words. Under the places for a
   * tile, so that an old place that is free again can still be clicked.
   */
  setRebuild(hint) {
    const layer = clear(this.layers.rebuild);
    if (!hint) return;
    for (const m of hint.moves || []) {
      const [fx, fy] = [m.from.x * 100 + 50, m.from.y * 100 + 50];
      const [tx, ty] = [m.to.x * 100 + 50, m.to.y * 100 + 50];
      const d = Math.hypot(tx - fx, ty - fy) || 1;
      const [ux, uy] = [(tx - fx) / d, (ty - fy) / d];
      // From the old place's middle to the new place's edge, with a head.
      const [x2, y2] = [tx - ux * 38, ty - uy * 38];
      const head = `M${x2 - ux * 14 - uy * 9},${y2 - uy * 14 + ux * 9} L${x2},${y2} L${x2 - ux * 14 + uy * 9},${y2 - uy * 14 - ux * 9}`;
      layer.append(
        s(
          'g',
          {
            class: 'moved-tile',
            'data-testid': 'moved-tile',
            'data-x': m.to.x,
            'data-y': m.to.y,
            'data-from-x': m.from.x,
            'data-from-y': m.from.y,
            role: 'img',
            'aria-label': m.label,
          },
          s('title', {}, m.label),
          s('rect', { class: 'moved-from', x: m.from.x * 100 + 8, y: m.from.y * 100 + 8, width: 84, height: 84, rx: 8 }),
          d > 40 ? s('path', { class: 'moved-arrow', d: `M${fx},${fy} L${x2},${y2} ${head}` }) : null,
          s('rect', { class: 'moved-frame', x: m.to.x * 100 + 2.5, y: m.to.y * 100 + 2.5, width: 95, height: 95, rx: 5 }),
        ),
      );
    }
    const l = hint.lifted;
    if (l) {
      layer.append(
        s(
          'g',
          {
            class: `lifted-tile${l.preview ? ' preview' : ''}`,
            'data-testid': 'lifted-tile',
            'data-x': l.x,
            'data-y': l.y,
            'data-preview': l.preview ? 'true' : 'false',
            role: 'img',
            'aria-label': l.label,
          },
          s('title', {}, l.label),
          s('rect', { class: 'lifted-veil', x: l.x * 100, y: l.y * 100, width: 100, height: 100 }),
          s('rect', { class: 'lifted-frame', x: l.x * 100 + 4, y: l.y * 100 + 4, width: 92, height: 92, rx: 6 }),
        ),
      );
    }
  }

  /**
   * The feature a decision is about (The Count of Carcassonne's redeployment: the feature about
   * to be scored): its tile outlined and, when known, a glow where a figure would stand on it;
   * `null` for nothing.
   */
  setFocus(focus) {
    const layer = clear(this.layers.focus);
    if (!focus) return;
    const g = s('g', { class: 'focus', 'data-testid': 'focus', 'data-x': focus.x, 'data-y': focus.y, 'data-feature': focus.feature || '' });
    g.append(s('rect', { class: 'focus-tile', x: focus.x * 100 + 2, y: focus.y * 100 + 2, width: 96, height: 96, rx: 6 }));
    if (isPair(focus.at)) g.append(s('circle', { class: 'focus-glow', cx: (focus.x + focus.at[0]) * 100, cy: (focus.y + focus.at[1]) * 100, r: 20 }));
    if (focus.label) g.append(s('title', {}, focus.label));
    layer.append(g);
  }

  /**
   * The Tower: each tower (`towersOf`) at its foundation's anchor, as a stack of pieces with its
   * height in a badge (battlements once finished), labelled in words. A bare foundation gets
   * only a faint ring with its label: the tile shows the foundation.
   */
  setTowers(towers) {
    const layer = clear(this.layers.towers);
    this.towers = new Map();
    for (const t of towers || []) {
      this.towers.set(`${t.x},${t.y}`, t);
      const body = s('g', { class: 'tower-body' }, towerShape(t.height, t.finished));
      body.dataset.px = (t.x + t.at[0]) * 100;
      body.dataset.py = (t.y + t.at[1]) * 100;
      layer.append(
        s(
          'g',
          {
            class: `tower${t.finished ? ' finished' : ''}${t.height ? '' : ' bare'}`,
            'data-testid': 'tower',
            'data-x': t.x,
            'data-y': t.y,
            'data-height': t.height,
            'data-finished': t.finished ? 'true' : 'false',
            role: 'img',
            'aria-label': t.label,
          },
          s('title', {}, t.label),
          body,
        ),
      );
    }
    this.scaleFigures();
  }

  /**
   * The edge of the table (`tableEdge`), or nothing: the play area's outline (the positions
   * with |x| <= floor(W/2) and |y| <= floor(H/2)) and a light shade outside it, under the
   * tiles. It does not count for the board's bounds: zooming to fit shows the tiles.
   */
  setTable(edge) {
    const layer = clear(this.layers.table);
    if (!edge) return;
    const hw = Math.floor(edge.width / 2);
    const hh = Math.floor(edge.height / 2);
    const x0 = -hw * 100;
    const y0 = -hh * 100;
    const w = (2 * hw + 1) * 100;
    const hgt = (2 * hh + 1) * 100;
    const far = 1e6;
    let title = `Edge of the table (${edge.width} × ${edge.height} tiles)`;
    if (edge.complete) title += ': roads and cities that run into it are complete';
    layer.append(
      s('path', {
        class: 'table-outside',
        'fill-rule': 'evenodd',
        d: `M${-far},${-far} H${far} V${far} H${-far} Z M${x0},${y0} V${y0 + hgt} H${x0 + w} V${y0} Z`,
        'aria-hidden': 'true',
      }),
      s(
        'rect',
        {
          class: 'table-edge',
          'data-testid': 'table-edge',
          'data-width': edge.width,
          'data-height': edge.height,
          role: 'img',
          'aria-label': title,
          x: x0,
          y: y0,
          width: w,
          height: hgt,
        },
        s('title', {}, title),
      ),
    );
  }

  /** The Tower: the reach of a tower (`towerReach`) shaded over its row and column, or nothing. */
  setReach(reach) {
    const layer = clear(this.layers.reach);
    if (reach) layer.append(reachShape(reach));
  }

  /**
   * "A new lease of life" and "The dash": the move a marker stands for, while it is hovered or
   * chosen (`null`: none). `hint`: `{kind ('move' or 'war'), sources: [{x, y, feature, at}]
   * (the follower that moves, or both knights of a religious war), victims: [the same] (the monk
   * a religious war drives out), to: {x, y, at} (where they go), selected}`. Each source is
   * ringed (and its figure marked `moving`), with an arrow to where it would stand; a victim is
   * ringed in red (its figure marked `driven-out`).
   */
  setMoveHint(hint) {
    const layer = clear(this.layers.hints);
    for (const f of this.layers.figures.querySelectorAll('.moving, .driven-out')) f.classList.remove('moving', 'driven-out');
    if (!hint || !hint.to) return;
    const figureAt = (p) =>
      [...this.layers.figures.children].find((g) => Number(g.dataset.x) === p.x && Number(g.dataset.y) === p.y && g.dataset.feature === p.feature);
    // Where a figure stands as drawn (figures sharing a feature stand apart), or its anchor.
    const point = (p) => {
      const f = p.feature !== undefined ? figureAt(p) : null;
      if (f) return [Number(f.dataset.px), Number(f.dataset.py)];
      const at = isPair(p.at) ? p.at : [0.5, 0.5];
      return [(p.x + at[0]) * 100, (p.y + at[1]) * 100];
    };
    const [tx, ty] = point(hint.to);
    const g = s('g', { class: `move-hint ${hint.kind || 'move'}${hint.selected ? ' selected' : ''}`, 'data-testid': 'move-hint', 'data-kind': hint.kind || 'move', 'aria-hidden': 'true' });
    const ring = (p, cls, testid) => {
      const [x, y] = point(p);
      g.append(s('circle', { class: cls, 'data-testid': testid, 'data-x': p.x, 'data-y': p.y, 'data-feature': p.feature || '', 'data-r': 15, cx: x, cy: y, r: 15 }));
    };
    for (const src of hint.sources || []) {
      const [sx, sy] = point(src);
      const d = Math.hypot(tx - sx, ty - sy);
      if (d > 20) {
        // From the ring's edge to short of the target's marker, with a head.
        const ux = (tx - sx) / d;
        const uy = (ty - sy) / d;
        const [x1, y1] = [sx + ux * 16, sy + uy * 16];
        const [x2, y2] = [tx - ux * 14, ty - uy * 14];
        const head = `M${x2 - ux * 9 - uy * 6},${y2 - uy * 9 + ux * 6} L${x2},${y2} L${x2 - ux * 9 + uy * 6},${y2 - uy * 9 - ux * 6}`;
        g.append(s('path', { class: 'move-arrow', d: `M${x1},${y1} L${x2},${y2} ${head}` }));
      }
      ring(src, 'move-source', 'move-source');
      const f = figureAt(src);
      if (f) f.classList.add('moving');
    }
    for (const victim of hint.victims || []) {
      ring(victim, 'move-victim', 'move-victim');
      const f = figureAt(victim);
      if (f) f.classList.add('driven-out');
    }
    layer.append(g);
    this.scaleFigures();
  }

  /**
   * The Princess & the Dragon's neutral pieces (`boardPieces`): the dragon on its tile, the
   * fairy beside its follower, and the tiles the dragon has crossed in the move under way,
   * joined by a faint line. The pieces are kept from one call to the next, so that a piece
   * that moves glides to its new place.
   */
  setPieces({ dragon = null, fairy = null, path = [] } = {}) {
    const trail = clear(this.layers.path);
    if (path.length) {
      const g = s('g', { class: 'dragon-path', 'data-testid': 'dragon-path', 'data-steps': path.length - 1 });
      for (const [x, y] of path) {
        g.append(s('rect', { class: 'dragon-visited', 'data-x': x, 'data-y': y, x: x * 100 + 6, y: y * 100 + 6, width: 88, height: 88, rx: 10 }));
      }
      if (path.length > 1) {
        g.append(s('polyline', { class: 'dragon-trail', points: path.map(([x, y]) => `${x * 100 + 50},${y * 100 + 50}`).join(' ') }));
      }
      g.append(s('title', {}, 'Where the dragon has been in this move: it may not go there again'));
      trail.append(g);
    }
    this.placePiece('dragon', dragon, 0.95, dragonShape, dragon && [dragon.x + 0.5, dragon.y + 0.5]);
    this.placePiece('fairy', fairy, 1.3, fairyShape, fairy && [fairy.x + fairy.at[0], fairy.y + fairy.at[1]]);
  }

  /** Puts a neutral piece at `at` (tile units), or takes it away when `piece` is null. */
  placePiece(name, piece, k, shape, at) {
    let el = this.pieces[name];
    if (!piece) {
      if (el) el.remove();
      delete this.pieces[name];
      return;
    }
    if (!el) {
      const body = s('g', { class: 'piece-body' }, shape());
      body.dataset.k = k;
      el = s('g', { class: `piece ${name}`, 'data-testid': name, role: 'img' }, s('title'), body);
      this.layers.pieces.append(el);
      this.pieces[name] = el;
    }
    el.setAttribute('data-x', piece.x);
    el.setAttribute('data-y', piece.y);
    if (piece.seat !== null && piece.seat !== undefined) el.setAttribute('data-seat', piece.seat);
    else el.removeAttribute('data-seat');
    el.setAttribute('aria-label', piece.label);
    el.firstChild.textContent = piece.label;
    // A CSS transform (not the attribute), so that a change of place can be animated.
    el.style.transform = `translate(${at[0] * 100}px, ${at[1] * 100}px)`;
    this.scaleFigures();
  }

  /**
   * Highlighted squares: [{x, y, fits, selected, title, kind, testid}]. For a tile to place
   * (the default kind) they are the legal positions, `fits` when the tile fits there in the
   * current rotation (a stronger highlight); kind `mountain` a site where the tile may go upside
   * down as a mountain (the variation "Mountains", grey); kind `dragon-step` marks a tile the dragon may
   * step onto, drawn over the figures there (they are the ones it would eat) so that all of
   * the tile can be clicked.
   */
  setSpots(spots) {
    clear(this.layers.spots);
    clear(this.layers.steps);
    for (const p of spots || []) {
      const layer = p.kind === 'dragon-step' ? this.layers.steps : this.layers.spots;
      const cls = ['spot', p.kind || (p.fits ? 'fits' : 'other'), p.selected ? 'selected' : ''].join(' ');
      layer.append(
        s(
          'rect',
          {
            class: cls,
            'data-testid': p.testid || 'spot',
            'data-spot': p.kind || 'place',
            'data-x': p.x,
            'data-y': p.y,
            'data-fits': p.fits ? 'true' : 'false',
            role: 'button',
            'aria-label': p.title || 'a place for the tile',
            'aria-pressed': p.selected ? 'true' : 'false',
            x: p.x * 100 + 3,
            y: p.y * 100 + 3,
            width: 94,
            height: 94,
            rx: 8,
          },
          p.title ? s('title', {}, p.title) : null,
        ),
      );
    }
    this.spots = spots || [];
    this.updateBounds();
  }

  /** The tile being placed, drawn half transparent at a position (or nothing). */
  setGhost(ghost) {
    const layer = clear(this.layers.ghost);
    if (!ghost) return;
    const g = s('g', { class: `ghost-tile${ghost.selected ? ' selected' : ''}`, 'data-testid': 'ghost-tile', 'data-tile': ghost.tile, 'data-x': ghost.x, 'data-y': ghost.y });
    g.append(tileUse(ghost.tile, ghost.x, ghost.y, ghost.rotation));
    g.append(
      s('rect', {
        class: 'ghost-frame',
        x: ghost.x * 100 + 1.5,
        y: ghost.y * 100 + 1.5,
        width: 97,
        height: 97,
        rx: 3,
      }),
    );
    layer.append(g);
  }

  /**
   * Clickable markers: [{key, kind, x, y (tile units, may be fractional), tx, ty (the tile),
   * testid, title, selected, preview: {kind, hex, feature}}]. The kind sets the marker's look
   * (a dot for deployments; a sparkle for the fairy, a crown for the princess, an arch for the
   * magic gate; a wide ring around a tower, a ring with ticks around a figure a tower, or under
   * the variation "Prisoners" the player, may take prisoner; with "A new lease of life" an
   * arrow where a follower would move to, `from` naming that follower, and crossed swords beside
   * a cloister of a religious war). A selected marker shows the figure (or the fairy) it would
   * put there.
   * Markers keep a size a finger can hit at every zoom, and are pushed apart where they would
   * overlap, with a line back to where the figure would stand (`layoutMarkers`).
   */
  setMarkers(markers) {
    const layer = clear(this.layers.markers);
    this.markers = (markers || []).map((m) => {
      const g = s('g', {
        class: `marker ${m.kind || ''}${m.selected ? ' selected' : ''}`,
        'data-testid': m.testid || 'marker',
        'data-marker': m.key,
        'data-feature': m.feature || '',
        'data-x': Number.isFinite(m.tx) ? m.tx : null,
        'data-y': Number.isFinite(m.ty) ? m.ty : null,
        'data-quarter': m.quarter || null,
        'data-figure': m.figure || null,
        // "A new lease of life": the follower a move takes ("x,y,feature").
        'data-from': m.from || null,
        role: 'button',
        'aria-label': m.title || 'a figure placement',
        'aria-pressed': m.selected ? 'true' : 'false',
      });
      const line = s('line', { class: 'marker-leader' });
      const inner = s('g', { class: 'marker-body' });
      inner.append(s('circle', { class: 'marker-ring', r: 12 }));
      if (m.selected && m.preview && m.preview.kind === 'fairy') {
        inner.append(s('g', { transform: 'scale(0.85)' }, fairyShape({ ghost: true })));
      } else if (m.selected && m.preview && m.preview.kind === 'count') {
        inner.append(s('g', { transform: 'scale(0.62) translate(0 2)' }, countShape({ ghost: true })));
      } else if (m.selected && m.preview) {
        inner.append(figureShape(m.preview.kind, m.preview.hex, { feature: m.preview.feature, scale: 0.85, ghost: true }));
      } else {
        const icon = markerIcon(m.kind, m);
        if (icon) inner.append(icon);
      }
      if (m.title) g.append(s('title', {}, m.title));
      g.append(line, inner);
      layer.append(g);
      return { ...m, g, line, inner };
    });
    this.layoutMarkers();
  }

  /** The world radius of a marker at the current zoom: at least 14 px on screen (20 for fingers). */
  markerRadius() {
    const px = coarsePointer() ? 20 : 14;
    return Math.min(34, Math.max(12, px / this.view.scale));
  }

  /** Places the markers at the current zoom: pushed apart until none overlaps another. */
  layoutMarkers() {
    if (!this.markers.length) return;
    const r = this.markerRadius();
    const pts = this.markers.map((m) => ({ x: m.x * 100, y: m.y * 100 }));
    const gap = 2.2 * r;
    for (let iter = 0; iter < 40; iter++) {
      let moved = false;
      for (let i = 0; i < pts.length; i++) {
        for (let j = i + 1; j < pts.length; j++) {
          let dx = pts[j].x - pts[i].x;
          let dy = pts[j].y - pts[i].y;
          let d = Math.hypot(dx, dy);
          if (d >= gap) continue;
          if (d < 0.01) {
            // Two anchors on one point: part them along a direction of their own.
            const angle = (j * 2.4) % (2 * Math.PI);
            dx = Math.cos(angle);
            dy = Math.sin(angle);
            d = 1;
          }
          const push = (gap - d) / 2 + 0.01;
          pts[i].x -= (dx / d) * push;
          pts[i].y -= (dy / d) * push;
          pts[j].x += (dx / d) * push;
          pts[j].y += (dy / d) * push;
          moved = true;
        }
      }
      if (!moved) break;
    }
    this.markers.forEach((m, i) => {
      const p = pts[i];
      const ax = m.x * 100;
      const ay = m.y * 100;
      m.g.setAttribute('data-px', p.x.toFixed(1));
      m.g.setAttribute('data-py', p.y.toFixed(1));
      m.inner.setAttribute('transform', `translate(${p.x} ${p.y}) scale(${r / 12})`);
      // A tower's marker rings the whole tower (as drawn at this zoom), its height badge too.
      if (m.kind === 'tower') m.inner.firstChild.setAttribute('r', Math.max(17, ((TOWER_SPAN + 2) * this.growth() * 12) / r).toFixed(1));
      const away = Math.hypot(p.x - ax, p.y - ay) > 1;
      m.line.setAttribute('x1', ax);
      m.line.setAttribute('y1', ay);
      m.line.setAttribute('x2', p.x);
      m.line.setAttribute('y2', p.y);
      m.line.style.display = away ? '' : 'none';
      m.line.style.strokeWidth = String(2 / this.view.scale);
    });
  }

  /** How much figures, pieces and towers are enlarged at the current zoom (1 to 3). */
  growth() {
    return Math.min(3, Math.max(1, 0.75 / this.view.scale));
  }

  /** Figures and pieces stay big enough to tell apart when the board is zoomed out. */
  scaleFigures() {
    const grow = this.growth();
    for (const g of [...this.layers.barns.children, ...this.layers.figures.children]) {
      const { px, py, k, lift } = g.dataset;
      g.setAttribute('transform', `translate(${px} ${py}) scale(${Number(k) * grow}) translate(0 ${Number(lift) || 0})`);
    }
    // The figures waiting in Carcassonne and the count grow less: they share their quarter.
    const cityGrow = Math.min(grow, CITY_GROWTH);
    for (const g of this.layers.city.querySelectorAll('[data-testid=resident]')) {
      const { px, py, k } = g.dataset;
      g.setAttribute('transform', `translate(${px} ${py}) scale(${Number(k) * cityGrow})`);
    }
    for (const body of this.layers.city.querySelectorAll('.count-body')) body.setAttribute('transform', `scale(${COUNT_SIZE * cityGrow})`);
    for (const body of this.layers.towers.querySelectorAll('.tower-body')) {
      body.setAttribute('transform', `translate(${body.dataset.px} ${body.dataset.py}) scale(${grow})`);
    }
    for (const body of this.layers.pieces.querySelectorAll('.piece-body')) {
      body.setAttribute('transform', `scale(${Number(body.dataset.k) * grow})`);
    }
    // The rings of a move's hint keep around their figures as these grow.
    for (const ring of this.layers.hints.querySelectorAll('circle[data-r]')) ring.setAttribute('r', (Number(ring.dataset.r) * grow).toFixed(1));
  }

  // ---- pan and zoom --------------------------------------------------------------------

  updateBounds() {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const p of [...(this.tiles || []), ...(this.spots || [])]) {
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x + 1);
      maxY = Math.max(maxY, p.y + 1);
    }
    this.bounds = Number.isFinite(minX) ? { minX, minY, maxX, maxY } : { minX: -1, minY: -1, maxX: 2, maxY: 2 };
    if (this.autoFit) this.fit();
  }

  size() {
    const r = this.svg.getBoundingClientRect();
    return { w: r.width || 800, h: r.height || 600 };
  }

  fit() {
    const b = this.bounds || { minX: -1, minY: -1, maxX: 2, maxY: 2 };
    const { w, h } = this.size();
    const margin = 0.6;
    const bw = (b.maxX - b.minX + 2 * margin) * 100;
    const bh = (b.maxY - b.minY + 2 * margin) * 100;
    const scale = Math.max(0.12, Math.min(1.3, Math.min(w / bw, h / bh)));
    const cx = ((b.minX + b.maxX) / 2) * 100;
    const cy = ((b.minY + b.maxY) / 2) * 100;
    this.view = { scale, tx: w / 2 - cx * scale, ty: h / 2 - cy * scale };
    this.apply();
  }

  apply() {
    const { scale, tx, ty } = this.view;
    this.viewport.setAttribute('transform', `translate(${tx} ${ty}) scale(${scale})`);
    this.svg.style.setProperty('--zoom', String(scale));
    this.layoutMarkers();
    this.scaleFigures();
  }

  /** Zooms by `factor` keeping the screen point (sx, sy) (default: the centre) in place. */
  zoomBy(factor, sx, sy) {
    const { w, h } = this.size();
    if (sx === undefined) {
      sx = w / 2;
      sy = h / 2;
    }
    const v = this.view;
    const scale = Math.max(0.08, Math.min(3, v.scale * factor));
    const k = scale / v.scale;
    this.view = { scale, tx: sx - (sx - v.tx) * k, ty: sy - (sy - v.ty) * k };
    this.autoFit = false;
    this.apply();
  }

  panBy(dx, dy) {
    this.view = { ...this.view, tx: this.view.tx + dx, ty: this.view.ty + dy };
    this.autoFit = false;
    this.apply();
  }

  /** Pans (without zooming) so that the tile at (x, y) is in sight, if it is not. */
  reveal(x, y) {
    const { w, h } = this.size();
    const { scale, tx, ty } = this.view;
    const left = x * 100 * scale + tx;
    const top = y * 100 * scale + ty;
    const size = 100 * scale;
    const pad = Math.min(40, w / 8);
    let dx = 0;
    let dy = 0;
    if (left < pad) dx = pad - left;
    else if (left + size > w - pad) dx = w - pad - size - left;
    if (top < pad) dy = pad - top;
    else if (top + size > h - pad) dy = h - pad - size - top;
    if (dx || dy) this.panBy(dx, dy);
  }

  /**
   * Mouse: drag to pan, wheel to zoom. Touch: one finger pans, two fingers pinch to zoom (and
   * pan); a tap is a click. A press that moved more than a few pixels is not a click.
   */
  installPanZoom() {
    const svg = this.svg;
    const pointers = new Map(); // pointerId -> {x, y}
    let press = null; // {x, y, moved}
    let pinch = null; // {dist, scale, wx, wy}
    this.justDragged = false;

    svg.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const r = svg.getBoundingClientRect();
        // Pixel and line deltas alike: one notch of a mouse wheel is about 10-15 %.
        const delta = e.deltaMode === 1 ? e.deltaY * 33 : e.deltaY;
        this.zoomBy(Math.exp(-delta * 0.0012), e.clientX - r.left, e.clientY - r.top);
      },
      { passive: false },
    );

    const local = (p) => {
      const r = svg.getBoundingClientRect();
      return { x: p.x - r.left, y: p.y - r.top };
    };
    const startPinch = () => {
      const [a, b] = [...pointers.values()];
      const mid = local({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      const v = this.view;
      pinch = { dist: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), scale: v.scale, wx: (mid.x - v.tx) / v.scale, wy: (mid.y - v.ty) / v.scale };
    };

    svg.addEventListener('pointerdown', (e) => {
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (pointers.size === 1) {
        this.justDragged = false;
        press = { x: e.clientX, y: e.clientY, moved: false };
      } else if (pointers.size === 2) {
        if (press) press.moved = true; // a pinch is never a tap
        startPinch();
      }
    });
    svg.addEventListener('pointermove', (e) => {
      const p = pointers.get(e.pointerId);
      if (!p) return;
      p.x = e.clientX;
      p.y = e.clientY;
      if (pointers.size >= 2 && pinch) {
        const [a, b] = [...pointers.values()];
        const mid = local({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
        const scale = Math.max(0.08, Math.min(3, (pinch.scale * Math.hypot(a.x - b.x, a.y - b.y)) / pinch.dist));
        this.view = { scale, tx: mid.x - pinch.wx * scale, ty: mid.y - pinch.wy * scale };
        this.autoFit = false;
        this.apply();
        return;
      }
      if (!press) return;
      const dx = e.clientX - press.x;
      const dy = e.clientY - press.y;
      // A few pixels of wobble are still a click, not a drag (more for a finger).
      const slop = e.pointerType === 'touch' ? 10 : 5;
      if (!press.moved && Math.hypot(dx, dy) < slop) return;
      if (!press.moved) {
        press.moved = true;
        svg.setPointerCapture(e.pointerId);
        svg.classList.add('dragging');
      }
      press.x = e.clientX;
      press.y = e.clientY;
      this.panBy(dx, dy);
    });
    const release = (e) => {
      if (!pointers.delete(e.pointerId)) return;
      if (pointers.size === 1) {
        // One finger left after a pinch: it pans on from where it is, without a jump.
        const [rest] = [...pointers.values()];
        pinch = null;
        press = { x: rest.x, y: rest.y, moved: true };
        return;
      }
      if (pointers.size === 0) {
        this.justDragged = !!press && press.moved;
        svg.classList.remove('dragging');
        press = null;
        pinch = null;
      }
    };
    svg.addEventListener('pointerup', release);
    svg.addEventListener('pointercancel', release);

    svg.addEventListener('click', (e) => {
      if (this.justDragged) {
        this.justDragged = false;
        return;
      }
      const spot = e.target.closest('[data-spot]');
      if (spot && this.handlers.onSpotClick) {
        this.handlers.onSpotClick(Number(spot.dataset.x), Number(spot.dataset.y));
        return;
      }
      const marker = e.target.closest('[data-marker]');
      if (marker && this.handlers.onMarkerClick) this.handlers.onMarkerClick(marker.dataset.marker);
    });

    let hovered = null;
    let hoveredMarker = null;
    svg.addEventListener('pointerover', (e) => {
      // A finger has no hover: its tap selects, and a hover ghost would only flicker.
      if (e.pointerType === 'touch') return;
      // A marker under the pointer (a move's target shows the follower that would move).
      const marker = e.target.closest('[data-marker]');
      const markerKey = marker ? marker.dataset.marker : null;
      if (markerKey !== hoveredMarker) {
        hoveredMarker = markerKey;
        if (this.handlers.onMarkerHover) this.handlers.onMarkerHover(markerKey);
      }
      const spot = e.target.closest('[data-spot]');
      const key = spot ? `${spot.dataset.x},${spot.dataset.y}` : null;
      if (key === hovered) return;
      hovered = key;
      if (this.handlers.onSpotHover) {
        this.handlers.onSpotHover(spot ? Number(spot.dataset.x) : null, spot ? Number(spot.dataset.y) : null);
      }
    });
    svg.addEventListener('pointerleave', () => {
      hovered = null;
      if (hoveredMarker !== null && this.handlers.onMarkerHover) this.handlers.onMarkerHover(null);
      hoveredMarker = null;
      if (this.handlers.onSpotHover) this.handlers.onSpotHover(null, null);
    });
  }
}
