// The end of a game on the game screen: the action panel's final table, the final scores over the
// board (the table, the score chart) and the rematch. Kept apart from the core (game.js), which
// calls these with itself as `screen`.

import { createGame } from '../api.js';
import { h, clear } from '../ui.js';
import { finalTable, scoreChart } from '../panels.js';
import { rememberGame } from '../mygames.js';

/** The action panel once the game is over: the final table, the replay, the scores again. */
export function overPanel(screen, el) {
  el.append(
    h('div', { class: 'panel-title' }, 'Game over'),
    finalTable(screen.view, screen.events),
    h(
      'div',
      { class: 'row' },
      h('a', { class: 'button primary', href: `/replay/${screen.id}`, 'data-testid': 'replay-link-panel' }, 'Replay'),
      h('button', { type: 'button', class: 'button', onClick: () => { screen.finalDismissed = false; renderFinal(screen); } }, 'Show scores'),
    ),
  );
}

/** The final scores over the board, once, until closed: the table, the chart, a rematch. */
export function renderFinal(screen) {
  const host = clear(screen.el.overlay);
  if (screen.pending.decision !== 'over' || screen.finalDismissed) return;
  screen.rematchBox = screen.rematchBox || h('div', { class: 'rematch', 'data-testid': 'rematch-box' });
  host.append(
    h(
      'div',
      { class: 'final-card', 'data-testid': 'final-scores' },
      h('h2', {}, 'Final scores'),
      finalTable(screen.view, screen.events),
      scoreChart(screen.events, screen.view.seats, screen.view.version),
      h(
        'div',
        { class: 'row' },
        h('a', { class: 'button primary', href: `/replay/${screen.id}`, 'data-testid': 'replay-link-final' }, 'Replay this game'),
        screen.you.length ? h('button', { type: 'button', 'data-testid': 'rematch', onClick: () => rematch(screen) }, 'Rematch') : null,
        h('a', { class: 'button', href: '/' }, 'New game'),
        h('button', { type: 'button', 'data-testid': 'close-final', onClick: () => { screen.finalDismissed = true; renderFinal(screen); } }, 'Look at the board'),
      ),
      screen.rematchBox,
    ),
  );
}

/**
 * The same game again with the seats rotated (the second player starts): same rules, names
 * and players. This browser keeps its own seats of the new game; the other people's join
 * links are shown to send them.
 */
async function rematch(screen) {
  const box = clear(screen.rematchBox);
  const seats = screen.view.seats || [];
  const order = seats.slice(1).concat(seats.slice(0, 1));
  const humans = seats.filter((s) => s.player === 'human');
  const hotSeat = humans.length > 1 && humans.every((s) => screen.you.includes(s.seat));
  box.append(h('p', { class: 'muted' }, 'Creating the rematch…'));
  try {
    const created = await createGame({
      rules: screen.view.rules,
      seats: order.map((s) => ({ name: s.name, player: s.player })),
      hot_seat: hotSeat,
    });
    const myNames = screen.you.map((i) => (screen.seat(i) || {}).name);
    const mine = created.seats.filter((s) => s.join && myNames.includes(s.name));
    const others = created.seats.filter((s) => s.join && !myNames.includes(s.name));
    if (mine[0]) rememberGame(created.id, mine[0].token, { you: mine.map((s) => s.seat), names: mine.map((s) => s.name) });
    clear(box).append(
      h('p', {}, 'The rematch is ready; ', order[0].name, ' starts.'),
      others.length && !hotSeat
        ? h('div', {}, others.map((s) => h('div', { class: 'join-row small' }, h('span', {}, `${s.name}’s link: `), h('input', { type: 'text', readonly: true, class: 'link-input', value: new URL(s.join, location.origin).href }))))
        : null,
      mine[0]
        ? h('a', { class: 'button primary', href: mine[0].join, 'data-testid': 'play-rematch' }, 'Play the rematch')
        : h('a', { class: 'button primary', href: created.watch, 'data-testid': 'play-rematch' }, 'Watch the rematch'),
    );
  } catch (err) {
    clear(box).append(h('p', { class: 'error' }, `The rematch could not be created: ${err.message}`));
  }
}
