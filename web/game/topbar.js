// The game screen's top bar and what hangs from it: the connection's state, the "your turn" cue
// (a sound, a notification) and the "Rules" dialog with the step of the pending decision. Kept
// apart from the core (game.js), which calls these with itself as `screen`.

import { getGameReference } from '../api.js';
import { h, clear, setTopbar } from '../ui.js';
import { cueEnabled, setCueEnabled } from '../mygames.js';
import { drawReference, highlightStep, stepOf } from '../reference.js';

/** The top bar: the game's id, the "Rules" button, the turn alert's switch and the connection's state. */
export function showConnection(screen, status, delay) {
  screen.connectionDelay = delay;
  const text = {
    live: '● live',
    connecting: '○ connecting…',
    offline: `○ offline, retrying in ${Math.round((delay || 0) / 100) / 10} s`,
  }[status];
  // Back online: an error from before (a failed send, a lost connection) is out of date.
  if (status === 'live' && screen.connection && screen.connection !== 'live') screen.hideError();
  screen.connection = status;
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
        showConnection(screen, screen.connection, delay);
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
      'aria-expanded': screen.rulesOpen ? 'true' : 'false',
      title: 'The rules of this game, step by step, with the current step marked',
      onClick: () => toggleRules(screen),
    },
    'Rules',
  );
  setTopbar(
    h('span', { class: 'muted game-id' }, `Game ${screen.id}`),
    rules,
    screen.you.length ? cue : null,
    h('span', { class: `conn ${status}`, 'data-testid': 'connection', 'data-status': status }, text),
  );
}

/**
 * Opens or closes the "Rules" dialog: the game reference for this game's rules (fetched
 * once), with the step of the pending decision highlighted.
 */
export async function toggleRules(screen, open = !screen.rulesOpen) {
  screen.rulesOpen = open;
  if (!screen.rulesBox) {
    screen.rulesHost = h('div', { class: 'reference-host' }, h('p', { class: 'muted' }, 'Loading the rules…'));
    screen.rulesBox = h(
      'div',
      { class: 'reference-dialog', role: 'dialog', 'aria-label': 'The rules of this game', 'data-testid': 'rules-dialog' },
      h(
        'div',
        { class: 'card-head' },
        h('h2', {}, 'Rules of this game'),
        h('button', { type: 'button', class: 'icon', title: 'Close (Esc)', 'data-testid': 'rules-close', onClick: () => toggleRules(screen, false) }, '×'),
      ),
      screen.rulesHost,
    );
    screen.root.append(screen.rulesBox);
  }
  screen.rulesBox.hidden = !open;
  showConnection(screen, screen.connection, screen.connectionDelay);
  if (!open) return;
  if (!screen.reference) {
    try {
      screen.reference = await getGameReference(screen.id);
    } catch (err) {
      clear(screen.rulesHost).append(h('p', { class: 'error' }, `The rules could not be loaded: ${err.message}`));
      return;
    }
    drawReference(screen.rulesHost, screen.reference);
  }
  markRulesStep(screen, true);
}

/** Highlights the step of the pending decision in the open "Rules" dialog. */
export function markRulesStep(screen, scroll) {
  if (!screen.rulesOpen || !screen.reference) return;
  const step = stepOf(screen.reference, screen.pending.decision);
  const el = highlightStep(screen.rulesHost, step);
  screen.rulesBox.dataset.step = step || '';
  if (el && (scroll || step !== screen.rulesStep)) el.scrollIntoView({ block: 'center' });
  screen.rulesStep = step;
}

/** The "your turn" cue: a short tone, and a notification while the tab is hidden. */
export function turnCue(screen) {
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
      new Notification('Carcassonne: your turn', { body: `Game ${screen.id}`, tag: `turn-${screen.id}` });
    } catch {
      // Some browsers allow notifications only from a service worker.
    }
  }
}
