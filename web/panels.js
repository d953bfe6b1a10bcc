// The panels around the board, shared by the game view and the replay viewer: the seats with
// scores and supplies, the tile counter, the event log and the final scoring table.

import { h, s, clear, label, playerLabel, seatHex, inkOn } from './ui.js';
import { figureIcon } from './figures.js';
import { tileThumb } from './tiles.js';
import { towerIcon } from './tower.js';
import { holdsAbbey, abbeyThumb } from './abbey.js';
import { cityOf, residentsOf, cityIcon } from './count.js';

/** The variation "Mountains": the design of a tile placed upside down. */
const MOUNTAIN_TILE = 'variations:mountain';

const FIGURE_ORDER = ['follower', 'big-follower', 'phantom', 'abbot', 'builder', 'pig', 'mayor', 'wagon', 'barn', 'shepherd', 'ringmaster'];
const GOODS = ['wine', 'grain', 'cloth'];

/**
 * The figures a seat holds prisoner (by its towers, and with the variation "Prisoners" by its
 * guards), each in its owner's colour with the server's words ("Ann's follower", "Ann's follower, guarded
 * by a follower"); for each legal ransom (the seat deciding may pay this seat to free a figure)
 * a button that chooses it (`onRansom(action)`; `chosen` is the action chosen; `ransomPoints`
 * what the payer pays: 3, or all their points under the variant short-ransom); and in the row
 * of the seat deciding (`releaser`) a button for each legal release of a prisoner it guards
 * (`releases`, chosen the same way).
 */
function prisonersRow(seat, seats, { ransoms = [], releases = [], releaser = null, chosen = null, onRansom = null, ransomPoints = 3 } = {}) {
  const held = (Array.isArray(seat.prisoners) ? seat.prisoners : []).filter((p) => p && typeof p === 'object');
  if (!held.length) return null;
  const mine = ransoms.filter((a) => a.captor === seat.color);
  const freed = seat.seat === releaser ? releases : [];
  const ownerName = (color) => {
    const owner = seats.find((x) => x && x.color === color);
    return owner ? `${owner.name}'s` : `the ${color} player's`;
  };
  return h(
    'div',
    { class: 'prisoners', 'data-testid': 'prisoners', 'data-seat': seat.seat },
    h('span', { class: 'muted small' }, 'Prisoners:'),
    held.map((p) => {
      const owner = seats[p.seat];
      const words = typeof p.label === 'string' && p.label ? p.label : `${owner ? `${owner.name}'s` : 'a'} ${label(p.figure).toLowerCase()}`;
      return h(
        'span',
        { class: 'prisoner', title: `Held prisoner: ${words}`, 'data-testid': 'prisoner', 'data-owner': p.seat, 'data-figure': p.figure },
        figureIcon(p.figure, seatHex(owner), 16),
        h('span', {}, words),
      );
    }),
    onRansom
      ? mine.map((a) =>
          h(
            'button',
            {
              type: 'button',
              class: `small ransom${chosen === a ? ' selected' : ''}`,
              'data-testid': 'ransom-button',
              'data-captor': a.captor,
              'data-figure': a.figure,
              'aria-pressed': chosen === a ? 'true' : 'false',
              title: a.label || 'pay a ransom',
              onClick: () => onRansom(a),
            },
            `Pay ${ransomPoints} to free your ${label(a.figure).toLowerCase()}`,
          ),
        )
      : null,
    onRansom
      ? freed.map((a) =>
          h(
            'button',
            {
              type: 'button',
              class: `small ransom release${chosen === a ? ' selected' : ''}`,
              'data-testid': 'release-button',
              'data-owner': a.owner,
              'data-figure': a.figure,
              'aria-pressed': chosen === a ? 'true' : 'false',
              title: a.label || 'release a prisoner',
              onClick: () => onRansom(a),
            },
            `Release ${ownerName(a.owner)} ${label(a.figure).toLowerCase()}`,
          ),
        )
      : null,
  );
}

/** Abbey & Mayor: whether the seat still holds its abbey tile (dimmed once placed), or null. */
function abbeyItem(seat) {
  const held = holdsAbbey(seat);
  if (held === null) return null;
  const words = held ? 'Still holds the abbey tile' : 'The abbey tile is placed';
  return h(
    'span',
    { class: `supply-item abbey${held ? '' : ' used'}`, title: words, 'aria-label': words, 'data-testid': 'supply-abbey', 'data-held': held ? 'true' : 'false' },
    abbeyThumb(16, words),
    h('span', { 'aria-hidden': 'true' }, `×${held ? 1 : 0}`),
  );
}

/**
 * The variation "Cloisters for everyone!": the cloister the seat still holds face up (to place
 * instead of a draw), or null once placed or without the variation.
 */
function heldTileItem(seat) {
  const tile = seat.held_tile;
  if (typeof tile !== 'string' || !tile) return null;
  const words = 'Holds a cloister to place instead of drawing';
  return h(
    'span',
    { class: 'supply-item held-tile', title: words, 'aria-label': words, 'data-testid': 'supply-held-tile', 'data-tile': tile },
    tileThumb(tile, 0, { class: 'tile-thumb held-thumb', width: 16, height: 16, 'aria-label': words }),
    h('span', { 'aria-hidden': 'true' }, '×1'),
  );
}

/** Whether the view's game deals every tile into stacks of one's own (the variation "The architects"). */
export function playsStacks(view) {
  const variants = view && view.rules && view.rules.variants;
  return !!variants && variants.architects === true;
}

/**
 * The variation "Only one can choose": how the round's tiles are handed out (`face-down` or
 * `face-up`, the view's rules), or null when it is not played.
 */
export function handsOut(view) {
  const variants = view && view.rules && view.rules.variants;
  const value = variants && variants['only-one-can-choose'];
  return value === 'face-down' || value === 'face-up' ? value : null;
}

/**
 * The house rule "a three-tile hand": `hidden` or `visible` (to all), or null when it is not
 * played.
 */
export function houseHand(view) {
  const variants = view && view.rules && view.rules.variants;
  const value = variants && variants['three-tile-hand'];
  return value === 'hidden' || value === 'visible' ? value : null;
}

/** A face-down tile (its back), for counts of hidden tiles. */
function tileBackIcon(size = 16) {
  return s(
    'svg',
    { class: 'tile-back-icon', viewBox: '0 0 20 20', width: size, height: size, 'aria-hidden': 'true' },
    s('rect', { x: 5, y: 1, width: 14, height: 14, rx: 2, class: 'back-under' }),
    s('rect', { x: 1, y: 5, width: 14, height: 14, rx: 2, class: 'back-top' }),
  );
}

/**
 * The variations that let a player choose the tile to place (more tiles in hand, the battle for
 * completed cloisters, the architects): how many tiles the seat holds, hidden from the others
 * (the view's `hand_size`), or null without them.
 */
function handItem(seat, view, names = new Map()) {
  const n = seat.hand_size;
  if (!Number.isInteger(n) || n < 0) return null;
  const tiles = `${n} tile${n === 1 ? '' : 's'}`;
  const words = playsStacks(view) ? `Holds ${tiles} in their stack` : `Holds ${tiles} in hand`;
  const count = h(
    'span',
    { class: `supply-item hand${n ? '' : ' used'}`, title: words, 'aria-label': words, 'data-testid': 'supply-hand', 'data-count': n },
    tileBackIcon(16),
    h('span', { 'aria-hidden': 'true' }, `×${n}`),
  );
  // "Only one can choose", handed out face up, or the house rule's hands "visible to all":
  // everyone sees the tiles each seat holds.
  const visible = handsOut(view) === 'face-up' || houseHand(view) === 'visible';
  const open = visible && Array.isArray(seat.hand) ? seat.hand.filter((t) => typeof t === 'string' && t) : [];
  if (!open.length) return count;
  return [
    count,
    h(
      'span',
      { class: 'supply-item open-hand', 'data-testid': 'open-hand', 'data-seat': seat.seat, title: `Face up: ${open.map((t) => names.get(t) || 'a tile').join(', ')}` },
      open.map((t) =>
        h('span', { class: 'open-tile', 'data-tile': t }, tileThumb(t, 0, { class: 'tile-thumb open-thumb', width: 22, height: 22, 'aria-label': names.get(t) || 'a tile' })),
      ),
    ),
  ];
}

/** The Count of Carcassonne: how many of the seat's figures wait in the city's quarters, or null. */
function cityItem(seat, city) {
  if (!city) return null;
  const n = residentsOf(city, seat.seat);
  const words = `Figures waiting in Carcassonne: ${n}`;
  return h(
    'span',
    { class: `supply-item carcassonne${n ? '' : ' used'}`, title: words, 'aria-label': words, 'data-testid': 'supply-carcassonne', 'data-count': n },
    cityIcon(16),
    h('span', { 'aria-hidden': 'true' }, `×${n}`),
  );
}

/**
 * The seats: colour, name, score, figures in supply, goods and tokens; with The Tower the tower
 * pieces left and the prisoners each seat holds (`ransoms`, `chosen`, `onRansom`: the ransoms
 * this screen may pay now; `releases`, `releaser`: with the variation "Prisoners" the releases
 * the seat deciding may make, see `prisonersRow`); with Abbey & Mayor whether it holds its abbey;
 * with "Cloisters for everyone!" the cloister it still holds; with the variations of tiles in hand
 * (or stacks) how many tiles it holds; with The Count of Carcassonne how many of its figures wait
 * in the city; and what the decision modules add to a seat's supply (`seatItems`: functions of
 * the seat answering an element or null) and beside its score (`scoreItems`, the same: The
 * Messages' messenger).
 */
export function renderPlayers(el, view, { you = [], active = null, names = new Map(), seatItems = [], scoreItems = [], ...ransom } = {}) {
  clear(el);
  const tokens = view.tokens || {};
  const city = cityOf(view);
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
    const pieces = Number.isInteger(seat.tower_pieces)
      ? h(
          'span',
          { class: 'supply-item', title: `Tower pieces left: ${seat.tower_pieces}`, 'data-testid': 'supply-tower' },
          towerIcon(16),
          h('span', {}, `×${seat.tower_pieces}`),
        )
      : null;
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
          scoreItems.map((item) => item(seat)),
          h('span', { class: 'score', 'data-testid': 'score', 'data-seat': seat.seat, title: 'Score' }, seat.score ?? 0),
        ),
        h('div', { class: 'supply' }, figures, pieces, abbeyItem(seat), heldTileItem(seat), handItem(seat, view, names), cityItem(seat, city), seatItems.map((item) => item(seat)), held),
        goods,
        prisonersRow(seat, view.seats || [], ransom),
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
  // The Princess & the Dragon: dragon tiles drawn before the dragon came are set aside.
  const aside = Array.isArray(view.set_aside) ? view.set_aside.length : 0;
  el.append(h('div', { class: 'panel-title' }, h('span', {}, 'Tiles left'), h('strong', { 'data-testid': 'tiles-left' }, total)));
  if (aside) {
    el.append(
      h(
        'p',
        { class: 'set-aside small', 'data-testid': 'set-aside', 'data-count': aside, title: 'They are mixed into the face-down tiles when a volcano brings the dragon into play' },
        `${aside} dragon tile${aside === 1 ? '' : 's'} set aside until the dragon comes`,
      ),
    );
  }
  el.append(
    h(
      'div',
      { class: 'tile-counter', 'data-testid': 'tile-counter' },
      remaining.map((r) =>
        h(
          'div',
          { class: 'tile-count', title: `${r.name || 'a tile'}: ${r.count} left`, 'data-tile': r.tile },
          tileThumb(r.tile, 0, { 'aria-label': r.name || 'a tile' }),
          h('span', { class: 'count' }, r.count),
        ),
      ),
    ),
  );
}

/** The words of a legal "choose-tile" action's tile: "take a straight road from your hand" -> "a straight road". */
export function chosenTileWords(label) {
  return typeof label === 'string' ? label.replace(/^take /, '').replace(/ from (your hand|your stack|the face-up row)$/, '') : '';
}

/** The words of a legal "give-tile" action's tile: "give a straight road to blue" -> "a straight road". */
export function givenTileWords(label) {
  return typeof label === 'string' && /^give /.test(label) ? label.replace(/^give /, '').replace(/ to [a-z]+$/, '') : '';
}

/**
 * Words for tile designs, by catalog id, from what the view says of them: the tiles left, the
 * tile to place, the legal choices of a tile, the tiles turned face up. A design none of these
 * names is left out (callers fall back to general words, never to the catalog id).
 */
export function tileNames(view, events = []) {
  const names = new Map();
  const v = view || {};
  for (const r of Array.isArray(v.remaining) ? v.remaining : []) {
    if (r && typeof r.tile === 'string' && typeof r.name === 'string' && r.name) names.set(r.tile, r.name);
  }
  for (const e of events || []) {
    if (!e || e.type !== 'tile-face-up' || typeof e.tile !== 'string' || typeof e.text !== 'string') continue;
    const words = e.text.replace(/ is turned face up\.?$/, '');
    if (words !== e.text && words) names.set(e.tile, words[0].toLowerCase() + words.slice(1));
  }
  const p = v.pending || {};
  if (typeof p.tile === 'string' && typeof p.tile_name === 'string' && p.tile_name) names.set(p.tile, p.tile_name);
  for (const a of Array.isArray(v.legal) ? v.legal : []) {
    if (a && a.action === 'choose-tile' && typeof a.tile === 'string' && chosenTileWords(a.label)) names.set(a.tile, chosenTileWords(a.label));
    if (a && a.action === 'give-tile' && typeof a.tile === 'string' && givenTileWords(a.label)) names.set(a.tile, givenTileWords(a.label));
  }
  // A tile taken from a hand (the server's words: "Ann takes a city corner from their hand").
  for (const e of events || []) {
    if (!e || e.type !== 'tile-chosen' || typeof e.tile !== 'string' || typeof e.text !== 'string' || names.has(e.tile)) continue;
    const who = ((v.seats || [])[e.seat] || {}).name;
    if (typeof who !== 'string' || !e.text.startsWith(`${who} takes `)) continue;
    const words = (/^(.+) from (their \w+|the face-up row)$/.exec(e.text.slice(who.length + 7)) || [])[1];
    if (words) names.set(e.tile, words);
  }
  return names;
}

/**
 * Tiles as a row of pictures, each with `data-tile` (its catalog id) and its words as its label;
 * `group`: one picture per design with a count (a stack of thirty tiles), in the catalog's
 * order; `chosen`: the design chosen now, outlined.
 */
function tileStrip(tiles, names, { group = false, chosen = null, fallback = 'a tile', testid = 'held-tile' } = {}) {
  const entries = [];
  if (group) {
    const counts = new Map();
    for (const t of tiles) counts.set(t, (counts.get(t) || 0) + 1);
    for (const t of [...counts.keys()].sort(naturalCompare)) entries.push([t, counts.get(t)]);
  } else {
    for (const t of tiles) entries.push([t, 1]);
  }
  return h(
    'div',
    { class: `tile-strip${group ? ' grouped' : ''}` },
    entries.map(([tile, count]) => {
      const words = names.get(tile) || fallback;
      const title = count > 1 ? `${words} (${count})` : words;
      return h(
        'div',
        { class: `strip-tile${chosen === tile ? ' selected' : ''}`, 'data-testid': testid, 'data-tile': tile, 'data-count': count, title },
        tileThumb(tile, 0, { 'aria-label': title }),
        count > 1 ? h('span', { class: 'count' }, count) : null,
      );
    }),
  );
}

/**
 * The tiles a seat of this screen holds, hidden from the others (the view's `hand`): "Your hand"
 * (or "Your stack" with the architects; the seat's name at a hot seat), shown whoever's turn it
 * is. `chosen`: the design chosen in the action panel, outlined. Hidden without a hand.
 */
export function renderHand(el, view, seatIndex, { names = new Map(), chosen = null, hotSeat = false } = {}) {
  clear(el);
  const seat = ((view && view.seats) || [])[seatIndex];
  const hand = seat && Array.isArray(seat.hand) ? seat.hand.filter((t) => typeof t === 'string' && t) : null;
  el.hidden = !hand;
  if (!hand) return;
  const stack = playsStacks(view);
  const what = stack ? 'stack' : 'hand';
  const title = hotSeat ? `${seat.name}’s ${what}` : `Your ${what}`;
  el.dataset.seat = String(seat.seat);
  el.dataset.count = String(hand.length);
  el.append(
    h('div', { class: 'panel-title' }, h('span', {}, title), h('span', { class: 'muted small', 'data-testid': 'hand-count' }, `${hand.length} tile${hand.length === 1 ? '' : 's'}`)),
    hand.length
      ? tileStrip(hand, names, { group: hand.length > 6, chosen, fallback: `a tile in your ${what}`, testid: 'hand-item' })
      : h('p', { class: 'hint small muted' }, `No tiles in your ${what}.`),
    h('p', { class: 'hint small muted' }, handNote(view, stack)),
  );
}

/** What "Your hand" says of who sees it and how it fills. */
function handNote(view, stack) {
  if (stack) return 'Only you see your stack; the others see how many tiles it holds.';
  const out = handsOut(view);
  if (out === 'face-up') return 'Only one can choose, face up: everyone sees the tiles handed out. Each round the player whose turn it is draws a tile for each player and hands them out.';
  if (out) return 'Only one can choose: only you see the tiles you hold; the others see how many. Each round the player whose turn it is draws a tile for each player and hands them out.';
  const house = houseHand(view);
  const refill = 'After your turn (the builder’s second tile included) you draw back up to three; a held abbey counts as one of them.';
  if (house === 'visible') return `Everyone sees your hand. ${refill}`;
  if (house === 'hidden') return `Only you see your hand; the others see how many tiles you hold. ${refill}`;
  return 'Only you see your hand; the others see how many tiles you hold. After placing you draw another.';
}

/**
 * The variation "Collective planning": the face-up tiles (the view's `tile_row`), which the
 * player whose turn it is may take instead of drawing; shown to everyone. Hidden without them.
 */
export function renderTileRow(el, view, { names = new Map(), chosen = null } = {}) {
  clear(el);
  const row = view && Array.isArray(view.tile_row) ? view.tile_row.filter((t) => typeof t === 'string' && t) : [];
  el.hidden = !row.length;
  if (!row.length) return;
  el.dataset.count = String(row.length);
  el.append(
    h('div', { class: 'panel-title' }, h('span', {}, 'Face-up tiles'), h('span', { class: 'muted small', 'data-testid': 'row-count' }, `${row.length} tile${row.length === 1 ? '' : 's'}`)),
    tileStrip(row, names, { chosen, fallback: 'a face-up tile', testid: 'row-tile' }),
    h('p', { class: 'hint small muted' }, 'Collective planning: the player whose turn it is takes one of these or draws from the pile; a tile taken is replaced at the end of the turn.'),
  );
}

// The events that pay points: their `points` go to `seats` (scores) or `seat` (the others).
// A ransom (The Tower) moves points from its `seat` to its `captor` (see `pointsOf`).
const SCORING = ['scored', 'goods-scored', 'token-scored', 'fairy-bonus', 'message-scored', 'flock-herded', 'circus-scored', 'acrobats-scored', 'ringmaster-bonus', 'catapult-scored'];

/** Points with their sign: "+8", "−3" (a minus sign, not a hyphen). */
function signed(n) {
  return n < 0 ? `−${-n}` : `+${n}`;
}

/**
 * The points a seat gives up: for another deployment or move in "The dash" (the event names
 * none: one each), for a tile removed in "Rebuilding" (its `points`, one).
 */
function sacrificed(e) {
  return e.type === 'point-sacrificed' || e.type === 'tile-removed' ? Number(e.points) || 1 : 0;
}

/** The kind of the final table's points under which a point given up (`sacrificed`) counts. */
const GIVEN_UP_KIND = { 'point-sacrificed': 'dash', 'tile-removed': 'rebuilding' };

/**
 * What an event pays to whom: [[seat, points]] (a ransom: the payer loses, the captor gains; a
 * point given up for the dash or a tile removed: the seat loses it).
 */
function pointsOf(e) {
  if (sacrificed(e)) return [[e.seat, -sacrificed(e)]];
  const points = Number(e.points) || 0;
  // A short ransom (the variant short-ransom): the payer loses `points`, the captor gains
  // `received` (3).
  if (e.type === 'ransom-paid') return [[e.seat, -points], [e.captor, e.received === undefined ? points : Number(e.received) || 0]];
  if (!points) return [];
  // A flock driven to the stable (Hills & Sheep) pays each of its shepherds' seats, as a score does.
  const who = e.type === 'scored' || e.type === 'flock-herded' ? e.seats || [] : SCORING.includes(e.type) ? [e.seat] : [];
  return who.map((seat) => [seat, points]);
}

function seatNames(event, seats) {
  const list = Array.isArray(event.seats) ? event.seats : event.seat !== undefined && event.seat !== null ? [event.seat] : [];
  return list.map((i) => seats[i]).filter(Boolean);
}

/**
 * Several tiles drawn into hands by one action (the deal at the start, with tiles in hand or the
 * architects' stacks: one `tile-to-hand` event per tile): one log entry, "Tiles dealt into the
 * hands: Ann 3, Ben 3".
 */
function dealEntry(group, seats) {
  const counts = new Map();
  for (const e of group) counts.set(e.seat, (counts.get(e.seat) || 0) + 1);
  const first = group[0];
  const where = (/into their (\w+)$/.exec(typeof first.text === 'string' ? first.text : '') || [])[1] || 'hand';
  const name = (seat) => (seats[seat] || {}).name || `Seat ${Number(seat) + 1}`;
  const who = [...counts].map(([seat, n]) => `${name(seat)} ${n}`);
  // One seat drawing several tiles ("Only one can choose": the round's tiles, to hand out).
  const one = counts.size === 1 ? first.seat : null;
  const text = one !== null ? `${name(one)} draws ${group.length} tiles into their ${where}` : `Tiles dealt into the ${where}s: ${who.join(', ')}`;
  const hex = one !== null && seats[one] ? seatHex(seats[one]) : '#999';
  return h(
    'li',
    { class: 'event tile-to-hand dealt', style: { '--seat': hex }, 'data-testid': 'event', 'data-type': 'tile-to-hand', 'data-count': group.length, 'data-action': first.action ?? '' },
    h('span', { class: 'text' }, text),
  );
}

/**
 * The log's entries, oldest first: one per event, but the tiles drawn into hands by one action
 * (`tile-to-hand`, the deal) make one entry.
 */
function logItems(events) {
  const items = [];
  for (const e of events) {
    const last = items[items.length - 1];
    if (e.type === 'tile-to-hand' && last && last[0].type === 'tile-to-hand' && last[0].action === e.action) last.push(e);
    else items.push([e]);
  }
  return items;
}

/** A small picture of a mountain, for the log: decoration only (the entry's text says it). */
function mountainIcon() {
  const thumb = tileThumb(MOUNTAIN_TILE, 0, { class: 'tile-thumb log-thumb', width: 14, height: 14 });
  thumb.querySelector('title')?.remove();
  thumb.removeAttribute('role');
  thumb.removeAttribute('aria-label');
  thumb.setAttribute('aria-hidden', 'true');
  return thumb;
}

/**
 * "Rebuilding": a small picture of the tile removed or placed elsewhere (as it now lies), for the
 * log; decoration only (the entry's text says it).
 */
function movedTileIcon(event) {
  if (typeof event.tile !== 'string' || !event.tile) return null;
  const thumb = tileThumb(event.tile, ['tile-replaced', 'tile-removed'].includes(event.type) ? Number(event.rotation) || 0 : 0, { class: 'tile-thumb log-thumb', width: 14, height: 14 });
  thumb.querySelector('title')?.remove();
  thumb.removeAttribute('role');
  thumb.removeAttribute('aria-label');
  thumb.setAttribute('aria-hidden', 'true');
  return thumb;
}

/**
 * One log entry. A ransom shows its points as the payer's loss, a point given up for the dash or
 * for a tile removed as −1.
 */
function logEntry(event, seats) {
  const who = seatNames(event, seats);
  const hex = who.length ? seatHex(who[0]) : '#999';
  const ransom = event.type === 'ransom-paid';
  const dash = sacrificed(event);
  const scored = SCORING.includes(event.type) || ransom || dash > 0;
  // A feature scored with nobody on it pays nobody: no points badge beside "Nobody scores ...".
  const unpaid = event.type === 'scored' && !(event.seats || []).length;
  const points = unpaid ? null : dash ? -dash : typeof event.points === 'number' ? (ransom ? -event.points : event.points) : null;
  const text = typeof event.text === 'string' && event.text ? event.text : String(event.type || '');
  const breakdown = event.breakdown && !text.includes(event.breakdown) ? event.breakdown : null;
  return h(
    'li',
    {
      class: `event ${event.type}${scored ? ' scoring' : ''}${event.phase === 'final' ? ' final' : ''}`,
      style: { '--seat': hex },
      'data-testid': 'event',
      'data-type': event.type,
      'data-action': event.action ?? '',
    },
    scored && points !== null
      ? h('span', { class: `points${points === 0 ? ' zero' : ''}`, style: { background: hex, color: inkOn(hex) } }, signed(points))
      : null,
    // The variation "Mountains": a tile turned upside down shows the mountain it became.
    event.type === 'mountain-raised' ? mountainIcon() : null,
    event.type === 'tile-removed' || event.type === 'tile-replaced' ? movedTileIcon(event) : null,
    h('span', { class: 'text' }, text),
    breakdown ? h('span', { class: 'breakdown' }, breakdown) : null,
  );
}

/** How many log entries one page shows; older ones come a page at a time. */
export const LOG_PAGE = 100;

/**
 * The event log, newest first: the newest `shown` entries (a page at first), then a button
 * that shows the next page of older ones. Every event is kept, however long the game (the
 * tiles one action deals into hands share an entry). `onMore(shown)` is called with the new count when the button is pressed.
 */
export function renderLog(el, events, seats, { shown = LOG_PAGE, onMore = null } = {}) {
  clear(el);
  const known = logItems(events.filter((e) => e && typeof e === 'object'));
  const entries = [];
  for (let i = known.length - 1; i >= 0 && entries.length < shown; i--) {
    const item = known[i];
    entries.push(item.length > 1 ? dealEntry(item, seats || []) : logEntry(item[0], seats || []));
  }
  el.append(...entries);
  const older = known.length - entries.length;
  if (older > 0 && onMore) {
    el.append(
      h(
        'li',
        { class: 'log-more' },
        h(
          'button',
          { type: 'button', class: 'small', 'data-testid': 'log-more', onClick: () => onMore(shown + LOG_PAGE) },
          `Show ${Math.min(LOG_PAGE, older)} older of ${older}`,
        ),
      ),
    );
  }
}

// Dash patterns per seat, so that the chart's lines differ by more than their colours.
const DASHES = ['', '8 4', '2 4', '10 3 2 3', '5 5', '1 3'];

/**
 * Each seat's score after every action, from the scoring events: a line chart in SVG with a
 * legend. `steps` is the number of actions the chart spans.
 */
export function scoreChart(events, seats, steps) {
  const list = seats || [];
  const totals = list.map(() => 0);
  const series = list.map(() => [[0, 0]]);
  for (const e of events || []) {
    if (!e) continue;
    const at = (e.action ?? -1) + 1;
    for (const [seat, points] of pointsOf(e)) {
      if (totals[seat] === undefined) continue;
      totals[seat] += points;
      series[seat].push([at, totals[seat]]);
    }
  }
  const last = Math.max(1, steps || 0, ...series.flat().map(([x]) => x));
  // The highest score reached (a ransom paid can lower a score after its peak).
  const top = Math.max(10, ...series.flat().map(([, v]) => v));
  const W = 320;
  const H = 150;
  const pad = { l: 30, r: 8, t: 8, b: 20 };
  const x = (v) => pad.l + (v / last) * (W - pad.l - pad.r);
  const y = (v) => H - pad.b - (v / top) * (H - pad.t - pad.b);
  const svg = s(
    'svg',
    { class: 'score-chart', viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': `Scores over the game: ${list.map((seat, i) => `${seat.name} ${totals[i]}`).join(', ')}`, 'data-testid': 'score-chart' },
    s('line', { class: 'axis', x1: pad.l, y1: H - pad.b, x2: W - pad.r, y2: H - pad.b }),
    s('line', { class: 'axis', x1: pad.l, y1: pad.t, x2: pad.l, y2: H - pad.b }),
    s('text', { class: 'axis-label', x: pad.l - 4, y: y(top) + 4, 'text-anchor': 'end' }, top),
    s('text', { class: 'axis-label', x: pad.l - 4, y: H - pad.b + 4, 'text-anchor': 'end' }, 0),
    s('text', { class: 'axis-label', x: W - pad.r, y: H - 5, 'text-anchor': 'end' }, `${last} actions`),
  );
  series.forEach((points, i) => {
    // Steps: a score holds until the next scoring, then jumps.
    const path = [];
    points.forEach(([px, py], k) => {
      if (k === 0) path.push(`M${x(px)},${y(py)}`);
      else path.push(`H${x(px)}`, `V${y(py)}`);
    });
    path.push(`H${x(last)}`);
    svg.append(
      s('path', {
        class: 'series',
        d: path.join(' '),
        stroke: seatHex(list[i]),
        'stroke-dasharray': DASHES[i % DASHES.length] || null,
        'data-seat': i,
      }),
    );
  });
  const legend = h(
    'div',
    { class: 'chart-legend' },
    list.map((seat, i) =>
      h(
        'span',
        { class: 'legend-item' },
        s('svg', { width: 26, height: 8, 'aria-hidden': 'true' }, s('line', { x1: 0, y1: 4, x2: 26, y2: 4, stroke: seatHex(seat), 'stroke-width': 3, 'stroke-dasharray': DASHES[i % DASHES.length] || null })),
        ` ${seat.name} ${totals[i]}`,
      ),
    ),
  );
  return h('figure', { class: 'chart' }, h('figcaption', { class: 'subtitle' }, 'Scores over the game'), svg, legend);
}

function pointsChips(points) {
  const entries = Object.entries(points || {}).filter(([, n]) => n);
  if (!entries.length) return h('span', { class: 'muted' }, '—');
  // A ransom paid is a negative kind (The Tower): shown with a minus sign.
  return entries.map(([kind, n]) => h('span', { class: `chip${n < 0 ? ' negative' : ''}`, 'data-kind': kind }, `${label(kind)} ${n < 0 ? signed(n) : n}`));
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

/**
 * The final scoring: for each seat the points during the game and at the end, by kind. `events`
 * (the game's, when known) add the points given up during the game for "The dash" (the kind
 * `dash`) and for tiles removed by "Rebuilding" (`rebuilding`), negative, where the view's points
 * do not count them.
 */
export function finalTable(view, events = null) {
  const seats = [...(view.seats || [])].sort((a, b) => (b.score ?? 0) - (a.score ?? 0));
  const best = seats.length ? seats[0].score ?? 0 : 0;
  // "seat kind" -> the points given up.
  const given = new Map();
  for (const e of events || []) {
    if (!e || !sacrificed(e)) continue;
    const key = `${e.seat} ${GIVEN_UP_KIND[e.type]}`;
    given.set(key, (given.get(key) || 0) + sacrificed(e));
  }
  const body = seats.map((seat, rank) => {
    const hex = seatHex(seat);
    let turn = (seat.points && seat.points.turn) || {};
    for (const kind of Object.values(GIVEN_UP_KIND)) {
      const n = given.get(`${seat.seat} ${kind}`);
      if (n && !(kind in turn)) turn = { ...turn, [kind]: -n };
    }
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
