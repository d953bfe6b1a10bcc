// The game screen's small helpers, shared by its core (game.js and game/) and the decision
// modules (decisions/): words, comparing actions, reading the events of the turn, and the
// buttons and lists that several decisions draw alike. It imports no module of the screen, so
// that any of them may import it without a cycle.

import { h } from '../ui.js';

/**
 * The events that put the turn's own tile on the board: placed as usual, or upside down as a
 * mountain (the variation "Mountains"). The events of a turn come after the last of them.
 */
export const TILE_PUT = ['tile-placed', 'mountain-raised'];

/** The text with its first letter in capitals. */
/**
 * "tap" on a touch screen, "click" with a mouse: the verb the hints use for the board's markers
 * and highlighted places.
 */
export function tapVerb() {
  return typeof matchMedia === 'function' && matchMedia('(pointer: coarse)').matches ? 'tap' : 'click';
}

/** `n` of a noun with a regular plural: "1 point", "5 points". */
export function counted(n, noun) {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

export function capital(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : '';
}

/**
 * Whether two legal actions are the same decision (views are rebuilt, so not by identity; a
 * religious war's `knights` are compared by their contents).
 */
export function sameAction(a, b) {
  if (!a || !b) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('at');
  const same = (x, y) => x === y || (typeof x === 'object' && typeof y === 'object' && x !== null && y !== null && JSON.stringify(x) === JSON.stringify(y));
  return [...keys].every((k) => same(a[k], b[k]));
}

/** Whether the game's rules switch on the yes-or-no variant `name`. */
export function plays(view, name) {
  const variants = view && view.rules && view.rules.variants;
  return !!variants && variants[name] === true;
}

/**
 * Walks the events back from the newest: `look(event)` answers (anything but undefined) to end
 * the walk with that answer, or undefined to go on. Missing events are skipped; `otherwise` is
 * the answer when the walk reaches the first event.
 */
export function lookBack(events, look, otherwise = false) {
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i];
    if (!e) continue;
    const answer = look(e);
    if (answer !== undefined) return answer;
  }
  return otherwise;
}

/** A hint of the action panel: a paragraph of class `cls`. */
export function hint(text, cls = 'hint') {
  return h('p', { class: cls }, text);
}

/** A rule's note under the hints (small and muted), with its test id. */
export function ruleNote(testid, text) {
  return h('p', { class: 'hint small muted rule-note', 'data-testid': testid }, text);
}

/** The words of the action chosen, repeated under the choices. */
export function chosenLine(text) {
  return h('p', { class: 'hint chosen', 'data-testid': 'chosen', 'aria-live': 'polite' }, text);
}

/**
 * The action a marker group stands for before the player picks among several: the group's own
 * preference (`prefer`, a tower's piece), else the plain follower, else the first.
 */
export function preferred(g) {
  return (g.prefer && g.actions.find(g.prefer)) || g.actions.find((a) => a.figure === 'follower') || g.actions[0];
}

/**
 * A button for a marker group of the board (`screen.markerGroups()`): it does what tapping the
 * marker does. `words` may shorten the label (the list's heading says the rest).
 */
export function markerButton(screen, g, testid, icon, words = (label) => label) {
  const a = preferred(g);
  const selected = !!screen.choice && g.actions.includes(screen.choice);
  return h(
    'button',
    { type: 'button', class: `choice${selected ? ' selected' : ''}`, 'data-testid': testid, 'data-key': g.key, 'aria-pressed': selected ? 'true' : 'false', onClick: () => screen.clickMarker(g.key) },
    icon,
    ` ${capital(words(a.label || ''))}`,
  );
}

/**
 * A kind of choice under its heading, for the panel's choice lists (which scroll when long, so
 * that the confirmation stays in sight): the heading, a note and the buttons.
 */
export function section(title, note, list) {
  return [h('div', { class: 'subtitle' }, title), h('p', { class: 'hint small' }, note), h('div', { class: 'choices' }, list)];
}

/** A button that shows its action `a` on the board while the pointer is over it (a move, a removal). */
export function hovering(screen, button, a) {
  button.addEventListener('mouseenter', () => {
    screen.hoverAction = a;
    screen.renderHints();
  });
  button.addEventListener('mouseleave', () => {
    if (screen.hoverAction !== a) return;
    screen.hoverAction = null;
    screen.renderHints();
  });
  return button;
}

/**
 * A list of choices that folds away, and takes its markers off the board with it, where there
 * may be many of them (the magic gate's places, the moves of "A new lease of life", the tiles
 * "Rebuilding" may remove): `state.open` keeps how the player left it (null: as `shown` says).
 * `groups` are the list's marker groups: folding the list drops a choice among them (and with
 * `dropOpen` the figures listed for one of them). `summary`: {testid, title, text}; `note` the
 * element under it; `buttons` the choices.
 */
export function foldingList(screen, { cls, shown, state, groups, dropOpen = false, summary, note, buttons }) {
  return h(
    'details',
    {
      class: cls,
      open: shown,
      onToggle: (ev) => {
        if (ev.target.open === shown) return;
        state.open = ev.target.open;
        if (dropOpen) {
          if (!state.open && groups.some((g) => g.key === screen.openFeature || g.actions.includes(screen.choice))) {
            screen.choice = null;
            screen.openFeature = null;
          }
        } else if (!state.open && groups.some((g) => g.actions.includes(screen.choice))) screen.choice = null;
        screen.render();
      },
    },
    h('summary', { class: 'subtitle', 'data-testid': summary.testid, title: summary.title }, summary.text),
    note,
    h('div', { class: 'choices' }, buttons),
  );
}
