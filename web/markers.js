// The markers of the choices on the board (where a figure would go, a tower to build on, a figure
// to take prisoner, ...): their pictures, and their places at the current zoom, pushed apart
// where they would overlap. Kept apart from the board (board.js), which calls these on every
// change of markers or zoom.

import { s } from './ui.js';
import { figureShape, fairyShape, markerIcon } from './figures.js';
import { countShape } from './count.js';
import { TOWER_SPAN } from './tower.js';

/**
 * Draws `markers` (as `Board.setMarkers` takes them) into `layer`, which is empty: each marker
 * as a group with its leader line and its body. Returns the markers with their elements (`g`,
 * `line`, `inner`), for `placeMarkers`.
 */
export function drawMarkers(layer, markers) {
  return (markers || []).map((m) => {
    const g = s('g', {
      class: `marker ${m.kind || ''}${m.selected ? ' selected' : ''}`,
      'data-testid': m.testid || 'marker',
      'data-marker': m.key,
      'data-feature': m.feature || '',
      'data-x': Number.isFinite(m.tx) ? m.tx : null,
      'data-y': Number.isFinite(m.ty) ? m.ty : null,
      'data-quarter': m.quarter || null,
      'data-figure': m.figure || null,
      // "A new lease of life": the follower a move takes ("x,y,feature").
      'data-from': m.from || null,
      role: 'button',
      'aria-label': m.title || 'a figure placement',
      'aria-pressed': m.selected ? 'true' : 'false',
    });
    const line = s('line', { class: 'marker-leader' });
    const inner = s('g', { class: 'marker-body' });
    inner.append(s('circle', { class: 'marker-ring', r: 12 }));
    if (m.selected && m.preview && m.preview.kind === 'fairy') {
      inner.append(s('g', { transform: 'scale(0.85)' }, fairyShape({ ghost: true })));
    } else if (m.selected && m.preview && m.preview.kind === 'count') {
      inner.append(s('g', { transform: 'scale(0.62) translate(0 2)' }, countShape({ ghost: true })));
    } else if (m.selected && m.preview) {
      inner.append(figureShape(m.preview.kind, m.preview.hex, { feature: m.preview.feature, scale: 0.85, ghost: true }));
    } else {
      const icon = markerIcon(m.kind, m);
      if (icon) inner.append(icon);
    }
    if (m.title) g.append(s('title', {}, m.title));
    g.append(line, inner);
    layer.append(g);
    return { ...m, g, line, inner };
  });
}

/**
 * Places the markers drawn by `drawMarkers` at the current zoom: `radius` is a marker's world
 * radius, `growth` how much the board's figures are enlarged, `scale` the zoom. Markers are pushed
 * apart until none overlaps another, each with a line back to its anchor when it moved.
 */
export function placeMarkers(markers, { radius: r, growth, scale }) {
  if (!markers.length) return;
  const pts = markers.map((m) => ({ x: m.x * 100, y: m.y * 100 }));
  const gap = 2.2 * r;
  for (let iter = 0; iter < 40; iter++) {
    let moved = false;
    for (let i = 0; i < pts.length; i++) {
      for (let j = i + 1; j < pts.length; j++) {
        let dx = pts[j].x - pts[i].x;
        let dy = pts[j].y - pts[i].y;
        let d = Math.hypot(dx, dy);
        if (d >= gap) continue;
        if (d < 0.01) {
          // Two anchors on one point: part them along a direction of their own.
          const angle = (j * 2.4) % (2 * Math.PI);
          dx = Math.cos(angle);
          dy = Math.sin(angle);
          d = 1;
        }
        const push = (gap - d) / 2 + 0.01;
        pts[i].x -= (dx / d) * push;
        pts[i].y -= (dy / d) * push;
        pts[j].x += (dx / d) * push;
        pts[j].y += (dy / d) * push;
        moved = true;
      }
    }
    if (!moved) break;
  }
  markers.forEach((m, i) => {
    const p = pts[i];
    const ax = m.x * 100;
    const ay = m.y * 100;
    m.g.setAttribute('data-px', p.x.toFixed(1));
    m.g.setAttribute('data-py', p.y.toFixed(1));
    m.inner.setAttribute('transform', `translate(${p.x} ${p.y}) scale(${r / 12})`);
    // A tower's marker rings the whole tower (as drawn at this zoom), its height badge too.
    if (m.kind === 'tower') m.inner.firstChild.setAttribute('r', Math.max(17, ((TOWER_SPAN + 2) * growth * 12) / r).toFixed(1));
    const away = Math.hypot(p.x - ax, p.y - ay) > 1;
    m.line.setAttribute('x1', ax);
    m.line.setAttribute('y1', ay);
    m.line.setAttribute('x2', p.x);
    m.line.setAttribute('y2', p.y);
    m.line.style.display = away ? '' : 'none';
    m.line.style.strokeWidth = String(2 / scale);
  });
}
