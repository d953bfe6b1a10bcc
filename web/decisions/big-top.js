// Under the Big Top on the game screen: the big top as a striped tent on the circus tile where it
// went up last, for every screen and in the replay (the tent the SVG render draws); on each
// acrobat space with acrobats a badge with how full its pyramid is (the acrobats themselves stand
// two below and one above, board.js `setFigures`); the animal tokens nobody has seen, by value,
// in a side panel (never which one lies under the big top: the server does not say); the notes
// of a circus or acrobat tile while it is placed; and, in the figure decision, the acrobat
// actions that may replace a deployment: a marker on each acrobat space on or around the new tile
// where a follower may join the pyramid (`acrobat-marker`) and on each full pyramid that may be
// scored (`pyramid-marker`), with the same choices in the panel, each in the server's words. The
// ringmaster (a follower in a top hat, figures.js) is deployed as any figure. The news tells the
// big top moving, the circus and the pyramids scored and the ringmaster's bonus.

import { h, s } from '../ui.js';
import { capital, counted, hint, markerButton, ruleNote, section, tapVerb } from '../game/kit.js';
import { markerIcon } from '../figures.js';

/** The big top around (0, 0), about 40 board units wide: the render's tent (crates/render, `big_top_piece`). */
export function bigTopShape() {
  const stripes = [0, 2, 4].map((k) => s('rect', { x: +(-8.5 + 2.83 * k).toFixed(2), y: -1, width: 2.83, height: 9.5, fill: '#c62828' }));
  const fringe = [0, 1, 2, 3, 4, 5, 6, 7].map((k) => {
    const x = -10 + 2.5 * k;
    return `M${x} -0.5Q${x + 1.25} 1.9 ${x + 2.5} -0.5`;
  });
  return s(
    'g',
    { class: 'big-top-art' },
    s('ellipse', { cx: 0, cy: 8.8, rx: 10.5, ry: 1.8, fill: '#000', 'fill-opacity': 0.25 }),
    s('rect', { x: -8.5, y: -1, width: 17, height: 9.5, fill: '#fbf6ea' }),
    stripes,
    s('rect', { x: -8.5, y: -1, width: 17, height: 9.5, fill: 'none', stroke: '#5a1a12', 'stroke-width': 0.8 }),
    s('path', { d: 'M-2 8.5V4Q0 2 2 4V8.5Z', fill: '#3b2f22' }),
    s('path', { d: `${fringe.join('')}Z`, fill: '#f3c530', stroke: '#7a5a08', 'stroke-width': 0.4 }),
    s('path', { d: 'M-10 -0.5L0 -9L10 -0.5Z', fill: '#c62828', stroke: '#5a1a12', 'stroke-width': 0.9, 'stroke-linejoin': 'round' }),
    s('path', { d: 'M0 -9V-13.5', stroke: '#5a1a12', 'stroke-width': 0.8 }),
    s('path', { d: 'M0 -13.5L4.2 -12.2L0 -10.9Z', fill: '#f3c530', stroke: '#7a5a08', 'stroke-width': 0.4 }),
  );
}

/** The big top as a little picture, for the panels and the buttons. */
export function bigTopIcon(size = 18) {
  return s('svg', { class: 'icon big-top-icon', width: size, height: size, viewBox: '-11 -14 22 24', 'aria-hidden': 'true' }, bigTopShape());
}

/** An acrobat pyramid as a little picture: three followers, two below and one above (in `hex`). */
export function pyramidIcon(size = 18, hex = '#1f4e9c') {
  return s('svg', { class: 'icon pyramid-icon', width: size, height: size, viewBox: '-8 -8 16 16', 'aria-hidden': 'true' }, s('g', { fill: hex, stroke: '#0d2a5c', 'stroke-width': 0.6 }, markerIcon('acrobat')));
}

/** An animal token as a little picture: a round wooden token with its value. */
function animalToken(points, size = 22) {
  return s(
    'svg',
    { class: 'icon animal-token-icon', width: size, height: size, viewBox: '-10 -10 20 20', 'aria-hidden': 'true' },
    s('circle', { r: 9, fill: '#e8cc92', stroke: '#7a5226', 'stroke-width': 1.2 }),
    s('text', { y: 3.6, 'text-anchor': 'middle', 'font-size': 10.5, 'font-weight': 'bold', 'font-family': 'sans-serif', fill: '#3b2f22' }, String(points)),
  );
}

/** "5 points", "1 point". */
const points = (n) => counted(n, 'point');

/** The animal tokens' panel: how many of each value nobody has seen, and the whole in words. */
function renderAnimals(el, animals, bigTop) {
  el.replaceChildren();
  el.hidden = !animals;
  if (!animals) return;
  el.dataset.unseen = animals.unseen;
  const tokens = (animals.tokens || []).map((t) =>
    h(
      'span',
      { class: `animal-kind${t.count ? '' : ' gone'}`, title: `${counted(t.count, 'token')} worth ${points(t.points)} a follower`, 'data-testid': 'animal-token', 'data-points': t.points, 'data-count': t.count },
      animalToken(t.points, 18),
      ` ×${t.count}`,
    ),
  );
  el.append(
    h('div', { class: 'panel-title' }, h('span', {}, 'Animal tokens'), h('span', { class: 'muted small' }, `${animals.unseen} unseen`)),
    h('div', { class: 'animal-kinds' }, tokens),
    h('p', { class: 'hint small muted', 'data-testid': 'animals-words' }, animals.label || ''),
  );
  if (bigTop) el.append(h('p', { class: 'hint small', 'data-testid': 'big-top-words' }, bigTop.label || ''));
}

/** The decision module (decisions/index.js). */
export const bigTop = {
  name: 'big-top',
  fromView: true,
  words: {
    confirm: { acrobat: 'Put the acrobat there', pyramid: 'Score the pyramid' },
  },
  repeats: ['acrobat', 'pyramid'],
  /** The big top moving, the circus paying, a pyramid scored and the ringmaster's bonus. */
  news: (screen, e) => ['big-top-moved', 'circus-scored', 'acrobats-scored', 'ringmaster-bonus'].includes(e.type),
  /** The animal tokens nobody has seen, under the action panel. */
  build: () => ({ animals: h('div', { class: 'panel animals-panel', 'data-testid': 'animals', hidden: true }) }),
  side(screen) {
    renderAnimals(screen.el.animals, screen.view.animals, screen.view.big_top);
  },
  /** The big top on its circus tile, and how full each pyramid is, each labelled in words. */
  board(screen) {
    const layer = screen.board.layer('big-top');
    layer.replaceChildren();
    const put = (shape, attrs, label) => {
      for (const [k, v] of Object.entries({ ...attrs, role: 'img', 'aria-label': label })) shape.setAttribute(k, v);
      shape.append(s('title', {}, capital(label)));
      layer.append(shape);
    };
    const top = screen.view.big_top;
    if (top && Number.isFinite(top.x) && Number.isFinite(top.y)) {
      const g = s('g', { class: 'big-top', transform: `translate(${(top.x + 0.5) * 100} ${(top.y + 0.5) * 100}) scale(2)` }, bigTopShape());
      put(g, { 'data-testid': 'big-top', 'data-x': top.x, 'data-y': top.y }, top.label || 'the big top');
    }
    for (const space of screen.view.acrobat_spaces || []) {
      const n = (space.acrobats || []).length;
      if (!n) continue;
      const at = Array.isArray(space.at) ? space.at : [0.5, 0.5];
      // Low on the right of the pyramid, clear of its acrobats.
      const g = s(
        'g',
        { class: `pyramid-badge${space.full ? ' full' : ''}`, transform: `translate(${(space.x + at[0] + 0.2) * 100} ${(space.y + at[1] + 0.17) * 100})` },
        s('rect', { x: -10, y: -6.5, width: 20, height: 13, rx: 6.5 }),
        s('text', { y: 3.4, 'text-anchor': 'middle' }, `${n}/3`),
      );
      put(g, { 'data-testid': 'acrobat-space', 'data-x': space.x, 'data-y': space.y, 'data-acrobats': n, 'data-full': space.full ? 'true' : 'false' }, space.label || 'an acrobat space');
    }
  },
  /** A circus or acrobat tile: what it brings once placed. */
  placePanel(screen, d) {
    const p = screen.pending;
    if (p.circus) {
      d.notes.push(ruleNote('circus-note', 'A circus tile: once placed, the big top moves onto it over a new face-down animal token; the token under it so far is turned up and pays its value to everyone for each follower on that tile and the eight around it.'));
    }
    if (p.acrobats) {
      d.notes.push(ruleNote('acrobats-note', 'An acrobat tile: instead of deploying, a follower may join the pyramid on its space (up to 3, any colours), from this tile or one placed around it later. A full pyramid scores 5 points an acrobat.'));
    }
  },
  /** A marker on each acrobat space where a follower may join the pyramid, or whose full pyramid may be scored. */
  markers: (screen, { add, onTile }) => (a) => {
    if ((a.action !== 'acrobat' && a.action !== 'pyramid') || !onTile(a)) return false;
    const acrobat = a.action === 'acrobat';
    add(
      `${a.action}:${a.x},${a.y}`,
      { kind: a.action, testid: acrobat ? 'acrobat-marker' : 'pyramid-marker', tx: a.x, ty: a.y, feature: 'acrobats', preview: acrobat },
      a,
    );
    return true;
  },
  figurePanel(screen, d, { hex, of }) {
    const joins = of('acrobat');
    const scores = of('pyramid');
    if (!joins.length && !scores.length) return;
    const ways = [joins.length ? 'put a follower on an acrobat space (pyramid markers)' : null, scores.length ? 'score a full pyramid (star markers)' : null].filter(Boolean);
    d.hints.push(hint(`Under the big top: instead of deploying you may ${ways.join(', or ')}; ${tapVerb()} a marker or pick it below.`));
    const buttons = [
      ...joins.map((g) => markerButton(screen, g, 'acrobat-choice', pyramidIcon(18, hex))),
      ...scores.map((g) => markerButton(screen, g, 'pyramid-choice', pyramidIcon(18, '#f3c530'))),
    ];
    const note = 'A pyramid holds 3 followers of any players, on an acrobat space of the new tile or of the 8 around it. Once full, a player who places a tile on or beside it in a later turn may score it instead of deploying: 5 points an acrobat to its owner, and they go home; acrobats still standing score 5 points each at the end.';
    d.lists.push(...section(`Acrobats: ${buttons.length}`, note, buttons));
  },
};
