// The replay viewer (`/replay/{id}`): a finished game as a spectator saw it after each action,
// from GET /api/games/{id}/replay?step=N, drawn with the game view's board and panels.

import { getReplay } from './api.js';
import { h, clear, setTopbar } from './ui.js';
import { Board, tableEdge } from './board.js';
import { boardPieces } from './dragon.js';
import { rebuildHint } from './rebuilding.js';
import { loadTiles } from './tiles.js';
import { towersOf, towerReach } from './tower.js';
import { barnsOf } from './abbey.js';
import { cityOf } from './count.js';
import { MODULES } from './decisions/index.js';
import { renderPlayers, renderRemaining, renderLog, renderTileRow, tileNames, finalTable, scoreChart, LOG_PAGE } from './panels.js';

function stepFromHash() {
  const n = Number(new URLSearchParams(location.hash.replace(/^#/, '')).get('step'));
  return Number.isInteger(n) && n >= 0 ? n : null;
}

export async function showReplay(app, id) {
  const r = new ReplayView(app, id);
  await r.start();
  return r;
}

class ReplayView {
  constructor(app, id) {
    this.id = id;
    this.step = 0;
    this.steps = 0;
    this.cache = new Map();
    this.wanted = 0; // the step the latest request is for; older answers are dropped
    this.timer = null;
    this.turns = null; // the steps at which a turn begins (`turnStarts`), once the last step is known
    this.logShown = LOG_PAGE;
    this.build(app);
  }

  build(app) {
    const button = (text, title, testid, fn) => h('button', { type: 'button', title, 'data-testid': testid, onClick: fn }, text);
    this.el = {
      players: h('div', { class: 'players', 'data-testid': 'players' }),
      remaining: h('div', { class: 'remaining panel' }),
      boardHost: h('div', { class: 'board-host' }),
      log: h('ol', { class: 'log', 'data-testid': 'log' }),
      final: h('div', { class: 'panel final-panel', hidden: true }),
      // Collective planning: the face-up tiles (public, as everyone saw them).
      row: h('div', { class: 'panel tile-row-panel', 'data-testid': 'tile-row', hidden: true }),
      error: h('div', { class: 'error-box', 'data-testid': 'error', role: 'alert', hidden: true }),
      label: h('span', { class: 'step-label', 'data-testid': 'replay-step' }, '…'),
      slider: h('input', { type: 'range', min: 0, max: 0, value: 0, step: 1, 'data-testid': 'replay-slider', 'aria-label': 'Step' }),
      play: null,
    };
    this.el.play = button('Play', 'Play / pause (Space)', 'replay-play', () => this.togglePlay());
    this.el.slider.addEventListener('input', () => this.go(Number(this.el.slider.value)));
    const controls = h(
      'div',
      { class: 'replay-controls', 'data-testid': 'replay-controls' },
      button('|◀', 'First (Home)', 'replay-first', () => this.go(0)),
      button('◀◀', 'Previous turn (Page Up, Shift+←)', 'replay-prev-turn', () => this.goTurn(-1)),
      button('◀', 'Previous action (←)', 'replay-prev', () => this.go(this.step - 1)),
      this.el.play,
      button('▶', 'Next action (→)', 'replay-next', () => this.go(this.step + 1)),
      button('▶▶', 'Next turn (Page Down, Shift+→)', 'replay-next-turn', () => this.goTurn(1)),
      button('▶|', 'Last (End)', 'replay-last', () => this.go(this.steps)),
      this.el.slider,
      this.el.label,
    );
    const e = this.el;
    clear(app).append(
      h(
        'div',
        { class: 'game replay' },
        h('aside', { class: 'side left' }, h('div', { class: 'panel' }, h('div', { class: 'panel-title' }, 'Players'), e.players), e.remaining),
        h(
          'section',
          { class: 'center' },
          controls,
          h('div', { class: 'board-area' }, e.boardHost),
          h('div', { class: 'help' }, 'Replay: ← / → an action, Shift+← / → (Page Up / Down) a turn, Home / End jump, Space plays; drag to pan, wheel, pinch or +/− to zoom.'),
        ),
        h('aside', { class: 'side right' }, e.error, e.row, e.final, h('div', { class: 'panel log-panel' }, h('div', { class: 'panel-title' }, 'Game log'), e.log)),
      ),
    );
    this.board = new Board(e.boardHost, {});
    this.onKey = (ev) => {
      if (ev.target && /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName) && ev.target.type !== 'range') return;
      const k = ev.key;
      if (k === 'PageUp' || (k === 'ArrowLeft' && ev.shiftKey)) this.goTurn(-1);
      else if (k === 'PageDown' || (k === 'ArrowRight' && ev.shiftKey)) this.goTurn(1);
      else if (k === 'ArrowLeft') this.go(this.step - 1);
      else if (k === 'ArrowRight') this.go(this.step + 1);
      else if (k === 'Home') this.go(0);
      else if (k === 'End') this.go(this.steps);
      else if (k === ' ') this.togglePlay();
      else if (k === '+' || k === '=') this.board.zoomBy(1.25);
      else if (k === '-') this.board.zoomBy(0.8);
      else return;
      ev.preventDefault();
    };
    document.addEventListener('keydown', this.onKey);
  }

  async start() {
    setTopbar(h('span', { class: 'muted' }, `Replay of game ${this.id}`), ' ', h('a', { href: `/play/${this.id}` }, 'final board'));
    try {
      await loadTiles();
      const wanted = stepFromHash();
      const first = await this.fetch(wanted ?? 0);
      this.steps = first.steps ?? 0;
      this.el.slider.max = this.steps;
      this.go(wanted === null ? 0 : Math.min(wanted, this.steps), true);
      // The turns, from the whole game's events (the last step holds them all).
      this.fetch(this.steps)
        .then((last) => {
          this.turns = turnStarts(last.events, this.steps);
          this.label();
        })
        .catch(() => {});
    } catch (err) {
      this.error(err.status === 409 ? 'This game is still being played: there is no replay yet. ' : `The replay could not be loaded: ${err.message}`);
      if (err.status === 409) this.el.error.append(h('a', { href: `/play/${this.id}` }, 'Watch it live'));
    }
  }

  error(text) {
    this.el.error.textContent = text;
    this.el.error.hidden = false;
  }

  /** "Step 12 / 140 · turn 6 / 72": the action shown, and the turn it belongs to once known. */
  label() {
    const turn = this.turns ? this.turns.filter((t) => t <= this.step).length : 0;
    this.el.label.textContent = `Step ${this.step} / ${this.steps}${this.turns ? ` · turn ${turn} / ${this.turns.length}` : ''}`;
  }

  /** To the start of the next (`dir` 1) or this or the previous (`dir` −1) turn. */
  goTurn(dir) {
    if (!this.turns) return;
    const target = dir > 0 ? this.turns.find((t) => t > this.step) ?? this.steps : [...this.turns].reverse().find((t) => t < this.step) ?? 0;
    this.go(target);
  }

  async fetch(step) {
    if (this.cache.has(step)) return this.cache.get(step);
    const view = await getReplay(this.id, step);
    this.cache.set(step, view);
    return view;
  }

  async go(step, force) {
    step = Math.max(0, Math.min(this.steps, step));
    if (step === this.step && !force) return;
    this.step = step;
    this.wanted = step;
    this.el.slider.value = String(step);
    this.label();
    history.replaceState(null, '', `#step=${step}`);
    if (step >= this.steps) this.stopPlay();
    try {
      const view = await this.fetch(step);
      if (this.wanted !== step) return;
      this.el.error.hidden = true;
      this.draw(view);
      // The next step is usually wanted next; ask for it while the user looks.
      if (step < this.steps) this.fetch(step + 1).catch(() => {});
    } catch (err) {
      if (this.wanted === step) this.error(`Step ${step} could not be loaded: ${err.message}`);
    }
  }

  draw(view) {
    this.board.setTable(tableEdge(view));
    this.board.setTiles(view.board);
    this.board.setCity(cityOf(view), view.seats);
    this.board.setTowers(towersOf(view));
    this.board.setBarns(barnsOf(view), view.seats);
    // The decision modules whose pieces and seat fields follow from the view alone draw them
    // here as on the game screen (`fromView`).
    const screen = { board: this.board, view, seat: (i) => (view.seats || [])[i], choice: null };
    const options = {};
    for (const m of MODULES.filter((x) => x.fromView)) {
      if (m.board) m.board(screen);
      if (m.players) m.players(screen, options);
    }
    this.board.setFigures(view.figures, view.seats);
    this.board.setPieces(boardPieces(view, view.events));
    this.board.setReach(towerReach(view, null));
    // "Rebuilding": a tile removed and not yet placed again, the tiles moved this turn.
    this.board.setRebuild(rebuildHint(view, view.events));
    const p = view.pending || {};
    const events = view.events || [];
    const names = tileNames(view, events);
    renderPlayers(this.el.players, view, { active: p.decision && p.decision !== 'over' ? p.seat : null, names, ...options });
    renderRemaining(this.el.remaining, view);
    renderTileRow(this.el.row, view, { names });
    renderLog(this.el.log, events, view.seats, {
      shown: this.logShown,
      onMore: (shown) => {
        this.logShown = shown;
        this.draw(view);
      },
    });
    // The events of the action just stepped over stand out (an entry may stand for several
    // events: the tiles dealt into hands).
    const last = String(this.step - 1);
    this.el.log.querySelectorAll('li[data-testid=event]').forEach((li) => {
      if (li.dataset.action === last) li.classList.add('current');
    });
    // The scores so far, over the whole game's length; the final table once it is over.
    const final = clear(this.el.final);
    final.hidden = false;
    final.append(scoreChart(events, view.seats, this.steps));
    if (p.decision === 'over') final.prepend(h('div', { class: 'panel-title' }, 'Final scores'), finalTable(view, events));
  }

  togglePlay() {
    if (this.timer) {
      this.stopPlay();
      return;
    }
    if (this.step >= this.steps) this.go(0);
    this.el.play.textContent = 'Pause';
    this.timer = setInterval(() => this.go(this.step + 1), 700);
  }

  stopPlay() {
    clearInterval(this.timer);
    this.timer = null;
    this.el.play.textContent = 'Play';
  }
}

/**
 * The steps at which a turn begins: step 0, and the step after each action that drew the tile
 * of a turn (its `tile-drawn` event: the next player's tile, a builder's second tile), up to
 * the last step.
 */
export function turnStarts(events, steps) {
  const starts = new Set([0]);
  for (const e of events || []) {
    if (e && e.type === 'tile-drawn' && Number.isInteger(e.action) && e.action + 1 < steps) starts.add(e.action + 1);
  }
  return [...starts].sort((a, b) => a - b);
}
