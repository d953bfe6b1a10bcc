// The turn banner of the game screen: whose turn it is and what is asked, the modules' badges,
// and for one's own decision the bot's hint and the undo of one's last action.

import { getHint, postUndo } from '../api.js';
import { h, clear, seatHex, inkOn } from '../ui.js';
import { myGame, playLink } from '../mygames.js';
import { sameAction } from './kit.js';

/** Draws the banner above the board for the screen's pending decision. */
export function renderTurnBanner(screen) {
  const p = screen.pending;
  const el = clear(screen.el.turn);
  clearInterval(screen.clockTimer);
  el.dataset.mine = screen.mine ? 'true' : 'false';
  el.dataset.decision = p.decision;
  if (p.decision === 'over') {
    el.className = 'turn-banner over';
    el.append(h('strong', {}, 'Game over.'), ' ', h('a', { href: `/replay/${screen.id}`, 'data-testid': 'replay-link' }, 'Watch the replay'));
    return;
  }
  const seat = screen.seat(p.seat) || { name: `Seat ${p.seat + 1}` };
  const hex = seatHex(seat);
  const what = screen.asked(p);
  el.className = `turn-banner${screen.mine ? ' mine' : ''}`;
  el.style.setProperty('--seat', hex);
  const dot = h('span', { class: 'swatch', style: { background: hex, color: inkOn(hex) } }, p.seat + 1);
  // The modules' badges: a builder's second tile, the dragon's steps left, where the tile came from, ...
  const badges = screen.modules.flatMap((m) => (m.badges ? m.badges(screen, p) : []));
  const clock = clockBadge(screen);
  if (clock) badges.push(clock);
  // Another seat may decide within the turn (a dragon's step, a wagon, a redeployment): the
  // banner then says whose turn it is, not "your turn".
  const turnSeat = screen.turnSeat();
  const inTurnOf = turnSeat !== p.seat ? screen.seat(turnSeat) || { name: `Seat ${turnSeat + 1}` } : null;
  // A bot's advice for one's own decision: the hint is chosen for confirmation, not sent.
  const hintBits = screen.mine
    ? [
        ' ',
        h(
          'button',
          { type: 'button', class: 'small hint-button', 'data-testid': 'hint', disabled: screen.hinting || screen.busy, title: 'Ask a bot what it would do (you still confirm)', onClick: () => screen.askHint() },
          screen.hinting ? 'Thinking…' : 'Hint',
        ),
        // One's own last action may be taken back while nothing hidden was shown (the server says when: `undo`).
        screen.view.undo
          ? h('button', { type: 'button', class: 'small undo-button', 'data-testid': 'undo', disabled: screen.busy, title: 'Take back your last action (U)', onClick: () => screen.undo() }, '↶ Undo')
          : null,
        screen.hint ? h('span', { class: 'hint-text', 'data-testid': 'hint-text', role: 'status' }, ` The bot suggests: ${screen.hint}.`) : null,
      ]
    : [];
  if (screen.mine && inTurnOf) {
    const whom = screen.you.length > 1 ? `${seat.name}, your decision` : 'Your decision';
    el.append(...[dot, h('strong', {}, whom), ` in ${inTurnOf.name}’s turn — ${what}.`, ...badges, ...hintBits].filter(Boolean));
  } else if (screen.mine) {
    const hot = screen.you.length > 1;
    el.append(...[dot, h('strong', {}, hot ? `${seat.name}, your turn` : 'Your turn'), ` — ${what}.`, ...badges, ...hintBits].filter(Boolean));
  } else if (screen.you.length) {
    el.append(...[dot, `Waiting for ${seat.name}`, seat.player && seat.player !== 'human' ? ' (bot)' : '', ` to ${what}…`, ...badges].filter(Boolean));
  } else {
    el.append(...[dot, `${seat.name} to ${what}.`, ...badges, h('span', { class: 'muted' }, ' You are watching.')].filter(Boolean));
    // This browser has a seat in the game: offer it rather than leaving the player a spectator.
    const mine = myGame(screen.id)[0];
    if (mine) el.append(' ', h('a', { href: playLink(mine), 'data-testid': 'play-my-seat', }, `Play your seat (${(mine.names || []).join(', ')})`));
  }}

/**
 * Asks a bot for advice on the screen's decision (`GET .../hint`) and chooses what it advises,
 * for the player to confirm.
 */
export async function askHint(screen) {
  if (!screen.mine || screen.busy || screen.hinting) return;
  const version = screen.view.version;
  screen.hinting = true;
  screen.hideError();
  screen.render();
  try {
    const hint = await getHint(screen.id, screen.token);
    if (hint.version !== screen.view.version || version !== screen.view.version) return; // moved on meanwhile
    const { at, label, ...action } = hint.action;
    if (action.action === 'place' && screen.placing && !screen.placeMode()) {
      screen.selected = { x: action.x, y: action.y };
      screen.rotation = action.rotation;
      screen.choice = null;
    } else {
      const legal = screen.legal.find((a) => sameAction(a, hint.action));
      if (legal) screen.choice = legal;
    }
    screen.hint = label;
  } catch (err) {
    screen.showError(err.message);
  } finally {
    screen.hinting = false;
    screen.render();
  }}

/** Takes back the screen's seat's last action (`POST .../undo`), when the view offers it. */
export async function undoLast(screen) {
  if (!screen.view.undo || screen.busy) return;
  screen.busy = true;
  screen.hideError();
  screen.render();
  try {
    screen.applyView(await postUndo(screen.id, screen.token, screen.view.version));
  } catch (err) {
    screen.busy = false;
    screen.showError(err.message);
    if (err.status === 409 || err.status === 403) screen.refetchEvents();
    screen.render();
  }}

/** m:ss */
function clockText(seconds) {
const s = Math.max(0, Math.ceil(seconds));
return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The turn clock of the pending decision (games created with one): the time left, counted down
 * every second from the view's `clock.left`; red in the last ten seconds. When it runs out the
 * server's greedy bot decides for the seat.
 */
function clockBadge(screen) {
  const clock = screen.view.clock;
  if (!clock) return null;
  // The deadline as this browser's clock sees it, set when the view arrived.
  if (screen.clockFor !== screen.view.version) {
    screen.clockFor = screen.view.version;
    screen.clockDeadline = Date.now() + clock.left * 1000;
  }
  const mine = screen.you.includes(clock.seat);
  const badge = h('span', { class: 'badge clock-badge', 'data-testid': 'clock', title: `${clock.seconds} s a decision; then the greedy bot decides${mine ? ' for you' : ''}` });
  const tick = () => {
    const left = (screen.clockDeadline - Date.now()) / 1000;
    badge.textContent = `⏱ ${clockText(left)}`;
    badge.classList.toggle('short', left <= 10);
    badge.dataset.left = String(Math.max(0, Math.ceil(left)));
  };
  tick();
  screen.clockTimer = setInterval(tick, 1000);
  return badge;
}

