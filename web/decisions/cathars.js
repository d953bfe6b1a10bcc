// The Cathars' siege on the game screen: when a besieged city is completed by another, a knight
// of the seat's there may escape (the `escape` decision: the knights ringed on the board, a
// button for each, or stay), and an escape is news.

import { hint, tapVerb } from '../game/kit.js';

/** The decision module (decisions/index.js). */
export const cathars = {
  name: 'cathars',
  words: {
    asks: { escape: 'let a knight escape the siege or stay' },
    confirm: { escape: 'Escape' },
    pass: { escape: 'Stay' },
  },
  news: (screen, e) => e.type === 'escaped',
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'escape' || !onTile(a)) return false;
    add(`escape:${a.x},${a.y},${a.feature}`, there(a, 'escape', 'escape-marker'), a);
    return true;
  },
  figurePanel(screen, d, { of }) {
    const escape = screen.pending.decision === 'escape';
    if (escape) {
      d.title = 'Siege: a knight may escape';
      d.passButton = 'Stay (no escape)';
    }
    const escapes = of('escape');
    if (escapes.length) d.notes.push(hint(`A knight of yours may escape the siege: ${tapVerb()} it on the board, or stay.`));
    if (escape) for (const g of escapes) d.choices.push(screen.choiceButton(g.actions[0], 'escape'));
  },
};
