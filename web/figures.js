// The pictures of the figures and pieces on the board, and of the choices' markers: each kind of
// figure has its own silhouette in its seat's colour, the dragon and the fairy their own looks
// (the count's is in count.js, the towers' in tower.js). Kept apart from the board (board.js) so
// that the board, its markers (markers.js) and the panels share one set of pictures; it draws
// nothing by itself.

import { s, inkOn } from './ui.js';
import { countShape } from './count.js';

// Figure outlines centred on (0, 0), about 21 × 17 units (a tile is 100): the head is an arc
// so that the outline is one path with no seam at the neck. Each kind has its own silhouette:
// the follower, the big follower (larger, with a ring), the abbot (a robe), the builder (a
// pointed hat), the pig; with Abbey & Mayor the mayor (a top hat and a chain of office), the
// wagon (a cart on two wheels) and the barn (a house with a pitched roof).
const SHAPES = {
  follower: 'M-2.5,-4 A4,4 0 1 1 2.5,-4 L9,-1.5 Q11,1 8.5,2.2 L4.5,1.5 L7.5,9 L1.8,9 L0,5.5 L-1.8,9 L-7.5,9 L-4.5,1.5 L-8.5,2.2 Q-11,1 -9,-1.5 Z',
  abbot: 'M-2.3,-4.2 A4,4 0 1 1 2.3,-4.2 L5.5,-1 Q7,3 8,9 L-8,9 Q-7,3 -5.5,-1 Z',
  builder: 'M0,-14 L6,-7 L2.6,-7 A3.4,3.4 0 0 1 2.2,-3.6 L7,-2 Q8.5,0 6.5,1 L3.5,0.5 L5.5,10 L1.5,10 L0,5 L-1.5,10 L-5.5,10 L-3.5,0.5 L-6.5,1 Q-8.5,0 -7,-2 L-2.2,-3.6 A3.4,3.4 0 0 1 -2.6,-7 L-6,-7 Z',
  // A top hat on the head, then a long coat with arms: three pieces of one outline, overlapping.
  mayor:
    'M-3.4,-15 H3.4 V-9.4 H5.6 V-7.6 H-5.6 V-9.4 H-3.4 Z ' +
    'M-3.3,-4.6 A3.3,3.3 0 1 1 3.3,-4.6 A3.3,3.3 0 1 1 -3.3,-4.6 Z ' +
    'M-2.6,-1.8 L2.6,-1.8 L8.6,0.6 Q10.4,2.6 8.2,3.8 L5.2,2.8 L7.2,9.5 L-7.2,9.5 L-5.2,2.8 L-8.2,3.8 Q-10.4,2.6 -8.6,0.6 Z',
  barn: 'M-9.5,9.5 V-1.5 L0,-10.5 L9.5,-1.5 V9.5 Z',
  // Hills & Sheep: the shepherd, a head over a long robe (its crook is drawn beside it).
  shepherd: 'M-2.6,-3.8 A3.4,3.4 0 1 1 2.6,-3.8 L5,-2.2 L6.8,8.6 Q7,9.6 6,9.6 L-6,9.6 Q-7,9.6 -6.8,8.6 L-5,-2.2 Z',
};
// The shepherd's crook: a staff from the ground up past its head, hooked at the top, held in a hand.
const CROOK = 'M8,9.6 V-8 A2.5,2.5 0 0 0 3,-8 V-6.4';
// Under the Big Top: the ringmaster's top hat on a follower's head (a brim, a tall crown) and its red band.
const TOP_HAT = 'M-5,-9.4 H5 V-10.6 H3 V-16 H-3 V-10.6 H-5 Z';
const HAT_BAND = 'M-3,-10.8 H3 V-12.2 H-3 Z';
// The white lines drawn over a figure's outline (its "marks").
const MARKS = {
  mayor: 'M-3.2,-1.2 Q0,2.6 3.2,-1.2',
  barn: 'M-6.5,-1.5 L0,-7.5 L6.5,-1.5',
};
// Under the Big Top: where the acrobats of a pyramid stand around their space's spot, in tile
// units, in the order they came: two side by side, the third on their shoulders (the SVG
// render's PYRAMID_SPOTS, crates/render/src/layout/tokens.rs).
export const PYRAMID = [[-0.085, 0.07], [0.085, 0.07], [0, -0.08]];
// Where a figure's seat number stands: [x, baseline].
const SEAT_AT = { pig: [-1, 4.6], builder: [0, 6.4], mayor: [0, 8.2], wagon: [0, 0.8], barn: [0, 7.2], shepherd: [0, 6.8] };

function pigShape() {
  return [
    s('ellipse', { cx: -1, cy: 2, rx: 8.5, ry: 5.5 }),
    s('circle', { cx: 7, cy: -1.5, r: 4 }),
    s('path', { d: 'M4.5,-5 L6,-9 L8.5,-5.2 Z' }),
    s('rect', { x: -7, y: 5.5, width: 2.6, height: 4, rx: 1 }),
    s('rect', { x: 2, y: 5.5, width: 2.6, height: 4, rx: 1 }),
    s('ellipse', { cx: 10.8, cy: -0.8, rx: 1.8, ry: 2.2, class: 'snout' }),
  ];
}

/** The wagon: a cart with a shaft on two wheels, each with its hub. */
function wagonShape() {
  const wheel = (cx) => [s('circle', { cx, cy: 5, r: 3.9 }), s('circle', { class: 'figure-mark', cx, cy: 5, r: 1.1 })];
  return [
    s('path', { d: 'M9.5,-2.2 L13.5,-3.4 L13.9,-2.1 L9.5,-0.4 Z' }),
    s('rect', { x: -10.5, y: -6.5, width: 20, height: 8.5, rx: 1.2 }),
    ...wheel(-5.6),
    ...wheel(5.6),
  ];
}

/** The shepherd (Hills & Sheep): its robe in the seat's colour, a wooden crook and the hand holding it. */
function shepherdShape() {
  return [
    s('path', { d: SHAPES.shepherd }),
    s('path', { class: 'crook-edge', d: CROOK, fill: 'none', 'stroke-width': 3, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
    s('path', { class: 'crook', d: CROOK, fill: 'none', stroke: '#c08a4a', 'stroke-width': 1.5, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' }),
    s('circle', { cx: 8, cy: -1.2, r: 1.6 }),
  ];
}

/** The ringmaster (Under the Big Top): a follower in the seat's colour wearing a black top hat with a red band. */
function ringmasterShape() {
  return [s('path', { d: SHAPES.follower }), s('path', { class: 'top-hat', d: TOP_HAT, fill: '#161616' }), s('path', { class: 'hat-band', d: HAT_BAND, fill: '#c62828' })];
}

/** The picture of a figure of `kind`, centred on (0, 0), before its colour and size. */
function figureBody(kind) {
  if (kind === 'pig') return pigShape();
  if (kind === 'wagon') return wagonShape();
  if (kind === 'shepherd') return shepherdShape();
  if (kind === 'ringmaster') return ringmasterShape();
  const body = [s('path', { d: SHAPES[kind] || SHAPES.follower })];
  if (MARKS[kind]) body.push(s('path', { class: 'figure-mark', d: MARKS[kind] }));
  if (kind === 'big-follower') body.push(s('circle', { class: 'figure-mark', cx: 0, cy: -4, r: 5.2 }));
  return body;
}

/** The size of a figure of this kind, relative to a follower. */
export function figureSize(kind) {
  return (kind === 'big-follower' ? 1.35 : kind === 'mayor' ? 1.08 : 1) * 1.2;
}

/**
 * A figure picture at world point (px, py): `kind` is the engine's figure name. Followers on
 * fields lie down, as farmers do on the real board, and so does a special monastery's prior. `seat` (a number) is written on the
 * figure, so that owners differ by more than their colour.
 */
export function figureShape(kind, hex, { px = 0, py = 0, feature = '', scale = 1, ghost = false, seat = null, lift = 0 } = {}) {
  // Farmers lie in their fields; on a special monastery, a figure as its prior lies on its side.
  const lying = (['follower', 'big-follower', 'phantom'].includes(kind) && String(feature).startsWith('field')) || String(feature) === 'prior';
  const k = figureSize(kind) * scale;
  const g = s('g', {
    class: `figure ${kind}${ghost ? ' ghost' : ''}`,
    transform: `translate(${px} ${py}) scale(${k}) translate(0 ${lift})`,
    fill: hex,
  });
  g.append(s('g', { transform: lying ? 'rotate(-90)' : null }, figureBody(kind)));
  if (seat !== null && seat !== undefined) {
    const [x, y] = SEAT_AT[kind] || [0, 5.6];
    g.append(s('text', { class: 'figure-seat', x, y, 'text-anchor': 'middle', fill: inkOn(hex) }, seat + 1));
  }
  g.dataset.px = px;
  g.dataset.py = py;
  g.dataset.k = k;
  g.dataset.lift = lift;
  return g;
}

// The Princess & the Dragon's neutral pieces, centred on (0, 0). The dragon stands on a dark
// disc with a gold rim (48 units across), so that it never reads as a seat's figure: a winged
// beast facing east. The fairy is a small winged figure in a pale glow, 22 units across.
const DRAGON_BODY =
  'M-18,-2 C-14,6 -9,8 -6,4 L-7,11 L-4,11 L-3,7 L3,7 L3,11 L6,11 L7,5 C9,3 10,0 10,-4 L12,-9 L19,-8 ' +
  'L19,-10 L14,-12 L12,-15 L12,-12 L9,-10 L7,-3 L2,-14 L-2,-9 L-5,-13 L-7,-6 L-10,-9 L-9,-1 C-12,0 -15,-1 -18,-2 Z';
const DRAGON_TAIL = 'M-21,-5 L-16,-3 L-20,1 Z';
const FAIRY_DRESS = 'M0,-4.5 L4.6,8 L-4.6,8 Z';
const SPARKLE = 'M0,-6 L1.5,-1.5 L6,0 L1.5,1.5 L0,6 L-1.5,1.5 L-6,0 L-1.5,-1.5 Z';
const CROWN = 'M-6,3.5 L-6.5,-3.5 L-3,-0.5 L0,-5 L3,-0.5 L6.5,-3.5 L6,3.5 Z';
// The capture marker rings the figure (which stays in sight) with four ticks.
const CROSSHAIR = 'M0,-12 V-7 M0,7 V12 M-12,0 H-7 M7,0 H12';
// Abbey & Mayor: a barn for a corner's marker, a cart for a wagon's move.
const BARN_ICON = 'M-6,5.5 V-0.5 L0,-6.5 L6,-0.5 V5.5 Z';
// Mage & Witch: a five-pointed star, for the markers where the mage or the witch may go.
// The Flier: a winged arrow (a flight from the flying machine, or where a flier may land).
const FLIER_ICON = 'M-6.5 0L-1.5 -4V-1.5H6.5V1.5H-1.5V4Z M0.5 -1.5C1.5 -5.5 4 -6.5 6 -5.5L3.5 -1.5Z M0.5 1.5C1.5 5.5 4 6.5 6 5.5L3.5 1.5Z';
// The Catapult: a heart, for the seduction (a follower that may be replaced by one of the seat's).
export const SEDUCTION_HEART = 'M0 5.6C-1.2 4.4 -6.6 1.2 -6.6 -2.2A3.3 3.3 0 0 1 0 -3.6A3.3 3.3 0 0 1 6.6 -2.2C6.6 1.2 1.2 4.4 0 5.6Z';
const MAGIC_STAR = 'M0,-6.5 L1.5,-2 L6.2,-2 L2.4,0.8 L3.8,5.3 L0,2.5 L-3.8,5.3 L-2.4,0.8 L-6.2,-2 L-1.5,-2 Z';
const WAGON_ICON = 'M-7,-4.5 H7 V1.5 H-7 Z M-6.6,3.6 A2.4,2.4 0 1 0 -1.8,3.6 A2.4,2.4 0 1 0 -6.6,3.6 Z M1.8,3.6 A2.4,2.4 0 1 0 6.6,3.6 A2.4,2.4 0 1 0 1.8,3.6 Z';
// "A new lease of life" and "The dash": an arrow for a follower's move (drawn as a line), crossed
// swords for a religious war.
// La Porxada: two arrows turning about each other (a swap), and a cross (a follower given up).
const SWAP_ARROWS = 'M-7,-2 A7,7 0 0 1 6,-3.5 M6,-3.5 L6.5,-8 M6,-3.5 L1.6,-4.6 M7,2 A7,7 0 0 1 -6,3.5 M-6,3.5 L-6.5,8 M-6,3.5 L-1.6,4.6';
const FORFEIT_CROSS = 'M-6,-6 L6,6 M6,-6 L-6,6';
const MOVE_ARROW = 'M-6.5,0 H5 M1,-4.5 L5.5,0 L1,4.5';
const SWORDS = 'M-6,-6 L6,6 M6,-6 L-6,6 M-6.5,2.5 L-2.5,6.5 M6.5,2.5 L2.5,6.5';
// "Rebuilding": a tile lifted (a square with an arrow up out of it), for a tile that may be removed.
const REMOVE_ICON = 'M-6.5,-1.5 V6.5 H6.5 V-1.5 M0,3 V-8.5 M-3.6,-5 L0,-8.5 L3.6,-5';
const GATE = 'M-5.5,5.5 L-5.5,-0.5 A5.5,5.5 0 0 1 5.5,-0.5 L5.5,5.5 L2.6,5.5 L2.6,-0.5 A2.6,2.6 0 0 0 -2.6,-0.5 L-2.6,5.5 Z';

/** The dragon's picture (no position). */
export function dragonShape() {
  return s(
    'g',
    { class: 'dragon-art' },
    s('circle', { class: 'dragon-disc', r: 24 }),
    s('path', { class: 'dragon-body', d: DRAGON_TAIL }),
    s('path', { class: 'dragon-body', d: DRAGON_BODY }),
    s('circle', { class: 'dragon-eye', cx: 15, cy: -10, r: 1.2 }),
  );
}

/** The fairy's picture (no position); `ghost` for a preview. */
export function fairyShape({ ghost = false } = {}) {
  return s(
    'g',
    { class: `fairy-art${ghost ? ' ghost' : ''}` },
    s('circle', { class: 'fairy-glow', r: 11 }),
    s('ellipse', { class: 'fairy-wing', cx: -4.5, cy: -1.5, rx: 4.6, ry: 2.4, transform: 'rotate(-30 -4.5 -1.5)' }),
    s('ellipse', { class: 'fairy-wing', cx: 4.5, cy: -1.5, rx: 4.6, ry: 2.4, transform: 'rotate(30 4.5 -1.5)' }),
    s('path', { class: 'fairy-dress', d: FAIRY_DRESS }),
    s('circle', { class: 'fairy-head', cy: -6.6, r: 2.7 }),
    s('path', { class: 'fairy-sparkle', d: SPARKLE, transform: 'translate(7 -7) scale(0.45)' }),
  );
}

/**
 * The small picture inside a marker of each kind of choice (a dot for plain deployments). The
 * Count of Carcassonne's markers show what they would move: the count, or a figure of the kind
 * (`figure`, in the colour `hex`) to or from a quarter.
 */
export function markerIcon(kind, { figure = null, hex = '#888', feature = '' } = {}) {
  if (kind === 'count') return s('g', { class: 'marker-icon', transform: 'scale(0.5) translate(0 2)' }, countShape());
  if (['quarter', 'redeploy', 'final'].includes(kind) && figure) return figureShape(figure, hex, { scale: 0.5, feature: kind === 'quarter' ? '' : feature });
  if (kind === 'fairy') return s('path', { class: 'marker-icon', d: SPARKLE });
  if (kind === 'princess') return s('path', { class: 'marker-icon', d: CROWN });
  if (kind === 'gate') return s('path', { class: 'marker-icon', d: GATE });
  if (kind === 'barn') return s('path', { class: 'marker-icon', d: BARN_ICON });
  if (kind === 'wagon') return s('path', { class: 'marker-icon', d: WAGON_ICON });
  if (kind === 'magic') return s('path', { class: 'marker-icon', d: MAGIC_STAR });
  if (kind === 'fly' || kind === 'land') return s('path', { class: 'marker-icon', d: FLIER_ICON });
  // The Tunnel: a tunnel opening's arch.
  if (kind === 'tunnel') return s('path', { class: 'marker-icon', d: 'M-5 4V0A5 5 0 0 1 5 0V4H2.5V0.5A2.5 2.5 0 0 0 -2.5 0.5V4Z' });
  // The Ferries: a raft between two jetties.
  if (kind === 'ferry') return s('path', { class: 'marker-icon', d: 'M-6 -2H6V2H-6ZM-4 -2V2M0 -2V2M4 -2V2' });
  // The Plague: where a figure would flee to (a curved arrow, running away).
  if (kind === 'flee') return s('path', { class: 'marker-icon', d: 'M-6.5 5C-5.5 -2 -1 -5.5 5.5 -4.5M1.5 -8L5.5 -4.5L2 -0.5' });
  // The Messages: a follower message 8 may score and send home (an envelope).
  if (kind === 'message') return s('path', { class: 'marker-icon', d: 'M-6 -4.2H6V4.2H-6ZM-6 -4.2L0 0.8L6 -4.2' });
  // Under the Big Top: an acrobat space where a follower may join the pyramid (three heads, two
  // below and one above), and a full pyramid that may be scored (a star).
  if (kind === 'acrobat') return s('g', { class: 'marker-icon' }, s('circle', { cx: -3.4, cy: 2.8, r: 2.7 }), s('circle', { cx: 3.4, cy: 2.8, r: 2.7 }), s('circle', { cx: 0, cy: -3.2, r: 2.7 }));
  if (kind === 'pyramid') return s('path', { class: 'marker-icon', d: MAGIC_STAR });
  // The Catapult: a follower the seduction token may replace (a heart).
  if (kind === 'seduce') return s('path', { class: 'marker-icon', d: SEDUCTION_HEART });
  // Bridges, Castles & Bazaars: a bridge that may be built, along its axis (`feature`: bridge-ns, bridge-ew).
  if (kind === 'bridge') return s('path', { class: 'marker-icon', d: feature === 'bridge-ew' ? 'M-7 -3H7M-7 3H7M-4 -3V3M0 -3V3M4 -3V3' : 'M-3 -7V7M3 -7V7M-3 -4H3M-3 0H3M-3 4H3' });
  // "A new lease of life": where a follower of the player's would move to (an arrow), or the
  // cloister two knights would take in a religious war (crossed swords).
  if (kind === 'move') return s('path', { class: 'marker-icon', d: MOVE_ARROW });
  if (kind === 'war') return s('path', { class: 'marker-icon', d: SWORDS });
  // "Rebuilding": a tile that may be lifted for a point and placed elsewhere.
  if (kind === 'remove') return s('path', { class: 'marker-icon', d: REMOVE_ICON });
  // The Tower: a figure a tower may take prisoner (a tower's own marker is a ring around it).
  if (kind === 'tower') return null;
  // The variation "Prisoners": a follower that may be taken prisoner, ringed the same way.
  if (kind === 'capture' || kind === 'prisoner') return s('path', { class: 'marker-icon', d: CROSSHAIR });
  // La Porxada: a follower to swap, or to give up to refuse a swap.
  if (kind === 'swap') return s('path', { class: 'marker-icon', d: SWAP_ARROWS });
  if (kind === 'forfeit') return s('path', { class: 'marker-icon', d: FORFEIT_CROSS });
  return s('circle', { class: 'marker-dot', r: 4 });
}

/**
 * A little <svg> of a piece or a choice, for panels and buttons: `dragon`, `fairy`, `princess`,
 * `gate`, `move` (a follower's move), `war` (a religious war) or `remove` (a tile lifted by
 * rebuilding).
 */
export function pieceIcon(kind, size = 20) {
  let art;
  if (kind === 'dragon') art = s('g', { transform: 'scale(0.5)' }, dragonShape());
  else if (kind === 'fairy') art = fairyShape();
  else art = s('g', { class: `marker ${kind}`, transform: 'scale(1.6)' }, markerIcon(kind));
  return s('svg', { class: `piece-icon ${kind}`, viewBox: '-13 -13 26 26', width: size, height: size, 'aria-hidden': 'true' }, art);
}

/** A figure picture as its own little <svg>, for panels and buttons. */
export function figureIcon(kind, hex, size = 22) {
  return s(
    'svg',
    { class: 'figure-icon', viewBox: '-13 -15 26 28', width: size, height: size, 'aria-hidden': 'true' },
    figureShape(kind, hex, { scale: { 'big-follower': 0.7, mayor: 0.8 }[kind] || 0.92 }),
  );
}
