// The Tunnel on the game screen: the tunnel tokens on their openings for every screen (a disc
// in the owner's colour with its pair's letter, as the SVG render draws it), the tokens each
// seat has left in the players panel, and in the figure decision the token offered beside the
// deployment: a marker on every open tunnel opening (the pairs listed under it where several
// may go), and the same choices in the panel. A token placed leaves the figure decision open.

import { h, s, seatHex } from '../ui.js';
import { capital, hint, markerButton, tapVerb } from '../game/kit.js';

/** A pair's letter. */
const letter = (pair) => String.fromCharCode(65 + Number(pair || 0));

/** A token's picture around (0, 0), in `hex`, with its pair's letter. */
export function tunnelTokenShape(pair, hex, { px = 0, py = 0, scale = 1 } = {}) {
  const g = s('g', { class: 'tunnel-token', transform: `translate(${px} ${py}) scale(${scale})` });
  g.append(
    s('circle', { r: 7, fill: hex, stroke: '#1a1a1a', 'stroke-width': 1.2 }),
    s('text', { y: 3.6, 'text-anchor': 'middle', 'font-size': 10, 'font-weight': 'bold', fill: '#ffffff', stroke: '#1a1a1a', 'stroke-width': 1.6, 'paint-order': 'stroke' }, letter(pair)),
  );
  return g;
}

/** A token as a small picture for buttons and the players panel. */
function tunnelIcon(pair, hex, size = 18) {
  return s('svg', { class: 'icon', width: size, height: size, viewBox: '-8 -8 16 16', 'aria-hidden': 'true' }, tunnelTokenShape(pair, hex));
}

/** The decision module (decisions/index.js). */
export const tunnel = {
  name: 'tunnel',
  fromView: true,
  words: { confirm: { tunnel: (c) => `Put the token of pair ${letter(c.pair)} here` } },
  repeats: ['tunnel'],
  /** Tokens placed, and the roads they joined. */
  news: (screen, e) => e.type === 'tunnel-placed' && e.joined_x !== null && e.joined_x !== undefined,
  /** The tokens on the board, each labelled in words. */
  board(screen) {
    const layer = screen.board.layer('tunnels');
    layer.replaceChildren();
    for (const t of screen.view.tunnels || []) {
      const at = Array.isArray(t.at) ? t.at : [0.5, 0.5];
      const g = tunnelTokenShape(t.pair, seatHex(screen.seat(t.seat)), { px: (t.x + at[0]) * 100, py: (t.y + at[1]) * 100, scale: 1.2 });
      for (const [k, v] of Object.entries({ 'data-testid': 'tunnel-token', 'data-seat': t.seat, 'data-pair': t.pair, 'data-x': t.x, 'data-y': t.y, 'data-feature': t.feature, role: 'img', 'aria-label': t.label })) g.setAttribute(k, v);
      g.append(s('title', {}, capital(t.label)));
      layer.append(g);
    }
  },
  /** The tokens each seat has left. */
  players(screen, options) {
    const item = (seat) => {
      if (!Number.isInteger(seat.tunnel_tokens)) return null;
      const words = `Tunnel tokens left: ${seat.tunnel_tokens}`;
      return h('span', { class: 'supply-item', title: words, 'aria-label': words, 'data-testid': 'supply-tunnel' }, tunnelIcon(0, seatHex(seat)), h('span', {}, `×${seat.tunnel_tokens}`));
    };
    options.seatItems = [...(options.seatItems || []), item];
  },
  /** A marker on every open tunnel opening, the pairs that may go there listed under it. */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'tunnel' || !onTile(a)) return false;
    add(`tunnel:${a.x},${a.y},${a.feature}`, { ...there(a, 'tunnel', 'tunnel-marker'), pick: 'Which pair?', icon: (x, hex) => tunnelIcon(x.pair, hex) }, a);
    return true;
  },
  figurePanel(screen, d, { hex, of }) {
    const openings = of('tunnel');
    if (!openings.length) return;
    d.notes.push(
      hint(`Beside your figure, you may put a tunnel token on an open tunnel opening: ${tapVerb()} a round marker at an opening, or pick it below. A pair's second token joins the two roads underground. One token a turn; your figure comes after.`, 'hint small rule-note'),
    );
    for (const g of openings) d.choices.push(markerButton(screen, g, 'tunnel-choice', tunnelIcon(g.actions[0].pair, hex, 16), (label) => label.replace(/^put a tunnel token of pair . on /, '')));
  },
};
