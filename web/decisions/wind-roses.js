// The Wind Roses on the game screen: the sections of the full rose that sets them (the orange
// start tile, or the blue rose once placed), drawn for every screen as dashed lines through the
// rose's tile with the sections' names around it, turned as the rose points; and the news of a
// quarter rose scored. The roses themselves are drawn with their tiles; a placement that scores
// says so in its words (the view's legal labels).

import { s } from '../ui.js';

const COLORS = { orange: '#d9730d', blue: '#2f6fd0' };

/** The sections' names and their corners in the rose's own frame (x east, y south). */
const QUARTERS = [
  ['NE', 1, -1],
  ['SE', 1, 1],
  ['SW', -1, 1],
  ['NW', -1, -1],
];
const HALVES = [
  ['N', 0, -1],
  ['S', 0, 1],
];

/** A point of the rose's frame turned as the rose is (clockwise, in quarter turns). */
function turned([x, y], degrees) {
  let p = [x, y];
  for (let i = 0; i < Math.round(degrees / 90) % 4; i++) p = [-p[1], p[0]];
  return p;
}

/** The decision module (decisions/index.js): the roses decide nothing, they only show. */
export const windRoses = {
  name: 'wind-roses',
  fromView: true,
  /** A quarter rose scored in its section. */
  news: (screen, e) => e.type === 'wind-rose-scored',
  /** The sections around the rose that sets them. */
  board(screen) {
    const layer = screen.board.layer('wind-rose');
    layer.replaceChildren();
    const rose = screen.view.wind_rose;
    if (!rose) return;
    const color = rose.blue ? COLORS.blue : COLORS.orange;
    const cx = (rose.x + 0.5) * 100;
    const cy = (rose.y + 0.5) * 100;
    const g = s('g', { 'data-testid': 'wind-rose-sections', 'data-x': rose.x, 'data-y': rose.y, 'data-sections': rose.sections, role: 'img', 'aria-label': rose.label });
    g.append(s('title', {}, rose.label));
    // The lines between the sections run through the rose's tile: both axes for four sections,
    // the one across the rose's north for two.
    const far = 20000;
    const axes = rose.sections === 2 ? [turned([1, 0], rose.rotation)] : [[1, 0], [0, 1]];
    for (const [dx, dy] of axes) {
      g.append(s('line', { x1: cx - dx * far, y1: cy - dy * far, x2: cx + dx * far, y2: cy + dy * far, stroke: color, 'stroke-width': 3, 'stroke-dasharray': '14 10', opacity: 0.55, 'vector-effect': 'non-scaling-stroke', 'pointer-events': 'none' }));
    }
    for (const [name, x, y] of rose.sections === 2 ? HALVES : QUARTERS) {
      const [tx, ty] = turned([x, y], rose.rotation);
      const px = cx + tx * 78;
      const py = cy + ty * 78;
      const w = name.length * 13 + 12;
      const label = s('g', { class: 'wind-rose-section', 'data-section': name, 'pointer-events': 'none' });
      label.append(
        s('rect', { x: px - w / 2, y: py - 13, width: w, height: 26, rx: 13, fill: '#fffaf0', stroke: color, 'stroke-width': 2, opacity: 0.92 }),
        s('text', { x: px, y: py + 6, 'text-anchor': 'middle', 'font-size': 18, 'font-weight': 'bold', fill: color }, name),
      );
      g.append(label);
    }
    layer.append(g);
  },
};
