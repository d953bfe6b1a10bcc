// La Porxada on the game screen: the choice after its tile (the `porxada` decision: a marker on
// each of the player's followers that may be swapped, a button for the bonus, "neither"), the
// other player's follower to swap with (`swap`: markers on them), the answer of the player whose
// follower was named (`swap-answer`: accept, or refuse by giving up another follower, marked),
// the tokens and the followers out of the game in the players panel, and the news.

import { h, s, seatHex } from '../ui.js';
import { figureIcon } from '../figures.js';
import { hint, ruleNote, tapVerb, capital } from '../game/kit.js';

const MARKED = ['swap-follower', 'refuse-swap'];

/** La Porxada's hall as a small picture, as the SVG render draws it. */
function hallIcon(size) {
  return s(
    'svg',
    { class: 'icon porxada-icon', width: size, height: size, viewBox: '-11 -9 22 18', 'aria-hidden': 'true' },
    s('path', { d: 'M-10 -2.5L-6.5 -7H6.5L10 -2.5Z', fill: '#b5502d', stroke: '#5d2614', 'stroke-width': 1, 'stroke-linejoin': 'round' }),
    s('path', { d: 'M-9.4 -2.5H9.4V5.5H-9.4Z', fill: '#6b4a2c' }),
    s('path', { d: 'M-8.5 -2.5V5.5M-4.25 -2.5V5.5M0 -2.5V5.5M4.25 -2.5V5.5M8.5 -2.5V5.5', stroke: '#efe6d2', 'stroke-width': 1.8 }),
    s('path', { d: 'M-10 5.5H10V7.5H-10Z', fill: '#d8ccb0', stroke: '#6b5d43', 'stroke-width': 0.8 }),
  );
}

/** A follower of a decision's detail ({seat, figure, x, y, feature}) in words: "follower at (1, 2)". */
function what(f) {
  return f ? `${f.figure.replace('-', ' ')} at (${f.x}, ${f.y})` : 'follower';
}

/** The same with its owner: "Ann’s follower at (1, 2)". */
function whose(screen, f) {
  return `${(f && (screen.seat(f.seat) || {}).name) || 'a player'}’s ${what(f)}`;
}

/** The decision module (decisions/index.js). */
export const porxada = {
  name: 'porxada',
  words: {
    asks: {
      porxada: 'choose La Porxada’s swap, its bonus, or neither',
      swap: 'name the other player’s follower for the swap, or swap nothing',
      'swap-answer': 'accept the swap, or refuse it by giving up another follower',
    },
    confirm: { 'swap-follower': 'Swap this follower', 'porxada-bonus': 'Choose the bonus', 'refuse-swap': 'Refuse the swap' },
    pass: { porxada: 'Neither', swap: 'Swap nothing', 'swap-answer': 'Accept the swap' },
  },
  repeats: ['swap-follower', 'porxada-bonus', 'refuse-swap'],
  news: (screen, e) => ['porxada-bonus', 'followers-swapped', 'swap-refused', 'porxada-tokens', 'porxada-city'].includes(e.type),
  /** A follower that may be named for the swap, or given up to refuse it, ringed. */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (!MARKED.includes(a.action) || !onTile(a)) return false;
    const kind = a.action === 'refuse-swap' ? 'forfeit' : 'swap';
    add(`${kind}:${a.x},${a.y},${a.feature}`, there(a, kind, `${kind}-marker`), a);
    return true;
  },
  figurePanel(screen, d, { seat, of }) {
    const p = screen.pending;
    const follower = (g, testid) => {
      const a = g.actions[0];
      const f = (screen.view.figures || []).find((x) => x.x === a.x && x.y === a.y && x.feature === a.feature);
      return screen.choiceButton(a, testid, f ? figureIcon(f.figure, seatHex(screen.seat(f.seat)), 20) : null);
    };
    if (p.decision === 'porxada') {
      d.title = 'La Porxada';
      d.icon = hallIcon(26);
      d.waiting = `${seat.name} chooses what La Porxada does: a swap of followers, the bonus, or neither…`;
      d.passButton = 'Neither';
      const swaps = of('swap');
      d.notes.push(
        hint(
          swaps.length
            ? `${capital(tapVerb())} one of your ringed followers to swap it with another player’s, or choose the bonus.`
            : 'None of your followers can change places with another player’s: choose the bonus, or neither.',
        ),
        ruleNote('porxada-note', 'The bonus: when La Porxada’s city is completed, every player with a follower in it takes a token; at the end of the game a token holder scores the incomplete cities they win as if completed. A swap may be refused: the other player then gives up another follower for good.'),
      );
      for (const g of swaps) d.choices.push(follower(g, 'swap-choice'));
      const bonus = screen.legal.find((a) => a.action === 'porxada-bonus');
      if (bonus) d.choices.push(screen.choiceButton(bonus, 'porxada-bonus', hallIcon(18), 'The bonus at the end'));
    } else if (p.decision === 'swap') {
      d.title = 'La Porxada: the swap';
      d.icon = hallIcon(26);
      d.waiting = `${seat.name} names the follower their ${what(p.own)} changes places with…`;
      d.passButton = 'Swap nothing';
      d.notes.push(hint(`${capital(tapVerb())} another player’s ringed follower: it changes places with your ${what(p.own)}.`));
      for (const g of of('swap')) d.choices.push(follower(g, 'swap-choice'));
    } else if (p.decision === 'swap-answer') {
      d.title = 'La Porxada: a swap';
      d.icon = hallIcon(26);
      const by = (screen.seat(p.by) || {}).name || 'Another player';
      d.waiting = `${seat.name} accepts or refuses ${by}’s swap…`;
      d.passButton = 'Accept the swap';
      d.notes.push(
        hint(`${by} wants to swap ${whose(screen, p.own)} with your ${what(p.other)}. Accept, or ${tapVerb()} another of your followers (ringed) to give it up for good instead.`),
      );
      for (const g of of('forfeit')) d.choices.push(follower(g, 'forfeit-choice'));
    }
  },
  /** A La Porxada token, and the followers a refused swap took out of the game. */
  players(screen, options) {
    const item = (seat) => {
      const parts = [];
      if (seat.porxada_token) {
        const words = 'La Porxada’s token: incomplete cities won score as completed at the end';
        parts.push(h('span', { class: 'supply-item', title: words, 'aria-label': words, 'data-testid': 'supply-porxada' }, hallIcon(18)));
      }
      if (seat.out_of_game) {
        const words = `${seat.out_of_game} follower${seat.out_of_game === 1 ? '' : 's'} out of the game (a refused swap)`;
        parts.push(h('span', { class: 'supply-item muted', title: words, 'aria-label': words, 'data-testid': 'supply-out-of-game' }, `−${seat.out_of_game}`));
      }
      return parts.length ? h('span', {}, parts) : null;
    };
    options.seatItems = [...(options.seatItems || []), item];
  },
};
