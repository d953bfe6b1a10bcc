// The single-page app's entry: the server answers `/`, `/play/{id}` and `/replay/{id}` with
// index.html, and this picks the view from the path. A seat's token stays in the fragment.

import { showLobby } from './lobby.js';
import { showGame } from './game.js';
import { showReplay } from './replay.js';
import { h, clear } from './ui.js';

function route() {
  const app = document.getElementById('app');
  const path = location.pathname.replace(/\/+$/, '') || '/';
  let m;
  if (path === '/' || path === '/index.html') return showLobby(app);
  if ((m = /^\/play\/([A-Za-z0-9]+)$/.exec(path))) return showGame(app, m[1]);
  if ((m = /^\/replay\/([A-Za-z0-9]+)$/.exec(path))) return showReplay(app, m[1]);
  clear(app).append(
    h('section', { class: 'card' }, h('h2', {}, 'Page not found'), h('p', {}, h('a', { href: '/' }, 'Back to the lobby'))),
  );
  return null;
}

// A join link pasted into the same tab only changes the fragment: load the page for it.
window.addEventListener('hashchange', () => {
  if (location.pathname.startsWith('/play/')) location.reload();
});

route();
