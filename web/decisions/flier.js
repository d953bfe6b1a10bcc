// The Flier on the game screen: in the figure decision after a tile with a flying machine, the
// flight offered beside the deployments (a winged marker on the new tile, the kinds of follower
// that may fly listed under it, and a button per kind in the panel); the `land` decision after
// the roll: a marker on every road, city and monastery of the tile the follower reached (occupied
// or not), with the same list in the panel; and the news of each flight, with its roll.

import { h, s } from '../ui.js';
import { capital, hint, markerButton, tapVerb } from '../game/kit.js';
import { markerIcon } from '../figures.js';

/** The winged arrow as a small picture for buttons. */
function flierIcon(size = 18) {
  return s('svg', { class: 'icon', width: size, height: size, viewBox: '-8 -8 16 16', 'aria-hidden': 'true' }, markerIcon('fly'));
}

/** A follower's kind in words ("big follower"). */
const kindWords = (figure) => String(figure || 'follower').replace(/-/g, ' ');

/** The decision module (decisions/index.js). */
export const flier = {
  name: 'flier',
  words: {
    asks: { land: 'land the flown follower on an unfinished road, city or monastery' },
    confirm: { fly: (c) => `Fly the ${kindWords(c.figure)}`, land: 'Land here' },
  },
  repeats: ['fly', 'land'],
  /** Every flight, with its roll and where the follower went. */
  news: (screen, e) => e.type === 'flew',
  /**
   * The flight: one marker on the new tile, its followers listed under it; the landings: a
   * marker on each feature of the tile reached.
   */
  markers: (screen, { add, onTile, there }) => (a) => {
    const p = screen.pending;
    if (a.action === 'fly' && Number.isFinite(p.x) && Number.isFinite(p.y)) {
      add('fly', { kind: 'fly', testid: 'flier-marker', tx: p.x, ty: p.y, feature: 'flying-machine', pick: 'Which follower flies?', prefer: (x) => x.figure === 'follower' }, a, [0.5, 0.5]);
      return true;
    }
    if (a.action !== 'land' || !onTile(a)) return false;
    add(`land:${a.x},${a.y},${a.feature}`, there(a, 'land', 'landing-marker'), a);
    return true;
  },
  figurePanel(screen, d, { seat, of }) {
    const flights = screen.legal.filter((a) => a.action === 'fly');
    if (flights.length && screen.pending.decision !== 'land') {
      d.notes.push(
        hint(`Or fly a follower: ${tapVerb()} the winged marker on your tile, or a button below. The die (1, 1, 2, 2, 3, 3) sends it that many tiles the way the machine's arrow points; there it lands on an unfinished road, city or monastery, even an occupied one (never a field). With nothing there it comes back to you.`, 'hint small rule-note'),
      );
      for (const a of flights) d.choices.push(screen.choiceButton(a, 'fly-choice', flierIcon(18), capital(a.label || 'fly')));
    }
    if (screen.pending.decision !== 'land') return;
    d.title = 'The flight';
    d.icon = flierIcon(26);
    const p = screen.pending;
    d.waiting = `${seat.name}'s flown ${kindWords(p.figure)} lands on the tile it reached…`;
    const spots = of('land');
    if (!spots.length) return;
    d.notes.push(
      hint(`Your ${kindWords(p.figure)} flew here: ${tapVerb()} a marker to land on that road, city or monastery (occupied or not), or pick it below.`),
      hint('It must land if it can; it joins any followers already there, and the majority scores the feature.', 'hint small muted rule-note'),
    );
    for (const g of spots) d.choices.push(markerButton(screen, g, 'landing-choice', flierIcon(16), (label) => label.replace(/^land on /, '')));
  },
};
