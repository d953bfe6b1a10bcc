// The game view (`/play/{id}#token=...`): the core of the game screen. It keeps the live
// connection and the state, and handles the turn the same way for every decision: the turn
// banner, the action panel (docked at the bottom on small screens), the selection on the board
// (a place for the tile, a marker, a button), the keyboard, and the confirmation. Nothing is
// sent to the server until the player confirms a choice.
//
// The core knows only the base game: place a tile (game/placing.js), deploy a figure or pass
// (game/figures.js). Every expansion and variation is a decision module, listed in one
// registry (decisions/index.js, which describes what a module may provide); the core asks the
// modules, in the registry's order, instead of naming their decisions.

import { getGame, postAction, GameSocket } from './api.js';
import { h, clear, seatHex, inkOn } from './ui.js';
import { Board, coarsePointer } from './board.js';
import { loadTiles } from './tiles.js';
import { renderPlayers, renderRemaining, renderLog, tileNames, LOG_PAGE } from './panels.js';
import { rememberGame, forgetGame } from './mygames.js';
import { MODULES } from './decisions/index.js';
import { capital, sameAction, preferred } from './game/kit.js';
import { showConnection, toggleRules, markRulesStep, turnCue } from './game/topbar.js';
import { overPanel, renderFinal } from './game/final.js';
import { ROTATIONS, placements, nextRotation, renderPlacement, placePanel } from './game/placing.js';
import { markerGroups, renderMarkers, figurePanel } from './game/figures.js';
import { renderTurnBanner, askHint, undoLast } from './game/banner.js';
import { buildChat, takeChat, renderChat } from './game/chat.js';

/** What the base game's decisions ask, for the turn banner (the modules' `words.asks` add theirs). */
const ASKS = { place: 'place a tile', deploy: 'deploy a figure or pass' };

/** The token of the seat(s) this screen plays, from the URL fragment (`#token=...`). */
export function tokenFromHash() {
  const params = new URLSearchParams(location.hash.replace(/^#/, ''));
  return params.get('token') || null;
}

export async function showGame(app, id) {
  const view = new GameView(app, id, tokenFromHash());
  await view.start();
  return view;
}

/**
 * The game screen. The decision modules read and change it through what it offers them: the
 * view and its parts (`view`, `events`, `pending`, `you`, `mine`, `legal`, `seat(i)`), the
 * selection (`rotation`, `selected`, `hover`, `choice`, `openFeature`, `hoverAction`, `busy`),
 * their own state for the decision (`stateOf(name)`), the board (`board`) and the panels'
 * elements (`el`), the tile names (`names`), and the steps of a turn (`choose`, `clickMarker`,
 * `stepChoice`, `confirm`, `sendNow`, `cancel`, `render`, `renderHints`, `hideError`), with the
 * shared pieces of the panel and the board (`choiceButton`, `confirmRow`, `confirmText`,
 * `markerGroups`, `placements`, `spotChoices`, `hoverInfo`).
 */
class GameView {
  constructor(app, id, token, modules = MODULES) {
    this.id = id;
    this.token = token;
    this.modules = modules;
    // What the modules declare, gathered once.
    this.asks = Object.assign({}, ASKS, ...modules.map((m) => (m.words && m.words.asks) || {}));
    this.passWords = Object.assign({}, ...modules.map((m) => (m.words && m.words.pass) || {}));
    this.placingDecisions = new Set(['place', ...modules.flatMap((m) => m.placing || [])]);
    this.spotsBy = new Map(modules.filter((m) => m.spots).map((m) => [m.spots.decision, m.spots]));
    this.repeats = new Set(['deploy', ...modules.flatMap((m) => m.repeats || [])]);
    this.hovers = new Set(modules.flatMap((m) => m.hovers || []));
    this.view = null;
    this.events = [];
    this.chat = []; // the chat's messages by index (game/chat.js)
    this.rotation = 0;
    this.selected = null; // place: {x, y}
    this.hover = null; // place: {x, y}
    this.choice = null; // the legal action chosen, waiting for confirmation
    this.openFeature = null; // a marker group whose several figure choices are listed
    this.hoverAction = null; // the action whose marker or button is under the pointer (a module's `hovers`)
    this.states = new Map(); // each module's state for the decision shown (`stateOf`)
    this.busy = false;
    this.finalDismissed = false;
    this.refetching = false;
    this.logShown = LOG_PAGE;
    this.wasMine = false;
    this.announced = -1; // the last event index announced over the board
    this.build(app);
  }

  build(app) {
    this.el = {
      players: h('div', { class: 'players', 'data-testid': 'players' }),
      remaining: h('div', { class: 'remaining panel' }),
      turn: h('div', { class: 'turn-banner', 'data-testid': 'turn', role: 'status' }),
      // Narrow screens only (style.css): the scores and the tiles left stay in sight above the
      // board while the players' panel is below it.
      strip: h('div', { class: 'score-strip', 'data-testid': 'score-strip', 'aria-hidden': 'true' }),
      boardHost: h('div', { class: 'board-host' }),
      overlay: h('div', { class: 'overlay-host' }),
      action: h('div', { class: 'action-panel panel', 'data-testid': 'action-panel' }),
      error: h('div', { class: 'error-box', 'data-testid': 'error', role: 'alert', hidden: true }),
      log: h('ol', { class: 'log', 'data-testid': 'log' }),
      help: h('div', { class: 'help', 'data-testid': 'help' }, helpText()),
      announce: h('div', { class: 'announce', 'data-testid': 'announce', role: 'status', 'aria-live': 'polite' }),
      chat: buildChat(this),
    };
    // The modules' own panels, under the action panel (a hand of tiles, a face-up row).
    const side = Object.assign({}, ...this.modules.map((m) => (m.build ? m.build(this) : {})));
    Object.assign(this.el, side);
    const e = this.el;
    this.root = h(
      'div',
      { class: 'game', 'data-testid': 'game' },
      h('aside', { class: 'side left' }, h('div', { class: 'panel' }, h('div', { class: 'panel-title' }, 'Players'), e.players), e.remaining, e.chat.panel),
      h('section', { class: 'center' }, e.strip, e.turn, h('div', { class: 'board-area' }, e.boardHost, e.announce, e.overlay), e.help),
      h(
        'aside',
        { class: 'side right' },
        e.action,
        ...Object.values(side),
        e.error,
        h('div', { class: 'panel log-panel' }, h('div', { class: 'panel-title' }, 'Game log'), e.log),
      ),
    );
    clear(app).append(this.root);
    this.board = new Board(e.boardHost, {
      onSpotClick: (x, y) => this.clickSpot(x, y),
      onSpotHover: (x, y) => this.hoverSpot(x, y),
      onMarkerClick: (key) => this.clickMarker(key),
      onMarkerHover: (key) => this.hoverMarker(key),
    });
    this.onKey = (ev) => this.key(ev);
    document.addEventListener('keydown', this.onKey);
    // On narrow screens the action panel is docked at the bottom of the window; the page
    // keeps room for it so that nothing hides behind it.
    new ResizeObserver(() => this.updateDock()).observe(e.action);
  }

  /** Keeps room at the bottom of the page for the docked action panel (narrow screens only). */
  updateDock() {
    const action = this.el.action;
    const docked = getComputedStyle(action).position === 'fixed';
    const rect = action.getBoundingClientRect();
    this.root.style.setProperty('--dock-h', docked ? `${Math.ceil(rect.height)}px` : '0px');
    // The board keeps its size (the page does not jump as the panel docks and undocks): the
    // panel covers its lower part, which the board's view keeps clear of.
    const board = this.board.svg.getBoundingClientRect();
    this.board.setInsets({ bottom: docked ? Math.max(0, board.bottom - rect.top) : 0 });
  }

  async start() {
    this.showConnection('connecting');
    try {
      const [, view] = await Promise.all([loadTiles(), getGame(this.id, this.token)]);
      this.applyView(view);
    } catch (err) {
      this.showError(`The game could not be loaded: ${err.message}`);
      if (err.status === 403 && this.token) {
        // A wrong or mangled join link (or a seat of a game this server no longer has): the
        // socket would be refused too. Offer to watch, and forget the key.
        forgetGame(this.id);
        this.el.error.append(' ', h('a', { href: `/play/${this.id}`, 'data-testid': 'watch-instead' }, 'Watch the game instead'));
        return;
      }
      if (err.status === 404) {
        forgetGame(this.id);
        this.el.error.append(' ', h('a', { href: '/' }, 'Back to the lobby'));
        return;
      }
    }
    this.socket = new GameSocket(this.id, this.token, {
      onState: (v) => this.applyView(v),
      onError: (err) => {
        this.busy = false;
        this.showError(err.error || 'The server refused the action.');
        this.render();
      },
      onStatus: (status, delay) => this.showConnection(status, delay),
    });
  }

  /** Keeps this screen's seats in the browser, for the lobby's "your games". */
  remember() {
    if (!this.token || !this.view || !this.you.length || this.remembered) return;
    this.remembered = true;
    rememberGame(this.id, this.token, { you: this.you, names: this.you.map((i) => (this.seat(i) || {}).name || `Seat ${i + 1}`) });
  }

  showConnection(status, delay) {
    showConnection(this, status, delay);
  }

  // ---- state ---------------------------------------------------------------------------

  /**
   * Takes a view from GET, POST or the socket. Events are merged by index (a view carries the
   * events from `events_from` on), so duplicates and reordering do no harm; an older view than
   * the one shown only contributes its events.
   */
  applyView(v) {
    if (!v || typeof v !== 'object') return;
    const from = Number(v.events_from) || 0;
    const list = Array.isArray(v.events) ? v.events : [];
    if (from > this.events.length) this.refetchEvents();
    list.forEach((event, i) => {
      if (!event || typeof event !== 'object') return;
      const index = Number.isInteger(event.index) ? event.index : from + i;
      this.events[index] = event;
    });
    // The chat's news do not wait for the game to move.
    const said = takeChat(this, v.chat);
    if (this.view && said.length) {
      renderChat(this);
      this.announce(said.filter((m) => !this.you.includes(m.seat)).map((m) => ({ type: 'chat', seat: m.seat, text: `${(this.seat(m.seat) || {}).name || 'A player'}: ${m.text}` })));
    }
    if (this.view && v.version < this.view.version) return;
    const moved = !this.view || v.version !== this.view.version;
    this.view = v;
    if (moved) {
      this.selected = null;
      this.hover = null;
      this.choice = null;
      this.hint = null;
      this.openFeature = null;
      this.hoverAction = null;
      this.states.clear();
      this.busy = false;
      this.each('reset');
    } else if (this.choice) {
      // The same state again (a POST answer and the socket's message both arrive): keep the
      // choice, as the equal action of the new view.
      this.choice = this.legal.find((a) => sameAction(a, this.choice)) || null;
    }
    this.remember();
    if (this.mine && !this.wasMine) turnCue(this);
    this.wasMine = this.mine;
    this.render();
    if (moved) this.announceNews();
  }

  /**
   * Says over the board what the last actions did that a player must not miss: scores, and
   * what the modules' `news` pick (a builder's second tile, a figure taken prisoner, another
   * seat's tile moved, ...). The first view announces nothing (its news are old).
   */
  announceNews() {
    const last = this.events.length - 1;
    if (this.announced < 0) {
      this.announced = last;
      return;
    }
    const news = [];
    for (let i = this.announced + 1; i <= last; i++) {
      const e = this.events[i];
      if (!e) continue;
      const told = e.type === 'scored' ? (e.seats || []).length > 0 : this.modules.some((m) => m.news && m.news(this, e));
      if (told) news.push(e);
    }
    this.announced = last;
    this.announce(news);
  }

  /** Shows `news` (events, or chat lines as `{type, seat, text}`) over the board for a few seconds. */
  announce(news) {
    const box = this.el.announce;
    // At the end the final scores say it all: no news over their dialog.
    if (this.pending.decision === 'over') {
      clearTimeout(this.announceTimer);
      clear(box).classList.remove('show');
      return;
    }
    if (!news.length) return;
    clear(box);
    // On a phone the news cover less of the board: the last two, two lines each (style.css).
    const narrow = window.matchMedia('(max-width: 640px)').matches;
    for (const e of news.slice(narrow ? -2 : -4)) {
      const seat = this.seat(e.seat ?? (e.seats || [])[0]);
      box.append(h('div', { class: `news ${e.type}`, style: { '--seat': seatHex(seat) }, 'data-type': e.type }, e.text));
    }
    box.classList.add('show');
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(() => box.classList.remove('show'), narrow ? 4000 : 6000);
  }

  /** Fills a gap in the events (a socket message was missed) with a GET from the last known. */
  async refetchEvents() {
    if (this.refetching) return;
    this.refetching = true;
    try {
      const known = this.events.findIndex((e) => !e);
      const from = known === -1 ? this.events.length : known;
      this.applyView(await getGame(this.id, this.token, from));
    } catch {
      // The next socket message or reconnection brings the state anyway.
    } finally {
      this.refetching = false;
    }
  }

  get pending() {
    return (this.view && this.view.pending) || { decision: 'over' };
  }

  get you() {
    return (this.view && this.view.you) || [];
  }

  /** Whether this screen must decide now (for one of its seats). */
  get mine() {
    const p = this.pending;
    return p.decision !== 'over' && this.you.includes(p.seat) && Array.isArray(this.view.legal) && this.view.legal.length > 0;
  }

  /** The legal actions of this screen's decision (entries that are not objects left out). */
  get legal() {
    return (this.mine && this.view.legal.filter((a) => a && typeof a === 'object')) || [];
  }

  seat(i) {
    return ((this.view && this.view.seats) || [])[i];
  }

  /** A module's state for the decision shown (an object, empty again when a new state arrives). */
  stateOf(name) {
    if (!this.states.has(name)) this.states.set(name, {});
    return this.states.get(name);
  }

  /** Calls `hook(screen, ...args)` of every module that has it, in the registry's order. */
  each(hook, ...args) {
    for (const m of this.modules) if (m[hook]) m[hook](this, ...args);
  }

  /** Legal placements: "x,y" -> rotations that fit, in clockwise order. */
  placements() {
    return placements(this);
  }

  /**
   * Whether the pending decision places a tile on a highlighted square: the tile drawn (`place`),
   * or a module's (`placing`: with "Rebuilding" the tile just removed).
   */
  get placing() {
    return this.placingDecisions.has(this.pending.decision);
  }

  /**
   * A module's other way to place the tile, while it is on (`mode`: the variation "Mountains"'s
   * sites), or null: {sites (the legal actions with x, y), at(x, y) (the site there), draw(withSpots)}.
   */
  placeMode() {
    for (const m of this.modules) {
      const mode = m.mode && m.mode(this);
      if (mode) return mode;
    }
    return null;
  }

  /** The decision made on whole tiles pending (a module's `spots`: the dragon's steps, the abbey's holes), or null. */
  spotted() {
    return this.spotsBy.get(this.pending.decision) || null;
  }

  /** The tiles of a decision made on whole tiles (`spotted`): its legal actions on a tile. */
  spotChoices() {
    const spotted = this.spotted();
    return spotted ? this.legal.filter((a) => a && a.action === spotted.action && Number.isFinite(a.x) && Number.isFinite(a.y)) : [];
  }

  /** The marker groups of this screen's decision (game/figures.js). */
  markerGroups() {
    return markerGroups(this);
  }

  // ---- input ---------------------------------------------------------------------------

  clickSpot(x, y) {
    if (this.mine && this.spotted() && !this.busy) {
      const choice = this.spotChoices().find((a) => a.x === x && a.y === y);
      if (choice) this.choose(choice);
      return;
    }
    if (!this.mine || !this.placing || this.busy) return;
    const mode = this.placeMode();
    if (mode) {
      // A site has no turns: a click picks it.
      if (!mode.at(x, y)) return;
      this.selected = { x, y };
      this.hideError();
      this.render();
      return;
    }
    const spot = this.placements().get(`${x},${y}`);
    if (!spot) return;
    const again = this.selected && this.selected.x === x && this.selected.y === y;
    this.selected = { x, y };
    this.rotation = nextRotation(spot.rotations, this.rotation, 1, !again);
    this.hideError();
    this.render();
  }

  hoverSpot(x, y) {
    this.hover = x === null ? null : { x, y };
    // Only the ghost and the hint change: redrawing the highlights under the pointer would
    // swallow a click that is under way.
    if (this.mine && this.placing) renderPlacement(this, false);
  }

  rotate(dir) {
    // A mode's site (a mountain lies upside down) has nothing to turn.
    if (!this.mine || !this.placing || this.busy || this.placeMode()) return;
    if (this.selected) {
      const spot = this.placements().get(`${this.selected.x},${this.selected.y}`);
      this.rotation = nextRotation(spot ? spot.rotations : ROTATIONS, this.rotation, dir, false);
    } else {
      this.rotation = (this.rotation + 360 + dir * 90) % 360;
    }
    this.render();
  }

  /** A marker under the pointer (`key`, or null): the first of its actions a module previews (`hovers`). */
  hoverMarker(key) {
    const group = key ? this.markerGroups().get(key) : null;
    const previewed = group ? group.actions.filter((a) => this.hovers.has(a.action)) : [];
    // Several actions at one marker (the pairs of knights of a religious war): the one chosen, or the first.
    this.hoverAction = previewed.find((a) => sameAction(a, this.choice)) || previewed[0] || null;
    this.renderHints();
  }

  /** Draws the modules' hints that follow the pointer on the board (`hints`), without redrawing the rest. */
  renderHints() {
    this.each('hints');
  }

  clickMarker(key) {
    if (!this.mine || this.busy) return;
    const group = this.markerGroups().get(key);
    if (!group) return;
    this.hideError();
    if (group.actions.length === 1) {
      this.choice = group.actions[0];
      this.openFeature = null;
    } else {
      // Several figures may stand there: list them and preselect the plain follower (or the
      // group's own preference: on a tower, a piece for it).
      this.openFeature = key;
      const same = this.choice && group.actions.includes(this.choice);
      if (!same) this.choice = preferred(group);
    }
    this.render();
  }

  choose(action) {
    if (!this.mine || this.busy) return;
    this.choice = action;
    this.each('chose', action);
    this.hideError();
    this.render();
  }

  /**
   * Asks the server's bot for advice on the pending decision and selects its choice (a tile's
   * place and turn, or the action), for the player to confirm or change.
   */
  askHint() {
    return askHint(this);
  }


  cancel() {
    // Before the selection goes: a mode with nothing picked is left (back to the usual places).
    this.each('cancel');
    this.selected = null;
    this.choice = null;
    this.openFeature = null;
    this.render();
  }

  /** The action to send for the current selection, or null. */
  pendingAction() {
    if (!this.mine) return null;
    const mode = this.placing ? this.placeMode() : null;
    if (mode) {
      const site = this.selected && mode.at(this.selected.x, this.selected.y);
      if (!site) return null;
      // The legal action as listed, without its words.
      const { at, label, ...action } = site;
      return action;
    }
    // The tile to place (or a module's: the tile removed by "Rebuilding"): a placement either way.
    if (this.placing) {
      return this.selected ? { action: 'place', x: this.selected.x, y: this.selected.y, rotation: this.rotation } : null;
    }
    if (!this.choice) return null;
    // Legal actions are in record form plus `at` (where the figure would stand) and `label`
    // (the words), which are not part of the action.
    const { at, label, ...action } = this.choice;
    return action;
  }

  async confirm() {
    const action = this.pendingAction();
    if (!action || this.busy) return;
    this.busy = true;
    this.hideError();
    this.render();
    try {
      const view = await postAction(this.id, this.token, action, this.view.version);
      this.applyView(view);
    } catch (err) {
      this.busy = false;
      this.showError(err.message);
      // A stale version means someone else moved: show the state as it is now.
      if (err.status === 409 || err.status === 403) this.refetchEvents();
      this.render();
    }
  }

  /** Takes back this seat's last action (`POST .../undo`), when the view offers it. */
  undo() {
    return undoLast(this);
  }


  /** Sends a legal action at once, without a confirmation (a redeployment's "None"). */
  sendNow(action) {
    if (!this.mine || this.busy) return;
    this.choice = action;
    this.confirm();
  }

  /**
   * The keyboard plays a whole turn: arrows move the tile between the legal positions (to
   * the nearest one that way) or step through the figure placements and choices, R / E turn
   * the tile, P picks "pass" (or "stay"), Enter confirms, Esc cancels; + / − / 0 zoom. A
   * module's `key` comes first for the keys it takes (M for the mountains, the arrows for the
   * dragon).
   */
  key(ev) {
    if (ev.target && /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const k = ev.key;
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if ((k === 'u' || k === 'U') && this.mine && this.view.undo) this.undo();
    else if (k === 'r' || k === 'R') this.rotate(1);
    else if (k === 'e' || k === 'E') this.rotate(-1);
    else if (this.modules.some((m) => m.key && m.key(this, ev))) {
      // Done by the module.
    } else if (arrows[k] && this.mine && this.placing) this.moveSelection(...arrows[k]);
    else if (arrows[k] && this.mine) this.stepChoice(k === 'ArrowLeft' || k === 'ArrowUp' ? -1 : 1);
    else if ((k === 'p' || k === 'P') && this.mine) {
      const pass = this.legal.find((a) => a.action === 'pass');
      if (!pass) return;
      this.choose(pass);
    } else if (k === 'Enter') {
      // Enter always confirms, even with a rotate or choice button focused after a click
      // (preventDefault below stops that button from being pressed again).
      if (!this.pendingAction()) return;
      this.confirm();
    } else if (k === 'Escape' && this.rulesOpen) toggleRules(this, false);
    else if (k === 'Escape') this.cancel();
    else if (k === '+' || k === '=') this.board.zoomStep(1.25);
    else if (k === '-' || k === '_') this.board.zoomStep(0.8);
    else if (k === '0') {
      this.board.autoFit = true;
      this.board.fit();
    } else return;
    ev.preventDefault();
  }

  /**
   * Moves the selected position to the nearest legal one in direction (dx, dy); with nothing
   * selected yet, to the one nearest the middle of the board.
   */
  moveSelection(dx, dy) {
    const mode = this.placeMode();
    const spots = mode ? mode.sites.map((a) => ({ x: a.x, y: a.y, rotations: [0] })) : [...this.placements().values()];
    if (!spots.length || this.busy) return;
    let next;
    if (!this.selected) {
      const cx = spots.reduce((a, p) => a + p.x, 0) / spots.length;
      const cy = spots.reduce((a, p) => a + p.y, 0) / spots.length;
      next = spots.reduce((best, p) => (Math.hypot(p.x - cx, p.y - cy) < Math.hypot(best.x - cx, best.y - cy) ? p : best));
    } else {
      const { x, y } = this.selected;
      // Ahead in the direction, nearest first; sideways distance counts double.
      const ahead = spots
        .map((p) => ({ p, along: (p.x - x) * dx + (p.y - y) * dy, side: Math.abs((p.x - x) * dy) + Math.abs((p.y - y) * dx) }))
        .filter((c) => c.along > 0)
        .sort((a, b) => a.along + 2 * a.side - (b.along + 2 * b.side));
      if (!ahead.length) return;
      next = ahead[0].p;
    }
    const again = this.selected && this.selected.x === next.x && this.selected.y === next.y;
    this.selected = { x: next.x, y: next.y };
    if (!mode) this.rotation = nextRotation(next.rotations, this.rotation, 1, !again);
    this.hideError();
    this.board.reveal(next.x, next.y);
    this.render();
  }

  /**
   * Steps through every choice of the decision (each figure on each place, then pass; or the
   * order a module's `choices` gives: the tiles as its panel shows them).
   */
  stepChoice(dir) {
    let choices = this.legal;
    for (const m of this.modules) {
      const own = m.choices && m.choices(this);
      if (own) {
        choices = own;
        break;
      }
    }
    if (!choices.length || this.busy) return;
    const at = this.choice ? choices.findIndex((a) => sameAction(a, this.choice)) : -1;
    const n = choices.length;
    const next = choices[at < 0 ? (dir > 0 ? 0 : n - 1) : (at + dir + n) % n];
    this.choice = next;
    this.each('chose', next);
    const group = [...this.markerGroups().values()].find((g) => g.actions.includes(next));
    this.openFeature = group && group.actions.length > 1 ? group.key : null;
    this.hideError();
    // A choice on another tile (a magic gate, the fairy, a hole for the abbey) may lie outside the window.
    if (group) this.board.reveal(Math.floor(group.x), Math.floor(group.y));
    else if (Number.isFinite(next.x) && Number.isFinite(next.y)) this.board.reveal(next.x, next.y);
    this.render();
  }

  showError(text) {
    this.el.error.textContent = text;
    this.el.error.hidden = false;
  }

  hideError() {
    this.el.error.hidden = true;
    this.el.error.textContent = '';
  }

  // ---- drawing -------------------------------------------------------------------------

  render() {
    const v = this.view;
    if (!v) return;
    const p = this.pending;
    // For tests and styles: which state this screen shows.
    this.root.dataset.version = String(v.version);
    this.root.dataset.status = v.status || '';
    // An action on its way to the server: choices wait for its answer.
    this.root.dataset.busy = this.busy ? 'true' : 'false';
    this.root.classList.toggle('mine', this.mine);
    this.board.setTiles(v.board);
    // The modules' pieces, before the figures (a tower's guard stands on its tower).
    this.each('board');
    this.board.setFigures(v.figures, v.seats);
    this.names = tileNames(v, this.events);
    const players = { you: this.you, names: this.names, active: p.decision === 'over' ? null : p.seat, chosen: this.choice };
    this.each('players', players);
    renderPlayers(this.el.players, v, players);
    renderRemaining(this.el.remaining, v);
    this.renderStrip();
    this.each('side');
    renderChat(this);
    renderLog(this.el.log, this.events, v.seats, {
      shown: this.logShown,
      onMore: (shown) => {
        this.logShown = shown;
        this.render();
      },
    });
    this.renderTurn();
    // The tile being decided on: the place chosen for the new tile, or the tile a figure
    // decision is about; the board zooms around it and keeps it clear of its buttons.
    this.board.attention = this.mine && this.placing ? this.selected || null : this.mine && Number.isFinite(p.x) && Number.isFinite(p.y) ? { x: p.x, y: p.y } : null;
    this.renderAction();
    renderPlacement(this);
    renderMarkers(this);
    this.renderHints();
    renderFinal(this);
    markRulesStep(this, false);
    this.updateDock();
    const cue = !this.mine ? '' : this.turnSeat() === this.pending.seat ? '▶ Your turn · ' : '▶ Your decision · ';
    document.title = `${cue}Carcassonne ${this.id}`;
  }

  /** The compact score strip of narrow screens: each seat's colour and score (and what the modules add beside it, `strip`), the tiles left. */
  renderStrip() {
    const v = this.view;
    const el = clear(this.el.strip);
    const active = this.pending.decision === 'over' ? null : this.pending.seat;
    const items = [];
    this.each('strip', items);
    for (const seat of v.seats || []) {
      const hex = seatHex(seat);
      el.append(
        h(
          'span',
          { class: `strip-seat${seat.seat === active ? ' active' : ''}`, 'data-testid': 'strip-seat', 'data-seat': seat.seat, title: seat.name },
          h('span', { class: 'swatch', style: { background: hex, color: inkOn(hex) } }, seat.seat + 1),
          h('span', { class: 'strip-score', 'data-testid': 'strip-score' }, String(seat.score)),
          items.map((item) => item(seat)),
        ),
      );
    }
    el.append(h('span', { class: 'strip-left', 'data-testid': 'strip-left' }, `${v.tiles_left} left`));
  }

  /** What the pending decision asks, in words, for the turn banner: a module's `ask`, or the words of the decision. */
  asked(p) {
    for (const m of this.modules) {
      const words = m.ask && m.ask(this, p);
      if (words) return words;
    }
    return this.asks[p.decision] || 'decide';
  }

  /** The seat whose turn it is (the deciding seat, but when another decides within a turn). */
  turnSeat() {
    return this.view.turn_seat ?? this.pending.seat;
  }

  renderTurn() {
    renderTurnBanner(this);
  }


  /**
   * The action panel: what this screen can do now (docked at the bottom on small screens). A
   * tile to place (game/placing.js), a module's own decision (its `panel`), or a decision made on
   * figures (game/figures.js).
   */
  renderAction() {
    // The same decision drawn again (a choice made) keeps the panel's and its lists' scrolling,
    // so that a choice low in a long list stays in sight; a new decision starts at the top.
    const el = this.el.action;
    const key = `${this.view.version}:${this.pending.decision}:${this.mine}`;
    const kept = key === this.actionKey ? { panel: el.scrollTop, lists: [...el.querySelectorAll('.choice-lists, .tile-choices')].map((l) => l.scrollTop) } : null;
    this.actionKey = key;
    this.drawAction();
    if (!kept) return;
    el.scrollTop = kept.panel;
    el.querySelectorAll('.choice-lists, .tile-choices').forEach((l, i) => {
      if (kept.lists[i] !== undefined) l.scrollTop = kept.lists[i];
    });
    // The choice in words sits above the sticky ✓: scroll it out from behind.
    const chosen = el.querySelector('[data-testid=chosen]');
    if (chosen && el.scrollHeight > el.clientHeight) {
      const confirm = el.querySelector('.confirm-row');
      const hidden = chosen.getBoundingClientRect().bottom - (confirm ? confirm.getBoundingClientRect().top : el.getBoundingClientRect().bottom);
      if (hidden > 0) el.scrollTop += hidden + 4;
    }
  }

  /** Draws the action panel (see `renderAction`). */
  drawAction() {
    const el = clear(this.el.action);
    const p = this.pending;
    this.hoverInfo = null;
    el.classList.toggle('docked', this.mine);
    if (p.decision === 'over') {
      overPanel(this, el);
      return;
    }
    const seat = this.seat(p.seat) || {};
    if (this.placing) {
      placePanel(this, el, seat);
      return;
    }
    const owner = this.modules.find((m) => m.panel && (m.decisions || []).includes(p.decision));
    if (owner) owner.panel(this, el, seat);
    else figurePanel(this, el, seat);
  }

  /**
   * The confirm button's words for a chosen action: for "pass" the decision's (a module's
   * `words.pass`), otherwise the action's (a module's `words.confirm`, a text or a function of
   * the choice that may answer null).
   */
  confirmText(choice) {
    if (choice.action === 'pass') return this.passWords[this.pending.decision] || 'Pass';
    for (const m of this.modules) {
      const words = m.words && m.words.confirm && m.words.confirm[choice.action];
      const text = typeof words === 'function' ? words(choice) : words;
      if (text) return text;
    }
    return choice.action === 'deploy' ? 'Deploy' : 'Confirm';
  }

  /** A button that chooses one legal action (`text`: its words, by default its label). */
  choiceButton(a, testid, icon = null, text = capital(a.label)) {
    const on = sameAction(a, this.choice);
    return h(
      'button',
      { type: 'button', class: `choice${on ? ' selected' : ''}`, 'data-testid': testid, 'aria-pressed': on ? 'true' : 'false', onClick: () => this.choose(a) },
      icon,
      icon ? ' ' : '',
      text,
    );
  }

  confirmRow(text, enabled) {
    return h(
      'div',
      { class: 'row confirm-row' },
      h(
        'button',
        {
          type: 'button',
          class: 'primary',
          'data-testid': 'confirm',
          disabled: !enabled || this.busy,
          title: 'Confirm (Enter)',
          onClick: () => this.confirm(),
        },
        this.busy ? 'Sending…' : `✓ ${text}`,
      ),
      h('button', { type: 'button', 'data-testid': 'cancel', disabled: !enabled || this.busy, title: 'Cancel (Esc)', onClick: () => this.cancel() }, 'Cancel'),
    );
  }
}

/** The help line, for fingers or for a mouse and keyboard. */
function helpText() {
  if (coarsePointer()) {
    return 'Drag to move the board, pinch to zoom. Tap a highlighted square to put the tile there (again to turn it), then ✓. Tap a marker to deploy a figure, a highlighted tile to move the dragon.';
  }
  return [
    'Drag to pan, wheel or +/− to zoom, 0 to fit. Click a highlighted square (again for the next turn); ',
    h('kbd', {}, '←↑→↓'),
    ' move between places or figure choices (or step the dragon), ',
    h('kbd', {}, 'R'),
    ' / ',
    h('kbd', {}, 'E'),
    ' turn, ',
    h('kbd', {}, 'P'),
    ' pass, ',
    h('kbd', {}, 'Enter'),
    ' confirms, ',
    h('kbd', {}, 'Esc'),
    ' cancels.',
  ];
}
