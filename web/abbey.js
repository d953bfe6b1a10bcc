// Abbey & Mayor in the browser: the view's barns and abbeys read defensively (docs/api.md,
// "Abbey & Mayor"), and the abbey tile's picture for panels. Shared by the game view, the
// replay viewer and the panels; it draws nothing by itself (the mayor's, the wagon's and the
// barn's shapes are the board's figures).

import { isPair } from './ui.js';
import { tileThumb } from './tiles.js';

/** The catalog id of the abbey tile each player holds. */
export const ABBEY_TILE = 'abbey-mayor:abbey';

const CORNERS = { NE: [1, 0], SE: [1, 1], SW: [0, 1], NW: [0, 0] };

/** The view's barns, each checked: [{seat, x, y, corner, at, label}]; anything malformed is left out. */
export function barnsOf(view) {
  const list = view && Array.isArray(view.barns) ? view.barns : [];
  return list
    .filter((b) => b && Number.isInteger(b.x) && Number.isInteger(b.y) && Number.isInteger(b.seat))
    .map((b) => ({
      seat: b.seat,
      x: b.x,
      y: b.y,
      corner: typeof b.corner === 'string' ? b.corner : '',
      at: isPair(b.at) ? b.at : CORNERS[b.corner] || [0, 0],
      label: typeof b.label === 'string' && b.label ? b.label : 'A barn',
    }));
}

/** Whether a seat still holds its abbey tile: true, false, or null without the expansion. */
export function holdsAbbey(seat) {
  return seat && typeof seat.abbey === 'boolean' ? seat.abbey : null;
}

/** A small picture of the abbey tile, for panels and buttons. */
export function abbeyThumb(size, label = 'the abbey tile') {
  return tileThumb(ABBEY_TILE, 0, { class: 'tile-thumb abbey-thumb', width: size, height: size, 'aria-label': label });
}
