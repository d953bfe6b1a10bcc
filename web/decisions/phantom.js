// The Phantom on the game screen: the phantom is one more figure of the supply and of the board
// (a follower of clear plastic, figures.js and style.css), offered with the others in the figure
// decision; after that decision's action comes the `phantom` decision (step 2B-2): the same
// markers on the new tile, through an unused magic gate and on top of the towers, for the
// phantom alone, or "No phantom".

import { hint } from '../game/kit.js';

/** The decision module (decisions/index.js). */
export const phantom = {
  name: 'phantom',
  words: {
    asks: { phantom: 'deploy your phantom as a second follower, or none' },
    pass: { phantom: 'No phantom' },
  },
  figurePanel(screen, d, { seat }) {
    if (screen.pending.decision !== 'phantom') return;
    d.title = 'The phantom';
    d.waiting = `${seat.name} may deploy their phantom as a second follower…`;
    d.figure = 'phantom as a second follower';
    d.pass = 'deploy none';
    d.passButton = 'No phantom';
    d.notes.push(hint('The phantom counts as a normal follower: it scores like one, and comes back to your supply when its feature is scored.'));
  },
};
