// The variation "A new lease of life" on the game screen (also the moves of "The dash"): instead
// of deploying, a seat may move one of its followers (a thief onto a farm beside its road, a
// farmer into a city beside its farm, a knight onto a road of its city) or send two knights to
// drive another player's monk out of a cloister (a religious war). Arrow markers where a follower
// would go, swords beside a cloister; the move under the pointer or chosen is shown on the board
// (the follower ringed, an arrow to its target); the moves fold away in the panel when many; and
// another seat's move is news.

import { isPair } from '../ui.js';
import { pieceIcon } from '../figures.js';
import { sameAction, hint, markerButton, section, hovering, foldingList } from '../game/kit.js';

/** How many moves are shown without asking. */
const MOVES_SHOWN = 10;

/** Whether the moves are shown (on the board and in the list): when one is chosen, as the player left the list, or while there are few. */
function movesShown(screen, count) {
  const c = screen.choice;
  if (c && c.action === 'move-follower') return true;
  return screen.stateOf('lease').open ?? count <= MOVES_SHOWN;
}

/**
 * The move to show on the board, the one hovered (a marker or a button of the panel) or else the
 * one chosen, as a hint for `Board.setMoveHint`: the figures that would move, ringed, with
 * arrows to the target; a religious war's monk ringed in red. Null for none.
 */
function moveHint(screen) {
  if (!screen.mine || screen.pending.decision !== 'deploy') return null;
  const isMove = (a) => !!a && ['move-follower', 'religious-war'].includes(a.action) && Number.isFinite(a.x) && Number.isFinite(a.y);
  const hovered = isMove(screen.hoverAction) ? screen.hoverAction : null;
  const a = hovered || (isMove(screen.choice) ? screen.choice : null);
  if (!a) return null;
  const figures = screen.view.figures || [];
  const figure = (x, y, feature) => figures.find((f) => f.x === x && f.y === y && f.feature === feature);
  const place = (x, y, feature) => {
    const f = figure(x, y, feature);
    return { x, y, feature, at: f && isPair(f.at) ? f.at : null };
  };
  const sources = a.action === 'move-follower'
    ? [place(a.from_x, a.from_y, a.from_feature)]
    : (Array.isArray(a.knights) ? a.knights : []).map((k) => place(k.x, k.y, k.feature));
  const seat = screen.pending.seat;
  const victims = a.action === 'religious-war'
    ? figures.filter((f) => f.x === a.x && f.y === a.y && f.feature === a.feature && f.seat !== seat).map((f) => ({ x: f.x, y: f.y, feature: f.feature, at: f.at }))
    : [];
  return {
    kind: a.action === 'religious-war' ? 'war' : 'move',
    sources,
    victims,
    to: { x: a.x, y: a.y, at: isPair(a.at) ? a.at : null },
    selected: !hovered || sameAction(hovered, screen.choice),
  };
}

/** The decision module (decisions/index.js). */
export const lease = {
  name: 'lease',
  words: {
    confirm: {
      // "Move your thief", "Move your farmer", "Move your knight" (the label names the role).
      'move-follower': (c) => {
        const role = /^move your (thief|farmer|knight|monk|follower)\b/.exec(c.label || '');
        return `Move your ${role ? role[1] : 'follower'}`;
      },
      'religious-war': 'Drive the monk out',
    },
  },
  repeats: ['move-follower', 'religious-war'],
  hovers: ['move-follower', 'religious-war'],
  /** Another seat moved a follower (a religious war moves two knights, and the monk's owner must not miss it). */
  news: (screen, e) => e.type === 'follower-moved' && !screen.you.includes(e.seat),
  hints(screen) {
    screen.board.setMoveHint(moveHint(screen));
  },
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action === 'move-follower' && onTile(a)) {
      // Where one of the seat's followers may move to (one marker per follower and target:
      // the same farm may be offered to two thieves).
      const from = `${a.from_x},${a.from_y},${a.from_feature}`;
      add(`move:${from}>${a.x},${a.y},${a.feature}`, { ...there(a, 'move', 'move-marker'), from, preview: true }, a);
      return true;
    }
    if (a.action === 'religious-war' && onTile(a)) {
      // A cloister two of the seat's knights may take (each pair of knights an action): beside
      // the monk, so that the monk stays in sight.
      const at = isPair(a.at) ? [Math.min(0.9, a.at[0] + 0.22), Math.max(0.1, a.at[1] - 0.2)] : null;
      add(`war:${a.x},${a.y},${a.feature}`, { ...there(a, 'war', 'war-marker'), preview: true }, a, at);
      return true;
    }
    return false;
  },
  folded: (screen, groups) => (movesShown(screen, groups.filter((g) => g.kind === 'move').length) ? [] : ['move']),
  figurePanel(screen, d, { of }) {
    const moves = of('move');
    const wars = of('war');
    // In a round of the dash its note says it already.
    if ((moves.length || wars.length) && d.round !== 'dash') {
      d.hints.push(hint('Instead of deploying you may move one of your followers (arrow markers)' + (wars.length ? ', or send two knights to drive a monk out of a cloister (sword markers).' : '.')));
    }
    if (moves.length) {
      // Each follower's moves: folded away (and off the board) when many, as the magic gate's.
      d.lists.push(
        foldingList(screen, {
          cls: 'move-list',
          shown: movesShown(screen, moves.length),
          state: screen.stateOf('lease'),
          groups: moves,
          summary: { testid: 'move-summary', title: 'Show or hide the moves on the board', text: `Move a follower: ${moves.length} move${moves.length === 1 ? '' : 's'}` },
          note: hint(
            'A new lease of life: a thief may settle on a free farm beside its road, a farmer go into an unfinished city beside its farm, a knight onto a road of a tile of its city (arrow markers, where it would stand).',
            'hint small',
          ),
          buttons: moves.map((g) => {
            const b = markerButton(screen, g, 'move-choice', pieceIcon('move', 18));
            b.dataset.from = g.from;
            return hovering(screen, b, g.actions[0]);
          }),
        }),
      );
    }
    if (wars.length) {
      const note = 'Religious war: two of your knights leave their cities for a cloister with another player’s monk, which goes home (sword markers on the cloisters).';
      d.lists.push(...section('Religious war', note, wars.flatMap((g) => g.actions.map((a) => hovering(screen, screen.choiceButton(a, 'war-choice', pieceIcon('war', 18)), a)))));
    }
  },
};
