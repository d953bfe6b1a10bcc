// The Catapult on the game screen: the rule note on a fair tile to place; the round's three
// decisions, each for whichever seat decides (the opener chooses the token, then every player
// flicks in turn, `pending.seat`): `catapult` (a button per kind of token, in the server's
// words), `flick` (every tile on the board highlighted as a square to aim at, and the same as a
// folded list), `seduce` (a heart marker on each follower the token may replace, the followers
// of the seat that may take its place, and a pass). Where the last round's tokens came down is
// drawn on the board (a token in the flicker's colour with its kind's emblem, in a burst of
// impact lines) from the `flicked` events, until every seat has placed a tile since, for every
// screen and in the replay; the news tells the rounds, the flicks of the others, the seductions, the
// catches and the points.

import { h, s, seatHex, inkOn } from '../ui.js';
import { TILE_PUT, capital, hint, lookBack, markerButton, ruleNote, sameAction, section, tapVerb } from '../game/kit.js';
import { SEDUCTION_HEART, figureIcon } from '../figures.js';

const NAME = 'catapult';

/** The kinds of token in words. */
const TOKEN_WORDS = { 'knock-out': 'knock-out', seduction: 'seduction', target: 'target hurling', catch: 'catch' };

/** What a round of each kind does, for the flick's rule note. */
const TOKEN_RULES = {
  'knock-out': 'Knock-out: the followers on the tile the token lands on go home without scoring, yours too.',
  seduction: 'Seduction: where the token lands on the map, you may put one of your followers in the place of another player’s follower nearest to it.',
  target: 'Target hurling: the tokens that land nearest the fair tile score 5 points; off the map they do not count.',
  catch: 'Catch: each token goes to the player on the left, who catches it one time in two for 5 points.',
};

/** The emblem of each kind of token, around (0, 0), about 13 units across, drawn in `ink`. */
function emblem(token, ink) {
  const line = { fill: 'none', stroke: ink, 'stroke-width': 1.6, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' };
  if (token === 'knock-out') {
    // A burst: the blow that sends followers home.
    return s('path', { d: 'M0 -6.5L1.7 -2.6L5.8 -3.6L3.2 -0.3L6 3L1.8 2.6L0.6 6.4L-1 2.7L-5 4.2L-3 0.4L-6.2 -2.6L-2 -2.4Z', fill: ink });
  }
  if (token === 'seduction') return s('path', { d: SEDUCTION_HEART, fill: ink });
  if (token === 'target') {
    return s('g', {}, s('circle', { r: 5.6, ...line }), s('circle', { r: 2.8, ...line }), s('circle', { r: 0.9, fill: ink }));
  }
  // Catch: a token thrown in an arc to the next player.
  return s('path', { d: 'M-6 4.5Q0 -9 6 4.5M6 4.5L2.6 3.2M6 4.5L6.6 0.9', ...line });
}

/** A catapult token around (0, 0): a wooden disc rimmed in `hex` with its kind's emblem, 22 units across. */
export function tokenShape(token, hex = '#b07a43') {
  return s(
    'g',
    { class: `catapult-token ${token}` },
    s('circle', { class: 'token-disc', r: 10, fill: hex, stroke: '#2b1a0c', 'stroke-width': 1.6 }),
    s('circle', { r: 7.6, fill: 'none', stroke: inkOn(hex), 'stroke-width': 0.8, 'stroke-opacity': 0.55 }),
    emblem(token, inkOn(hex)),
  );
}

/** Where a token came down: the token in a burst of eight impact lines (faded off the map). */
function landingShape(token, hex, onTile) {
  const ticks = [0, 45, 90, 135, 180, 225, 270, 315].map((deg) => {
    const r = (deg * Math.PI) / 180;
    const [c, n] = [Math.cos(r), Math.sin(r)];
    return `M${(13 * c).toFixed(2)} ${(13 * n).toFixed(2)}L${(18 * c).toFixed(2)} ${(18 * n).toFixed(2)}`;
  });
  return s(
    'g',
    { class: `catapult-landing${onTile ? '' : ' off-map'}` },
    s('path', { class: 'impact', d: ticks.join('') }),
    tokenShape(token, hex),
  );
}

/** A token of a kind as a small picture for buttons and titles. */
function tokenIcon(token, hex, size = 18) {
  return s('svg', { class: 'icon token-icon', width: size, height: size, viewBox: '-11 -11 22 22', 'aria-hidden': 'true' }, tokenShape(token, hex));
}

/**
 * The flicks of the last catapult round (`flicked` events, oldest first), until `turns` tiles
 * have been placed since (each seat has seen them in its next turn) or another round began.
 */
function lastFlicks(events, turns) {
  const flicks = [];
  let placed = 0;
  lookBack(events || [], (e) => {
    if (e.type === 'flicked') flicks.unshift(e);
    else if (e.type === 'catapult-round') return true;
    else if (TILE_PUT.includes(e.type)) {
      if (flicks.length) return true;
      placed += 1;
      if (placed >= turns) return true;
    }
    return undefined;
  });
  return flicks;
}

/** The decision module (decisions/index.js). */
export const catapult = {
  name: NAME,
  fromView: true,
  // The tiles to aim at may hold figures: their squares go over them.
  spots: { decision: 'flick', action: 'flick', kind: 'flick-spot', testid: 'flick-spot', words: 'a tile to aim at', overFigures: true },
  words: {
    asks: {
      catapult: 'choose the catapult token for the round',
      flick: 'flick a catapult token at a tile',
      seduce: 'put a follower in the place of the nearest one, or pass',
    },
    confirm: {
      catapult: (c) => `Hold a ${TOKEN_WORDS[c.token] || 'catapult'} round`,
      flick: 'Flick the token at this tile',
      seduce: (c) => `Put your ${String(c.with || 'follower').replace(/-/g, ' ')} there`,
      'seduce-quarter': (c) => `Put your ${String(c.with || 'follower').replace(/-/g, ' ')} there`,
    },
    pass: { seduce: 'Pass' },
  },
  repeats: ['catapult', 'flick', 'seduce'],
  /** What a flick asks, with the kind of token. */
  ask(screen, p) {
    if (p.decision !== 'flick' || !TOKEN_WORDS[p.token]) return null;
    return `flick a ${TOKEN_WORDS[p.token]} token at a tile`;
  },
  /** The rounds, the others' flicks, the seductions, the catches and the points. */
  news: (screen, e) => ['catapult-round', 'seduced', 'seduced-in-quarter', 'knocked-out-of-quarter', 'catch-thrown', 'catapult-scored'].includes(e.type) || (e.type === 'flicked' && !screen.you.includes(e.seat)),
  /** Where the last round's tokens came down, each labelled with its flick in words (until every seat has placed a tile since). */
  board(screen) {
    const layer = screen.board.layer(NAME);
    layer.replaceChildren();
    const events = screen.events || (screen.view && screen.view.events) || [];
    const seen = new Map();
    for (const f of lastFlicks(events, Math.max(1, ((screen.view && screen.view.seats) || []).length))) {
      if (!Number.isFinite(f.x) || !Number.isFinite(f.y)) continue;
      // Tokens on the same place side by side.
      const key = `${f.x},${f.y}`;
      const n = seen.get(key) || 0;
      seen.set(key, n + 1);
      const [dx, dy] = [[0, 0], [0.26, 0], [0, 0.26], [0.26, 0.26], [-0.26, 0], [0, -0.26]][n % 6];
      const g = landingShape(f.token, seatHex(screen.seat(f.seat)), f.on_tile !== false);
      const label = typeof f.text === 'string' && f.text ? f.text : 'a catapult token';
      const attrs = {
        transform: `translate(${(f.x + 0.58 + dx) * 100} ${(f.y + 0.58 + dy) * 100})`,
        'data-testid': 'catapult-landing',
        'data-x': f.x,
        'data-y': f.y,
        'data-seat': f.seat,
        'data-token': f.token,
        'data-on-tile': f.on_tile === false ? 'false' : 'true',
        role: 'img',
        'aria-label': label,
      };
      for (const [k, v] of Object.entries(attrs)) g.setAttribute(k, v);
      g.append(s('title', {}, capital(label)));
      layer.append(g);
    }
  },
  placePanel(screen, d) {
    if (screen.pending.fair) d.notes.push(ruleNote('fair-note', 'A fair: once the tile is placed and its features scored, you choose a kind of catapult token (knock-out, seduction, target hurling or catch) and every player flicks one, from you on.'));
  },
  /** A heart on each follower the seduction may replace (its followers listed when several may take its place). */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'seduce' || !onTile(a)) return false;
    add(`seduce:${a.x},${a.y},${a.feature},${a.owner},${a.figure}`, {
      ...there(a, 'seduce', 'seduce-marker'),
      pick: 'Which of your followers takes its place?',
      prefer: (x) => x.with === 'follower',
      icon: (x, hex) => figureIcon(x.with, hex, 20),
      preview: (c) => c.with,
    }, a);
    return true;
  },
  figurePanel(screen, d, { seat, hex, of }) {
    const p = screen.pending;
    const kind = TOKEN_WORDS[p.token] || 'catapult';
    if (p.decision === 'catapult') {
      d.title = 'The catapult';
      d.icon = tokenIcon('target', hex, 26);
      d.waiting = `${seat.name} chooses the kind of catapult token for the round…`;
      d.prompt = 'Choose a token';
      d.hints.push(hint('You placed a fair: choose the kind of token every player flicks in this round, from you on, clockwise. The tokens come back after the round.'));
      for (const a of screen.legal.filter((l) => l.action === 'catapult')) {
        const b = screen.choiceButton(a, 'token-choice', tokenIcon(a.token, hex, 20));
        b.dataset.token = a.token;
        d.choices.push(b);
      }
    } else if (p.decision === 'flick') {
      const players = Number(p.players) || 0;
      d.title = `The catapult: ${kind}`;
      d.icon = tokenIcon(p.token, hex, 26);
      d.waiting = `${seat.name} flicks their ${kind} token${players ? ` (flick ${(Number(p.flicked) || 0) + 1} of ${players})` : ''}…`;
      d.prompt = 'Pick a tile';
      const aims = screen.spotChoices();
      d.hints.push(
        hint(`${capital(tapVerb())} a highlighted tile to aim your ${kind} token at it: it lands there one time in two, otherwise on one of the eight places around it (off the map it does nothing).`),
      );
      d.notes.push(ruleNote('flick-note', TOKEN_RULES[p.token] || ''));
      const state = screen.stateOf(NAME);
      const chosen = aims.some((a) => sameAction(a, screen.choice));
      d.lists.push(
        h(
          'details',
          { class: 'gate-list flick-list', 'data-testid': 'flick-list', open: !!state.open, onToggle: (ev) => { state.open = ev.target.open; } },
          h('summary', { class: 'subtitle', 'data-testid': 'flick-list-summary', title: 'The tiles as a list' }, `Tiles to aim at: ${aims.length}${chosen && !state.open ? ' (one chosen)' : ''}`),
          h(
            'div',
            { class: 'choices' },
            aims.map((a) => {
              const b = screen.choiceButton(a, 'flick-choice', null, capital(a.label || 'a tile'));
              b.dataset.x = a.x;
              b.dataset.y = a.y;
              return b;
            }),
          ),
        ),
      );
    } else if (p.decision === 'seduce') {
      d.title = 'Seduction';
      d.icon = tokenIcon('seduction', hex, 26);
      d.waiting = `${seat.name} may put a follower in the place of the one nearest their seduction token…`;
      d.passButton = 'Pass';
      d.pass = 'pass';
      const spots = of('seduce');
      // With The Count: the figures waiting in the quarters of Carcassonne, when the city is nearest (one button for each follower of yours that may take the place).
      const quarters = screen.legal.filter((l) => l.action === 'seduce-quarter');
      if (spots.length) d.hints.push(hint(`Your seduction token came down here: ${tapVerb()} a heart on another player’s follower nearest to it to put one of your followers from your supply in its place (it goes back to its owner), or pass.`));
      if (quarters.length) d.hints.push(hint('The city of Carcassonne is nearest to your seduction token: choose another player’s figure waiting in one of its quarters to put one of your followers from your supply in its place (it goes back to its owner), or pass.'));
      if (spots.length) {
        d.lists.push(
          ...section(
            `Followers to seduce: ${spots.length}`,
            'Your follower stands where theirs stood, on the same road, city, monastery or farm.',
            spots.map((g) => markerButton(screen, g, 'seduce-choice', figureIcon(g.actions[0].with || 'follower', hex, 18), (label) => label.replace(/^put your /, ''))),
          ),
        );
      }
      if (quarters.length) {
        d.lists.push(
          ...section(
            `In the quarters of Carcassonne: ${quarters.length}`,
            'Your follower waits in the quarter in the place of theirs.',
            quarters.map((a) => {
              const b = screen.choiceButton(a, 'seduce-quarter-choice', figureIcon(a.with || 'follower', hex, 18), capital(String(a.label || '').replace(/^put your /, '')));
              b.dataset.quarter = a.quarter;
              b.dataset.owner = a.owner;
              return b;
            }),
          ),
        );
      }
    }
  },
};
