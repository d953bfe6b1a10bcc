// The game view (`/play/{id}#token=...`): the board, the drawn tile, every decision the engine
// asks of this screen's seats, the panels, and the live connection. Nothing is sent to the
// server until the player confirms a choice.

import { getGame, postAction, GameSocket } from './api.js';
import { h, clear, label, roleOf, featureLabel, seatHex, setTopbar, inkOn } from './ui.js';
import { Board, figureIcon } from './board.js';
import { loadTiles, tileThumb } from './tiles.js';
import { renderPlayers, renderRemaining, renderLog, finalTable } from './panels.js';

const ROTATIONS = [0, 90, 180, 270];

/** Whether two legal actions are the same decision (views are rebuilt, so not by identity). */
function sameAction(a, b) {
  if (!a || !b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('at');
  return [...keys].every((k) => a[k] === b[k]);
}

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
    this.busy = false;
    this.finalDismissed = false;
    this.refetching = false;
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
      error: h('div', { class: 'error-box', 'data-testid': 'error', role: 'alert', hidden: true }),
      log: h('ol', { class: 'log', 'data-testid': 'log' }),
      help: h(
        'div',
        { class: 'help', 'data-testid': 'help' },
        'Drag to pan, wheel or +/− to zoom, 0 to fit. Tile: click a highlighted square (again to try the next rotation), ',
        h('kbd', {}, 'R'),
        ' / ',
        h('kbd', {}, 'E'),
        ' rotate clockwise / counter-clockwise, ',
        h('kbd', {}, 'Enter'),
        ' confirms, ',
        h('kbd', {}, 'Esc'),
        ' cancels.',
      ),
    };
    const e = this.el;
    this.root = h(
      'div',
      { class: 'game', 'data-testid': 'game' },
      h('aside', { class: 'side left' }, h('div', { class: 'panel' }, h('div', { class: 'panel-title' }, 'Players'), e.players), e.remaining),
      h('section', { class: 'center' }, e.turn, h('div', { class: 'board-area' }, e.boardHost, e.overlay), e.help),
      h(
        'aside',
        { class: 'side right' },
        e.action,
        e.error,
        h('div', { class: 'panel log-panel' }, h('div', { class: 'panel-title' }, 'Game log'), e.log),
      ),
    );
    clear(app).append(this.root);
    this.board = new Board(e.boardHost, {
      onSpotClick: (x, y) => this.clickSpot(x, y),
      onSpotHover: (x, y) => this.hoverSpot(x, y),
      onMarkerClick: (key) => this.clickMarker(key),
    });
    this.onKey = (ev) => this.key(ev);
    document.addEventListener('keydown', this.onKey);
  }

  async start() {
    setTopbar(h('span', { class: 'muted' }, `Game ${this.id}`));
    try {
      const [, view] = await Promise.all([loadTiles(), getGame(this.id, this.token)]);
      this.applyView(view);
    } catch (err) {
      this.showError(`The game could not be loaded: ${err.message}`);
      if (err.status === 403 && this.token) {
        // A wrong or mangled join link: the socket would be refused too. Offer to watch.
        this.el.error.append(' ', h('a', { href: `/play/${this.id}`, 'data-testid': 'watch-instead' }, 'Watch the game instead'));
        return;
      }
      if (err.status === 404) return;
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

  showConnection(status, delay) {
    const text = {
      live: '● live',
      connecting: '○ connecting…',
      offline: `○ offline, retrying in ${Math.round((delay || 0) / 100) / 10} s`,
    }[status];
    setTopbar(
      h('span', { class: 'muted' }, `Game ${this.id}`),
      h('span', { class: `conn ${status}`, 'data-testid': 'connection', 'data-status': status }, text),
    );
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
      this.busy = false;
    } else if (this.choice) {
      // The same state again (a POST answer and the socket's message both arrive): keep the
      // choice, as the equal action of the new view.
      this.choice = this.legal.find((a) => sameAction(a, this.choice)) || null;
    }
    this.render();
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

  get legal() {
    return (this.mine && this.view.legal) || [];
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
    if (!this.mine || this.pending.decision !== 'place' || this.busy) return;
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
    if (this.mine && this.pending.decision === 'place') this.renderPlacement(false);
  }

  rotate(dir) {
    if (!this.mine || this.pending.decision !== 'place' || this.busy) return;
    if (this.selected) {
      const spot = this.placements().get(`${this.selected.x},${this.selected.y}`);
      this.rotation = this.nextRotation(spot ? spot.rotations : ROTATIONS, this.rotation, dir, false);
    } else {
      this.rotation = (this.rotation + 360 + dir * 90) % 360;
    }
    this.render();
  }

  /** Figure markers: one per feature (or escape/recall target), keyed for the board. */
  markerGroups() {
    const p = this.pending;
    const groups = new Map();
    const add = (key, entry) => {
      if (!groups.has(key)) groups.set(key, { key, ...entry, actions: [] });
      return groups.get(key);
    };
    for (const a of this.legal) {
      if (a.action === 'deploy') {
        const at = a.at || [0.5, 0.5];
        const g = add(`deploy:${a.feature}`, { kind: 'deploy', x: p.x + at[0], y: p.y + at[1], feature: a.feature, testid: 'figure-marker' });
        g.actions.push(a);
      } else if (a.action === 'escape') {
        const at = a.at || [0.5, 0.5];
        const g = add(`escape:${a.x},${a.y},${a.feature}`, { kind: 'escape', x: a.x + at[0], y: a.y + at[1], feature: a.feature, testid: 'escape-marker' });
        g.actions.push(a);
      } else if (a.action === 'recall-abbot') {
        const abbot = (this.view.figures || []).find((f) => f.figure === 'abbot' && f.x === a.x && f.y === a.y && f.seat === p.seat);
        const at = abbot && abbot.at ? abbot.at : [0.5, 0.5];
        const g = add(`recall:${a.x},${a.y}`, { kind: 'recall', x: a.x + at[0], y: a.y + at[1], feature: abbot ? abbot.feature : '', testid: 'recall-marker' });
        g.actions.push(a);
      }
    }
    return groups;
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
      // Several figures may stand there: list them and preselect the plain follower.
      this.openFeature = key;
      const same = this.choice && group.actions.includes(this.choice);
      if (!same) this.choice = group.actions.find((a) => a.figure === 'follower') || group.actions[0];
    }
    this.render();
  }

  choose(action) {
    if (!this.mine || this.busy) return;
    this.choice = action;
    this.hideError();
    this.render();
  }

  cancel() {
    this.selected = null;
    this.choice = null;
    this.openFeature = null;
    this.render();
  }

  /** The action to send for the current selection, or null. */
  pendingAction() {
    if (!this.mine) return null;
    if (this.pending.decision === 'place') {
      return this.selected ? { action: 'place', x: this.selected.x, y: this.selected.y, rotation: this.rotation } : null;
    }
    if (!this.choice) return null;
    // Legal actions are in record form plus `at` (where the figure would stand), which the
    // server's record parser does not take back.
    const { at, ...action } = this.choice;
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

  key(ev) {
    if (ev.target && /^(INPUT|TEXTAREA|SELECT)$/.test(ev.target.tagName)) return;
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const k = ev.key;
    if (k === 'r' || k === 'R') this.rotate(1);
    else if (k === 'e' || k === 'E') this.rotate(-1);
    else if (k === 'Enter') {
      // Enter always confirms, even with a rotate or choice button focused after a click
      // (preventDefault below stops that button from being pressed again).
      if (!this.pendingAction()) return;
      this.confirm();
    } else if (k === 'Escape') this.cancel();
    else if (k === '+' || k === '=') this.board.zoomBy(1.25);
    else if (k === '-' || k === '_') this.board.zoomBy(0.8);
    else if (k === '0') {
      this.board.autoFit = true;
      this.board.fit();
    } else return;
    ev.preventDefault();
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
    this.board.setTiles(v.board);
    this.board.setFigures(v.figures, v.seats);
    renderPlayers(this.el.players, v, { you: this.you, active: p.decision === 'over' ? null : p.seat });
    renderRemaining(this.el.remaining, v);
    renderLog(this.el.log, this.events, v.seats);
    this.renderTurn();
    this.renderAction();
    this.renderPlacement();
    this.renderMarkers();
    this.renderFinal();
    document.title = `${this.mine ? '▶ Your turn · ' : ''}Carcassonne ${this.id}`;
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
    const seat = this.seat(p.seat) || { name: `seat ${p.seat + 1}` };
    const hex = seatHex(seat);
    const what = { place: 'place a tile', deploy: 'deploy a figure or pass', escape: 'let a knight escape or stay' }[p.decision] || p.decision;
    el.className = `turn-banner${this.mine ? ' mine' : ''}`;
    el.style.setProperty('--seat', hex);
    const dot = h('span', { class: 'swatch', style: { background: hex, color: inkOn(hex) } }, p.seat + 1);
    if (this.mine) {
      const hot = this.you.length > 1;
      el.append(dot, h('strong', {}, hot ? `${seat.name}, your turn` : 'Your turn'), ` — ${what}.`);
    } else if (this.you.length) {
      el.append(dot, `Waiting for ${seat.name}`, seat.player && seat.player !== 'human' ? ' (bot)' : '', ` to ${what}…`);
    } else {
      el.append(dot, `${seat.name} to ${what}.`, h('span', { class: 'muted' }, ' You are watching.'));
    }
  }

  renderPlacement(withSpots = true) {
    const p = this.pending;
    if (!this.mine || p.decision !== 'place') {
      this.board.setSpots([]);
      this.board.setGhost(null);
      if (this.hoverInfo) this.hoverInfo.textContent = '';
      return;
    }
    const places = this.placements();
    const spots = [...places.values()].map((s) => ({
      x: s.x,
      y: s.y,
      fits: s.rotations.includes(this.rotation),
      title: `(${s.x}, ${s.y}): fits turned ${s.rotations.map((r) => `${r}°`).join(', ')}`,
      selected: !!this.selected && this.selected.x === s.x && this.selected.y === s.y,
    }));
    if (withSpots) this.board.setSpots(spots);
    let ghost = null;
    let info = '';
    if (this.hover && !(this.selected && this.hover.x === this.selected.x && this.hover.y === this.selected.y)) {
      const spot = places.get(`${this.hover.x},${this.hover.y}`);
      if (spot) {
        const turns = spot.rotations.map((r) => `${r}°`).join(', ');
        if (spot.rotations.includes(this.rotation)) {
          ghost = { tile: p.tile, x: spot.x, y: spot.y, rotation: this.rotation };
          info = `(${spot.x}, ${spot.y}): fits as turned now; fitting turns: ${turns}.`;
        } else {
          info = `(${spot.x}, ${spot.y}): not as turned now; fits turned ${turns}. Click to pick it.`;
        }
      }
    }
    if (!ghost && this.selected) {
      ghost = { tile: p.tile, x: this.selected.x, y: this.selected.y, rotation: this.rotation, selected: true };
    }
    this.board.setGhost(ghost);
    if (this.hoverInfo) this.hoverInfo.textContent = info;
  }

  renderMarkers() {
    const p = this.pending;
    if (!this.mine || (p.decision !== 'deploy' && p.decision !== 'escape')) {
      this.board.setMarkers([]);
      return;
    }
    const hex = seatHex(this.seat(p.seat));
    const markers = [];
    for (const g of this.markerGroups().values()) {
      const selected = !!this.choice && g.actions.includes(this.choice);
      const kinds = g.actions.map((a) => a.figure).filter(Boolean);
      let title;
      if (g.kind === 'deploy') title = `${featureLabel(g.feature)}: ${kinds.map((k) => roleOf(k, g.feature)).join(' or ')}`;
      else if (g.kind === 'escape') title = `Knight escapes from ${featureLabel(g.feature)} at (${g.actions[0].x}, ${g.actions[0].y})`;
      else title = `Take back the abbot at (${g.actions[0].x}, ${g.actions[0].y})`;
      markers.push({
        key: g.key,
        kind: g.kind,
        x: g.x,
        y: g.y,
        feature: g.feature,
        testid: g.testid,
        title,
        selected,
        preview: selected && g.kind === 'deploy' ? { kind: this.choice.figure, hex, feature: g.feature } : null,
      });
    }
    this.board.setMarkers(markers);
  }

  /** The right-hand panel: what this screen can do now. */
  renderAction() {
    const el = clear(this.el.action);
    const p = this.pending;
    const v = this.view;
    this.hoverInfo = null;

    if (p.decision === 'over') {
      el.append(
        h('div', { class: 'panel-title' }, 'Game over'),
        finalTable(v),
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

    if (p.decision === 'place') {
      const rotation = this.mine ? this.rotation : 0;
      const preview = h(
        'div',
        { class: 'drawn', 'data-testid': 'drawn-tile', 'data-tile': p.tile || '', 'data-rotation': rotation },
        p.tile ? tileThumb(p.tile, rotation, { class: 'tile-thumb big' }) : h('div', { class: 'tile-back' }, '?'),
      );
      el.append(h('div', { class: 'panel-title' }, this.mine ? 'Your tile' : `${seat.name || 'Next'} draws`, h('code', { class: 'muted' }, p.tile || '')));
      if (!this.mine) {
        el.append(preview);
        return;
      }
      const places = this.placements();
      this.hoverInfo = h('p', { class: 'hint small', 'data-testid': 'hover-info' });
      const sel = this.selected;
      el.append(
        h(
          'div',
          { class: 'drawn-row' },
          h('button', { type: 'button', class: 'icon big', title: 'Turn counter-clockwise (E)', 'data-testid': 'rotate-ccw', onClick: () => this.rotate(-1) }, '⟲'),
          preview,
          h('button', { type: 'button', class: 'icon big', title: 'Turn clockwise (R)', 'data-testid': 'rotate-cw', onClick: () => this.rotate(1) }, '⟳'),
        ),
        h(
          'p',
          { class: 'hint' },
          sel
            ? `Position (${sel.x}, ${sel.y}), turned ${this.rotation}°` +
                (places.get(`${sel.x},${sel.y}`).rotations.length > 1 ? ` — other turns fit too: R / E or click again.` : '.')
            : `${places.size} highlighted position${places.size === 1 ? '' : 's'}: brighter ones fit as the tile is turned now.`,
        ),
        this.hoverInfo,
        this.confirmRow(sel ? 'Place tile' : 'Pick a position', !!sel),
      );
      return;
    }

    // deploy or escape
    el.append(h('div', { class: 'panel-title' }, p.decision === 'escape' ? 'Siege' : 'Figures'));
    if (!this.mine) {
      el.append(h('p', { class: 'hint' }, `${seat.name} is deciding…`));
      return;
    }
    const groups = [...this.markerGroups().values()];
    const deploys = groups.filter((g) => g.kind === 'deploy');
    const escapes = groups.filter((g) => g.kind === 'escape');
    const recalls = groups.filter((g) => g.kind === 'recall');
    const pass = this.legal.find((a) => a.action === 'pass');

    if (deploys.length) el.append(h('p', { class: 'hint' }, `Click a marker on the tile to deploy a figure (${deploys.length} place${deploys.length === 1 ? '' : 's'}), or pass.`));
    if (escapes.length) el.append(h('p', { class: 'hint' }, 'A knight may escape the siege: click it on the board, or stay.'));

    // The figures that may stand on the chosen feature.
    const open = groups.find((g) => g.key === this.openFeature) || (this.choice && groups.find((g) => g.actions.includes(this.choice)));
    if (open && open.kind === 'deploy' && open.actions.length > 1) {
      el.append(
        h('div', { class: 'subtitle' }, `On the ${featureLabel(open.feature)}:`),
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
                'data-figure': a.figure,
                onClick: () => this.choose(a),
              },
              figureIcon(a.figure, hex, 20),
              ` ${label(roleOf(a.figure, open.feature))}`,
            ),
          ),
        ),
      );
    }

    const others = h('div', { class: 'choices' });
    for (const g of recalls) {
      const a = g.actions[0];
      others.append(
        h('button', { type: 'button', class: `choice${this.choice === a ? ' selected' : ''}`, 'data-testid': 'recall-abbot', onClick: () => this.choose(a) }, figureIcon('abbot', hex, 20), ` Take back the abbot at (${a.x}, ${a.y})`),
      );
    }
    if (p.decision === 'escape') {
      for (const g of escapes) {
        const a = g.actions[0];
        others.append(
          h('button', { type: 'button', class: `choice${this.choice === a ? ' selected' : ''}`, 'data-testid': 'escape', onClick: () => this.choose(a) }, `Escape from ${featureLabel(a.feature)} at (${a.x}, ${a.y})`),
        );
      }
    }
    if (pass) {
      others.append(
        h(
          'button',
          { type: 'button', class: `choice${this.choice === pass ? ' selected' : ''}`, 'data-testid': 'pass', onClick: () => this.choose(pass) },
          p.decision === 'escape' ? 'Stay (no escape)' : 'Pass (no figure)',
        ),
      );
    }
    el.append(others);

    let what = 'Choose';
    if (this.choice) {
      const c = this.choice;
      if (c.action === 'deploy') what = `Deploy ${roleOf(c.figure, c.feature)}`;
      else if (c.action === 'pass') what = p.decision === 'escape' ? 'Stay' : 'Pass';
      else if (c.action === 'escape') what = 'Escape';
      else if (c.action === 'recall-abbot') what = 'Take back abbot';
    }
    el.append(this.confirmRow(what, !!this.choice));
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

  /** The final scores over the board, once, until closed. */
  renderFinal() {
    const host = clear(this.el.overlay);
    if (this.pending.decision !== 'over' || this.finalDismissed) return;
    host.append(
      h(
        'div',
        { class: 'final-card', 'data-testid': 'final-scores' },
        h('h2', {}, 'Final scores'),
        finalTable(this.view),
        h(
          'div',
          { class: 'row' },
          h('a', { class: 'button primary', href: `/replay/${this.id}`, 'data-testid': 'replay-link-final' }, 'Replay this game'),
          h('a', { class: 'button', href: '/' }, 'New game'),
          h('button', { type: 'button', 'data-testid': 'close-final', onClick: () => { this.finalDismissed = true; this.renderFinal(); } }, 'Look at the board'),
        ),
      ),
    );
  }
}
