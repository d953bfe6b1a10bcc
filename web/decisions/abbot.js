// The Abbot on the game screen: in the figure decision a seat may take its abbot back instead of
// deploying (a marker on the abbot, a button beside "pass"), and the abbot's return is news.

import { h } from '../ui.js';
import { figureIcon } from '../figures.js';
import { capital } from '../game/kit.js';

/** The decision module (decisions/index.js). */
export const abbot = {
  name: 'abbot',
  words: { confirm: { 'recall-abbot': 'Take back the abbot' } },
  /** An abbot taken back (and the points it scores). */
  news: (screen, e) => e.type === 'figure-returned' && e.figure === 'abbot',
  /** The seat's abbot, marked where it stands. */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'recall-abbot' || !onTile(a)) return false;
    const p = screen.pending;
    const figure = (screen.view.figures || []).find((f) => f.figure === 'abbot' && f.x === a.x && f.y === a.y && f.seat === p.seat);
    const entry = { ...there(a, 'recall', 'recall-marker'), feature: figure ? figure.feature : '' };
    add(`recall:${a.x},${a.y}`, entry, a, figure && figure.at);
    return true;
  },
  figurePanel(screen, d, { hex, of }) {
    for (const g of of('recall')) {
      const a = g.actions[0];
      d.choices.push(
        h('button', { type: 'button', class: `choice${screen.choice === a ? ' selected' : ''}`, 'data-testid': 'recall-abbot', onClick: () => screen.choose(a) }, figureIcon('abbot', hex, 20), ` ${capital(a.label)}`),
      );
    }
  },
};
