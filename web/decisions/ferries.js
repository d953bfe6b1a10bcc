// The Ferries on the game screen: the ferries on their lakes for every screen and in the replay
// (a wooden raft from one road's jetty to the other's, as the SVG render draws it); the `ferry`
// decision after a lake tile (a marker on the lake for each pair of its roads, the same choices
// in the panel) and the `move-ferry` decision after a tile that extended a road crossing a ferry
// (a marker for each other pair of each movable ferry's lake, or "move no ferry"); and the news
// of each move.

import { h, s } from '../ui.js';
import { capital, hint, markerButton, tapVerb } from '../game/kit.js';
import { markerIcon } from '../figures.js';

/** A ferry's picture from (x1, y1) to (x2, y2), board units. */
export function ferryShape(x1, y1, x2, y2) {
  const g = s('g', { class: 'ferry' });
  g.append(
    s('line', { x1, y1, x2, y2, stroke: '#3b2a17', 'stroke-width': 11, 'stroke-linecap': 'round' }),
    s('line', { x1, y1, x2, y2, stroke: '#d9b27a', 'stroke-width': 7.5, 'stroke-linecap': 'round' }),
  );
  return g;
}

/** The raft as a small picture for buttons. */
function ferryIcon(size = 18) {
  return s('svg', { class: 'icon', width: size, height: size, viewBox: '-8 -8 16 16', 'aria-hidden': 'true' }, s('g', { fill: '#d9b27a', stroke: '#3b2a17', 'stroke-width': 0.8 }, markerIcon('ferry')));
}

/** The decision module (decisions/index.js). */
export const ferries = {
  name: 'ferries',
  fromView: true,
  words: {
    asks: { ferry: 'put the ferry on the lake, joining two of its roads', 'move-ferry': 'move a ferry, or leave the ferries' },
    confirm: { ferry: (c) => (/^move/.test((c && c.label) || '') ? 'Move the ferry here' : 'Set the ferry here') },
  },
  repeats: ['ferry'],
  /** The moves of ferries (a placement is seen on the board). */
  news: (screen, e) => e.type === 'ferry-moved',
  /** The ferries on the board, each labelled in words. */
  board(screen) {
    const layer = screen.board.layer('ferries');
    layer.replaceChildren();
    for (const f of screen.view.ferries || []) {
      const from = Array.isArray(f.from) ? f.from : [0.3, 0.5];
      const to = Array.isArray(f.to) ? f.to : [0.7, 0.5];
      const g = ferryShape((f.x + from[0]) * 100, (f.y + from[1]) * 100, (f.x + to[0]) * 100, (f.y + to[1]) * 100);
      for (const [k, v] of Object.entries({ 'data-testid': 'ferry', 'data-x': f.x, 'data-y': f.y, 'data-ends': (f.ends || []).join(' '), role: 'img', 'aria-label': f.label })) g.setAttribute(k, v);
      g.append(s('title', {}, capital(f.label)));
      layer.append(g);
    }
  },
  /** A marker on the lake for each pair of its roads. */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'ferry' || !onTile(a)) return false;
    add(`ferry:${a.x},${a.y},${a.from},${a.to}`, { ...there(a, 'ferry', 'ferry-marker'), feature: `${a.from}+${a.to}` }, a);
    return true;
  },
  figurePanel(screen, d, { seat, of }) {
    const decision = screen.pending.decision;
    if (decision !== 'ferry' && decision !== 'move-ferry') return;
    d.title = 'The ferry';
    d.icon = ferryIcon(26);
    const spots = of('ferry');
    if (decision === 'ferry') {
      d.waiting = `${seat.name} puts a ferry on the lake…`;
      d.notes.push(
        hint(`Put the ferry on the lake: ${tapVerb()} a marker between two of its roads, or pick the pair below. The two roads become one; the lake's other roads end there.`),
        hint('The ferry is always placed, whether or not you deployed a follower.', 'hint small muted rule-note'),
      );
    } else {
      d.waiting = `${seat.name} may move a ferry…`;
      d.pass = 'leave the ferries where they are';
      d.passButton = 'Move no ferry';
      d.notes.push(
        hint(`Your tile extended a road that crosses a ferry: you may move the first ferry along it to join another pair of its lake's roads (${tapVerb()} a marker on that lake), or move none.`),
        hint('Each ferry moves once a turn. A road the move completes, or leaves ending at the lake with its other end closed, is scored now.', 'hint small muted rule-note'),
      );
    }
    for (const g of spots) d.choices.push(markerButton(screen, g, 'ferry-choice', ferryIcon(16), (label) => label.replace(/^(put the ferry on|move the ferry of) /, '')));
  },
};
