// The Count of Carcassonne in the browser: the view's `carcassonne` field read defensively
// (docs/api.md, "The Count of Carcassonne"), where each quarter of the city is drawn and what
// stands in it, and the count's picture. Shared by the game view, the replay viewer and the
// panels; it draws nothing by itself (the board draws the quarters, `Board.setCity`).

import { s, isPair } from './ui.js';

/** Short words for the board: the quarter's name and what its figures may go to. */
const QUARTER_NAMES = { castle: 'Castle', market: 'Market', blacksmith: 'Blacksmith', cathedral: 'Cathedral' };
const FEEDS_WORDS = { city: 'to cities', road: 'to roads', cloister: 'to cloisters', field: 'to farms' };

/** Whether a catalog id is one of the twelve tiles of the city of Carcassonne. */
export function isCityTile(tile) {
  return /^count:/.test(String(tile || ''));
}

/**
 * The view's city of Carcassonne, checked, or null without the expansion:
 * {count, label, quarters: [{quarter, feeds, at, blocked, residents: [{seat, figure, label}],
 * label, name, to}]}. A quarter without a usable `at` or name is left out, so is a malformed
 * resident.
 */
export function cityOf(view) {
  const c = view && view.carcassonne;
  if (!c || typeof c !== 'object' || !Array.isArray(c.quarters)) return null;
  const quarters = c.quarters
    .filter((q) => q && typeof q.quarter === 'string' && isPair(q.at))
    .map((q) => {
      const name = QUARTER_NAMES[q.quarter] || q.quarter;
      const residents = (Array.isArray(q.residents) ? q.residents : [])
        .filter((r) => r && Number.isInteger(r.seat) && typeof r.figure === 'string')
        .map((r) => ({ seat: r.seat, figure: r.figure, label: typeof r.label === 'string' && r.label ? r.label : 'A figure' }));
      return {
        quarter: q.quarter,
        feeds: typeof q.feeds === 'string' ? q.feeds : '',
        at: q.at,
        blocked: q.blocked === true || q.quarter === c.count,
        residents,
        label: typeof q.label === 'string' && q.label ? q.label : `The ${name.toLowerCase()} quarter`,
        name,
        to: FEEDS_WORDS[q.feeds] || '',
      };
    });
  if (!quarters.length) return null;
  const count = typeof c.count === 'string' ? c.count : null;
  return { count, label: typeof c.label === 'string' && c.label ? c.label : 'The count', quarters };
}

/** How many figures of `seat` wait in Carcassonne (0 without the expansion). */
export function residentsOf(city, seat) {
  if (!city) return 0;
  return city.quarters.reduce((n, q) => n + q.residents.filter((r) => r.seat === seat).length, 0);
}

// A quarter's area is drawn around its `at`, as large as the spacing of the quarters allows
// (world units: a tile is 100). Inside: its name and what it feeds at the top left, the count
// (where it stands) at the top right, the waiting figures in rows from the bottom left, and the
// markers of a decision at the bottom right.
const MARGIN = 6;
const RESIDENT_STEP = 26;
const RESIDENT_SCALE = 0.78;
/**
 * How much the figures in a quarter and the count grow at most when the board is zoomed out
 * (the board's own figures grow up to three times): as much as their places leave room for.
 */
export const CITY_GROWTH = 1.3;

/**
 * Where everything of each quarter goes, in world units: `quarter -> {x0, y0, w, h, countAt,
 * residentAt(i), markerAt(k)}`. `residentAt` gives null past the room there is.
 */
export function cityLayout(city) {
  const out = new Map();
  if (!city) return out;
  const xs = [...new Set(city.quarters.map((q) => q.at[0]))].sort((a, b) => a - b);
  const ys = [...new Set(city.quarters.map((q) => q.at[1]))].sort((a, b) => a - b);
  const gap = (list, fallback) => (list.length > 1 ? Math.min(...list.slice(1).map((v, i) => v - list[i])) : fallback);
  const w = Math.max(80, Math.min(170, gap(xs, 1.5) * 100 - 2 * MARGIN));
  const hgt = Math.max(70, Math.min(110, gap(ys, 1) * 100 - 2 * MARGIN));
  const perRow = Math.max(1, Math.floor((w - 16) / RESIDENT_STEP));
  for (const q of city.quarters) {
    const cx = q.at[0] * 100;
    const cy = q.at[1] * 100;
    const x0 = cx - w / 2;
    const y0 = cy - hgt / 2;
    out.set(q.quarter, {
      x0,
      y0,
      w,
      h: hgt,
      countAt: [x0 + w - 16, y0 + 25],
      // The rows fill upwards from the bottom, two at most.
      residentAt: (i) => (i >= 2 * perRow ? null : [x0 + 16 + (i % perRow) * RESIDENT_STEP, y0 + hgt - 15 - Math.floor(i / perRow) * 24]),
      markerAt: (k) => [x0 + w - 20 - k * 30, y0 + hgt - 30],
    });
  }
  return out;
}

/** The size of a figure waiting in a quarter, relative to the board's figures. */
export const residentScale = RESIDENT_SCALE;

// The count: a tall figure in a long robe with a gold crown, in the dark violet of a neutral
// piece (no seat's colour), centred on (0, 0), about 30 units tall.
const COUNT_ROBE = 'M-3.2,-5.4 A4.2,4.2 0 1 1 3.2,-5.4 L6.4,-2.2 L9.6,1.6 Q10.6,3.4 8.8,3.9 L6.2,2.2 Q7.6,7 9,13 L-9,13 Q-7.6,7 -6.2,2.2 L-8.8,3.9 Q-10.6,3.4 -9.6,1.6 L-6.4,-2.2 Z';
const COUNT_CROWN = 'M-4.6,-10.6 L-5.2,-15.8 L-2.6,-13.2 L0,-17 L2.6,-13.2 L5.2,-15.8 L4.6,-10.6 Z';

/** The count's picture (no position); `ghost` for a preview. */
export function countShape({ ghost = false } = {}) {
  return s(
    'g',
    { class: `count-art${ghost ? ' ghost' : ''}` },
    s('path', { class: 'count-robe', d: COUNT_ROBE }),
    s('path', { class: 'count-sash', d: 'M-5.6,2.6 L5.8,9.6' }),
    s('path', { class: 'count-crown', d: COUNT_CROWN }),
  );
}

/** The count as its own little <svg>, for panels and buttons. */
export function countIcon(size = 20) {
  return s('svg', { class: 'count-icon', viewBox: '-12 -18 24 32', width: size, height: size, 'aria-hidden': 'true' }, countShape());
}

/** The city of Carcassonne as a small picture (a wall with two towers), for panels. */
export function cityIcon(size = 18) {
  return s(
    'svg',
    { class: 'city-icon', viewBox: '-10 -10 20 20', width: size, height: size, 'aria-hidden': 'true' },
    s('path', {
      class: 'city-icon-wall',
      d: 'M-9,8 V-5 H-7 V-7 H-5 V-5 H-3 V-7 H-1 V-2 H1 V-7 H3 V-5 H5 V-7 H7 V-5 H9 V8 Z',
    }),
    s('path', { class: 'city-icon-gate', d: 'M-2.4,8 V4 A2.4,2.4 0 0 1 2.4,4 V8 Z' }),
  );
}
