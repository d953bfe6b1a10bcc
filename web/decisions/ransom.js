// The Tower's ransom on the game screen: a seat whose figure another seat holds prisoner may buy
// it back in its figure decision (3 points, or fewer under the variant short-ransom), chosen in
// the captor's row of the players panel or in the panel's list, then confirmed; and the news of
// a ransom paid. Apart from the tower's module (tower.js) because its list comes before the
// prisoners' and the barn's, the towers' after them.

import { figureIcon } from '../figures.js';
import { section } from '../game/kit.js';

/** The legal ransoms of this screen's decision. */
function ransoms(screen) {
  return screen.legal.filter((a) => a.action === 'ransom');
}

/** The decision module (decisions/index.js). */
export const ransom = {
  name: 'ransom',
  words: { confirm: { ransom: 'Pay the ransom' } },
  repeats: ['ransom'],
  news: (screen, e) => e.type === 'ransom-paid',
  /** A ransom is chosen by the prisoner, in the captor's row; it pays 3, or fewer under the variant short-ransom. */
  players(screen, options) {
    const v = screen.view;
    options.ransoms = ransoms(screen);
    options.ransomPoints = Math.min(3, Number(((v.seats || [])[screen.pending.seat] || {}).score) || 0);
    options.onRansom = (a) => screen.choose(a);
  },
  figurePanel(screen, d, { hex }) {
    const list = ransoms(screen);
    if (!list.length) return;
    const variants = (screen.view && screen.view.rules && screen.view.rules.variants) || {};
    // The variant short-ransom: fewer than 3 points pay too, all of them.
    const price = variants['short-ransom'] === true ? '3 points, or all you have if fewer' : '3 points';
    const note = `Pay ${price} to the player who holds your figure to have it back (once a turn); then deploy as usual.`;
    d.lists.push(...section('Ransom', note, list.map((a) => screen.choiceButton(a, 'ransom-choice', figureIcon(a.figure, hex, 18)))));
  },
};
