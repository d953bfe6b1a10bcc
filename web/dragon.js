// The Princess & the Dragon in the browser: the view's dragon, fairy and the dragon's move read
// defensively (docs/api.md, "The Princess & the Dragon"), for the board. Shared by the game view
// and the replay viewer; it draws nothing by itself (the pieces' pictures are in figures.js).

import { isPair } from './ui.js';

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
