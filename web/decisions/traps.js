// The Vodyanoy and Solovei Razboynik on the game screen: in the figure decision a seat may free
// one of its followers caught in a trap (the Vodyanoy's lake, Solovei Razboynik's tree) instead
// of deploying: a marker on each captive of the seat and a button for it beside "pass". A
// follower caught and one freed are news. The traps and their captives are drawn with the tiles.

import { h } from '../ui.js';
import { figureIcon } from '../figures.js';
import { capital, hint, tapVerb } from '../game/kit.js';

/** The decision module (decisions/index.js). */
export const traps = {
  name: 'traps',
  words: { confirm: { free: 'Free it' } },
  /** A follower caught by a trap, or freed from one. */
  news: (screen, e) => e.type === 'trapped' || e.type === 'freed',
  /** A marker on each of the seat's captives it may free. */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'free' || !onTile(a)) return false;
    add(`free:${a.x},${a.y},${a.figure}`, { ...there(a, 'free', 'free-marker'), figure: a.figure }, a);
    return true;
  },
  figurePanel(screen, d, { hex, of }) {
    const groups = of('free');
    if (!groups.length) return;
    d.hints.push(hint(`Instead of deploying you may ${tapVerb()} a follower of yours caught in a trap to free it.`));
    for (const g of groups) {
      const a = g.actions[0];
      d.choices.push(
        h(
          'button',
          { type: 'button', class: `choice${screen.choice === a ? ' selected' : ''}`, 'data-testid': 'free-choice', 'aria-pressed': screen.choice === a ? 'true' : 'false', onClick: () => screen.choose(a) },
          figureIcon(a.figure, hex, 20),
          ` ${capital(a.label || 'free a follower')}`,
        ),
      );
    }
  },
};
