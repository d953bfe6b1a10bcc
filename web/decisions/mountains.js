// The variation "Mountains" on the game screen: the drawn tile may go upside down as a mountain
// instead. The placement gets a mode (a switch in the panel, the M key) in which the mountain
// sites are highlighted in grey instead of the places, and the mountain is shown on the site
// hovered or picked; a tile that fits nowhere else can only become one. The turn banner offers
// it, the figure panel explains the miner, and another seat's mountain is news.

import { h } from '../ui.js';
import { tileThumb } from '../tiles.js';
import { capital, plays, ruleNote } from '../game/kit.js';

/**
 * The design a drawn tile becomes when it is placed upside down (the board's tile there, drawn
 * by the server like any design).
 */
const MOUNTAIN_TILE = 'variations:mountain';

/**
 * The legal sites where the drawn tile may go upside down as a mountain (the `mountain` actions
 * of the placement decision), in the server's order.
 */
function mountainSites(screen) {
  if (screen.pending.decision !== 'place') return [];
  return screen.legal.filter((a) => a.action === 'mountain' && Number.isFinite(a.x) && Number.isFinite(a.y));
}

/** The mountain site at (x, y), or undefined. */
function mountainAt(screen, x, y) {
  return mountainSites(screen).find((a) => a.x === x && a.y === y);
}

/**
 * Whether the placement shows the mountain sites instead of the usual places: the player
 * switched to mountain mode, or the tile fits nowhere as usual and can only become a mountain.
 */
function mountainShown(screen) {
  if (!screen.mine || screen.pending.decision !== 'place' || !mountainSites(screen).length) return false;
  return !!screen.stateOf('mountains').on || screen.placements().size === 0;
}

/**
 * Switches between placing the tile as usual and raising a mountain (`on`: which; by default
 * the other one). The selection is dropped; the tile's rotation is kept for the way back.
 */
function toggleMountain(screen, on = !mountainShown(screen)) {
  if (!screen.mine || screen.pending.decision !== 'place' || screen.busy || !mountainSites(screen).length) return;
  // A tile that fits nowhere else can only become a mountain.
  if (!on && screen.placements().size === 0) return;
  if (on === mountainShown(screen)) return;
  // The panel is drawn anew: a keyboard user keeps the focus on the switch.
  const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.testid === 'mountain-mode';
  screen.stateOf('mountains').on = on;
  screen.selected = null;
  screen.hover = null;
  screen.hideError();
  screen.render();
  if (focused) {
    const toggle = screen.el.action.querySelector('[data-testid=mountain-mode]');
    if (toggle) toggle.focus();
  }
}

/**
 * In mountain mode: the sites where the tile may go upside down, highlighted in grey (kind
 * `mountain`), the mountain shown on the site hovered or picked.
 */
function drawSites(screen, withSpots) {
  const sites = mountainSites(screen);
  const sel = screen.selected;
  const spots = sites.map((a) => ({
    x: a.x,
    y: a.y,
    kind: 'mountain',
    testid: 'mountain-spot',
    title: capital(a.label || 'upside down as a mountain'),
    selected: !!sel && sel.x === a.x && sel.y === a.y,
  }));
  if (withSpots) screen.board.setSpots(spots);
  let ghost = null;
  let info = '';
  const hovered = screen.hover && mountainAt(screen, screen.hover.x, screen.hover.y);
  if (hovered && !(sel && sel.x === hovered.x && sel.y === hovered.y)) {
    ghost = { tile: MOUNTAIN_TILE, x: hovered.x, y: hovered.y, rotation: 0 };
    info = `${capital(hovered.label || 'a mountain site')}. Click to pick it.`;
  } else if (sel) {
    ghost = { tile: MOUNTAIN_TILE, x: sel.x, y: sel.y, rotation: 0, selected: true };
  }
  screen.board.setGhost(ghost);
  if (screen.hoverInfo) screen.hoverInfo.textContent = info;
}

/** A small picture of a mountain for the switch, decoration only. */
function mountainThumb() {
  const thumb = tileThumb(MOUNTAIN_TILE, 0, { class: 'tile-thumb mountain-thumb' });
  thumb.querySelector('title')?.remove();
  thumb.removeAttribute('role');
  thumb.removeAttribute('aria-label');
  thumb.setAttribute('aria-hidden', 'true');
  return thumb;
}

/** The decision module (decisions/index.js). */
export const mountains = {
  name: 'mountains',
  words: { confirm: { mountain: 'Raise the mountain' } },
  /** This screen's banner offers it where the tile may become one; the others' where the game plays it. */
  ask(screen, p) {
    if (p.decision !== 'place') return null;
    const offered = screen.mine ? mountainSites(screen).length > 0 : plays(screen.view, 'mountains');
    return offered ? 'place a tile or raise a mountain' : null;
  },
  /** Another seat turned its tile into a mountain. */
  news: (screen, e) => e.type === 'mountain-raised' && !screen.you.includes(e.seat),
  mode(screen) {
    if (!mountainShown(screen)) return null;
    return { sites: mountainSites(screen), at: (x, y) => mountainAt(screen, x, y), draw: (withSpots) => drawSites(screen, withSpots) };
  },
  key(screen, ev) {
    if ((ev.key !== 'm' && ev.key !== 'M') || !screen.mine || screen.pending.decision !== 'place' || !mountainSites(screen).length) return false;
    toggleMountain(screen);
    return true;
  },
  /** Esc with no site picked leaves mountain mode (back to the usual places). */
  cancel(screen) {
    if (mountainShown(screen) && !screen.selected && screen.placements().size) screen.stateOf('mountains').on = false;
  },
  /** The switch under the tile; in mountain mode the tile's back (a mountain), no turns, the sites in words. */
  placePanel(screen, d, { name, places }) {
    const sites = mountainSites(screen);
    if (!screen.mine || !sites.length) return;
    const mountain = mountainShown(screen);
    const onlyMountain = mountain && places.size === 0;
    if (mountain) {
      d.picture = () => tileThumb(MOUNTAIN_TILE, 0, { class: 'tile-thumb big', 'aria-label': `${capital(name)}, upside down: a mountain` });
      d.mark = { mountain: 'true' };
      d.turnable = false;
    }
    d.rows.push(() =>
      h(
        'div',
        { class: 'row mountain-row' },
        h(
          'button',
          {
            type: 'button',
            class: `choice mountain-toggle${mountain ? ' selected' : ''}`,
            'data-testid': 'mountain-mode',
            'aria-pressed': mountain ? 'true' : 'false',
            'data-sites': sites.length,
            title: onlyMountain
              ? 'The tile fits nowhere as usual: it can only become a mountain'
              : mountain
                ? 'Back to placing the tile as usual (M)'
                : 'Place the tile upside down as a mountain instead (M)',
            disabled: onlyMountain || screen.busy,
            onClick: () => toggleMountain(screen),
          },
          mountainThumb(),
          // The name stays "Mountain mode"; aria-pressed says whether it is on.
          h('span', {}, 'Mountain mode', h('span', { class: 'mountain-state', 'aria-hidden': 'true' }, mountain ? ': on' : '')),
        ),
      ),
    );
    if (!mountain) return;
    const sel = screen.selected;
    if (sel) {
      const site = mountainAt(screen, sel.x, sel.y);
      d.hint = `${capital(site ? site.label : 'upside down as a mountain')}.`;
    } else {
      d.hint =
        `${sites.length} mountain site${sites.length === 1 ? '' : 's'} (grey): the tile goes there upside down as a mountain.` +
        (onlyMountain ? ' It fits nowhere as usual.' : ' Press “Mountain mode” again (or M, Esc) to place it as usual.');
    }
    d.notes.push(
      ruleNote(
        'mountain-note',
        'Mountains: every tile next to a mountain must show a farm without a road there. A follower deployed on it is a miner and stays to the end of the game; near a pennant it counts as a knight and a farmer for that city.',
      ),
    );
    d.confirm = screen.confirmText({ action: 'mountain' });
    d.prompt = 'Pick a mountain site';
  },
  /** The new tile is a mountain: its one place is for a miner. */
  figurePanel(screen, d, { of }) {
    if (of('deploy').some((g) => g.feature === 'mountain')) {
      d.notes.push(ruleNote('miner-note', 'A follower on the mountain is a miner: it stays there to the end of the game. Near a pennant (two tiles away at most) it counts as a knight and a farmer for that city.'));
    }
  },
};
