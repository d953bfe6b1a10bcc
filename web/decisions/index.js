// The registry of the game screen's decision modules: one module per expansion, variation or
// family of decisions, each drawing its own choices on the board, its markers, its panel and its
// words. The game screen's core (game.js, game/) knows only the base game and asks these
// modules, in this order, for the rest. A new expansion adds one module here and one line below.
//
// A module is a plain object; every field is optional. `screen` is the game screen (`GameView`
// in game.js: the view and its parts, the selection, the board, the steps of a turn).
//
// What a module declares:
//
//   name          its name; `screen.stateOf(name)` is its state for the decision shown (an
//                 object, empty again when a new state arrives)
//   decisions     the decisions whose whole action panel it draws (`panel`)
//   placing       decisions that place a tile on a highlighted square like the base game's
//                 `place` (the turns, the places, the ghost, the confirmation)
//   spots         a decision made on whole tiles, highlighted as squares: {decision, action
//                 (the legal actions on a tile), kind and testid (the squares'), words (a
//                 square's words without a label), ghost(choice) (a tile shown there, or null),
//                 overFigures (the squares lie on tiles and go over their figures)}
//   words         {asks: {decision: what it asks, for the turn banner}, confirm: {action: the
//                 confirm button's words, or a function of the choice answering them or null},
//                 pass: {decision: the confirm button's words for "pass"}}
//   repeats       actions whose words the figure panel repeats under the choices once chosen
//   fromView      its `board` and `players` need nothing but `screen.board`, `screen.view` and
//                 `screen.seat(i)`: the replay (replay.js) calls them too
//   hovers        actions that their marker or button previews on the board under the pointer
//                 (`screen.hoverAction`)
//
// What a module does (hooks, each called with the screen first):
//
//   reset(screen)               a new state arrived (the selection and the states are dropped)
//   ask(screen, p)              the turn banner's words for the pending decision `p`, or null
//                               (the first module to answer wins; else `words.asks`)
//   badges(screen, p)           badges for the turn banner: a list of elements
//   news(screen, event)         whether the event is announced over the board
//   build(screen)               its own panels under the action panel, made once:
//                               {name: element}, kept in `screen.el`
//   side(screen)                draws those panels (every render)
//   players(screen, options)    adds to the options of the players panel (panels.js): a new
//                               expansion's supply in `options.seatItems` (functions of a seat),
//                               beside the score in `options.scoreItems`
//   strip(screen, items)        adds to `items` functions of a seat drawn beside its score in
//                               the narrow screens' score strip (game.js, `renderStrip`)
//   board(screen)               draws its pieces on the board for every screen (before the
//                               figures are drawn), a new expansion's in a layer of its own
//                               (`screen.board.layer(name)`); a piece standing by a figure
//                               grows with the figures as the board zooms out when it has
//                               `data-grows` and its `data-px`, `data-py`, `data-k`
//   hints(screen)               draws what follows the pointer on the board (on every render
//                               and while hovering)
//   markers(screen, ctx)        a function that claims a legal action for a marker group
//                               (`ctx.add`; game/figures.js, `markerGroups`) and answers true,
//                               or answers false; null for none
//   folded(screen, groups)      marker kinds kept off the board (their list is folded away)
//   mode(screen)                another way to place the tile, while it is on: {sites (the
//                               legal actions with x, y), at(x, y) (the site there, or
//                               undefined), draw(withSpots) (the squares and the ghost)}
//   placePanel(screen, d, ctx)  changes the panel of a tile to place (game/placing.js)
//   figurePanel(screen, d, ctx) adds to the panel of a decision made on figures
//                               (game/figures.js): every decision that no module's `panel` draws
//   panel(screen, el, seat)     draws the whole action panel into `el` for its `decisions`
//   choices(screen)             the order in which the arrow keys step through the choices of
//                               the decision, or null (the legal actions' order)
//   chose(screen, action)       an action was chosen (a click, a key, a step)
//   key(screen, ev)             a key pressed (before the core's own keys): true if it took it
//   cancel(screen)              Esc or "Cancel", before the selection is dropped
//
// What the modules add together (the turn banner's badges, the markers, the parts of a panel)
// comes in the order of MODULES. Where two modules add to the same place in one decision the
// order below keeps the screen as it is drawn: the builder's badge before the tile's origin;
// the dash's words before rebuilding's; in the figure panel the dash's note before every other
// note, the lists of choices in the order dragon (the fairy, the princess), ransom, prisoners,
// barn, little buildings, the festival, the traps' captives, the flight, the tunnel tokens, the ferries, tower, unpunctuality or magic gate, a new lease of life, the plague's spreads and flights, the followers a message may score, the acrobats, the bridges, the catapult's seductions, rebuilding; and the tower's
// claim on a deployment before unpunctuality's before the magic gate's.

import { tradersBuilders } from './traders-builders.js';
import { tilesInHand } from './tiles-in-hand.js';
import { count } from './count.js';
import { dragon } from './dragon.js';
import { dash } from './dash.js';
import { ransom } from './ransom.js';
import { prisoners } from './prisoners.js';
import { abbeyMayor } from './abbey-mayor.js';
import { littleBuildings } from './little-buildings.js';
import { festival } from './festival.js';
import { traps } from './traps.js';
import { goldMines } from './gold-mines.js';
import { mageWitch } from './mage-witch.js';
import { flier } from './flier.js';
import { tunnel } from './tunnel.js';
import { ferries } from './ferries.js';
import { porxada } from './porxada.js';
import { cropCircles } from './crop-circles.js';
import { phantom } from './phantom.js';
import { windRoses } from './wind-roses.js';
import { tower } from './tower.js';
import { mountains } from './mountains.js';
import { unpunctuality } from './unpunctuality.js';
import { gate } from './gate.js';
import { lease } from './lease.js';
import { plague } from './plague.js';
import { messages } from './messages.js';
import { hillsSheep } from './hills-sheep.js';
import { bigTop } from './big-top.js';
import { bridgesCastlesBazaars } from './bridges-castles-bazaars.js';
import { catapult } from './catapult.js';
import { rebuilding } from './rebuilding.js';
import { abbot } from './abbot.js';
import { cathars } from './cathars.js';
import { kingRobber } from './king-robber.js';
import { tableEdge } from './table-edge.js';

/** The decision modules of the game screen, in the order they are asked. */
export const MODULES = [
  tradersBuilders,
  tilesInHand,
  count,
  dragon,
  dash,
  ransom,
  prisoners,
  abbeyMayor,
  littleBuildings,
  festival,
  traps,
  goldMines,
  mageWitch,
  flier,
  tunnel,
  ferries,
  porxada,
  cropCircles,
  phantom,
  windRoses,
  tower,
  mountains,
  unpunctuality,
  gate,
  lease,
  // After "A new lease of life": its hint is cleared outside its decision, the plague's drawn in its own.
  plague,
  messages,
  hillsSheep,
  bigTop,
  bridgesCastlesBazaars,
  catapult,
  rebuilding,
  abbot,
  cathars,
  kingRobber,
  tableEdge,
];
