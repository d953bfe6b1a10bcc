// The game view (`/play/{id}#token=...`): the board, the drawn tile, every decision the engine
// asks of this screen's seats, the panels, and the live connection. Nothing is sent to the
// server until the player confirms a choice.

import { getGame, postAction, createGame, GameSocket, getGameReference } from './api.js';
import { h, clear, seatHex, setTopbar, inkOn, isPair } from './ui.js';
import { Board, figureIcon, pieceIcon, coarsePointer, boardPieces, tableEdge, rebuildHint } from './board.js';
import { loadTiles, tileThumb } from './tiles.js';
import { renderPlayers, renderRemaining, renderLog, renderHand, renderTileRow, tileNames, chosenTileWords, givenTileWords, playsStacks, handsOut, finalTable, scoreChart, LOG_PAGE } from './panels.js';
import { rememberGame, forgetGame, myGame, playLink, cueEnabled, setCueEnabled } from './mygames.js';
import { towersOf, towerReach, towerIcon } from './tower.js';
import { ABBEY_TILE, barnsOf, abbeyThumb } from './abbey.js';
import { cityOf, cityLayout, cityIcon, countIcon } from './count.js';
import { drawReference, highlightStep, stepOf } from './reference.js';

const ROTATIONS = [0, 90, 180, 270];

/**
 * The variation "Mountains": the design a drawn tile becomes when it is placed upside down (the
 * board's tile there, drawn by the server like any design).
 */
const MOUNTAIN_TILE = 'variations:mountain';

/** The events that put the drawn tile on the board: placed as usual, or upside down as a mountain. */
const TILE_PUT = ['tile-placed', 'mountain-raised'];

/**
 * "The dash": the events after which the figure decision comes again, a round bought for a
 * point (a deployment of a follower or a move of the seat's, after its tile this turn).
 */
const DASH_AFTER = ['figure-deployed', 'follower-moved'];

/** "The dash": what a round bought asks, for the turn banner and the action panel. */
const DASH_WORDS = 'another follower or move for 1 point, or stop';

/** What each decision asks, for the turn banner. */
const DECISIONS = {
  place: 'place a tile',
  deploy: 'deploy a figure or pass',
  escape: 'let a knight escape the siege or stay',
  dragon: 'move the dragon one step',
  capture: 'take a prisoner with the tower, or none',
  exchange: 'choose which prisoner comes back',
  abbey: 'place the abbey or draw a tile',
  'held-tile': 'place the cloister in hand or draw a tile',
  'choose-tile': 'choose the tile to place',
  'give-tile': 'hand out the tiles',
  wagon: 'move the wagon or take it home',
  carcassonne: 'deploy a figure to Carcassonne or not',
  count: 'move the count or leave it',
  redeploy: 'move figures out of Carcassonne, or none',
  'final-redeploy': 'move a figure out of Carcassonne before the final scoring, or none',
  'take-prisoner': 'take a follower prisoner in the city, or none',
  'replace-tile': 'place the removed tile elsewhere',
};

/**
 * The decisions that place a tile by the edge rule on a highlighted square (the legal `place`
 * actions), turned and confirmed the same way: the tile drawn (or chosen), and with the
 * variation "Rebuilding" the tile just removed, placed elsewhere (`replace-tile`).
 */
const PLACING = ['place', 'replace-tile'];

/**
 * The variations that let a player choose the tile to place: what the "choose-tile" decision
 * asks, by where the tile comes from (the view's `pending.from`).
 */
const CHOOSE_FROM = {
  hand: 'choose the tile to place from the hand',
  stack: 'choose the tile to place from the stack',
  row: 'take a face-up tile or draw from the pile',
};

/**
 * What a pending decision asks, in words, for the turn banner; `mountains`: the game plays the
 * variation "Mountains" (the drawn tile may become a mountain instead); `dash`: the figure
 * decision is a round of "The dash", bought for a point; `rebuild`: the figure decision may
 * remove a tile for a point instead (the variation "Rebuilding"; the view's `rebuilt`: a tile
 * was just moved, and a figure goes on it).
 */
function decisionWords(p, { mountains = false, dash = false, rebuild = false } = {}) {
  if (p.decision === 'choose-tile' && CHOOSE_FROM[p.from]) return CHOOSE_FROM[p.from];
  if (p.decision === 'deploy' && dash) return `decide on the dash: ${DASH_WORDS}`;
  if (p.decision === 'deploy' && p.rebuilt) {
    return rebuild ? 'deploy a figure on the moved tile, move another tile for a point, or pass' : 'deploy a figure on the moved tile or pass';
  }
  if (p.decision === 'deploy' && rebuild) return 'deploy a figure, move a tile for a point, or pass';
  if (p.decision === 'place' && mountains) return 'place a tile or raise a mountain';
  return DECISIONS[p.decision] || 'decide';
}

/** The Count of Carcassonne's decisions, made on the city's quarters or from them. */
const COUNT_DECISIONS = ['carcassonne', 'count', 'redeploy', 'final-redeploy'];

/**
 * The confirm button's words for a chosen action; `dash`: in a round of "The dash", where "pass"
 * stops and anything else costs a point.
 */
function confirmWords(choice, decision, dash = false) {
  if (dash) return choice.action === 'pass' ? 'Stop' : `${confirmWords(choice, decision)} (−1 point)`;
  switch (choice.action) {
    case 'deploy':
      return choice.feature === 'tower' ? 'Finish the tower' : 'Deploy';
    case 'pass':
      return {
        escape: 'Stay',
        capture: 'Take no prisoner',
        abbey: 'Draw a tile',
        'held-tile': 'Draw a tile',
        'choose-tile': 'Draw from the pile',
        wagon: 'Take the wagon home',
        carcassonne: 'Deploy nothing',
        count: 'Leave the count',
        redeploy: 'None',
        'final-redeploy': 'Redeploy no more',
        'take-prisoner': 'Take no prisoner',
      }[decision] || 'Pass';
    case 'escape':
      return 'Escape';
    case 'recall-abbot':
      return 'Take back the abbot';
    case 'move-fairy':
      return 'Move the fairy';
    case 'remove-knight':
      return 'Send the knight home';
    case 'move-dragon':
      return 'Move the dragon';
    case 'build-tower':
      return 'Build the tower';
    case 'capture':
      return 'Take prisoner';
    case 'exchange':
      return 'Exchange';
    case 'ransom':
      return 'Pay the ransom';
    case 'take-prisoner':
      return 'Take prisoner';
    case 'release-prisoner':
      return 'Release the prisoner';
    case 'abbey':
      return 'Place the abbey';
    case 'held-tile':
      return 'Place your cloister';
    case 'choose-tile':
      return 'Take this tile';
    case 'give-tile':
      return 'Give the tile';
    case 'mountain':
      return 'Raise the mountain';
    case 'barn':
      return 'Place the barn';
    case 'move-wagon':
      return 'Move the wagon';
    case 'carcassonne':
      return 'Deploy to Carcassonne';
    case 'move-count':
      return 'Move the count';
    case 'redeploy':
      return 'Redeploy';
    case 'move-follower': {
      // "Move your thief", "Move your farmer", "Move your knight" (the label names the role).
      const role = /^move your (thief|farmer|knight|monk|follower)\b/.exec(choice.label || '');
      return `Move your ${role ? role[1] : 'follower'}`;
    }
    case 'religious-war':
      return 'Drive the monk out';
    case 'remove-tile':
      return 'Remove the tile (−1 point)';
    default:
      return 'Confirm';
  }
}

/**
 * The decisions whose choices are whole tiles, highlighted as squares on the board: the
 * dragon's steps and the abbey's holes (the legal action, and the squares' kind and words).
 */
const SPOT_CHOICES = {
  dragon: { action: 'move-dragon', kind: 'dragon-step', testid: 'dragon-step', words: 'a step of the dragon' },
  abbey: { action: 'abbey', kind: 'abbey', testid: 'abbey-spot', words: 'a hole for your abbey' },
};

/** How many places of a magic gate are shown without asking. */
const GATES_SHOWN = 8;

/** "1 step", "3 steps". */
function steps(n) {
  return `${n} step${n === 1 ? '' : 's'}`;
}

/**
 * Whether two legal actions are the same decision (views are rebuilt, so not by identity; a
 * religious war's `knights` are compared by their contents).
 */
function sameAction(a, b) {
  if (!a || !b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('at');
  const same = (x, y) => x === y || (typeof x === 'object' && typeof y === 'object' && x !== null && y !== null && JSON.stringify(x) === JSON.stringify(y));
  return [...keys].every((k) => same(a[k], b[k]));
}

/** How many moves of "A new lease of life" are shown without asking. */
const MOVES_SHOWN = 10;

/** How many tiles that "Rebuilding" may remove are shown without asking. */
const REMOVALS_SHOWN = 8;

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

class GameView {
  constructor(app, id, token) {
    this.id = id;
    this.token = token;
    this.view = null;
    this.events = [];
    this.rotation = 0;
    this.selected = null; // place: {x, y}
    this.hover = null; // place: {x, y}
    this.choice = null; // deploy/escape: the legal action chosen, waiting for confirmation
    this.openFeature = null; // a feature whose several figure choices are listed
    this.giveTile = null; // give-tile: the tile picked in the panel, before (or with) its recipient
    this.mountainMode = false; // place, with the variation "Mountains": the mountain sites shown instead of the placements
    this.hoverAction = null; // "A new lease of life", "Rebuilding": the move or removal whose marker or button is under the pointer
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
      boardHost: h('div', { class: 'board-host' }),
      overlay: h('div', { class: 'overlay-host' }),
      action: h('div', { class: 'action-panel panel', 'data-testid': 'action-panel' }),
      // The variations that let a player choose the tile: the tiles this screen's seat holds
      // (hidden from the others), and with collective planning the face-up tiles (public).
      hand: h('div', { class: 'panel hand-panel', 'data-testid': 'your-hand', hidden: true }),
      row: h('div', { class: 'panel tile-row-panel', 'data-testid': 'tile-row', hidden: true }),
      error: h('div', { class: 'error-box', 'data-testid': 'error', role: 'alert', hidden: true }),
      log: h('ol', { class: 'log', 'data-testid': 'log' }),
      help: h('div', { class: 'help', 'data-testid': 'help' }, helpText()),
      announce: h('div', { class: 'announce', 'data-testid': 'announce', role: 'status', 'aria-live': 'polite' }),
    };
    const e = this.el;
    this.root = h(
      'div',
      { class: 'game', 'data-testid': 'game' },
      h('aside', { class: 'side left' }, h('div', { class: 'panel' }, h('div', { class: 'panel-title' }, 'Players'), e.players), e.remaining),
      h('section', { class: 'center' }, e.turn, h('div', { class: 'board-area' }, e.boardHost, e.announce, e.overlay), e.help),
      h(
        'aside',
        { class: 'side right' },
        e.action,
        e.hand,
        e.row,
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
    this.root.style.setProperty('--dock-h', docked ? `${Math.ceil(action.getBoundingClientRect().height)}px` : '0px');
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
    this.connectionDelay = delay;
    const text = {
      live: '● live',
      connecting: '○ connecting…',
      offline: `○ offline, retrying in ${Math.round((delay || 0) / 100) / 10} s`,
    }[status];
    // Back online: an error from before (a failed send, a lost connection) is out of date.
    if (status === 'live' && this.connection && this.connection !== 'live') this.hideError();
    this.connection = status;
    const cue = h(
      'button',
      {
        type: 'button',
        class: `small cue${cueEnabled() ? ' on' : ''}`,
        'data-testid': 'turn-cue',
        'aria-pressed': cueEnabled() ? 'true' : 'false',
        title: 'A sound (and a notification when this tab is hidden) when it becomes your turn',
        onClick: () => {
          const on = !cueEnabled();
          setCueEnabled(on);
          if (on && typeof Notification !== 'undefined' && Notification.permission === 'default') {
            Notification.requestPermission().catch(() => {});
          }
          this.showConnection(this.connection, delay);
        },
      },
      cueEnabled() ? 'Turn alert: on' : 'Turn alert: off',
    );
    const rules = h(
      'button',
      {
        type: 'button',
        class: 'small cue',
        'data-testid': 'rules-button',
        'aria-expanded': this.rulesOpen ? 'true' : 'false',
        title: 'The rules of this game, step by step, with the current step marked',
        onClick: () => this.toggleRules(),
      },
      'Rules',
    );
    setTopbar(
      h('span', { class: 'muted game-id' }, `Game ${this.id}`),
      rules,
      this.you.length ? cue : null,
      h('span', { class: `conn ${status}`, 'data-testid': 'connection', 'data-status': status }, text),
    );
  }

  /**
   * Opens or closes the "Rules" dialog: the game reference for this game's rules (fetched
   * once), with the step of the pending decision highlighted.
   */
  async toggleRules(open = !this.rulesOpen) {
    this.rulesOpen = open;
    if (!this.rulesBox) {
      this.rulesHost = h('div', { class: 'reference-host' }, h('p', { class: 'muted' }, 'Loading the rules…'));
      this.rulesBox = h(
        'div',
        { class: 'reference-dialog', role: 'dialog', 'aria-label': 'The rules of this game', 'data-testid': 'rules-dialog' },
        h(
          'div',
          { class: 'card-head' },
          h('h2', {}, 'Rules of this game'),
          h('button', { type: 'button', class: 'icon', title: 'Close (Esc)', 'data-testid': 'rules-close', onClick: () => this.toggleRules(false) }, '×'),
        ),
        this.rulesHost,
      );
      this.root.append(this.rulesBox);
    }
    this.rulesBox.hidden = !open;
    this.showConnection(this.connection, this.connectionDelay);
    if (!open) return;
    if (!this.reference) {
      try {
        this.reference = await getGameReference(this.id);
      } catch (err) {
        clear(this.rulesHost).append(h('p', { class: 'error' }, `The rules could not be loaded: ${err.message}`));
        return;
      }
      drawReference(this.rulesHost, this.reference);
    }
    this.markRulesStep(true);
  }

  /** Highlights the step of the pending decision in the open "Rules" dialog. */
  markRulesStep(scroll) {
    if (!this.rulesOpen || !this.reference) return;
    const step = stepOf(this.reference, this.pending.decision);
    const el = highlightStep(this.rulesHost, step);
    this.rulesBox.dataset.step = step || '';
    if (el && (scroll || step !== this.rulesStep)) el.scrollIntoView({ block: 'center' });
    this.rulesStep = step;
  }

  /** The "your turn" cue: a short tone, and a notification while the tab is hidden. */
  cue() {
    if (!cueEnabled()) return;
    try {
      const audio = new AudioContext();
      const tone = audio.createOscillator();
      const gain = audio.createGain();
      tone.frequency.value = 660;
      gain.gain.setValueAtTime(0.15, audio.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.35);
      tone.connect(gain).connect(audio.destination);
      tone.start();
      tone.stop(audio.currentTime + 0.35);
    } catch {
      // No sound where audio is not allowed yet; the title still says it.
    }
    if (document.hidden && typeof Notification !== 'undefined' && Notification.permission === 'granted') {
      try {
        new Notification('Carcassonne: your turn', { body: `Game ${this.id}`, tag: `turn-${this.id}` });
      } catch {
        // Some browsers allow notifications only from a service worker.
      }
    }
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
    if (this.view && v.version < this.view.version) return;
    const moved = !this.view || v.version !== this.view.version;
    this.view = v;
    if (moved) {
      this.selected = null;
      this.hover = null;
      this.choice = null;
      this.openFeature = null;
      this.giveTile = null;
      this.mountainMode = false;
      this.gatesOpen = null; // the magic gate's list as the player opened or closed it
      this.movesOpen = null; // "A new lease of life": the list of moves as the player opened or closed it
      this.removalsOpen = null; // "Rebuilding": the list of tiles to remove as the player opened or closed it
      this.hoverAction = null;
      this.busy = false;
      // "Rebuilding": the removed tile is first turned as it lay.
      const p = v.pending || {};
      if (p.decision === 'replace-tile') {
        const lay = (v.board || []).find((t) => t && t.x === p.from_x && t.y === p.from_y);
        if (lay && Number.isFinite(lay.rotation)) this.rotation = ((lay.rotation % 360) + 360) % 360;
      }
    } else if (this.choice) {
      // The same state again (a POST answer and the socket's message both arrive): keep the
      // choice, as the equal action of the new view.
      this.choice = this.legal.find((a) => sameAction(a, this.choice)) || null;
    }
    this.remember();
    if (this.mine && !this.wasMine) this.cue();
    this.wasMine = this.mine;
    this.render();
    if (moved) this.announceNews();
  }

  /**
   * Says over the board what the last actions did that a player must not miss: scores, a
   * builder's second tile, an escape from a siege, an abbot taken back, a token changing hands,
   * another seat's follower moved or point given up ("A new lease of life", "The dash"), another
   * seat's tile removed and placed elsewhere ("Rebuilding").
   * The first view announces nothing (its news are old).
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
      const returnedAbbot = e.type === 'figure-returned' && e.figure === 'abbot';
      // The Princess & the Dragon: the dragon's arrival, a figure it eats, a knight the
      // princess sends home, and the fairy's bonus for a scored follower (not its point a turn).
      const dragonNews = ['dragon-placed', 'figure-eaten', 'knight-removed'].includes(e.type) || (e.type === 'fairy-bonus' && e.points > 1);
      // The Tower: a figure taken prisoner, prisoners exchanged, a ransom paid.
      const towerNews = ['captured', 'prisoners-exchanged', 'ransom-paid'].includes(e.type);
      // The variation "Prisoners": a follower taken prisoner in a city, a prisoner released.
      const prisonerNews = ['prisoner-taken', 'prisoner-released'].includes(e.type);
      // The Count of Carcassonne: a figure into a quarter, the count's move, a figure out of it.
      const countNews = ['figure-to-quarter', 'count-moved', 'figure-redeployed'].includes(e.type);
      // "Only one can choose": a tile handed to a seat of this screen.
      const given = e.type === 'tile-given' && this.you.includes(e.to);
      // The variation "Mountains": another seat turned its tile into a mountain.
      const mountain = e.type === 'mountain-raised' && !this.you.includes(e.seat);
      // "A new lease of life" and "The dash": another seat moved a follower (a religious war
      // moves two knights, and the monk's owner must not miss it), or gave up a point.
      const leaseNews = ['follower-moved', 'point-sacrificed'].includes(e.type) && !this.you.includes(e.seat);
      // "Rebuilding": another seat gave up a point to remove a tile, and placed it elsewhere.
      const rebuildNews = ['tile-removed', 'tile-replaced'].includes(e.type) && !this.you.includes(e.seat);
      if (given || mountain || leaseNews || rebuildNews || ['scored', 'double-turn', 'escaped', 'token-taken', 'goods-collected', 'cloister-to-neighbour'].includes(e.type) || returnedAbbot || dragonNews || towerNews || prisonerNews || countNews) {
        if (e.type === 'scored' && !(e.seats || []).length) continue;
        news.push(e);
      }
    }
    this.announced = last;
    if (!news.length) return;
    const box = clear(this.el.announce);
    for (const e of news.slice(-4)) {
      const seat = this.seat(e.seat ?? (e.seats || [])[0]);
      box.append(h('div', { class: `news ${e.type}`, style: { '--seat': seatHex(seat) }, 'data-type': e.type }, e.text));
    }
    box.classList.add('show');
    clearTimeout(this.announceTimer);
    this.announceTimer = setTimeout(() => box.classList.remove('show'), 6000);
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

  /** Legal placements: "x,y" -> rotations that fit, in clockwise order. */
  placements() {
    const map = new Map();
    for (const a of this.legal) {
      if (a.action !== 'place') continue;
      const key = `${a.x},${a.y}`;
      if (!map.has(key)) map.set(key, { x: a.x, y: a.y, rotations: [] });
      map.get(key).rotations.push(((a.rotation % 360) + 360) % 360);
    }
    for (const p of map.values()) p.rotations.sort((a, b) => a - b);
    return map;
  }

  /**
   * The variation "Mountains": the legal sites where the drawn tile may go upside down as a
   * mountain (the `mountain` actions of the placement decision), in the server's order.
   */
  mountainSites() {
    if (this.pending.decision !== 'place') return [];
    return this.legal.filter((a) => a.action === 'mountain' && Number.isFinite(a.x) && Number.isFinite(a.y));
  }

  /** Whether this game plays the variation "Mountains" (its rules say so). */
  get playsMountains() {
    const variants = this.view && this.view.rules && this.view.rules.variants;
    return !!variants && variants.mountains === true;
  }

  /** Whether this game plays the variation "The dash" (its rules say so). */
  get playsDash() {
    const variants = this.view && this.view.rules && this.view.rules.variants;
    return !!variants && variants.dash === true;
  }

  /**
   * Whether the pending decision places a tile on a highlighted square (`PLACING`): the tile to
   * place, or with "Rebuilding" the tile just removed.
   */
  get placing() {
    return PLACING.includes(this.pending.decision);
  }

  /** "Rebuilding": the tiles this screen's figure decision may remove for a point (`remove-tile`). */
  removals() {
    if (this.pending.decision !== 'deploy') return [];
    return this.legal.filter((a) => a.action === 'remove-tile' && Number.isFinite(a.x) && Number.isFinite(a.y));
  }

  /**
   * "The dash": whether the pending figure decision is a round bought for a point. The view has
   * no field for it; the events tell: since the seat's tile of this turn (placed or raised as a
   * mountain), the same seat deployed a follower or moved one, and the figure decision came
   * again (without the dash the figure phase ends with the first of them).
   */
  dashRound() {
    const p = this.pending;
    if (p.decision !== 'deploy' || !this.playsDash) return false;
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (!e) continue;
      if (TILE_PUT.includes(e.type)) return false;
      if (DASH_AFTER.includes(e.type) && e.seat === p.seat) return true;
    }
    return false;
  }

  /**
   * Whether the placement shows the mountain sites instead of the usual places: the player
   * switched to mountain mode, or the tile fits nowhere as usual and can only become a mountain.
   */
  get mountainShown() {
    if (!this.mine || this.pending.decision !== 'place' || !this.mountainSites().length) return false;
    return this.mountainMode || this.placements().size === 0;
  }

  /**
   * Switches between placing the tile as usual and raising a mountain (`on`: which; by default
   * the other one). The selection is dropped; the tile's rotation is kept for the way back.
   */
  toggleMountain(on = !this.mountainShown) {
    if (!this.mine || this.pending.decision !== 'place' || this.busy || !this.mountainSites().length) return;
    // A tile that fits nowhere else can only become a mountain.
    if (!on && this.placements().size === 0) return;
    if (on === this.mountainShown) return;
    // The panel is drawn anew: a keyboard user keeps the focus on the switch.
    const focused = document.activeElement && document.activeElement.dataset && document.activeElement.dataset.testid === 'mountain-mode';
    this.mountainMode = on;
    this.selected = null;
    this.hover = null;
    this.hideError();
    this.render();
    if (focused) {
      const toggle = this.el.action.querySelector('[data-testid=mountain-mode]');
      if (toggle) toggle.focus();
    }
  }

  /** The mountain site at (x, y), or undefined. */
  mountainAt(x, y) {
    return this.mountainSites().find((a) => a.x === x && a.y === y);
  }

  /** The next fitting rotation from `from`, turning in `dir` (+1 clockwise), `from` included if `inclusive`. */
  nextRotation(rotations, from, dir, inclusive) {
    if (!rotations.length) return from;
    for (let step = inclusive ? 0 : 1; step <= 4; step++) {
      const r = (((from + dir * 90 * step) % 360) + 360) % 360;
      if (rotations.includes(r)) return r;
    }
    return rotations[0];
  }

  // ---- input ---------------------------------------------------------------------------

  clickSpot(x, y) {
    if (this.mine && SPOT_CHOICES[this.pending.decision] && !this.busy) {
      const choice = this.spotChoices().find((a) => a.x === x && a.y === y);
      if (choice) this.choose(choice);
      return;
    }
    if (!this.mine || !this.placing || this.busy) return;
    if (this.mountainShown) {
      // A mountain has no turns: a click picks the site.
      if (!this.mountainAt(x, y)) return;
      this.selected = { x, y };
      this.hideError();
      this.render();
      return;
    }
    const spot = this.placements().get(`${x},${y}`);
    if (!spot) return;
    const again = this.selected && this.selected.x === x && this.selected.y === y;
    this.selected = { x, y };
    this.rotation = this.nextRotation(spot.rotations, this.rotation, 1, !again);
    this.hideError();
    this.render();
  }

  hoverSpot(x, y) {
    this.hover = x === null ? null : { x, y };
    // Only the ghost and the hint change: redrawing the highlights under the pointer would
    // swallow a click that is under way.
    if (this.mine && this.placing) this.renderPlacement(false);
  }

  rotate(dir) {
    // A mountain lies upside down: nothing to turn.
    if (!this.mine || !this.placing || this.busy || this.mountainShown) return;
    if (this.selected) {
      const spot = this.placements().get(`${this.selected.x},${this.selected.y}`);
      this.rotation = this.nextRotation(spot ? spot.rotations : ROTATIONS, this.rotation, dir, false);
    } else {
      this.rotation = (this.rotation + 360 + dir * 90) % 360;
    }
    this.render();
  }

  /**
   * Figure markers: one per feature (or escape, recall, fairy or princess target), keyed for
   * the board, each at its anchor on its own tile: deployments on the tile just placed, and
   * with The Princess & the Dragon deployments through a magic gate on other tiles. With The
   * Tower one marker per tower (a piece for it, or a follower on top to finish it) and, in a
   * capture, one on each figure within reach; with the variation "Prisoners" one on each
   * follower that may be taken prisoner in the city the tile joined. With Abbey & Mayor one on
   * each corner of the new tile where the barn may go and, in a wagon's decision, one on each
   * feature it may move to.
   * With "A new lease of life" (or "The dash") one where each follower of the seat may move to
   * (an arrow) and one on each cloister two of its knights may take in a religious war; with
   * "Rebuilding" one in the middle of each tile that may be removed for a point.
   * With The Count of Carcassonne one on each quarter for each kind of figure that may go there,
   * one where the count would stand in each quarter it may move to, one for each kind of figure
   * that may join the feature being scored, and before the final scoring one on each feature a
   * figure may go to (the figure chosen in the panel where several may).
   */
  markerGroups() {
    const p = this.pending;
    const groups = new Map();
    const city = COUNT_DECISIONS.includes(p.decision) ? cityLayout(cityOf(this.view)) : new Map();
    // A quarter's marker: at `world` (world units), or at the action's own `at` on the board.
    const inQuarter = (a, world) => (world ? [world[0] / 100, world[1] / 100] : isPair(a.at) ? a.at : null);
    // `entry`: {kind, testid, tx, ty (the tile), feature}; `at`: the anchor on that tile.
    const add = (key, entry, a, at = a.at) => {
      const anchor = isPair(at) ? at : [0.5, 0.5];
      if (!groups.has(key)) groups.set(key, { key, ...entry, x: entry.tx + anchor[0], y: entry.ty + anchor[1], actions: [] });
      groups.get(key).actions.push(a);
    };
    const onTile = (a) => Number.isFinite(a.x) && Number.isFinite(a.y);
    const there = (a, kind, testid) => ({ kind, testid, tx: a.x, ty: a.y, feature: a.feature });
    for (const a of this.legal) {
      if (!a || typeof a !== 'object') continue;
      if (a.action === 'carcassonne' && typeof a.quarter === 'string') {
        const area = city.get(a.quarter);
        const kinds = [...new Set(this.legal.filter((b) => b.action === 'carcassonne' && b.quarter === a.quarter).map((b) => b.figure))];
        const at = inQuarter(a, area && area.markerAt(kinds.indexOf(a.figure)));
        if (at) add(`quarter:${a.quarter}:${a.figure}`, { kind: 'quarter', testid: 'quarter-marker', tx: 0, ty: 0, quarter: a.quarter, figure: a.figure }, a, at);
        continue;
      }
      if (a.action === 'move-count' && typeof a.quarter === 'string') {
        const area = city.get(a.quarter);
        const at = inQuarter(a, area && area.countAt);
        if (at) add(`count:${a.quarter}`, { kind: 'count', testid: 'count-marker', tx: 0, ty: 0, quarter: a.quarter }, a, at);
        continue;
      }
      if (a.action === 'redeploy' && onTile(a)) {
        if (p.decision === 'redeploy') add(`redeploy:${a.figure}`, { ...there(a, 'redeploy', 'redeploy-marker'), figure: a.figure }, a);
        else add(`final:${a.x},${a.y},${a.feature}`, there(a, 'final', 'final-marker'), a);
        continue;
      }
      if ((a.action === 'build-tower' || (a.action === 'deploy' && a.feature === 'tower')) && onTile(a)) {
        add(`tower:${a.x},${a.y}`, { ...there(a, 'tower', 'tower-marker'), feature: 'tower' }, a);
      } else if (a.action === 'move-wagon' && onTile(a)) {
        add(`wagon:${a.x},${a.y},${a.feature}`, there(a, 'wagon', 'wagon-marker'), a);
      } else if (a.action === 'barn' && typeof a.corner === 'string' && Number.isFinite(p.x) && Number.isFinite(p.y)) {
        // On a corner of the tile just placed, where four tiles meet.
        add(`barn:${a.corner}`, { kind: 'barn', testid: 'barn-marker', tx: p.x, ty: p.y, feature: a.corner }, a);
      } else if (a.action === 'capture' && onTile(a)) {
        add(`capture:${a.x},${a.y},${a.feature}`, there(a, 'capture', 'capture-marker'), a);
      } else if (a.action === 'move-follower' && onTile(a)) {
        // "A new lease of life": where one of the seat's followers may move to (one marker per
        // follower and target: the same farm may be offered to two thieves).
        const from = `${a.from_x},${a.from_y},${a.from_feature}`;
        add(`move:${from}>${a.x},${a.y},${a.feature}`, { ...there(a, 'move', 'move-marker'), from }, a);
      } else if (a.action === 'religious-war' && onTile(a)) {
        // A cloister two of the seat's knights may take (each pair of knights an action): beside
        // the monk, so that the monk stays in sight.
        const at = isPair(a.at) ? [Math.min(0.9, a.at[0] + 0.22), Math.max(0.1, a.at[1] - 0.2)] : null;
        add(`war:${a.x},${a.y},${a.feature}`, there(a, 'war', 'war-marker'), a, at);
      } else if (a.action === 'remove-tile' && onTile(a)) {
        // "Rebuilding": a tile that may be lifted for a point, marked in its middle.
        add(`remove:${a.x},${a.y}`, there(a, 'remove', 'remove-marker'), a, [0.5, 0.5]);
      } else if (a.action === 'take-prisoner' && onTile(a)) {
        // The variation "Prisoners": a follower of another player in the city the tile joined.
        add(`prisoner:${a.x},${a.y},${a.feature}`, there(a, 'prisoner', 'prisoner-marker'), a);
      } else if (a.action === 'deploy' && onTile(a) && this.unpunctual) {
        // The variation "Follower unpunctuality": a follower only onto an earlier tile.
        add(`earlier:${a.x},${a.y},${a.feature}`, there(a, 'earlier', 'earlier-marker'), a);
      } else if (a.action === 'deploy' && onTile(a)) {
        // Through the magic gate: onto a tile other than the one just placed.
        add(`gate:${a.x},${a.y},${a.feature}`, there(a, 'gate', 'gate-marker'), a);
      } else if (a.action === 'deploy' && Number.isFinite(p.x) && Number.isFinite(p.y)) {
        add(`deploy:${a.feature}`, { kind: 'deploy', testid: 'figure-marker', tx: p.x, ty: p.y, feature: a.feature }, a);
      } else if (a.action === 'escape' && onTile(a)) {
        add(`escape:${a.x},${a.y},${a.feature}`, there(a, 'escape', 'escape-marker'), a);
      } else if (a.action === 'move-fairy' && onTile(a)) {
        // Beside the follower, where the fairy would stand, so that the follower stays in sight.
        const at = isPair(a.at) ? [Math.min(0.92, a.at[0] + 0.15), Math.max(0.08, a.at[1] - 0.13)] : null;
        add(`fairy:${a.x},${a.y},${a.feature}`, there(a, 'fairy', 'fairy-marker'), a, at);
      } else if (a.action === 'remove-knight' && onTile(a)) {
        add(`princess:${a.x},${a.y},${a.feature}`, there(a, 'princess', 'princess-marker'), a);
      } else if (a.action === 'recall-abbot' && onTile(a)) {
        const abbot = (this.view.figures || []).find((f) => f.figure === 'abbot' && f.x === a.x && f.y === a.y && f.seat === p.seat);
        const entry = { ...there(a, 'recall', 'recall-marker'), feature: abbot ? abbot.feature : '' };
        add(`recall:${a.x},${a.y}`, entry, a, abbot && abbot.at);
      }
    }
    return groups;
  }

  /**
   * Whether the places on other tiles are shown (on the board and in the panel's list): while
   * there are few, or as the player opened or closed the list, or when one is chosen. Late in
   * a game there can be a hundred magic-gate places, which would bury the new tile's markers;
   * under "Follower unpunctuality" the earlier tiles are the only places for a follower, so
   * they are shown unless the player folds them away.
   */
  gatesShown(count) {
    const c = this.choice;
    if (c && c.action === 'deploy' && Number.isFinite(c.x)) return true;
    return this.gatesOpen ?? (this.unpunctual || count <= GATES_SHOWN);
  }

  /**
   * The variation "Follower unpunctuality": followers go only onto earlier tiles (the legal
   * `deploy` actions with `x`, `y`), never onto the tile just placed.
   */
  get unpunctual() {
    const variants = this.view && this.view.rules && this.view.rules.variants;
    return !!variants && variants['follower-unpunctuality'] === true;
  }

  /**
   * "A new lease of life": whether the moves are shown (on the board and in the panel's list):
   * while there are few, or as the player opened or closed the list, or when one is chosen.
   */
  movesShown(count) {
    const c = this.choice;
    if (c && c.action === 'move-follower') return true;
    return this.movesOpen ?? count <= MOVES_SHOWN;
  }

  /**
   * "Rebuilding": whether the tiles that may be removed are shown (on the board and in the panel's
   * list): while there are few, or as the player opened or closed the list, or when one is chosen.
   */
  removalsShown(count) {
    const c = this.choice;
    if (c && c.action === 'remove-tile') return true;
    return this.removalsOpen ?? count <= REMOVALS_SHOWN;
  }

  /**
   * A marker under the pointer (`key`, or null): a move's marker shows the follower that would
   * move, a removal's the tile lifted.
   */
  hoverMarker(key) {
    const group = key ? this.markerGroups().get(key) : null;
    const moves = group ? group.actions.filter((a) => ['move-follower', 'religious-war', 'remove-tile'].includes(a.action)) : [];
    // A cloister with several pairs of knights: the pair chosen, or the first.
    this.hoverAction = moves.find((a) => sameAction(a, this.choice)) || moves[0] || null;
    this.renderHints();
  }

  /**
   * "A new lease of life": the move to show on the board, the one hovered (a marker or a button of
   * the panel) or else the one chosen, as a hint for `Board.setMoveHint`: the figures that would
   * move, ringed, with arrows to the target; a religious war's monk ringed in red. Null for none.
   */
  moveHint() {
    if (!this.mine || this.pending.decision !== 'deploy') return null;
    const isMove = (a) => !!a && ['move-follower', 'religious-war'].includes(a.action) && Number.isFinite(a.x) && Number.isFinite(a.y);
    const hovered = isMove(this.hoverAction) ? this.hoverAction : null;
    const a = hovered || (isMove(this.choice) ? this.choice : null);
    if (!a) return null;
    const figures = this.view.figures || [];
    const figure = (x, y, feature) => figures.find((f) => f.x === x && f.y === y && f.feature === feature);
    const place = (x, y, feature) => {
      const f = figure(x, y, feature);
      return { x, y, feature, at: f && isPair(f.at) ? f.at : null };
    };
    const sources = a.action === 'move-follower'
      ? [place(a.from_x, a.from_y, a.from_feature)]
      : (Array.isArray(a.knights) ? a.knights : []).map((k) => place(k.x, k.y, k.feature));
    const seat = this.pending.seat;
    const victims = a.action === 'religious-war'
      ? figures.filter((f) => f.x === a.x && f.y === a.y && f.feature === a.feature && f.seat !== seat).map((f) => ({ x: f.x, y: f.y, feature: f.feature, at: f.at }))
      : [];
    return {
      kind: a.action === 'religious-war' ? 'war' : 'move',
      sources,
      victims,
      to: { x: a.x, y: a.y, at: isPair(a.at) ? a.at : null },
      selected: !hovered || sameAction(hovered, this.choice),
    };
  }

  /**
   * "Rebuilding", for every screen: the tile lifted by a removal, faded where it lay until it is
   * placed elsewhere, and the tiles moved this turn with arrows from where they lay; on this
   * screen's figure decision the removal hovered, or else chosen, as a preview.
   */
  rebuildShown() {
    const removal = (a) => (a && a.action === 'remove-tile' ? a : null);
    const preview = this.mine && this.pending.decision === 'deploy' ? removal(this.hoverAction) || removal(this.choice) : null;
    return rebuildHint(this.view, this.events, preview);
  }

  /** Draws the move hint (`moveHint`) and the rebuilding (`rebuildShown`) on the board, without redrawing the rest. */
  renderHints() {
    this.board.setMoveHint(this.moveHint());
    this.board.setRebuild(this.rebuildShown());
  }

  /** The tiles of a decision made on whole tiles (`SPOT_CHOICES`): the dragon's steps, the abbey's holes. */
  spotChoices() {
    const spotted = SPOT_CHOICES[this.pending.decision];
    return spotted ? this.legal.filter((a) => a && a.action === spotted.action && Number.isFinite(a.x) && Number.isFinite(a.y)) : [];
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
      // Several figures may stand there: list them and preselect the plain follower (on a
      // tower: a piece for it).
      this.openFeature = key;
      const same = this.choice && group.actions.includes(this.choice);
      if (!same) this.choice = group.actions.find((a) => a.action === 'build-tower') || group.actions.find((a) => a.figure === 'follower') || group.actions[0];
    }
    this.render();
  }

  choose(action) {
    if (!this.mine || this.busy) return;
    this.choice = action;
    if (action && action.action === 'give-tile') this.giveTile = action.tile;
    this.hideError();
    this.render();
  }

  /** The dragon's step in direction (dx, dy) from its tile (the arrow keys), if it may go there. */
  stepDragon(dx, dy) {
    const at = this.view.dragon;
    if (!isPair(at)) {
      this.stepChoice(dx + dy < 0 ? -1 : 1);
      return;
    }
    const step = this.spotChoices().find((a) => a.x === at[0] + dx && a.y === at[1] + dy);
    if (!step || this.busy) return;
    this.choose(step);
    this.board.reveal(step.x, step.y);
  }

  cancel() {
    // Esc with no site picked leaves mountain mode (back to the usual places).
    if (this.mountainShown && !this.selected && this.placements().size) this.mountainMode = false;
    this.selected = null;
    this.choice = null;
    this.openFeature = null;
    this.giveTile = null;
    this.render();
  }

  /** The action to send for the current selection, or null. */
  pendingAction() {
    if (!this.mine) return null;
    if (this.pending.decision === 'place' && this.mountainShown) {
      const site = this.selected && this.mountainAt(this.selected.x, this.selected.y);
      if (!site) return null;
      // The legal action as listed, without its words.
      const { at, label, ...action } = site;
      return action;
    }
    // The drawn tile, or with "Rebuilding" the tile removed: a placement either way.
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

  /**
   * The keyboard plays a whole turn: arrows move the tile between the legal positions (to
   * the nearest one that way) or step through the figure placements and choices, R / E turn
   * the tile, P picks "pass" (or "stay"), Enter confirms, Esc cancels; + / − / 0 zoom.
   */
  key(ev) {
    if (ev.target && /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const k = ev.key;
    const arrows = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
    if (k === 'r' || k === 'R') this.rotate(1);
    else if (k === 'e' || k === 'E') this.rotate(-1);
    else if ((k === 'm' || k === 'M') && this.mine && this.pending.decision === 'place' && this.mountainSites().length) this.toggleMountain();
    else if (arrows[k] && this.mine && this.placing) this.moveSelection(...arrows[k]);
    else if (arrows[k] && this.mine && this.pending.decision === 'dragon') this.stepDragon(...arrows[k]);
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
    } else if (k === 'Escape' && this.rulesOpen) this.toggleRules(false);
    else if (k === 'Escape') this.cancel();
    else if (k === '+' || k === '=') this.board.zoomBy(1.25);
    else if (k === '-' || k === '_') this.board.zoomBy(0.8);
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
    const mountain = this.mountainShown;
    const spots = mountain ? this.mountainSites().map((a) => ({ x: a.x, y: a.y, rotations: [0] })) : [...this.placements().values()];
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
    if (!mountain) this.rotation = this.nextRotation(next.rotations, this.rotation, 1, !again);
    this.hideError();
    this.board.reveal(next.x, next.y);
    this.render();
  }

  /** Steps through every choice of a figure decision (each figure on each place, then pass). */
  stepChoice(dir) {
    // The tiles to choose from in the order the panel shows them, then the pile.
    // Handing out tiles: each tile (in the hand's order) to each player still without one.
    const d = this.pending.decision;
    const choices = d === 'choose-tile' ? [...this.tileChoices(), ...this.legal.filter((a) => a.action === 'pass')] : d === 'give-tile' ? this.giveChoices() : this.legal;
    if (!choices.length || this.busy) return;
    const at = this.choice ? choices.findIndex((a) => sameAction(a, this.choice)) : -1;
    const n = choices.length;
    const next = choices[at < 0 ? (dir > 0 ? 0 : n - 1) : (at + dir + n) % n];
    this.choice = next;
    if (next.action === 'give-tile') this.giveTile = next.tile;
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
    this.root.classList.toggle('mine', this.mine);
    this.board.setTable(tableEdge(v));
    this.board.setTiles(v.board);
    this.board.setCity(cityOf(v), v.seats);
    this.board.setFocus(this.focus());
    this.board.setTowers(towersOf(v));
    this.board.setBarns(barnsOf(v), v.seats);
    this.board.setFigures(v.figures, v.seats);
    this.board.setPieces(boardPieces(v, this.events));
    this.board.setReach(towerReach(v, this.choice));
    this.names = tileNames(v, this.events);
    renderPlayers(this.el.players, v, {
      you: this.you,
      names: this.names,
      active: p.decision === 'over' ? null : p.seat,
      // The Tower: a ransom is chosen by the prisoner, in the captor's row, then confirmed.
      ransoms: this.legal.filter((a) => a.action === 'ransom'),
      // What the prisoner's owner pays: 3, or fewer under the variant short-ransom.
      ransomPoints: Math.min(3, Number(((v.seats || [])[p.seat] || {}).score) || 0),
      // The variation "Prisoners": a release is chosen by the captor, in its own row.
      releases: this.legal.filter((a) => a.action === 'release-prisoner'),
      releaser: p.decision === 'over' ? null : p.seat,
      chosen: this.choice,
      onRansom: (a) => this.choose(a),
    });
    renderRemaining(this.el.remaining, v);
    const chosenTile = this.choice && this.choice.action === 'choose-tile' ? this.choice.tile : p.decision === 'give-tile' && this.mine ? this.giveTile : null;
    renderHand(this.el.hand, v, this.handSeat(), { names: this.names, chosen: p.from === 'row' ? null : chosenTile, hotSeat: this.you.length > 1 });
    renderTileRow(this.el.row, v, { names: this.names, chosen: p.from === 'row' ? chosenTile : null });
    renderLog(this.el.log, this.events, v.seats, {
      shown: this.logShown,
      onMore: (shown) => {
        this.logShown = shown;
        this.render();
      },
    });
    this.renderTurn();
    this.renderAction();
    this.renderPlacement();
    this.renderMarkers();
    this.renderHints();
    this.renderFinal();
    this.markRulesStep(false);
    this.updateDock();
    document.title = `${this.mine ? '▶ Your turn · ' : ''}Carcassonne ${this.id}`;
  }

  /**
   * The seat whose hand this screen shows: the one deciding, if it is this screen's, otherwise
   * the first of this screen's seats that holds tiles (null: none).
   */
  handSeat() {
    const p = this.pending;
    const holds = (i) => Array.isArray((this.seat(i) || {}).hand);
    if (this.you.includes(p.seat) && holds(p.seat)) return p.seat;
    const i = this.you.find(holds);
    return i === undefined ? null : i;
  }

  /**
   * The tiles of a "choose-tile" decision, in the order the panel shows them: the order of the
   * hand or the face-up row (a stack's in the catalog's order), each design once.
   */
  tileChoices() {
    const offered = this.legal.filter((a) => a.action === 'choose-tile' && typeof a.tile === 'string');
    const p = this.pending;
    const source = p.from === 'row' ? this.view.tile_row : p.from === 'hand' ? (this.seat(p.seat) || {}).hand : null;
    if (!Array.isArray(source)) return offered;
    const ordered = [];
    for (const t of source) {
      const a = offered.find((x) => x.tile === t);
      if (a && !ordered.includes(a)) ordered.push(a);
    }
    return ordered.concat(offered.filter((a) => !ordered.includes(a)));
  }

  /** The tile to place was chosen (from a hand, a stack or the face-up row): its `tile-chosen` event, or null. */
  tileChosen() {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (!e) continue;
      if (e.type === 'tile-chosen') return e;
      if (TILE_PUT.includes(e.type) || e.type === 'tile-drawn') return null;
    }
    return null;
  }

  /**
   * "Only one can choose": where the tile `seat` places now came from in this round's hand-out:
   * `{from}` (the seat that handed it over) or `{kept: true}` (the seat handed the tiles out and
   * kept the last), or null. The round begins with the tiles drawn into the distributor's hand.
   */
  tileHandedOut(seat) {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (!e) continue;
      if (e.type === 'tile-given' && e.to === seat) return { from: e.seat };
      if (e.type === 'tile-to-hand') return e.seat === seat ? { kept: true } : null;
    }
    return null;
  }

  /**
   * The choices of a "give-tile" decision in the order the panel shows them: the tiles in the
   * order of the hand (each design once), each to the players still without a tile in seat order.
   */
  giveChoices() {
    const offered = this.legal.filter((a) => a.action === 'give-tile' && typeof a.tile === 'string');
    const hand = (this.seat(this.pending.seat) || {}).hand;
    const tiles = [...new Set([...(Array.isArray(hand) ? hand : []), ...offered.map((a) => a.tile)])];
    const seatOf = (a) => {
      const i = (this.view.seats || []).findIndex((s) => s.color === a.to);
      return i < 0 ? Infinity : i;
    };
    return tiles.flatMap((t) => offered.filter((a) => a.tile === t).sort((a, b) => seatOf(a) - seatOf(b)));
  }

  /** Whether the tile to place is the seat's own cloister ("Cloisters for everyone!"), just taken in hand. */
  heldTilePlaced() {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (!e) continue;
      if (e.type === 'held-tile-played') return true;
      if (TILE_PUT.includes(e.type)) return false;
    }
    return false;
  }

  /** Whether the tile to place is a builder's second tile (the last turn-ending news). */
  secondTile() {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (!e) continue;
      if (e.type === 'double-turn') return true;
      if (TILE_PUT.includes(e.type)) return false;
    }
    return false;
  }

  renderTurn() {
    const p = this.pending;
    const el = clear(this.el.turn);
    el.dataset.mine = this.mine ? 'true' : 'false';
    el.dataset.decision = p.decision;
    if (p.decision === 'over') {
      el.className = 'turn-banner over';
      el.append(h('strong', {}, 'Game over.'), ' ', h('a', { href: `/replay/${this.id}`, 'data-testid': 'replay-link' }, 'Watch the replay'));
      return;
    }
    const seat = this.seat(p.seat) || { name: `Seat ${p.seat + 1}` };
    const hex = seatHex(seat);
    // The variation "Mountains": this screen's banner offers it where the tile may become one.
    // "The dash": a figure decision bought for a point, for every screen.
    const dash = this.dashRound();
    // "Rebuilding": the banner offers it where the deciding seat may remove a tile (this screen's
    // legal actions, or the view's `may_rebuild` for the other screens).
    const rebuild = this.mine ? this.removals().length > 0 : !!p.may_rebuild;
    const what = decisionWords(p, { mountains: this.mine ? this.mountainSites().length > 0 : this.playsMountains, dash, rebuild });
    el.className = `turn-banner${this.mine ? ' mine' : ''}`;
    el.style.setProperty('--seat', hex);
    const dot = h('span', { class: 'swatch', style: { background: hex, color: inkOn(hex) } }, p.seat + 1);
    const left = p.decision === 'dragon' && this.view.dragon_move ? this.view.dragon_move.steps_left : null;
    const second = p.decision === 'place' && this.secondTile()
      ? h('span', { class: 'badge', 'data-testid': 'second-tile' }, 'Builder: second tile')
      : Number.isInteger(left)
        ? h('span', { class: 'badge', 'data-testid': 'dragon-badge' }, `Dragon: ${steps(left)} left`)
        : null;
    // "Cloisters for everyone!": the tile to place is the seat's own cloister.
    let held = p.decision === 'place' && this.heldTilePlaced() ? h('span', { class: 'badge', 'data-testid': 'held-tile-badge' }, 'Own cloister') : null;
    // The tile to place was chosen: from the face-up row, a hand or a stack.
    const chosen = p.decision === 'place' && !held ? this.tileChosen() : null;
    if (chosen) {
      const given = handsOut(this.view) ? this.tileHandedOut(p.seat) : null;
      const from = given
        ? given.kept
          ? 'Kept from the hand-out'
          : `Handed over by ${(this.seat(given.from) || {}).name || 'another player'}`
        : chosen.face_up
          ? 'From the face-up row'
          : playsStacks(this.view)
            ? 'From the stack'
            : 'From the hand';
      held = h('span', { class: 'badge', 'data-testid': 'chosen-tile-badge' }, from);
    }
    if (dash) held = h('span', { class: 'badge dash-badge', 'data-testid': 'dash-badge', title: 'The dash: each further follower or move costs 1 point' }, 'Dash round');
    // "Rebuilding": a removed tile to place elsewhere, then the figure decision on it.
    if (p.decision === 'replace-tile' || (p.decision === 'deploy' && p.rebuilt)) {
      held = h('span', { class: 'badge rebuild-badge', 'data-testid': 'rebuild-badge', title: 'Rebuilding: a tile removed for a point goes elsewhere; a follower may then go on it' }, 'Rebuilding');
    }
    if (this.mine) {
      const hot = this.you.length > 1;
      el.append(...[dot, h('strong', {}, hot ? `${seat.name}, your turn` : 'Your turn'), ` — ${what}.`, second, held].filter(Boolean));
    } else if (this.you.length) {
      el.append(...[dot, `Waiting for ${seat.name}`, seat.player && seat.player !== 'human' ? ' (bot)' : '', ` to ${what}…`, second, held].filter(Boolean));
    } else {
      el.append(...[dot, `${seat.name} to ${what}.`, second, held, h('span', { class: 'muted' }, ' You are watching.')].filter(Boolean));
      // This browser has a seat in the game: offer it rather than leaving the player a spectator.
      const mine = myGame(this.id)[0];
      if (mine) el.append(' ', h('a', { href: playLink(mine), 'data-testid': 'play-my-seat', }, `Play your seat (${(mine.names || []).join(', ')})`));
    }
  }

  /** A legal placement's place in words ("2 tiles east of the start tile"). */
  placeWords(x, y) {
    const a = this.legal.find((l) => l.action === 'place' && l.x === x && l.y === y);
    return a && a.label ? a.label.replace(/, turned \d+°$/, '') : 'there';
  }

  renderPlacement(withSpots = true) {
    const p = this.pending;
    const spotted = SPOT_CHOICES[p.decision];
    if (this.mine && spotted) {
      // The tiles the dragon may step onto, or the holes for the abbey, highlighted like places
      // for a tile; the abbey is shown in the hole chosen.
      const spots = this.spotChoices().map((a) => ({
        x: a.x,
        y: a.y,
        kind: spotted.kind,
        testid: spotted.testid,
        title: capital(a.label || spotted.words),
        selected: sameAction(a, this.choice),
      }));
      if (withSpots) this.board.setSpots(spots);
      const c = this.choice;
      this.board.setGhost(c && c.action === 'abbey' ? { tile: ABBEY_TILE, x: c.x, y: c.y, rotation: 0, selected: true } : null);
      return;
    }
    if (!this.mine || !this.placing) {
      this.board.setSpots([]);
      this.board.setGhost(null);
      if (this.hoverInfo) this.hoverInfo.textContent = '';
      return;
    }
    if (this.mountainShown) {
      this.renderMountainSites(withSpots);
      return;
    }
    const places = this.placements();
    const turns = (spot) => spot.rotations.map((r) => `${r}°`).join(', ');
    const spots = [...places.values()].map((s) => ({
      x: s.x,
      y: s.y,
      fits: s.rotations.includes(this.rotation),
      title: `${this.placeWords(s.x, s.y)}: fits turned ${turns(s)}`,
      selected: !!this.selected && this.selected.x === s.x && this.selected.y === s.y,
    }));
    if (withSpots) this.board.setSpots(spots);
    let ghost = null;
    let info = '';
    if (this.hover && !(this.selected && this.hover.x === this.selected.x && this.hover.y === this.selected.y)) {
      const spot = places.get(`${this.hover.x},${this.hover.y}`);
      if (spot) {
        const where = this.placeWords(spot.x, spot.y);
        if (spot.rotations.includes(this.rotation)) {
          ghost = { tile: p.tile, x: spot.x, y: spot.y, rotation: this.rotation };
          info = `${where}: fits as turned now; fitting turns: ${turns(spot)}.`;
        } else {
          info = `${where}: not as turned now; fits turned ${turns(spot)}. Click to pick it.`;
        }
      }
    }
    if (!ghost && this.selected) {
      ghost = { tile: p.tile, x: this.selected.x, y: this.selected.y, rotation: this.rotation, selected: true };
    }
    this.board.setGhost(ghost);
    if (this.hoverInfo) this.hoverInfo.textContent = info;
  }

  /**
   * The variation "Mountains", in mountain mode: the sites where the tile may go upside down,
   * highlighted in grey (kind `mountain`), the mountain shown on the site hovered or picked.
   */
  renderMountainSites(withSpots) {
    const sites = this.mountainSites();
    const sel = this.selected;
    const spots = sites.map((a) => ({
      x: a.x,
      y: a.y,
      kind: 'mountain',
      testid: 'mountain-spot',
      title: capital(a.label || 'upside down as a mountain'),
      selected: !!sel && sel.x === a.x && sel.y === a.y,
    }));
    if (withSpots) this.board.setSpots(spots);
    let ghost = null;
    let info = '';
    const hovered = this.hover && this.mountainAt(this.hover.x, this.hover.y);
    if (hovered && !(sel && sel.x === hovered.x && sel.y === hovered.y)) {
      ghost = { tile: MOUNTAIN_TILE, x: hovered.x, y: hovered.y, rotation: 0 };
      info = `${capital(hovered.label || 'a mountain site')}. Click to pick it.`;
    } else if (sel) {
      ghost = { tile: MOUNTAIN_TILE, x: sel.x, y: sel.y, rotation: 0, selected: true };
    }
    this.board.setGhost(ghost);
    if (this.hoverInfo) this.hoverInfo.textContent = info;
  }

  renderMarkers() {
    const p = this.pending;
    if (!this.mine || !['deploy', 'escape', 'capture', 'take-prisoner', 'wagon', ...COUNT_DECISIONS].includes(p.decision)) {
      this.board.setMarkers([]);
      return;
    }
    const previews = { deploy: true, gate: true, earlier: true, fairy: true, tower: true, barn: true, wagon: true, quarter: true, count: true, redeploy: true, final: true, move: true, war: true };
    // The piece a marker's preview shows: its own for the fairy, the barn, the wagon's move and
    // the count; a follower for a move or a religious war (whose actions name no figure).
    const piece = (g) => (['fairy', 'barn', 'wagon', 'count'].includes(g.kind) ? g.kind : this.choice.figure || 'follower');
    const hex = seatHex(this.seat(p.seat));
    const markers = [];
    const groups = [...this.markerGroups().values()];
    const elsewhere = (g) => g.kind === 'gate' || g.kind === 'earlier';
    const gatesShown = this.gatesShown(groups.filter(elsewhere).length);
    const movesShown = this.movesShown(groups.filter((g) => g.kind === 'move').length);
    const removalsShown = this.removalsShown(groups.filter((g) => g.kind === 'remove').length);
    for (const g of groups) {
      if (elsewhere(g) && !gatesShown) continue;
      if (g.kind === 'move' && !movesShown) continue;
      if (g.kind === 'remove' && !removalsShown) continue;
      const selected = !!this.choice && g.actions.includes(this.choice);
      markers.push({
        key: g.key,
        kind: g.kind,
        x: g.x,
        y: g.y,
        // A quarter is on no tile of its own.
        tx: g.quarter ? null : g.tx,
        ty: g.quarter ? null : g.ty,
        feature: g.feature,
        quarter: g.quarter,
        from: g.from,
        // The figure a marker shows: the kind it deploys or redeploys (several: the follower).
        figure: g.figure || (g.kind === 'final' ? (g.actions.find((a) => a.figure === 'follower') || g.actions[0]).figure : null),
        hex,
        testid: g.testid,
        title: capital(g.actions.map((a) => a.label).join(', or ')),
        selected,
        // A piece for a tower shows no figure: its marker keeps the tower's look.
        preview: selected && previews[g.kind] && this.choice.action !== 'build-tower' ? { kind: piece(g), hex, feature: g.feature } : null,
      });
    }
    this.board.setMarkers(markers);
  }

  /** The action panel: what this screen can do now (docked at the bottom on small screens). */
  renderAction() {
    const el = clear(this.el.action);
    const p = this.pending;
    const v = this.view;
    this.hoverInfo = null;
    el.classList.toggle('docked', this.mine);

    if (p.decision === 'over') {
      el.append(
        h('div', { class: 'panel-title' }, 'Game over'),
        finalTable(v, this.events),
        h(
          'div',
          { class: 'row' },
          h('a', { class: 'button primary', href: `/replay/${this.id}`, 'data-testid': 'replay-link-panel' }, 'Replay'),
          h('button', { type: 'button', class: 'button', onClick: () => { this.finalDismissed = false; this.renderFinal(); } }, 'Show scores'),
        ),
      );
      return;
    }

    const seat = this.seat(p.seat) || {};
    const hex = seatHex(seat);

    if (this.placing) {
      // The variation "Rebuilding": the tile removed for a point, placed again like a drawn one.
      const rebuild = p.decision === 'replace-tile';
      const lay = rebuild ? (v.board || []).find((t) => t && t.x === p.from_x && t.y === p.from_y) : null;
      const rotation = this.mine ? this.rotation : lay && Number.isFinite(lay.rotation) ? lay.rotation : 0;
      const name = p.tile_name || 'a tile';
      const preview = h(
        'div',
        { class: 'drawn', 'data-testid': 'drawn-tile', 'data-tile': p.tile || '', 'data-rotation': rotation, title: name },
        p.tile ? tileThumb(p.tile, rotation, { class: 'tile-thumb big', 'aria-label': `${name}, turned ${rotation}°` }) : h('div', { class: 'tile-back' }, '?'),
      );
      const taken = rebuild ? `${seat.name || 'Next'} moves ` : this.tileChosen() ? `${seat.name || 'Next'} took ` : `${seat.name || 'Next'} draws `;
      const mineTitle = rebuild ? 'Rebuilding: place ' : 'Your tile: ';
      el.append(h('div', { class: 'panel-title' }, h('span', {}, this.mine ? mineTitle : taken, h('span', { class: 'tile-name', 'data-testid': 'tile-name' }, name))));
      if (!this.mine) {
        el.append(preview);
        if (rebuild) el.append(h('p', { class: 'hint', 'data-testid': 'deciding' }, `${seat.name} gave up a point to remove ${name} and is placing it elsewhere…`));
        return;
      }
      const places = this.placements();
      this.hoverInfo = h('p', { class: 'hint small hover-info', 'data-testid': 'hover-info' });
      const sel = this.selected;
      // The variation "Mountains": the tile may go upside down instead, in mountain mode.
      const sites = this.mountainSites();
      const mountain = this.mountainShown;
      const onlyMountain = mountain && places.size === 0;
      if (mountain) {
        // The tile to place, as it would lie: its back, a mountain.
        clear(preview).append(tileThumb(MOUNTAIN_TILE, 0, { class: 'tile-thumb big', 'aria-label': `${capital(name)}, upside down: a mountain` }));
        preview.dataset.mountain = 'true';
      }
      const turnButton = (dir, testid, text, title, label) =>
        h('button', { type: 'button', class: 'icon big', title, 'aria-label': label, 'data-testid': testid, disabled: mountain, onClick: () => this.rotate(dir) }, text);
      el.append(
        h(
          'div',
          { class: 'drawn-row' },
          turnButton(-1, 'rotate-ccw', '⟲', 'Turn counter-clockwise (E)', 'Turn the tile counter-clockwise'),
          preview,
          turnButton(1, 'rotate-cw', '⟳', 'Turn clockwise (R)', 'Turn the tile clockwise'),
        ),
      );
      if (sites.length) {
        el.append(
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
                disabled: onlyMountain || this.busy,
                onClick: () => this.toggleMountain(),
              },
              mountainThumb(),
              // The name stays "Mountain mode"; aria-pressed says whether it is on.
              h('span', {}, 'Mountain mode', h('span', { class: 'mountain-state', 'aria-hidden': 'true' }, mountain ? ': on' : '')),
            ),
          ),
        );
      }
      let hintText;
      if (mountain && sel) {
        const site = this.mountainAt(sel.x, sel.y);
        hintText = `${capital(site ? site.label : 'upside down as a mountain')}.`;
      } else if (mountain) {
        hintText =
          `${sites.length} mountain site${sites.length === 1 ? '' : 's'} (grey): the tile goes there upside down as a mountain.` +
          (onlyMountain ? ' It fits nowhere as usual.' : ' Press “Mountain mode” again (or M, Esc) to place it as usual.');
      } else if (sel) {
        const where = this.placeWords(sel.x, sel.y);
        hintText =
          `${where[0].toUpperCase()}${where.slice(1)}, turned ${this.rotation}°` +
          (places.get(`${sel.x},${sel.y}`).rotations.length > 1 ? ' — other turns fit too: turn it, or tap again.' : '.');
      } else if (rebuild) {
        hintText = `Place the removed tile elsewhere: ${places.size} highlighted place${places.size === 1 ? '' : 's'}; brighter ones fit as the tile is turned now.`;
      } else {
        hintText = `${places.size} highlighted place${places.size === 1 ? '' : 's'}: brighter ones fit as the tile is turned now.`;
      }
      el.append(
        ...[
          h('p', { class: 'hint', 'data-testid': 'place-hint', 'aria-live': 'polite' }, hintText),
          mountain
            ? h(
                'p',
                { class: 'hint small muted rule-note', 'data-testid': 'mountain-note' },
                'Mountains: every tile next to a mountain must show a farm without a road there. A follower deployed on it is a miner and stays to the end of the game; near a pennant it counts as a knight and a farmer for that city.',
              )
            : null,
          rebuild
            ? h(
                'p',
                { class: 'hint small muted rule-note', 'data-testid': 'rebuild-note' },
                'Rebuilding: you gave up 1 point to remove this tile (faded where it lay). It goes elsewhere by the usual rules, not back to its place; then you may deploy a follower on it, remove another tile for another point, or pass.',
              )
            : null,
          this.hoverInfo,
          this.confirmRow(sel ? (mountain ? confirmWords({ action: 'mountain' }) : rebuild ? 'Move the tile here' : 'Place tile') : mountain ? 'Pick a mountain site' : 'Pick a place', !!sel),
        ].filter(Boolean),
      );
      return;
    }

    if (p.decision === 'dragon') {
      this.renderDragonPanel(el, seat);
      return;
    }
    if (p.decision === 'abbey') {
      this.renderAbbeyPanel(el, seat);
      return;
    }
    if (p.decision === 'held-tile') {
      this.renderHeldTilePanel(el, seat);
      return;
    }
    if (p.decision === 'choose-tile') {
      this.renderChooseTilePanel(el, seat);
      return;
    }
    if (p.decision === 'give-tile') {
      this.renderGiveTilePanel(el, seat);
      return;
    }
    if (COUNT_DECISIONS.includes(p.decision)) {
      this.renderCountPanel(el, seat);
      return;
    }

    // deploy, escape, The Tower's capture and exchange, the wagon's move after a scoring, and
    // the variation "Prisoners": a follower taken prisoner in the city the tile joined
    const titles = {
      escape: 'Siege: a knight may escape',
      capture: 'The tower: take a prisoner',
      exchange: 'Exchange of prisoners',
      wagon: 'The wagon',
      'take-prisoner': 'Prisoners: take a prisoner',
    };
    const tower = p.decision === 'capture' || p.decision === 'exchange';
    // "The dash": a round of the figure decision bought for a point.
    const dash = this.dashRound();
    const icon = tower ? towerIcon(22) : p.decision === 'wagon' ? figureIcon('wagon', hex, 24) : dash ? pieceIcon('move') : null;
    // "Rebuilding": the figure decision on the tile just moved.
    const rebuilt = p.decision === 'deploy' && !!p.rebuilt && !dash;
    el.append(h('div', { class: 'panel-title' }, h('span', {}, dash ? 'The dash' : rebuilt ? 'Rebuilding: the moved tile' : titles[p.decision] || 'Figures'), rebuilt ? pieceIcon('remove', 22) : icon));
    if (!this.mine) {
      // The wagon's owner decides, whoever's turn it is.
      const waiting = {
        wagon: `${seat.name} decides where their wagon goes: onto a neighbouring road, city or cloister, or home…`,
        'take-prisoner': `${seat.name} may take a follower prisoner in the city their tile joined…`,
      }[p.decision] ||
        (dash
          ? `${seat.name} may deploy another follower or move one for 1 point, or stop…`
          : rebuilt
            ? `${seat.name} moved a tile and may deploy a figure on it${p.may_rebuild ? ', remove another tile for a point' : ''}, or pass…`
            : `${seat.name} is deciding…`);
      el.append(h('p', { class: 'hint', 'data-testid': 'deciding' }, waiting));
      return;
    }
    const groups = [...this.markerGroups().values()];
    const of = (kind) => groups.filter((g) => g.kind === kind);
    const deploys = of('deploy');
    // Places on other tiles: through a magic gate, or (under "Follower unpunctuality") onto an
    // earlier tile.
    const gates = of('gate').concat(of('earlier'));
    const earlier = of('earlier').length > 0;
    const fairies = of('fairy');
    const princesses = of('princess');
    const escapes = of('escape');
    const recalls = of('recall');
    const towers = of('tower');
    const captures = of('capture');
    const barns = of('barn');
    const wagons = of('wagon');
    const exchanges = this.legal.filter((a) => a.action === 'exchange');
    const ransoms = this.legal.filter((a) => a.action === 'ransom');
    // The variation "Prisoners": followers that may be taken prisoner, and in the figure
    // decision the prisoners this seat may release.
    const prisoners = of('prisoner');
    const releases = this.legal.filter((a) => a.action === 'release-prisoner');
    // "A new lease of life" (and "The dash"): the seat's followers' moves and religious wars.
    const moves = of('move');
    const wars = of('war');
    // "Rebuilding": the tiles that may be removed for a point and placed elsewhere.
    const removals = of('remove');
    const pass = this.legal.find((a) => a.action === 'pass');
    const hint = (text) => el.append(h('p', { class: 'hint' }, text));

    if (dash) {
      const score = Number(seat.score) || 0;
      el.append(
        h('p', { class: 'hint dash-note', 'data-testid': 'dash-note' }, `Dash: ${DASH_WORDS}.`),
        h(
          'p',
          { class: 'hint small muted rule-note', 'data-testid': 'dash-rule' },
          `You have ${score} point${score === 1 ? '' : 's'}. Each further follower deployed or moved costs 1 point, taken when you confirm; “Stop” ends your figures for this turn.`,
        ),
      );
    }
    if (rebuilt) {
      el.append(
        h(
          'p',
          { class: 'hint rebuilt-note', 'data-testid': 'rebuilt-note' },
          deploys.length
            ? `Rebuilding: the tile is moved. A figure may go on it (markers)${removals.length ? ', or remove another tile for another point' : ''}, or pass.`
            : `Rebuilding: the tile is moved. No figure can go on it: pass${removals.length ? ', or remove another tile for another point' : ''}.`,
        ),
      );
    }
    if (deploys.length) hint(`Tap a marker on the ${rebuilt ? 'moved' : 'new'} tile to deploy a ${dash ? 'follower' : 'figure'} (${deploys.length} place${deploys.length === 1 ? '' : 's'}), or ${dash ? 'stop' : 'pass'}.`);
    if ((moves.length || wars.length) && !dash) {
      hint('Instead of deploying you may move one of your followers (arrow markers)' + (wars.length ? ', or send two knights to drive a monk out of a cloister (sword markers).' : '.'));
    }
    if (this.playsDash && !dash) {
      el.append(
        h(
          'p',
          { class: 'hint small muted rule-note', 'data-testid': 'dash-rule' },
          'The dash: after deploying a follower or moving one you may buy another, 1 point each, while you have points.',
        ),
      );
    }
    if (deploys.some((g) => g.feature === 'mountain')) {
      // The variation "Mountains": the new tile is a mountain; its one place is for a miner.
      el.append(
        h(
          'p',
          { class: 'hint small muted rule-note', 'data-testid': 'miner-note' },
          'A follower on the mountain is a miner: it stays there to the end of the game. Near a pennant (two tiles away at most) it counts as a knight and a farmer for that city.',
        ),
      );
    }
    if (earlier) {
      hint('Follower unpunctuality: no follower may go on the tile just placed. Tap a marker on an earlier tile to deploy a follower there, or pass.');
    }
    if (escapes.length) hint('A knight of yours may escape the siege: tap it on the board, or stay.');
    if (captures.length) hint('Tap a ringed figure within the tower’s reach (shaded on the board) to take it prisoner, or take none.');
    if (prisoners.length) {
      hint('Your tile joined your part of a city to another player’s: tap a ringed follower to take it prisoner, or take none.');
      el.append(
        h(
          'p',
          { class: 'hint small muted rule-note', 'data-testid': 'prisoner-note' },
          'One of your followers from the other part of the city becomes its guard: both leave the board. In a later figure decision you may release the prisoner; your guard then comes back to your supply.',
        ),
      );
    }
    if (wagons.length) {
      hint('Your wagon’s feature was scored and the wagon is back with you. Tap a wagon marker to move it onto a neighbouring road, city or cloister that is unfinished and free, or take it home.');
    }
    if (exchanges.length) {
      const other = this.seat(p.other);
      hint(`${other ? other.name : 'The other player'} and you hold each other’s figures: one of each goes home in an exchange. Choose which of yours comes back.`);
    }

    // The figures that may stand on the chosen feature (on a tower: a piece, or a guard).
    const open = groups.find((g) => g.key === this.openFeature) || (this.choice && groups.find((g) => g.actions.includes(this.choice)));
    if (open && ['deploy', 'gate', 'earlier', 'tower'].includes(open.kind) && open.actions.length > 1) {
      el.append(
        h('div', { class: 'subtitle' }, open.kind === 'tower' ? 'A piece or a guard?' : 'Which figure?'),
        h(
          'div',
          { class: 'choices' },
          open.actions.map((a) =>
            h(
              'button',
              {
                type: 'button',
                class: `choice${this.choice === a ? ' selected' : ''}`,
                'data-testid': 'figure-choice',
                'data-figure': a.figure || a.action,
                'aria-pressed': this.choice === a ? 'true' : 'false',
                onClick: () => this.choose(a),
              },
              a.action === 'build-tower' ? towerIcon(20) : figureIcon(a.figure, hex, 20),
              ` ${capital(a.label)}`,
            ),
          ),
        ),
      );
    }

    // A button for each marker of a kind: it does what tapping the marker does.
    // `words` may shorten the label (the list's heading says the rest).
    const markerButton = (g, testid, icon, words = (label) => label) => {
      const a = g.actions.find((x) => x.action === 'build-tower') || g.actions.find((x) => x.figure === 'follower') || g.actions[0];
      const selected = !!this.choice && g.actions.includes(this.choice);
      return h(
        'button',
        { type: 'button', class: `choice${selected ? ' selected' : ''}`, 'data-testid': testid, 'data-key': g.key, 'aria-pressed': selected ? 'true' : 'false', onClick: () => this.clickMarker(g.key) },
        icon,
        ` ${capital(words(a.label || ''))}`,
      );
    };
    // A button for one action (an escape, a capture, an exchange, a ransom).
    const listed = (a, testid, icon = null) => this.choiceButton(a, testid, icon);
    // The Princess & the Dragon's choices, each kind under its heading, in a list that scrolls
    // when long so that the confirmation stays in sight.
    const section = (title, note, list) => [h('div', { class: 'subtitle' }, title), h('p', { class: 'hint small' }, note), h('div', { class: 'choices' }, list)];
    const extra = [];
    if (fairies.length) {
      extra.push(...section('The fairy', 'Instead of deploying: move it next to one of your followers (sparkle markers).', fairies.map((g) => markerButton(g, 'fairy-choice', pieceIcon('fairy')))));
    }
    if (princesses.length) {
      extra.push(...section('The princess', 'Instead of deploying: send a knight home from the city this tile extends (crown markers).', princesses.map((g) => markerButton(g, 'princess-choice', pieceIcon('princess')))));
    }
    if (ransoms.length) {
      const variants = (this.view && this.view.rules && this.view.rules.variants) || {};
      // The variant short-ransom: fewer than 3 points pay too, all of them.
      const price = variants['short-ransom'] === true ? '3 points, or all you have if fewer' : '3 points';
      const note = `Pay ${price} to the player who holds your figure to have it back (once a turn); then deploy as usual.`;
      extra.push(...section('Ransom', note, ransoms.map((a) => listed(a, 'ransom-choice', figureIcon(a.figure, hex, 18)))));
    }
    if (releases.length) {
      const note = 'Release a prisoner you hold: it goes back to its owner, and your guard to your supply; then deploy as usual.';
      const ownerHex = (a) => seatHex((this.view.seats || []).find((x) => x && x.color === a.owner));
      extra.push(...section('Your prisoners', note, releases.map((a) => listed(a, 'release-choice', figureIcon(a.figure, ownerHex(a), 18)))));
    }
    if (barns.length) {
      const note = 'Instead of a figure: on a corner of the new tile where four farms meet (barn markers). Farmers already on that farm score now and go home; no farmer may join it later.';
      extra.push(...section('The barn', note, barns.map((g) => markerButton(g, 'barn-choice', figureIcon('barn', hex, 18)))));
    }
    if (towers.length) {
      extra.push(...section('The tower', 'Instead of deploying: a piece on a tower or a foundation (then a prisoner within its reach, if you like), or a follower on top to finish a tower (ringed towers).', towers.map((g) => markerButton(g, 'tower-choice', towerIcon(18)))));
    }
    if (gates.length) {
      // Often many places: folded away (and off the board) unless few, or as the player left it.
      const shown = this.gatesShown(gates.length);
      extra.push(
        h(
          'details',
          {
            class: 'gate-list',
            open: shown,
            onToggle: (ev) => {
              if (ev.target.open === shown) return;
              this.gatesOpen = ev.target.open;
              // Folding the list away drops a choice in it (its marker leaves the board).
              if (!this.gatesOpen && gates.some((g) => g.key === this.openFeature || g.actions.includes(this.choice))) {
                this.choice = null;
                this.openFeature = null;
              }
              this.render();
            },
          },
          h(
            'summary',
            {
              class: 'subtitle',
              'data-testid': 'gate-summary',
              title: earlier ? 'Show or hide the places on earlier tiles on the board' : 'Show or hide the magic gate’s places on the board',
            },
            `${earlier ? 'Onto an earlier tile' : 'Through the magic gate'}: ${gates.length} place${gates.length === 1 ? '' : 's'}`,
          ),
          h(
            'p',
            { class: 'hint small' },
            earlier
              ? 'A follower may go to a free road, city, cloister or farm of a tile placed before this one (markers on those tiles).'
              : 'A follower may go to a free road, city, cloister or farm of a tile already in play (arch markers).',
          ),
          h(
            'div',
            { class: 'choices' },
            gates.map((g) =>
              g.kind === 'earlier'
                ? markerButton(g, 'earlier-choice', figureIcon('follower', hex, 18), (label) => label.replace(/^onto an earlier tile: /, ''))
                : markerButton(g, 'gate-choice', pieceIcon('gate')),
            ),
          ),
        ),
      );
    }
    // A button of a move shows the move on the board while the pointer is over it.
    const hovering = (button, a) => {
      button.addEventListener('mouseenter', () => {
        this.hoverAction = a;
        this.renderHints();
      });
      button.addEventListener('mouseleave', () => {
        if (this.hoverAction !== a) return;
        this.hoverAction = null;
        this.renderHints();
      });
      return button;
    };
    if (moves.length) {
      // Each follower's moves: folded away (and off the board) when many, as the magic gate's.
      const shown = this.movesShown(moves.length);
      extra.push(
        h(
          'details',
          {
            class: 'move-list',
            open: shown,
            onToggle: (ev) => {
              if (ev.target.open === shown) return;
              this.movesOpen = ev.target.open;
              if (!this.movesOpen && moves.some((g) => g.actions.includes(this.choice))) this.choice = null;
              this.render();
            },
          },
          h(
            'summary',
            { class: 'subtitle', 'data-testid': 'move-summary', title: 'Show or hide the moves on the board' },
            `Move a follower: ${moves.length} move${moves.length === 1 ? '' : 's'}`,
          ),
          h(
            'p',
            { class: 'hint small' },
            'A new lease of life: a thief may settle on a free farm beside its road, a farmer go into an unfinished city beside its farm, a knight onto a road of a tile of its city (arrow markers, where it would stand).',
          ),
          h(
            'div',
            { class: 'choices' },
            moves.map((g) => {
              const b = markerButton(g, 'move-choice', pieceIcon('move', 18));
              b.dataset.from = g.from;
              return hovering(b, g.actions[0]);
            }),
          ),
        ),
      );
    }
    if (wars.length) {
      const note = 'Religious war: two of your knights leave their cities for a cloister with another player’s monk, which goes home (sword markers on the cloisters).';
      extra.push(...section('Religious war', note, wars.flatMap((g) => g.actions.map((a) => hovering(listed(a, 'war-choice', pieceIcon('war', 18)), a)))));
    }
    if (removals.length) {
      // "Rebuilding": folded away (and off the board) when many, as the moves are.
      const shown = this.removalsShown(removals.length);
      const score = Number(seat.score) || 0;
      extra.push(
        h(
          'details',
          {
            class: 'remove-list',
            open: shown,
            onToggle: (ev) => {
              if (ev.target.open === shown) return;
              this.removalsOpen = ev.target.open;
              if (!this.removalsOpen && removals.some((g) => g.actions.includes(this.choice))) this.choice = null;
              this.render();
            },
          },
          h(
            'summary',
            { class: 'subtitle', 'data-testid': 'remove-summary', title: 'Show or hide the tiles that may be removed on the board' },
            `Rebuilding: ${removals.length} tile${removals.length === 1 ? '' : 's'} to move`,
          ),
          h(
            'p',
            { class: 'hint small rule-note', 'data-testid': 'remove-note' },
            `${rebuilt ? 'Or' : 'Instead of deploying'}: give up 1 point (you have ${score}) to remove an unoccupied tile touching others on at most two sides (tile markers) and place it elsewhere; a follower may then go on it.`,
          ),
          h(
            'div',
            { class: 'choices' },
            removals.map((g) => {
              const b = markerButton(g, 'remove-choice', pieceIcon('remove', 18));
              b.dataset.x = g.tx;
              b.dataset.y = g.ty;
              return hovering(b, g.actions[0]);
            }),
          ),
        ),
      );
    }
    if (extra.length) el.append(h('div', { class: 'choice-lists' }, extra));

    const others = h('div', { class: 'choices' });
    for (const g of recalls) {
      const a = g.actions[0];
      others.append(
        h('button', { type: 'button', class: `choice${this.choice === a ? ' selected' : ''}`, 'data-testid': 'recall-abbot', onClick: () => this.choose(a) }, figureIcon('abbot', hex, 20), ` ${capital(a.label)}`),
      );
    }
    if (p.decision === 'escape') for (const g of escapes) others.append(listed(g.actions[0], 'escape'));
    for (const g of captures) {
      const a = g.actions[0];
      const f = (this.view.figures || []).find((x) => x.x === a.x && x.y === a.y && x.feature === a.feature);
      others.append(listed(a, 'capture-choice', f ? figureIcon(f.figure, seatHex(this.seat(f.seat)), 20) : null));
    }
    for (const g of prisoners) {
      const a = g.actions[0];
      const f = (this.view.figures || []).find((x) => x.x === a.x && x.y === a.y && x.feature === a.feature);
      others.append(listed(a, 'prisoner-choice', f ? figureIcon(f.figure, seatHex(this.seat(f.seat)), 20) : null));
    }
    for (const a of exchanges) others.append(listed(a, 'exchange-choice', figureIcon(a.figure, hex, 20)));
    for (const g of wagons) others.append(markerButton(g, 'wagon-choice', figureIcon('wagon', hex, 20)));
    if (pass) {
      others.append(
        h(
          'button',
          { type: 'button', class: `choice${this.choice === pass ? ' selected' : ''}`, 'data-testid': 'pass', title: 'P', onClick: () => this.choose(pass) },
          dash
            ? 'Stop (no more)'
            : rebuilt
              ? 'Pass (no figure on the moved tile)'
              : { escape: 'Stay (no escape)', capture: 'Take no prisoner', 'take-prisoner': 'Take no prisoner', wagon: 'Take the wagon home' }[p.decision] || 'Pass (no figure)',
        ),
      );
    }
    el.append(others);

    const c = this.choice;
    if (c && ['deploy', 'move-fairy', 'remove-knight', 'build-tower', 'capture', 'ransom', 'take-prisoner', 'release-prisoner', 'barn', 'move-wagon', 'move-follower', 'religious-war', 'remove-tile'].includes(c.action)) {
      el.append(h('p', { class: 'hint chosen', 'data-testid': 'chosen', 'aria-live': 'polite' }, capital(c.label)));
      if (dash) el.append(h('p', { class: 'hint small dash-cost', 'data-testid': 'dash-cost' }, 'This costs 1 point.'));
      if (c.action === 'remove-tile') {
        el.append(h('p', { class: 'hint small dash-cost', 'data-testid': 'rebuild-cost' }, 'This costs 1 point; you then place the tile elsewhere.'));
      }
    }
    el.append(this.confirmRow(c ? confirmWords(c, p.decision, dash) : dash ? 'Choose, or stop' : 'Choose', !!c));
  }

  /**
   * The dragon's move: on this screen's decision the steps it may take (also highlighted on
   * the board) and the confirmation; otherwise whose step it is.
   */
  renderDragonPanel(el, seat) {
    const move = this.view.dragon_move || {};
    const left = Number.isInteger(move.steps_left) ? move.steps_left : null;
    el.append(h('div', { class: 'panel-title' }, h('span', {}, 'The dragon'), pieceIcon('dragon', 26)));
    if (!this.mine) {
      el.append(
        h('p', { class: 'hint', 'data-testid': 'dragon-status' }, `${seat.name} moves the dragon one step${left === null ? '' : ` (${steps(left)} left)`}.`),
        h('p', { class: 'hint small muted' }, 'Every player in turn moves it one step; the figures on a tile it enters go back to their owners.'),
      );
      return;
    }
    const choices = this.spotChoices();
    el.append(
      h('p', { class: 'hint', 'data-testid': 'dragon-steps-left' }, left === null ? 'Move the dragon one step.' : `Move the dragon: ${steps(left)} left.`),
      h('p', { class: 'hint small' }, 'Tap a highlighted tile next to the dragon, or press the arrow key towards it.'),
      h('p', { class: 'hint small muted rule-note' }, 'It may not enter a tile it has crossed in this move, nor the fairy’s tile; the figures on the tile it enters go back to their owners.'),
      h('div', { class: 'choices' }, choices.map((a) => this.choiceButton(a, 'dragon-choice', null, capital(a.label || 'a step')))),
      this.confirmRow(this.choice ? confirmWords(this.choice, 'dragon') : 'Pick a tile', !!this.choice),
    );
  }

  /**
   * The Count of Carcassonne's redeployment: the feature about to be scored, for every screen
   * (its tile outlined; where a figure would stand on it too, for the seat that decides).
   */
  focus() {
    const p = this.pending;
    if (p.decision !== 'redeploy' || !Number.isFinite(p.x) || !Number.isFinite(p.y)) return null;
    const a = this.legal.find((l) => l.action === 'redeploy' && isPair(l.at));
    const label = typeof p.label === 'string' && p.label ? `${capital(p.label)}: about to be scored` : 'The feature about to be scored';
    return { x: p.x, y: p.y, feature: p.feature, at: a ? a.at : null, label };
  }

  /**
   * The Count of Carcassonne's decisions: a figure to a quarter after a scoring that paid only
   * others, the count's move, figures joining the feature being scored (one at a time, "None"
   * at once), and before the final scoring a figure onto any feature that scores. On this
   * screen's decision the choices (also markers on the board) and the confirmation; otherwise
   * whom the game waits for.
   */
  renderCountPanel(el, seat) {
    const p = this.pending;
    const hex = seatHex(seat);
    const city = cityOf(this.view);
    const quarterOf = (name) => (city ? city.quarters.find((q) => q.quarter === name) : null);
    const titles = { carcassonne: 'Carcassonne', count: 'The count', redeploy: 'From Carcassonne', 'final-redeploy': 'From Carcassonne, before the final scoring' };
    el.append(h('div', { class: 'panel-title' }, h('span', {}, titles[p.decision]), p.decision === 'count' ? countIcon(22) : cityIcon(22)));
    const feature = typeof p.label === 'string' && p.label ? p.label : 'the feature being scored';
    if (!this.mine) {
      const waiting = {
        carcassonne: `${seat.name} may deploy a figure to a quarter of Carcassonne…`,
        count: `${seat.name} may move the count to another quarter…`,
        redeploy: `${seat.name} may move figures from Carcassonne onto ${feature} before it is scored…`,
        'final-redeploy': `${seat.name} may move a figure from Carcassonne before the final scoring…`,
      }[p.decision];
      el.append(h('p', { class: 'hint', 'data-testid': 'deciding' }, waiting));
      return;
    }
    const pass = this.legal.find((a) => a.action === 'pass');
    const c = this.choice;
    const groups = [...this.markerGroups().values()];
    const hint = (text, cls = 'hint') => el.append(h('p', { class: cls }, text));
    const passButton = (text) => (pass ? this.choiceButton(pass, 'pass', null, text) : null);

    if (p.decision === 'carcassonne') {
      hint('The scoring paid another player but not you: you may deploy a figure from your supply to a quarter of Carcassonne (markers on the city), or not.');
      hint('It waits there until a feature of the kind its quarter feeds is about to be scored, and may then join it.', 'hint small muted rule-note');
      const lists = quartersOffered(this.legal).map((name) => {
        const q = quarterOf(name);
        const actions = this.legal.filter((a) => a.action === 'carcassonne' && a.quarter === name);
        return [
          h('div', { class: 'subtitle' }, q ? q.label : capital(name)),
          h('div', { class: 'choices' }, actions.map((a) => this.choiceButton(a, 'carcassonne-choice', figureIcon(a.figure, hex, 18)))),
        ];
      });
      el.append(h('div', { class: 'choice-lists' }, lists), h('div', { class: 'choices' }, passButton('Deploy nothing (P)')));
    } else if (p.decision === 'count') {
      const here = city && quarterOf(city.count);
      hint(`You may move the count to another quarter (markers on the city)${here ? `, or leave it in the ${here.name.toLowerCase()} quarter` : ''}.`);
      hint('No figure leaves the quarter the count stands in.', 'hint small muted rule-note');
      el.append(
        h(
          'div',
          { class: 'choices' },
          this.legal.filter((a) => a.action === 'move-count').map((a) => this.choiceButton(a, 'count-choice', countIcon(16))),
          passButton(pass ? `${capital(pass.label)} (P)` : ''),
        ),
      );
    } else if (p.decision === 'redeploy') {
      hint(`${capital(feature)} is about to be scored (outlined on the board). You may move your figures from Carcassonne onto it, one at a time (markers), or none.`);
      hint('A big follower counts two for the majority; every figure goes home after the scoring.', 'hint small muted rule-note');
      // "None" is sent at once: every scoring of a feature asks again. `P` chooses it too, for
      // `Enter`.
      const chosen = !!pass && sameAction(pass, c);
      const none = pass
        ? h(
            'button',
            {
              type: 'button',
              class: `choice${chosen ? ' selected' : ''}`,
              'data-testid': 'redeploy-none',
              'aria-pressed': chosen ? 'true' : 'false',
              title: 'Sent at once (or P, then Enter)',
              disabled: this.busy,
              onClick: () => this.sendNow(pass),
            },
            'None: redeploy no more',
          )
        : null;
      el.append(h('div', { class: 'choices' }, groups.filter((g) => g.kind === 'redeploy').map((g) => this.choiceButton(g.actions[0], 'redeploy-choice', figureIcon(g.figure, hex, 18))), none));
    } else {
      hint('Before the final scoring: move one figure from Carcassonne onto an unfinished road, city or cloister, or a farm (markers on the board), or none.');
      hint('Every player in turn moves one until all are done; figures left in Carcassonne score nothing.', 'hint small muted rule-note');
      const targets = groups.filter((g) => g.kind === 'final');
      const open = groups.find((g) => g.key === this.openFeature) || (c && targets.find((g) => g.actions.includes(c)));
      if (open && open.actions.length > 1) {
        el.append(
          h('div', { class: 'subtitle' }, 'Which figure?'),
          h('div', { class: 'choices' }, open.actions.map((a) => this.choiceButton(a, 'figure-choice', figureIcon(a.figure, hex, 20)))),
        );
      }
      const button = (g) => {
        const a = g.actions.find((x) => x.figure === 'follower') || g.actions[0];
        const on = !!c && g.actions.includes(c);
        return h(
          'button',
          { type: 'button', class: `choice${on ? ' selected' : ''}`, 'data-testid': 'final-choice', 'data-key': g.key, 'aria-pressed': on ? 'true' : 'false', onClick: () => this.clickMarker(g.key) },
          figureIcon(a.figure, hex, 18),
          ` ${capital(a.label)}`,
        );
      };
      el.append(
        h('div', { class: 'choice-lists' }, h('div', { class: 'subtitle' }, `${targets.length} place${targets.length === 1 ? '' : 's'}`), h('div', { class: 'choices' }, targets.map(button))),
        h('div', { class: 'choices' }, passButton('None: leave the rest in Carcassonne (P)')),
      );
    }
    if (c && c.action !== 'pass') el.append(h('p', { class: 'hint chosen', 'data-testid': 'chosen', 'aria-live': 'polite' }, capital(c.label)));
    el.append(this.confirmRow(c ? confirmWords(c, p.decision) : 'Choose', !!c));
  }

  /** Sends a legal action at once, without a confirmation (a redeployment's "None"). */
  sendNow(action) {
    if (!this.mine || this.busy) return;
    this.choice = action;
    this.confirm();
  }

  /**
   * Abbey & Mayor, before the draw: on this screen's decision the holes the abbey may fill
   * (also highlighted on the board), "Draw a tile" and the confirmation; otherwise who decides.
   */
  renderAbbeyPanel(el, seat) {
    el.append(h('div', { class: 'panel-title' }, h('span', {}, 'The abbey'), abbeyThumb(24)));
    if (!this.mine) {
      el.append(h('p', { class: 'hint', 'data-testid': 'deciding' }, `${seat.name} may place their abbey in a hole of the board instead of drawing a tile…`));
      return;
    }
    const pass = this.legal.find((a) => a.action === 'pass');
    const c = this.choice;
    el.append(
      h('p', { class: 'hint' }, 'Instead of drawing a tile you may place your abbey (once in the game) in a hole: an empty place with a tile on each of its four sides, highlighted on the board.'),
      h('p', { class: 'hint small muted rule-note' }, 'The abbey is a cloister for a monk; its walls end every road, city and farm that touches it, and the roads and cities it closes are scored.'),
      h('div', { class: 'choices' }, this.spotChoices().map((a) => this.choiceButton(a, 'abbey-choice', abbeyThumb(18))), pass ? this.choiceButton(pass, 'pass', null, 'Draw a tile') : null),
    );
    if (c && c.action === 'abbey') el.append(h('p', { class: 'hint chosen', 'data-testid': 'chosen', 'aria-live': 'polite' }, capital(c.label)));
    el.append(this.confirmRow(c ? confirmWords(c, 'abbey') : 'Pick a hole, or draw', !!c));
  }

  /**
   * The variation "Cloisters for everyone!", before the draw: on this screen's decision "Place
   * your cloister" (the tile is then placed like a drawn one), "Draw a tile" and the
   * confirmation; otherwise who decides.
   */
  renderHeldTilePanel(el, seat) {
    const p = this.pending;
    const name = typeof p.tile_name === 'string' && p.tile_name ? p.tile_name : 'a cloister';
    const thumb = (size) => (typeof p.tile === 'string' && p.tile ? tileThumb(p.tile, 0, { class: 'tile-thumb held-thumb', width: size, height: size, 'aria-label': capital(name) }) : null);
    el.append(h('div', { class: 'panel-title' }, h('span', {}, this.mine ? 'Your cloister' : `${seat.name}’s cloister`), thumb(28)));
    if (!this.mine) {
      el.append(h('p', { class: 'hint', 'data-testid': 'deciding' }, `${seat.name} may place their own cloister instead of drawing a tile…`));
      return;
    }
    const held = this.legal.find((a) => a.action === 'held-tile');
    const pass = this.legal.find((a) => a.action === 'pass');
    const c = this.choice;
    el.append(
      h('p', { class: 'hint' }, 'Instead of drawing a tile you may place the cloister you hold (once in the game); you then place it like a drawn tile, and the figure decision follows as usual.'),
      h('p', { class: 'hint small muted rule-note' }, 'Cloisters for everyone: every player received a cloister face up at the start; it may be placed before any of their draws.'),
      h(
        'div',
        { class: 'choices' },
        held ? this.choiceButton(held, 'held-tile-choice', thumb(18), 'Place your cloister') : null,
        pass ? this.choiceButton(pass, 'pass', null, 'Draw a tile') : null,
      ),
    );
    el.append(this.confirmRow(c ? confirmWords(c, 'held-tile') : 'Place your cloister, or draw', !!c));
  }

  /**
   * The variations that let a player choose the tile to place (tiles in hand, the battle for
   * completed cloisters, the architects' stacks, collective planning's face-up row): on this
   * screen's decision the tiles that fit somewhere, as pictures with their words (a stack's
   * many designs as pictures alone, with how many of each), with the face-up row "Draw from the
   * pile", and the confirmation; the tile chosen is then placed like a drawn one. Otherwise who
   * decides.
   */
  renderChooseTilePanel(el, seat) {
    const p = this.pending;
    const from = CHOOSE_FROM[p.from] ? p.from : 'hand';
    const titles = { hand: 'Choose a tile from your hand', stack: 'Choose a tile from your stack', row: 'Take a face-up tile' };
    el.append(h('div', { class: 'panel-title' }, h('span', {}, this.mine ? titles[from] : `${seat.name} chooses a tile`)));
    if (!this.mine) {
      const waiting = {
        hand: `${seat.name} is choosing a tile from their hand…`,
        stack: `${seat.name} is choosing a tile from their stack…`,
        row: `${seat.name} is taking a face-up tile or drawing from the pile…`,
      }[from];
      el.append(h('p', { class: 'hint', 'data-testid': 'deciding' }, waiting));
      return;
    }
    const choices = this.tileChoices();
    const pass = this.legal.find((a) => a.action === 'pass');
    const c = this.choice;
    const held = from === 'row' ? this.view.tile_row || [] : (this.seat(p.seat) || {}).hand || [];
    const count = (tile) => (from === 'row' ? 1 : held.filter((t) => t === tile).length);
    const many = choices.length > 6;
    const notes = {
      hand: 'Choose the tile to place this turn. You place it like a drawn tile; then you draw another into your hand.',
      stack: 'Choose any tile of your stack to place this turn; you place it like a drawn tile.',
      row: 'Take one of the face-up tiles and place it like a drawn one, or draw from the pile instead. A tile taken is replaced at the end of the turn.',
    };
    el.append(h('p', { class: 'hint' }, notes[from]));
    // Tiles that fit nowhere now cannot be chosen; they stay where they are.
    const unfit = [...new Set(held)].filter((t) => !choices.some((a) => a.tile === t)).length;
    if (unfit) {
      const where = { hand: 'in your hand', stack: 'in your stack', row: 'in the row' }[from];
      el.append(h('p', { class: 'hint small muted rule-note', 'data-testid': 'unfit-tiles' }, `${unfit} kind${unfit === 1 ? '' : 's'} of tile ${where} fit${unfit === 1 ? 's' : ''} nowhere now and stay${unfit === 1 ? 's' : ''} there.`));
    }
    const button = (a) => {
      const on = sameAction(a, c);
      const words = chosenTileWords(a.label) || this.names.get(a.tile) || 'a tile';
      const n = count(a.tile);
      return h(
        'button',
        {
          type: 'button',
          class: `choice tile-choice${on ? ' selected' : ''}`,
          'data-testid': 'hand-tile',
          'data-tile': a.tile,
          'aria-pressed': on ? 'true' : 'false',
          title: capital(a.label || words),
          onClick: () => this.choose(a),
        },
        tileThumb(a.tile, 0, { class: 'tile-thumb', 'aria-label': capital(words) }),
        many ? null : h('span', { class: 'tile-choice-name' }, capital(words)),
        n > 1 ? h('span', { class: 'count', title: `${n} of them` }, `×${n}`) : null,
      );
    };
    el.append(h('div', { class: `tile-choices${many ? ' many' : ''}`, 'data-testid': 'tile-choices' }, choices.map(button)));
    if (pass) el.append(h('div', { class: 'choices' }, this.choiceButton(pass, 'pass', null, 'Draw from the pile (P)')));
    if (c && c.action === 'choose-tile') el.append(h('p', { class: 'hint chosen', 'data-testid': 'chosen', 'aria-live': 'polite' }, capital(c.label)));
    el.append(this.confirmRow(c ? confirmWords(c, 'choose-tile') : pass ? 'Choose a tile, or draw' : 'Choose a tile', !!c));
  }

  /**
   * The variation "Only one can choose": the seat whose turn begins the round drew a tile for
   * each player and hands them out, one at a time, to each player still without one, keeping
   * the last. On this screen's decision: the tiles of the hand as pictures (pick one), then
   * the players still without a tile (pick one; with a single one it is picked with the tile),
   * each button titled with the server's words of its action, and the confirmation. Otherwise
   * who hands out the tiles, and to whom they still go.
   */
  renderGiveTilePanel(el, seat) {
    const p = this.pending;
    const faceUp = handsOut(this.view) === 'face-up';
    const recipients = (Array.isArray(p.recipients) ? p.recipients : []).map((i) => this.seat(i)).filter(Boolean);
    const names = (list) => {
      const n = list.map((r) => r.name);
      return n.length > 1 ? `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}` : n[0] || 'the others';
    };
    el.append(h('div', { class: 'panel-title' }, h('span', {}, this.mine ? 'Hand out the tiles' : `${seat.name} hands out the tiles`)));
    if (!this.mine) {
      el.append(
        h('p', { class: 'hint', 'data-testid': 'deciding' }, `${seat.name} is handing out the tiles…`),
        h(
          'p',
          { class: 'hint small muted', 'data-testid': 'give-note' },
          `Only one can choose: ${seat.name} drew a tile for each player and gives one to each player without one (still: ${names(recipients)}), ` +
            `keeping the last. ${faceUp ? 'The tiles are handed out face up.' : 'Only the receiver sees a tile handed out face down.'}`,
        ),
      );
      return;
    }
    const choices = this.giveChoices();
    const c = this.choice && this.choice.action === 'give-tile' ? this.choice : null;
    const picked = c ? c.tile : choices.some((a) => a.tile === this.giveTile) ? this.giveTile : null;
    const hand = (this.seat(p.seat) || {}).hand || [];
    const tiles = [...new Set(choices.map((a) => a.tile))];
    el.append(
      h(
        'p',
        { class: 'hint' },
        `You drew a tile for each player. Give one to each player without a tile (still: ${names(recipients)}), one at a time; ` +
          `you keep the last and place it this turn. ${faceUp ? 'Face up: everyone sees the tiles.' : 'Face down: only the receiver sees the tile.'}`,
      ),
      h('div', { class: 'subtitle' }, '1. A tile'),
    );
    const tileButton = (tile) => {
      const on = tile === picked;
      const first = choices.find((a) => a.tile === tile);
      const words = givenTileWords(first && first.label) || this.names.get(tile) || 'a tile';
      const n = hand.filter((t) => t === tile).length;
      return h(
        'button',
        {
          type: 'button',
          class: `choice tile-choice${on ? ' selected' : ''}`,
          'data-testid': 'give-tile',
          'data-tile': tile,
          'aria-pressed': on ? 'true' : 'false',
          title: `Give ${words}`,
          onClick: () => this.pickGiveTile(tile),
        },
        tileThumb(tile, 0, { class: 'tile-thumb', 'aria-label': capital(words) }),
        h('span', { class: 'tile-choice-name' }, capital(words)),
        n > 1 ? h('span', { class: 'count', title: `${n} of them` }, `×${n}`) : null,
      );
    };
    el.append(h('div', { class: 'tile-choices', 'data-testid': 'give-tiles' }, tiles.map(tileButton)));
    // The players still without a tile: for the tile picked, each button is one legal action.
    el.append(h('div', { class: 'subtitle' }, picked ? '2. To whom?' : '2. To whom? (pick a tile first)'));
    const recipientButton = (r) => {
      const a = picked ? choices.find((x) => x.tile === picked && x.to === r.color) : null;
      const on = !!a && sameAction(a, c);
      const hex = seatHex(r);
      return h(
        'button',
        {
          type: 'button',
          class: `choice recipient${on ? ' selected' : ''}`,
          'data-testid': 'give-to',
          'data-seat': r.seat,
          'data-tile': a ? a.tile : '',
          'aria-pressed': on ? 'true' : 'false',
          'aria-label': a ? `${capital(a.label)} (${r.name})` : `Give to ${r.name} (pick a tile first)`,
          title: a ? capital(a.label) : 'Pick a tile first',
          disabled: !a || this.busy,
          onClick: () => a && this.choose(a),
        },
        h('span', { class: 'swatch', style: { background: hex, color: inkOn(hex) } }, r.seat + 1),
        ` Give to ${r.name}`,
      );
    };
    el.append(h('div', { class: 'choices recipients', 'data-testid': 'give-recipients' }, recipients.map(recipientButton)));
    if (c) el.append(h('p', { class: 'hint chosen', 'data-testid': 'chosen', 'aria-live': 'polite' }, `${capital(c.label)} (${(recipients.find((r) => r.color === c.to) || {}).name || c.to}).`));
    el.append(this.confirmRow(c ? confirmWords(c, 'give-tile') : picked ? 'Choose a player' : 'Choose a tile and a player', !!c));
  }

  /**
   * "Only one can choose": a tile of the hand picked in the panel. With one player left to give
   * it to (or the player picked before still without a tile), that is the action chosen; otherwise
   * the players to give it to are offered.
   */
  pickGiveTile(tile) {
    if (!this.mine || this.busy) return;
    const offered = this.giveChoices().filter((a) => a.tile === tile);
    if (!offered.length) return;
    this.giveTile = tile;
    const to = this.choice && this.choice.action === 'give-tile' ? this.choice.to : null;
    this.choice = offered.length === 1 ? offered[0] : offered.find((a) => a.to === to) || null;
    this.hideError();
    this.render();
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

  /** The final scores over the board, once, until closed: the table, the chart, a rematch. */
  renderFinal() {
    const host = clear(this.el.overlay);
    if (this.pending.decision !== 'over' || this.finalDismissed) return;
    this.rematchBox = this.rematchBox || h('div', { class: 'rematch', 'data-testid': 'rematch-box' });
    host.append(
      h(
        'div',
        { class: 'final-card', 'data-testid': 'final-scores' },
        h('h2', {}, 'Final scores'),
        finalTable(this.view, this.events),
        scoreChart(this.events, this.view.seats, this.view.version),
        h(
          'div',
          { class: 'row' },
          h('a', { class: 'button primary', href: `/replay/${this.id}`, 'data-testid': 'replay-link-final' }, 'Replay this game'),
          this.you.length ? h('button', { type: 'button', 'data-testid': 'rematch', onClick: () => this.rematch() }, 'Rematch') : null,
          h('a', { class: 'button', href: '/' }, 'New game'),
          h('button', { type: 'button', 'data-testid': 'close-final', onClick: () => { this.finalDismissed = true; this.renderFinal(); } }, 'Look at the board'),
        ),
        this.rematchBox,
      ),
    );
  }

  /**
   * The same game again with the seats rotated (the second player starts): same rules, names
   * and players. This browser keeps its own seats of the new game; the other people's join
   * links are shown to send them.
   */
  async rematch() {
    const box = clear(this.rematchBox);
    const seats = this.view.seats || [];
    const order = seats.slice(1).concat(seats.slice(0, 1));
    const humans = seats.filter((s) => s.player === 'human');
    const hotSeat = humans.length > 1 && humans.every((s) => this.you.includes(s.seat));
    box.append(h('p', { class: 'muted' }, 'Creating the rematch…'));
    try {
      const created = await createGame({
        rules: this.view.rules,
        seats: order.map((s) => ({ name: s.name, player: s.player })),
        hot_seat: hotSeat,
      });
      const myNames = this.you.map((i) => (this.seat(i) || {}).name);
      const mine = created.seats.filter((s) => s.join && myNames.includes(s.name));
      const others = created.seats.filter((s) => s.join && !myNames.includes(s.name));
      if (mine[0]) rememberGame(created.id, mine[0].token, { you: mine.map((s) => s.seat), names: mine.map((s) => s.name) });
      clear(box).append(
        h('p', {}, 'The rematch is ready; ', order[0].name, ' starts.'),
        others.length && !hotSeat
          ? h('div', {}, others.map((s) => h('div', { class: 'join-row small' }, h('span', {}, `${s.name}’s link: `), h('input', { type: 'text', readonly: true, class: 'link-input', value: new URL(s.join, location.origin).href }))))
          : null,
        mine[0]
          ? h('a', { class: 'button primary', href: mine[0].join, 'data-testid': 'play-rematch' }, 'Play the rematch')
          : h('a', { class: 'button primary', href: created.watch, 'data-testid': 'play-rematch' }, 'Watch the rematch'),
      );
    } catch (err) {
      clear(box).append(h('p', { class: 'error' }, `The rematch could not be created: ${err.message}`));
    }
  }
}

/** The quarters the legal actions name, in the order they come. */
function quartersOffered(legal) {
  return [...new Set(legal.filter((a) => a.action === 'carcassonne' && typeof a.quarter === 'string').map((a) => a.quarter))];
}

/** The variation "Mountains": a small picture of a mountain for the switch, decoration only. */
function mountainThumb() {
  const thumb = tileThumb(MOUNTAIN_TILE, 0, { class: 'tile-thumb mountain-thumb' });
  thumb.querySelector('title')?.remove();
  thumb.removeAttribute('role');
  thumb.removeAttribute('aria-label');
  thumb.setAttribute('aria-hidden', 'true');
  return thumb;
}

function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : '';
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
