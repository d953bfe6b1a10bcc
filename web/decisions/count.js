// The Count of Carcassonne on the game screen: its four decisions (a figure to a quarter of the
// city after a scoring that paid only others, the count's move, figures joining a feature about
// to be scored, and before the final scoring a figure onto any feature that scores), each with
// its markers on the city's quarters or the board and its panel; the city itself and the
// feature about to be scored, drawn for every screen; and the news of figures in and out of the
// city.

import { h, seatHex, isPair } from '../ui.js';
import { figureIcon } from '../figures.js';
import { cityOf, cityLayout, cityIcon, countIcon } from '../count.js';
import { capital, sameAction, hint, chosenLine } from '../game/kit.js';

/** The Count of Carcassonne's decisions, made on the city's quarters or from them. */
const COUNT_DECISIONS = ['carcassonne', 'count', 'redeploy', 'final-redeploy'];

/** The quarters the legal actions name, in the order they come. */
function quartersOffered(legal) {
  return [...new Set(legal.filter((a) => a.action === 'carcassonne' && typeof a.quarter === 'string').map((a) => a.quarter))];
}

/**
 * The redeployment: the feature about to be scored, for every screen (its tile outlined; where
 * a figure would stand on it too, for the seat that decides).
 */
function focus(screen) {
  const p = screen.pending;
  if (p.decision !== 'redeploy' || !Number.isFinite(p.x) || !Number.isFinite(p.y)) return null;
  const a = screen.legal.find((l) => l.action === 'redeploy' && isPair(l.at));
  const label = typeof p.label === 'string' && p.label ? `${capital(p.label)}: about to be scored` : 'The feature about to be scored';
  return { x: p.x, y: p.y, feature: p.feature, at: a ? a.at : null, label };
}

/**
 * The decisions' panel: on this screen's decision the choices (also markers on the board) and
 * the confirmation; otherwise whom the game waits for.
 */
function countPanel(screen, el, seat) {
  const p = screen.pending;
  const hex = seatHex(seat);
  const city = cityOf(screen.view);
  const quarterOf = (name) => (city ? city.quarters.find((q) => q.quarter === name) : null);
  const titles = { carcassonne: 'Carcassonne', count: 'The count', redeploy: 'From Carcassonne', 'final-redeploy': 'From Carcassonne, before the final scoring' };
  el.append(h('div', { class: 'panel-title' }, h('span', {}, titles[p.decision]), p.decision === 'count' ? countIcon(22) : cityIcon(22)));
  const feature = typeof p.label === 'string' && p.label ? p.label : 'the feature being scored';
  if (!screen.mine) {
    const waiting = {
      carcassonne: `${seat.name} may deploy a figure to a quarter of Carcassonne…`,
      count: `${seat.name} may move the count to another quarter…`,
      redeploy: `${seat.name} may move figures from Carcassonne onto ${feature} before it is scored…`,
      'final-redeploy': `${seat.name} may move a figure from Carcassonne before the final scoring…`,
    }[p.decision];
    el.append(h('p', { class: 'hint', 'data-testid': 'deciding' }, waiting));
    return;
  }
  const pass = screen.legal.find((a) => a.action === 'pass');
  const c = screen.choice;
  const groups = [...screen.markerGroups().values()];
  const note = (text, cls = 'hint') => el.append(hint(text, cls));
  const passButton = (text) => (pass ? screen.choiceButton(pass, 'pass', null, text) : null);

  if (p.decision === 'carcassonne') {
    note('The scoring paid another player but not you: you may deploy a figure from your supply to a quarter of Carcassonne (markers on the city), or not.');
    note('It waits there until a feature of the kind its quarter feeds is about to be scored, and may then join it.', 'hint small muted rule-note');
    const lists = quartersOffered(screen.legal).map((name) => {
      const q = quarterOf(name);
      const actions = screen.legal.filter((a) => a.action === 'carcassonne' && a.quarter === name);
      return [
        h('div', { class: 'subtitle' }, q ? q.label : capital(name)),
        h('div', { class: 'choices' }, actions.map((a) => screen.choiceButton(a, 'carcassonne-choice', figureIcon(a.figure, hex, 18)))),
      ];
    });
    el.append(h('div', { class: 'choice-lists' }, lists), h('div', { class: 'choices' }, passButton('Deploy nothing (P)')));
  } else if (p.decision === 'count') {
    const here = city && quarterOf(city.count);
    note(`You may move the count to another quarter (markers on the city)${here ? `, or leave it in the ${here.name.toLowerCase()} quarter` : ''}.`);
    note('No figure leaves the quarter the count stands in.', 'hint small muted rule-note');
    el.append(
      h(
        'div',
        { class: 'choices' },
        screen.legal.filter((a) => a.action === 'move-count').map((a) => screen.choiceButton(a, 'count-choice', countIcon(16))),
        passButton(pass ? `${capital(pass.label)} (P)` : ''),
      ),
    );
  } else if (p.decision === 'redeploy') {
    note(`${capital(feature)} is about to be scored (outlined on the board). You may move your figures from Carcassonne onto it, one at a time (markers), or none.`);
    note('A big follower counts two for the majority; every figure goes home after the scoring.', 'hint small muted rule-note');
    // "None" is sent at once: every scoring of a feature asks again. `P` chooses it too, for
    // `Enter`.
    const chosen = !!pass && sameAction(pass, c);
    const none = pass
      ? h(
          'button',
          {
            type: 'button',
            class: `choice${chosen ? ' selected' : ''}`,
            'data-testid': 'redeploy-none',
            'aria-pressed': chosen ? 'true' : 'false',
            title: 'Sent at once (or P, then Enter)',
            disabled: screen.busy,
            onClick: () => screen.sendNow(pass),
          },
          'None: redeploy no more',
        )
      : null;
    el.append(h('div', { class: 'choices' }, groups.filter((g) => g.kind === 'redeploy').map((g) => screen.choiceButton(g.actions[0], 'redeploy-choice', figureIcon(g.figure, hex, 18))), none));
  } else {
    note('Before the final scoring: move one figure from Carcassonne onto an unfinished road, city or cloister, or a farm (markers on the board), or none.');
    note('Every player in turn moves one until all are done; figures left in Carcassonne score nothing.', 'hint small muted rule-note');
    const targets = groups.filter((g) => g.kind === 'final');
    const open = groups.find((g) => g.key === screen.openFeature) || (c && targets.find((g) => g.actions.includes(c)));
    if (open && open.actions.length > 1) {
      el.append(
        h('div', { class: 'subtitle' }, 'Which figure?'),
        h('div', { class: 'choices' }, open.actions.map((a) => screen.choiceButton(a, 'figure-choice', figureIcon(a.figure, hex, 20)))),
      );
    }
    const button = (g) => {
      const a = g.actions.find((x) => x.figure === 'follower') || g.actions[0];
      const on = !!c && g.actions.includes(c);
      return h(
        'button',
        { type: 'button', class: `choice${on ? ' selected' : ''}`, 'data-testid': 'final-choice', 'data-key': g.key, 'aria-pressed': on ? 'true' : 'false', onClick: () => screen.clickMarker(g.key) },
        figureIcon(a.figure, hex, 18),
        ` ${capital(a.label)}`,
      );
    };
    el.append(
      h('div', { class: 'choice-lists' }, h('div', { class: 'subtitle' }, `${targets.length} place${targets.length === 1 ? '' : 's'}`), h('div', { class: 'choices' }, targets.map(button))),
      h('div', { class: 'choices' }, passButton('None: leave the rest in Carcassonne (P)')),
    );
  }
  if (c && c.action !== 'pass') el.append(chosenLine(capital(c.label)));
  el.append(screen.confirmRow(c ? screen.confirmText(c) : 'Choose', !!c));
}

/** The decision module (decisions/index.js). */
export const count = {
  name: 'count',
  decisions: COUNT_DECISIONS,
  words: {
    asks: {
      carcassonne: 'deploy a figure to Carcassonne or not',
      count: 'move the count or leave it',
      redeploy: 'move figures out of Carcassonne, or none',
      'final-redeploy': 'move a figure out of Carcassonne before the final scoring, or none',
    },
    confirm: { carcassonne: 'Deploy to Carcassonne', 'move-count': 'Move the count', redeploy: 'Redeploy' },
    pass: { carcassonne: 'Deploy nothing', count: 'Leave the count', redeploy: 'None', 'final-redeploy': 'Redeploy no more' },
  },
  /** A figure into a quarter, the count's move, a figure out of the city. */
  news: (screen, e) => ['figure-to-quarter', 'count-moved', 'figure-redeployed'].includes(e.type),
  /** The city's quarters, what waits in them and the count, and the feature about to be scored. */
  board(screen) {
    screen.board.setCity(cityOf(screen.view), screen.view.seats);
    screen.board.setFocus(focus(screen));
  },
  /**
   * One marker on each quarter for each kind of figure that may go there, one where the count
   * would stand in each quarter it may move to, one for each kind of figure that may join the
   * feature being scored, and before the final scoring one on each feature a figure may go to
   * (the figure chosen in the panel where several may).
   */
  markers(screen, { add, onTile, there }) {
    const p = screen.pending;
    let layout = null;
    const city = () => layout || (layout = COUNT_DECISIONS.includes(p.decision) ? cityLayout(cityOf(screen.view)) : new Map());
    // A quarter's marker: at `world` (world units), or at the action's own `at` on the board.
    const inQuarter = (a, world) => (world ? [world[0] / 100, world[1] / 100] : isPair(a.at) ? a.at : null);
    return (a) => {
      if (a.action === 'carcassonne' && typeof a.quarter === 'string') {
        const area = city().get(a.quarter);
        const kinds = [...new Set(screen.legal.filter((b) => b.action === 'carcassonne' && b.quarter === a.quarter).map((b) => b.figure))];
        const at = inQuarter(a, area && area.markerAt(kinds.indexOf(a.figure)));
        // A quarter is on no tile of its own.
        if (at) add(`quarter:${a.quarter}:${a.figure}`, { kind: 'quarter', testid: 'quarter-marker', tx: null, ty: null, quarter: a.quarter, figure: a.figure, preview: true }, a, at);
        return true;
      }
      if (a.action === 'move-count' && typeof a.quarter === 'string') {
        const area = city().get(a.quarter);
        const at = inQuarter(a, area && area.countAt);
        if (at) add(`count:${a.quarter}`, { kind: 'count', testid: 'count-marker', tx: null, ty: null, quarter: a.quarter, preview: 'count' }, a, at);
        return true;
      }
      if (a.action === 'redeploy' && onTile(a)) {
        if (p.decision === 'redeploy') add(`redeploy:${a.figure}`, { ...there(a, 'redeploy', 'redeploy-marker'), figure: a.figure, preview: true }, a);
        else add(`final:${a.x},${a.y},${a.feature}`, { ...there(a, 'final', 'final-marker'), preview: true, figureOf: (actions) => (actions.find((x) => x.figure === 'follower') || actions[0]).figure }, a);
        return true;
      }
      return false;
    };
  },
  panel: countPanel,
};
