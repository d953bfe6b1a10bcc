// Mage & Witch on the game screen: the mage (purple, a star on the robe) and the witch (orange,
// a broom) beside a follower's spot on their road or city for every screen and in the replay;
// the `magic` decision after a magic tile or a tile joining their features: a marker on every
// unfinished road and city segment where one of them may go (the panel asks which figure where
// both may), or, with nowhere to go, the choice of the one taken off the board.

import { h, s } from '../ui.js';
import { capital, foldingList, hint, markerButton, tapVerb } from '../game/kit.js';

const COLOURS = { mage: '#7b3fb5', witch: '#ef7d1a' };
/** How many segments the panel lists without asking (late in a game there can be dozens). */
const SPOTS_LISTED = 8;
const STAR = 'M0 -7L1.6 -2.2L6.7 -2.2L2.6 0.8L4.1 5.7L0 2.7L-4.1 5.7L-2.6 0.8L-6.7 -2.2L-1.6 -2.2Z';

/** The mage's or the witch's picture around (0, 0), as the SVG render draws it. */
export function magicShape(figure, { px = 0, py = 0, scale = 1, ghost = false } = {}) {
  const colour = COLOURS[figure] || COLOURS.mage;
  const g = s('g', { class: `magic-figure ${figure}${ghost ? ' ghost' : ''}`, transform: `translate(${px} ${py}) scale(${scale})` });
  if (figure === 'witch') {
    g.append(
      s('path', { d: 'M-9 9L8 -6', stroke: '#6d4c2f', 'stroke-width': 1.6 }),
      s('path', { d: 'M-9 9L-11 6.5M-9 9L-7 11.5M-9 9L-11.5 9.8', stroke: '#c9a14a', 'stroke-width': 1.3 }),
    );
  }
  g.append(
    s('path', { d: 'M-3.4 -1H3.4L7.5 9.5H-7.5Z', fill: colour, stroke: '#1a1a1a', 'stroke-width': 1, 'stroke-linejoin': 'round' }),
    s('circle', { cx: 0, cy: -3.4, r: 2.7, fill: '#f1d3b3', stroke: '#1a1a1a', 'stroke-width': 0.8 }),
    s('path', { d: 'M0 -15L4.6 -5.4H-4.6Z', fill: colour, stroke: '#1a1a1a', 'stroke-width': 1, 'stroke-linejoin': 'round' }),
  );
  if (figure !== 'witch') g.append(s('path', { d: STAR, transform: 'translate(0 4.5) scale(0.42)', fill: '#f4d03f' }));
  return g;
}

/** The figure as a small picture for buttons. */
function magicIcon(figure, size = 20) {
  return s('svg', { class: 'icon', width: size, height: size, viewBox: '-12 -16 24 28', 'aria-hidden': 'true' }, magicShape(figure));
}

/** The markers' star as a small picture, for the list of segments. */
function starIcon(size = 16) {
  return s('svg', { class: 'icon', width: size, height: size, viewBox: '-8 -8 16 16', 'aria-hidden': 'true' }, s('path', { d: STAR, fill: '#f4d03f', stroke: '#7b3fb5', 'stroke-width': 1 }));
}

/** The decision module (decisions/index.js). */
export const mageWitch = {
  name: 'mage-witch',
  fromView: true,
  words: {
    asks: { magic: 'move the mage or the witch onto an unfinished road or city' },
    confirm: { magic: (c) => `Move the ${c.figure}`, 'magic-off': (c) => `Take the ${c.figure} off` },
  },
  repeats: ['magic'],
  /** Moves and removals of the mage and the witch. */
  news: (screen, e) => ['magic-moved', 'magic-removed'].includes(e.type),
  /** The mage and the witch where they stand, each labelled in words. */
  board(screen) {
    const layer = screen.board.layer('magic');
    layer.replaceChildren();
    for (const m of screen.view.magic || []) {
      const at = Array.isArray(m.at) ? m.at : [0.5, 0.5];
      const shape = magicShape(m.figure, { px: (m.x + at[0]) * 100, py: (m.y + at[1]) * 100, scale: 1.25 });
      for (const [k, v] of Object.entries({ 'data-testid': 'magic-figure', 'data-figure': m.figure, 'data-x': m.x, 'data-y': m.y, 'data-feature': m.feature, role: 'img', 'aria-label': m.label })) shape.setAttribute(k, v);
      shape.append(s('title', {}, capital(m.label)));
      layer.append(shape);
    }
  },
  /** A marker on each segment where the mage or the witch may go: one per segment, both figures under it. */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'magic' || !onTile(a)) return false;
    add(`magic:${a.x},${a.y},${a.feature}`, { ...there(a, 'magic', 'magic-marker'), pick: 'The mage or the witch?', icon: (x) => magicIcon(x.figure), prefer: (x) => x.figure === 'mage' }, a);
    return true;
  },
  figurePanel(screen, d, { seat, of }) {
    if (screen.pending.decision !== 'magic') return;
    d.title = 'The mage and the witch';
    d.icon = h('span', { class: 'magic-icons' }, magicIcon('mage', 24), magicIcon('witch', 24));
    d.waiting = `${seat.name} moves the mage or the witch onto an unfinished road or city…`;
    const spots = of('magic');
    if (spots.length) {
      d.notes.push(
        hint(`A magic tile, or a tile joining their features: move the mage or the witch. ${capital(tapVerb())} a marker on an unfinished road or city (anywhere on the board, never where the other stands), then pick the figure.`),
        hint('The mage adds 1 point per tile to the road or city when it is scored; the witch halves its points (rounded up). Either leaves the board once its feature is scored.', 'hint small muted rule-note'),
      );
      // The segments as a list too (folded where there are many): a button per segment, which
      // does what its marker does, however small or crowded the markers are.
      const state = screen.stateOf('mage-witch');
      const shown = state.open ?? spots.length <= SPOTS_LISTED;
      d.lists.push(
        foldingList(screen, {
          cls: 'magic-list',
          shown,
          state,
          groups: spots,
          summary: {
            testid: 'magic-summary',
            title: 'Show or hide the list of the unfinished roads and cities',
            text: `Unfinished roads and cities: ${spots.length}`,
          },
          note: null,
          // "bring the mage onto the road …" reads "the road …" in the list: the figure is picked after.
          buttons: spots.map((g) => markerButton(screen, g, 'magic-choice', starIcon(16), (label) => label.replace(/^(move|bring) the (mage|witch) onto /, ''))),
        }),
      );
    }
    const off = screen.legal.filter((a) => a.action === 'magic-off');
    if (off.length) {
      d.notes.push(hint('No unfinished road or city is left for them: take one of them off the board (it comes back with the next magic tile).'));
      for (const a of off) d.choices.push(screen.choiceButton(a, 'magic-off', magicIcon(a.figure, 18)));
    }
  },
};
