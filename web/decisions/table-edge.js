// The house rule "the edge of the table" on the game screen: the play area's outline on the board
// (`tableEdge`, board.js), for every screen. No decision of its own: the engine leaves the
// places beyond the edge out of the legal actions.

import { tableEdge as edgeOf } from '../board.js';

/** The decision module (decisions/index.js). */
export const tableEdge = {
  name: 'table-edge',
  board(screen) {
    screen.board.setTable(edgeOf(screen.view));
  },
};
