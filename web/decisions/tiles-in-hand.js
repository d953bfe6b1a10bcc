// The variations that put tiles in a player's hand, on the game screen: choosing the tile to
// place (tiles in hand, the battle for completed cloisters, the architects' stacks, collective
// planning's face-up row: the `choose-tile` decision), handing the tiles out ("Only one can
// choose": `give-tile`) and the own cloister of "Cloisters for everyone!" (`held-tile`). Each
// has its panel; the hand and the face-up row are panels of their own under the action panel;
// the turn banner says where the tile to place came from. The tile chosen is then placed like a
// drawn one (the base game's placement).

import { h, seatHex, inkOn } from '../ui.js';
import { tileThumb } from '../tiles.js';
import { renderHand, renderTileRow, chosenTileWords, givenTileWords, playsStacks, handsOut } from '../panels.js';
import { TILE_PUT, capital, sameAction, lookBack, hint, chosenLine } from '../game/kit.js';

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
 * The seat whose hand this screen shows: the one deciding, if it is this screen's, otherwise
 * the first of this screen's seats that holds tiles (null: none).
 */
function handSeat(screen) {
  const p = screen.pending;
  const holds = (i) => Array.isArray((screen.seat(i) || {}).hand);
  if (screen.you.includes(p.seat) && holds(p.seat)) return p.seat;
  const i = screen.you.find(holds);
  return i === undefined ? null : i;
}

/**
 * The tiles of a "choose-tile" decision, in the order the panel shows them: the order of the
 * hand or the face-up row (a stack's in the catalog's order), each design once.
 */
function tileChoices(screen) {
  const offered = screen.legal.filter((a) => a.action === 'choose-tile' && typeof a.tile === 'string');
  const p = screen.pending;
  const source = p.from === 'row' ? screen.view.tile_row : p.from === 'hand' ? (screen.seat(p.seat) || {}).hand : null;
  if (!Array.isArray(source)) return offered;
  const ordered = [];
  for (const t of source) {
    const a = offered.find((x) => x.tile === t);
    if (a && !ordered.includes(a)) ordered.push(a);
  }
  return ordered.concat(offered.filter((a) => !ordered.includes(a)));
}

/** The tile to place was chosen (from a hand, a stack or the face-up row): its `tile-chosen` event, or null. */
function tileChosen(screen) {
  return lookBack(screen.events, (e) => (e.type === 'tile-chosen' ? e : TILE_PUT.includes(e.type) || e.type === 'tile-drawn' ? null : undefined), null);
}

/**
 * "Only one can choose": where the tile `seat` places now came from in this round's hand-out:
 * `{from}` (the seat that handed it over) or `{kept: true}` (the seat handed the tiles out and
 * kept the last), or null. The round begins with the tiles drawn into the distributor's hand.
 */
function tileHandedOut(screen, seat) {
  const found = (e) => {
    if (e.type === 'tile-given' && e.to === seat) return { from: e.seat };
    if (e.type === 'tile-to-hand') return e.seat === seat ? { kept: true } : null;
    return undefined;
  };
  return lookBack(screen.events, found, null);
}

/**
 * The choices of a "give-tile" decision in the order the panel shows them: the tiles in the
 * order of the hand (each design once), each to the players still without a tile in seat order.
 */
function giveChoices(screen) {
  const offered = screen.legal.filter((a) => a.action === 'give-tile' && typeof a.tile === 'string');
  const hand = (screen.seat(screen.pending.seat) || {}).hand;
  const tiles = [...new Set([...(Array.isArray(hand) ? hand : []), ...offered.map((a) => a.tile)])];
  const seatOf = (a) => {
    const i = (screen.view.seats || []).findIndex((s) => s.color === a.to);
    return i < 0 ? Infinity : i;
  };
  return tiles.flatMap((t) => offered.filter((a) => a.tile === t).sort((a, b) => seatOf(a) - seatOf(b)));
}

/** Whether the tile to place is the seat's own cloister ("Cloisters for everyone!"), just taken in hand. */
function heldTilePlaced(screen) {
  return lookBack(screen.events, (e) => (e.type === 'held-tile-played' ? true : TILE_PUT.includes(e.type) ? false : undefined));
}

/**
 * The variation "Cloisters for everyone!", before the draw: on this screen's decision "Place
 * your cloister" (the tile is then placed like a drawn one), "Draw a tile" and the
 * confirmation; otherwise who decides.
 */
function heldTilePanel(screen, el, seat) {
  const p = screen.pending;
  const name = typeof p.tile_name === 'string' && p.tile_name ? p.tile_name : 'a cloister';
  const thumb = (size) => (typeof p.tile === 'string' && p.tile ? tileThumb(p.tile, 0, { class: 'tile-thumb held-thumb', width: size, height: size, 'aria-label': capital(name) }) : null);
  el.append(h('div', { class: 'panel-title' }, h('span', {}, screen.mine ? 'Your cloister' : `${seat.name}’s cloister`), thumb(28)));
  if (!screen.mine) {
    el.append(h('p', { class: 'hint', 'data-testid': 'deciding' }, `${seat.name} may place their own cloister instead of drawing a tile…`));
    return;
  }
  const held = screen.legal.find((a) => a.action === 'held-tile');
  const pass = screen.legal.find((a) => a.action === 'pass');
  const c = screen.choice;
  el.append(
    hint('Instead of drawing a tile you may place the cloister you hold (once in the game); you then place it like a drawn tile, and the figure decision follows as usual.'),
    hint('Cloisters for everyone: every player received a cloister face up at the start; it may be placed before any of their draws.', 'hint small muted rule-note'),
    h(
      'div',
      { class: 'choices' },
      held ? screen.choiceButton(held, 'held-tile-choice', thumb(18), 'Place your cloister') : null,
      pass ? screen.choiceButton(pass, 'pass', null, 'Draw a tile') : null,
    ),
  );
  el.append(screen.confirmRow(c ? screen.confirmText(c) : 'Place your cloister, or draw', !!c));
}

/**
 * The variations that let a player choose the tile to place (tiles in hand, the battle for
 * completed cloisters, the architects' stacks, collective planning's face-up row): on this
 * screen's decision the tiles that fit somewhere, as pictures with their words (a stack's
 * many designs as pictures alone, with how many of each), with the face-up row "Draw from the
 * pile", and the confirmation; the tile chosen is then placed like a drawn one. Otherwise who
 * decides.
 */
function chooseTilePanel(screen, el, seat) {
  const p = screen.pending;
  const from = CHOOSE_FROM[p.from] ? p.from : 'hand';
  const titles = { hand: 'Choose a tile from your hand', stack: 'Choose a tile from your stack', row: 'Take a face-up tile' };
  el.append(h('div', { class: 'panel-title' }, h('span', {}, screen.mine ? titles[from] : `${seat.name} chooses a tile`)));
  if (!screen.mine) {
    const waiting = {
      hand: `${seat.name} is choosing a tile from their hand…`,
      stack: `${seat.name} is choosing a tile from their stack…`,
      row: `${seat.name} is taking a face-up tile or drawing from the pile…`,
    }[from];
    el.append(h('p', { class: 'hint', 'data-testid': 'deciding' }, waiting));
    return;
  }
  const choices = tileChoices(screen);
  const pass = screen.legal.find((a) => a.action === 'pass');
  const c = screen.choice;
  const held = from === 'row' ? screen.view.tile_row || [] : (screen.seat(p.seat) || {}).hand || [];
  const count = (tile) => (from === 'row' ? 1 : held.filter((t) => t === tile).length);
  const many = choices.length > 6;
  const notes = {
    hand: 'Choose the tile to place this turn. You place it like a drawn tile; then you draw another into your hand.',
    stack: 'Choose any tile of your stack to place this turn; you place it like a drawn tile.',
    row: 'Take one of the face-up tiles and place it like a drawn one, or draw from the pile instead. A tile taken is replaced at the end of the turn.',
  };
  el.append(hint(notes[from]));
  // Tiles that fit nowhere now cannot be chosen; they stay where they are.
  const unfit = [...new Set(held)].filter((t) => !choices.some((a) => a.tile === t)).length;
  if (unfit) {
    const where = { hand: 'in your hand', stack: 'in your stack', row: 'in the row' }[from];
    el.append(h('p', { class: 'hint small muted rule-note', 'data-testid': 'unfit-tiles' }, `${unfit} kind${unfit === 1 ? '' : 's'} of tile ${where} fit${unfit === 1 ? 's' : ''} nowhere now and stay${unfit === 1 ? 's' : ''} there.`));
  }
  const button = (a) => {
    const on = sameAction(a, c);
    const words = chosenTileWords(a.label) || screen.names.get(a.tile) || 'a tile';
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
        onClick: () => screen.choose(a),
      },
      tileThumb(a.tile, 0, { class: 'tile-thumb', 'aria-label': capital(words) }),
      many ? null : h('span', { class: 'tile-choice-name' }, capital(words)),
      n > 1 ? h('span', { class: 'count', title: `${n} of them` }, `×${n}`) : null,
    );
  };
  el.append(h('div', { class: `tile-choices${many ? ' many' : ''}`, 'data-testid': 'tile-choices' }, choices.map(button)));
  if (pass) el.append(h('div', { class: 'choices' }, screen.choiceButton(pass, 'pass', null, 'Draw from the pile (P)')));
  if (c && c.action === 'choose-tile') el.append(chosenLine(capital(c.label)));
  el.append(screen.confirmRow(c ? screen.confirmText(c) : pass ? 'Choose a tile, or draw' : 'Choose a tile', !!c));
}

/**
 * The variation "Only one can choose": the seat whose turn begins the round drew a tile for
 * each player and hands them out, one at a time, to each player still without one, keeping
 * the last. On this screen's decision: the tiles of the hand as pictures (pick one), then
 * the players still without a tile (pick one; with a single one it is picked with the tile),
 * each button titled with the server's words of its action, and the confirmation. Otherwise
 * who hands out the tiles, and to whom they still go.
 */
function giveTilePanel(screen, el, seat) {
  const p = screen.pending;
  const faceUp = handsOut(screen.view) === 'face-up';
  const recipients = (Array.isArray(p.recipients) ? p.recipients : []).map((i) => screen.seat(i)).filter(Boolean);
  const names = (list) => {
    const n = list.map((r) => r.name);
    return n.length > 1 ? `${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}` : n[0] || 'the others';
  };
  el.append(h('div', { class: 'panel-title' }, h('span', {}, screen.mine ? 'Hand out the tiles' : `${seat.name} hands out the tiles`)));
  if (!screen.mine) {
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
  const giving = screen.stateOf('tiles-in-hand').giveTile;
  const choices = giveChoices(screen);
  const c = screen.choice && screen.choice.action === 'give-tile' ? screen.choice : null;
  const picked = c ? c.tile : choices.some((a) => a.tile === giving) ? giving : null;
  const hand = (screen.seat(p.seat) || {}).hand || [];
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
    const words = givenTileWords(first && first.label) || screen.names.get(tile) || 'a tile';
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
        onClick: () => pickGiveTile(screen, tile),
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
        disabled: !a || screen.busy,
        onClick: () => a && screen.choose(a),
      },
      h('span', { class: 'swatch', style: { background: hex, color: inkOn(hex) } }, r.seat + 1),
      ` Give to ${r.name}`,
    );
  };
  el.append(h('div', { class: 'choices recipients', 'data-testid': 'give-recipients' }, recipients.map(recipientButton)));
  if (c) el.append(chosenLine(`${capital(c.label)} (${(recipients.find((r) => r.color === c.to) || {}).name || c.to}).`));
  el.append(screen.confirmRow(c ? screen.confirmText(c) : picked ? 'Choose a player' : 'Choose a tile and a player', !!c));
}

/**
 * "Only one can choose": a tile of the hand picked in the panel. With one player left to give
 * it to (or the player picked before still without a tile), that is the action chosen; otherwise
 * the players to give it to are offered.
 */
function pickGiveTile(screen, tile) {
  if (!screen.mine || screen.busy) return;
  const offered = giveChoices(screen).filter((a) => a.tile === tile);
  if (!offered.length) return;
  screen.stateOf('tiles-in-hand').giveTile = tile;
  const to = screen.choice && screen.choice.action === 'give-tile' ? screen.choice.to : null;
  screen.choice = offered.length === 1 ? offered[0] : offered.find((a) => a.to === to) || null;
  screen.hideError();
  screen.render();
}

/** The decision module (decisions/index.js). */
export const tilesInHand = {
  name: 'tiles-in-hand',
  decisions: ['held-tile', 'choose-tile', 'give-tile'],
  words: {
    asks: {
      'held-tile': 'place the cloister in hand or draw a tile',
      'choose-tile': 'choose the tile to place',
      'give-tile': 'hand out the tiles',
    },
    confirm: { 'held-tile': 'Place your cloister', 'choose-tile': 'Take this tile', 'give-tile': 'Give the tile' },
    pass: { 'held-tile': 'Draw a tile', 'choose-tile': 'Draw from the pile' },
  },
  ask: (screen, p) => (p.decision === 'choose-tile' && CHOOSE_FROM[p.from] ? CHOOSE_FROM[p.from] : null),
  /** Where the tile to place came from: the seat's own cloister, the face-up row, a hand, a stack, the hand-out. */
  badges(screen, p) {
    if (p.decision !== 'place') return [];
    // "Cloisters for everyone!": the tile to place is the seat's own cloister.
    if (heldTilePlaced(screen)) return [h('span', { class: 'badge', 'data-testid': 'held-tile-badge' }, 'Own cloister')];
    const chosen = tileChosen(screen);
    if (!chosen) return [];
    const given = handsOut(screen.view) ? tileHandedOut(screen, p.seat) : null;
    const from = given
      ? given.kept
        ? 'Kept from the hand-out'
        : `Handed over by ${(screen.seat(given.from) || {}).name || 'another player'}`
      : chosen.face_up
        ? 'From the face-up row'
        : playsStacks(screen.view)
          ? 'From the stack'
          : 'From the hand';
    return [h('span', { class: 'badge', 'data-testid': 'chosen-tile-badge' }, from)];
  },
  /** A tile handed to a seat of this screen ("Only one can choose"); the battle for cloisters' points going to a neighbour. */
  news: (screen, e) => (e.type === 'tile-given' && screen.you.includes(e.to)) || e.type === 'cloister-to-neighbour',
  /** The tiles this screen's seat holds (hidden from the others), and with collective planning the face-up tiles (public). */
  build: () => ({
    hand: h('div', { class: 'panel hand-panel', 'data-testid': 'your-hand', hidden: true }),
    row: h('div', { class: 'panel tile-row-panel', 'data-testid': 'tile-row', hidden: true }),
  }),
  side(screen) {
    const p = screen.pending;
    const v = screen.view;
    const c = screen.choice;
    const chosenTile = c && c.action === 'choose-tile' ? c.tile : p.decision === 'give-tile' && screen.mine ? screen.stateOf('tiles-in-hand').giveTile : null;
    renderHand(screen.el.hand, v, handSeat(screen), { names: screen.names, chosen: p.from === 'row' ? null : chosenTile, hotSeat: screen.you.length > 1 });
    renderTileRow(screen.el.row, v, { names: screen.names, chosen: p.from === 'row' ? chosenTile : null });
  },
  placePanel(screen, d, { seat }) {
    if (!screen.mine && tileChosen(screen)) d.title = `${seat.name || 'Next'} took `;
  },
  panel(screen, el, seat) {
    const d = screen.pending.decision;
    if (d === 'held-tile') heldTilePanel(screen, el, seat);
    else if (d === 'choose-tile') chooseTilePanel(screen, el, seat);
    else giveTilePanel(screen, el, seat);
  },
  /** The tiles to choose from in the order the panel shows them, then the pile; handing out: each tile (in the hand's order) to each player still without one. */
  choices(screen) {
    const d = screen.pending.decision;
    if (d === 'choose-tile') return [...tileChoices(screen), ...screen.legal.filter((a) => a.action === 'pass')];
    if (d === 'give-tile') return giveChoices(screen);
    return null;
  },
  chose(screen, action) {
    if (action && action.action === 'give-tile') screen.stateOf('tiles-in-hand').giveTile = action.tile;
  },
  cancel(screen) {
    screen.stateOf('tiles-in-hand').giveTile = null;
  },
};
