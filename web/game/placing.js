// The base game's placement on the game screen: the legal places of the tile to place, their
// squares and the tile's ghost on the board, and the action panel while a tile is placed (the
// tile, its turns, the hint, the confirmation). A decision module changes it through its hooks
// (decisions/index.js): `spots` (a decision made on whole tiles), `mode` (another way to place
// the tile: the mountains' sites) and `placePanel` (the panel's words and additions).

import { h, clear } from '../ui.js';
import { tileThumb } from '../tiles.js';
import { capital, sameAction, tapVerb } from './kit.js';

/** The four turns of a tile. */
export const ROTATIONS = [0, 90, 180, 270];

/** Legal placements of the screen's decision: "x,y" -> {x, y, rotations that fit, in clockwise order}. */
export function placements(screen) {
  const map = new Map();
  for (const a of screen.legal) {
    if (a.action !== 'place') continue;
    const key = `${a.x},${a.y}`;
    if (!map.has(key)) map.set(key, { x: a.x, y: a.y, rotations: [] });
    map.get(key).rotations.push(((a.rotation % 360) + 360) % 360);
  }
  for (const p of map.values()) p.rotations.sort((a, b) => a - b);
  return map;
}

/** The next fitting rotation from `from`, turning in `dir` (+1 clockwise), `from` included if `inclusive`. */
export function nextRotation(rotations, from, dir, inclusive) {
  if (!rotations.length) return from;
  for (let step = inclusive ? 0 : 1; step <= 4; step++) {
    const r = (((from + dir * 90 * step) % 360) + 360) % 360;
    if (rotations.includes(r)) return r;
  }
  return rotations[0];
}

/** A legal placement's place in words ("2 tiles east of the start tile"). */
export function placeWords(screen, x, y) {
  const a = screen.legal.find((l) => l.action === 'place' && l.x === x && l.y === y);
  return a && a.label ? a.label.replace(/, turned \d+°$/, '') : 'there';
}

/**
 * The squares on the board and the ghost of the tile: for a decision made on whole tiles (a
 * module's `spots`: the dragon's steps, the abbey's holes) its tiles; for a tile to place its
 * legal places (brighter where it fits as turned now) and the tile under the pointer or on the
 * place picked, or a module's mode's sites (`mode.draw`). `withSpots`: false while the pointer
 * moves (redrawing the squares under it would swallow a click under way).
 */
export function renderPlacement(screen, withSpots = true) {
  const p = screen.pending;
  const spotted = screen.spotted();
  if (screen.mine && spotted) {
    const spots = screen.spotChoices().map((a) => ({
      x: a.x,
      y: a.y,
      kind: spotted.kind,
      testid: spotted.testid,
      overFigures: !!spotted.overFigures,
      title: capital(a.label || spotted.words),
      selected: sameAction(a, screen.choice),
    }));
    if (withSpots) screen.board.setSpots(spots);
    screen.board.setGhost(spotted.ghost ? spotted.ghost(screen.choice) : null);
    return;
  }
  if (!screen.mine || !screen.placing) {
    screen.board.setSpots([]);
    screen.board.setGhost(null);
    if (screen.hoverInfo) screen.hoverInfo.textContent = '';
    return;
  }
  const mode = screen.placeMode();
  if (mode) {
    mode.draw(withSpots);
    return;
  }
  const places = placements(screen);
  const turns = (spot) => spot.rotations.map((r) => `${r}°`).join(', ');
  const spots = [...places.values()].map((s) => ({
    x: s.x,
    y: s.y,
    fits: s.rotations.includes(screen.rotation),
    title: `${placeWords(screen, s.x, s.y)}: fits turned ${turns(s)}`,
    selected: !!screen.selected && screen.selected.x === s.x && screen.selected.y === s.y,
  }));
  if (withSpots) screen.board.setSpots(spots);
  let ghost = null;
  let info = '';
  const { hover, selected } = screen;
  if (hover && !(selected && hover.x === selected.x && hover.y === selected.y)) {
    const spot = places.get(`${hover.x},${hover.y}`);
    if (spot) {
      const where = placeWords(screen, spot.x, spot.y);
      if (spot.rotations.includes(screen.rotation)) {
        ghost = { tile: p.tile, x: spot.x, y: spot.y, rotation: screen.rotation };
        info = `${where}: fits as turned now; fitting turns: ${turns(spot)}.`;
      } else {
        info = `${where}: not as turned now; fits turned ${turns(spot)}. Click to pick it.`;
      }
    }
  }
  if (!ghost && selected) {
    ghost = { tile: p.tile, x: selected.x, y: selected.y, rotation: screen.rotation, selected: true };
  }
  screen.board.setGhost(ghost);
  if (screen.hoverInfo) screen.hoverInfo.textContent = info;
}

/**
 * The action panel while a tile is placed: the tile (turned as it would lie), the turn buttons,
 * the places in words, the confirmation; on other screens whose tile it is. The modules'
 * `placePanel(screen, d, ctx)` change the description `d` first:
 *
 *   title     the words before the tile's name in the title
 *   rotation  how the tile is shown turned
 *   picture   another picture for the tile (a function that makes it), with `mark`: the
 *             data attributes it adds to the tile's box
 *   turnable  whether the turn buttons work
 *   waiting   elements under the tile on the other screens
 *   rows      functions that make rows under the tile on this screen (a switch of mode),
 *             called in the panel's order (a tile's picture is defined on first use)
 *   hint      the hint's words (null: the places, or the place picked)
 *   notes     rule notes under the hint
 *   confirm   the confirm button's words once a place is picked; `prompt` before
 *
 * `ctx`: {seat, name (the tile's words), places (`placements`)}.
 */
export function placePanel(screen, el, seat) {
  const p = screen.pending;
  const name = p.tile_name || 'a tile';
  const places = screen.mine ? placements(screen) : new Map();
  const d = {
    title: screen.mine ? 'Your tile: ' : `${seat.name || 'Next'} draws `,
    rotation: screen.mine ? screen.rotation : 0,
    picture: null,
    mark: {},
    turnable: true,
    waiting: [],
    rows: [],
    hint: null,
    notes: [],
    confirm: 'Place tile',
    prompt: 'Pick a place',
  };
  for (const m of screen.modules) if (m.placePanel) m.placePanel(screen, d, { seat, name, places });
  const rotation = d.rotation;
  const preview = h(
    'div',
    { class: 'drawn', 'data-testid': 'drawn-tile', 'data-tile': p.tile || '', 'data-rotation': rotation, title: name },
    p.tile ? tileThumb(p.tile, rotation, { class: 'tile-thumb big', 'aria-label': `${name}, turned ${rotation}°` }) : h('div', { class: 'tile-back' }, '?'),
  );
  el.append(h('div', { class: 'panel-title' }, h('span', {}, d.title, h('span', { class: 'tile-name', 'data-testid': 'tile-name' }, name))));
  if (!screen.mine) {
    el.append(preview, ...d.waiting);
    return;
  }
  screen.hoverInfo = h('p', { class: 'hint small hover-info', 'data-testid': 'hover-info' });
  const sel = screen.selected;
  if (d.picture) {
    clear(preview).append(d.picture());
    Object.assign(preview.dataset, d.mark);
  }
  const turnButton = (dir, testid, text, title, label) =>
    h('button', { type: 'button', class: 'icon big', title, 'aria-label': label, 'data-testid': testid, disabled: !d.turnable, onClick: () => screen.rotate(dir) }, text);
  el.append(
    h(
      'div',
      { class: 'drawn-row' },
      turnButton(-1, 'rotate-ccw', '⟲', 'Turn counter-clockwise (E)', 'Turn the tile counter-clockwise'),
      preview,
      turnButton(1, 'rotate-cw', '⟳', 'Turn clockwise (R)', 'Turn the tile clockwise'),
    ),
    ...d.rows.map((row) => row()),
  );
  let hintText = d.hint;
  if (hintText === null && sel) {
    const where = placeWords(screen, sel.x, sel.y);
    hintText =
      `${where[0].toUpperCase()}${where.slice(1)}, turned ${screen.rotation}°` +
      (places.get(`${sel.x},${sel.y}`).rotations.length > 1 ? ` — other turns fit too: turn it, or ${tapVerb()} again.` : '.');
  } else if (hintText === null) {
    hintText = `${places.size} highlighted place${places.size === 1 ? '' : 's'}: brighter ones fit as the tile is turned now.`;
  }
  el.append(
    h('p', { class: 'hint', 'data-testid': 'place-hint', 'aria-live': 'polite' }, hintText),
    ...d.notes,
    screen.hoverInfo,
    screen.confirmRow(sel ? d.confirm : d.prompt, !!sel),
  );
}
