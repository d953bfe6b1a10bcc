// The Gold Mines on the game screen: the gold ingots on the tiles for every screen (a small
// ingot low on the right of its tile, with the count where there are several), the ingots each
// seat holds in the players panel, the choice of the tile for a gold tile's second ingot (the
// tiles around it highlighted as squares, a list in the panel), and the news of ingots taken.

import { h, s } from '../ui.js';
import { capital, chosenLine, hint, tapVerb } from '../game/kit.js';

const INGOT = 'M-7 4L-4.5 -4H4.5L7 4Z';
const SHINE = 'M-4.5 -4H4.5L3.7 -1.5H-3.7Z';

/** An ingot's picture, as the SVG render draws it, with the count beside it above one. */
export function ingotShape(count, { px = 0, py = 0, scale = 1 } = {}) {
  const g = s('g', { class: 'gold-ingot', transform: `translate(${px} ${py}) scale(${scale})` });
  g.append(
    s('path', { d: INGOT, fill: '#f2c037', stroke: '#7a4d00', 'stroke-width': 1.2, 'stroke-linejoin': 'round' }),
    s('path', { d: SHINE, fill: '#ffe58a' }),
  );
  if (count > 1) g.append(s('text', { x: 9, y: 4, 'font-size': 10, 'font-weight': 'bold', fill: '#5b3a00', stroke: '#fff8dc', 'stroke-width': 2.5, 'paint-order': 'stroke' }, String(count)));
  return g;
}

/** An ingot as a small picture for buttons and the players panel. */
function ingotIcon(size) {
  return s('svg', { class: 'icon', width: size, height: size, viewBox: '-9 -8 18 14', 'aria-hidden': 'true' }, ingotShape(1));
}

/** "1 ingot", "4 ingots". */
function ingots(n) {
  return `${n} gold ingot${n === 1 ? '' : 's'}`;
}

/**
 * The second ingot: on this screen's decision the tiles around the gold tile (also highlighted
 * on the board) and the confirmation; otherwise whose choice it is.
 */
function goldPanel(screen, el, seat) {
  el.append(h('div', { class: 'panel-title' }, h('span', {}, 'Gold'), ingotIcon(26)));
  if (!screen.mine) {
    el.append(h('p', { class: 'hint', 'data-testid': 'gold-status' }, `${seat.name} puts the second gold ingot on a tile around the gold tile.`));
    return;
  }
  const c = screen.choice;
  el.append(
    hint(`Your gold tile has its ingot. ${capital(tapVerb())} a highlighted tile around it (diagonally too) for the second one.`),
    hint('Whoever completes a road, city or cloister takes the gold on its tiles (a cloister’s: the 3 × 3 area); at the end each ingot is worth 1 to 4 points, the more you hold the more each.', 'hint small muted rule-note'),
    h('div', { class: 'choices' }, screen.spotChoices().map((a) => screen.choiceButton(a, 'gold-choice', ingotIcon(18), capital(a.label || 'a tile')))),
  );
  if (c && c.action === 'gold') el.append(chosenLine(capital(c.label)));
  el.append(screen.confirmRow(c ? screen.confirmText(c) : 'Pick a tile', !!c));
}

/** The decision module (decisions/index.js). */
export const goldMines = {
  name: 'gold-mines',
  decisions: ['gold'],
  fromView: true,
  // The tiles around the gold tile may hold figures: their squares go over them.
  spots: { decision: 'gold', action: 'gold', kind: 'gold-spot', testid: 'gold-spot', words: 'a tile for the second gold ingot', overFigures: true },
  words: {
    asks: { gold: 'put the second gold ingot on a tile around the gold tile' },
    confirm: { gold: 'Put the ingot here' },
  },
  panel: goldPanel,
  /** Ingots taken from a completed feature, and the final gold scores. */
  news: (screen, e) => ['gold-taken', 'gold-scored'].includes(e.type),
  /** The ingots on the board, each tile's labelled in words. */
  board(screen) {
    const layer = screen.board.layer('gold');
    layer.replaceChildren();
    for (const g of screen.view.gold || []) {
      const at = Array.isArray(g.at) ? g.at : [0.8, 0.84];
      const shape = ingotShape(g.count, { px: (g.x + at[0]) * 100, py: (g.y + at[1]) * 100, scale: 1.4 });
      for (const [k, v] of Object.entries({ 'data-testid': 'gold', 'data-count': g.count, 'data-x': g.x, 'data-y': g.y, role: 'img', 'aria-label': g.label })) shape.setAttribute(k, v);
      shape.append(s('title', {}, g.label));
      layer.append(shape);
    }
  },
  /** The ingots each seat holds, and what each is worth as things stand. */
  players(screen, options) {
    const item = (seat) => {
      const gold = seat.gold;
      if (!gold || !Number.isInteger(gold.count)) return null;
      const words = gold.count ? `${capital(ingots(gold.count))}, ${gold.each} point${gold.each === 1 ? '' : 's'} each at the end` : 'No gold ingots yet';
      return h('span', { class: 'supply-item', title: words, 'aria-label': words, 'data-testid': 'supply-gold' }, ingotIcon(18), h('span', {}, `×${gold.count}`));
    };
    options.seatItems = [...(options.seatItems || []), item];
  },
};
