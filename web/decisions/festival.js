// The Festival on the game screen: after a tile with the festival symbol, the figure decision
// offers to take one of the seat's figures back instead of deploying (a marker on each figure
// on the board, and a list of them in the panel, where the figures waiting in Carcassonne's
// quarters are listed too); a return is news. The symbol itself is drawn with the tile.

import { h } from '../ui.js';
import { figureIcon } from '../figures.js';
import { capital, hint, section, tapVerb } from '../game/kit.js';

/** The decision module (decisions/index.js). */
export const festival = {
  name: 'festival',
  words: { confirm: { festival: 'Take it back' } },
  /** A figure taken back by the festival. */
  news: (screen, e) => e.type === 'festival-return',
  /** A marker on each of the seat's figures the festival may take back (on a tile, or a barn on its corner). */
  markers: (screen, { add, onTile }) => (a) => {
    if (a.action !== 'festival') return false;
    if (!onTile(a)) return true; // a quarter of Carcassonne: listed in the panel
    const where = a.feature || a.corner || '';
    add(`festival:${a.x},${a.y},${where}`, { kind: 'festival', testid: 'festival-marker', tx: a.x, ty: a.y, feature: where, figure: a.figure }, a);
    return true;
  },
  figurePanel(screen, d, { hex }) {
    const returns = screen.legal.filter((a) => a && a.action === 'festival');
    if (!returns.length) return;
    d.hints.push(hint(`The festival: instead of deploying you may ${tapVerb()} a gold-ringed figure of yours to take it back.`));
    const note = 'Instead of a figure on the new tile: take one of yours back from anywhere, without points. It returns to your supply.';
    const buttons = returns.map((a) =>
      h(
        'button',
        { type: 'button', class: `choice${screen.choice === a ? ' selected' : ''}`, 'data-testid': 'festival-choice', 'data-figure': a.figure, 'aria-pressed': screen.choice === a ? 'true' : 'false', onClick: () => screen.choose(a) },
        figureIcon(a.figure, hex, 18),
        ` ${capital(a.label || 'take a figure back')}`,
      ),
    );
    d.lists.push(...section('The festival', note, buttons));
  },
};
