// Bridges, Castles & Bazaars on the game screen: the wooden bridges drawn over their tiles (a
// bridged tile's design ends in `+bridge-ns` / `+bridge-ew`; the view's `bridges` has each with
// its axis as seen on the board), the castles as keeps on the edge between their two tiles in
// their owners' colours (a scored one faded), for every screen and in the replay; the bazaar in a
// side panel (the tiles on offer, the auction under way); each seat's bridges, castle tokens and
// bought tile in the players panel. The decisions: a placement that fits only with a bridge (the
// "Bridge mode" switch, like the mountains' mode: the sites highlighted, each way to place the
// tile there a button in words), a bridge beside the figure decision (a marker per axis on the
// tile just placed and its neighbours, the same in the panel), the castle's choice (build it, or
// score the town), the bazaar's choice of a tile with an opening bid (a tile button each, the bid
// with a number field and − / + limited to the legal bids), a bid or a pass, and buying or
// selling. Every choice is in the server's words.

import { h, s, seatHex } from '../ui.js';
import { tileThumb } from '../tiles.js';
import { capital, counted, hint, markerButton, ruleNote, section, tapVerb } from '../game/kit.js';

const NAME = 'bridges-castles-bazaars';

/** A wooden bridge across a tile, north to south, around (0, 0), 100 board units long. */
function bridgeShape() {
  const planks = [-30, -18, -6, 6, 18, 30].map((y) => s('path', { d: `M-11 ${y}H11`, stroke: '#5b3a1c', 'stroke-width': 1.2 }));
  return s(
    'g',
    { class: 'bridge-art' },
    s('rect', { x: -13, y: -50, width: 26, height: 100, rx: 3, fill: '#000', 'fill-opacity': 0.18, transform: 'translate(2 2)' }),
    s('rect', { x: -11, y: -50, width: 22, height: 100, rx: 2, fill: '#b07a43', stroke: '#5b3a1c', 'stroke-width': 1.6 }),
    planks,
    s('path', { d: 'M-13 -48V48M13 -48V48', stroke: '#7a4f26', 'stroke-width': 3, 'stroke-linecap': 'round' }),
  );
}

/** A castle token: a keep with three merlons, in `hex`, around (0, 0), about 24 units wide. */
function castleShape(hex) {
  return s(
    'g',
    { class: 'castle-art' },
    s('path', {
      d: 'M-12 10V-6H-12V-12H-7V-7H-2.5V-12H2.5V-7H7V-12H12V10Z',
      fill: hex,
      stroke: '#222',
      'stroke-width': 1.4,
      'stroke-linejoin': 'round',
    }),
    s('path', { d: 'M-3.5 10V3A3.5 3.5 0 0 1 3.5 3V10Z', fill: '#222', 'fill-opacity': 0.65 }),
  );
}

/** A little picture of a bridge, for the panels and the buttons. */
function bridgeIcon(size = 18, horizontal = false) {
  return s('svg', { class: 'icon bridge-icon', width: size, height: size, viewBox: '-55 -55 110 110', 'aria-hidden': 'true' }, s('g', { transform: horizontal ? 'rotate(90)' : '' }, bridgeShape()));
}

/** A little picture of a castle in `hex`. */
function castleIcon(size = 18, hex = '#888') {
  return s('svg', { class: 'icon castle-icon', width: size, height: size, viewBox: '-14 -14 28 28', 'aria-hidden': 'true' }, castleShape(hex));
}

/** The legal placements with a bridge of the tile to place. */
function bridgedSites(screen) {
  if (screen.pending.decision !== 'place') return [];
  return (screen.legal || []).filter((a) => a && a.action === 'place-bridged' && Number.isFinite(a.x) && Number.isFinite(a.y));
}

/** A bridged placement's key among those of its site. */
const siteKey = (a) => `${a.rotation}:${a.bridge_x},${a.bridge_y}:${a.axis}`;

/** The placement with a bridge chosen at (x, y): the one picked there, else the first. */
function bridgedAt(screen, x, y) {
  const here = bridgedSites(screen).filter((a) => a.x === x && a.y === y);
  const pick = screen.stateOf(NAME).pick;
  return here.find((a) => siteKey(a) === pick) || here[0];
}

/** Whether the placement shows the sites where the tile fits with a bridge. */
function bridgeShown(screen) {
  if (!screen.mine || !bridgedSites(screen).length) return false;
  return !!screen.stateOf(NAME).on || screen.placements().size === 0;
}

function toggleBridge(screen, on = !bridgeShown(screen)) {
  if (!screen.mine || screen.busy || !bridgedSites(screen).length) return;
  if (!on && screen.placements().size === 0) return;
  const state = screen.stateOf(NAME);
  state.on = on;
  state.pick = null;
  screen.selected = null;
  screen.hover = null;
  screen.hideError();
  screen.render();
}

/** The design drawn for a placement with a bridge on the tile placed: the bridged design (its axis at rotation 0). */
function ghostTile(screen, a) {
  const tile = screen.pending.tile;
  if (a.bridge_x !== a.x || a.bridge_y !== a.y) return tile;
  const turned = a.rotation % 180 !== 0;
  const axis = (a.axis === 'ns') !== turned ? 'ns' : 'ew';
  return `${tile}+bridge-${axis}`;
}

function drawSites(screen, withSpots) {
  const sites = bridgedSites(screen);
  const sel = screen.selected;
  const seen = new Map();
  for (const a of sites) if (!seen.has(`${a.x},${a.y}`)) seen.set(`${a.x},${a.y}`, a);
  const spots = [...seen.values()].map((a) => ({
    x: a.x,
    y: a.y,
    kind: 'bridge',
    testid: 'bridge-spot',
    title: capital(a.label || 'with a bridge'),
    selected: !!sel && sel.x === a.x && sel.y === a.y,
  }));
  if (withSpots) screen.board.setSpots(spots);
  let ghost = null;
  let info = '';
  const hovered = screen.hover && bridgedAt(screen, screen.hover.x, screen.hover.y);
  if (hovered && !(sel && sel.x === hovered.x && sel.y === hovered.y)) {
    ghost = { tile: ghostTile(screen, hovered), x: hovered.x, y: hovered.y, rotation: hovered.rotation };
    info = `${capital(hovered.label)}. Click to pick it.`;
  } else if (sel) {
    const a = bridgedAt(screen, sel.x, sel.y);
    if (a) ghost = { tile: ghostTile(screen, a), x: a.x, y: a.y, rotation: a.rotation, selected: true };
  }
  screen.board.setGhost(ghost);
  if (screen.hoverInfo) screen.hoverInfo.textContent = info;
}

/** The bazaar's panel: the tiles on offer and the auction under way. */
function renderBazaar(screen) {
  const el = screen.el.bazaar;
  const bazaar = screen.view.bazaar;
  el.replaceChildren();
  el.hidden = !bazaar;
  if (!bazaar) return;
  const auction = bazaar.auction;
  const tiles = (bazaar.offer || []).map((t, i) =>
    t
      ? h(
          'span',
          { class: `bazaar-tile${auction && auction.index === i ? ' selected' : ''}`, 'data-testid': 'bazaar-offer', 'data-index': i, 'data-tile': t.tile, title: capital(t.name) },
          tileThumb(t.tile, 0, { class: 'tile-thumb', 'aria-label': `Tile ${i + 1}: ${t.name}` }),
        )
      : null,
  );
  el.append(
    h('div', { class: 'panel-title' }, h('span', {}, 'Bazaar'), h('span', { class: 'muted small' }, counted(tiles.filter(Boolean).length, 'tile'))),
    h('div', { class: 'choices bazaar-offer' }, tiles),
    h('p', { class: 'hint small muted', 'data-testid': 'bazaar-words' }, bazaar.label || ''),
  );
  if (auction) el.append(h('p', { class: 'hint small', 'data-testid': 'auction-words' }, `${auction.label || ''}.`));
}

/** The bazaar's choice: a button per tile, the opening bid with − / + and a number field. */
function choosePanel(screen, d) {
  const state = screen.stateOf(NAME);
  const offer = (screen.view.bazaar && screen.view.bazaar.offer) || [];
  const legal = screen.legal.filter((a) => a.action === 'bazaar-choose');
  const most = Math.max(0, ...legal.map((a) => a.bid));
  if (!Number.isInteger(state.index)) state.index = null;
  if (!Number.isInteger(state.bid)) state.bid = 0;
  const pick = () => {
    const a = legal.find((l) => l.index === state.index && l.bid === state.bid);
    screen.choose(a || null);
  };
  const setBid = (n) => {
    state.bid = Math.max(0, Math.min(most, Number.isFinite(n) ? Math.round(n) : 0));
    if (state.index !== null) pick();
    else screen.render();
  };
  const buttons = offer.map((t, i) => {
    if (!t) return null;
    const on = state.index === i;
    return h(
      'button',
      { type: 'button', class: `choice bazaar-choice${on ? ' selected' : ''}`, 'data-testid': 'bazaar-tile', 'data-index': i, 'aria-pressed': on ? 'true' : 'false', onClick: () => { state.index = i; pick(); } },
      tileThumb(t.tile, 0, { class: 'tile-thumb', 'aria-hidden': 'true' }),
      ` Tile ${i + 1}: ${t.name}`,
    );
  });
  const stepper = h(
    'div',
    { class: 'row bid-row' },
    h('label', { for: 'bazaar-bid-input' }, 'Opening bid (points): '),
    h('button', { type: 'button', class: 'icon', 'data-testid': 'bid-less', 'aria-label': 'One point less', disabled: state.bid <= 0, onClick: () => setBid(state.bid - 1) }, '−'),
    h('input', { id: 'bazaar-bid-input', type: 'number', min: 0, max: most, step: 1, value: state.bid, 'data-testid': 'bid-input', 'data-bid': state.bid, inputmode: 'numeric', onChange: (ev) => setBid(Number(ev.target.value)) }),
    h('button', { type: 'button', class: 'icon', 'data-testid': 'bid-more', 'aria-label': 'One point more', disabled: state.bid >= most, onClick: () => setBid(state.bid + 1) }, '+'),
  );
  d.title = 'Bazaar: choose a tile';
  d.hints.push(hint(`Choose a tile and an opening bid from 0 to ${counted(most, 'point')} (your score). The others may outbid you once each, in turn; then you buy it from the highest bidder or sell it to them.`));
  d.lists.push(...section(`Tiles on offer: ${buttons.filter(Boolean).length}`, 'Each player gets one tile at this bazaar; the last one left goes free.', buttons), stepper);
}

/** The decision module (decisions/index.js). */
export const bridgesCastlesBazaars = {
  name: NAME,
  fromView: true,
  words: {
    asks: {
      castle: 'build a castle on the town, or score it',
      'bazaar-choose': 'choose a tile at the bazaar and bid for it',
      'bazaar-bid': 'outbid the tile at auction, or pass',
      'bazaar-trade': 'buy the tile at auction, or sell it',
    },
    confirm: {
      'place-bridged': 'Place tile and bridge',
      bridge: 'Build the bridge',
      castle: 'Build the castle',
      'bazaar-choose': (a) => `Bid ${counted(a.bid, 'point')}`,
      bid: (a) => `Bid ${counted(a.bid, 'point')}`,
      'bazaar-trade': (a) => (a.buy ? 'Buy the tile' : 'Sell the tile'),
    },
    pass: { castle: 'Score the town', 'bazaar-bid': 'Pass' },
  },
  repeats: ['bridge', 'castle', 'bazaar-choose', 'bid', 'bazaar-trade'],
  news: (screen, e) => ['castle-built', 'castle-scored', 'bazaar-tile-bought'].includes(e.type) || (e.type === 'bridge-built' && !screen.you.includes(e.seat)),
  build: () => ({ bazaar: h('div', { class: 'panel bazaar-panel', 'data-testid': 'bazaar', hidden: true }) }),
  side(screen) {
    renderBazaar(screen);
  },
  /** The bridges over their tiles, the castles on the edge between their two tiles. */
  board(screen) {
    const layer = screen.board.layer(NAME);
    layer.replaceChildren();
    const put = (shape, attrs, label) => {
      for (const [k, v] of Object.entries({ ...attrs, role: 'img', 'aria-label': label })) shape.setAttribute(k, v);
      shape.append(s('title', {}, capital(label)));
      layer.append(shape);
    };
    for (const b of screen.view.bridges || []) {
      if (!Number.isFinite(b.x) || !Number.isFinite(b.y)) continue;
      const turn = b.axis === 'ew' ? ' rotate(90)' : '';
      const g = s('g', { class: 'bridge', transform: `translate(${(b.x + 0.5) * 100} ${(b.y + 0.5) * 100})${turn} scale(0.9)` }, bridgeShape());
      put(g, { 'data-testid': 'bridge', 'data-x': b.x, 'data-y': b.y, 'data-axis': b.axis }, b.label || 'a wooden bridge');
    }
    for (const c of screen.view.castles || []) {
      const [a] = c.tiles || [];
      if (!a) continue;
      const at = Array.isArray(c.at) ? c.at : [0.5, 0.5];
      const g = s('g', { class: `castle${c.scored ? ' scored' : ''}`, transform: `translate(${(a.x + at[0]) * 100} ${(a.y + at[1]) * 100}) scale(1.3)`, opacity: c.scored ? 0.55 : 1 }, castleShape(seatHex(screen.seat(c.seat))));
      put(g, { 'data-testid': 'castle', 'data-x': a.x, 'data-y': a.y, 'data-seat': c.seat, 'data-scored': c.scored ? 'true' : 'false' }, c.label || 'a castle');
    }
  },
  /** Bridges and castle tokens left, and the tile bought at the bazaar. */
  players(screen, options) {
    const item = (seat) => {
      if (!Number.isInteger(seat.bridges_left)) return null;
      const parts = [];
      const bridges = `${counted(seat.bridges_left, 'bridge')} left`;
      parts.push(h('span', { class: 'supply-item', title: bridges, 'aria-label': bridges, 'data-testid': 'supply-bridges' }, bridgeIcon(16), `×${seat.bridges_left}`));
      const castles = `${counted(seat.castle_tokens, 'castle token')} left`;
      parts.push(h('span', { class: 'supply-item', title: castles, 'aria-label': castles, 'data-testid': 'supply-castles' }, castleIcon(16, seatHex(seat)), `×${seat.castle_tokens}`));
      if (seat.bought_tile) {
        const words = `Bought at the bazaar, placed instead of a draw: ${seat.bought_tile.name}`;
        parts.push(h('span', { class: 'supply-item', title: words, 'aria-label': words, 'data-testid': 'supply-bought' }, tileThumb(seat.bought_tile.tile, 0, { class: 'tile-thumb small', 'aria-hidden': 'true' })));
      }
      return h('span', {}, parts);
    };
    options.seatItems = [...(options.seatItems || []), item];
  },
  ask(screen, p) {
    if (p.decision !== 'place' || !screen.mine || !bridgedSites(screen).length) return null;
    return screen.placements().size ? 'place a tile (with a bridge, or without)' : 'place a tile with a bridge';
  },
  mode(screen) {
    if (!bridgeShown(screen)) return null;
    return { sites: bridgedSites(screen), at: (x, y) => bridgedAt(screen, x, y), draw: (withSpots) => drawSites(screen, withSpots) };
  },
  key(screen, ev) {
    if ((ev.key !== 'b' && ev.key !== 'B') || !screen.mine || !bridgedSites(screen).length) return false;
    toggleBridge(screen);
    return true;
  },
  cancel(screen) {
    if (bridgeShown(screen) && !screen.selected && screen.placements().size) screen.stateOf(NAME).on = false;
  },
  placePanel(screen, d, { places }) {
    const p = screen.pending;
    if (p.bazaar) d.notes.push(ruleNote('bazaar-note', 'A bazaar: once placed (unless bought at a bazaar), as many tiles as players are laid out and auctioned one after the other for points; each player gets one and places it in a later turn instead of drawing.'));
    const sites = bridgedSites(screen);
    if (!screen.mine || !sites.length) return;
    const on = bridgeShown(screen);
    const only = on && places.size === 0;
    d.rows.push(() =>
      h(
        'div',
        { class: 'row bridge-row' },
        h(
          'button',
          {
            type: 'button',
            class: `choice bridge-toggle${on ? ' selected' : ''}`,
            'data-testid': 'bridge-mode',
            'aria-pressed': on ? 'true' : 'false',
            'data-sites': sites.length,
            title: only ? 'The tile fits only with a bridge' : on ? 'Back to placing the tile as usual (B)' : 'Places where the tile fits only with a bridge (B)',
            disabled: only || screen.busy,
            onClick: () => toggleBridge(screen),
          },
          bridgeIcon(18),
          h('span', {}, 'Bridge mode'),
        ),
      ),
    );
    if (!on) return;
    d.turnable = false;
    const sel = screen.selected;
    const here = sel ? sites.filter((a) => a.x === sel.x && a.y === sel.y) : [];
    const chosen = sel ? bridgedAt(screen, sel.x, sel.y) : null;
    if (chosen) d.rotation = chosen.rotation;
    if (here.length) {
      const state = screen.stateOf(NAME);
      d.rows.push(() =>
        h(
          'div',
          { class: 'choices bridge-ways' },
          here.map((a) => {
            const pressed = a === chosen;
            return h(
              'button',
              { type: 'button', class: `choice${pressed ? ' selected' : ''}`, 'data-testid': 'bridged-choice', 'aria-pressed': pressed ? 'true' : 'false', onClick: () => { state.pick = siteKey(a); screen.render(); } },
              bridgeIcon(16, a.axis === 'ew'),
              ` ${capital(a.label)}`,
            );
          }),
        ),
      );
      d.hint = `${capital(chosen.label)}.`;
    } else {
      const count = new Set(sites.map((a) => `${a.x},${a.y}`)).size;
      d.hint = `${count} place${count === 1 ? '' : 's'} where the tile fits only with a bridge (a road meets a farm): ${tapVerb()} one.` + (only ? ' It fits nowhere else.' : ' Press “Bridge mode” again (or B, Esc) to place it as usual.');
    }
    d.notes.push(ruleNote('bridge-note', 'A bridge carries a road from one farm edge of a tile to the opposite one, over what lies between; farms stay whole under it. Each player has 3 bridges (2 with 5 or 6 players), one a turn.'));
    d.confirm = 'Place tile and bridge';
    d.prompt = 'Pick a place';
  },
  /** A marker per bridge that may be built (its axis), on the tile just placed or a neighbour. */
  markers: (screen, { add, onTile }) => (a) => {
    if (a.action !== 'bridge' || !onTile(a)) return false;
    add(`bridge:${a.x},${a.y},${a.axis}`, { kind: 'bridge', testid: 'bridge-marker', tx: a.x, ty: a.y, feature: `bridge-${a.axis}` }, a);
    return true;
  },
  figurePanel(screen, d, { seat, hex, of }) {
    const p = screen.pending;
    const bridges = of('bridge');
    if (bridges.length) {
      d.hints.push(hint(`Beside your figure you may build a bridge (${counted(bridges.length, 'way')}, bridge markers); ${tapVerb()} a marker or pick it below, then place your figure.`));
      const buttons = bridges.map((g) => markerButton(screen, g, 'bridge-choice', bridgeIcon(18, g.actions[0].axis === 'ew')));
      d.lists.push(...section(`Bridges: ${buttons.length}`, 'A bridge on the tile just placed is a road a figure may take this turn.', buttons));
    }
    if (p.decision === 'castle') {
      d.title = 'A castle?';
      d.icon = castleIcon(24, hex);
      d.waiting = `${seat.name} builds a castle on the town just completed, or scores it…`;
      d.passButton = 'Score the town';
      d.notes.push(ruleNote('castle-note', 'A castle takes the points of the next road, city, cloister or castle completed on its six tiles (its two and the two on either side), in a later turn; a castle not scored by the end is worth nothing.'));
      const build = screen.legal.find((a) => a.action === 'castle');
      if (build) d.choices.push(screen.choiceButton(build, 'castle-choice', castleIcon(18, hex), 'Build a castle'));
    } else if (p.decision === 'bazaar-choose') {
      d.icon = null;
      d.waiting = `${seat.name} chooses a tile at the bazaar…`;
      if (screen.mine) choosePanel(screen, d);
    } else if (p.decision === 'bazaar-bid') {
      const chooser = (screen.seat(p.chooser) || {}).name || 'Another player';
      d.title = 'Bazaar: a bid';
      d.waiting = `${seat.name} bids or passes…`;
      d.passButton = 'Pass';
      const bids = screen.legal.filter((a) => a.action === 'bid');
      d.hints.push(hint(bids.length ? `${chooser} chose tile ${p.index + 1}; the highest bid is ${counted(p.bid, 'point')}. Bid from ${p.least} to ${p.most}, or pass.` : `The highest bid is ${counted(p.bid, 'point')}: you cannot outbid it (your score is ${p.most}).`));
      d.choices.push(...bids.map((a) => screen.choiceButton(a, 'bid-choice', null, `${a.bid}`)));
    } else if (p.decision === 'bazaar-trade') {
      d.title = 'Bazaar: buy or sell';
      d.waiting = `${seat.name} buys the tile or sells it…`;
      for (const a of screen.legal.filter((l) => l.action === 'bazaar-trade')) d.choices.push(screen.choiceButton(a, a.buy ? 'buy-choice' : 'sell-choice'));
    }
  },
};
