// The SVG board: placed tiles, figures, the last tile's outline, and the interactive layers the
// game view puts on top (legal positions, the tile being placed, figure markers). World units
// are tile units × 100, x east and y south as in the engine; pan and zoom only change the
// viewport's transform. The pictures of figures and pieces are in figures.js, the markers'
// drawing and layout in markers.js.

import { h, s, clear, seatHex, isPair } from './ui.js';
import { tileUse } from './tiles.js';
import { figureShape, figureSize, dragonShape, fairyShape, PYRAMID } from './figures.js';
import { drawMarkers, placeMarkers } from './markers.js';
import { installPanZoom } from './panzoom.js';
import { towerShape, guardLift, reachShape } from './tower.js';
import { countShape, cityLayout, isCityTile, residentScale, CITY_GROWTH } from './count.js';

/** The count's size on the board, relative to its picture. */
const COUNT_SIZE = 1.15;

/** A piece of a seat on the board (`piece`: seat, x, y) with its data, attributes and a title. */
function labelled(g, piece, attrs, title) {
  for (const [k, v] of Object.entries({ ...attrs, 'data-seat': piece.seat, 'data-x': piece.x, 'data-y': piece.y })) g.setAttribute(k, v);
  g.append(s('title', {}, title));
  return g;
}

/**
 * The house rule "the edge of the table" (variant `table-size`): `{width, height, complete}`
 * in tiles (the start tile in the middle), `complete` with `table-borders-complete`; null for
 * the endless table (`unlimited`, the default) or a view without rules.
 */
export function tableEdge(view) {
  const variants = view && view.rules && view.rules.variants;
  const size = variants && /^(\d+)x(\d+)$/.exec(String(variants['table-size'] || ''));
  if (!size) return null;
  return { width: Number(size[1]), height: Number(size[2]), complete: variants['table-borders-complete'] === true };
}

/** Whether the main pointer is a finger (phones, tablets): bigger targets. */
export function coarsePointer() {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches;
}

export class Board {
  /**
   * @param {HTMLElement} container where the board goes (it fills it)
   * @param {object} handlers onSpotClick(x, y), onSpotHover(x, y | null), onMarkerClick(key), onMarkerHover(key | null)
   */
  constructor(container, handlers = {}) {
    this.handlers = handlers;
    this.view = { scale: 0.8, tx: 0, ty: 0 };
    // The part of the board hidden by a panel docked over it (a phone's decision panel), in
    // screen pixels: fitting, revealing and zooming keep to the rest.
    this.insets = { bottom: 0 };
    // The tile being decided on ({x, y} in board units, or null): the zoom buttons zoom around
    // it, and it is kept clear of the zoom buttons and the docked panel.
    this.attention = null;
    this.bounds = null;
    this.markers = [];
    this.pieces = {}; // the dragon's and the fairy's elements, kept so that a move can glide
    this.towers = new Map(); // "x,y" -> the tower there (The Tower), for its guard's place

    this.svg = s('svg', { class: 'board', 'data-testid': 'board', tabindex: '0', role: 'application', 'aria-label': 'The board' });
    this.viewport = s('g', { class: 'viewport' });
    this.layers = {};
    for (const name of ['table', 'tiles', 'city', 'last', 'rebuild', 'focus', 'path', 'reach', 'spots', 'ghost', 'towers', 'barns', 'figures', 'pieces', 'steps', 'hints', 'markers']) {
      this.layers[name] = s('g', { class: `layer-${name}` });
      this.viewport.append(this.layers[name]);
    }
    this.svg.append(this.viewport);
    this.root = h('div', { class: 'board-wrap' });
    this.root.append(this.svg);
    container.append(this.root);
    this.controls = this.makeControls();
    this.root.append(this.controls);
    this.autoFit = true;

    installPanZoom(this);
    this.resize = new ResizeObserver(() => {
      if (this.autoFit) this.fit();
    });
    this.resize.observe(this.root);
  }

  /** Whether every update fits the whole board in (until the user pans or zooms); "⤢" shows it pressed. */
  get autoFit() {
    return this.fitsAll;
  }
  set autoFit(on) {
    this.fitsAll = !!on;
    this.controls?.querySelector('[data-testid=zoom-fit]')?.setAttribute('aria-pressed', String(this.fitsAll));
  }

  makeControls() {
    const button = (text, title, testid, fn) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = text;
      b.title = title;
      b.setAttribute('aria-label', title);
      b.dataset.testid = testid;
      b.addEventListener('click', fn);
      return b;
    };
    const box = document.createElement('div');
    box.className = 'zoom-controls';
    box.append(
      button('+', 'Zoom in (+)', 'zoom-in', () => this.zoomStep(1.25)),
      button('−', 'Zoom out (−)', 'zoom-out', () => this.zoomStep(0.8)),
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

  /** Draws the placed tiles (in placement order), outlines the last one and marks the start tile. */
  setTiles(board) {
    const layer = clear(this.layers.tiles);
    // A tile that was not on the board the last time it was drawn comes down with a short
    // animation (style.css, `placed-now`); the first drawing animates nothing.
    const key = (t) => `${t.x},${t.y},${t.tile},${t.rotation || 0}`;
    const before = this.tileKeys;
    this.tileKeys = new Set((board || []).map(key));
    for (const t of board || []) {
      const use = tileUse(t.tile, t.x, t.y, t.rotation, {
        class: 'tile',
        'data-x': t.x,
        'data-y': t.y,
        'data-tile': t.tile,
        'data-rotation': t.rotation || 0,
      });
      layer.append(before && !before.has(key(t)) ? s('g', { class: 'placed-now', 'data-testid': 'placed-now' }, use) : use);
    }
    const last = board && board.length ? board[board.length - 1] : null;
    clear(this.layers.last);
    // The Count of Carcassonne: the city's tiles lie there from the start; none of them is a
    // player's last tile.
    if (last && board.length > 1 && !isCityTile(last.tile)) {
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
    // The start tile is marked: the texts name every place from it ("2 tiles east of the start
    // tile").
    const start = (board || []).find((t) => t.x === 0 && t.y === 0);
    if (start) {
      const words = 'The start tile: places are named from it';
      this.layers.last.append(
        s(
          'g',
          { class: 'start-mark', 'data-testid': 'start-tile', role: 'img', 'aria-label': words },
          s('title', {}, words),
          s('rect', { x: 3, y: 3, width: 30, height: 13, rx: 4 }),
          s('text', { x: 18, y: 12.6 }, 'start'),
        ),
      );
    }
    this.tiles = board || [];
    this.updateBounds();
  }

  /**
   * Draws the figures in their seats' colours, each with its seat's number; a tower's guard
   * stands on top of its tower (`setTowers` first). Figures on the same feature of one tile
   * (two knights sent to a cloister in a religious war, a farmer moved into a city beside a
   * knight) stand side by side around its anchor.
   */
  setFigures(figures, seats) {
    const layer = clear(this.layers.figures);
    const key = (f) => `${f.x},${f.y},${f.feature}`;
    const sharing = new Map();
    for (const f of figures || []) if (f.feature !== 'tower') sharing.set(key(f), (sharing.get(key(f)) || 0) + 1);
    const placed = new Map();
    for (const f of figures || []) {
      const seat = (seats || [])[f.seat];
      // A miner (the variation "Mountains") stands in the middle of its mountain.
      const at = isPair(f.at) ? f.at : [0.5, 0.5];
      const tower = f.feature === 'tower' ? this.towers.get(`${f.x},${f.y}`) : null;
      const n = sharing.get(key(f)) || 1;
      const i = placed.get(key(f)) || 0;
      placed.set(key(f), i + 1);
      // Acrobats stand as a pyramid (figures.js, PYRAMID); others sharing a place, side by side.
      const [dx, dy] = f.feature === 'acrobats' ? PYRAMID[i % PYRAMID.length] : [n > 1 ? (i - (n - 1) / 2) * 0.2 : 0, 0];
      const g = figureShape(f.figure, seatHex(seat), {
        px: (f.x + at[0] + dx) * 100,
        py: (f.y + at[1] + dy) * 100,
        feature: f.feature,
        seat: f.seat,
        lift: tower ? guardLift(tower.height, figureSize(f.figure)) : 0,
      });
      const attrs = { 'data-testid': 'figure', 'data-figure': f.figure, 'data-feature': f.feature || '' };
      layer.append(labelled(g, f, attrs, f.label || (seat ? seat.name : `Seat ${f.seat + 1}`)));
    }
    this.scaleFigures();
  }

  /** A layer of its own for a decision module's pieces (`board(screen)` draws there), made once, under the figures. */
  layer(name) {
    const key = `module:${name}`;
    if (!this.layers[key]) {
      this.layers[key] = s('g', { class: `layer-module layer-${name}` });
      this.viewport.insertBefore(this.layers[key], this.layers.figures);
    }
    return this.layers[key];
  }

  /** Abbey & Mayor: the barns (`barnsOf`) on their tile corners in their seats' colours, numbered and labelled. */
  setBarns(barns, seats) {
    const layer = clear(this.layers.barns);
    for (const b of barns || []) {
      const g = figureShape('barn', seatHex((seats || [])[b.seat]), { px: (b.x + b.at[0]) * 100, py: (b.y + b.at[1]) * 100, seat: b.seat });
      layer.append(labelled(g, b, { 'data-testid': 'barn', 'data-corner': b.corner, role: 'img', 'aria-label': b.label }, b.label));
    }
    this.scaleFigures();
  }

  /**
   * The Count of Carcassonne (`cityOf`): each quarter of the city as a labelled area over the
   * city's tiles (hatched while the count blocks it), the figures waiting there in their seats'
   * colours with their seats' numbers, and the count in its quarter. Everything carries its
   * label in words; the count glides to a new quarter.
   */
  setCity(city, seats) {
    const layer = this.layers.city;
    for (const el of [...layer.children]) if (!el.classList.contains('count-piece')) el.remove();
    if (!city) {
      if (this.countEl) this.countEl.remove();
      this.countEl = null;
      return;
    }
    const layout = cityLayout(city);
    if (!this.svg.querySelector('#quarter-hatch')) {
      this.svg.prepend(
        s(
          'defs',
          {},
          s(
            'pattern',
            { id: 'quarter-hatch', width: 9, height: 9, patternUnits: 'userSpaceOnUse', patternTransform: 'rotate(45)' },
            s('rect', { class: 'quarter-hatch-line', x: 0, y: 0, width: 3, height: 9 }),
          ),
        ),
      );
    }
    const areas = [];
    for (const q of city.quarters) {
      const a = layout.get(q.quarter);
      const who = q.residents.length ? q.residents.map((r) => r.label).join(', ') : 'nobody waits there';
      const words = `${q.label}: ${who}`;
      const g = s(
        'g',
        {
          class: `quarter${q.blocked ? ' blocked' : ''}`,
          'data-testid': 'quarter',
          'data-quarter': q.quarter,
          'data-blocked': q.blocked ? 'true' : 'false',
          'data-residents': q.residents.length,
          role: 'img',
          'aria-label': words,
        },
        s('title', {}, words),
        s('rect', { class: 'quarter-area', x: a.x0, y: a.y0, width: a.w, height: a.h, rx: 10 }),
        q.blocked ? s('rect', { class: 'quarter-blocked', x: a.x0, y: a.y0, width: a.w, height: a.h, rx: 10, fill: 'url(#quarter-hatch)' }) : null,
        s('text', { class: 'quarter-name', x: a.x0 + 10, y: a.y0 + 19 }, q.name),
        s('text', { class: 'quarter-feeds', x: a.x0 + 10, y: a.y0 + 33 }, q.to),
        q.blocked ? s('text', { class: 'quarter-blocked-words', x: a.x0 + 10, y: a.y0 + 47 }, 'blocked') : null,
      );
      q.residents.forEach((r, i) => {
        const at = a.residentAt(i);
        if (!at) return;
        const f = figureShape(r.figure, seatHex((seats || [])[r.seat]), { px: at[0], py: at[1], seat: r.seat, scale: residentScale });
        for (const [k, v] of Object.entries({ 'data-testid': 'resident', 'data-seat': r.seat, 'data-figure': r.figure, 'data-quarter': q.quarter })) f.setAttribute(k, v);
        f.append(s('title', {}, r.label));
        g.append(f);
      });
      const more = q.residents.length - q.residents.filter((_, i) => a.residentAt(i)).length;
      if (more > 0) g.append(s('text', { class: 'quarter-more', x: a.x0 + a.w - 8, y: a.y0 + a.h - 8, 'text-anchor': 'end' }, `+${more}`));
      areas.push(g);
    }
    layer.prepend(...areas);
    // The count, kept from one call to the next so that a move glides.
    const home = layout.get(city.count);
    if (!home) {
      if (this.countEl) this.countEl.remove();
      this.countEl = null;
      return;
    }
    if (!this.countEl) {
      this.countEl = s('g', { class: 'count-piece', 'data-testid': 'count', role: 'img' }, s('title'), s('g', { class: 'count-body' }, countShape()));
    }
    layer.append(this.countEl);
    this.countEl.setAttribute('data-quarter', city.count);
    this.countEl.setAttribute('aria-label', city.label);
    this.countEl.firstChild.textContent = city.label;
    this.countEl.style.transform = `translate(${home.countAt[0]}px, ${home.countAt[1]}px)`;
    this.scaleFigures();
  }

  /**
   * The variation "Rebuilding" (`rebuildHint`), or nothing: the tile lifted by a removal, faded
   * under a dashed frame where it still lies (`preview`: a removal hovered or chosen, not yet
   * sent); and each tile moved this turn, framed at its new place with a dashed arrow from the
   * place it left (a dashed square). Each carries its label in words. Under the places for a
   * tile, so that an old place that is free again can still be clicked.
   */
  setRebuild(hint) {
    const layer = clear(this.layers.rebuild);
    if (!hint) return;
    for (const m of hint.moves || []) {
      const [fx, fy] = [m.from.x * 100 + 50, m.from.y * 100 + 50];
      const [tx, ty] = [m.to.x * 100 + 50, m.to.y * 100 + 50];
      const d = Math.hypot(tx - fx, ty - fy) || 1;
      const [ux, uy] = [(tx - fx) / d, (ty - fy) / d];
      // From the old place's middle to the new place's edge, with a head.
      const [x2, y2] = [tx - ux * 38, ty - uy * 38];
      const head = `M${x2 - ux * 14 - uy * 9},${y2 - uy * 14 + ux * 9} L${x2},${y2} L${x2 - ux * 14 + uy * 9},${y2 - uy * 14 - ux * 9}`;
      layer.append(
        s(
          'g',
          {
            class: 'moved-tile',
            'data-testid': 'moved-tile',
            'data-x': m.to.x,
            'data-y': m.to.y,
            'data-from-x': m.from.x,
            'data-from-y': m.from.y,
            role: 'img',
            'aria-label': m.label,
          },
          s('title', {}, m.label),
          s('rect', { class: 'moved-from', x: m.from.x * 100 + 8, y: m.from.y * 100 + 8, width: 84, height: 84, rx: 8 }),
          d > 40 ? s('path', { class: 'moved-arrow', d: `M${fx},${fy} L${x2},${y2} ${head}` }) : null,
          s('rect', { class: 'moved-frame', x: m.to.x * 100 + 2.5, y: m.to.y * 100 + 2.5, width: 95, height: 95, rx: 5 }),
        ),
      );
    }
    const l = hint.lifted;
    if (l) {
      layer.append(
        s(
          'g',
          {
            class: `lifted-tile${l.preview ? ' preview' : ''}`,
            'data-testid': 'lifted-tile',
            'data-x': l.x,
            'data-y': l.y,
            'data-preview': l.preview ? 'true' : 'false',
            role: 'img',
            'aria-label': l.label,
          },
          s('title', {}, l.label),
          s('rect', { class: 'lifted-veil', x: l.x * 100, y: l.y * 100, width: 100, height: 100 }),
          s('rect', { class: 'lifted-frame', x: l.x * 100 + 4, y: l.y * 100 + 4, width: 92, height: 92, rx: 6 }),
        ),
      );
    }
  }

  /**
   * The feature a decision is about (The Count of Carcassonne's redeployment: the feature about
   * to be scored): its tile outlined and, when known, a glow where a figure would stand on it;
   * `null` for nothing.
   */
  setFocus(focus) {
    const layer = clear(this.layers.focus);
    if (!focus) return;
    const g = s('g', { class: 'focus', 'data-testid': 'focus', 'data-x': focus.x, 'data-y': focus.y, 'data-feature': focus.feature || '' });
    g.append(s('rect', { class: 'focus-tile', x: focus.x * 100 + 2, y: focus.y * 100 + 2, width: 96, height: 96, rx: 6 }));
    if (isPair(focus.at)) g.append(s('circle', { class: 'focus-glow', cx: (focus.x + focus.at[0]) * 100, cy: (focus.y + focus.at[1]) * 100, r: 20 }));
    if (focus.label) g.append(s('title', {}, focus.label));
    layer.append(g);
  }

  /**
   * The Tower: each tower (`towersOf`) at its foundation's anchor, as a stack of pieces with its
   * height in a badge (battlements once finished), labelled in words. A bare foundation gets
   * only a faint ring with its label: the tile shows the foundation.
   */
  setTowers(towers) {
    const layer = clear(this.layers.towers);
    this.towers = new Map();
    for (const t of towers || []) {
      this.towers.set(`${t.x},${t.y}`, t);
      const body = s('g', { class: 'tower-body' }, towerShape(t.height, t.finished));
      body.dataset.px = (t.x + t.at[0]) * 100;
      body.dataset.py = (t.y + t.at[1]) * 100;
      layer.append(
        s(
          'g',
          {
            class: `tower${t.finished ? ' finished' : ''}${t.height ? '' : ' bare'}`,
            'data-testid': 'tower',
            'data-x': t.x,
            'data-y': t.y,
            'data-height': t.height,
            'data-finished': t.finished ? 'true' : 'false',
            role: 'img',
            'aria-label': t.label,
          },
          s('title', {}, t.label),
          body,
        ),
      );
    }
    this.scaleFigures();
  }

  /**
   * The edge of the table (`tableEdge`), or nothing: the play area's outline (the positions
   * with |x| <= floor(W/2) and |y| <= floor(H/2)) and a light shade outside it, under the
   * tiles. It does not count for the board's bounds: zooming to fit shows the tiles.
   */
  setTable(edge) {
    const layer = clear(this.layers.table);
    if (!edge) return;
    const hw = Math.floor(edge.width / 2);
    const hh = Math.floor(edge.height / 2);
    const x0 = -hw * 100;
    const y0 = -hh * 100;
    const w = (2 * hw + 1) * 100;
    const hgt = (2 * hh + 1) * 100;
    const far = 1e6;
    let title = `Edge of the table (${edge.width} × ${edge.height} tiles)`;
    if (edge.complete) title += ': roads and cities that run into it are complete';
    layer.append(
      s('path', {
        class: 'table-outside',
        'fill-rule': 'evenodd',
        d: `M${-far},${-far} H${far} V${far} H${-far} Z M${x0},${y0} V${y0 + hgt} H${x0 + w} V${y0} Z`,
        'aria-hidden': 'true',
      }),
      s(
        'rect',
        {
          class: 'table-edge',
          'data-testid': 'table-edge',
          'data-width': edge.width,
          'data-height': edge.height,
          role: 'img',
          'aria-label': title,
          x: x0,
          y: y0,
          width: w,
          height: hgt,
        },
        s('title', {}, title),
      ),
    );
  }

  /** The Tower: the reach of a tower (`towerReach`) shaded over its row and column, or nothing. */
  setReach(reach) {
    const layer = clear(this.layers.reach);
    if (reach) layer.append(reachShape(reach));
  }

  /**
   * "A new lease of life" and "The dash": the move a marker stands for, while it is hovered or
   * chosen (`null`: none). `hint`: `{kind ('move' or 'war'), sources: [{x, y, feature, at}]
   * (the follower that moves, or both knights of a religious war), victims: [the same] (the monk
   * a religious war drives out), to: {x, y, at} (where they go), selected}`. Each source is
   * ringed (and its figure marked `moving`), with an arrow to where it would stand; a victim is
   * ringed in red (its figure marked `driven-out`).
   */
  setMoveHint(hint) {
    const layer = clear(this.layers.hints);
    for (const f of this.layers.figures.querySelectorAll('.moving, .driven-out')) f.classList.remove('moving', 'driven-out');
    if (!hint || !hint.to) return;
    const figureAt = (p) =>
      [...this.layers.figures.children].find((g) => Number(g.dataset.x) === p.x && Number(g.dataset.y) === p.y && g.dataset.feature === p.feature);
    // Where a figure stands as drawn (figures sharing a feature stand apart), or its anchor.
    const point = (p) => {
      const f = p.feature !== undefined ? figureAt(p) : null;
      if (f) return [Number(f.dataset.px), Number(f.dataset.py)];
      const at = isPair(p.at) ? p.at : [0.5, 0.5];
      return [(p.x + at[0]) * 100, (p.y + at[1]) * 100];
    };
    const [tx, ty] = point(hint.to);
    const g = s('g', { class: `move-hint ${hint.kind || 'move'}${hint.selected ? ' selected' : ''}`, 'data-testid': 'move-hint', 'data-kind': hint.kind || 'move', 'aria-hidden': 'true' });
    const ring = (p, cls, testid) => {
      const [x, y] = point(p);
      g.append(s('circle', { class: cls, 'data-testid': testid, 'data-x': p.x, 'data-y': p.y, 'data-feature': p.feature || '', 'data-r': 15, cx: x, cy: y, r: 15 }));
    };
    for (const src of hint.sources || []) {
      const [sx, sy] = point(src);
      const d = Math.hypot(tx - sx, ty - sy);
      if (d > 20) {
        // From the ring's edge to short of the target's marker, with a head.
        const ux = (tx - sx) / d;
        const uy = (ty - sy) / d;
        const [x1, y1] = [sx + ux * 16, sy + uy * 16];
        const [x2, y2] = [tx - ux * 14, ty - uy * 14];
        const head = `M${x2 - ux * 9 - uy * 6},${y2 - uy * 9 + ux * 6} L${x2},${y2} L${x2 - ux * 9 + uy * 6},${y2 - uy * 9 - ux * 6}`;
        g.append(s('path', { class: 'move-arrow', d: `M${x1},${y1} L${x2},${y2} ${head}` }));
      }
      ring(src, 'move-source', 'move-source');
      const f = figureAt(src);
      if (f) f.classList.add('moving');
    }
    for (const victim of hint.victims || []) {
      ring(victim, 'move-victim', 'move-victim');
      const f = figureAt(victim);
      if (f) f.classList.add('driven-out');
    }
    layer.append(g);
    this.scaleFigures();
  }

  /**
   * The Princess & the Dragon's neutral pieces (`boardPieces`): the dragon on its tile, the
   * fairy beside its follower, and the tiles the dragon has crossed in the move under way,
   * joined by a faint line. The pieces are kept from one call to the next, so that a piece
   * that moves glides to its new place.
   */
  setPieces({ dragon = null, fairy = null, path = [] } = {}) {
    const trail = clear(this.layers.path);
    if (path.length) {
      const g = s('g', { class: 'dragon-path', 'data-testid': 'dragon-path', 'data-steps': path.length - 1 });
      for (const [x, y] of path) {
        g.append(s('rect', { class: 'dragon-visited', 'data-x': x, 'data-y': y, x: x * 100 + 6, y: y * 100 + 6, width: 88, height: 88, rx: 10 }));
      }
      if (path.length > 1) {
        g.append(s('polyline', { class: 'dragon-trail', points: path.map(([x, y]) => `${x * 100 + 50},${y * 100 + 50}`).join(' ') }));
      }
      g.append(s('title', {}, 'Where the dragon has been in this move: it may not go there again'));
      trail.append(g);
    }
    this.placePiece('dragon', dragon, 0.95, dragonShape, dragon && [dragon.x + 0.5, dragon.y + 0.5]);
    this.placePiece('fairy', fairy, 1.3, fairyShape, fairy && [fairy.x + fairy.at[0], fairy.y + fairy.at[1]]);
  }

  /** Puts a neutral piece at `at` (tile units), or takes it away when `piece` is null. */
  placePiece(name, piece, k, shape, at) {
    let el = this.pieces[name];
    if (!piece) {
      if (el) el.remove();
      delete this.pieces[name];
      return;
    }
    if (!el) {
      const body = s('g', { class: 'piece-body' }, shape());
      body.dataset.k = k;
      el = s('g', { class: `piece ${name}`, 'data-testid': name, role: 'img' }, s('title'), body);
      this.layers.pieces.append(el);
      this.pieces[name] = el;
    }
    el.setAttribute('data-x', piece.x);
    el.setAttribute('data-y', piece.y);
    if (piece.seat !== null && piece.seat !== undefined) el.setAttribute('data-seat', piece.seat);
    else el.removeAttribute('data-seat');
    el.setAttribute('aria-label', piece.label);
    el.firstChild.textContent = piece.label;
    // A CSS transform (not the attribute), so that a change of place can be animated.
    el.style.transform = `translate(${at[0] * 100}px, ${at[1] * 100}px)`;
    this.scaleFigures();
  }

  /**
   * Highlighted squares: [{x, y, fits, selected, title, kind, testid, overFigures}]. For a tile to place
   * (the default kind) they are the legal positions, `fits` when the tile fits there in the
   * current rotation (a stronger highlight); kind `mountain` a site where the tile may go upside
   * down as a mountain (the variation "Mountains", grey); kind `dragon-step` marks a tile the dragon may
   * step onto, drawn over the figures there (they are the ones it would eat) so that all of
   * the tile can be clicked; so is any square with `overFigures` (a tile for a gold ingot).
   */
  setSpots(spots) {
    clear(this.layers.spots);
    clear(this.layers.steps);
    for (const p of spots || []) {
      // Squares on tiles that may hold figures go over the figures, so that a tap on a figure
      // still picks its tile.
      const layer = p.kind === 'dragon-step' || p.overFigures ? this.layers.steps : this.layers.spots;
      const cls = ['spot', p.kind || (p.fits ? 'fits' : 'other'), p.selected ? 'selected' : ''].join(' ');
      layer.append(
        s(
          'rect',
          {
            class: cls,
            'data-testid': p.testid || 'spot',
            'data-spot': p.kind || 'place',
            'data-x': p.x,
            'data-y': p.y,
            'data-fits': p.fits ? 'true' : 'false',
            role: 'button',
            'aria-label': p.title || 'a place for the tile',
            'aria-pressed': p.selected ? 'true' : 'false',
            x: p.x * 100 + 3,
            y: p.y * 100 + 3,
            width: 94,
            height: 94,
            rx: 8,
          },
          p.title ? s('title', {}, p.title) : null,
        ),
      );
    }
    this.spots = spots || [];
    this.updateBounds();
  }

  /** The tile being placed, drawn half transparent at a position (or nothing). */
  setGhost(ghost) {
    const layer = clear(this.layers.ghost);
    if (!ghost) return;
    const g = s('g', { class: `ghost-tile${ghost.selected ? ' selected' : ''}`, 'data-testid': 'ghost-tile', 'data-tile': ghost.tile, 'data-x': ghost.x, 'data-y': ghost.y });
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
   * Clickable markers: [{key, kind, x, y (tile units, may be fractional), tx, ty (the tile),
   * testid, title, selected, preview: {kind, hex, feature}}]. The kind sets the marker's look
   * (a dot for deployments; a sparkle for the fairy, a crown for the princess, an arch for the
   * magic gate; a wide ring around a tower, a ring with ticks around a figure a tower, or under
   * the variation "Prisoners" the player, may take prisoner; with "A new lease of life" an
   * arrow where a follower would move to, `from` naming that follower, and crossed swords beside
   * a cloister of a religious war). A selected marker shows the figure (or the fairy) it would
   * put there.
   * Markers keep a size a finger can hit at every zoom, and are pushed apart where they would
   * overlap, with a line back to where the figure would stand (`layoutMarkers`).
   */
  setMarkers(markers) {
    this.markers = drawMarkers(clear(this.layers.markers), markers);
    this.layoutMarkers();
    // A fitted view takes in markers a crowd pushed beyond the tiles (only when some are out of
    // sight: a view that holds them all stays as it is, so taps land where the markers are).
    if (this.autoFit && this.markers.length && !this.markersInView()) this.fit();
  }

  /** Whether every marker, ring included, lies in the free part of the window as viewed now. */
  markersInView() {
    const spread = this.markerSpread();
    if (!spread) return true;
    const { scale, tx, ty } = this.view;
    const area = this.freeArea({ besideControls: true });
    const world = (px, t) => (px - t) / scale / 100;
    return spread.minX >= world(area.left, tx) && spread.maxX <= world(area.right, tx) && spread.minY >= world(area.top, ty) && spread.maxY <= world(area.bottom, ty);
  }

  /**
   * The world radius of a marker at the current zoom: at least 14 px on screen (20 for
   * fingers), but no more than a third of a tile (three fifths for fingers: a phone zoomed out
   * keeps markers a finger can hit, pushed apart by `placeMarkers` where they would overlap).
   */
  markerRadius() {
    const coarse = coarsePointer();
    const px = coarse ? 20 : 14;
    return Math.min(coarse ? 60 : 34, Math.max(12, px / this.view.scale));
  }

  /** Places the markers at the current zoom: pushed apart until none overlaps another (`placeMarkers`). */
  layoutMarkers() {
    placeMarkers(this.markers, { radius: this.markerRadius(), growth: this.growth(), scale: this.view.scale });
  }

  /** How much figures, pieces and towers are enlarged at the current zoom (1 to 3). */
  growth() {
    return Math.min(3, Math.max(1, 0.75 / this.view.scale));
  }

  /** Figures and pieces stay big enough to tell apart when the board is zoomed out. */
  scaleFigures() {
    const grow = this.growth();
    // The figures, the barns and a module's pieces that stand by a figure (`data-grows`: Hills & Sheep's flocks).
    for (const g of [...this.layers.barns.children, ...this.layers.figures.children, ...this.viewport.querySelectorAll('.layer-module [data-grows]')]) {
      const { px, py, k, lift } = g.dataset;
      g.setAttribute('transform', `translate(${px} ${py}) scale(${Number(k) * grow}) translate(0 ${Number(lift) || 0})`);
    }
    // The figures waiting in Carcassonne and the count grow less: they share their quarter.
    const cityGrow = Math.min(grow, CITY_GROWTH);
    for (const g of this.layers.city.querySelectorAll('[data-testid=resident]')) {
      const { px, py, k } = g.dataset;
      g.setAttribute('transform', `translate(${px} ${py}) scale(${Number(k) * cityGrow})`);
    }
    for (const body of this.layers.city.querySelectorAll('.count-body')) body.setAttribute('transform', `scale(${COUNT_SIZE * cityGrow})`);
    for (const body of this.layers.towers.querySelectorAll('.tower-body')) {
      body.setAttribute('transform', `translate(${body.dataset.px} ${body.dataset.py}) scale(${grow})`);
    }
    for (const body of this.layers.pieces.querySelectorAll('.piece-body')) {
      body.setAttribute('transform', `scale(${Number(body.dataset.k) * grow})`);
    }
    // The rings of a move's hint keep around their figures as these grow.
    for (const ring of this.layers.hints.querySelectorAll('circle[data-r]')) ring.setAttribute('r', (Number(ring.dataset.r) * grow).toFixed(1));
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

  /**
   * The part of the board's window nothing covers, in screen pixels: above the docked panel and
   * left of the zoom buttons' column (which only fitting leaves free; `reveal` steers around
   * the buttons themselves).
   */
  freeArea({ besideControls = false } = {}) {
    const { w, h } = this.size();
    const bottom = Math.max(0, Math.min(h - 120, this.insets.bottom || 0));
    const controls = besideControls ? this.controlsBox() : null;
    const right = controls ? Math.min(w - 160, w - controls.left + 6) : 0;
    return { left: 0, top: 0, right: w - Math.max(0, right), bottom: h - bottom };
  }

  /** The zoom buttons' box relative to the board's window (null when not drawn). */
  controlsBox() {
    const r = this.svg.getBoundingClientRect();
    const c = this.controls.getBoundingClientRect();
    if (!c.width) return null;
    return { left: c.left - r.left, top: c.top - r.top, right: c.right - r.left, bottom: c.bottom - r.top };
  }

  /** Sets how much of the window the docked panel covers (`{bottom}` in px); keeps the view to the rest. */
  setInsets(insets) {
    const bottom = Math.round(insets.bottom || 0);
    if (bottom === this.insets.bottom) return;
    this.insets = { bottom };
    if (this.autoFit) this.fit();
    else if (this.attention) this.reveal(this.attention.x, this.attention.y);
  }

  fit() {
    let b = this.bounds || { minX: -1, minY: -1, maxX: 2, maxY: 2 };
    const area = this.freeArea({ besideControls: true });
    const w = area.right - area.left;
    const h = area.bottom - area.top;
    const margin = 0.6;
    // Markers keep a finger's size at every zoom and are pushed apart where crowded, so at a
    // small zoom a crowd of them spreads beyond the tiles: the view grows until they are in it
    // (passes until they stay in, as a smaller zoom spreads them further; their rings stop
    // growing in board units at a small zoom, so this settles in a few).
    for (let pass = 0; pass < 10; pass++) {
      const bw = (b.maxX - b.minX + 2 * margin) * 100;
      const bh = (b.maxY - b.minY + 2 * margin) * 100;
      const scale = Math.max(0.12, Math.min(1.3, Math.min(w / bw, h / bh)));
      const cx = ((b.minX + b.maxX) / 2) * 100;
      const cy = ((b.minY + b.maxY) / 2) * 100;
      this.view = { scale, tx: area.left + w / 2 - cx * scale, ty: area.top + h / 2 - cy * scale };
      this.apply();
      const spread = this.markerSpread();
      if (!spread || (spread.minX >= b.minX - margin && spread.maxX <= b.maxX + margin && spread.minY >= b.minY - margin && spread.maxY <= b.maxY + margin)) break;
      b = { minX: Math.min(b.minX, spread.minX), minY: Math.min(b.minY, spread.minY), maxX: Math.max(b.maxX, spread.maxX), maxY: Math.max(b.maxY, spread.maxY) };
    }
    // A large board fitted small may still put the tile decided on under a button; the pan that
    // brings it out must not push a marker (what is decided on) out of sight: then it is undone.
    if (this.attention) {
      const fitted = { ...this.view };
      this.reveal(this.attention.x, this.attention.y, { keepFit: true });
      if (this.markers.length && !this.markersInView()) {
        this.view = fitted;
        this.apply();
      }
    }
  }

  /** Where the markers stand as laid out now, with their rings, in tile units (null without markers). */
  markerSpread() {
    if (!this.markers || !this.markers.length) return null;
    const r = this.markerRadius() * 1.2;
    let spread = null;
    for (const m of this.markers) {
      const px = Number(m.g.getAttribute('data-px'));
      const py = Number(m.g.getAttribute('data-py'));
      if (!Number.isFinite(px) || !Number.isFinite(py)) continue;
      const box = { minX: (px - r) / 100, minY: (py - r) / 100, maxX: (px + r) / 100, maxY: (py + r) / 100 };
      spread = spread ? { minX: Math.min(spread.minX, box.minX), minY: Math.min(spread.minY, box.minY), maxX: Math.max(spread.maxX, box.maxX), maxY: Math.max(spread.maxY, box.maxY) } : box;
    }
    return spread;
  }

  apply() {
    const { scale, tx, ty } = this.view;
    this.viewport.setAttribute('transform', `translate(${tx} ${ty}) scale(${scale})`);
    this.svg.style.setProperty('--zoom', String(scale));
    this.layoutMarkers();
    this.scaleFigures();
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

  /**
   * The zoom buttons' and keys' zoom: around the tile being decided on when it is in sight (so
   * that it stays where it is), else around the middle of the free part of the window.
   */
  zoomStep(factor) {
    const area = this.freeArea();
    let sx = (area.left + area.right) / 2;
    let sy = (area.top + area.bottom) / 2;
    if (this.attention) {
      const { scale, tx, ty } = this.view;
      const ax = (this.attention.x + 0.5) * 100 * scale + tx;
      const ay = (this.attention.y + 0.5) * 100 * scale + ty;
      if (ax >= area.left && ax <= area.right && ay >= area.top && ay <= area.bottom) {
        sx = ax;
        sy = ay;
      }
    }
    this.zoomBy(factor, sx, sy);
    if (this.attention) this.reveal(this.attention.x, this.attention.y);
  }

  panBy(dx, dy) {
    this.view = { ...this.view, tx: this.view.tx + dx, ty: this.view.ty + dy };
    this.autoFit = false;
    this.apply();
  }

  /**
   * Pans (without zooming) so that the tile at (x, y) is in sight, if it is not: inside the
   * free part of the window (above a docked panel) and clear of the zoom buttons. `keepFit`: a
   * pan made by fitting, which does not count as the user's.
   */
  reveal(x, y, { keepFit = false } = {}) {
    const area = this.freeArea();
    const w = area.right - area.left;
    const { scale, tx, ty } = this.view;
    let left = x * 100 * scale + tx;
    let top = y * 100 * scale + ty;
    const size = 100 * scale;
    const c = this.controlsBox();
    const underControls = () => c && left < c.right + 4 && left + size > c.left - 4 && top < c.bottom + 4 && top + size > c.top - 4;
    // A tile wholly in sight stays where it is (an arrow key's step near the edge of a fitted
    // board does not pan it, which would end the fit); one that is not comes in with a margin.
    if (left >= area.left && left + size <= area.right && top >= area.top && top + size <= area.bottom && !underControls()) return;
    const pad = Math.min(40, w / 8);
    let dx = 0;
    let dy = 0;
    if (left < area.left + pad) dx = area.left + pad - left;
    else if (left + size > area.right - pad) dx = area.right - pad - size - left;
    if (top < area.top + pad) dy = area.top + pad - top;
    else if (top + size > area.bottom - pad) dy = area.bottom - pad - size - top;
    // Out from under the zoom buttons: to their left (or below them, where the left is too narrow).
    left += dx;
    top += dy;
    if (underControls()) {
      const toLeft = c.left - 8 - (left + size);
      if (left + toLeft >= area.left) dx += toLeft;
      else dy += c.bottom + 8 - top;
    }
    if (!dx && !dy) return;
    const fitted = this.autoFit;
    this.panBy(dx, dy);
    if (keepFit) this.autoFit = fitted;
  }
}
