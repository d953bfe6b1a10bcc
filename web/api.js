// The game server's JSON API (docs/api.md) and its WebSocket, in one place so the views never
// build URLs or parse error bodies themselves.

/** An error answer of the API: `status` is the HTTP status (0 for a network failure). */
export class ApiError extends Error {
  constructor(status, message, field) {
    super(message);
    this.status = status;
    this.field = field || null;
  }
}

async function request(method, path, body) {
  const init = { method, headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, `the server cannot be reached (${err.message})`);
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      // A proxy or a crash may answer with plain text; keep it as the message.
      data = { error: text.slice(0, 300) };
    }
  }
  if (!response.ok) {
    const message = (data && data.error) || `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, message, data && data.field);
  }
  return data;
}

const enc = encodeURIComponent;

function query(params) {
  const parts = Object.entries(params)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => `${enc(k)}=${enc(v)}`);
  return parts.length ? `?${parts.join('&')}` : '';
}

export const getOptions = () => request('GET', '/api/options');
/** A page of the game list, newest first (`{limit, after}`), or the games of `{ids}`. */
export const listGames = (params = {}) => request('GET', `/api/games${query(params)}`);
export const createGame = (body) => request('POST', '/api/games', body);
export const getGame = (id, token, eventsFrom) =>
  request('GET', `/api/games/${enc(id)}${query({ token, events_from: eventsFrom })}`);
/** The game reference for a selection: `{expansions, variants, rules, players}` (docs/api.md). */
export const getReference = (params) => request('GET', `/api/reference${query(params)}`);
export const getGameReference = (id) => request('GET', `/api/games/${enc(id)}/reference`);
/** A bot's advice for the token's pending decision: `{version, bot, action}` (docs/api.md). */
export const getHint = (id, token) => request('GET', `/api/games/${enc(id)}/hint${query({ token })}`);
export const getReplay = (id, step) => request('GET', `/api/games/${enc(id)}/replay${query({ step })}`);
/**
 * Sends an action and answers the game's view after it. When the server's database is slow the
 * server answers that the action is pending (`202`, docs/api.md): the view is then asked for
 * until the game has moved past `version` (the action stored and applied), for up to a minute.
 */
export async function postAction(id, token, action, version) {
  const answer = await request('POST', `/api/games/${enc(id)}/actions`, { token, action, version });
  if (!answer || !answer.pending) return answer;
  for (let waited = 0; waited < 60000; waited += 1000) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const view = await getGame(id, token);
    if (version === undefined || version === null || view.version > version) return view;
  }
  throw new ApiError(202, 'the action was not stored within a minute; the game shows it once it is');
}

/** Takes back the token's last action (`POST .../undo`, docs/api.md); answers the view after it. */
export const postUndo = (id, token, version) => request('POST', `/api/games/${enc(id)}/undo`, { token, version });

/** Says `text` in the game's chat for the token's seat (`POST .../chat`); answers the view after it. */
export const postChat = (id, token, text) => request('POST', `/api/games/${enc(id)}/chat`, { token, text });

// The tile drawings never change while the page lives, so they are asked for once.
let tilesPromise = null;
export function getTiles() {
  if (!tilesPromise) {
    tilesPromise = request('GET', '/api/tiles')
      .then((data) => (data && data.tiles) || {})
      .catch((err) => {
        tilesPromise = null; // let a later call try again
        throw err;
      });
  }
  return tilesPromise;
}

/**
 * The live connection of one game view. It reconnects by itself with a growing delay
 * (0.5 s doubling up to 10 s) until `close()`; after a reconnection the server sends the whole
 * state again, so nothing is lost while it was down.
 */
export class GameSocket {
  constructor(id, token, { onState, onError, onStatus }) {
    this.id = id;
    this.token = token;
    this.onState = onState;
    this.onError = onError;
    this.onStatus = onStatus || (() => {});
    this.delay = 500;
    this.closed = false;
    this.ws = null;
    this.timer = null;
    this.connect();
  }

  url() {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    return `${scheme}//${location.host}/api/games/${enc(this.id)}/ws${query({ token: this.token })}`;
  }

  connect() {
    if (this.closed) return;
    this.onStatus('connecting');
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 500;
      this.onStatus('live');
    };
    ws.onmessage = (msg) => {
      let data;
      try {
        data = JSON.parse(msg.data);
      } catch {
        return;
      }
      if (data.type === 'state') this.onState(data);
      else if (data.type === 'error') this.onError(data);
      // The server is stopping: say so; the socket reconnects once it is back.
      else if (data.type === 'closing') this.onError({ error: data.message });
    };
    ws.onclose = () => {
      if (this.ws === ws) this.ws = null;
      this.retry();
    };
    // onclose follows every error, and retries from there.
    ws.onerror = () => {};
  }

  retry() {
    if (this.closed) return;
    this.onStatus('offline', this.delay);
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), this.delay);
    this.delay = Math.min(this.delay * 2, 10000);
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
