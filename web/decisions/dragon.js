// The Princess & the Dragon on the game screen: the dragon's move (its steps highlighted as
// tiles, the arrow keys towards them, a badge with the steps left), the dragon and the fairy on
// the board for every screen, and in the figure decision the fairy's move and the princess's
// knight sent home, each with its markers and its list. The magic gate is a module of its own
// (gate.js): its list comes later in the panel.

import { h, isPair } from '../ui.js';
import { pieceIcon } from '../figures.js';
import { boardPieces } from '../dragon.js';
import { capital, markerButton, section, tapVerb } from '../game/kit.js';

/** "1 step", "3 steps". */
function steps(n) {
  return `${n} step${n === 1 ? '' : 's'}`;
}

/** The dragon's step in direction (dx, dy) from its tile (the arrow keys), if it may go there. */
function stepDragon(screen, dx, dy) {
  const at = screen.view.dragon;
  if (!isPair(at)) {
    screen.stepChoice(dx + dy < 0 ? -1 : 1);
    return;
  }
  const step = screen.spotChoices().find((a) => a.x === at[0] + dx && a.y === at[1] + dy);
  if (!step || screen.busy) return;
  screen.choose(step);
  screen.board.reveal(step.x, step.y);
}

/**
 * The dragon's move: on this screen's decision the steps it may take (also highlighted on
 * the board) and the confirmation; otherwise whose step it is.
 */
function dragonPanel(screen, el, seat) {
  const move = screen.view.dragon_move || {};
  const left = Number.isInteger(move.steps_left) ? move.steps_left : null;
  el.append(h('div', { class: 'panel-title' }, h('span', {}, 'The dragon'), pieceIcon('dragon', 26)));
  if (!screen.mine) {
    el.append(
      h('p', { class: 'hint', 'data-testid': 'dragon-status' }, `${seat.name} moves the dragon one step${left === null ? '' : ` (${steps(left)} left)`}.`),
      h('p', { class: 'hint small muted' }, 'Every player in turn moves it one step; the figures on a tile it enters go back to their owners.'),
    );
    return;
  }
  const choices = screen.spotChoices();
  el.append(
    h('p', { class: 'hint', 'data-testid': 'dragon-steps-left' }, left === null ? 'Move the dragon one step.' : `Move the dragon: ${steps(left)} left.`),
    h('p', { class: 'hint small' }, `${capital(tapVerb())} a highlighted tile next to the dragon, or press the arrow key towards it.`),
    h('p', { class: 'hint small muted rule-note' }, 'It may not enter a tile it has crossed in this move, nor the fairy’s tile; the figures on the tile it enters go back to their owners.'),
    h('div', { class: 'choices' }, choices.map((a) => screen.choiceButton(a, 'dragon-choice', null, capital(a.label || 'a step')))),
    screen.confirmRow(screen.choice ? screen.confirmText(screen.choice) : 'Pick a tile', !!screen.choice),
  );
}

/** The arrow keys' steps. */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** The decision module (decisions/index.js). */
export const dragon = {
  name: 'dragon',
  decisions: ['dragon'],
  spots: { decision: 'dragon', action: 'move-dragon', kind: 'dragon-step', testid: 'dragon-step', words: 'a step of the dragon' },
  words: {
    asks: { dragon: 'move the dragon one step' },
    confirm: { 'move-dragon': 'Move the dragon', 'move-fairy': 'Move the fairy', 'remove-knight': 'Send the knight home' },
  },
  repeats: ['move-fairy', 'remove-knight'],
  panel: dragonPanel,
  badges(screen, p) {
    const left = p.decision === 'dragon' && screen.view.dragon_move ? screen.view.dragon_move.steps_left : null;
    return Number.isInteger(left) ? [h('span', { class: 'badge', 'data-testid': 'dragon-badge' }, `Dragon: ${steps(left)} left`)] : [];
  },
  /** The dragon's arrival, a figure it eats, a knight the princess sends home, and the fairy's bonus for a scored follower (not its point a turn). */
  news: (screen, e) => ['dragon-placed', 'figure-eaten', 'knight-removed'].includes(e.type) || (e.type === 'fairy-bonus' && e.points > 1),
  board(screen) {
    screen.board.setPieces(boardPieces(screen.view, screen.events));
  },
  /** The fairy beside a follower (where it would stand, so that the follower stays in sight), the princess on a knight. */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action === 'move-fairy' && onTile(a)) {
      const at = isPair(a.at) ? [Math.min(0.92, a.at[0] + 0.15), Math.max(0.08, a.at[1] - 0.13)] : null;
      add(`fairy:${a.x},${a.y},${a.feature}`, { ...there(a, 'fairy', 'fairy-marker'), preview: 'fairy' }, a, at);
      return true;
    }
    if (a.action === 'remove-knight' && onTile(a)) {
      add(`princess:${a.x},${a.y},${a.feature}`, there(a, 'princess', 'princess-marker'), a);
      return true;
    }
    return false;
  },
  key(screen, ev) {
    const arrow = ARROWS[ev.key];
    if (!arrow || !screen.mine || screen.pending.decision !== 'dragon') return false;
    stepDragon(screen, ...arrow);
    return true;
  },
  /** The fairy's and the princess's choices, each under its heading. */
  figurePanel(screen, d, { of }) {
    const fairies = of('fairy');
    const princesses = of('princess');
    if (fairies.length) {
      d.lists.push(...section('The fairy', 'Instead of deploying: move it next to one of your followers (sparkle markers).', fairies.map((g) => markerButton(screen, g, 'fairy-choice', pieceIcon('fairy')))));
    }
    if (princesses.length) {
      d.lists.push(...section('The princess', 'Instead of deploying: send a knight home from the city this tile extends (crown markers).', princesses.map((g) => markerButton(screen, g, 'princess-choice', pieceIcon('princess')))));
    }
  },
};
