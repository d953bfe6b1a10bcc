// The variation "Rebuilding" on the game screen: in the figure decision a seat may give up a point
// to remove an unoccupied tile (a marker in its middle; the tiles fold away in the panel when
// many), then places it elsewhere like a drawn tile (the `replace-tile` decision, the tile first
// turned as it lay), and may deploy a figure on it. The tile lifted and the tiles moved this turn
// are shown on the board for every screen; the turn banner and the panels say what is going on;
// another seat's rebuilding is news.

import { h } from '../ui.js';
import { pieceIcon } from '../figures.js';
import { rebuildHint } from '../rebuilding.js';
import { hint, ruleNote, markerButton, hovering, foldingList } from '../game/kit.js';

/** How many tiles that may be removed are shown without asking. */
const REMOVALS_SHOWN = 8;

/** The tiles this screen's figure decision may remove for a point (`remove-tile`). */
function removals(screen) {
  if (screen.pending.decision !== 'deploy') return [];
  return screen.legal.filter((a) => a.action === 'remove-tile' && Number.isFinite(a.x) && Number.isFinite(a.y));
}

/** Whether the tiles that may be removed are shown (on the board and in the list): when one is chosen, as the player left the list, or while there are few. */
function removalsShown(screen, count) {
  const c = screen.choice;
  if (c && c.action === 'remove-tile') return true;
  return screen.stateOf('rebuilding').open ?? count <= REMOVALS_SHOWN;
}

/** Where the pending `replace-tile` decision's tile lay (it is still in the view's board), or undefined. */
function liftedTile(view) {
  const p = view.pending || {};
  return (view.board || []).find((t) => t && t.x === p.from_x && t.y === p.from_y);
}

/**
 * For every screen: the tile lifted by a removal, faded where it lay until it is placed
 * elsewhere, and the tiles moved this turn with arrows from where they lay; on this screen's
 * figure decision the removal hovered, or else chosen, as a preview.
 */
function rebuildShown(screen) {
  const removal = (a) => (a && a.action === 'remove-tile' ? a : null);
  const preview = screen.mine && screen.pending.decision === 'deploy' ? removal(screen.hoverAction) || removal(screen.choice) : null;
  return rebuildHint(screen.view, screen.events, preview);
}

/** Whether the figure decision is on the tile just moved (and not a round of the dash: dash.js comes first). */
function rebuilt(screen, d) {
  const p = screen.pending;
  return p.decision === 'deploy' && !!p.rebuilt && !d.round;
}

/** The decision module (decisions/index.js). */
export const rebuilding = {
  name: 'rebuilding',
  placing: ['replace-tile'],
  words: {
    asks: { 'replace-tile': 'place the removed tile elsewhere' },
    confirm: { 'remove-tile': 'Remove the tile (−1 point)' },
  },
  repeats: ['remove-tile'],
  hovers: ['remove-tile'],
  /** The removed tile is first turned as it lay. */
  reset(screen) {
    if ((screen.view.pending || {}).decision !== 'replace-tile') return;
    const lay = liftedTile(screen.view);
    if (lay && Number.isFinite(lay.rotation)) screen.rotation = ((lay.rotation % 360) + 360) % 360;
  },
  /**
   * The banner offers it where the deciding seat may remove a tile (this screen's legal actions,
   * or the view's `may_rebuild` for the other screens); `rebuilt`: a tile was just moved, and a
   * figure goes on it.
   */
  ask(screen, p) {
    if (p.decision !== 'deploy') return null;
    const rebuild = screen.mine ? removals(screen).length > 0 : !!p.may_rebuild;
    if (p.rebuilt) return rebuild ? 'deploy a figure on the moved tile, move another tile for a point, or pass' : 'deploy a figure on the moved tile or pass';
    return rebuild ? 'deploy a figure, move a tile for a point, or pass' : null;
  },
  /** A removed tile to place elsewhere, then the figure decision on it. */
  badges(screen, p) {
    if (p.decision !== 'replace-tile' && !(p.decision === 'deploy' && p.rebuilt)) return [];
    return [h('span', { class: 'badge rebuild-badge', 'data-testid': 'rebuild-badge', title: 'Rebuilding: a tile removed for a point goes elsewhere; a follower may then go on it' }, 'Rebuilding')];
  },
  /** Another seat gave up a point to remove a tile, and placed it elsewhere. */
  news: (screen, e) => ['tile-removed', 'tile-replaced'].includes(e.type) && !screen.you.includes(e.seat),
  hints(screen) {
    screen.board.setRebuild(rebuildShown(screen));
  },
  /** A tile that may be lifted for a point, marked in its middle. */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'remove-tile' || !onTile(a)) return false;
    add(`remove:${a.x},${a.y}`, there(a, 'remove', 'remove-marker'), a, [0.5, 0.5]);
    return true;
  },
  folded: (screen, groups) => (removalsShown(screen, groups.filter((g) => g.kind === 'remove').length) ? [] : ['remove']),
  /** The tile removed for a point, placed again like a drawn one. */
  placePanel(screen, d, { seat, name, places }) {
    if (screen.pending.decision !== 'replace-tile') return;
    d.title = screen.mine ? 'Rebuilding: place ' : `${seat.name || 'Next'} moves `;
    if (!screen.mine) {
      const lay = liftedTile(screen.view);
      d.rotation = lay && Number.isFinite(lay.rotation) ? lay.rotation : 0;
      d.waiting.push(h('p', { class: 'hint', 'data-testid': 'deciding' }, `${seat.name} gave up a point to remove ${name} and is placing it elsewhere…`));
      return;
    }
    if (!screen.selected) d.hint = `Place the removed tile elsewhere: ${places.size} highlighted place${places.size === 1 ? '' : 's'}; brighter ones fit as the tile is turned now.`;
    d.notes.push(
      ruleNote(
        'rebuild-note',
        'Rebuilding: you gave up 1 point to remove this tile (faded where it lay). It goes elsewhere by the usual rules, not back to its place; then you may deploy a follower on it, remove another tile for another point, or pass.',
      ),
    );
    d.confirm = 'Move the tile here';
  },
  /** The figure decision on the tile just moved; the tiles that may be removed; what a removal costs. */
  figurePanel(screen, d, { seat, of }) {
    const p = screen.pending;
    const onMoved = rebuilt(screen, d);
    if (onMoved) {
      d.round = 'rebuilt';
      d.title = 'Rebuilding: the moved tile';
      d.icon = pieceIcon('remove', 22);
      d.waiting = `${seat.name} moved a tile and may deploy a figure on it${p.may_rebuild ? ', remove another tile for a point' : ''}, or pass…`;
      d.tile = 'moved';
      d.passButton = 'Pass (no figure on the moved tile)';
    }
    const list = of('remove');
    if (onMoved) {
      d.lead.push(
        h(
          'p',
          { class: 'hint rebuilt-note', 'data-testid': 'rebuilt-note' },
          of('deploy').length
            ? `Rebuilding: the tile is moved. A figure may go on it (markers)${list.length ? ', or remove another tile for another point' : ''}, or pass.`
            : `Rebuilding: the tile is moved. No figure can go on it: pass${list.length ? ', or remove another tile for another point' : ''}.`,
        ),
      );
    }
    if (list.length) {
      // Folded away (and off the board) when many, as the moves are.
      const score = Number(seat.score) || 0;
      d.lists.push(
        foldingList(screen, {
          cls: 'remove-list',
          shown: removalsShown(screen, list.length),
          state: screen.stateOf('rebuilding'),
          groups: list,
          summary: { testid: 'remove-summary', title: 'Show or hide the tiles that may be removed on the board', text: `Rebuilding: ${list.length} tile${list.length === 1 ? '' : 's'} to move` },
          note: h(
            'p',
            { class: 'hint small rule-note', 'data-testid': 'remove-note' },
            `${onMoved ? 'Or' : 'Instead of deploying'}: give up 1 point (you have ${score}) to remove an unoccupied tile touching others on at most two sides (tile markers) and place it elsewhere; a follower may then go on it.`,
          ),
          buttons: list.map((g) => {
            const b = markerButton(screen, g, 'remove-choice', pieceIcon('remove', 18));
            b.dataset.x = g.tx;
            b.dataset.y = g.ty;
            return hovering(screen, b, g.actions[0]);
          }),
        }),
      );
    }
    const c = screen.choice;
    if (c && c.action === 'remove-tile') d.chosen.push(h('p', { class: 'hint small dash-cost', 'data-testid': 'rebuild-cost' }, 'This costs 1 point; you then place the tile elsewhere.'));
  },
};
