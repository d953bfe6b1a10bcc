// The variation "The dash" on the game screen: after deploying a follower or moving one, a seat
// may buy another, 1 point each. The figure decision then comes again as a round of the dash:
// its own words in the turn banner and the panel ("Stop" instead of "Pass", the point it costs),
// a badge, and the news of a point given up by another seat. The view has no field for the round:
// the events of the turn tell it.

import { h } from '../ui.js';
import { pieceIcon } from '../figures.js';
import { TILE_PUT, plays, lookBack, ruleNote } from '../game/kit.js';

/**
 * The events after which the figure decision comes again, a round bought for a point (a
 * deployment of a follower or a move of the seat's, after its tile this turn).
 */
const DASH_AFTER = ['figure-deployed', 'follower-moved'];

/** What a round bought asks, for the turn banner and the action panel. */
const DASH_WORDS = 'another follower or move for 1 point, or stop';

/**
 * Whether the pending figure decision is a round bought for a point: since the seat's tile of
 * this turn (placed or raised as a mountain), the same seat deployed a follower or moved one,
 * and the figure decision came again (without the dash the figure phase ends with the first of
 * them).
 */
function dashRound(screen) {
  const p = screen.pending;
  if (p.decision !== 'deploy' || !plays(screen.view, 'dash')) return false;
  return lookBack(screen.events, (e) => (TILE_PUT.includes(e.type) ? false : DASH_AFTER.includes(e.type) && e.seat === p.seat ? true : undefined));
}

/** The decision module (decisions/index.js). */
export const dash = {
  name: 'dash',
  ask: (screen) => (dashRound(screen) ? `decide on the dash: ${DASH_WORDS}` : null),
  /** A round of the dash, for every screen (a rebuilt tile's badge says more: rebuilding.js). */
  badges(screen, p) {
    if (!dashRound(screen) || p.rebuilt) return [];
    return [h('span', { class: 'badge dash-badge', 'data-testid': 'dash-badge', title: 'The dash: each further follower or move costs 1 point' }, 'Dash round')];
  },
  /** Another seat gave up a point. */
  news: (screen, e) => e.type === 'point-sacrificed' && !screen.you.includes(e.seat),
  /** A round of the dash changes the figure panel's words; otherwise the panel says the rule. */
  figurePanel(screen, d, { seat }) {
    if (!dashRound(screen)) {
      if (plays(screen.view, 'dash')) {
        d.notes.push(ruleNote('dash-rule', 'The dash: after deploying a follower or moving one you may buy another, 1 point each, while you have points.'));
      }
      return;
    }
    d.round = 'dash';
    d.title = 'The dash';
    d.icon = pieceIcon('move');
    d.waiting = `${seat.name} may deploy another follower or move one for 1 point, or stop…`;
    d.figure = 'follower';
    d.pass = 'stop';
    d.passButton = 'Stop (no more)';
    d.prompt = 'Choose, or stop';
    d.confirm = (c, words) => (c.action === 'pass' ? 'Stop' : `${words} (−1 point)`);
    const score = Number(seat.score) || 0;
    d.lead.push(
      h('p', { class: 'hint dash-note', 'data-testid': 'dash-note' }, `Dash: ${DASH_WORDS}.`),
      ruleNote('dash-rule', `You have ${score} point${score === 1 ? '' : 's'}. Each further follower deployed or moved costs 1 point, taken when you confirm; “Stop” ends your figures for this turn.`),
    );
    d.chosen.push(h('p', { class: 'hint small dash-cost', 'data-testid': 'dash-cost' }, 'This costs 1 point.'));
  },
};
