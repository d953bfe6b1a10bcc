// Abbey & Mayor on the game screen: the abbey placed in a hole before the draw (the `abbey`
// decision: the holes highlighted as tiles, the abbey shown in the one chosen), the barn on a
// corner of the new tile in the figure decision, the wagon moved after its feature is scored (the
// `wagon` decision), and the barns on the board for every screen. The mayor is a figure like the
// others: the base game's deployment.

import { h } from '../ui.js';
import { figureIcon } from '../figures.js';
import { ABBEY_TILE, barnsOf, abbeyThumb } from '../abbey.js';
import { capital, hint, chosenLine, markerButton, section, tapVerb } from '../game/kit.js';

/**
 * Abbey & Mayor, before the draw: on this screen's decision the holes the abbey may fill
 * (also highlighted on the board), "Draw a tile" and the confirmation; otherwise who decides.
 */
function abbeyPanel(screen, el, seat) {
  el.append(h('div', { class: 'panel-title' }, h('span', {}, 'The abbey'), abbeyThumb(24)));
  if (!screen.mine) {
    el.append(h('p', { class: 'hint', 'data-testid': 'deciding' }, `${seat.name} may place their abbey in a hole of the board instead of drawing a tile…`));
    return;
  }
  const pass = screen.legal.find((a) => a.action === 'pass');
  const c = screen.choice;
  el.append(
    hint('Instead of drawing a tile you may place your abbey (once in the game) in a hole: an empty place with a tile on each of its four sides, highlighted on the board.'),
    hint('The abbey is a cloister for a monk; its walls end every road, city and farm that touches it, and the roads and cities it closes are scored.', 'hint small muted rule-note'),
    h('div', { class: 'choices' }, screen.spotChoices().map((a) => screen.choiceButton(a, 'abbey-choice', abbeyThumb(18))), pass ? screen.choiceButton(pass, 'pass', null, 'Draw a tile') : null),
  );
  if (c && c.action === 'abbey') el.append(chosenLine(capital(c.label)));
  el.append(screen.confirmRow(c ? screen.confirmText(c) : 'Pick a hole, or draw', !!c));
}

/** The decision module (decisions/index.js). */
export const abbeyMayor = {
  name: 'abbey-mayor',
  decisions: ['abbey'],
  spots: {
    decision: 'abbey',
    action: 'abbey',
    kind: 'abbey',
    testid: 'abbey-spot',
    words: 'a hole for your abbey',
    // The abbey is shown in the hole chosen.
    ghost: (c) => (c && c.action === 'abbey' ? { tile: ABBEY_TILE, x: c.x, y: c.y, rotation: 0, selected: true } : null),
  },
  words: {
    asks: { abbey: 'place the abbey or draw a tile', wagon: 'move the wagon or take it home' },
    confirm: { abbey: 'Place the abbey', barn: 'Place the barn', 'move-wagon': 'Move the wagon' },
    pass: { abbey: 'Draw a tile', wagon: 'Take the wagon home' },
  },
  repeats: ['barn', 'move-wagon'],
  panel: abbeyPanel,
  board(screen) {
    screen.board.setBarns(barnsOf(screen.view), screen.view.seats);
  },
  /** A wagon's move onto a feature; a barn on a corner of the tile just placed, where four tiles meet. */
  markers: (screen, { add, onTile, there }) => (a) => {
    const p = screen.pending;
    if (a.action === 'move-wagon' && onTile(a)) {
      add(`wagon:${a.x},${a.y},${a.feature}`, { ...there(a, 'wagon', 'wagon-marker'), preview: 'wagon' }, a);
      return true;
    }
    if (a.action === 'barn' && typeof a.corner === 'string' && Number.isFinite(p.x) && Number.isFinite(p.y)) {
      add(`barn:${a.corner}`, { kind: 'barn', testid: 'barn-marker', tx: p.x, ty: p.y, feature: a.corner, preview: 'barn' }, a);
      return true;
    }
    return false;
  },
  figurePanel(screen, d, { seat, hex, of }) {
    if (screen.pending.decision === 'wagon') {
      d.title = 'The wagon';
      d.icon = figureIcon('wagon', hex, 24);
      // The wagon's owner decides, whoever's turn it is.
      d.waiting = `${seat.name} decides where their wagon goes: onto a neighbouring road, city or cloister, or home…`;
      d.passButton = 'Take the wagon home';
    }
    const wagons = of('wagon');
    if (wagons.length) {
      d.notes.push(hint(`Your wagon’s feature was scored and the wagon is back with you. ${capital(tapVerb())} a wagon marker to move it onto a neighbouring road, city or cloister that is unfinished and free, or take it home.`));
    }
    const barns = of('barn');
    if (barns.length) {
      const note = 'Instead of a figure: on a corner of the new tile where four farms meet (barn markers). Farmers already on that farm score now and go home; no farmer may join it later.';
      d.lists.push(...section('The barn', note, barns.map((g) => markerButton(screen, g, 'barn-choice', figureIcon('barn', hex, 18)))));
    }
    for (const g of wagons) d.choices.push(markerButton(screen, g, 'wagon-choice', figureIcon('wagon', hex, 20)));
  },
};
