// Tile pictures. The server draws every design once (GET /api/tiles); each design a page needs
// goes once into the <defs> of one hidden sprite <svg>, and the board, the drawn-tile preview
// and the tile counter all <use> it, so a design's drawing is in the document only once.

import { getTiles } from './api.js';
import { s } from './ui.js';

let art = {};
let sprite = null;
const defined = new Set();

/** Loads the drawings (once per page). */
export async function loadTiles() {
  art = await getTiles();
  return art;
}

/** The id of a design's group in the sprite: ids may not contain ':'. */
export function tileRef(tile) {
  return `tile-${String(tile).replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

function defs() {
  if (!sprite) {
    // Not display:none: some browsers then refuse to render what <use> points at.
    sprite = s('svg', { class: 'tile-sprite', width: 0, height: 0, 'aria-hidden': 'true', focusable: 'false' });
    sprite.append(s('defs'));
    document.body.prepend(sprite);
  }
  return sprite.firstChild;
}

/** Puts a design into the sprite if it is not there yet. */
export function defineTile(tile) {
  if (defined.has(tile)) return;
  defined.add(tile);
  const group = s('g', { id: tileRef(tile) });
  const markup = art[tile];
  if (markup) {
    // innerHTML on an SVG element parses its children as SVG.
    group.innerHTML = markup;
  } else {
    // An unknown design still shows as a labelled square rather than a hole in the board.
    group.append(
      s('rect', { x: 0, y: 0, width: 100, height: 100, fill: '#d9d4c7', stroke: '#8a8474' }),
      s('text', { x: 50, y: 55, 'text-anchor': 'middle', 'font-size': 12, fill: '#333' }, tile),
    );
  }
  defs().append(group);
}

/** A <use> of a design at board position (x, y) turned clockwise by `rotation` degrees. */
export function tileUse(tile, x, y, rotation, attrs = {}) {
  defineTile(tile);
  return s('use', {
    href: `#${tileRef(tile)}`,
    transform: `translate(${x * 100} ${y * 100}) rotate(${rotation || 0} 50 50)`,
    ...attrs,
  });
}

/** A small standalone picture of a design, for panels. */
export function tileThumb(tile, rotation = 0, attrs = {}) {
  defineTile(tile);
  return s(
    'svg',
    { viewBox: '0 0 100 100', class: 'tile-thumb', role: 'img', 'aria-label': tile, ...attrs },
    // The tooltip says what the tile shows when the caller gave it in words.
    s('title', {}, attrs['aria-label'] || tile),
    s('use', { href: `#${tileRef(tile)}`, transform: `rotate(${rotation || 0} 50 50)` }),
  );
}
