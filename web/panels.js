// The panels around the board, shared by the game view and the replay viewer: the seats with
// scores and supplies, the tile counter, the event log and the final scoring table.

import { h, s, clear, label, playerLabel, seatHex, inkOn } from './ui.js';
import { figureIcon } from './board.js';
import { tileThumb } from './tiles.js';

const FIGURE_ORDER = ['follower', 'big-follower', 'abbot', 'builder', 'pig'];
const GOODS = ['wine', 'grain', 'cloth'];

/** The seats: colour, name, score, figures in supply, goods and tokens. */
export function renderPlayers(el, view, { you = [], active = null } = {}) {
  clear(el);
  const tokens = view.tokens || {};
  for (const seat of view.seats || []) {
    const hex = seatHex(seat);
    const supply = seat.supply || {};
    const figures = FIGURE_ORDER.filter((f) => f in supply && (supply[f] > 0 || f === 'follower'))
      .concat(Object.keys(supply).filter((f) => !FIGURE_ORDER.includes(f) && supply[f] > 0))
      .map((f) =>
        h(
          'span',
          { class: 'supply-item', title: `${label(f)} in supply: ${supply[f]}`, 'data-testid': `supply-${f}` },
          figureIcon(f, hex, 18),
          h('span', {}, `×${supply[f]}`),
        ),
      );
    const goods = Array.isArray(seat.goods) && seat.goods.some((g) => g > 0)
      ? h('div', { class: 'goods' }, seat.goods.map((n, i) => h('span', { class: `good ${GOODS[i]}`, title: label(GOODS[i]) }, `${label(GOODS[i])} ${n}`)))
      : null;
    const held = Object.entries(tokens)
      .filter(([, holder]) => holder === seat.seat)
      .map(([name]) => h('span', { class: 'token-badge', title: `Holds the ${label(name).toLowerCase()}` }, label(name)));
    const isActive = active === seat.seat;
    const isYou = you.includes(seat.seat);
    el.append(
      h(
        'div',
        {
          class: `player${isActive ? ' active' : ''}${isYou ? ' you' : ''}`,
          style: { '--seat': hex },
          'data-testid': 'player',
          'data-seat': seat.seat,
        },
        h(
          'div',
          { class: 'player-head' },
          h('span', { class: 'swatch', style: { background: hex, color: inkOn(hex) } }, seat.seat + 1),
          h(
            'div',
            { class: 'player-name' },
            h('strong', {}, seat.name),
            isYou ? h('span', { class: 'you-badge' }, 'you') : null,
            h('div', { class: 'muted small' }, playerLabel(seat.player), seat.online ? h('span', { class: 'online', title: 'connected' }, ' ● online') : null),
          ),
          h('span', { class: 'score', 'data-testid': 'score', 'data-seat': seat.seat, title: 'Score' }, seat.score ?? 0),
        ),
        h('div', { class: 'supply' }, figures, held),
        goods,
      ),
    );
  }
}

function naturalCompare(a, b) {
  return a.localeCompare(b, undefined, { numeric: true });
}

/** How many tiles of each design are still face down. */
export function renderRemaining(el, view) {
  clear(el);
  const remaining = (view.remaining || []).filter((r) => r.count > 0).sort((a, b) => naturalCompare(a.tile, b.tile));
  const total = view.tiles_left ?? remaining.reduce((n, r) => n + r.count, 0);
  el.append(
    h('div', { class: 'panel-title' }, h('span', {}, 'Tiles left'), h('strong', { 'data-testid': 'tiles-left' }, total)),
    h(
      'div',
      { class: 'tile-counter', 'data-testid': 'tile-counter' },
      remaining.map((r) =>
        h(
          'div',
          { class: 'tile-count', title: `${r.tile}: ${r.count} left`, 'data-tile': r.tile },
          tileThumb(r.tile, 0),
          h('span', { class: 'count' }, r.count),
        ),
      ),
    ),
  );
}

function seatNames(event, seats) {
  const list = Array.isArray(event.seats) ? event.seats : event.seat !== undefined && event.seat !== null ? [event.seat] : [];
  return list.map((i) => seats[i]).filter(Boolean);
}

/** One log entry. */
function logEntry(event, seats) {
  const who = seatNames(event, seats);
  const hex = who.length ? seatHex(who[0]) : '#999';
  const scored = event.type === 'scored' || event.type === 'goods-scored' || event.type === 'token-scored';
  const points = typeof event.points === 'number' ? event.points : null;
  const text = event.text || event.type;
  const breakdown = event.breakdown && !text.includes(event.breakdown) ? event.breakdown : null;
  return h(
    'li',
    {
      class: `event ${event.type}${scored ? ' scoring' : ''}${event.phase === 'final' ? ' final' : ''}`,
      style: { '--seat': hex },
      'data-testid': 'event',
      'data-type': event.type,
    },
    scored && points !== null
      ? h('span', { class: `points${points === 0 ? ' zero' : ''}`, style: { background: hex, color: inkOn(hex) } }, `+${points}`)
      : null,
    h('span', { class: 'text' }, text),
    breakdown ? h('span', { class: 'breakdown' }, breakdown) : null,
  );
}

/**
 * The event log, newest first. Drawing events are left out of the list by default (each turn
 * has one and they say little), but scoring, figures and placements stay.
 */
export function renderLog(el, events, seats, { limit = 250 } = {}) {
  clear(el);
  const shown = [];
  for (let i = events.length - 1; i >= 0 && shown.length < limit; i--) {
    const e = events[i];
    if (!e) continue;
    shown.push(logEntry(e, seats || []));
  }
  el.append(...shown);
}

function pointsChips(points) {
  const entries = Object.entries(points || {}).filter(([, n]) => n);
  if (!entries.length) return h('span', { class: 'muted' }, '—');
  return entries.map(([kind, n]) => h('span', { class: 'chip', 'data-kind': kind }, `${label(kind)} ${n}`));
}

/** A drawn star (emoji fonts are not everywhere). */
function winnerStar() {
  return s(
    'svg',
    { class: 'winner-star', viewBox: '-10 -10 20 20', width: 18, height: 18, role: 'img', 'aria-label': 'winner' },
    s('path', { d: 'M0,-9 L2.6,-3.2 L8.6,-2.8 L4,1.3 L5.4,7.4 L0,4.2 L-5.4,7.4 L-4,1.3 L-8.6,-2.8 L-2.6,-3.2 Z' }),
  );
}

const sum = (points) => Object.values(points || {}).reduce((a, b) => a + (Number(b) || 0), 0);

/** The final scoring: for each seat the points during the game and at the end, by kind. */
export function finalTable(view) {
  const seats = [...(view.seats || [])].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  const best = seats.length ? seats[0].score ?? 0 : 0;
  const body = seats.map((seat, rank) => {
    const hex = seatHex(seat);
    const turn = (seat.points && seat.points.turn) || {};
    const fin = (seat.points && seat.points.final) || {};
    const winner = (seat.score ?? 0) === best;
    return h(
      'tr',
      { class: winner ? 'winner' : '', 'data-testid': 'final-row', 'data-seat': seat.seat },
      h('td', { class: 'rank' }, winner ? winnerStar() : `${rank + 1}.`),
      h('td', { class: 'player-cell' }, h('span', { class: 'dot', style: { background: hex } }), ' ', h('strong', {}, seat.name)),
      h('td', {}, h('div', { class: 'subtotal' }, sum(turn)), h('div', { class: 'chips' }, pointsChips(turn))),
      h('td', {}, h('div', { class: 'subtotal' }, sum(fin)), h('div', { class: 'chips' }, pointsChips(fin))),
      h('td', { class: 'total', 'data-testid': 'final-total', 'data-seat': seat.seat }, seat.score ?? 0),
    );
  });
  return h(
    'table',
    { class: 'final-table' },
    h('thead', {}, h('tr', {}, h('th', {}), h('th', {}, 'Player'), h('th', {}, 'During the game'), h('th', {}, 'Final scoring'), h('th', {}, 'Total'))),
    h('tbody', {}, body),
  );
}
