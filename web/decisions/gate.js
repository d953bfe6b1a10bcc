// The Princess & the Dragon's magic gate on the game screen: a follower deployed onto a free
// feature of a tile already in play (an arch marker on each place, on other tiles than the one
// just placed), listed in the figure panel. Late in a game there can be a hundred places, which
// would bury the new tile's markers: the list, and its markers with it, is folded away unless
// there are few (or as the player left it).

import { pieceIcon } from '../figures.js';
import { hint, markerButton, foldingList } from '../game/kit.js';

/** How many places of a magic gate are shown without asking. */
const GATES_SHOWN = 8;

/** Whether the gate's places are shown (on the board and in the list): when one is chosen, as the player left the list, or while there are few. */
function gatesShown(screen, count) {
  const c = screen.choice;
  if (c && c.action === 'deploy' && Number.isFinite(c.x)) return true;
  return screen.stateOf('gate').open ?? count <= GATES_SHOWN;
}

/** The decision module (decisions/index.js). */
export const gate = {
  name: 'gate',
  /** A deployment onto a tile other than the one just placed. */
  markers: (screen, { add, onTile, there }) => (a) => {
    if (a.action !== 'deploy' || !onTile(a)) return false;
    add(`gate:${a.x},${a.y},${a.feature}`, { ...there(a, 'gate', 'gate-marker'), pick: 'Which figure?', preview: true }, a);
    return true;
  },
  folded: (screen, groups) => (gatesShown(screen, groups.filter((g) => g.kind === 'gate').length) ? [] : ['gate']),
  figurePanel(screen, d, { of }) {
    const gates = of('gate');
    if (!gates.length) return;
    d.lists.push(
      foldingList(screen, {
        cls: 'gate-list',
        shown: gatesShown(screen, gates.length),
        state: screen.stateOf('gate'),
        groups: gates,
        dropOpen: true,
        summary: {
          testid: 'gate-summary',
          title: 'Show or hide the magic gate’s places on the board',
          text: `Through the magic gate: ${gates.length} place${gates.length === 1 ? '' : 's'}`,
        },
        note: hint('A follower may go to a free road, city, cloister or farm of a tile already in play (arch markers).', 'hint small'),
        buttons: gates.map((g) => markerButton(screen, g, 'gate-choice', pieceIcon('gate'))),
      }),
    );
  },
};
