// The Crop Circles on the game screen: the choice after a crop circle tile (the `crop-circle`
// decision: two buttons, every player adds a follower or takes one back), each player's
// addition in turn (`crop-add`: a marker beside each of the player's followers of the circle's
// kind, or "add none") and return (`crop-remove`: a purple ring on each follower that may go
// back), and the news.

import { s, seatHex } from '../ui.js';
import { figureIcon } from '../figures.js';
import { hint, ruleNote, tapVerb, capital, markerButton } from '../game/kit.js';

const DECISIONS = ['crop-circle', 'crop-add', 'crop-remove'];

/** The followers a crop circle concerns, by the kind of feature its symbol names. */
const FOLLOWERS = { city: 'knights', road: 'thieves', field: 'farmers' };

/** A crop circle as a small picture, as the SVG render draws it (`kind`: city, road or field). */
export function cropIcon(kind, size) {
  const emblem = {
    city: s('path', { d: 'M-3.4 -3.8H3.4V0.4C3.4 2.6 1.7 3.9 0 4.7C-1.7 3.9 -3.4 2.6 -3.4 0.4Z', fill: '#8a6a1c' }),
    road: [
      s('path', { d: 'M-3 4.2L1 -0.6', stroke: '#8a6a1c', 'stroke-width': 1.9, 'stroke-linecap': 'round' }),
      s('circle', { cx: 1.9, cy: -1.9, r: 2.3, fill: '#8a6a1c' }),
    ],
    field: s('path', { d: 'M0 4.8V-1.4M-2.8 -4.6V-1.4H2.8V-4.6M0 -4.6V-1.4', fill: 'none', stroke: '#8a6a1c', 'stroke-width': 1.3, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
  }[kind];
  return s(
    'svg',
    { class: 'icon crop-icon', width: size, height: size, viewBox: '-10.5 -10.5 21 21', 'aria-hidden': 'true' },
    s('circle', { cx: 0, cy: 0, r: 9.6, fill: '#ecd27a', stroke: '#a8842a', 'stroke-width': 1 }),
    s('circle', { cx: 0, cy: 0, r: 7, fill: 'none', stroke: '#c9a443', 'stroke-width': 1.2 }),
    ...[emblem].flat(),
  );
}

/** The decision module (decisions/index.js). */
export const cropCircles = {
  name: 'crop-circles',
  words: {
    asks: {
      'crop-circle': 'choose the crop circle’s action: every player adds a follower, or takes one back',
      'crop-add': 'add a follower beside one of yours, or add none',
      'crop-remove': 'take one of your followers back',
    },
    confirm: {
      'crop-circle': (a) => (a && a.choice === 'remove' ? 'Everyone takes one back' : 'Everyone may add one'),
      'take-back': 'Take back this follower',
    },
    pass: { 'crop-add': 'Add none' },
  },
  repeats: ['crop-circle', 'take-back'],
  news: (screen, e) => ['crop-circle', 'crop-added', 'crop-removed'].includes(e.type),
  /** An addition's place beside one's follower; a follower that may go back, ringed purple. */
  markers(screen, { add, onTile, there }) {
    if (!DECISIONS.includes(screen.pending.decision)) return null;
    return (a) => {
      if (!onTile(a)) return false;
      if (a.action === 'take-back') {
        add(`take-back:${a.x},${a.y},${a.feature}`, there(a, 'forfeit', 'take-back-marker'), a);
        return true;
      }
      if (a.action === 'deploy' && screen.pending.decision === 'crop-add') {
        add(`crop-add:${a.x},${a.y},${a.feature}`, { ...there(a, 'crop-add', 'crop-add-marker'), pick: 'Which figure?', preview: true }, a);
        return true;
      }
      return false;
    };
  },
  figurePanel(screen, d, { seat, of, hex }) {
    const p = screen.pending;
    if (!DECISIONS.includes(p.decision)) return;
    const followers = FOLLOWERS[p.kind] || 'followers';
    d.title = 'Crop circle';
    d.icon = cropIcon(p.kind, 26);
    const by = (screen.seat(p.by) || {}).name || 'The player';
    if (p.decision === 'crop-circle') {
      d.waiting = `${seat.name} chooses what the crop circle does to the ${followers}…`;
      d.notes.push(
        hint(`Your crop circle concerns the ${followers}: every player, from your left and you last, either may add one beside one of theirs, or must take one back.`),
        ruleNote('crop-note', 'A player with none of these followers on the board is passed over.'),
      );
      for (const a of screen.legal.filter((x) => x.action === 'crop-circle')) {
        const words = a.choice === 'remove' ? `Everyone takes one of their ${followers} back` : `Everyone may add one of their ${followers}`;
        d.choices.push(screen.choiceButton(a, `crop-${a.choice}`, cropIcon(p.kind, 18), words));
      }
    } else if (p.decision === 'crop-add') {
      d.waiting = `${seat.name} may add one of their ${followers} (${by}’s crop circle)…`;
      d.passButton = 'Add none';
      d.notes.push(hint(`${by}’s crop circle: ${tapVerb()} a marker beside one of your ${followers} to add a follower there, or add none.`));
      for (const g of of('crop-add')) d.choices.push(markerButton(screen, g, 'crop-add-choice', figureIcon('follower', hex, 18)));
    } else {
      d.waiting = `${seat.name} takes back one of their ${followers} (${by}’s crop circle)…`;
      d.notes.push(hint(`${by}’s crop circle: ${capital(tapVerb())} one of your ringed ${followers} to take it back to your supply.`));
      for (const g of of('forfeit')) {
        const a = g.actions[0];
        const f = (screen.view.figures || []).find((x) => x.x === a.x && x.y === a.y && x.feature === a.feature);
        d.choices.push(screen.choiceButton(a, 'take-back-choice', f ? figureIcon(f.figure, seatHex(screen.seat(f.seat)), 20) : null));
      }
    }
  },
};
