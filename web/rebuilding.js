// The variation "Rebuilding" in the browser: what the board shows of a tile removed for a point
// and placed elsewhere, read defensively from the view and the events (docs/api.md, "The
// official variations"). Shared by the game view and the replay viewer; it draws nothing by
// itself (`Board.setRebuild` does).

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
