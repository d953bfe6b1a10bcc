// The seats this browser plays, kept in local storage so that a closed tab finds its way back:
// one entry per game id and token (two people sharing a browser keep two entries). Nothing
// but the id, the token (the seat's key, as in its join link) and the names shown in the
// lobby's "your games" list is stored.

const KEY = 'carcassonne.my-games.v1';

function load() {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) || '[]');
    return Array.isArray(list) ? list.filter((g) => g && typeof g.id === 'string' && typeof g.token === 'string') : [];
  } catch {
    // Storage disabled or a mangled entry: behave as if nothing were remembered.
    return [];
  }
}

function save(list) {
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // A full or disabled storage only loses the convenience.
  }
}

/** Every remembered seat, most recently played first. */
export function myGames() {
  return load().sort((a, b) => (b.seen || 0) - (a.seen || 0));
}

/** The remembered entries of one game. */
export function myGame(id) {
  return load().filter((g) => g.id === id);
}

/**
 * Remembers (or refreshes) the seats a token plays in a game: `you` are the seat numbers and
 * `names` their names, for the lobby's list.
 */
export function rememberGame(id, token, { you = [], names = [] } = {}) {
  if (!id || !token) return;
  const list = load().filter((g) => !(g.id === id && g.token === token));
  list.push({ id, token, you, names, seen: Date.now() });
  save(list);
}

/** Forgets every seat of a game in this browser. */
export function forgetGame(id) {
  save(load().filter((g) => g.id !== id));
}

/** The address that plays a remembered seat. */
export function playLink(entry) {
  return `/play/${encodeURIComponent(entry.id)}#token=${encodeURIComponent(entry.token)}`;
}

// ---- the "your turn" cue's settings ---------------------------------------------------------

const CUE_KEY = 'carcassonne.turn-cue.v1';

/** Whether a sound (and, where allowed, a notification) says that it is your turn. */
export function cueEnabled() {
  try {
    return localStorage.getItem(CUE_KEY) === 'on';
  } catch {
    return false;
  }
}

export function setCueEnabled(on) {
  try {
    localStorage.setItem(CUE_KEY, on ? 'on' : 'off');
  } catch {
    // Not kept across pages, but still on for this one.
  }
}
