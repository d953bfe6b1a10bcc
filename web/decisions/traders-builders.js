// Traders & Builders on the game screen: the builder's second tile, a badge on the turn banner
// (the same seat places again, which is easy to miss), and the news of a double turn and of
// trade goods collected.

import { h } from '../ui.js';
import { TILE_PUT, lookBack } from '../game/kit.js';

/** Whether the tile to place is a builder's second tile (the last turn-ending news). */
function secondTile(screen) {
  return lookBack(screen.events, (e) => (e.type === 'double-turn' ? true : TILE_PUT.includes(e.type) ? false : undefined));
}

/** The decision module (decisions/index.js). */
export const tradersBuilders = {
  name: 'traders-builders',
  badges(screen, p) {
    return p.decision === 'place' && secondTile(screen) ? [h('span', { class: 'badge', 'data-testid': 'second-tile' }, 'Builder: second tile')] : [];
  },
  news: (screen, e) => ['double-turn', 'goods-collected'].includes(e.type),
};
