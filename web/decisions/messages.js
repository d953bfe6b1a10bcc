// The Messages on the game screen: each seat's messenger beside its score in the players panel
// (a running courier holding up a letter, in the seat's colour, with the points it carries,
// underlined once it stopped on a dark space; its title says where both scoring figures stand),
// the message tiles left as a badge of the turn banner, and the two decisions, offered to
// whichever seat decides (points scored in another seat's turn are moved by their scorer):
// `scoring-figure`, the scoring follower or the messenger as two buttons saying where each would
// stop and whether a message comes of it; and `message`, the message drawn shown as a card (its
// number and what it says), with "do it" (and what it would score) and the seal's 2 points as
// buttons; for message 8 an envelope marker on each follower it may score, listed too. The news
// tell a message drawn and what came of it.

import { h, s, seatHex } from '../ui.js';
import { capital, counted, hint, markerButton, ruleNote, section, tapVerb } from '../game/kit.js';
import { figureIcon } from '../figures.js';

// The messenger, centred on (0, 0) like a figure (about 22 × 24 units): a courier in a running
// stride, a feather in the cap, one arm holding a letter up.
const COURIER =
  'M-3.6,-7.2 A3.4,3.4 0 1 1 2.8,-6.6 L2.2,-3.6 L6.2,-8.6 L8.4,-7.2 L4.4,-1.2 L3.6,2.6 L8.2,7.4 L5.6,9.6 L0.6,5.4 ' +
  'L-3.4,9.8 L-6.6,8.2 L-2.8,2.8 L-3.2,-1.4 L-7.6,0.6 L-8.6,-1.6 L-3.4,-4.2 Z';
const FEATHER = 'M-3.4,-9.4 Q-6.4,-13.6 -10.2,-13.4 Q-7.4,-11.2 -5.6,-8.4 Z';
const LETTER = 'M4.4,-14.4 H11.6 V-9.4 H4.4 Z';
const LETTER_FLAP = 'M4.4,-14.4 L8,-11.6 L11.6,-14.4';

/** The messenger of a seat (colour `hex`) around (0, 0). */
export function messengerShape(hex, { px = 0, py = 0, scale = 1 } = {}) {
  return s(
    'g',
    { class: 'messenger', transform: `translate(${px} ${py}) scale(${scale})` },
    s('path', { d: FEATHER, fill: '#f3ead2', stroke: '#3b3024', 'stroke-width': 0.8, 'stroke-linejoin': 'round' }),
    s('path', { d: COURIER, fill: hex, stroke: '#1f1a14', 'stroke-width': 1, 'stroke-linejoin': 'round' }),
    s('path', { d: LETTER, fill: '#fbf6e6', stroke: '#5b4630', 'stroke-width': 0.9, 'stroke-linejoin': 'round' }),
    s('path', { d: LETTER_FLAP, fill: 'none', stroke: '#5b4630', 'stroke-width': 0.8, 'stroke-linejoin': 'round' }),
  );
}

/** The messenger as a little picture, for the players panel and buttons. */
export function messengerIcon(hex, size = 20) {
  return s('svg', { class: 'icon messenger-icon', width: size, height: size, viewBox: '-12 -16 25 27', 'aria-hidden': 'true' }, messengerShape(hex));
}

/** A message tile face up as a little picture: an envelope with a red seal. */
export function envelopeIcon(size = 18) {
  return s(
    'svg',
    { class: 'icon envelope-icon', width: size, height: size, viewBox: '-9 -8 18 16', 'aria-hidden': 'true' },
    s('path', { d: 'M-7.5 -5.5H7.5V5.5H-7.5Z', fill: '#fbf6e6', stroke: '#5b4630', 'stroke-width': 1.1, 'stroke-linejoin': 'round' }),
    s('path', { d: 'M-7.5 -5.5L0 0.8L7.5 -5.5', fill: 'none', stroke: '#5b4630', 'stroke-width': 1 }),
    s('circle', { cy: 1.2, r: 2.2, fill: '#b3261e', stroke: '#6e1511', 'stroke-width': 0.6 }),
  );
}

/** "5 points", "1 point". */
const points = (n) => counted(n, 'point');

/** The message drawn as a card: its number, and what it says. */
function messageCard(p) {
  return h(
    'div',
    { class: 'message-card', 'data-testid': 'message-card', 'data-number': p.number },
    envelopeIcon(28),
    h('span', { class: 'message-number', 'aria-label': `Message ${p.number}` }, String(p.number)),
    h('span', { class: 'message-text' }, capital(p.text || '')),
  );
}

/** Where a seat's scoring figures stand, as the players panel shows them beside the score. */
function messengerItem(seat) {
  const f = seat.scoring_figures;
  if (!f || !f.messenger) return null;
  const words = `Scoring figures: ${f.label || `messenger ${points(f.messenger.points)}`}`;
  return h(
    'span',
    { class: `messenger-item${f.messenger.dark && f.messenger.points > 0 ? ' dark' : ''}`, title: words, 'aria-label': words, 'data-testid': 'messenger', 'data-seat': seat.seat, 'data-points': f.messenger.points },
    messengerIcon(seatHex(seat), 22),
    h('span', { class: 'messenger-points' }, String(f.messenger.points)),
  );
}

/** The messenger in the narrow screens' score strip: a small courier and its points. */
function stripMessenger(seat) {
  const f = seat.scoring_figures;
  if (!f || !f.messenger) return null;
  const words = `messenger ${points(f.messenger.points)}`;
  return h(
    'span',
    { class: 'strip-messenger', title: words, 'aria-label': words, 'data-testid': 'strip-messenger', 'data-seat': seat.seat },
    messengerIcon(seatHex(seat), 14),
    String(f.messenger.points),
  );
}

/** The decision module (decisions/index.js). */
export const messages = {
  name: 'messages',
  fromView: true,
  words: {
    asks: {
      'scoring-figure': 'move the scoring follower or the messenger',
      message: 'do what the message says, or take 2 points',
    },
    confirm: {
      'scoring-figure': (c) => (c.messenger ? 'Move the messenger' : 'Move the scoring follower'),
      message: (c) => (c.perform ? 'Do it' : 'Take 2 points'),
      'message-follower': 'Score this follower',
    },
  },
  repeats: ['scoring-figure', 'message', 'message-follower'],
  ask(screen, p) {
    if (p.decision === 'scoring-figure') return `move the scoring follower or the messenger by ${points(p.points)}`;
    if (p.decision === 'message') return `read message ${p.number}: do it, or take ${points(p.seal_points ?? 2)}`;
    return null;
  },
  /** The message tiles left face down, once The Messages is in play. */
  badges(screen) {
    const m = screen.view.messages;
    if (!m || !Number.isInteger(m.left)) return [];
    const words = `Message tiles face down: ${m.left}`;
    return [h('span', { class: 'badge messages-badge', 'data-testid': 'messages-badge', title: words, 'aria-label': words }, envelopeIcon(14), ` ${m.left}`)];
  },
  /** A message drawn, and what came of it. */
  news: (screen, e) => ['message-drawn', 'message-scored'].includes(e.type),
  /** Each seat's messenger beside its score. */
  players(screen, options) {
    options.scoreItems = [...(options.scoreItems || []), messengerItem];
  },
  /** The narrow screens' score strip: each seat's messenger and its points beside the score. */
  strip(screen, items) {
    items.push(stripMessenger);
  },
  /** Message 8: an envelope on each follower it may score. */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'message-follower' || !onTile(a)) return false;
    add(`message:${a.x},${a.y},${a.feature}`, there(a, 'message', 'message-follower-marker'), a);
    return true;
  },
  figurePanel(screen, d, { seat, hex, of }) {
    const p = screen.pending;
    if (p.decision === 'scoring-figure') {
      d.title = 'Scoring figures';
      d.icon = messengerIcon(hex, 26);
      d.waiting = `${seat.name} moves their scoring follower or their messenger by ${points(p.points)}…`;
      d.prompt = 'Choose a figure';
      d.lead.push(h('p', { class: 'hint', 'data-testid': 'scoring-figure-words' }, p.words || ''));
      for (const a of screen.legal.filter((x) => x.action === 'scoring-figure')) {
        const b = screen.choiceButton(a, 'scoring-figure-choice', a.messenger ? messengerIcon(hex, 22) : figureIcon('follower', hex, 20));
        b.dataset.messenger = a.messenger ? 'true' : 'false';
        d.choices.push(b);
      }
      d.notes.push(ruleNote('messages-note', 'Your score is what your two figures carry together. Whenever you score, one of them moves on by all the points; stopping on a dark space (0, 5, 10, …) in your own turn draws a message.'));
    } else if (p.decision === 'message') {
      d.title = `Message ${p.number}`;
      d.icon = envelopeIcon(26);
      d.waiting = `${seat.name} reads message ${p.number} (${p.text}): they do it or take ${points(p.seal_points ?? 2)}…`;
      d.prompt = 'Choose';
      d.lead.push(messageCard(p));
      const followers = of('message');
      if (followers.length) {
        d.hints.push(hint(`${capital(tapVerb())} one of your followers marked with an envelope: it is scored as in the final scoring and goes home.`));
        d.lists.push(...section(`Score a follower: ${followers.length}`, 'What each would score now is in brackets.', followers.map((g) => markerButton(screen, g, 'message-follower-choice', envelopeIcon(16)))));
      }
      const perform = screen.legal.find((a) => a.action === 'message' && a.perform);
      if (perform) d.choices.push(screen.choiceButton(perform, 'message-perform', envelopeIcon(18)));
      const seal = screen.legal.find((a) => a.action === 'message' && !a.perform);
      if (seal) d.choices.push(screen.choiceButton(seal, 'message-seal'));
      if (!perform && !followers.length) d.notes.push(hint('There is nothing this message could score for you now: take the 2 points.', 'hint small muted'));
      d.notes.push(ruleNote('message-note', 'Whatever you choose, the message goes back under the pile, and the points it brings move one of your scoring figures again.'));
    }
  },
};
