// The variation "Follower unpunctuality" on the game screen: no follower goes on the tile just
// placed, only onto an earlier one. Every deployment onto a tile is then a place on an earlier
// tile (markers on those tiles), listed in the figure panel under a note; the list folds away
// like the magic gate's (gate.js), open unless the player folds it.

import { figureIcon } from '../figures.js';
import { capital, plays, hint, markerButton, foldingList, tapVerb } from '../game/kit.js';

/** Whether the earlier tiles' places are shown: when one is chosen, or as the player left the list (open at first). */
function earlierShown(screen) {
  const c = screen.choice;
  if (c && c.action === 'deploy' && Number.isFinite(c.x)) return true;
  return screen.stateOf('unpunctuality').open ?? true;
}

/** The decision module (decisions/index.js). */
export const unpunctuality = {
  name: 'unpunctuality',
  /** A follower only onto an earlier tile (the legal `deploy` actions with `x`, `y`). */
  markers(screen, { add, onTile, there }) {
    if (!plays(screen.view, 'follower-unpunctuality')) return null;
    return (a) => {
      if (a.action !== 'deploy' || !onTile(a)) return false;
      add(`earlier:${a.x},${a.y},${a.feature}`, { ...there(a, 'earlier', 'earlier-marker'), pick: 'Which figure?', preview: true }, a);
      return true;
    };
  },
  folded: (screen) => (earlierShown(screen) ? [] : ['earlier']),
  figurePanel(screen, d, { hex, of }) {
    const earlier = of('earlier');
    if (!earlier.length) return;
    d.notes.push(hint(`Follower unpunctuality: no follower may go on the tile just placed. ${capital(tapVerb())} a marker on an earlier tile to deploy a follower there, or pass.`));
    d.lists.push(
      foldingList(screen, {
        cls: 'gate-list',
        shown: earlierShown(screen),
        state: screen.stateOf('unpunctuality'),
        groups: earlier,
        dropOpen: true,
        summary: {
          testid: 'gate-summary',
          title: 'Show or hide the places on earlier tiles on the board',
          text: `Onto an earlier tile: ${earlier.length} place${earlier.length === 1 ? '' : 's'}`,
        },
        note: hint('A follower may go to a free road, city, cloister or farm of a tile placed before this one (markers on those tiles).', 'hint small'),
        buttons: earlier.map((g) => markerButton(screen, g, 'earlier-choice', figureIcon('follower', hex, 18), (label) => label.replace(/^onto an earlier tile: /, ''))),
      }),
    );
  },
};
