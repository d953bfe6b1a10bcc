// A game's chat on the game screen: the messages (kept by index, as the server numbers them),
// a line to write in for a seat's screen, and a short notice over the board when another seat
// writes. Messages are text: they are put in as text nodes, never as markup.

import { postChat } from '../api.js';
import { h, clear, seatHex, formatTime } from '../ui.js';

/** The chat panel's elements, built once with the screen. */
export function buildChat(screen) {
  const list = h('ol', { class: 'chat-list', 'data-testid': 'chat-list', 'aria-live': 'polite' });
  const input = h('input', {
    type: 'text',
    class: 'chat-input',
    'data-testid': 'chat-input',
    maxlength: 300,
    placeholder: 'Say something to the table',
    'aria-label': 'A message to the other players',
  });
  const send = h('button', { type: 'submit', class: 'small', 'data-testid': 'chat-send' }, 'Send');
  const error = h('p', { class: 'error small', 'data-testid': 'chat-error', role: 'alert', hidden: true });
  const form = h(
    'form',
    {
      class: 'chat-form',
      onSubmit: (ev) => {
        ev.preventDefault();
        sendMessage(screen, input, send, error);
      },
    },
    input,
    send,
  );
  const panel = h('div', { class: 'panel chat-panel', 'data-testid': 'chat' }, h('div', { class: 'panel-title' }, 'Chat'), list, form, error);
  return { panel, list, form, input };
}

async function sendMessage(screen, input, send, error) {
  const text = input.value.trim();
  if (!text || send.disabled) return;
  send.disabled = true;
  error.hidden = true;
  try {
    const view = await postChat(screen.id, screen.token, text);
    input.value = '';
    screen.applyView(view);
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
  } finally {
    send.disabled = false;
    input.focus();
  }
}

/**
 * Takes the messages of a view (`chat`: those the client has not had, or the last few) into
 * the screen's list; answers the messages new to this screen.
 */
export function takeChat(screen, messages) {
  const fresh = [];
  for (const m of Array.isArray(messages) ? messages : []) {
    if (!m || !Number.isInteger(m.index) || screen.chat[m.index]) continue;
    screen.chat[m.index] = m;
    fresh.push(m);
  }
  return fresh;
}

/** Draws the messages, the newest at the bottom, and offers the line to write in only to seats. */
export function renderChat(screen) {
  const c = screen.el.chat;
  const messages = screen.chat.filter(Boolean);
  clear(c.list);
  for (const m of messages) {
    const seat = screen.seat(m.seat) || { name: `Seat ${m.seat + 1}` };
    c.list.append(
      h(
        'li',
        { class: 'chat-message', 'data-testid': 'chat-message', style: { '--seat': seatHex(seat) }, title: formatTime(m.time) },
        h('strong', { class: 'chat-name' }, seat.name),
        ' ',
        h('span', { class: 'chat-text' }, m.text),
      ),
    );
  }
  if (!messages.length) c.list.append(h('li', { class: 'muted small' }, screen.you.length ? 'No messages yet.' : 'No messages yet. Players write here; you are watching.'));
  c.list.scrollTop = c.list.scrollHeight;
  c.form.hidden = !screen.you.length;
}
