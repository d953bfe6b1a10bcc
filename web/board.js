// The SVG board: placed tiles, figures, the last tile's outline, and the interactive layers the
// game view puts on top (legal positions, the tile being placed, figure markers). World units
// are tile units × 100, x east and y south as in the engine; pan and zoom only change the
// viewport's transform.

import { h, s, clear, seatHex, roleOf } from './ui.js';
import { tileUse } from './tiles.js';

// Meeple outlines centred on (0, 0), about 21 × 17 units (a tile is 100): the head is an arc
// so that the outline is one path with no seam at the neck.
const SHAPES = {
  follower: 'M-2.5,-4 A4,4 0 1 1 2.5,-4 L9,-1.5 Q11,1 8.5,2.2 L4.5,1.5 L7.5,9 L1.8,9 L0,5.5 L-1.8,9 L-7.5,9 L-4.5,1.5 L-8.5,2.2 Q-11,1 -9,-1.5 Z',
  abbot: 'M-2.3,-4.2 A4,4 0 1 1 2.3,-4.2 L5.5,-1 Q7,3 8,9 L-8,9 Q-7,3 -5.5,-1 Z',
  builder: 'M-2.2,-6 A3.6,3.6 0 1 1 2.2,-6 L7,-3 Q8.5,-1 6.5,0 L3.5,-0.5 L5.5,10 L1.5,10 L0,5 L-1.5,10 L-5.5,10 L-3.5,-0.5 L-6.5,0 Q-8.5,-1 -7,-3 Z',
};

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

/**
 * A figure picture at world point (px, py): `kind` is the engine's figure name. Followers on
 * fields lie down, as farmers do on the real board.
 */
export function figureShape(kind, hex, { px = 0, py = 0, feature = '', scale = 1, ghost = false } = {}) {
  const lying = (kind === 'follower' || kind === 'big-follower') && String(feature).startsWith('field');
  // A little larger than the render crate's figures, to stay visible when zoomed out.
  const k = (kind === 'big-follower' ? 1.35 : 1) * 1.2 * scale;
  const g = s('g', {
    class: `figure ${kind}${ghost ? ' ghost' : ''}`,
    transform: `translate(${px} ${py}) scale(${k})${lying ? ' rotate(-90)' : ''}`,
    fill: hex,
  });
  if (kind === 'pig') g.append(...pigShape());
  else g.append(s('path', { d: SHAPES[kind] || SHAPES.follower }));
  if (kind === 'big-follower') g.append(s('circle', { class: 'figure-mark', cx: 0, cy: 2.5, r: 2.2 }));
  if (kind === 'builder') g.append(s('text', { class: 'figure-letter', x: 0, y: 5.2, 'text-anchor': 'middle' }, 'B'));
  return g;
}

/** A figure picture as its own little <svg>, for panels and buttons. */
export function figureIcon(kind, hex, size = 22) {
  return s(
    'svg',
    { class: 'figure-icon', viewBox: '-13 -13 26 26', width: size, height: size, 'aria-hidden': 'true' },
    figureShape(kind, hex, { scale: kind === 'big-follower' ? 0.7 : 0.92 }),
  );
}

export class Board {
  /**
   * @param {HTMLElement} container where the board goes (it fills it)
   * @param {object} handlers onSpotClick(x, y), onSpotHover(x, y | null), onMarkerClick(key)
   */
  constructor(container, handlers = {}) {
    this.handlers = handlers;
    this.view = { scale: 0.8, tx: 0, ty: 0 };
    this.autoFit = true; // until the user pans or zooms, every update keeps everything in sight
    this.bounds = null;

    this.svg = s('svg', { class: 'board', 'data-testid': 'board', tabindex: '-1' });
    this.viewport = s('g', { class: 'viewport' });
    this.layers = {};
    for (const name of ['tiles', 'last', 'spots', 'ghost', 'figures', 'markers']) {
      this.layers[name] = s('g', { class: `layer-${name}` });
      this.viewport.append(this.layers[name]);
    }
    this.svg.append(this.viewport);
    this.root = h('div', { class: 'board-wrap' });
    this.root.append(this.svg);
    container.append(this.root);
    this.controls = this.makeControls();
    this.root.append(this.controls);

    this.installPanZoom();
    this.resize = new ResizeObserver(() => {
      if (this.autoFit) this.fit();
    });
    this.resize.observe(this.root);
  }

  makeControls() {
    const button = (text, title, testid, fn) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.title = title;
      b.dataset.testid = testid;
      b.addEventListener('click', fn);
      return b;
    };
    const box = document.createElement('div');
    box.className = 'zoom-controls';
    box.append(
      button('+', 'Zoom in (+)', 'zoom-in', () => this.zoomBy(1.25)),
      button('−', 'Zoom out (−)', 'zoom-out', () => this.zoomBy(0.8)),
      button('⤢', 'Show the whole board (0)', 'zoom-fit', () => {
        this.autoFit = true;
        this.fit();
      }),
    );
    return box;
  }

  destroy() {
    this.resize.disconnect();
    this.root.remove();
  }

  // ---- content -------------------------------------------------------------------------

  /** Draws the placed tiles (in placement order) and outlines the last one. */
  setTiles(board) {
    const layer = clear(this.layers.tiles);
    for (const t of board || []) {
      layer.append(
        tileUse(t.tile, t.x, t.y, t.rotation, {
          class: 'tile',
          'data-x': t.x,
          'data-y': t.y,
        }),
      );
    }
    const last = board && board.length ? board[board.length - 1] : null;
    clear(this.layers.last);
    if (last && board.length > 1) {
      this.layers.last.append(
        s('rect', {
          class: 'last-tile',
          'data-testid': 'last-tile',
          x: last.x * 100 + 1.5,
          y: last.y * 100 + 1.5,
          width: 97,
          height: 97,
          rx: 3,
        }),
      );
    }
    this.tiles = board || [];
    this.updateBounds();
  }

  /** Draws the figures in their seats' colours. */
  setFigures(figures, seats) {
    const layer = clear(this.layers.figures);
    for (const f of figures || []) {
      const seat = (seats || [])[f.seat];
      const at = f.at || [0.5, 0.5];
      const g = figureShape(f.figure, seatHex(seat), {
        px: (f.x + at[0]) * 100,
        py: (f.y + at[1]) * 100,
        feature: f.feature,
      });
      g.setAttribute('data-testid', 'figure');
      g.setAttribute('data-seat', f.seat);
      g.setAttribute('data-figure', f.figure);
      g.setAttribute('data-x', f.x);
      g.setAttribute('data-y', f.y);
      g.setAttribute('data-feature', f.feature || '');
      const who = seat ? seat.name : `seat ${f.seat + 1}`;
      g.append(s('title', {}, `${who}: ${roleOf(f.figure, f.feature)} on ${f.feature || 'the tile'} at (${f.x}, ${f.y})`));
      layer.append(g);
    }
  }

  /**
   * Legal positions: [{x, y, fits, selected}], `fits` when the tile fits there in the
   * current rotation (a stronger highlight).
   */
  setSpots(spots) {
    const layer = clear(this.layers.spots);
    for (const p of spots || []) {
      const cls = ['spot', p.fits ? 'fits' : 'other', p.selected ? 'selected' : ''].join(' ');
      layer.append(
        s('rect', {
          class: cls,
          'data-testid': 'spot',
          'data-x': p.x,
          'data-y': p.y,
          'data-fits': p.fits ? 'true' : 'false',
          x: p.x * 100 + 3,
          y: p.y * 100 + 3,
          width: 94,
          height: 94,
          rx: 8,
        }, p.title ? s('title', {}, p.title) : null),
      );
    }
    this.spots = spots || [];
    this.updateBounds();
  }

  /** The tile being placed, drawn half transparent at a position (or nothing). */
  setGhost(ghost) {
    const layer = clear(this.layers.ghost);
    if (!ghost) return;
    const g = s('g', { class: `ghost-tile${ghost.selected ? ' selected' : ''}`, 'data-testid': 'ghost-tile' });
    g.append(tileUse(ghost.tile, ghost.x, ghost.y, ghost.rotation));
    g.append(
      s('rect', {
        class: 'ghost-frame',
        x: ghost.x * 100 + 1.5,
        y: ghost.y * 100 + 1.5,
        width: 97,
        height: 97,
        rx: 3,
      }),
    );
    layer.append(g);
  }

  /**
   * Clickable markers: [{key, x, y (tile units, may be fractional), testid, title, selected,
   * preview: {kind, hex, feature}}]. A selected marker shows the figure it would put there.
   */
  setMarkers(markers) {
    const layer = clear(this.layers.markers);
    for (const m of markers || []) {
      const px = m.x * 100;
      const py = m.y * 100;
      const g = s('g', {
        class: `marker ${m.kind || ''}${m.selected ? ' selected' : ''}`,
        'data-testid': m.testid || 'marker',
        'data-marker': m.key,
        'data-feature': m.feature || '',
        transform: `translate(${px} ${py})`,
      });
      g.append(s('circle', { class: 'marker-ring', r: 12 }));
      if (m.selected && m.preview) {
        g.append(figureShape(m.preview.kind, m.preview.hex, { feature: m.preview.feature, scale: 0.85, ghost: true }));
      } else {
        g.append(s('circle', { class: 'marker-dot', r: 4 }));
      }
      if (m.title) g.append(s('title', {}, m.title));
      layer.append(g);
    }
  }

  // ---- pan and zoom --------------------------------------------------------------------

  updateBounds() {
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const p of [...(this.tiles || []), ...(this.spots || [])]) {
      minX = Math.min(minX, p.x);
      minY = Math.min(minY, p.y);
      maxX = Math.max(maxX, p.x + 1);
      maxY = Math.max(maxY, p.y + 1);
    }
    this.bounds = Number.isFinite(minX) ? { minX, minY, maxX, maxY } : { minX: -1, minY: -1, maxX: 2, maxY: 2 };
    if (this.autoFit) this.fit();
  }

  size() {
    const r = this.svg.getBoundingClientRect();
    return { w: r.width || 800, h: r.height || 600 };
  }

  fit() {
    const b = this.bounds || { minX: -1, minY: -1, maxX: 2, maxY: 2 };
    const { w, h } = this.size();
    const margin = 0.6;
    const bw = (b.maxX - b.minX + 2 * margin) * 100;
    const bh = (b.maxY - b.minY + 2 * margin) * 100;
    const scale = Math.max(0.12, Math.min(1.3, Math.min(w / bw, h / bh)));
    const cx = ((b.minX + b.maxX) / 2) * 100;
    const cy = ((b.minY + b.maxY) / 2) * 100;
    this.view = { scale, tx: w / 2 - cx * scale, ty: h / 2 - cy * scale };
    this.apply();
  }

  apply() {
    const { scale, tx, ty } = this.view;
    this.viewport.setAttribute('transform', `translate(${tx} ${ty}) scale(${scale})`);
    this.svg.style.setProperty('--zoom', String(scale));
  }

  /** Zooms by `factor` keeping the screen point (sx, sy) (default: the centre) in place. */
  zoomBy(factor, sx, sy) {
    const { w, h } = this.size();
    if (sx === undefined) {
      sx = w / 2;
      sy = h / 2;
    }
    const v = this.view;
    const scale = Math.max(0.08, Math.min(3, v.scale * factor));
    const k = scale / v.scale;
    this.view = { scale, tx: sx - (sx - v.tx) * k, ty: sy - (sy - v.ty) * k };
    this.autoFit = false;
    this.apply();
  }

  panBy(dx, dy) {
    this.view = { ...this.view, tx: this.view.tx + dx, ty: this.view.ty + dy };
    this.autoFit = false;
    this.apply();
  }

  installPanZoom() {
    const svg = this.svg;
    let press = null; // {id, x, y, moved}
    this.justDragged = false;

    svg.addEventListener(
      'wheel',
      (e) => {
        e.preventDefault();
        const r = svg.getBoundingClientRect();
        // Pixel and line deltas alike: one notch of a mouse wheel is about 10-15 %.
        const delta = e.deltaMode === 1 ? e.deltaY * 33 : e.deltaY;
        this.zoomBy(Math.exp(-delta * 0.0012), e.clientX - r.left, e.clientY - r.top);
      },
      { passive: false },
    );

    svg.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      this.justDragged = false;
      press = { id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
    });
    svg.addEventListener('pointermove', (e) => {
      if (!press || press.id !== e.pointerId) return;
      const dx = e.clientX - press.x;
      const dy = e.clientY - press.y;
      // A few pixels of wobble are still a click, not a drag.
      if (!press.moved && Math.hypot(dx, dy) < 5) return;
      if (!press.moved) {
        press.moved = true;
        svg.setPointerCapture(e.pointerId);
        svg.classList.add('dragging');
      }
      press.x = e.clientX;
      press.y = e.clientY;
      this.panBy(dx, dy);
    });
    const release = (e) => {
      if (!press || press.id !== e.pointerId) return;
      this.justDragged = press.moved;
      svg.classList.remove('dragging');
      press = null;
    };
    svg.addEventListener('pointerup', release);
    svg.addEventListener('pointercancel', release);

    svg.addEventListener('click', (e) => {
      if (this.justDragged) {
        this.justDragged = false;
        return;
      }
      const spot = e.target.closest('[data-testid="spot"]');
      if (spot && this.handlers.onSpotClick) {
        this.handlers.onSpotClick(Number(spot.dataset.x), Number(spot.dataset.y));
        return;
      }
      const marker = e.target.closest('[data-marker]');
      if (marker && this.handlers.onMarkerClick) this.handlers.onMarkerClick(marker.dataset.marker);
    });

    let hovered = null;
    svg.addEventListener('pointerover', (e) => {
      const spot = e.target.closest('[data-testid="spot"]');
      const key = spot ? `${spot.dataset.x},${spot.dataset.y}` : null;
      if (key === hovered) return;
      hovered = key;
      if (this.handlers.onSpotHover) {
        this.handlers.onSpotHover(spot ? Number(spot.dataset.x) : null, spot ? Number(spot.dataset.y) : null);
      }
    });
    svg.addEventListener('pointerleave', () => {
      hovered = null;
      if (this.handlers.onSpotHover) this.handlers.onSpotHover(null, null);
    });
  }
}

