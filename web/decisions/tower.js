// The Tower on the game screen: the towers and the reach of a tower on the board for every
// screen; in the figure decision a piece for a tower or a follower on top to finish it (a ring
// around each tower); the capture after a piece (the `capture` decision: the figures within
// reach ringed) and the exchange of prisoners (`exchange`); and the news of prisoners. The
// ransom is a module of its own (ransom.js): its list comes earlier in the panel.

import { seatHex } from '../ui.js';
import { figureIcon } from '../figures.js';
import { towersOf, towerReach, towerIcon } from '../tower.js';
import { capital, hint, markerButton, section, tapVerb } from '../game/kit.js';

/** A piece for a tower, or a figure on it: the picture in the list of a tower's choices. */
function choiceIcon(a, hex) {
  return a.action === 'build-tower' ? towerIcon(20) : figureIcon(a.figure, hex, 20);
}

/** The decision module (decisions/index.js). */
export const tower = {
  name: 'tower',
  words: {
    asks: { capture: 'take a prisoner with the tower, or none', exchange: 'choose which prisoner comes back' },
    confirm: {
      deploy: (c) => (c.feature === 'tower' ? 'Finish the tower' : null),
      'build-tower': 'Build the tower',
      capture: 'Take prisoner',
      exchange: 'Exchange',
    },
    pass: { capture: 'Take no prisoner' },
  },
  repeats: ['build-tower', 'capture'],
  /** A figure taken prisoner, prisoners exchanged. */
  news: (screen, e) => ['captured', 'prisoners-exchanged'].includes(e.type),
  /** The towers, and the reach of the tower built on (or chosen for a piece). */
  board(screen) {
    screen.board.setTowers(towersOf(screen.view));
    screen.board.setReach(towerReach(screen.view, screen.choice));
  },
  /**
   * One marker per tower (a piece for it, or a follower on top to finish it: a piece is picked
   * first, and shows no figure) and, in a capture, one on each figure within reach.
   */
  markers: (screen, { add, onTile, there }) => (a) => {
    if ((a.action === 'build-tower' || (a.action === 'deploy' && a.feature === 'tower')) && onTile(a)) {
      const entry = {
        ...there(a, 'tower', 'tower-marker'),
        feature: 'tower',
        pick: 'A piece or a guard?',
        prefer: (x) => x.action === 'build-tower',
        icon: choiceIcon,
        preview: (c) => (c.action === 'build-tower' ? null : c.figure || 'follower'),
      };
      add(`tower:${a.x},${a.y}`, entry, a);
      return true;
    }
    if (a.action === 'capture' && onTile(a)) {
      add(`capture:${a.x},${a.y},${a.feature}`, there(a, 'capture', 'capture-marker'), a);
      return true;
    }
    return false;
  },
  figurePanel(screen, d, { hex, of }) {
    const p = screen.pending;
    if (p.decision === 'capture' || p.decision === 'exchange') {
      d.title = p.decision === 'capture' ? 'The tower: take a prisoner' : 'Exchange of prisoners';
      d.icon = towerIcon(22);
    }
    if (p.decision === 'capture') d.passButton = 'Take no prisoner';
    const captures = of('capture');
    const exchanges = screen.legal.filter((a) => a.action === 'exchange');
    if (captures.length) d.notes.push(hint(`${capital(tapVerb())} a ringed figure within the tower’s reach (shaded on the board) to take it prisoner, or take none.`));
    if (exchanges.length) {
      const other = screen.seat(p.other);
      d.notes.push(hint(`${other ? other.name : 'The other player'} and you hold each other’s figures: one of each goes home in an exchange. Choose which of yours comes back.`));
    }
    const towers = of('tower');
    if (towers.length) {
      d.lists.push(...section('The tower', 'Instead of deploying: a piece on a tower or a foundation (then a prisoner within its reach, if you like), or a follower on top to finish a tower (ringed towers).', towers.map((g) => markerButton(screen, g, 'tower-choice', towerIcon(18)))));
    }
    for (const g of captures) {
      const a = g.actions[0];
      const f = (screen.view.figures || []).find((x) => x.x === a.x && x.y === a.y && x.feature === a.feature);
      d.choices.push(screen.choiceButton(a, 'capture-choice', f ? figureIcon(f.figure, seatHex(screen.seat(f.seat)), 20) : null));
    }
    for (const a of exchanges) d.choices.push(screen.choiceButton(a, 'exchange-choice', figureIcon(a.figure, hex, 20)));
  },
};
