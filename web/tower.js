// The Tower in the browser: the towers' pictures on the board, their reach, and the view's tower
// fields read defensively (docs/api.md, "The Tower"). Shared by the game view, the replay viewer
// and the panels; it draws nothing by itself.

import { s, isPair } from './ui.js';

// A tower is drawn as up to three stacked stone blocks on its foundation, centred on the
// foundation's anchor (world units: a tile is 100), with its height in a badge at its foot; a
// finished tower has battlements and a gold badge, and its guard stands on top.
const BLOCK_W = 22;
const BLOCK_H = 6.4;
const FOOT = 9; // the bottom of the lowest block, below the anchor
const BLOCKS_SHOWN = 3;
const BADGE = { cx: 15, cy: 6, r: 8 };
/** How far a tower's drawing reaches from its anchor (its height badge), before the zoom's growth. */
export const TOWER_SPAN = Math.hypot(BADGE.cx, BADGE.cy) + BADGE.r;

/** How many blocks a tower of `height` pieces shows (the badge has the exact number). */
function blocksShown(height) {
  return Math.max(0, Math.min(BLOCKS_SHOWN, height));
}

/** The top of a tower's drawing, relative to its anchor (before the board's zoom growth). */
function towerTop(height) {
  return FOOT - blocksShown(height) * BLOCK_H;
}

/**
 * How far a guard is lifted (in a follower's own units, `scale` being the figure's size) so
 * that it stands on top of its tower rather than inside it.
 */
export function guardLift(height, scale) {
  const feet = 9; // a follower's outline reaches down to y = 9
  return (towerTop(height) - 0.5) / scale - feet;
}

/**
 * The picture of a tower (no position): `height` pieces, `finished` with a follower on top. A
 * bare foundation (height 0) has no picture of its own (the tile shows the foundation), only a
 * faint ring that carries its label.
 */
export function towerShape(height, finished) {
  const g = s('g', { class: `tower-art${finished ? ' finished' : ''}` });
  if (height <= 0) {
    g.append(s('circle', { class: 'tower-foundation', r: 13 }));
    return g;
  }
  const n = blocksShown(height);
  for (let i = 0; i < n; i++) {
    g.append(s('rect', { class: 'tower-block', x: -BLOCK_W / 2, y: FOOT - (i + 1) * BLOCK_H, width: BLOCK_W, height: BLOCK_H, rx: 0.8 }));
  }
  const top = towerTop(height);
  if (finished) {
    for (const x of [-BLOCK_W / 2, -2.2, BLOCK_W / 2 - 4.4]) {
      g.append(s('rect', { class: 'tower-block', x, y: top - 4, width: 4.4, height: 4.4 }));
    }
  }
  g.append(
    s('circle', { class: 'tower-badge', ...BADGE }),
    s('text', { class: 'tower-height', x: BADGE.cx, y: BADGE.cy + 4, 'text-anchor': 'middle' }, height),
  );
  return g;
}

/** A little tower for markers, buttons and panels (no badge), centred on (0, 0), about 12 across. */
export function towerGlyph() {
  return s(
    'g',
    { class: 'tower-glyph' },
    s('path', { d: 'M-5,6 L-5,-3 L-6,-3 L-6,-7 L-3.6,-7 L-3.6,-5 L-1.2,-5 L-1.2,-7 L1.2,-7 L1.2,-5 L3.6,-5 L3.6,-7 L6,-7 L6,-3 L5,-3 L5,6 Z' }),
    s('path', { class: 'tower-glyph-line', d: 'M-5,0.5 H5 M-5,3.3 H5 M-1.5,6 V3.8 A1.5,1.5 0 0 1 1.5,3.8 V6' }),
  );
}

/** A tower glyph as its own little <svg>, for panels and buttons. */
export function towerIcon(size = 18) {
  return s('svg', { class: 'tower-icon', viewBox: '-8 -9 16 17', width: size, height: size, 'aria-hidden': 'true' }, towerGlyph());
}

/** The view's towers, each checked: [{x, y, height, finished, at, label}]; anything malformed is left out. */
export function towersOf(view) {
  const list = view && Array.isArray(view.towers) ? view.towers : [];
  return list
    .filter((t) => t && Number.isInteger(t.x) && Number.isInteger(t.y))
    .map((t) => ({
      x: t.x,
      y: t.y,
      height: Number.isInteger(t.height) && t.height > 0 ? t.height : 0,
      finished: t.finished === true,
      at: isPair(t.at) ? t.at : [0.5, 0.5],
      label: typeof t.label === 'string' && t.label ? t.label : 'A tower',
    }));
}

/**
 * The tower whose reach the board shows, or null: during a capture, the tower just built on;
 * while a player has a piece for a tower chosen (not yet sent), that tower one piece higher.
 * The reach is the tower's tile and, in each of the four directions, as many tiles as the tower
 * is high (across holes and other towers).
 */
export function towerReach(view, choice) {
  const towers = towersOf(view);
  const find = (x, y) => towers.find((t) => t.x === x && t.y === y);
  const p = (view && view.pending) || {};
  if (p.decision === 'capture' && Number.isInteger(p.x) && Number.isInteger(p.y)) {
    const t = find(p.x, p.y);
    return t ? { x: t.x, y: t.y, height: t.height, preview: false } : null;
  }
  if (choice && choice.action === 'build-tower') {
    const t = find(choice.x, choice.y);
    return t ? { x: t.x, y: t.y, height: t.height + 1, preview: true } : null;
  }
  return null;
}

/** A reach's picture: a cross over the tower's row and column, `height` tiles each way. */
export function reachShape(reach) {
  const { x, y, height } = reach;
  const g = s('g', {
    class: `tower-reach${reach.preview ? ' preview' : ''}`,
    'data-testid': 'tower-reach',
    'data-x': x,
    'data-y': y,
    'data-height': height,
  });
  const band = (bx, by, w, hgt) => s('rect', { class: 'reach-band', x: bx * 100 + 4, y: by * 100 + 4, width: w * 100 - 8, height: hgt * 100 - 8, rx: 10 });
  g.append(band(x - height, y, 2 * height + 1, 1), band(x, y - height, 1, 2 * height + 1));
  g.append(s('rect', { class: 'reach-centre', x: x * 100 + 4, y: y * 100 + 4, width: 92, height: 92, rx: 10 }));
  const tiles = height === 1 ? '1 tile' : `${height} tiles`;
  g.append(s('title', {}, reach.preview ? `With one more piece the tower would reach ${tiles} each way along its row and column` : `The tower's reach: its tile and ${tiles} each way along its row and column`));
  return g;
}
