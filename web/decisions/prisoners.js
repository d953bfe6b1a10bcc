// The variation "Prisoners" on the game screen: after a tile joins the seat's part of a city to
// another player's, it may take a follower of that player prisoner (the `take-prisoner`
// decision: ringed followers on the board, a button for each); in a later figure decision it may
// release a prisoner (in its own row of the players panel or the panel's list); and the news of
// both.

import { seatHex } from '../ui.js';
import { figureIcon } from '../figures.js';
import { hint, ruleNote, section, tapVerb } from '../game/kit.js';

/** The legal releases of this screen's decision. */
function releases(screen) {
  return screen.legal.filter((a) => a.action === 'release-prisoner');
}

/** The decision module (decisions/index.js). */
export const prisoners = {
  name: 'prisoners',
  words: {
    asks: { 'take-prisoner': 'take a follower prisoner in the city, or none' },
    confirm: { 'take-prisoner': 'Take prisoner', 'release-prisoner': 'Release the prisoner' },
    pass: { 'take-prisoner': 'Take no prisoner' },
  },
  repeats: ['take-prisoner', 'release-prisoner'],
  news: (screen, e) => ['prisoner-taken', 'prisoner-released'].includes(e.type),
  /** A release is chosen by the captor, in its own row. */
  players(screen, options) {
    const p = screen.pending;
    options.releases = releases(screen);
    options.releaser = p.decision === 'over' ? null : p.seat;
    options.onRansom = (a) => screen.choose(a);
  },
  /** A follower of another player in the city the tile joined, ringed. */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'take-prisoner' || !onTile(a)) return false;
    add(`prisoner:${a.x},${a.y},${a.feature}`, there(a, 'prisoner', 'prisoner-marker'), a);
    return true;
  },
  figurePanel(screen, d, { seat, of }) {
    if (screen.pending.decision === 'take-prisoner') {
      d.title = 'Prisoners: take a prisoner';
      d.waiting = `${seat.name} may take a follower prisoner in the city their tile joined…`;
      d.passButton = 'Take no prisoner';
    }
    const taken = of('prisoner');
    if (taken.length) {
      d.notes.push(
        hint(`Your tile joined your part of a city to another player’s: ${tapVerb()} a ringed follower to take it prisoner, or take none.`),
        ruleNote('prisoner-note', 'One of your followers from the other part of the city becomes its guard: both leave the board. In a later figure decision you may release the prisoner; your guard then comes back to your supply.'),
      );
    }
    const freed = releases(screen);
    if (freed.length) {
      const note = 'Release a prisoner you hold: it goes back to its owner, and your guard to your supply; then deploy as usual.';
      const ownerHex = (a) => seatHex((screen.view.seats || []).find((x) => x && x.color === a.owner));
      d.lists.push(...section('Your prisoners', note, freed.map((a) => screen.choiceButton(a, 'release-choice', figureIcon(a.figure, ownerHex(a), 18)))));
    }
    for (const g of taken) {
      const a = g.actions[0];
      const f = (screen.view.figures || []).find((x) => x.x === a.x && x.y === a.y && x.feature === a.feature);
      d.choices.push(screen.choiceButton(a, 'prisoner-choice', f ? figureIcon(f.figure, seatHex(screen.seat(f.seat)), 20) : null));
    }
  },
};
