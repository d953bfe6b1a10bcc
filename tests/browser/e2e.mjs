// End-to-end test of the web UI in a real browser (Debian's Chromium driven by playwright-core).
//
//   node tests/browser/e2e.mjs http://127.0.0.1:8080
//
// Scenario 1 (phone, 360 × 740, touch): the lobby fits the screen; create a base game (human
// against the greedy bot) and play the human seat to the end by taps only: positions,
// rotation, confirm, figure markers or pass, with the decision's controls always in view; a
// pinch zooms the board. The final scores shown equal the API's, a follower deployed by a tap
// is in the API's figures, the log has no engine notation, and the replay viewer steps.
// Scenario 2 (tablet, 768 × 1024, touch): leave a game and come back to it through the lobby's
// "your games" (it says it is your turn), then forget it.
// Scenario 3 (desktop, 1280 × 800): a turn played with the keyboard alone; the desktop
// screenshots; the HTML 404 page.
// Scenario 4 (desktop): two browsers join one human-against-human game by their join links;
// each must see the other's moves arrive live.
// Scenario 5 (desktop): The Princess & the Dragon against the greedy bot, played to the end by
// clicks: the dragon's steps, the fairy's moves, a magic gate, the princess; the dragon and the
// fairy drawn where the API says, the final scores, the log and the replay.
// Scenario 6 (desktop): The Tower, two human seats at one screen (hot seat): towers drawn where
// the API has them; Ben builds a tower by clicking it and takes Ann's follower prisoner by
// clicking it (pieces chosen by keyboard and "take no prisoner" on the way); Ann pays the
// ransom by the button beside her prisoner; the API checked after each step.
// Scenario 7 (desktop): seat names made of HTML and script show as text everywhere (lobby,
// "your games", the players, the log, the final table, the replay), nothing of them runs, and
// no page breaks its content security policy.
// Scenario 8 (desktop): past the limit of games created per minute, the lobby shows the
// server's message.
// Scenario 9 (desktop): the lobby's game reference follows the expansions, seats and rule set
// as they are chosen; a game's "Rules" button shows its reference with the step of the pending
// decision highlighted, following the game.
// Scenario 10 (desktop): Abbey & Mayor, Ann and Ben in two windows: the abbey placed in a hole,
// the mayor, the wagon and the barn deployed by their markers, a wagon moved after a scoring
// when the game offers it (the other window saying whom it waits for); the API checked after
// each step.
// Scenario 11 (desktop): The Count of Carcassonne, Ann and Ben in two windows: the test steers
// the tiles with its own model of the roads until each completes a road that pays only the
// other, deploys a follower to a quarter of Carcassonne by clicks and moves the count (or leaves
// it); then redeployments from that quarter taken by clicks or refused by "None", the prompts of
// one scoring in seat order, the other window waiting; the API checked after each step.
// Scenario 12 (desktop): the official variations: the lobby's variant groups (with the
// variations' authors, also on a phone); a game against two greedy bots with fewer followers
// (6 each, in the API and the players panel), cloisters for everyone (the held cloister drawn
// past by keyboard, then placed by the panel and the board, leaving the API's seat and the
// players panel) and follower unpunctuality (no marker on the tile just placed, a follower
// deployed onto an earlier tile by its marker, the API checked).
//
// Scenario 13 (desktop): choosing the tile to place: the lobby's variations of it; three tiles
// in hand against a greedy bot ("Your hand" as the API has it, the bot's hand never shown, only
// counted; a spectator sees no hand), two turns of a tile chosen in the panel and placed; then
// collective planning: the face-up row, a face-up tile taken and placed, later "Draw from the
// pile".
//
// Scenario 14 (desktop): only one can choose, face down, against a greedy bot: Ann hands a tile
// to the bot in the panel by clicks (a spectator waiting, seeing counts only), places the tile
// she kept; in the next round the bot hands a tile to her and she places it; the log shows the
// hand-outs.
//
// Scenario 15 (desktop): a game with the house rule table-size 19x13 draws the table's edge
// (its outline titled "Edge of the table (19 × 13 tiles)" around |x| <= 9, |y| <= 6, a shade
// past it); a default game draws none.
//
// Scenario 16 (desktop): mountains against a greedy bot: the lobby's box for the variation; at
// the first placement the "Mountain mode" switch (M and Esc, Space on the focused switch, a
// click) shows the API's mountain sites instead of the places (the tile not to be turned, the
// sites styled apart, a spectator's banner offering the mountain); the site south of the start
// tile is clicked and confirmed: the API and the board have the mountain there, the log its
// event; a miner is deployed by its marker in the middle of the mountain and stays after the
// bot's turn. A game without the variation shows no switch.
//
// Scenario 17 (desktop): prisoners, Ann and Ben in two windows: the lobby's box for the
// variation; the test steers a game through the API with its own model of the cities (read from
// data/tiles/base.tiles) until a tile joins a seat's knight's part of a city to the other's; that
// tile is placed and its figure decision passed by clicks, then the follower taken prisoner by
// its ringed marker (the keyboard's P and arrows tried first, the other window waiting): both
// followers leave the API and the boards, the prisoner shows under its captor in both players
// panels and in the log; at the captor's next figure decision the prisoner is released by the
// action panel's button and a figure deployed.
//
// Scenario 18 (desktop): a new lease of life and the dash, Ann and Ben in two windows: the
// lobby's boxes for both variations; the test plays a dash game through the API until a thief may
// settle on a farm: the move markers and buttons are the API's, the keyboard steps onto a move,
// hovering the target rings the thief, the move is clicked and confirmed (the API, both boards and
// logs checked); the first dash round is shown on both screens ("Dash round", "Stop (no more)"),
// used by clicks for a point (the API's point-sacrificed event, the score one lower in the API,
// the players panels and the logs) and the next one stopped by clicks.
//
// Scenario 19 (desktop): rebuilding, Ann and Ben in two windows: the lobby's box for the
// variation; the test plays a game through the API until a seat may remove a tile: the tile
// markers and buttons are the API's, hovering one shows the tile lifted, it is removed by clicks
// for a point (the API's tile-removed event and decision to place it again, the tile faded where
// it lay on both boards, the other window waiting), then placed elsewhere on the API's places by
// clicks (the API's tile-replaced event; both boards with the tile at its new place and none at
// the old, the move framed); a follower is deployed on the moved tile, and the score is one point
// lower plus the turn's scores in the API, both players panels and both logs.
//
// Screenshots go to $SCREENSHOT_DIR (default target/screenshots): web-lobby.png, web-game.png,
// web-final.png, web-dragon.png, web-tower.png, web-reference.png, web-rules.png, web-abbey-mayor.png, web-count.png, web-variations.png, web-hands.png, web-hand-out.png, web-mountain.png, web-prisoners.png, web-lease.png, web-dash.png, web-rebuilding.png (desktop), web-phone-lobby.png, web-phone-game.png, web-phone-final.png,
// web-tablet-game.png, and failure-*.png when something goes wrong.

import { chromium } from 'playwright-core';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const BASE = (process.argv[2] || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const SHOTS = path.resolve(process.env.SCREENSHOT_DIR || 'target/screenshots');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// A guard against a hung run, not a speed target: the 37 scenarios took 250 to 550 s in one lane
// on the 2-core machine (its speed varies that much), about 200 s in two lanes.
const TOTAL_MS = Number(process.env.E2E_TIMEOUT_MS || 900_000);
const WAIT_MS = 20_000;
const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const started = Date.now();
const browsers = []; // {context, dir, page, name}
const pageErrors = [];
const policyViolations = [];
let passed = 0;

function log(...args) {
  const t = ((Date.now() - started) / 1000).toFixed(1).padStart(5);
  console.log(`[${t}s]`, ...args);
}

class TestFailure extends Error {}

function fail(message) {
  throw new TestFailure(message);
}

function check(condition, message) {
  if (!condition) fail(message);
}

/**
 * A fresh Chromium with its own temporary profile. Playwright's launch() refuses an explicit
 * --user-data-dir, so each browser is a persistent context on a new temporary directory.
 */
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };
const TABLET = { viewport: { width: 768, height: 1024 }, isMobile: true, hasTouch: true };

async function openBrowser(name, device = DESKTOP) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `carcassonne-e2e-${name}-`));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROME_ARGS,
    ...device,
  });
  // Each browser is a client of its own (the server counts clients by `x-forwarded-for` here,
  // scripts/browser-test.sh), so that the per-address limits (games a minute, bot seats) meet
  // one browser's games, never the whole run's: on a fast machine the run creates more than ten
  // games in a minute.
  clientCount += 1;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `198.51.100.${clientCount % 250 + 1}` });
  const page = context.pages()[0] || (await context.newPage());
  page.setDefaultTimeout(WAIT_MS);
  touchDevices.add(context);
  if (!device.hasTouch) touchDevices.delete(context);
  const entry = { context, dir, page, name };
  page.on('pageerror', (err) => {
    pageErrors.push(`${name}: ${err.message}`);
    log(`${name}: page error: ${err.message}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') log(`${name}: console error: ${msg.text()}`);
    if (msg.text().includes('Content Security Policy')) policyViolations.push(`${name}: ${msg.text()}`);
  });
  browsers.push(entry);
  return entry;
}

const touchDevices = new WeakSet();

/** Browsers opened so far: each gets a client address of its own. */
let clientCount = 0;

/** Taps on a touch device, clicks elsewhere. */
async function press(page, selector) {
  if (touchDevices.has(page.context())) await page.locator(selector).first().tap();
  else await page.click(selector);
}

/** Fails unless the element is entirely inside the window (not below the fold). */
async function checkInView(page, selector, what) {
  // A redraw (the same state arriving by the socket too) may replace the element between
  // finding and measuring it: then it is measured again.
  let box = null;
  for (let i = 0; i < 5 && !box; i++) box = await page.locator(selector).first().boundingBox();
  const size = page.viewportSize();
  check(box, `${what}: ${selector} is not shown`);
  check(
    box.x >= 0 && box.y >= 0 && box.x + box.width <= size.width + 0.5 && box.y + box.height <= size.height + 0.5,
    `${what}: ${selector} lies outside the ${size.width} × ${size.height} window (${JSON.stringify(box)})`,
  );
}

/** Engine notation in a text for people, or null (the server's test checks the same). */
function notation(text) {
  if (/@/.test(text)) return 'a feature name';
  if (/[A-Za-z0-9]:[A-Za-z0-9]/.test(text)) return 'a catalog id';
  if (/\(\s*-?\d+\s*,\s*-?\d+\s*\)/.test(text)) return 'coordinates';
  if (/\b(NNE|NNW|ENE|ESE|SSE|SSW|WSW|WNW)\b/.test(text)) return 'a port name';
  if (/\ba [aeiou]/.test(text)) return '"a" before a vowel';
  return null;
}

/**
 * Fails if a text for people on the page shows engine notation: the elements matching
 * `selectors` and every label and title of the board. Returns how many texts were checked.
 */
async function checkNoNotation(page, selectors) {
  const texts = await page.evaluate((sel) => [
    ...[...document.querySelectorAll(sel)].map((e) => e.textContent),
    ...[...document.querySelectorAll('svg.board [aria-label], svg.board title')].map((e) => e.getAttribute('aria-label') || e.textContent),
  ], selectors);
  for (const text of texts) {
    const found = notation(text);
    check(!found, `the page shows ${found}: ${text.slice(0, 300)}`);
  }
  return texts.length;
}

/** The lobby offers the expansion `id` (its label reads `name`) and the API's variants matching `variant`. */
async function checkLobbyOffers(page, id, name, variant) {
  const options = await api('/api/options');
  await page.goto(`${BASE}/`);
  await page.locator('[data-testid=create-form]').waitFor();
  const label = await page.locator(`[data-testid=expansion-${id}]`).locator('xpath=..').textContent();
  check(label.includes(name), `the lobby's expansion reads "${label}"`);
  const variants = options.variants.filter((v) => variant.test(v.id));
  for (const v of variants) check(await page.locator(`[data-testid=variant-${v.id}]`).count(), `the lobby does not offer the variant ${v.id}`);
  return variants.length;
}

async function closeBrowsers() {
  for (const b of browsers.splice(0)) {
    await b.context.close().catch(() => {});
    fs.rmSync(b.dir, { recursive: true, force: true });
  }
}

async function screenshot(page, name) {
  fs.mkdirSync(SHOTS, { recursive: true });
  const file = path.join(SHOTS, name);
  await page.screenshot({ path: file });
  log(`screenshot ${file}`);
  return file;
}

async function api(pathname) {
  const response = await fetch(`${BASE}${pathname}`);
  const body = await response.json();
  check(response.ok, `GET ${pathname} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Waits for `fn` in the page to return something truthy, failing with `what` on timeout. */
async function waitFor(page, what, fn, arg, timeout = WAIT_MS) {
  try {
    const handle = await page.waitForFunction(fn, arg, { timeout, polling: 50 });
    return await handle.jsonValue();
  } catch (err) {
    const shown = await page
      .evaluate(() => {
        const e = document.querySelector('[data-testid=error]');
        return e && !e.hidden ? e.textContent : '';
      })
      .catch(() => '');
    fail(`timed out after ${timeout / 1000} s waiting for ${what}${shown ? ` (the page shows the error: ${shown})` : ''}: ${err.message.split('\n')[0]}`);
  }
}

/** The game view's state as the page shows it. */
function gameState(page) {
  return page.evaluate(() => {
    const g = document.querySelector('[data-testid=game]');
    const t = document.querySelector('[data-testid=turn]');
    return {
      version: g ? Number(g.dataset.version) : -1,
      status: g ? g.dataset.status : '',
      mine: t ? t.dataset.mine === 'true' : false,
      decision: t ? t.dataset.decision : '',
      tiles: document.querySelectorAll('svg.board .layer-tiles use').length,
    };
  });
}

/** Waits until this screen must decide, or the game is over; returns the decision. */
function waitForTurn(page, what) {
  return waitFor(
    page,
    what,
    () => {
      const g = document.querySelector('[data-testid=game]');
      const t = document.querySelector('[data-testid=turn]');
      if (!g || !t || !g.dataset.version) return false;
      if (g.dataset.status === 'over') return 'over';
      return t.dataset.mine === 'true' ? t.dataset.decision : false;
    },
    null,
    30_000,
  );
}

function waitForVersionAbove(page, version, what) {
  return waitFor(
    page,
    what,
    (v) => {
      const g = document.querySelector('[data-testid=game]');
      return g && Number(g.dataset.version) > v;
    },
    version,
  );
}

/** The elements matching `selector` whose centre is really clickable (nothing drawn over it). */
function clickable(page, selector) {
  return page.evaluate((sel) => {
    const out = [];
    for (const el of document.querySelectorAll(sel)) {
      // A marker is pressed on its body (a crowd pushes it aside, a line back to its place).
      const r = (el.querySelector('.marker-body') || el).getBoundingClientRect();
      const cx = r.x + r.width / 2;
      const cy = r.y + r.height / 2;
      if (cx < 0 || cy < 0 || cx > innerWidth || cy > innerHeight) continue;
      const hit = document.elementFromPoint(cx, cy);
      if (hit && hit.closest(sel) === el) out.push({ ...el.dataset });
    }
    return out;
  }, selector);
}

async function confirm(page, what) {
  const before = (await gameState(page)).version;
  await page.locator('[data-testid=confirm]').waitFor({ state: 'visible' });
  // The choice may take a redraw to reach the button (seen once in CI after placing a tile):
  // the button has a few seconds to be enabled before it counts as disabled.
  await page.locator('[data-testid=confirm]:not([disabled])').waitFor({ timeout: 5000 }).catch(() => {});
  check(await page.locator('[data-testid=confirm]').isEnabled(), `the confirm button is disabled after ${what}`);
  await checkInView(page, '[data-testid=confirm]', what);
  await press(page, '[data-testid=confirm]');
  // A redraw may swallow the click (seen once in a long game, the confirm button still shown
  // and the action never sent): when nothing was sent and the button is still offered after a
  // few seconds, it is clicked again, once, and the log says so.
  const accepted = () => page.evaluate((v) => {
    const g = document.querySelector('[data-testid=game]');
    return Boolean(g && (Number(g.dataset.version) > v || g.dataset.busy === 'true'));
  }, before);
  const deadline = Date.now() + 5000;
  while (!(await accepted()) && Date.now() < deadline) await page.waitForTimeout(100);
  const button = page.locator('[data-testid=confirm]');
  if (!(await accepted()) && (await button.isVisible()) && (await button.isEnabled())) {
    log(`${what}: nothing was sent 5 s after the confirm click (screen ${JSON.stringify(await gameState(page))}); clicking it again`);
    await press(page, '[data-testid=confirm]');
  }
  await waitForVersionAbove(page, before, `the server to accept: ${what}`);
}

/**
 * Picks "pass" (the decision's button of that name) and confirms. The pick waits until no
 * earlier action of this screen is on its way (the choices wait for its answer); should a
 * redraw swallow the click, it is clicked again, once, and the log says so.
 */
async function passByClick(page, what) {
  await waitFor(page, `the screen to be free before ${what}`, () => {
    const g = document.querySelector('[data-testid=game]');
    return g && g.dataset.busy !== 'true';
  });
  await press(page, '[data-testid=pass]');
  const picked = () => page.locator('[data-testid=pass][aria-pressed=true]').waitFor({ timeout: 3000 }).then(() => true, () => false);
  if (!(await picked())) {
    const state = await gameState(page);
    log(`${what}: the pass button was not picked by the click (screen ${JSON.stringify(state)}); clicking it again`);
    await press(page, '[data-testid=pass]');
    check(await picked(), `${what}: the pass button is not picked after two clicks`);
  }
  await confirm(page, what);
}

/**
 * Places the drawn tile by clicking: sometimes turns the tile first (button or key), then
 * clicks a highlighted position (which picks a fitting rotation; `prefer(spots)` may pick the
 * position), sometimes turns it again among the fitting rotations, and confirms. Returns the
 * position.
 */
async function placeTile(page, turn, { beforeConfirm, prefer, hint } = {}) {
  await checkInView(page, '[data-testid=rotate-cw]', `turn ${turn}`);
  if (hint) {
    // The bot's advice: its place and turn are selected, for this player to confirm.
    await press(page, '[data-testid=hint]');
    await page.locator('[data-testid=hint-text]').waitFor();
    const words = (await page.locator('[data-testid=hint-text]').textContent()) || '';
    check(/The bot suggests: \S/.test(words), `turn ${turn}: the hint says ${JSON.stringify(words)}`);
    const ghost = page.locator('[data-testid=ghost-tile].selected');
    await ghost.waitFor({ state: 'attached' });
    const at = { x: Number(await ghost.getAttribute('data-x')), y: Number(await ghost.getAttribute('data-y')) };
    await confirm(page, `placing the tile where the hint put it, (${at.x}, ${at.y})`);
    return at;
  }
  if (turn % 3 === 1) await press(page, '[data-testid=rotate-cw]');
  if (turn % 5 === 2 && !touchDevices.has(page.context())) await page.keyboard.press('e');
  let spots = await clickable(page, '[data-testid=spot]');
  if (!spots.length) {
    await press(page, '[data-testid=zoom-fit]');
    spots = await clickable(page, '[data-testid=spot]');
  }
  check(spots.length > 0, `turn ${turn}: no highlighted position can be clicked`);
  const spot = (prefer && prefer(spots)) || spots[(turn * 7) % spots.length];
  const spotSelector = `[data-testid=spot][data-x="${spot.x}"][data-y="${spot.y}"]`;
  await press(page, spotSelector);
  // A redraw (the same state arriving by the socket too) may swallow the click, as it may the
  // confirm's (seen in CI: 20 s without the tile shown; and the tile shown under the pointer
  // but not picked, the confirm button disabled): when no place is picked after a few seconds
  // and the spot is still offered, it is clicked again, once, and the log says so.
  const picked = page.locator('[data-testid=confirm]:not([disabled])');
  const shown = await picked.waitFor({ timeout: 5000 }).then(() => true, () => false);
  if (!shown && (await page.locator(spotSelector).count())) {
    log(`turn ${turn}: no place picked 5 s after clicking (${spot.x}, ${spot.y}) (screen ${JSON.stringify(await gameState(page))}); clicking it again`);
    await press(page, spotSelector);
  }
  await page.locator('[data-testid=ghost-tile]').waitFor({ state: 'attached' });
  if (turn % 4 === 2) await press(page, '[data-testid=rotate-cw]'); // next fitting rotation, if any
  if (beforeConfirm) await beforeConfirm();
  await confirm(page, `placing a tile at (${spot.x}, ${spot.y})`);
  return { x: Number(spot.x), y: Number(spot.y) };
}

/** Figure decisions with nothing to deploy met so far (each checked for its explanation). */
let emptyPhases = 0;

/** Deploys a follower by clicking a marker (true) or passes; returns the deployment or null. */
async function deployOrPass(page, turn, wantDeploy, { explainEmpty = false } = {}) {
  // A figure decision with nothing to deploy says why (no figure left, no free place); checked
  // in the base game, where nothing else is offered then.
  if (explainEmpty && (await page.locator('[data-testid=figure-marker]').count()) === 0) {
    const why = (await page.locator('[data-testid=nothing-to-deploy]').textContent({ timeout: 5000 }).catch(() => '')) || '';
    check(/^Nothing to deploy this turn: (no place|you have no figure)/.test(why), `turn ${turn}: an empty figure decision is not explained: ${JSON.stringify(why)}`);
    emptyPhases += 1;
  }
  const markers = wantDeploy ? await clickable(page, '[data-testid=figure-marker]') : [];
  if (markers.length) {
    const marker = markers[turn % markers.length];
    await press(page, `[data-testid=figure-marker][data-feature="${marker.feature}"] .marker-body`);
    // Where several figures may stand, the panel lists them: take the plain follower.
    if (await page.locator('[data-testid=figure-choice]').count()) {
      await press(page, '[data-testid=figure-choice][data-figure=follower]');
    }
    await confirm(page, `deploying a follower on ${marker.feature}`);
    return { feature: marker.feature };
  }
  await passByClick(page, 'passing');
  return null;
}

/** Unfolds the lobby's group of variants (official variations, house rules) that holds `id`. */
async function openVariantGroup(page, id) {
  await page.locator(`[data-testid=variant-${id}]`).evaluate((input) => {
    const group = input.closest('details');
    if (group) group.open = true;
  });
}

async function createGame(page, players, names, expansions = [], { hotSeat = false, variants = [], choices = {}, clock = null } = {}) {
  await page.goto(`${BASE}/`);
  await page.locator('[data-testid=create-form]').waitFor();
  for (const expansion of expansions) await page.check(`[data-testid=expansion-${expansion}]`);
  // Variants given by id are ticked (yes-or-no variants only); `choices` selects the value of
  // a variant of several values.
  for (const variant of variants) {
    await openVariantGroup(page, variant);
    await page.check(`[data-testid=variant-${variant}]`);
  }
  for (const [variant, value] of Object.entries(choices)) {
    await openVariantGroup(page, variant);
    await page.selectOption(`[data-testid=variant-${variant}]`, value);
  }
  if (hotSeat) await page.check('[data-testid=hot-seat]');
  if (clock) await page.selectOption('[data-testid=turn-clock]', String(clock));
  for (let i = 0; i < players.length; i++) {
    // The lobby starts with two seats: more are added.
    if (!(await page.locator(`[data-testid=seat-name-${i}]`).count())) await press(page, '[data-testid=add-seat]');
    await page.fill(`[data-testid=seat-name-${i}]`, names[i]);
    await page.selectOption(`[data-testid=seat-player-${i}]`, players[i]);
  }
  await press(page, '[data-testid=create-game]');
  await page.locator('[data-testid=play-link]').waitFor();
  // Feedback: the new game's links come into view with the focus, and the button says that
  // another click makes another game.
  const feedback = await page.evaluate(() => {
    const card = document.querySelector('[data-testid=created]');
    const box = card.getBoundingClientRect();
    return {
      top: box.top,
      height: window.innerHeight,
      focused: card.contains(document.activeElement),
      button: document.querySelector('[data-testid=create-game]').textContent,
      status: document.querySelector('[data-testid=create-status]').textContent,
    };
  });
  check(feedback.top >= -1 && feedback.top < feedback.height, `the new game's card is out of view (top ${feedback.top} of ${feedback.height})`);
  check(feedback.focused, "the focus is not on the new game's card");
  check(feedback.button === 'Create another game', `the button says "${feedback.button}" once a game is created`);
  check(/is ready/.test(feedback.status), `nothing beside the button says the game is ready: "${feedback.status}"`);
  const links = [];
  for (let i = 0; i < players.length; i++) {
    const input = page.locator(`[data-testid=join-link-${i}]`);
    links.push((await input.count()) ? await input.inputValue() : null);
  }
  const play = await page.getAttribute('[data-testid=play-link]', 'href');
  const id = /\/play\/([a-z0-9]+)/.exec(play)[1];
  return { id, play, links };
}

// ---- scenario 1: a whole game against the greedy bot ---------------------------------------

/** Fails if the page scrolls sideways (something wider than the window). */
async function checkNoSidewaysScroll(page, what) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: innerWidth }));
  check(scroll <= width + 1, `${what}: the page is ${scroll} px wide in a ${width} px window`);
}

/** Two fingers spread apart on the board: the board must zoom in. */
async function pinchOut(page) {
  const box = await page.locator('svg.board').boundingBox();
  const scale = () => page.evaluate(() => Number(getComputedStyle(document.querySelector('svg.board')).getPropertyValue('--zoom')));
  const before = await scale();
  const cdp = await page.context().newCDPSession(page);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const fingers = (d) => [
    { x: cx - d, y: cy, id: 1 },
    { x: cx + d, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(20) });
  for (const d of [35, 50, 65, 80]) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  const after = await scale();
  check(after > before * 1.5, `a pinch should zoom the board in: its scale went from ${before} to ${after}`);
  await press(page, '[data-testid=zoom-fit]');
  log(`pinch zoom: scale ${before.toFixed(2)} -> ${after.toFixed(2)}`);
}

async function scenarioAgainstBot() {
  log('scenario 1 (phone): a base game, human against greedy, played by taps');
  const { page } = await openBrowser('phone', PHONE);
  await page.goto(`${BASE}/`);
  await page.locator('[data-testid=create-form]').waitFor();
  await checkNoSidewaysScroll(page, 'the lobby on a phone');
  const nameWidth = (await page.locator('[data-testid=seat-name-0]').boundingBox()).width;
  check(nameWidth >= 120, `the lobby's name field is ${nameWidth} px wide on a phone`);
  const { id, play } = await createGame(page, ['human', 'greedy'], ['Alice', 'Greedy']);
  log(`created game ${id}`);
  check(/#token=[0-9a-f]+$/.test(play), `the play link carries no token: ${play}`);
  await page.locator(`[data-testid=game-row][data-id="${id}"]`).waitFor();
  await checkNoSidewaysScroll(page, 'the lobby with a new game on a phone');
  await screenshot(page, 'web-phone-lobby.png');

  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  check(new URL(page.url()).pathname === `/play/${id}`, `the play link led to ${page.url()}`);
  // The start tile, from which every place is named, is marked on the board.
  await page.locator('[data-testid=start-tile]').waitFor();
  // The tile too: on a loaded machine the mark was drawn before the tile could be measured.
  await page.locator('.tile[data-x="0"][data-y="0"]').first().waitFor();
  const startTile = await page.locator('.tile[data-x="0"][data-y="0"]').boundingBox();
  const startMark = await page.locator('[data-testid=start-tile]').boundingBox();
  check(
    startTile && startMark && startMark.x >= startTile.x - 1 && startMark.y >= startTile.y - 1 &&
      startMark.x + startMark.width <= startTile.x + startTile.width + 1 && startMark.y + startMark.height <= startTile.y + startTile.height + 1,
    `the start tile's mark is not on the start tile: ${JSON.stringify(startMark)} ${JSON.stringify(startTile)}`,
  );

  let turn = 0;
  let deployed = 0;
  let verified = 0;
  let midShot = false;
  for (;;) {
    const decision = await waitForTurn(page, `turn ${turn + 1} of the human seat (or the end)`);
    if (decision === 'over') break;
    check(decision === 'place', `turn ${turn + 1}: expected to place a tile, the page asks to ${decision}`);
    turn += 1;
    check(Date.now() - started < TOTAL_MS - 20_000, `the game is still running after ${turn} turns; out of time`);

    const figuresOnBoard = await page.locator('svg.board [data-testid=figure]').count();
    // Mid-game with figures about; late in the game whatever the board holds.
    const takeShot = !midShot && ((turn >= 12 && figuresOnBoard >= 3) || turn >= 24);
    const at = await placeTile(page, turn, {
      // The mid-game picture: a position picked, the tile shown there, figures around.
      beforeConfirm: takeShot ? () => screenshot(page, 'web-phone-game.png').then(() => (midShot = true)) : undefined,
      // Turn 3 is placed where the hint says.
      hint: turn === 3,
    });
    if (turn === 1) await pinchOut(page);

    const next = await waitForTurn(page, `the figure decision of turn ${turn}`);
    if (next === 'over') break;
    if (next !== 'deploy') continue; // a figure decision may not follow (e.g. game end)
    const followers = Number(
      ((await page.locator('[data-testid=player][data-seat="0"] [data-testid=supply-follower]').textContent()) || '0').replace(/\D/g, ''),
    );
    const wantDeploy = turn % 2 === 1 && followers >= 2;
    const deployment = await deployOrPass(page, turn, wantDeploy, { explainEmpty: true });
    if (!deployment) continue;
    deployed += 1;

    // The follower must be in the API's figures (unless its feature was completed at once and
    // it came straight back), and drawn on the board.
    const view = await api(`/api/games/${id}`);
    const figure = view.figures.find((f) => f.seat === 0 && f.x === at.x && f.y === at.y && f.figure === 'follower');
    const returned = view.events.some(
      (e) => e.type === 'figure-returned' && e.seat === 0 && e.x === at.x && e.y === at.y,
    );
    if (figure) {
      check(
        figure.feature === deployment.feature || returned,
        `the API has the follower at (${at.x}, ${at.y}) on ${figure.feature}, the marker said ${deployment.feature}`,
      );
      const drawn = await page.locator(`svg.board [data-testid=figure][data-seat="0"][data-x="${at.x}"][data-y="${at.y}"]`).count();
      check(drawn > 0, `the follower at (${at.x}, ${at.y}) is in the API's figures but not drawn on the board`);
      verified += 1;
    } else {
      check(returned, `the follower deployed at (${at.x}, ${at.y}) is neither in the API's figures nor returned`);
    }
  }
  log(`game over after ${turn} human turns; ${deployed} followers deployed by clicking, ${verified} checked in the API`);
  check(deployed >= 3, `only ${deployed} followers were deployed by clicking`);
  check(verified >= 1, 'no follower deployed by clicking was seen in the API figures');

  await page.locator('[data-testid=final-scores]').waitFor({ state: 'visible' });
  const shown = await page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid=final-scores] [data-testid=final-total]')].map((td) => [
        td.dataset.seat,
        Number(td.textContent),
      ]),
    ),
  );
  const final = await api(`/api/games/${id}`);
  check(final.status === 'over', `the API says the game is ${final.status}`);
  for (const seat of final.seats) {
    check(
      shown[seat.seat] === seat.score,
      `final score of ${seat.name}: the page shows ${shown[seat.seat]}, the API ${seat.score}`,
    );
  }
  log(`final scores match the API: ${final.seats.map((s) => `${s.name} ${s.score}`).join(', ')}`);
  await screenshot(page, 'web-phone-final.png');
  check(midShot, 'the mid-game screenshot was never taken (the game had fewer than 24 human turns)');
  await page.locator('[data-testid=score-chart]').waitFor();
  const texts = await page.evaluate(() => [...document.querySelectorAll('[data-testid=event], [data-testid=final-scores], [data-testid=action-panel]')].map((e) => e.textContent));
  for (const text of texts) {
    const found = notation(text);
    check(!found, `the page shows ${found}: ${text.slice(0, 300)}`);
  }
  log(`${texts.length} texts of the page checked for engine notation`);
  finishedGame = id;

  log(`${emptyPhases} figure decision(s) with nothing to deploy, each explained`);
  // On the phone the scores stay in sight above the board: the strip shows the API's scores and
  // tiles left.
  {
    const view = await api(`/api/games/${id}`);
    await checkInView(page, '[data-testid=score-strip]', 'the score strip on a phone');
    const shown = await page.locator('[data-testid=strip-score]').allTextContents();
    check(
      JSON.stringify(shown.map(Number)) === JSON.stringify(view.seats.map((s) => s.score)),
      `the score strip shows ${JSON.stringify(shown)}, the API ${JSON.stringify(view.seats.map((s) => s.score))}`,
    );
    // No score announcement stays over the final scores.
    check((await page.locator('[data-testid=announce].show').count()) === 0, 'score announcements are shown over the final scores');
    const left = (await page.locator('[data-testid=strip-left]').textContent()) || '';
    check(left === `${view.tiles_left} left`, `the score strip says ${JSON.stringify(left)}, the API ${view.tiles_left} tiles left`);
  }
  // A rematch: the same game with the seats rotated, this browser's seat remembered.
  await press(page, '[data-testid=rematch]');
  await page.locator('[data-testid=play-rematch]').waitFor();
  const rematchLink = await page.getAttribute('[data-testid=play-rematch]', 'href');
  const rematchId = /\/play\/([a-z0-9]+)/.exec(rematchLink)[1];
  const rematch = await api(`/api/games/${rematchId}`);
  check(
    rematch.seats.map((s) => s.name).join(',') === 'Greedy,Alice',
    `the rematch's seats are ${rematch.seats.map((s) => s.name).join(', ')}, not Greedy, Alice`,
  );
  check(/#token=[0-9a-f]+$/.test(rematchLink), `the rematch's play link has no seat key: ${rematchLink}`);
  log(`rematch ${rematchId}: seats rotated`);

  // The replay viewer: its last step is the final board, and it steps back by key and button.
  const finalTiles = final.board.length;
  await press(page, '[data-testid=replay-link-final]');
  await page.waitForURL(/\/replay\//);
  const steps = await waitFor(page, 'the replay to load', () => {
    const m = /Step (\d+) \/ (\d+)/.exec(document.querySelector('[data-testid=replay-step]')?.textContent || '');
    return m && Number(m[2]) > 0 ? Number(m[2]) : false;
  });
  check(steps === final.version, `the replay has ${steps} steps, the game ${final.version} actions`);
  await page.keyboard.press('End');
  await waitFor(
    page,
    'the last step of the replay',
    ({ steps, tiles }) =>
      document.querySelector('[data-testid=replay-step]').textContent.startsWith(`Step ${steps} / ${steps}`) &&
      document.querySelectorAll('svg.board .layer-tiles use').length === tiles,
    { steps, tiles: finalTiles },
  );
  await press(page, '[data-testid=replay-prev]');
  await page.keyboard.press('ArrowLeft');
  await waitFor(page, 'two steps back in the replay', (want) => document.querySelector('[data-testid=replay-step]').textContent.startsWith(want), `Step ${steps - 2} / ${steps}`);
  await press(page, '[data-testid=replay-first]');
  await waitFor(page, 'the first step of the replay', () => document.querySelectorAll('svg.board .layer-tiles use').length === 1);
  // By turns too: a base game's turn is a placement and a figure decision, so the second turn
  // begins at step 2; the label counts the turns.
  await waitFor(page, 'the replay to know its turns', () => / · turn 1 \/ \d+$/.test(document.querySelector('[data-testid=replay-step]').textContent));
  await press(page, '[data-testid=replay-next-turn]');
  await waitFor(page, 'the second turn in the replay', () => /^Step 2 \/ \d+ · turn 2 \//.test(document.querySelector('[data-testid=replay-step]').textContent));
  await page.keyboard.press('PageDown');
  await waitFor(page, 'the third turn in the replay', () => /^Step 4 \/ \d+ · turn 3 \//.test(document.querySelector('[data-testid=replay-step]').textContent));
  await press(page, '[data-testid=replay-prev-turn]');
  await waitFor(page, 'back to the second turn', () => /^Step 2 \/ \d+ · turn 2 \//.test(document.querySelector('[data-testid=replay-step]').textContent));
  log(`replay viewer: ${steps} steps, last step shows the final board`);
  passed += 1;
}

let finishedGame = null;

// ---- scenario 2: leaving a game and coming back through "your games" (tablet) --------------

async function scenarioComeBack() {
  log('scenario 2 (tablet): leave a game, come back through "your games", forget it');
  const b = await openBrowser('tablet', TABLET);
  const { id } = await createGame(b.page, ['human', 'greedy'], ['Tess', 'Greedy']);
  await press(b.page, '[data-testid=play-link]');
  await b.page.waitForURL(/\/play\//);
  check((await waitForTurn(b.page, 'the first turn')) === 'place', 'the first decision is not a placement');
  await placeTile(b.page, 1);
  if ((await waitForTurn(b.page, 'the figure decision')) === 'deploy') await deployOrPass(b.page, 1, false);
  await waitForTurn(b.page, 'the second turn');
  await screenshot(b.page, 'web-tablet-game.png');
  // The tab is closed; a new one opens the lobby.
  await b.page.close();
  const page = await b.context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  b.page = page;
  await page.goto(`${BASE}/`);
  const row = `[data-testid=my-game][data-id="${id}"]`;
  await waitFor(page, 'the game in "your games", with your turn', (sel) => document.querySelector(sel)?.dataset.yourTurn === 'true', row);
  // What the game is and when it began (issue 43, item 11).
  const about = await page.textContent(`${row} [data-testid=my-game-about]`);
  check(/^Base game · started \S/.test(about), `"your games" says "${about}" of a base game`);
  await press(page, `${row} [data-testid=my-game-play]`);
  await page.waitForURL(/\/play\//);
  check(/#token=[0-9a-f]+$/.test(page.url()), `"your games" led to ${page.url()}, without the seat's key`);
  check((await waitForTurn(page, 'the seat, back from the lobby')) === 'place', 'back in the game, the page does not ask to place a tile');
  await checkInView(page, '[data-testid=rotate-cw]', 'the tablet');
  await checkInView(page, '[data-testid=confirm]', 'the tablet');
  await page.goto(`${BASE}/`);
  await page.locator(row).waitFor();
  await press(page, `${row} [data-testid=my-game-forget]`);
  await waitFor(page, 'the game to be forgotten', (sel) => !document.querySelector(sel), row);
  await page.reload();
  await page.locator('[data-testid=games-list] table').waitFor();
  check(!(await page.locator(row).count()), 'a forgotten game is back in "your games" after a reload');
  log(`came back to game ${id} through "your games", then forgot it`);
  passed += 1;
}

// ---- scenario 3: a turn by keyboard alone; the desktop pictures; the 404 page ---------------

async function scenarioKeyboard() {
  log('scenario 3 (desktop): turns played with the keyboard alone');
  const { page } = await openBrowser('desktop', DESKTOP);
  const { id } = await createGame(page, ['human', 'greedy'], ['Kim', 'Greedy']);
  await page.locator(`[data-testid=game-row][data-id="${id}"]`).waitFor();
  await screenshot(page, 'web-lobby.png');
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  let deployedByKey = 0;
  for (let turn = 1; turn <= 8; turn++) {
    const decision = await waitForTurn(page, `keyboard turn ${turn}`);
    if (decision === 'over') break;
    check(decision === 'place', `keyboard turn ${turn}: the page asks to ${decision}`);
    await page.keyboard.press('ArrowRight');
    await page.locator('[data-testid=ghost-tile]').waitFor({ state: 'attached' });
    for (let i = 0; i < turn % 3; i++) await page.keyboard.press(['ArrowUp', 'ArrowLeft', 'ArrowDown'][i]);
    if (turn % 2) await page.keyboard.press('r');
    const before = (await gameState(page)).version;
    await page.keyboard.press('Enter');
    await waitForVersionAbove(page, before, `the placement of keyboard turn ${turn}`);
    if ((await waitForTurn(page, `the figure decision of keyboard turn ${turn}`)) !== 'deploy') continue;
    const v = (await gameState(page)).version;
    if (turn % 2 === 1) {
      // Arrows step through the choices; the first are the figure placements.
      await page.keyboard.press('ArrowRight');
      const chosen = await page.locator('[data-testid=chosen]').count();
      const pressed = await page.locator('[aria-pressed=true][data-marker]').count();
      if (chosen) {
        check(pressed === 1, 'the marker chosen by key is not marked as pressed');
        deployedByKey += 1;
      }
    } else {
      await page.keyboard.press('p');
    }
    await page.keyboard.press('Enter');
    await waitForVersionAbove(page, v, `the figure decision of keyboard turn ${turn}`);
    if (turn === 6) await screenshot(page, 'web-game.png');
  }
  check(deployedByKey >= 1, 'no figure was deployed with the keyboard');
  const view = await api(`/api/games/${id}`);
  check(view.version >= 10, `after the keyboard turns the game is at version ${view.version}`);
  log(`keyboard: ${view.version} actions, ${deployedByKey} figures deployed by key`);

  // The finished phone game at desktop size, for the README.
  if (finishedGame) {
    await page.goto(`${BASE}/play/${finishedGame}`);
    await page.locator('[data-testid=final-scores]').waitFor({ state: 'visible' });
    await page.locator('[data-testid=score-chart]').waitFor();
    await screenshot(page, 'web-final.png');
  }
  const missing = await page.goto(`${BASE}/no/such/page`);
  check(missing.status() === 404, `an unknown page answers ${missing.status()}`);
  await page.locator('[data-testid=not-found]').waitFor();
  log('the 404 page is a page');
  passed += 1;
}

// ---- scenario 4: two people, two browsers, live updates -------------------------------------

async function scenarioLive() {
  log('scenario 4 (desktop): human against human in two browsers, moves arrive live');
  const a = await openBrowser('ann');
  const { id, links } = await createGame(a.page, ['human', 'human'], ['Ann', 'Ben']);
  check(links[0] && links[1] && links[0] !== links[1], `expected two different join links, got ${JSON.stringify(links)}`);
  const b = await openBrowser('ben');
  await a.page.goto(links[0]);
  await b.page.goto(links[1]);
  for (const p of [a.page, b.page]) {
    await waitFor(p, 'the live connection', () => {
      const c = document.querySelector('[data-testid=connection]');
      return c && c.dataset.status === 'live';
    });
  }
  const seats = [a, b];
  for (let turn = 0; turn < 4; turn++) {
    const mover = seats[turn % 2];
    const watcher = seats[(turn + 1) % 2];
    const decision = await waitForTurn(mover.page, `${mover.name}'s turn ${turn + 1}`);
    check(decision === 'place', `${mover.name} should place a tile, the page asks to ${decision}`);
    const watcherState = await gameState(watcher.page);
    check(!watcherState.mine, `${watcher.name}'s page offers a move during ${mover.name}'s turn`);
    const at = await placeTile(mover.page, turn + 1);
    // The watcher's board gets the tile without reloading, outlined as the last one.
    await waitFor(
      watcher.page,
      `${watcher.name} to see ${mover.name}'s tile at (${at.x}, ${at.y})`,
      ({ x, y, tiles }) =>
        document.querySelectorAll('svg.board .layer-tiles use').length === tiles + 1 &&
        !!document.querySelector(`svg.board .layer-tiles use[data-x="${x}"][data-y="${y}"]`),
      { ...at, tiles: watcherState.tiles },
      10_000,
    );
    await waitForTurn(mover.page, `${mover.name}'s figure decision`);
    await deployOrPass(mover.page, turn, turn % 2 === 0);
    const moverVersion = (await gameState(mover.page)).version;
    await waitFor(
      watcher.page,
      `${watcher.name} to see that it is their turn`,
      (v) => {
        const g = document.querySelector('[data-testid=game]');
        const t = document.querySelector('[data-testid=turn]');
        return g && Number(g.dataset.version) >= v && t.dataset.mine === 'true';
      },
      moverVersion,
      10_000,
    );
    log(`${watcher.name} saw ${mover.name}'s move live`);
  }
  const view = await api(`/api/games/${id}`);
  check(view.version >= 8, `after four turns the API version is ${view.version}`);
  passed += 1;
}

// ---- scenario 5: The Princess & the Dragon -------------------------------------------------

/**
 * Waits until the page shows the version the API is at (the state is still while the human
 * seat decides), then checks that the dragon and the fairy stand on the board where the API
 * says: the same tiles, drawn over them (the fairy at its anchor), with the API's label; and
 * during a dragon's move, the tiles it has crossed.
 */
async function checkPieces(page, id) {
  const view = await api(`/api/games/${id}`);
  const want = {
    version: view.version,
    dragon: view.dragon || null,
    fairy: view.fairy || null,
    visited: view.dragon_move ? view.dragon_move.visited.length : 0,
  };
  await waitFor(
    page,
    `the dragon at ${JSON.stringify(want.dragon)} and the fairy at ${JSON.stringify(want.fairy && [want.fairy.x, want.fairy.y])} on the board`,
    ({ version, dragon, fairy, visited }) => {
      const g = document.querySelector('[data-testid=game]');
      if (!g || Number(g.dataset.version) !== version) return false;
      const d = document.querySelector('svg.board [data-testid=dragon]');
      const f = document.querySelector('svg.board [data-testid=fairy]');
      if (!dragon !== !d || !fairy !== !f) return false;
      // The piece's centre over the point `at` of the tile at (x, y), within an eighth of a tile.
      const over = (el, x, y, at) => {
        const tile = document.querySelector(`svg.board .layer-tiles use[data-x="${x}"][data-y="${y}"]`);
        if (!tile || Number(el.dataset.x) !== x || Number(el.dataset.y) !== y) return false;
        const t = tile.getBoundingClientRect();
        const p = el.getBoundingClientRect();
        const dx = p.x + p.width / 2 - (t.x + at[0] * t.width);
        const dy = p.y + p.height / 2 - (t.y + at[1] * t.height);
        return Math.abs(dx) < t.width / 8 && Math.abs(dy) < t.height / 8;
      };
      if (dragon && !(over(d, dragon[0], dragon[1], [0.5, 0.5]) && /^The dragon/.test(d.getAttribute('aria-label')))) return false;
      if (fairy && !(over(f, fairy.x, fairy.y, fairy.at) && f.getAttribute('aria-label') === fairy.label)) return false;
      return document.querySelectorAll('svg.board .dragon-visited').length === visited;
    },
    want,
  );
  return view;
}

/** The arrow key that moves the dragon from `from` to the next tile `to`. */
function arrowTowards(from, to) {
  const dx = to.x - from[0];
  const dy = to.y - from[1];
  return dx === 1 ? 'ArrowRight' : dx === -1 ? 'ArrowLeft' : dy === 1 ? 'ArrowDown' : 'ArrowUp';
}

/**
 * Clicks the marker `selector` until it shows as chosen (`aria-pressed`), up to three times: on
 * a loaded machine a click could land while the window redrew the board and be lost with the
 * redraw. A marker already chosen is not clicked again (a second click would confirm it).
 */
async function pressUntilChosen(page, selector) {
  const chosen = page.locator(`${selector}[aria-pressed=true]`);
  for (let attempt = 1; ; attempt++) {
    if (!(await chosen.count())) await press(page, selector);
    try {
      await chosen.first().waitFor({ timeout: 7_000 });
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
      log(`${selector}: not chosen 7 s after a click; clicking again`);
    }
  }
}

/** Waits for the events an action caused (from index `from`) and returns them. */
async function newEvents(id, from) {
  const view = await api(`/api/games/${id}?events_from=${from}`);
  return view.events;
}

/**
 * One step of the dragon: clicks a highlighted tile next to it and confirms, or (every third
 * step) picks it with the arrow key towards it and presses Enter. The panel must say how many
 * steps are left, every highlighted tile must be next to the dragon, and the API must have
 * the step.
 */
async function dragonStep(page, id, view, tally) {
  // The window at the API's state first: an update that arrives after the click redraws the
  // board and drops the step chosen (seen on a loaded machine).
  await waitFor(page, "the window at the API's state (a dragon step)", (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) >= v;
  }, view.version);
  const left = view.dragon_move.steps_left;
  const said = await page.textContent('[data-testid=dragon-steps-left]');
  check(said.startsWith(`Move the dragon: ${left} step${left === 1 ? '' : 's'} left`), `the panel says "${said}" with ${left} steps left`);
  const legal = await page.locator('[data-testid=dragon-step]').count();
  let spots = await clickable(page, '[data-testid=dragon-step]');
  if (spots.length < legal) {
    // A step off the window (the board was panned to an earlier step): show the whole board.
    await press(page, '[data-testid=zoom-fit]');
    spots = await clickable(page, '[data-testid=dragon-step]');
  }
  check(spots.length > 0 && spots.length === legal, `${legal} tiles for the dragon are highlighted, ${spots.length} can be clicked`);
  for (const s of spots) {
    const far = Math.abs(s.x - view.dragon[0]) + Math.abs(s.y - view.dragon[1]);
    check(far === 1, `a highlighted step (${s.x}, ${s.y}) is not next to the dragon at (${view.dragon})`);
  }
  const to = { x: Number(spots[tally.steps % spots.length].x), y: Number(spots[tally.steps % spots.length].y) };
  const byKey = tally.clicked > 0 && tally.steps % 3 === 2;
  if (byKey) {
    await page.keyboard.press(arrowTowards(view.dragon, to));
    await page.locator(`[data-testid=dragon-step][data-x="${to.x}"][data-y="${to.y}"][aria-pressed=true]`).waitFor();
    const before = (await gameState(page)).version;
    await page.keyboard.press('Enter');
    await waitForVersionAbove(page, before, 'the dragon step chosen by key');
    tally.byKey += 1;
  } else {
    await pressUntilChosen(page, `[data-testid=dragon-step][data-x="${to.x}"][data-y="${to.y}"]`);
    await confirm(page, `moving the dragon to (${to.x}, ${to.y})`);
    tally.clicked += 1;
  }
  tally.steps += 1;
  const moved = (await newEvents(id, view.events.length)).find((e) => e.type === 'dragon-moved');
  check(moved && moved.seat === 0 && moved.x === to.x && moved.y === to.y, `the API has no step of the dragon to (${to.x}, ${to.y}): ${JSON.stringify(moved)}`);
}

/**
 * The figure decision of The Princess & the Dragon, by clicks: the first fairy move offered,
 * the first magic-gate deployment and the first princess, then the fairy on every third turn,
 * otherwise a follower on every other turn or a pass. Markers of the
 * magic gate must stand on other tiles than the one just placed, and be listed in the panel.
 */
async function dragonFigures(page, id, view, turn, tally) {
  const placed = view.pending;
  const markers = (kind) => clickable(page, `[data-testid=${kind}-marker]`);
  // Many places of a magic gate are folded away, off the board too, until the list is opened.
  if ((await page.locator('[data-testid=gate-summary]').count()) && !(await page.locator('[data-testid=gate-marker]').count())) {
    await press(page, '[data-testid=gate-summary]');
    await page.locator('[data-testid=gate-marker]').first().waitFor();
    tally.gateFolded += 1;
  }
  const gates = await page.evaluate(() => [...document.querySelectorAll('[data-testid=gate-marker]')].map((m) => ({ ...m.dataset })));
  if (gates.length) {
    tally.gateTurns += 1;
    check(gates.every((g) => !(Number(g.x) === placed.x && Number(g.y) === placed.y)), 'a magic-gate marker stands on the tile just placed');
    const listed = await page.locator('[data-testid=gate-choice]').count();
    check(listed === gates.length, `${gates.length} magic-gate markers, ${listed} listed in the panel`);
  }
  const followers = Number(((await page.locator('[data-testid=player][data-seat="0"] [data-testid=supply-follower]').textContent()) || '0').replace(/\D/g, ''));
  const fairy = await markers('fairy');
  const gate = followers >= 2 && !tally.gateDeploys ? await markers('gate') : [];
  const princess = !tally.princess ? await markers('princess') : [];
  const plain = turn % 2 === 1 && followers >= 2 ? await markers('figure') : [];
  const from = view.events.length;
  const pick = async (kind, list, chooseFollower) => {
    const m = list[turn % list.length];
    // The marker's body: a marker pushed aside by a crowd keeps a line back to its place, and
    // the middle of the whole group may lie on that line, off the marker.
    await press(page, `[data-testid=${kind}-marker][data-x="${m.x}"][data-y="${m.y}"][data-feature="${m.feature}"] .marker-body`);
    if (chooseFollower && (await page.locator('[data-testid=figure-choice]').count())) {
      await press(page, '[data-testid=figure-choice][data-figure=follower]');
    }
    return { x: Number(m.x), y: Number(m.y), feature: m.feature };
  };
  if (fairy.length && (!tally.fairy || (!gate.length && !princess.length && turn % 3 === 0))) {
    const m = await pick('fairy', fairy);
    const chosen = await page.textContent('[data-testid=chosen]');
    check(/fairy/.test(chosen), `the chosen fairy move reads "${chosen}"`);
    await confirm(page, `moving the fairy to (${m.x}, ${m.y})`);
    const moved = (await newEvents(id, from)).find((e) => e.type === 'fairy-moved');
    check(moved && moved.seat === 0 && moved.x === m.x && moved.y === m.y && moved.feature === m.feature, `the API has no fairy move to ${JSON.stringify(m)}: ${JSON.stringify(moved)}`);
    tally.fairy += 1;
  } else if (gate.length) {
    const m = await pick('gate', gate, true);
    await confirm(page, `deploying through the magic gate at (${m.x}, ${m.y})`);
    const deployed = (await newEvents(id, from)).find((e) => e.type === 'figure-deployed');
    check(deployed && deployed.seat === 0 && deployed.x === m.x && deployed.y === m.y, `the API has no deployment through the magic gate at ${JSON.stringify(m)}: ${JSON.stringify(deployed)}`);
    tally.gateDeploys += 1;
  } else if (princess.length) {
    const m = await pick('princess', princess);
    await confirm(page, `the princess at (${m.x}, ${m.y})`);
    const removed = (await newEvents(id, from)).find((e) => e.type === 'knight-removed');
    check(removed && removed.seat === 0 && removed.x === m.x && removed.y === m.y, `the API has no knight removed at ${JSON.stringify(m)}`);
    tally.princess += 1;
  } else if (plain.length) {
    await pick('figure', plain, true);
    await confirm(page, 'deploying a follower');
  } else if (await page.locator('[data-testid=pass]').count()) {
    await passByClick(page, 'passing');
  } else {
    // No pass (the princess must act, under some rules): the first marker there is.
    await press(page, '[data-marker]');
    await confirm(page, 'the only kind of choice offered');
  }
}

/** Plays one game of The Princess & the Dragon to its end by clicks; returns what it did. */
async function playDragonGame(page) {
  const { id, play } = await createGame(page, ['human', 'greedy'], ['Dana', 'Greedy'], ['princess-dragon']);
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  check(new URL(page.url()).pathname === `/play/${id}`, `the play link led to ${page.url()}`);
  const tally = { id, steps: 0, clicked: 0, byKey: 0, fairy: 0, gateTurns: 0, gateFolded: 0, gateDeploys: 0, princess: 0, shot: false, pieces: 0 };
  let turn = 0;
  for (;;) {
    // Once the clicks, the keys, the fairy and the picture were checked, the rest of the game
    // goes through the API and the window catches up (its end, log and replay are checked
    // below): a whole game by clicks took a minute of CI.
    if (tally.clicked >= 2 && tally.byKey >= 1 && tally.fairy >= 1 && tally.shot && turn >= 20) {
      await playThroughApi(id, token, 'the rest of the dragon game', () => false);
      await showEnd(page, 'the dragon game');
      log(`dragon game ${id}: the turns after turn ${turn} played through the API`);
      break;
    }
    const decision = await waitForTurn(page, `decision ${turn + 1} of the human seat (or the end)`);
    if (decision === 'over') break;
    check(Date.now() - started < TOTAL_MS - 30_000, `the dragon game is still running after ${turn} turns; out of time`);
    const view = await checkPieces(page, id);
    if (view.dragon || view.fairy) tally.pieces += 1;
    if (decision === 'place') {
      turn += 1;
      await placeTile(page, turn);
    } else if (decision === 'dragon') {
      // The picture for the README: the dragon on its way, the fairy on the board.
      if (!tally.shot && view.fairy && view.dragon_move.visited.length >= 2 && view.board.length >= 20) {
        await screenshot(page, 'web-dragon.png');
        tally.shot = true;
      }
      await dragonStep(page, id, view, tally);
    } else if (decision === 'deploy') {
      await dragonFigures(page, id, view, turn, tally);
    } else {
      fail(`the dragon game asks for an unexpected decision: ${decision}`);
    }
  }
  log(`dragon game ${id}: ${turn} turns, ${tally.steps} dragon steps (${tally.clicked} clicked, ${tally.byKey} by key), ${tally.fairy} fairy moves, ${tally.gateDeploys} magic-gate deployments (offered on ${tally.gateTurns} turns, folded away on ${tally.gateFolded}), ${tally.princess} princesses`);
  return tally;
}

async function scenarioDragon() {
  log('scenario 5 (desktop): The Princess & the Dragon against greedy, played by clicks');
  const { page } = await openBrowser('dragon', DESKTOP);
  // The lobby offers the expansion and each of its rule variants.
  await checkLobbyOffers(page, 'princess-dragon', 'The Princess & the Dragon', /dragon|fairy|volcano|princess|magic-gate/);

  // The server chooses each game's deck, so a game may (rarely) give the human seat no step of
  // the dragon or no chance to move the fairy: then another game is played.
  let tally;
  for (let attempt = 1; ; attempt++) {
    tally = await playDragonGame(page);
    if (tally.clicked >= 1 && tally.fairy >= 1 && tally.shot) break;
    check(attempt < 3, `three games without a dragon step and a fairy move by clicks (and the picture)`);
    log('that game lacked a dragon step, a fairy move or the picture: another game');
  }
  const { id } = tally;
  check(tally.pieces > 0, 'the dragon and the fairy never appeared on the board');

  // The final scores shown equal the API's; the chart and the tallies add up to them.
  await page.locator('[data-testid=final-scores]').waitFor({ state: 'visible' });
  const final = await api(`/api/games/${id}`);
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid=final-scores] [data-testid=final-row]')].map((row) => ({
      seat: Number(row.dataset.seat),
      total: Number(row.querySelector('[data-testid=final-total]').textContent),
      parts: [...row.querySelectorAll('.subtotal')].map((s) => Number(s.textContent)),
      fairy: [...row.querySelectorAll('.chip[data-kind=fairy]')].length,
    })),
  );
  for (const seat of final.seats) {
    const row = shown.find((r) => r.seat === seat.seat);
    check(row && row.total === seat.score, `final score of ${seat.name}: the page shows ${row && row.total}, the API ${seat.score}`);
    check(row.parts[0] + row.parts[1] === seat.score, `${seat.name}'s points during the game and at the end add up to ${row.parts[0] + row.parts[1]}, not ${seat.score}`);
    const fairy = (seat.points.turn.fairy || 0) + (seat.points.final.fairy || 0);
    check(!fairy || row.fairy > 0, `${seat.name} has ${fairy} points from the fairy, the final table shows none`);
  }
  const chart = await page.getAttribute('[data-testid=final-scores] [data-testid=score-chart]', 'aria-label');
  const charted = chart.replace(/^[^:]*: /, '').split(', ');
  for (const seat of final.seats) check(charted.includes(`${seat.name} ${seat.score}`), `the score chart says "${chart}"`);
  log(`final scores match the API: ${final.seats.map((s) => `${s.name} ${s.score}`).join(', ')}`);

  // Every event is in the log (older pages shown), the new ones with the server's sentences.
  await press(page, '[data-testid=close-final]');
  while (await page.locator('[data-testid=log-more]').count()) await press(page, '[data-testid=log-more]');
  const logged = await page.evaluate(() => [...document.querySelectorAll('[data-testid=event]')].map((li) => ({ type: li.dataset.type, text: li.textContent })));
  check(logged.length === final.events.length, `the log shows ${logged.length} events, the API has ${final.events.length}`);
  const kinds = ['tile-set-aside', 'tiles-mixed-in', 'dragon-placed', 'dragon-moved', 'figure-eaten', 'fairy-moved', 'fairy-bonus', 'knight-removed'];
  for (const e of final.events.filter((e) => kinds.includes(e.type))) {
    check(logged.some((l) => l.type === e.type && l.text.includes(e.text)), `the log lacks "${e.text}"`);
  }
  const texts = await checkNoNotation(page, '[data-testid=event], [data-testid=action-panel], [data-testid=tile-counter]');
  log(`${logged.length} log entries and ${texts} texts checked`);

  // The replay shows the dragon and the fairy: at the end where the game left them, and in the
  // middle of a dragon's move with the tiles it has crossed.
  const step = final.events.find((e) => e.type === 'dragon-moved' && e.action !== null).action + 1;
  const middle = await api(`/api/games/${id}/replay?step=${step}`);
  await page.goto(`${BASE}/replay/${id}#step=${step}`);
  await waitFor(
    page,
    `the replay's step ${step} with the dragon at ${JSON.stringify(middle.dragon)}`,
    ({ dragon, visited }) => {
      const d = document.querySelector('svg.board [data-testid=dragon]');
      return d && Number(d.dataset.x) === dragon[0] && Number(d.dataset.y) === dragon[1] && document.querySelectorAll('svg.board .dragon-visited').length === visited;
    },
    { dragon: middle.dragon, visited: middle.dragon_move ? middle.dragon_move.visited.length : 0 },
  );
  await page.keyboard.press('End');
  await waitFor(
    page,
    'the replay\'s last step with the final dragon and fairy',
    ({ dragon, fairy }) => {
      const d = document.querySelector('svg.board [data-testid=dragon]');
      const f = document.querySelector('svg.board [data-testid=fairy]');
      const at = (el, p) => (!p ? !el : !!el && Number(el.dataset.x) === p[0] && Number(el.dataset.y) === p[1]);
      return at(d, dragon) && at(f, fairy && [fairy.x, fairy.y]);
    },
    { dragon: final.dragon || null, fairy: final.fairy || null },
  );
  log(`replay: the dragon at step ${step} and at the end where the API has it`);
  passed += 1;
}

// ---- scenario 6: The Tower -----------------------------------------------------------------

/**
 * Waits until the page shows the version the API is at, then checks that every tower stands
 * on the board where the API says, with its height, whether it is finished and its label.
 */
async function checkTowers(page, view) {
  const want = { version: view.version, towers: view.towers || [] };
  await waitFor(
    page,
    `the ${want.towers.length} towers of the API on the board`,
    ({ version, towers }) => {
      const g = document.querySelector('[data-testid=game]');
      if (!g || Number(g.dataset.version) !== version) return false;
      const drawn = document.querySelectorAll('svg.board [data-testid=tower]');
      if (drawn.length !== towers.length) return false;
      return towers.every((t) => {
        const el = document.querySelector(`svg.board [data-testid=tower][data-x="${t.x}"][data-y="${t.y}"]`);
        return el && Number(el.dataset.height) === t.height && el.dataset.finished === String(t.finished) && el.getAttribute('aria-label') === t.label;
      });
    },
    want,
  );
}

/** The tiles a tower at (x, y) of `height` pieces reaches: its row and column, `height` each way. */
function inReach(tower, height, f) {
  return (f.x === tower.x && Math.abs(f.y - tower.y) <= height) || (f.y === tower.y && Math.abs(f.x - tower.x) <= height);
}

/** Clicks a marker's body (markers pushed apart keep their data on the group, their body moves). */
async function pressMarker(page, selector) {
  if (!(await clickable(page, selector)).length) await press(page, '[data-testid=zoom-fit]');
  await press(page, `${selector} .marker-body`);
}

/**
 * Ben's figure decision: once Ann has 3 points, a piece on a tower that then reaches one of
 * Ann's figures, and that figure taken prisoner by clicking it (the tower's reach shaded, "take no prisoner" offered);
 * or, while no tower can reach one, now and then a piece on a tower to make it taller, taking
 * no prisoner; otherwise a pass. Returns true once Ann's figure is Ben's prisoner.
 */
async function towerBen(page, id, token, view, tally) {
  const builds = view.legal.filter((a) => a.action === 'build-tower');
  const annFigures = view.figures.filter((f) => f.seat === 0 && f.feature !== 'tower');
  const heightAt = (a) => view.towers.find((t) => t.x === a.x && t.y === a.y).height;
  // Ann must be able to pay the ransom afterwards: Ben takes her figure once she has 3 points.
  const capture = tally.captured || view.seats[0].score < 3 ? null : builds.find((a) => annFigures.some((f) => inReach(a, heightAt(a) + 1, f)));
  // Otherwise a piece for the tower nearest to reaching one of Ann's figures in its row or
  // column (a few pieces in all, so that Ben keeps some).
  const short = (a) => Math.min(99, ...annFigures.filter((f) => f.x === a.x || f.y === a.y).map((f) => Math.abs(f.x - a.x) + Math.abs(f.y - a.y) - heightAt(a)));
  const nearest = builds.reduce((best, a) => (!best || short(a) < short(best) ? a : best), null);
  const grow = !capture && !tally.captured && nearest && tally.grown < 5 && view.seats[1].tower_pieces > 3 && (short(nearest) < 99 || tally.turn % 2 === 0);
  const build = capture || (grow ? nearest : null);
  if (!build) {
    await passByClick(page, 'Ben passing');
    return;
  }
  const height = heightAt(build) + 1;
  const marker = `[data-testid=tower-marker][data-x="${build.x}"][data-y="${build.y}"]`;
  if (capture) {
    await pressMarker(page, marker);
    if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice][data-figure=build-tower]');
  } else {
    // A piece to make a tower taller is chosen by the keyboard: arrows through the choices.
    for (let i = 0; i <= view.legal.length; i++) {
      await page.keyboard.press('ArrowRight');
      const on = await page.locator(`${marker}[aria-pressed=true]`).count();
      if (on && /tower piece/.test(await page.textContent('[data-testid=chosen]'))) break;
    }
    await page.locator(`${marker}[aria-pressed=true]`).waitFor();
  }
  const chosen = await page.textContent('[data-testid=chosen]');
  check(/tower piece/.test(chosen), `the chosen tower marker reads "${chosen}"`);
  // The reach the tower would have with the piece is shaded before anything is sent.
  await page.locator(`svg.board [data-testid=tower-reach][data-x="${build.x}"][data-y="${build.y}"][data-height="${height}"]`).waitFor();
  if (capture) {
    await confirm(page, `a tower piece at (${build.x}, ${build.y})`);
  } else {
    const before = (await gameState(page)).version;
    await page.keyboard.press('Enter');
    await waitForVersionAbove(page, before, `a tower piece at (${build.x}, ${build.y}) chosen by key`);
  }
  const built = (await newEvents(id, view.events.length)).find((e) => e.type === 'tower-built');
  check(built && built.seat === 1 && built.x === build.x && built.y === build.y && built.height === height, `the API has no tower built to ${height} at (${build.x}, ${build.y}): ${JSON.stringify(built)}`);
  const after = await api(`/api/games/${id}?token=${token}`);
  const tower = after.towers.find((t) => t.x === build.x && t.y === build.y);
  check(tower && tower.height === height, `the API's tower at (${build.x}, ${build.y}) is ${JSON.stringify(tower)}, not ${height} high`);
  await checkTowers(page, after);
  if (after.pending.decision !== 'capture') {
    check(!capture, `Ben built within reach of Ann's figure, but the next decision is ${after.pending.decision}`);
    tally.grown += 1;
    return;
  }
  await page.locator(`svg.board [data-testid=tower-reach][data-x="${build.x}"][data-y="${build.y}"][data-height="${height}"]`).waitFor();
  const pass = await page.textContent('[data-testid=pass]');
  check(/Take no prisoner/.test(pass), `the capture's pass button reads "${pass}"`);
  await checkInView(page, '[data-testid=pass]', 'the capture decision');
  const targets = await page.evaluate(() => [...document.querySelectorAll('svg.board [data-testid=capture-marker]')].map((m) => ({ ...m.dataset })));
  const legal = after.legal.filter((a) => a.action === 'capture');
  check(targets.length === legal.length && legal.length > 0, `${legal.length} figures may be taken, ${targets.length} are ringed on the board`);
  for (const t of targets) check(inReach(build, height, { x: Number(t.x), y: Number(t.y) }), `a capture marker at (${t.x}, ${t.y}) is out of the tower's reach`);
  const victim = capture && annFigures.find((f) => inReach(build, height, f) && legal.some((a) => a.x === f.x && a.y === f.y && a.feature === f.feature));
  if (!victim) {
    await passByClick(page, 'taking no prisoner');
    tally.grown += 1;
    tally.passedCapture += 1;
    return;
  }
  const prisonersBefore = (after.seats[1].prisoners || []).length;
  await pressMarker(page, `[data-testid=capture-marker][data-x="${victim.x}"][data-y="${victim.y}"][data-feature="${victim.feature}"]`);
  const taking = await page.textContent('[data-testid=chosen]');
  check(/prisoner/.test(taking), `the chosen capture reads "${taking}"`);
  await confirm(page, `taking Ann's figure at (${victim.x}, ${victim.y}) prisoner`);
  const captured = (await newEvents(id, after.events.length)).find((e) => e.type === 'captured');
  check(captured && captured.seat === 1 && captured.owner === 0 && captured.x === victim.x && captured.y === victim.y, `the API has no capture of Ann's figure: ${JSON.stringify(captured)}`);
  const now = await api(`/api/games/${id}`);
  check(!now.figures.some((f) => f.seat === 0 && f.x === victim.x && f.y === victim.y && f.feature === victim.feature), 'the captured figure is still on the board in the API');
  const held = now.seats[1].prisoners || [];
  check(held.length === prisonersBefore + 1 && held.some((p) => p.seat === 0), `Ben's prisoners in the API: ${JSON.stringify(held)}`);
  await waitFor(
    page,
    "Ann's figure gone from the board and listed as Ben's prisoner",
    ({ x, y, feature }) =>
      !document.querySelector(`svg.board [data-testid=figure][data-seat="0"][data-x="${x}"][data-y="${y}"][data-feature="${feature}"]`) &&
      !!document.querySelector('[data-testid=player][data-seat="1"] [data-testid=prisoner][data-owner="0"]'),
    victim,
  );
  log(`Ben's tower at (${build.x}, ${build.y}), ${height} high, took Ann's ${victim.figure} at (${victim.x}, ${victim.y}) prisoner`);
  tally.captured = true;
}

/**
 * Ann's figure decision: once Ben holds her figure (she has 3 points by then), the ransom by
 * its button beside the prisoner (the picture for the README first); then (or otherwise) a
 * follower on a road or city of the new tile, which score soon, or a pass.
 */
async function towerAnn(page, id, token, view, tally) {
  const ransom = view.legal.find((a) => a.action === 'ransom');
  if (tally.captured && !tally.ransomed && ransom) {
    const button = '[data-testid=player][data-seat="1"] [data-testid=ransom-button]';
    await page.locator(button).first().waitFor();
    await press(page, button);
    const chosen = await page.textContent('[data-testid=chosen]');
    check(/ransom/.test(chosen), `the chosen ransom reads "${chosen}"`);
    await screenshot(page, 'web-tower.png');
    const before = view.seats.map((s) => s.score);
    const held = (view.seats[1].prisoners || []).length;
    await confirm(page, 'paying the ransom');
    const now = await api(`/api/games/${id}?token=${token}`);
    const paid = now.events.find((e) => e.type === 'ransom-paid');
    check(paid && paid.seat === 0 && paid.captor === 1 && paid.points === 3, `the API has no ransom paid by Ann to Ben: ${JSON.stringify(paid)}`);
    check(now.seats[0].score === before[0] - 3 && now.seats[1].score === before[1] + 3, `after the ransom the scores went from ${before} to ${now.seats.map((s) => s.score)}`);
    check((now.seats[1].prisoners || []).length === held - 1, `Ben still holds ${JSON.stringify(now.seats[1].prisoners)}`);
    check(now.seats[0].points.turn.ransom === -3 && now.seats[1].points.turn.ransom === 3, `the ransom's points: ${JSON.stringify(now.seats.map((s) => s.points.turn))}`);
    check(now.pending.decision === 'deploy' && now.pending.seat === 0, `after the ransom Ann's figure decision goes on; the API asks ${JSON.stringify(now.pending)}`);
    await waitFor(
      page,
      'the scores and the log after the ransom',
      ({ scores, text }) =>
        scores.every((n, i) => Number(document.querySelector(`[data-testid=score][data-seat="${i}"]`).textContent) === n) &&
        [...document.querySelectorAll('[data-testid=event][data-type=ransom-paid]')].some((li) => li.textContent.includes(text) && li.textContent.includes('−3')),
      { scores: now.seats.map((s) => s.score), text: paid.text },
    );
    log(`Ann paid the ransom: scores ${before} -> ${now.seats.map((s) => s.score)}`);
    tally.ransomed = true;
    view = now;
  }
  const markers = await clickable(page, '[data-testid=figure-marker]');
  const follower = view.legal.some((a) => a.action === 'deploy' && a.figure === 'follower' && a.x === undefined);
  // Roads first; cities only while followers are plenty (a large city may never be completed).
  const plenty = view.seats[0].supply.follower >= 4;
  const pick = follower && (markers.find((m) => m.feature.startsWith('road')) || (plenty && markers.find((m) => m.feature.startsWith('city'))));
  if (pick) {
    await press(page, `[data-testid=figure-marker][data-feature="${pick.feature}"] .marker-body`);
    if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice][data-figure=follower]');
    await confirm(page, `Ann deploying on ${pick.feature}`);
  } else {
    await passByClick(page, 'Ann passing');
  }
}

/**
 * Where Ann places her tile once she has the 3 points of a ransom: next to an unfinished tower
 * (in its row or column), so that a follower of hers there is soon within a tower's reach;
 * else anywhere.
 */
function besideTower(view) {
  const towers = (view.towers || []).filter((t) => !t.finished);
  return (spots) => spots.find((s) => towers.some((t) => Math.abs(Number(s.x) - t.x) + Math.abs(Number(s.y) - t.y) === 1));
}

/**
 * Where Ann places her tile until she has 3 points: the place with the most tiles around it
 * (filling a hole closes roads and cities, so that her followers score).
 */
function inAHole(view) {
  const placed = new Set(view.board.map((t) => `${t.x},${t.y}`));
  const around = (s) => [[1, 0], [-1, 0], [0, 1], [0, -1]].filter(([dx, dy]) => placed.has(`${Number(s.x) + dx},${Number(s.y) + dy}`)).length;
  return (spots) => spots.reduce((best, s) => (around(s) > around(best) ? s : best), spots[0]);
}

/** Plays a hot-seat game of The Tower by clicks until a capture and a ransom are done, or it ends. */
async function playTowerGame(page) {
  const { id, play } = await createGame(page, ['human', 'human'], ['Ann', 'Ben'], ['tower'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  const tally = { id, turn: 0, captured: false, ransomed: false, grown: 0, passedCapture: 0 };
  while (!tally.ransomed) {
    const decision = await waitForTurn(page, `decision ${tally.turn + 1} of the tower game (or the end)`);
    if (decision === 'over') break;
    check(Date.now() - started < TOTAL_MS - 30_000, `the tower game is still running after ${tally.turn} turns; out of time`);
    const view = await api(`/api/games/${id}?token=${token}`);
    const seat = view.pending.seat;
    if (decision === 'place') {
      tally.turn += 1;
      const ann = seat === 0 && !tally.captured;
      await placeTile(page, tally.turn, { prefer: ann ? (view.seats[0].score >= 3 ? besideTower(view) : inAHole(view)) : null });
    } else if (decision === 'deploy') {
      await checkTowers(page, view);
      if (seat === 1) await towerBen(page, id, token, view, tally);
      else await towerAnn(page, id, token, view, tally);
    } else if (decision === 'capture') {
      // Not reached by Ben's own plan (he decides his captures right after building).
      await passByClick(page, 'taking no prisoner');
    } else if (decision === 'exchange') {
      await press(page, '[data-testid=exchange-choice]');
      await confirm(page, 'an exchange of prisoners');
    } else {
      fail(`the tower game asks for an unexpected decision: ${decision}`);
    }
  }
  const end = await api(`/api/games/${id}`);
  log(
    `tower game ${id}: ${tally.turn} tiles, captured ${tally.captured}, ransom ${tally.ransomed}, ${tally.grown} pieces to grow a tower (${tally.passedCapture} times no prisoner taken);`,
    `scores ${end.seats.map((s) => s.score)}, prisoners ${end.seats.map((s) => (s.prisoners || []).length)}`,
  );
  return tally;
}

async function scenarioTower() {
  log('scenario 6 (desktop): The Tower, two seats at one screen, a capture and a ransom by clicks');
  const { page } = await openBrowser('tower', DESKTOP);
  const variants = await checkLobbyOffers(page, 'tower', 'The Tower', /^tower-/);
  check(variants >= 3, `the API offers ${variants} variants of The Tower`);
  // The server picks each game's deck: a game that gives no capture and ransom in time is
  // followed by another (three at most).
  let tally;
  for (let attempt = 1; ; attempt++) {
    tally = await playTowerGame(page);
    if (tally.ransomed) break;
    check(attempt < 3, 'three games of The Tower without a capture and a ransom by clicks');
    log('that game gave no capture and ransom: another game');
  }
  const texts = await checkNoNotation(page, '[data-testid=event], [data-testid=action-panel], [data-testid=players]');
  log(`${texts} texts checked`);
  passed += 1;
}

// ---- scenario 7: names made of HTML and script --------------------------------------------

/** Seat names a hostile player might choose: if any became markup, it would set `window.__pwned`. */
const HOSTILE = [
  '<img src=x onerror=window.__pwned=1>',
  '<script>window.__pwned=2</script>',
  '"><svg onload=window.__pwned=3>',
];

async function apiPost(pathname, body) {
  const response = await fetch(`${BASE}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  check(response.ok, `POST ${pathname} answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Checks that every hostile name shows as text in `selector` and that none ran. */
async function checkNamesAsText(page, selector, names, where) {
  await waitFor(
    page,
    `the names as text in ${where}`,
    ({ selector, names }) => {
      const text = Array.from(document.querySelectorAll(selector)).map((e) => e.textContent).join(' ');
      return names.every((n) => text.includes(n));
    },
    { selector, names },
  );
  const ran = await page.evaluate(() => window.__pwned);
  check(ran === undefined, `a hostile name ran as code in ${where} (window.__pwned = ${ran})`);
  const injected = await page.evaluate(() => document.querySelectorAll('img[src=x], svg[onload], body script:not([src])').length);
  check(injected === 0, `a hostile name became markup in ${where}`);
  log(`hostile names show as text in ${where}`);
}

async function scenarioHostileNames() {
  log('scenario 7 (desktop): names made of HTML and script');
  // A game to play (a person and a bot), and a game between bots that ends at once.
  const played = await apiPost('/api/games', {
    seats: [{ player: 'human', name: HOSTILE[0] }, { player: 'greedy', name: HOSTILE[1] }],
  });
  const finished = await apiPost('/api/games', {
    seats: [{ player: 'random', name: HOSTILE[1] }, { player: 'random', name: HOSTILE[2] }],
  });
  const { page, name } = await openBrowser('hostile', DESKTOP);
  await page.goto(`${BASE}${played.seats[0].join}`);
  await waitForTurn(page, 'the first decision');
  await placeTile(page, 1);
  await deployOrPass(page, 1, false);
  await waitForTurn(page, 'the decision after the bot has moved');
  await checkNamesAsText(page, '[data-testid=player]', HOSTILE.slice(0, 2), 'the players');
  await checkNamesAsText(page, '[data-testid=event]', HOSTILE.slice(0, 2), 'the log');
  await page.goto(`${BASE}/`);
  await checkNamesAsText(page, '[data-testid=my-game]', [HOSTILE[0]], '"your games"');
  await checkNamesAsText(page, '[data-testid=game-row]', HOSTILE, 'the game list');
  // The finished game: the final table and the replay.
  for (let i = 0; i < 300 && (await api(`/api/games/${finished.id}`)).status !== 'over'; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.goto(`${BASE}/play/${finished.id}`);
  await checkNamesAsText(page, '[data-testid=final-row]', HOSTILE.slice(1), 'the final table');
  await page.goto(`${BASE}/replay/${finished.id}`);
  await checkNamesAsText(page, '[data-testid=player]', HOSTILE.slice(1), 'the replay');
  // The replay's final table fits its column at 1366 px: every total is in view, none cut off.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.keyboard.press('End');
  await page.locator('.final-panel [data-testid=final-total]').first().waitFor();
  const overflow = await page.evaluate(() => {
    const panel = document.querySelector('.final-panel').getBoundingClientRect();
    return [...document.querySelectorAll('.final-panel [data-testid=final-total]')].map((td) => td.getBoundingClientRect().right - panel.right);
  });
  check(overflow.every((d) => d <= 1), `the replay's final table overflows its column by ${Math.max(...overflow)} px`);
  check(!policyViolations.length, `${name}: content security policy violations: ${policyViolations.join('; ')}`);
  passed += 1;
}

// ---- scenario 8: a limit reached ----------------------------------------------------------

/**
 * A client that creates games in a loop gets `429` with `Retry-After`, and the lobby shows the
 * server's message. The server counts clients by `x-forwarded-for` here
 * (scripts/browser-test.sh), so that this client is not the other scenarios'.
 */
async function scenarioLimit() {
  log('scenario 8 (desktop): the lobby past the limit of games created per minute');
  const client = '192.0.2.77';
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': client };
  const body = JSON.stringify({ seats: [{ player: 'human' }, { player: 'human' }] });
  let refused = null;
  for (let i = 0; i < 30 && !refused; i++) {
    const response = await fetch(`${BASE}/api/games`, { method: 'POST', headers, body });
    if (response.status === 429) refused = response;
    else check(response.status === 201, `a game before the limit answered ${response.status}`);
  }
  check(refused, 'a client creating games in a loop was never refused');
  check(Number(refused.headers.get('retry-after')) >= 1, `the 429 has no Retry-After: ${refused.headers.get('retry-after')}`);
  const { page } = await openBrowser('limit', DESKTOP);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': client });
  await page.goto(`${BASE}/`);
  await page.locator('[data-testid=create-form]').waitFor();
  await press(page, '[data-testid=create-game]');
  const shown = await waitFor(
    page,
    "the limit's message in the lobby",
    () => {
      const text = document.querySelector('[data-testid=create-error]')?.textContent || '';
      return /games within a minute.*try again in \d+ s/.test(text) && text;
    },
  );
  const created = await page.evaluate(() => !document.querySelector('[data-testid=created]').hidden);
  check(!created, 'the lobby shows a game created past the limit');
  log(`the lobby shows: ${shown}`);
  passed += 1;
}

// ---- scenario 10: Abbey & Mayor -------------------------------------------------------------

/** Board positions next to (x, y). */
const SIDES = [[1, 0], [-1, 0], [0, 1], [0, -1]];

/**
 * Where to place a tile in the Abbey & Mayor game (`prefer` of `placeTile`). Until an abbey is
 * placed: never into a hole, and where the tile makes a hole (an empty place with a tile on each
 * side) or brings one closer, so that the abbey is soon offered; afterwards where the tile has the
 * most neighbours, which closes squares of four tiles (a barn stands where four tiles meet).
 */
function abbeyMayorPlace(view, abbeyPlaced) {
  const placed = new Set(view.board.map((t) => `${t.x},${t.y}`));
  const around = (x, y) => SIDES.filter(([dx, dy]) => placed.has(`${x + dx},${y + dy}`)).length;
  const score = (s) => {
    const [x, y] = [Number(s.x), Number(s.y)];
    const n = around(x, y);
    if (abbeyPlaced) return n;
    if (n === 4) return -1;
    placed.add(`${x},${y}`);
    const near = Math.max(0, ...SIDES.filter(([dx, dy]) => !placed.has(`${x + dx},${y + dy}`)).map(([dx, dy]) => around(x + dx, y + dy)));
    placed.delete(`${x},${y}`);
    return (near === 4 ? 100 : near * 2) - (n === 3 ? 3 : 0) + n * 0.1;
  };
  return (spots) => spots.reduce((best, s) => (score(s) > score(best) ? s : best), spots[0]);
}

/** Waits until the page shows that `name` decides (the turn banner of a seat that waits). */
function waitForWaiting(page, name, what) {
  return waitFor(
    page,
    `the other window to say it waits for ${name} to ${what}`,
    ({ name, what }) => {
      const t = document.querySelector('[data-testid=turn]');
      return t && t.dataset.mine === 'false' && t.textContent.includes(`Waiting for ${name}`) && t.textContent.includes(what);
    },
    { name, what },
  );
}

/**
 * The abbey by clicks: a highlighted hole (every hole of the API highlighted, "Draw a tile"
 * offered), the abbey shown in it, confirmed; then the API must have the abbey tile there and the
 * seat no longer holding it, and the page too.
 */
async function placeAbbey(page, id, view, seat) {
  const holes = view.legal.filter((a) => a.action === 'abbey');
  const shown = await page.locator('svg.board [data-testid=abbey-spot]').count();
  check(shown === holes.length && holes.length > 0, `${holes.length} holes for the abbey, ${shown} highlighted on the board`);
  check(/Draw a tile/.test(await page.textContent('[data-testid=pass]')), 'the abbey decision offers no "Draw a tile"');
  const hole = holes[0];
  const spot = `svg.board [data-testid=abbey-spot][data-x="${hole.x}"][data-y="${hole.y}"]`;
  if (!(await clickable(page, spot)).length) await press(page, '[data-testid=zoom-fit]');
  await press(page, spot);
  await page.locator('[data-testid=ghost-tile]').waitFor({ state: 'attached' });
  check(/abbey/.test(await page.textContent('[data-testid=chosen]')), 'the chosen hole is not named');
  await confirm(page, `the abbey in the hole at (${hole.x}, ${hole.y})`);
  const now = await api(`/api/games/${id}`);
  const tile = now.board.find((t) => t.x === hole.x && t.y === hole.y);
  check(tile && tile.tile === 'abbey-mayor:abbey', `the API has ${JSON.stringify(tile)} in the hole at (${hole.x}, ${hole.y}), not the abbey`);
  check(now.seats[seat].abbey === false && now.seats[1 - seat].abbey === true, `after the abbey the seats hold abbeys: ${now.seats.map((s) => s.abbey)}`);
  await waitFor(
    page,
    'the abbey on the board and no longer held in the players panel',
    ({ x, y, seat }) =>
      !!document.querySelector(`svg.board .layer-tiles use[data-x="${x}"][data-y="${y}"]`) &&
      !!document.querySelector(`[data-testid=player][data-seat="${seat}"] [data-testid=supply-abbey][data-held=false]`) &&
      !!document.querySelector(`[data-testid=player][data-seat="${1 - seat}"] [data-testid=supply-abbey][data-held=true]`),
    { ...hole, seat },
  );
  log(`${now.seats[seat].name} placed the abbey in the hole at (${hole.x}, ${hole.y})`);
}

/**
 * A figure of `kind` (the mayor or the wagon) deployed by clicks: its marker on the new tile,
 * then the figure in the panel's list when several may stand there; the API and the board must
 * then have it there.
 */
async function deployFigure(page, id, view, action) {
  const marker = `[data-testid=figure-marker][data-feature="${action.feature}"]`;
  await pressMarker(page, marker);
  if (await page.locator('[data-testid=figure-choice]').count()) await press(page, `[data-testid=figure-choice][data-figure=${action.figure}]`);
  check(new RegExp(action.figure).test(await page.textContent('[data-testid=chosen]')), `the chosen ${action.figure} is not named`);
  await confirm(page, `deploying the ${action.figure} on ${action.feature}`);
  const { x, y, seat } = view.pending;
  const now = await api(`/api/games/${id}`);
  // The figure may be scored at once (a road completed by its tile) and be back in supply.
  const there = now.figures.some((f) => f.seat === seat && f.figure === action.figure && f.x === x && f.y === y && f.feature === action.feature);
  const deployed = (await newEvents(id, view.events.length)).find((e) => e.type === 'figure-deployed' && e.figure === action.figure && e.seat === seat && e.x === x && e.y === y);
  check(deployed, `the API has no ${action.figure} of seat ${seat} deployed at (${x}, ${y})`);
  if (there) {
    await page
      .locator(`svg.board [data-testid=figure][data-figure=${action.figure}][data-seat="${seat}"][data-x="${x}"][data-y="${y}"][data-feature="${action.feature}"]`)
      .waitFor({ state: 'attached' });
  }
  log(`${now.seats[seat].name} deployed the ${action.figure} on ${action.feature} at (${x}, ${y})`);
}

/** The barn by clicks: a barn marker on a corner of the new tile; the API and the board must have it. */
async function placeBarn(page, id, view, barn) {
  const corners = view.legal.filter((a) => a.action === 'barn');
  const shown = await page.locator('svg.board [data-testid=barn-marker]').count();
  check(shown === corners.length, `${corners.length} corners for the barn, ${shown} barn markers on the board`);
  await pressMarker(page, `[data-testid=barn-marker][data-feature="${barn.corner}"]`);
  check(/barn/.test(await page.textContent('[data-testid=chosen]')), 'the chosen barn is not named');
  await screenshot(page, 'web-abbey-mayor.png');
  await confirm(page, `the barn on the ${barn.corner} corner`);
  const { x, y, seat } = view.pending;
  const now = await api(`/api/games/${id}`);
  const placed = (now.barns || []).find((b) => b.seat === seat && b.x === x && b.y === y && b.corner === barn.corner);
  check(placed, `the API's barns are ${JSON.stringify(now.barns)}, without seat ${seat}'s on the ${barn.corner} corner of (${x}, ${y})`);
  check(now.seats[seat].supply.barn === 0, `seat ${seat} still has ${now.seats[seat].supply.barn} barns in supply`);
  await waitFor(
    page,
    'the barn on its corner and its news in the log',
    ({ x, y, seat, corner, label }) =>
      document.querySelector(`svg.board [data-testid=barn][data-seat="${seat}"][data-x="${x}"][data-y="${y}"][data-corner="${corner}"]`)?.getAttribute('aria-label') === label &&
      !!document.querySelector('[data-testid=event][data-type=barn-placed]'),
    { x, y, seat, corner: barn.corner, label: placed.label },
  );
  log(`${now.seats[seat].name} placed the barn: ${placed.label}`);
}

/**
 * A wagon's move by clicks, in the window of its owner (whoever's turn it is), while the other
 * window says whom it waits for; the API and the board must have the wagon on its new feature.
 */
async function moveWagon(page, other, id, view) {
  const { seat } = view.pending;
  const name = view.seats[seat].name;
  await waitForWaiting(other, name, 'move the wagon or take it home');
  const moves = view.legal.filter((a) => a.action === 'move-wagon');
  const shown = await page.locator('svg.board [data-testid=wagon-marker]').count();
  check(shown === moves.length && moves.length > 0, `${moves.length} moves for the wagon, ${shown} wagon markers on the board`);
  check(/Take the wagon home/.test(await page.textContent('[data-testid=pass]')), 'the wagon decision offers no "Take the wagon home"');
  const move = moves[0];
  await pressMarker(page, `[data-testid=wagon-marker][data-x="${move.x}"][data-y="${move.y}"][data-feature="${move.feature}"]`);
  check(/wagon/.test(await page.textContent('[data-testid=chosen]')), 'the chosen move of the wagon is not named');
  await confirm(page, `moving the wagon to ${move.feature} at (${move.x}, ${move.y})`);
  const moved = (await newEvents(id, view.events.length)).find((e) => e.type === 'wagon-moved');
  check(moved && moved.seat === seat && moved.x === move.x && moved.y === move.y, `the API has no move of the wagon: ${JSON.stringify(moved)}`);
  await page
    .locator(`svg.board [data-testid=figure][data-figure=wagon][data-seat="${seat}"][data-x="${move.x}"][data-y="${move.y}"][data-feature="${move.feature}"]`)
    .waitFor({ state: 'attached' });
  log(`${name}'s wagon moved: ${moved.text}`);
}

/**
 * Plays a game of Abbey & Mayor (Ann and Ben in two windows) by clicks until an abbey, a mayor,
 * a wagon and a barn are placed and a wagon has moved after a scoring (the move is not required:
 * at most 45 tiles are played for it), or 45 tiles are played without them.
 */
async function playAbbeyMayorGame(ann, ben) {
  const { id, links } = await createGame(ann.page, ['human', 'human'], ['Ann', 'Ben'], ['abbey-mayor']);
  const tokens = links.map((l) => /#token=([0-9a-f]+)/.exec(l)[1]);
  const windows = [ann, ben];
  await ann.page.goto(links[0]);
  await ben.page.goto(links[1]);
  // Both windows connected: each has drawn the state with both seats online (a later redraw
  // could replace a button while it is clicked).
  for (const w of windows) await waitFor(w.page, 'both seats online', () => document.querySelectorAll('[data-testid=player] .online').length === 2);
  const tally = { id, tiles: 0, abbey: false, mayor: false, wagon: false, barn: false, moved: false };
  const required = () => tally.abbey && tally.mayor && tally.wagon && tally.barn;
  while (!(required() && tally.moved) && tally.tiles < 45) {
    check(Date.now() - started < TOTAL_MS - 30_000, `the Abbey & Mayor game is still running after ${tally.tiles} tiles; out of time`);
    const pending = (await api(`/api/games/${id}`)).pending;
    if (pending.decision === 'over') break;
    const { page, name } = windows[pending.seat];
    const other = windows[1 - pending.seat].page;
    const decision = await waitForTurn(page, `${name}'s decision after ${tally.tiles} tiles`);
    const view = await api(`/api/games/${id}?token=${tokens[pending.seat]}`);
    check(view.pending.decision === decision && view.pending.seat === pending.seat, `the page asks to ${decision}, the API ${JSON.stringify(view.pending)}`);
    const legal = view.legal;
    const deploy = (figure) => legal.filter((a) => a.action === 'deploy' && a.figure === figure && a.x === undefined);
    if (decision === 'abbey') {
      await waitForWaiting(other, view.seats[pending.seat].name, 'place the abbey or draw a tile');
      if (!tally.abbey) {
        await placeAbbey(page, id, view, pending.seat);
        tally.abbey = true;
      } else {
        // "Draw a tile" by the keyboard: P, then Enter.
        await page.keyboard.press('p');
        await page.locator('[data-testid=pass][aria-pressed=true]').waitFor();
        await page.keyboard.press('Enter');
        await waitForVersionAbove(page, view.version, 'drawing a tile instead of placing the abbey');
      }
    } else if (decision === 'place') {
      tally.tiles += 1;
      await placeTile(page, tally.tiles, { prefer: abbeyMayorPlace(view, tally.abbey) });
    } else if (decision === 'deploy') {
      const barn = legal.find((a) => a.action === 'barn');
      const mayor = deploy('mayor')[0];
      // The wagon on a road, soon completed (and the wagon moved on), again whenever it is home.
      const wagon = deploy('wagon').find((a) => a.feature.startsWith('road'));
      if (barn && !tally.barn) {
        await placeBarn(page, id, view, barn);
        tally.barn = true;
      } else if (mayor && !tally.mayor) {
        await deployFigure(page, id, view, mayor);
        tally.mayor = true;
      } else if (wagon && !tally.moved) {
        await deployFigure(page, id, view, wagon);
        tally.wagon = true;
      } else {
        await passByClick(page, `${name} passing`);
      }
    } else if (decision === 'wagon') {
      await moveWagon(page, other, id, view);
      tally.moved = true;
    } else {
      fail(`the Abbey & Mayor game asks for an unexpected decision: ${decision}`);
    }
  }
  log(`Abbey & Mayor game ${id}: ${tally.tiles} tiles; abbey ${tally.abbey}, mayor ${tally.mayor}, wagon ${tally.wagon}, barn ${tally.barn}, wagon moved ${tally.moved}`);
  return { ...tally, done: required() };
}

async function scenarioAbbeyMayor() {
  log('scenario 10 (desktop): Abbey & Mayor in two windows, the abbey, the mayor, the wagon and the barn by clicks');
  const ann = await openBrowser('abbey-ann', DESKTOP);
  const ben = await openBrowser('abbey-ben', DESKTOP);
  await checkLobbyOffers(ann.page, 'abbey-mayor', 'Abbey & Mayor', /^abbey-mayor-/);
  // The server picks each game's deck: a game that gives no hole, or no corner for a barn, in
  // time is followed by another (three at most).
  let tally;
  for (let attempt = 1; ; attempt++) {
    tally = await playAbbeyMayorGame(ann, ben);
    if (tally.done) break;
    check(attempt < 3, 'three games of Abbey & Mayor without an abbey, a mayor, a wagon and a barn by clicks');
    log('that game gave no abbey, mayor, wagon and barn in time: another game');
  }
  const texts = await checkNoNotation(ann.page, '[data-testid=event], [data-testid=action-panel], [data-testid=players]');
  log(`${texts} texts checked`);
  passed += 1;
}

// ---- scenario 9: the game reference -------------------------------------------------------

/**
 * The lobby's reference panel follows the form: ticking The Tower brings its lines (with the
 * tower pieces of the number of seats), another seat changes that number, the Rio Grande Big
 * Box moves the dragon to Step 3C, unticking takes the lines away. In a game, the "Rules" button
 * shows the reference of the game's rules with the step of the pending decision highlighted,
 * and the highlight follows the game.
 */
async function scenarioReference() {
  log('scenario 9 (desktop): the lobby\'s game reference and a game\'s rules');
  const { page } = await openBrowser('reference', DESKTOP);
  await page.goto(`${BASE}/`);
  await page.locator('[data-testid=create-form]').waitFor();
  const panel = '[data-testid=reference-panel]';
  const showing = (expansions, players) =>
    waitFor(
      page,
      `the reference panel for [${expansions}] and ${players} players`,
      ([sel, e, n]) => {
        const card = document.querySelector(sel);
        return card && card.dataset.expansions === e && card.dataset.players === String(n);
      },
      [panel, expansions, players],
    );
  const lines = () => page.$$eval(`${panel} [data-line]`, (els) => els.map((e) => e.dataset.line));
  const hasLine = (id, present = true) =>
    waitFor(page, `the line ${id} to be ${present ? 'shown' : 'gone'}`, ([sel, id, present]) => !!document.querySelector(`${sel} [data-line="${id}"]`) === present, [panel, id, present]);
  await showing('', 2);
  let ids = await lines();
  check(ids.includes('1c-place') && ids.includes('score-city'), `the base reference lacks its lines: ${ids.slice(0, 12)}`);
  check(!ids.includes('2b1-tower-piece'), 'the base reference shows The Tower');
  const turnSteps = await page.$$eval(`${panel} [data-section=turn] [data-step]`, (els) => els.map((e) => e.dataset.step));
  check(turnSteps.join(' ') === 'any-time 1A 1B 1C 2A 2B-1 2B-2 2C 3A 3B 3C 4A 4B', `the turn's steps: ${turnSteps}`);

  // The lobby offers an expansion's variants only with the expansion (issue 43, item 11).
  const offered = (id) => page.locator(`[data-testid=variant-${id}]`).evaluate((input) => !input.closest('[hidden]'));
  check(!(await offered('tower-captures-guards')) && !(await offered('princess-must-remove')), 'the lobby offers The Tower\'s and the dragon\'s variants without them');
  check(await offered('farmer-scoring'), 'the lobby hides the base game\'s farm scoring');
  await page.check('[data-testid=expansion-tower]');
  check((await offered('tower-captures-guards')) && !(await offered('princess-must-remove')), 'ticking The Tower does not offer its variants alone');
  await showing('tower', 2);
  ids = await lines();
  check(ids.includes('2b1-tower-piece') && ids.includes('2b1-capture'), 'ticking The Tower did not bring its lines');
  check(ids.includes('players-tower-pieces-2') && !ids.includes('players-tower-pieces-3'), `tower pieces for 2 players: ${ids.filter((i) => i.startsWith('players-tower'))}`);
  check((await page.locator(panel).textContent()).includes('2 players: 10 each'), 'the panel does not give 10 tower pieces for 2 players');
  await press(page, '[data-testid=add-seat]');
  await showing('tower', 3);
  await hasLine('players-tower-pieces-3');
  await hasLine('players-tower-pieces-2', false);

  await page.check('[data-testid=expansion-princess-dragon]');
  check(await offered('princess-must-remove'), 'ticking The Princess & the Dragon does not offer its variants');
  await hasLine('2c-dragon');
  await page.selectOption('[data-testid=preset]', 'rgg-big-box');
  await hasLine('3c-dragon');
  await hasLine('2c-dragon', false);
  await page.uncheck('[data-testid=expansion-tower]');
  await showing('princess-dragon', 3);
  await hasLine('2b1-tower-piece', false);
  await page.locator(`${panel} [data-line="3c-dragon"]`).scrollIntoViewIfNeeded();
  await screenshot(page, 'web-reference.png');
  log(`the lobby's reference follows the choices (${(await lines()).length} lines for The Princess & the Dragon, RGG Big Box, 3 seats)`);

  // A game with those rules: its "Rules" show the step of the pending decision.
  await page.fill('[data-testid=seat-name-0]', 'Rosa');
  await press(page, '[data-testid=create-game]');
  await page.locator('[data-testid=play-link]').waitFor();
  const id = /\/play\/([a-z0-9]+)/.exec(await page.getAttribute('[data-testid=play-link]', 'href'))[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  const reference = await api(`/api/games/${id}/reference`);
  check(reference.decisions.dragon === '3C', `the game's reference moves the dragon at ${reference.decisions.dragon}`);
  const dialog = '[data-testid=rules-dialog]';
  const highlighted = (decision, what) =>
    waitFor(
      page,
      `the rules to highlight the step of ${what}`,
      ([sel, step]) => {
        const d = document.querySelector(sel);
        const current = d && !d.hidden && d.querySelectorAll('.ref-step.current');
        return current && current.length === 1 && current[0].dataset.step === step && d.dataset.step === step;
      },
      [dialog, reference.decisions[decision]],
    );
  check((await waitForTurn(page, 'the first tile')) === 'place', 'the game does not begin with a placement');
  await press(page, '[data-testid=rules-button]');
  await page.locator(dialog).waitFor({ state: 'visible' });
  await highlighted('place', 'the placement');
  check(await page.locator(`${dialog} [data-line="3c-dragon"]`).count(), "the game's rules do not move the dragon after scoring");
  await screenshot(page, 'web-rules.png');
  await page.keyboard.press('Escape');
  await page.locator(dialog).waitFor({ state: 'hidden' });
  await placeTile(page, 1);
  check((await waitForTurn(page, 'the figure decision')) === 'deploy', 'no figure decision after the placement');
  await press(page, '[data-testid=rules-button]');
  await highlighted('deploy', 'the figure decision');
  // Pass by keyboard with the rules open; the highlight follows the next decision of this seat.
  const before = (await gameState(page)).version;
  await page.keyboard.press('p');
  await page.keyboard.press('Enter');
  await waitForVersionAbove(page, before, 'the pass');
  const next = await waitForTurn(page, 'the next decision of this seat');
  if (next !== 'over') await highlighted(next, `the next decision (${next})`);
  log(`the rules highlight ${reference.decisions.place}, ${reference.decisions.deploy}, then ${next === 'over' ? 'nothing' : reference.decisions[next]}`);
  passed += 1;
}

// ---- scenario 11: The Count of Carcassonne -------------------------------------------------

/** The sides of a tile, clockwise from the north, each with the step to the neighbour there. */
const CLOCKWISE = ['N', 'E', 'S', 'W'];
const SIDE_STEP = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const FACING = { N: 'S', E: 'W', S: 'N', W: 'E' };

/** The side of a tile whose middle a point of its drawing (100 × 100, north up) is, or null. */
function sideAt(x, y) {
  const near = (a, b) => Math.abs(a - b) < 1;
  if (near(x, 50) && near(y, 0)) return 'N';
  if (near(x, 100) && near(y, 50)) return 'E';
  if (near(x, 50) && near(y, 100)) return 'S';
  if (near(x, 0) && near(y, 50)) return 'W';
  return null;
}

/**
 * Each design's roads, read from its drawing (GET /api/tiles): a road is a `<g class="road">`
 * whose path runs between the middles of two sides, or from one to a point inside the tile
 * where it ends (a crossroads, a cloister, a city). `{design: [[sides of one road], …]}`, the
 * tile not turned.
 */
function designRoads(tiles) {
  const roads = {};
  for (const [design, svg] of Object.entries(tiles)) {
    roads[design] = [...svg.matchAll(/<g class="road"[^>]*>\s*<path d="([^"]*)"/g)].map((m) => {
      const n = (m[1].match(/-?\d+(?:\.\d+)?/g) || []).map(Number);
      const ends = [sideAt(n[0], n[1]), sideAt(n[n.length - 2], n[n.length - 1])].filter(Boolean);
      return [...new Set(ends)];
    });
  }
  return roads;
}

/**
 * The road networks of a board (the API's `board`, with any tile being tried added): the roads
 * of its tiles joined across the sides they share, each with how many of its ends are open (no
 * tile beyond) and the figures on it (the API's `figures`: `road@E` is the road through the east
 * side of its tile). `netOf(x, y, side)` is the network of the road through that side of a tile.
 */
function roadNetworks(roads, board, figures = []) {
  const parts = [];
  const byTile = new Map();
  for (const t of board) {
    const turns = ((t.rotation || 0) / 90) % 4;
    byTile.set(
      `${t.x},${t.y}`,
      (roads[t.tile] || []).map((sides) => {
        const part = { x: t.x, y: t.y, sides: sides.map((s) => CLOCKWISE[(CLOCKWISE.indexOf(s) + turns) % 4]), id: parts.length };
        parts.push(part);
        return part;
      }),
    );
  }
  const up = parts.map((p) => p.id);
  const root = (i) => (up[i] === i ? i : (up[i] = root(up[i])));
  const through = (x, y, side) => (byTile.get(`${x},${y}`) || []).find((p) => p.sides.includes(side));
  const open = new Set();
  for (const p of parts) {
    for (const side of p.sides) {
      const [dx, dy] = SIDE_STEP[side];
      if (!byTile.has(`${p.x + dx},${p.y + dy}`)) open.add(p.id);
      const beyond = through(p.x + dx, p.y + dy, FACING[side]);
      if (beyond) up[root(p.id)] = root(beyond.id);
    }
  }
  const nets = new Map();
  for (const p of parts) {
    const r = root(p.id);
    if (!nets.has(r)) nets.set(r, { tiles: [], open: 0, figures: [] });
    nets.get(r).tiles.push([p.x, p.y]);
    if (open.has(p.id)) nets.get(r).open += 1;
  }
  for (const f of figures) {
    const m = /^road@([NESW])$/.exec(f.feature || '');
    const p = m && through(f.x, f.y, m[1]);
    if (p) nets.get(root(p.id)).figures.push(f);
  }
  const netOf = (x, y, side) => {
    const p = through(x, y, side);
    return p ? nets.get(root(p.id)) : null;
  };
  return { nets: [...nets.values()], netOf };
}

/** The road networks the drawn tile would complete placed as `place` (a legal `place` action). */
function roadsCompleted(roads, view, place) {
  const board = [...view.board, { x: place.x, y: place.y, tile: view.pending.tile, rotation: place.rotation }];
  return roadNetworks(roads, board, view.figures).nets.filter((n) => n.open === 0 && n.tiles.some(([x, y]) => x === place.x && y === place.y));
}

/** Followers of `seat` among `figures` (a big follower counts two). */
function strength(figures, seat) {
  return figures.filter((f) => f.seat === seat).reduce((n, f) => n + (f.figure === 'big-follower' ? 2 : 1), 0);
}

/**
 * Where the seat whose turn it is puts its tile, and whether that placement is the one that
 * steers the game: until the seat has a figure in Carcassonne, a placement that completes a
 * road holding the other seat's thieves and none of its own (it scores nothing, the other
 * does: Carcassonne is offered); once both seats wait in Carcassonne, one that completes any
 * road (a redeployment is offered); otherwise the place with the most neighbours, where roads
 * close soonest.
 */
function countPlacement(roads, view, tally) {
  const seat = view.pending.seat;
  const places = view.legal.filter((a) => a.action === 'place');
  if (!tally.inCity[seat]) {
    const steer = places.find((a) => {
      const done = roadsCompleted(roads, view, a);
      return done.some((n) => strength(n.figures, 1 - seat) > 0) && done.every((n) => strength(n.figures, seat) === 0);
    });
    if (steer) return { place: steer, steer: true };
  } else if (tally.inCity.every(Boolean)) {
    const steer = places.find((a) => roadsCompleted(roads, view, a).length);
    if (steer) return { place: steer, steer: true };
  }
  const placed = new Set(view.board.map((t) => `${t.x},${t.y}`));
  const around = (a) => Object.values(SIDE_STEP).filter(([dx, dy]) => placed.has(`${a.x + dx},${a.y + dy}`)).length;
  return { place: places.reduce((best, a) => (around(a) > around(best) ? a : best), places[0]), steer: false };
}

/** Sends a legal action of `seat` through the API (the turns that need no clicking). */
async function countAct(game, seat, action, version) {
  const { at, label, ...record } = action;
  return apiPost(`/api/games/${game.id}/actions`, { token: game.tokens[seat], action: record, version });
}

/**
 * Waits until the window shows the API's state `version` with its own decision `decision`, so
 * that what it is clicked on is what the API has.
 */
function waitForDecision(page, version, decision, what) {
  return waitFor(
    page,
    what,
    ({ version, decision }) => {
      const g = document.querySelector('[data-testid=game]');
      const t = document.querySelector('[data-testid=turn]');
      return !!g && Number(g.dataset.version) === version && t.dataset.mine === 'true' && t.dataset.decision === decision;
    },
    { version, decision },
  );
}

/**
 * A placement made by clicks: its highlighted square (again until the tile is turned as wanted)
 * and confirm.
 */
async function placeByClicks(page, place) {
  const spot = `[data-testid=spot][data-x="${place.x}"][data-y="${place.y}"]`;
  if (!(await clickable(page, spot)).length) await press(page, '[data-testid=zoom-fit]');
  for (let i = 0; i < 4; i++) {
    await press(page, spot);
    if (Number(await page.getAttribute('[data-testid=drawn-tile]', 'data-rotation')) === place.rotation) break;
  }
  check(Number(await page.getAttribute('[data-testid=drawn-tile]', 'data-rotation')) === place.rotation, `the tile cannot be turned ${place.rotation}° at (${place.x}, ${place.y}) by clicks`);
  await confirm(page, `placing the tile at (${place.x}, ${place.y}) turned ${place.rotation}°`);
}

/**
 * The city as the API has it must be on the board: each quarter with its label, its figures
 * (seat and kind) and whether the count blocks it, and the count in its quarter with its label.
 */
async function checkCity(page, city, what) {
  await waitFor(
    page,
    `the city on the board as the API has it (${what})`,
    (city) => {
      const count = document.querySelector('svg.board [data-testid=count]');
      if (!count || count.dataset.quarter !== city.count || count.getAttribute('aria-label') !== city.label) return false;
      return city.quarters.every((q) => {
        const el = document.querySelector(`svg.board [data-testid=quarter][data-quarter="${q.quarter}"]`);
        if (!el || !el.getAttribute('aria-label').startsWith(q.label) || el.dataset.blocked !== String(q.blocked)) return false;
        const shown = [...el.querySelectorAll('[data-testid=resident]')].map((r) => `${r.dataset.seat}:${r.dataset.figure}`).sort();
        return JSON.stringify(shown) === JSON.stringify(q.residents.map((r) => `${r.seat}:${r.figure}`).sort());
      });
    },
    city,
  );
}

/** Pans the board to the city of Carcassonne and zooms in on it (a drag, then the mouse wheel). */
async function zoomOnCity(page) {
  const city = () =>
    page.locator('svg.board [data-testid=quarter]').evaluateAll((els) => {
      const r = els.map((e) => e.getBoundingClientRect());
      const [x0, y0, x1, y1] = [Math.min(...r.map((b) => b.left)), Math.min(...r.map((b) => b.top)), Math.max(...r.map((b) => b.right)), Math.max(...r.map((b) => b.bottom))];
      return { x: (x0 + x1) / 2, y: (y0 + y1) / 2, w: x1 - x0 };
    });
  const board = await page.locator('[data-testid=board]').boundingBox();
  const mid = { x: board.x + board.width / 2, y: board.y + board.height / 2 };
  const before = await city();
  await page.mouse.move(before.x, before.y);
  await page.mouse.down();
  await page.mouse.move((before.x + mid.x) / 2, (before.y + mid.y) / 2, { steps: 4 });
  await page.mouse.move(mid.x, mid.y, { steps: 4 });
  await page.mouse.up();
  // The board zooms by e^(−0.0012 × deltaY) about the pointer: the quarters about 400 pixels wide.
  await page.mouse.wheel(0, -Math.log(400 / before.w) / 0.0012);
  await page.waitForTimeout(400);
}

/** The figures of `seat` in `quarter` of the API's city. */
function residentsIn(view, quarter, seat) {
  const q = view.carcassonne.quarters.find((x) => x.quarter === quarter);
  return q.residents.filter((r) => r.seat === seat).length;
}

/**
 * A figure to Carcassonne by clicks, in the window of the seat the scoring did not pay: a marker
 * on each quarter for each figure offered, the other window waiting; the blacksmith's marker
 * (roads) clicked and confirmed. The API must have the follower there and the event, and both
 * boards must show it. A seat already waiting there deploys nothing (through the API).
 */
async function countToQuarter(page, other, game, view, tally) {
  const seat = view.pending.seat;
  const name = view.seats[seat].name;
  if (tally.inCity[seat]) {
    await countAct(game, seat, view.legal.find((a) => a.action === 'pass'), view.version);
    return;
  }
  await waitForDecision(page, view.version, 'carcassonne', `${name}'s window to offer Carcassonne`);
  await waitForWaiting(other, name, 'deploy a figure to Carcassonne');
  const offers = view.legal.filter((a) => a.action === 'carcassonne');
  const shown = await page.locator('svg.board [data-testid=quarter-marker]').count();
  check(shown === offers.length && offers.length >= 4, `${offers.length} deployments to Carcassonne, ${shown} quarter markers on the board`);
  check(/Deploy nothing/.test(await page.textContent('[data-testid=pass]')), 'the Carcassonne decision offers no "Deploy nothing"');
  await checkCity(page, view.carcassonne, 'before the deployment');
  await pressMarker(page, '[data-testid=quarter-marker][data-quarter=blacksmith][data-figure=follower]');
  check(/blacksmith/.test(await page.textContent('[data-testid=chosen]')), 'the chosen quarter is not named');
  if (tally.inCity.some(Boolean) && !tally.pictured) {
    // The city with the other seat's follower waiting and the count moved, the quarter chosen.
    await zoomOnCity(page);
    await screenshot(page, 'web-count.png');
    await press(page, '[data-testid=zoom-fit]');
    tally.pictured = true;
  }
  const before = view.seats[seat].supply.follower;
  await confirm(page, `${name}'s follower to the blacksmith quarter`);
  const now = await api(`/api/games/${game.id}`);
  const event = (await newEvents(game.id, view.events.length)).find((e) => e.type === 'figure-to-quarter');
  check(event && event.seat === seat && event.figure === 'follower' && event.quarter === 'blacksmith', `the API has no follower of ${name} to the blacksmith quarter: ${JSON.stringify(event)}`);
  check(residentsIn(now, 'blacksmith', seat) === residentsIn(view, 'blacksmith', seat) + 1, `the API's blacksmith quarter: ${JSON.stringify(now.carcassonne.quarters[2])}`);
  check(now.seats[seat].supply.follower === before - 1, `${name} has ${now.seats[seat].supply.follower} followers in supply, not ${before - 1}`);
  for (const p of [page, other]) await checkCity(p, now.carcassonne, `after ${name}'s deployment`);
  await waitFor(
    other,
    `the players panel to count ${name}'s figure in Carcassonne`,
    ({ seat, n }) => document.querySelector(`[data-testid=player][data-seat="${seat}"] [data-testid=supply-carcassonne]`)?.dataset.count === String(n),
    { seat, n: residentsIn(now, 'blacksmith', seat) },
  );
  tally.inCity[seat] = true;
  log(`${event.text}`);
}

/**
 * The count's move after a deployment to Carcassonne, by clicks: a marker on each other quarter,
 * the other window waiting. The first time the count goes to another quarter than the
 * blacksmith's (marker, confirm); later it stays (P, then Enter). The API and both boards must
 * have the count where it is, its quarter blocked.
 */
async function countMove(page, other, game, view, tally) {
  const seat = view.pending.seat;
  const name = view.seats[seat].name;
  await waitForDecision(page, view.version, 'count', `${name}'s window to offer the count's move`);
  await waitForWaiting(other, name, 'move the count');
  const moves = view.legal.filter((a) => a.action === 'move-count');
  const shown = await page.locator('svg.board [data-testid=count-marker]').count();
  check(shown === moves.length && moves.length === 3, `${moves.length} moves of the count, ${shown} count markers on the board`);
  check(!moves.some((a) => a.quarter === view.carcassonne.count), 'the count may move to its own quarter');
  const to = moves.find((a) => a.quarter !== 'blacksmith');
  if (!tally.countMoved) {
    await pressMarker(page, `[data-testid=count-marker][data-quarter=${to.quarter}]`);
    check(/count/.test(await page.textContent('[data-testid=chosen]')), 'the chosen move of the count is not named');
    await confirm(page, `the count to the ${to.quarter} quarter`);
  } else {
    const leave = view.legal.find((a) => a.action === 'pass');
    check(/^leave the count/.test(leave.label) && (await page.textContent('[data-testid=pass]')).includes(leave.label.slice(1)), `the "leave it" button reads "${await page.textContent('[data-testid=pass]')}"`);
    await page.keyboard.press('p');
    await page.locator('[data-testid=pass][aria-pressed=true]').waitFor();
    await page.keyboard.press('Enter');
    await waitForVersionAbove(page, view.version, 'leaving the count where it is');
  }
  const now = await api(`/api/games/${game.id}`);
  const moved = (await newEvents(game.id, view.events.length)).find((e) => e.type === 'count-moved');
  const where = tally.countMoved ? view.carcassonne.count : to.quarter;
  check(now.carcassonne.count === where, `the API has the count in the ${now.carcassonne.count} quarter, not the ${where}`);
  check(tally.countMoved ? !moved : moved && moved.seat === seat && moved.quarter === where, `the API's count-moved event: ${JSON.stringify(moved)}`);
  check(now.carcassonne.quarters.find((q) => q.quarter === where).blocked, `the count's quarter is not blocked: ${JSON.stringify(now.carcassonne)}`);
  for (const p of [page, other]) await checkCity(p, now.carcassonne, `after the count's decision`);
  log(tally.countMoved ? `${name} left the count in the ${where} quarter (P, Enter)` : moved.text);
  if (tally.countMoved) tally.countLeft = true;
  tally.countMoved = true;
}

/**
 * A redeployment, in the window of the seat asked (its figures wait in the quarter that feeds
 * the feature about to be scored), the other window waiting for it; the feature outlined and a
 * marker for each figure that may join it. A seat that already holds the feature alone, or
 * while the other seat has nobody in Carcassonne yet, has nothing to gain: one click on "None"
 * sends it. Otherwise it clicks the follower's marker and confirms: the API must have the
 * figure out of the quarter and the event, and the log show it. The prompts of one scoring must
 * come from the left of the player who placed the tile, that player last.
 */
async function countRedeploy(page, other, game, view, tally, roads) {
  const p = view.pending;
  const seat = p.seat;
  const name = view.seats[seat].name;
  await waitForDecision(page, view.version, 'redeploy', `${name}'s window to offer a redeployment`);
  await waitForWaiting(other, name, 'move figures out of Carcassonne');
  // The round: the tile that started the scoring, and the feature scored.
  const placed = [...view.events].reverse().find((e) => e.type === 'tile-placed');
  const round = `${placed.index}|${p.x},${p.y},${p.feature}`;
  const prompts = tally.rounds.get(round) || [];
  prompts.push(seat);
  tally.rounds.set(round, prompts);
  if (prompts.length === 2) {
    check(prompts[0] === 1 - placed.seat && prompts[1] === placed.seat, `the redeployments of one scoring came to seats ${prompts} after seat ${placed.seat} placed the tile`);
    tally.inOrder = true;
    log(`the redeployment came to ${view.seats[prompts[0]].name} first, then to ${name}, who placed the tile`);
  }
  const offers = view.legal.filter((a) => a.action === 'redeploy');
  check(offers.length > 0 && offers.every((a) => a.x === p.x && a.y === p.y && a.feature === p.feature), `the redeployments do not all go to the feature scored: ${JSON.stringify(offers)}`);
  await page.locator(`svg.board [data-testid=focus][data-x="${p.x}"][data-y="${p.y}"][data-feature="${p.feature}"]`).waitFor({ state: 'attached' });
  const shown = await page.locator('svg.board [data-testid=redeploy-marker]').count();
  check(shown === new Set(offers.map((a) => a.figure)).size, `${offers.length} redeployments, ${shown} markers on the board`);
  const net = roadNetworks(roads, view.board, view.figures).netOf(p.x, p.y, p.feature.replace(/^road@/, ''));
  check(net, `the feature scored (${p.feature} at (${p.x}, ${p.y})) is not a road of the test's model`);
  const nothingToGain = strength(net.figures, seat) > strength(net.figures, 1 - seat) || !tally.inCity.every(Boolean);
  const quarter = residentsIn(view, 'blacksmith', seat);
  if (nothingToGain) {
    await press(page, '[data-testid=redeploy-none]');
    await waitForVersionAbove(page, view.version, `${name}'s "None"`);
    const now = await api(`/api/games/${game.id}`);
    check(residentsIn(now, 'blacksmith', seat) === quarter, `after "None" ${name} has ${residentsIn(now, 'blacksmith', seat)} figures in the blacksmith quarter, not ${quarter}`);
    check(!(await newEvents(game.id, view.events.length)).some((e) => e.type === 'figure-redeployed' && e.seat === seat), `"None" redeployed a figure of ${name}`);
    tally.none = true;
    log(`${name} redeploys nothing (one click on "None")`);
    return;
  }
  await pressMarker(page, '[data-testid=redeploy-marker][data-figure=follower]');
  check(/from Carcassonne/.test(await page.textContent('[data-testid=chosen]')), 'the chosen redeployment is not named');
  await confirm(page, `${name}'s follower from Carcassonne onto ${p.feature} at (${p.x}, ${p.y})`);
  const now = await api(`/api/games/${game.id}`);
  const event = (await newEvents(game.id, view.events.length)).find((e) => e.type === 'figure-redeployed');
  check(
    event && event.seat === seat && event.figure === 'follower' && event.quarter === 'blacksmith' && event.x === p.x && event.y === p.y && event.feature === p.feature,
    `the API has no redeployment of ${name}'s follower: ${JSON.stringify(event)}`,
  );
  check(residentsIn(now, 'blacksmith', seat) === quarter - 1, `after the redeployment ${name} has ${residentsIn(now, 'blacksmith', seat)} figures in the blacksmith quarter`);
  for (const w of [page, other]) {
    await checkCity(w, now.carcassonne, 'after the redeployment');
    await w.locator('[data-testid=event][data-type=figure-redeployed]').first().waitFor();
  }
  tally.taken = true;
  log(event.text);
}

/**
 * Plays a game of The Count of Carcassonne, Ann and Ben in two windows, until each has deployed
 * a follower to Carcassonne by clicks (the count moved once and left once), a redeployment was
 * taken by clicks, another refused by "None", and one scoring asked both seats in turn; or
 * until 60 tiles are played. The test keeps its own model of the roads to steer the tiles; the
 * turns that decide nothing of The Count go through the API.
 */
async function playCountGame(ann, ben, roads) {
  const created = await createGame(ann.page, ['human', 'human'], ['Ann', 'Ben'], ['count']);
  const game = { id: created.id, tokens: created.links.map((l) => /#token=([0-9a-f]+)/.exec(l)[1]) };
  const windows = [ann, ben];
  await ann.page.goto(created.links[0]);
  await ben.page.goto(created.links[1]);
  for (const w of windows) await waitFor(w.page, 'both seats online', () => document.querySelectorAll('[data-testid=player] .online').length === 2);
  const first = await api(`/api/games/${game.id}`);
  check(first.carcassonne && first.carcassonne.count === 'castle' && first.carcassonne.quarters.length === 4, `a new game's city: ${JSON.stringify(first.carcassonne)}`);
  check(first.board.length === 12 && first.board.every((t) => /^count:/.test(t.tile)), 'a new game does not start with the twelve tiles of the city');
  for (const w of windows) await checkCity(w.page, first.carcassonne, 'at the start');
  const tally = { tiles: 0, inCity: [false, false], countMoved: false, countLeft: false, taken: false, none: false, inOrder: false, rounds: new Map(), steered: 0 };
  const done = () => tally.inCity.every(Boolean) && tally.countLeft && tally.taken && tally.none && tally.inOrder;
  let steered = false;
  while (!done() && tally.tiles < 60) {
    check(Date.now() - started < TOTAL_MS - 30_000, `the Count game is still running after ${tally.tiles} tiles; out of time`);
    const pending = (await api(`/api/games/${game.id}`)).pending;
    if (pending.decision === 'over') break;
    const seat = pending.seat;
    const view = await api(`/api/games/${game.id}?token=${game.tokens[seat]}`);
    const { page } = windows[seat];
    const other = windows[1 - seat].page;
    const pass = view.legal.find((a) => a.action === 'pass');
    if (pending.decision === 'place') {
      tally.tiles += 1;
      const { place, steer } = countPlacement(roads, view, tally);
      steered = steer;
      if (steer) {
        // The placement that completes a road: by clicks.
        await waitForDecision(page, view.version, 'place', `${view.seats[seat].name}'s window to place the tile`);
        await placeByClicks(page, place);
        tally.steered += 1;
      } else {
        await countAct(game, seat, place, view.version);
      }
    } else if (pending.decision === 'deploy') {
      // A thief on a road still open and free, keeping two followers for Carcassonne; nothing
      // after a placement that completes a road (a thief there would score for its owner).
      const { netOf } = roadNetworks(roads, view.board, view.figures);
      const thief = view.legal.find((a) => {
        if (a.action !== 'deploy' || a.figure !== 'follower' || a.x !== undefined || !/^road@/.test(a.feature)) return false;
        const net = netOf(pending.x, pending.y, a.feature.slice(5));
        return net && net.open > 0 && !net.figures.length;
      });
      const deploy = !steered && thief && view.seats[seat].supply.follower > 2;
      await countAct(game, seat, deploy ? thief : pass, view.version);
    } else if (pending.decision === 'carcassonne') {
      await countToQuarter(page, other, game, view, tally);
    } else if (pending.decision === 'count') {
      await countMove(page, other, game, view, tally);
    } else if (pending.decision === 'redeploy') {
      await countRedeploy(page, other, game, view, tally, roads);
    } else if (pending.decision === 'final-redeploy') {
      await countAct(game, seat, pass, view.version);
    } else {
      fail(`the Count game asks for an unexpected decision: ${pending.decision}`);
    }
  }
  log(
    `Count game ${game.id}: ${tally.tiles} tiles (${tally.steered} placed by clicks to complete a road); in Carcassonne ${tally.inCity}, count moved ${tally.countMoved} and left ${tally.countLeft}, redeployment taken ${tally.taken}, "None" ${tally.none}, both seats asked in order ${tally.inOrder}`,
  );
  return { ...tally, game, done: done() };
}

async function scenarioCount() {
  log('scenario 11 (desktop): The Count of Carcassonne in two windows, Carcassonne, the count and a redeployment by clicks');
  const ann = await openBrowser('count-ann', DESKTOP);
  const ben = await openBrowser('count-ben', DESKTOP);
  check((await checkLobbyOffers(ann.page, 'count', 'The Count of Carcassonne', /^count-/)) === 1, 'the lobby does not offer the variant count-moves');
  // The lobby's expansion and variant carry the API's descriptions.
  const options = await api('/api/options');
  const expansion = options.expansions.find((e) => e.id === 'count');
  const variant = options.variants.find((v) => v.id === 'count-moves');
  check((await ann.page.locator('[data-testid=expansion-count]').locator('xpath=..').getAttribute('title')) === expansion.description, 'the lobby does not describe The Count of Carcassonne');
  check((await ann.page.locator('[data-testid=variant-count-moves]').locator('xpath=..').getAttribute('title')) === variant.description, 'the lobby does not describe the variant count-moves');
  const choices = await ann.page.locator('[data-testid=variant-count-moves] option').allTextContents();
  check(variant.values.every((v) => choices.includes(variant.value_labels[v])), `the lobby's choices for count-moves: ${choices}`);
  const roads = designRoads(await (await fetch(`${BASE}/api/tiles`)).json().then((d) => d.tiles));
  // The server picks each game's deck: a game without every step in 60 tiles is followed by
  // another (three at most).
  let tally;
  for (let attempt = 1; ; attempt++) {
    tally = await playCountGame(ann, ben, roads);
    if (tally.done) break;
    check(attempt < 3, 'three games of The Count of Carcassonne without every decision by clicks');
    log('that game did not reach every decision in time: another game');
  }
  for (const w of [ann, ben]) {
    const texts = await checkNoNotation(w.page, '[data-testid=event], [data-testid=action-panel], [data-testid=players], [data-testid=turn]');
    log(`${w.name}: ${texts} texts checked`);
  }
  passed += 1;
}

// ---- scenario 12: the official variations -----------------------------------------------------

/** The yes-or-no official variations the game of scenario 12 is created with. */
const VARIATIONS = ['fewer-followers', 'follower-unpunctuality', 'cloisters-for-everyone'];

/**
 * The lobby's variants in their groups: every variant of the API in the group the API names
 * (rule differences, official variations, house rules, each under its heading), an official
 * variation's author after its label; on a phone the groups do not make the lobby scroll
 * sideways.
 */
async function checkVariantGroups(page) {
  const options = await api('/api/options');
  await page.goto(`${BASE}/`);
  await page.locator('[data-testid=create-form]').waitFor();
  const titles = { 'rule-difference': 'Rule differences between editions', variation: 'Official variations', 'house-rule': 'House rules' };
  for (const [group, title] of Object.entries(titles)) {
    const heading = page.locator(`[data-testid=variant-group-${group}] h3`);
    check((await heading.count()) === 1, `the lobby has no group of variants "${title}"`);
    check((await heading.textContent()) === title, `the lobby's group ${group} is headed "${await heading.textContent()}"`);
  }
  for (const v of options.variants) {
    const group = v.group || 'rule-difference';
    check(group in titles, `the API puts the variant ${v.id} in an unknown group ${group}`);
    const input = page.locator(`[data-testid=variant-group-${group}] [data-testid=variant-${v.id}]`);
    check((await input.count()) === 1, `the variant ${v.id} is not in the lobby's group ${group}`);
    const label = await input.locator('xpath=..').textContent();
    if (v.author) check(label.includes(`by ${v.author}`), `the lobby's variant ${v.id} reads "${label}", without its author ${v.author}`);
    check((await input.locator('xpath=..').locator('[data-testid=variant-author]').count()) === (v.author ? 1 : 0), `the lobby's variant ${v.id} names an author the API does not`);
  }
  // The groups after the first fold away, and count what they offer.
  for (const group of ['variation', 'house-rule']) {
    const box = page.locator(`[data-testid=variant-group-${group}]`);
    check((await box.evaluate((e) => e.tagName)) === 'DETAILS' && !(await box.evaluate((e) => e.open)), `the lobby's ${group} group is not folded`);
    check(/\d+ to choose from/.test(await page.textContent(`[data-testid=variant-count-${group}]`)), `the ${group} group does not count its options`);
    await box.locator('summary').click();
  }
  const authors = { 'fewer-followers': 'Holger Peine', 'follower-unpunctuality': 'Bernd Eisenstein', 'cloisters-for-everyone': 'Bernd Eisenstein' };
  for (const [id, author] of Object.entries(authors)) {
    const v = options.variants.find((x) => x.id === id);
    check(v && v.type === 'bool' && v.group === 'variation' && v.author === author, `the API's variant ${id}: ${JSON.stringify(v)}`);
  }
  await page.setViewportSize(PHONE.viewport);
  await checkNoSidewaysScroll(page, 'the lobby\'s variant groups on a phone');
  for (const id of Object.keys(authors)) {
    const author = `[data-testid=variant-${id}] + span [data-testid=variant-author]`;
    await page.locator(author).scrollIntoViewIfNeeded();
    await checkInView(page, author, `the author of ${id} on a phone`);
  }
  await page.setViewportSize(DESKTOP.viewport);
  log(`lobby: ${options.variants.length} variants in their groups, the authors of the official variations named`);
}

/**
 * Every deployment of the deploy decision `view` under "Follower unpunctuality": no follower may
 * go on the tile just placed, and the board must mark every place of an earlier tile the API
 * offers (and nothing on the new tile), the panel list them. Returns those deployments.
 */
async function checkUnpunctual(page, view) {
  const { x, y } = view.pending;
  const deploys = view.legal.filter((a) => a.action === 'deploy');
  const onNew = deploys.filter((a) => !Number.isInteger(a.x) || (a.x === x && a.y === y));
  check(!onNew.length, `a figure may be deployed on the tile just placed at (${x}, ${y}): ${JSON.stringify(onNew)}`);
  const earlier = deploys.filter((a) => Number.isInteger(a.x));
  check(earlier.every((a) => /^onto an earlier tile/.test(a.label)), `an earlier tile's deployment is labelled otherwise: ${earlier.map((a) => a.label).join('; ')}`);
  const places = new Set(earlier.map((a) => `${a.x},${a.y},${a.feature}`));
  const markers = await page.evaluate(() =>
    [...document.querySelectorAll('svg.board [data-marker]')].map((m) => ({ testid: m.dataset.testid, x: Number(m.dataset.x), y: Number(m.dataset.y), feature: m.dataset.feature })),
  );
  check(!markers.some((m) => m.x === x && m.y === y), `a marker stands on the tile just placed at (${x}, ${y}): ${JSON.stringify(markers.filter((m) => m.x === x && m.y === y))}`);
  const marked = markers.filter((m) => m.testid === 'earlier-marker');
  check(marked.length === markers.length && marked.length === places.size, `${places.size} places on earlier tiles, ${marked.length} of ${markers.length} markers for them`);
  check(marked.every((m) => places.has(`${m.x},${m.y},${m.feature}`)), 'a marker stands where the API offers no deployment');
  if (places.size) {
    const summary = await page.textContent('[data-testid=gate-summary]');
    check(summary === `Onto an earlier tile: ${places.size} place${places.size === 1 ? '' : 's'}`, `the panel's list of earlier tiles is headed "${summary}"`);
    check((await page.locator('[data-testid=earlier-choice]').count()) === places.size, `the panel does not list the ${places.size} places on earlier tiles`);
  }
  return earlier;
}

/**
 * The cloister held since the start placed instead of a draw, by clicks: the held-tile panel
 * (its picture, "Place your cloister" and "Draw a tile"; an arrow key picks a choice, Esc drops
 * it), confirmed; then the tile placed like a drawn one. The API must have the tile on the
 * board and the seat no longer holding it, and the players panel too.
 */
async function placeHeldCloister(page, id, token, view, turn) {
  const tile = view.pending.tile;
  check(typeof tile === 'string' && tile === view.seats[0].held_tile, `the held-tile decision offers ${tile}, the seat holds ${view.seats[0].held_tile}`);
  await page.locator('[data-testid=held-tile-choice]').waitFor();
  check((await page.locator('[data-testid=action-panel] .panel-title .held-thumb').count()) === 1, 'the held-tile panel shows no picture of the cloister');
  check(/Place your cloister/.test(await page.textContent('[data-testid=held-tile-choice]')), 'the held-tile panel offers no "Place your cloister"');
  check(/Draw a tile/.test(await page.textContent('[data-testid=pass]')), 'the held-tile panel offers no "Draw a tile"');
  check(!(await page.locator('[data-testid=confirm]').isEnabled()), 'the confirm button is enabled before a choice');
  await page.keyboard.press('ArrowRight');
  await page.locator('[data-testid=held-tile-choice][aria-pressed=true]').waitFor();
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=held-tile-choice][aria-pressed=false]').waitFor();
  await press(page, '[data-testid=held-tile-choice]');
  check(/Place your cloister/.test(await page.textContent('[data-testid=confirm]')), 'the confirm button does not say "Place your cloister"');
  await confirm(page, 'placing the held cloister instead of drawing a tile');
  const next = await waitForTurn(page, 'the placement of the held cloister');
  check(next === 'place', `after "Place your cloister" the page asks to ${next}`);
  const drawn = await page.getAttribute('[data-testid=drawn-tile]', 'data-tile');
  check(drawn === tile, `the tile to place is ${drawn}, not the held cloister ${tile}`);
  await page.locator('[data-testid=held-tile-badge]').waitFor();
  const mid = await api(`/api/games/${id}?token=${token}`);
  check(mid.pending.decision === 'place' && mid.pending.tile === tile, `after the held-tile action the API asks ${JSON.stringify(mid.pending)}`);
  check(mid.seats[0].held_tile === undefined, `the API has the seat still holding ${mid.seats[0].held_tile}`);
  check(mid.events.some((e) => e.type === 'held-tile-played' && e.seat === 0 && e.tile === tile), 'the API has no held-tile-played event');
  // The players panel: the item gone for this seat, still there for the seats that hold theirs.
  const holding = mid.seats.map((s) => typeof s.held_tile === 'string');
  await waitFor(
    page,
    'the held cloister gone from the players panel',
    (holding) =>
      holding.every((held, seat) => !!document.querySelector(`[data-testid=player][data-seat="${seat}"] [data-testid=supply-held-tile]`) === held) &&
      !!document.querySelector('[data-testid=event][data-type=held-tile-played]'),
    holding,
  );
  const at = await placeTile(page, turn);
  const now = await api(`/api/games/${id}`);
  const placed = now.board.find((t) => t.x === at.x && t.y === at.y);
  check(placed && placed.tile === tile, `the API has ${JSON.stringify(placed)} at (${at.x}, ${at.y}), not the held cloister`);
  log(`Ann placed her own cloister at (${at.x}, ${at.y}) instead of drawing`);
  return at;
}

/**
 * A follower onto an earlier tile by its marker (a farm where one is offered: it stays there),
 * confirmed; the API must have it on that tile, none of the seat's on the tile just placed, and
 * the board must show it.
 */
async function deployOntoEarlierTile(page, id, view, earlier) {
  const followers = earlier.filter((a) => a.figure === 'follower');
  const a = followers.find((x) => x.feature.startsWith('field')) || followers[0];
  const { x, y } = view.pending;
  const marker = `[data-testid=earlier-marker][data-x="${a.x}"][data-y="${a.y}"][data-feature="${a.feature}"]`;
  await pressMarker(page, marker);
  if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice][data-figure=follower]');
  await page.locator(`svg.board ${marker}[aria-pressed=true]`).waitFor();
  check(/earlier tile/.test(await page.textContent('[data-testid=chosen]')), 'the chosen place on an earlier tile is not named');
  await screenshot(page, 'web-variations.png');
  await confirm(page, `a follower onto ${a.feature} of the earlier tile at (${a.x}, ${a.y})`);
  const now = await api(`/api/games/${id}`);
  const deployed = (await newEvents(id, view.events.length)).find((e) => e.type === 'figure-deployed' && e.seat === 0);
  check(deployed && deployed.x === a.x && deployed.y === a.y && deployed.figure === 'follower', `the API deployed ${JSON.stringify(deployed)}, not a follower at (${a.x}, ${a.y})`);
  check(!now.figures.some((f) => f.seat === 0 && f.x === x && f.y === y), `the API has a figure of Ann's on the tile just placed at (${x}, ${y})`);
  const there = now.figures.some((f) => f.seat === 0 && f.figure === 'follower' && f.x === a.x && f.y === a.y && f.feature === a.feature);
  const returned = (await newEvents(id, view.events.length)).some((e) => e.type === 'figure-returned' && e.seat === 0 && e.x === a.x && e.y === a.y);
  check(there || returned, `the API has no follower of Ann's on ${a.feature} at (${a.x}, ${a.y})`);
  if (there) {
    await page.locator(`svg.board [data-testid=figure][data-figure=follower][data-seat="0"][data-x="${a.x}"][data-y="${a.y}"][data-feature="${a.feature}"]`).waitFor({ state: 'attached' });
  }
  log(`Ann deployed a follower onto an earlier tile: ${a.label}`);
  return a;
}

async function scenarioVariations() {
  log('scenario 12 (desktop): the official variations, fewer followers, follower unpunctuality and cloisters for everyone, against two greedy bots');
  const { page } = await openBrowser('variations', DESKTOP);
  await checkVariantGroups(page);
  const { id, play } = await createGame(page, ['human', 'greedy', 'greedy'], ['Ann', 'Greedy 1', 'Greedy 2'], [], { variants: VARIATIONS });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  log(`created game ${id}`);
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  let decision = await waitForTurn(page, 'Ann\'s first decision');
  const start = await api(`/api/games/${id}?token=${token}`);
  for (const v of VARIATIONS) check(start.rules.variants[v] === true, `the game's rules have ${v} = ${start.rules.variants[v]}`);
  // Fewer followers: 6 each with three players; every seat holds a cloister.
  for (const seat of start.seats) {
    check(seat.supply.follower === 6, `${seat.name} has ${seat.supply.follower} followers, not 6`);
    check(typeof seat.held_tile === 'string' && seat.held_tile, `${seat.name} holds no cloister: ${seat.held_tile}`);
  }
  await waitFor(
    page,
    'six followers and a cloister in each seat\'s supply',
    (n) => {
      const rows = [...document.querySelectorAll('[data-testid=player]')];
      return (
        rows.length === n &&
        rows.every((r) => (r.querySelector('[data-testid=supply-follower]')?.textContent || '').replace(/\D/g, '') === '6') &&
        rows.every((r) => r.querySelector('[data-testid=supply-held-tile]')?.getAttribute('title') === 'Holds a cloister to place instead of drawing')
      );
    },
    start.seats.length,
  );
  check(decision === 'held-tile' && start.pending.decision === 'held-tile' && start.pending.seat === 0, `Ann's first decision: the page asks to ${decision}, the API ${JSON.stringify(start.pending)}`);

  const tally = { turns: 0, drawn: false, cloister: null, earlier: null, deploys: 0 };
  while (!tally.earlier) {
    check(tally.turns < 30 && Date.now() - started < TOTAL_MS - 30_000, `no follower onto an earlier tile after ${tally.turns} turns`);
    if (decision === 'over') fail('the game ended before a follower went onto an earlier tile');
    const view = await api(`/api/games/${id}?token=${token}`);
    check(view.pending.decision === decision && view.pending.seat === 0, `the page asks to ${decision}, the API ${JSON.stringify(view.pending)}`);
    if (decision === 'held-tile' && !tally.drawn) {
      // The first time: "Draw a tile" by the keyboard (P, Enter); the cloister stays in hand.
      await page.keyboard.press('p');
      await page.locator('[data-testid=pass][aria-pressed=true]').waitFor();
      check(/Draw a tile/.test(await page.textContent('[data-testid=confirm]')), 'the confirm button does not say "Draw a tile"');
      await page.keyboard.press('Enter');
      await waitForVersionAbove(page, view.version, 'drawing a tile instead of placing the cloister');
      const now = await api(`/api/games/${id}?token=${token}`);
      check(now.pending.decision === 'place' && now.seats[0].held_tile === view.seats[0].held_tile, `after "Draw a tile": ${JSON.stringify(now.pending)}, holding ${now.seats[0].held_tile}`);
      tally.drawn = true;
    } else if (decision === 'held-tile') {
      tally.turns += 1;
      tally.cloister = await placeHeldCloister(page, id, token, view, tally.turns);
    } else if (decision === 'place') {
      tally.turns += 1;
      await placeTile(page, tally.turns);
    } else if (decision === 'deploy') {
      const earlier = await checkUnpunctual(page, view);
      tally.deploys += 1;
      if (tally.cloister && earlier.some((a) => a.figure === 'follower')) {
        tally.earlier = await deployOntoEarlierTile(page, id, view, earlier);
        break;
      }
      await passByClick(page, 'passing');
    } else {
      fail(`the game asks for an unexpected decision: ${decision}`);
    }
    decision = await waitForTurn(page, `Ann's decision after ${tally.turns} tiles`);
  }
  log(`game ${id}: ${tally.turns} tiles, ${tally.deploys} deploy decisions checked for unpunctuality`);
  const texts = await checkNoNotation(page, '[data-testid=event], [data-testid=action-panel], [data-testid=players], [data-testid=turn]');
  log(`${texts} texts checked`);
  passed += 1;
}

// ---- scenario 13: choosing the tile to place (tiles in hand, collective planning) -------------

/** The variations that let a player choose the tile to place. */
const HAND_VARIATIONS = ['tiles-in-hand', 'battle-for-cloisters', 'collective-planning', 'architects'];

/** The catalog ids a container of the page shows (`data-tile`), in order. */
function tilesShown(page, selector) {
  return page.evaluate((sel) => [...document.querySelectorAll(sel)].map((e) => e.dataset.tile), selector);
}

const sorted = (list) => [...list].sort();
const sameTiles = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));

/** The lobby offers the variations of choosing tiles among the official ones, `tiles-in-hand` as a choice of one, two or three. */
async function checkHandVariants(page) {
  const options = await api('/api/options');
  await page.goto(`${BASE}/`);
  await page.locator('[data-testid=create-form]').waitFor();
  for (const id of HAND_VARIATIONS) {
    const v = options.variants.find((x) => x.id === id);
    check(v && v.group === 'variation', `the API's variant ${id}: ${JSON.stringify(v)}`);
    const input = page.locator(`[data-testid=variant-group-variation] [data-testid=variant-${id}]`);
    check((await input.count()) === 1, `the lobby's official variations lack ${id}`);
    const tag = await input.evaluate((e) => e.tagName);
    check(tag === (v.type === 'choice' ? 'SELECT' : 'INPUT'), `the lobby's ${id} is a ${tag}`);
  }
  const values = await page.locator('[data-testid=variant-tiles-in-hand] option').evaluateAll((os) => os.map((o) => o.value));
  check(JSON.stringify(values) === JSON.stringify(['one', 'two', 'three']), `the lobby's tiles-in-hand offers ${values}`);
  check((await page.inputValue('[data-testid=variant-tiles-in-hand]')) === 'one', 'the lobby does not start with one tile in hand');
}

/**
 * The page shows the hand the API gives the human seat (and no other): "Your hand" with exactly
 * those tiles, each seat's count of tiles held in the players panel, the choices of the action
 * panel all from that hand.
 */
async function checkHand(page, view, what) {
  const hand = view.seats[0].hand;
  check(Array.isArray(hand), `${what}: the API gives the human seat no hand`);
  check(view.seats.slice(1).every((s) => s.hand === undefined), `${what}: the human's view holds another seat's hand: ${JSON.stringify(view.seats.map((s) => s.hand))}`);
  check(view.seats.every((s) => Number.isInteger(s.hand_size)), `${what}: a seat without hand_size`);
  check(hand.length === view.seats[0].hand_size, `${what}: a hand of ${hand.length} tiles, hand_size ${view.seats[0].hand_size}`);
  await waitFor(
    page,
    `${what}: "Your hand" with the API's ${hand.length} tiles and each seat's count`,
    ({ hand, sizes }) => {
      const panel = document.querySelector('[data-testid=your-hand]');
      if (!panel || panel.hidden || !/^Your hand/.test(panel.querySelector('.panel-title')?.textContent || '')) return false;
      const shown = [...panel.querySelectorAll('[data-tile]')].map((e) => e.dataset.tile);
      if (JSON.stringify(shown) !== JSON.stringify(hand)) return false;
      return sizes.every((n, seat) => {
        const item = document.querySelector(`[data-testid=player][data-seat="${seat}"] [data-testid=supply-hand]`);
        return item && item.getAttribute('title') === `Holds ${n} tile${n === 1 ? '' : 's'} in hand` && item.textContent === `×${n}`;
      });
    },
    { hand, sizes: view.seats.map((s) => s.hand_size) },
  );
  // Nothing else on the page shows a held tile: one hand panel, and the choices only from it.
  check((await page.locator('[data-testid=your-hand]').count()) === 1, `${what}: more than one hand shown`);
  const choices = await tilesShown(page, '[data-testid=hand-tile]');
  check(choices.length <= hand.length && choices.every((t) => hand.includes(t)), `${what}: the panel offers ${choices}, the hand is ${hand}`);
}

/**
 * One turn from the hand by clicks: the panel offers each tile of the API's choices (pictures
 * of the hand's tiles), one is clicked and confirmed; the tile to place is that one ("From the
 * hand", the hand one tile shorter in the API and on the page); placed on a highlighted spot;
 * then a follower or a pass. Returns the tile.
 */
async function playFromHand(page, id, token, turn) {
  const view = await api(`/api/games/${id}?token=${token}`);
  check(view.pending.decision === 'choose-tile' && view.pending.seat === 0 && view.pending.from === 'hand', `turn ${turn}: the API asks ${JSON.stringify(view.pending)}`);
  await checkHand(page, view, `turn ${turn}`);
  const offered = view.legal.filter((a) => a.action === 'choose-tile').map((a) => a.tile);
  check(offered.length > 0 && offered.every((t) => view.seats[0].hand.includes(t)), `turn ${turn}: the API offers ${offered} from the hand ${view.seats[0].hand}`);
  await page.locator('[data-testid=hand-tile]').first().waitFor();
  const buttons = await tilesShown(page, '[data-testid=hand-tile]');
  check(sameTiles(buttons, offered), `turn ${turn}: the panel offers ${buttons}, the API ${offered}`);
  check((await page.locator('[data-testid=hand-tile] svg.tile-thumb').count()) === buttons.length, `turn ${turn}: a choice without the tile's picture`);
  check(!(await page.locator('[data-testid=pass]').count()), `turn ${turn}: a hand offers to draw from the pile`);
  check(!(await page.locator('[data-testid=confirm]').isEnabled()), `turn ${turn}: the confirm button is enabled before a choice`);
  if (turn === 1) {
    // The keyboard: an arrow picks the first tile, Esc drops it.
    await page.keyboard.press('ArrowRight');
    await page.locator(`[data-testid=hand-tile][data-tile="${buttons[0]}"][aria-pressed=true]`).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('[data-testid=hand-tile][aria-pressed=true]').waitFor({ state: 'detached' });
  }
  const tile = buttons[(turn * 5) % buttons.length];
  await press(page, `[data-testid=hand-tile][data-tile="${tile}"]`);
  await page.locator(`[data-testid=hand-tile][data-tile="${tile}"][aria-pressed=true]`).waitFor();
  check(/Take this tile/.test(await page.textContent('[data-testid=confirm]')), 'the confirm button does not say "Take this tile"');
  await confirm(page, `taking ${tile} from the hand`);
  const next = await waitForTurn(page, `the placement of the tile from the hand (turn ${turn})`);
  check(next === 'place', `turn ${turn}: after choosing a tile the page asks to ${next}`);
  check((await page.getAttribute('[data-testid=drawn-tile]', 'data-tile')) === tile, `turn ${turn}: the tile to place is not ${tile}`);
  check((await page.textContent('[data-testid=chosen-tile-badge]')) === 'From the hand', `turn ${turn}: no "From the hand" badge`);
  const mid = await api(`/api/games/${id}?token=${token}`);
  check(mid.pending.decision === 'place' && mid.pending.tile === tile, `turn ${turn}: after the choice the API asks ${JSON.stringify(mid.pending)}`);
  check(mid.seats[0].hand_size === view.seats[0].hand_size - 1, `turn ${turn}: the hand holds ${mid.seats[0].hand_size} tiles while one is placed`);
  check(mid.events.some((e) => e.type === 'tile-chosen' && e.seat === 0 && e.tile === tile && e.face_up === false), `turn ${turn}: the API has no tile-chosen event`);
  await checkHand(page, mid, `turn ${turn}, placing`);
  await page.locator('[data-testid=event][data-type=tile-chosen]').first().waitFor();
  if (turn === 2) await screenshot(page, 'web-hands.png');
  const at = await placeTile(page, turn);
  const placed = (await api(`/api/games/${id}`)).board.find((t) => t.x === at.x && t.y === at.y);
  check(placed && placed.tile === tile, `turn ${turn}: the API has ${JSON.stringify(placed)} at (${at.x}, ${at.y}), not ${tile}`);
  const decision = await waitForTurn(page, `the figure decision of turn ${turn}`);
  if (decision === 'deploy') await deployOrPass(page, turn, turn === 1);
  log(`turn ${turn}: Ann took ${tile} from her hand of ${view.seats[0].hand.length} and placed it at (${at.x}, ${at.y})`);
  return tile;
}

/**
 * One turn of collective planning: the face-up row as the API has it, for everyone; a face-up
 * tile taken (`take`) or "Draw from the pile", confirmed, placed, a pass.
 */
async function playFromRow(page, id, token, turn, take) {
  const view = await api(`/api/games/${id}?token=${token}`);
  const row = view.tile_row;
  check(view.pending.decision === 'choose-tile' && view.pending.from === 'row', `row turn ${turn}: the API asks ${JSON.stringify(view.pending)}`);
  check(Array.isArray(row) && row.length === 3, `row turn ${turn}: the API's row is ${JSON.stringify(row)}`);
  check(view.seats.every((s) => s.hand === undefined && s.hand_size === undefined), 'collective planning gives a seat a hand');
  await waitFor(
    page,
    `the face-up row ${row}`,
    (row) => {
      const panel = document.querySelector('[data-testid=tile-row]');
      return panel && !panel.hidden && JSON.stringify([...panel.querySelectorAll('[data-tile]')].map((e) => e.dataset.tile)) === JSON.stringify(row);
    },
    row,
  );
  check(await page.locator('[data-testid=your-hand]').isHidden(), 'collective planning shows a hand');
  check(!(await page.locator('[data-testid=supply-hand]').count()), 'collective planning counts tiles in hand');
  const offered = view.legal.filter((a) => a.action === 'choose-tile').map((a) => a.tile);
  const buttons = await tilesShown(page, '[data-testid=hand-tile]');
  check(sameTiles(buttons, offered) && buttons.every((t) => row.includes(t)), `row turn ${turn}: the panel offers ${buttons}, the API ${offered}`);
  check(/Draw from the pile/.test(await page.textContent('[data-testid=pass]')), 'the row offers no "Draw from the pile"');
  let tile;
  if (take) {
    tile = buttons[turn % buttons.length];
    await press(page, `[data-testid=hand-tile][data-tile="${tile}"]`);
    await confirm(page, `taking ${tile} from the face-up row`);
  } else {
    await press(page, '[data-testid=pass]');
    await page.locator('[data-testid=pass][aria-pressed=true]').waitFor();
    check(/Draw from the pile/.test(await page.textContent('[data-testid=confirm]')), 'the confirm button does not say "Draw from the pile"');
    await confirm(page, 'drawing from the pile instead of the row');
  }
  check((await waitForTurn(page, `the placement of row turn ${turn}`)) === 'place', `row turn ${turn}: no placement after the choice`);
  const mid = await api(`/api/games/${id}?token=${token}`);
  if (take) {
    check(mid.pending.tile === tile, `row turn ${turn}: the API has ${mid.pending.tile} to place, not ${tile}`);
    check((await page.textContent('[data-testid=chosen-tile-badge]')) === 'From the face-up row', `row turn ${turn}: no "From the face-up row" badge`);
    check(mid.events.some((e) => e.type === 'tile-chosen' && e.seat === 0 && e.tile === tile && e.face_up === true), `row turn ${turn}: the API has no face-up tile-chosen event`);
  } else {
    tile = mid.pending.tile;
    check(JSON.stringify(mid.tile_row) === JSON.stringify(row), `row turn ${turn}: drawing from the pile changed the row from ${row} to ${mid.tile_row}`);
    check(!(await page.locator('[data-testid=chosen-tile-badge]').count()), `row turn ${turn}: a tile drawn from the pile is badged as chosen`);
    check(mid.events.some((e) => e.type === 'tile-drawn' && e.seat === 0 && e.tile === tile), `row turn ${turn}: the API has no tile-drawn event`);
  }
  check((await page.getAttribute('[data-testid=drawn-tile]', 'data-tile')) === tile, `row turn ${turn}: the page does not show ${tile} to place`);
  const at = await placeTile(page, turn);
  const placed = (await api(`/api/games/${id}`)).board.find((t) => t.x === at.x && t.y === at.y);
  check(placed && placed.tile === tile, `row turn ${turn}: the API has ${JSON.stringify(placed)} at (${at.x}, ${at.y}), not ${tile}`);
  if ((await waitForTurn(page, `the figure decision of row turn ${turn}`)) === 'deploy') await deployOrPass(page, turn, false);
  log(`row turn ${turn}: Ann ${take ? 'took the face-up' : 'drew'} ${tile} and placed it at (${at.x}, ${at.y})`);
  return tile;
}

async function scenarioHands() {
  log('scenario 13 (desktop): choosing the tile to place, three tiles in hand and collective planning, against greedy');
  const { page } = await openBrowser('hands', DESKTOP);
  await checkHandVariants(page);
  const { id, play } = await createGame(page, ['human', 'greedy'], ['Ann', 'Greedy'], [], { choices: { 'tiles-in-hand': 'three' } });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  log(`created game ${id} with three tiles in hand`);
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  check((await waitForTurn(page, 'Ann\'s first decision')) === 'choose-tile', 'Ann\'s first decision is not the choice of a tile');
  const start = await api(`/api/games/${id}?token=${token}`);
  check(start.rules.variants['tiles-in-hand'] === 'three', `the game's rules have tiles-in-hand = ${start.rules.variants['tiles-in-hand']}`);
  check(start.seats.every((s) => s.hand_size === 3), `the seats hold ${start.seats.map((s) => s.hand_size)} tiles, not 3 each`);
  check(start.seats[0].hand.length === 3 && start.seats[1].hand === undefined, `Ann's view has the hands ${JSON.stringify(start.seats.map((s) => s.hand))}`);
  const dealt = start.events.filter((e) => e.type === 'tile-to-hand').length;
  await page.locator(`[data-testid=event][data-type=tile-to-hand][data-count="${dealt}"]`).waitFor();

  // A spectator (the watch link, in another tab) sees whom the game waits for and how many tiles
  // each seat holds, and no hand.
  const watcher = await page.context().newPage();
  watcher.on('pageerror', (err) => pageErrors.push(`hands watcher: ${err.message}`));
  await watcher.goto(`${BASE}/play/${id}`);
  const deciding = await watcher.locator('[data-testid=deciding]').textContent();
  check(deciding === 'Ann is choosing a tile from their hand…', `the spectator's panel says "${deciding}"`);
  check((await watcher.locator('[data-testid=supply-hand]').count()) === 2, 'the spectator does not see each seat\'s count of tiles held');
  check((await tilesShown(watcher, '[data-testid=your-hand] [data-tile], [data-testid=hand-tile]')).length === 0, 'the spectator sees tiles of a hand');
  const spectator = await api(`/api/games/${id}`);
  check(spectator.seats.every((s) => s.hand === undefined && s.hand_size === 3), 'the spectator\'s view holds a hand');
  await watcher.close();

  for (let turn = 1; turn <= 2; turn++) {
    await playFromHand(page, id, token, turn);
    check((await waitForTurn(page, `Ann's turn after turn ${turn}`)) === 'choose-tile', `after turn ${turn} Ann is not asked to choose a tile`);
    const after = await api(`/api/games/${id}?token=${token}`);
    check(after.seats.every((s) => s.hand_size === 3), `after turn ${turn} the seats hold ${after.seats.map((s) => s.hand_size)} tiles`);
    check(after.events.some((e) => e.type === 'tile-chosen' && e.seat === 1), `after turn ${turn} the bot chose no tile`);
    await checkHand(page, after, `after turn ${turn}`);
  }
  const texts = await checkNoNotation(page, '[data-testid=event], [data-testid=action-panel], [data-testid=players], [data-testid=turn], [data-testid=your-hand]');

  // Collective planning: three face-up tiles, or the pile.
  const planning = await createGame(page, ['human', 'greedy'], ['Ann', 'Greedy'], [], { variants: ['collective-planning'] });
  const planningToken = /#token=([0-9a-f]+)/.exec(planning.play)[1];
  log(`created game ${planning.id} with collective planning`);
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  check((await waitForTurn(page, 'Ann\'s first decision')) === 'choose-tile', 'Ann\'s first decision is not the face-up row');
  await playFromRow(page, planning.id, planningToken, 1, true);
  check((await waitForTurn(page, 'Ann\'s second turn')) === 'choose-tile', 'Ann\'s second decision is not the face-up row');
  const later = await api(`/api/games/${planning.id}`);
  check(later.tile_row.length === 3 && later.events.some((e) => e.type === 'tile-face-up' && e.action !== null), `the row was not refilled: ${JSON.stringify(later.tile_row)}`);
  await playFromRow(page, planning.id, planningToken, 2, false);
  const rowTexts = await checkNoNotation(page, '[data-testid=event], [data-testid=action-panel], [data-testid=players], [data-testid=turn], [data-testid=tile-row]');
  const houseTexts = await playHouseHand(page);
  log(`${texts + rowTexts + houseTexts} texts checked`);
  passed += 1;
}

/**
 * The house rule "a three-tile hand", visible to all (the lobby's house rules): every view has
 * every seat's hand, which the players panel shows beside its count to Ann and to a spectator;
 * a tile taken by clicks leaves two in hand while it is placed, and the hand is three again when
 * the turn has passed on. Returns the texts checked.
 */
async function playHouseHand(page) {
  const options = await api('/api/options');
  const v = options.variants.find((x) => x.id === 'three-tile-hand');
  check(v && v.group === 'house-rule' && v.author === 'DavidP and youtch', `the API's three-tile-hand: ${JSON.stringify(v)}`);
  const house = await createGame(page, ['human', 'greedy'], ['Ann', 'Greedy'], [], { choices: { 'three-tile-hand': 'visible' } });
  const token = /#token=([0-9a-f]+)/.exec(house.play)[1];
  log(`created game ${house.id} with a three-tile hand visible to all`);
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  check((await waitForTurn(page, 'Ann\'s first decision')) === 'choose-tile', 'Ann\'s first decision is not the choice from her hand');
  const view = await api(`/api/games/${house.id}?token=${token}`);
  const spectator = await api(`/api/games/${house.id}`);
  for (const [who, seen] of [['Ann', view], ['the spectator', spectator]]) {
    check(seen.seats.every((s) => Array.isArray(s.hand) && s.hand.length === 3 && s.hand_size === 3), `${who}'s view has the hands ${JSON.stringify(seen.seats.map((s) => s.hand))}`);
  }
  // The greedy bot's hand in pictures beside its count, for Ann and for the spectator.
  const botHand = view.seats[1].hand;
  const openHand = (p) => tilesShown(p, '[data-testid=player][data-seat="1"] [data-testid=open-hand] [data-tile]');
  await waitFor(page, 'the bot\'s open hand in the players panel', () => document.querySelectorAll('[data-testid=player][data-seat="1"] [data-testid=open-hand] [data-tile]').length === 3);
  check(sameTiles(await openHand(page), botHand), `Ann sees the bot's hand as ${await openHand(page)}, the API ${botHand}`);
  const watcher = await page.context().newPage();
  watcher.on('pageerror', (err) => pageErrors.push(`house hand watcher: ${err.message}`));
  await watcher.goto(`${BASE}/play/${house.id}`);
  await watcher.locator('[data-testid=player][data-seat="0"] [data-testid=open-hand]').waitFor();
  check(sameTiles(await tilesShown(watcher, '[data-testid=player][data-seat="0"] [data-testid=open-hand] [data-tile]'), view.seats[0].hand), 'the spectator does not see Ann\'s hand');
  await watcher.close();
  const note = await page.textContent('[data-testid=your-hand]');
  check(note.includes('Everyone sees your hand') && note.includes('draw back up to three'), `"Your hand" says "${note}"`);
  // A turn by clicks: the hand stays at two until the turn passes on.
  const tile = view.legal.find((a) => a.action === 'choose-tile').tile;
  await press(page, `[data-testid=hand-tile][data-tile="${tile}"]`);
  await confirm(page, `taking ${tile} from the three-tile hand`);
  check((await waitForTurn(page, 'the placement of the tile from the three-tile hand')) === 'place', 'no placement after the choice from the three-tile hand');
  const mid = await api(`/api/games/${house.id}`);
  check(mid.seats[0].hand_size === 2 && mid.seats[0].hand.length === 2, `while the tile is placed Ann holds ${mid.seats[0].hand_size} tiles`);
  await placeTile(page, 1);
  if ((await waitForTurn(page, 'the figure decision of the three-tile hand\'s turn')) === 'deploy') {
    check((await api(`/api/games/${house.id}`)).seats[0].hand_size === 2, 'the hand was refilled before the turn passed on');
    await deployOrPass(page, 1, false);
  }
  check((await waitForTurn(page, 'Ann\'s next turn with the three-tile hand')) === 'choose-tile', 'Ann is not asked to choose from her hand again');
  const after = await api(`/api/games/${house.id}`);
  check(after.seats.every((s) => s.hand_size === 3), `after the turn the seats hold ${after.seats.map((s) => s.hand_size)} tiles`);
  return checkNoNotation(page, '[data-testid=event], [data-testid=action-panel], [data-testid=players], [data-testid=turn], [data-testid=your-hand]');
}

// ---- scenario 14: only one can choose (the round's tiles handed out) ---------------------------

/** The players panel counts `sizes[seat]` tiles held for each seat. */
function handCounts(page, what, sizes) {
  return waitFor(
    page,
    `${what}: the players panel counting ${sizes} tiles held`,
    (sizes) =>
      sizes.every((n, seat) => {
        const item = document.querySelector(`[data-testid=player][data-seat="${seat}"] [data-testid=supply-hand]`);
        return item && item.getAttribute('title') === `Holds ${n} tile${n === 1 ? '' : 's'} in hand` && item.textContent === `×${n}`;
      }),
    sizes,
  );
}

/** The log shows an entry of type `type` whose text is `text`. */
function logShows(page, what, type, text) {
  return waitFor(
    page,
    `${what}: the log line "${text}"`,
    ({ type, text }) => [...document.querySelectorAll(`[data-testid=event][data-type=${type}]`)].some((e) => e.textContent === text),
    { type, text },
  );
}

async function scenarioHandOut() {
  log('scenario 14 (desktop): only one can choose, the tiles handed out face down, against greedy');
  const { page } = await openBrowser('hand-out', DESKTOP);
  // The lobby offers the variation among the official ones, a choice of off, face-down, face-up.
  const options = await api('/api/options');
  const variant = options.variants.find((v) => v.id === 'only-one-can-choose');
  check(variant && variant.group === 'variation' && variant.type === 'choice', `the API's variant only-one-can-choose: ${JSON.stringify(variant)}`);
  await page.goto(`${BASE}/`);
  await page.locator('[data-testid=create-form]').waitFor();
  const select = page.locator('[data-testid=variant-group-variation] select[data-testid=variant-only-one-can-choose]');
  check((await select.count()) === 1, 'the lobby\'s official variations have no select for only-one-can-choose');
  const values = await select.locator('option').evaluateAll((os) => os.map((o) => o.value));
  check(JSON.stringify(values) === JSON.stringify(['off', 'face-down', 'face-up']), `the lobby's only-one-can-choose offers ${values}`);
  check((await select.inputValue()) === 'off', 'the lobby does not start with only-one-can-choose off');

  const { id, play } = await createGame(page, ['human', 'greedy'], ['Ann', 'Greedy'], [], { choices: { 'only-one-can-choose': 'face-down' } });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  log(`created game ${id} with the tiles handed out face down`);
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  check((await waitForTurn(page, 'Ann\'s first decision')) === 'give-tile', 'Ann\'s first decision is not handing out the tiles');

  // Round 1: Ann drew a tile for each player and hands one to Greedy.
  const start = await api(`/api/games/${id}?token=${token}`);
  check(start.rules.variants['only-one-can-choose'] === 'face-down', `the game's rules have only-one-can-choose = ${start.rules.variants['only-one-can-choose']}`);
  const p0 = start.pending;
  check(p0.decision === 'give-tile' && p0.seat === 0 && JSON.stringify(p0.recipients) === '[1]', `the API asks ${JSON.stringify(p0)}`);
  const hand = start.seats[0].hand;
  check(Array.isArray(hand) && hand.length === 2 && start.seats[0].hand_size === 2, `Ann holds ${JSON.stringify(hand)} (hand_size ${start.seats[0].hand_size})`);
  check(start.seats[1].hand === undefined && start.seats[1].hand_size === 0, `Ann's view of Greedy's hand: ${JSON.stringify(start.seats[1])}`);
  const blue = start.seats[1].color;
  const gives = start.legal.filter((a) => a.action === 'give-tile');
  check(gives.length === start.legal.length && gives.every((a) => a.to === blue && hand.includes(a.tile) && /^give .+ to [a-z]+$/.test(a.label)), `the legal actions: ${JSON.stringify(start.legal)}`);
  const offered = [...new Set(gives.map((a) => a.tile))];

  await page.locator('[data-testid=give-tile]').first().waitFor();
  const title = await page.textContent('[data-testid=action-panel] .panel-title');
  check(title === 'Hand out the tiles', `the action panel is headed "${title}"`);
  const buttons = await tilesShown(page, '[data-testid=give-tile]');
  check(sameTiles(buttons, offered), `the panel offers ${buttons}, the API ${offered}`);
  check((await page.locator('[data-testid=give-tile] svg.tile-thumb').count()) === buttons.length, 'a tile to give without its picture');
  check((await page.locator('[data-testid=give-to]').count()) === 1, 'the panel does not offer exactly one player to give to');
  check((await page.getAttribute('[data-testid=give-to]', 'data-seat')) === '1', 'the player to give to is not Greedy');
  check(!(await page.locator('[data-testid=give-to]').isEnabled()), 'a player to give to is offered before a tile is picked');
  check(!(await page.locator('[data-testid=confirm]').isEnabled()), 'the confirm button is enabled before a choice');
  await waitFor(
    page,
    '"Your hand" with the two tiles to hand out',
    (hand) => {
      const panel = document.querySelector('[data-testid=your-hand]');
      return panel && !panel.hidden && JSON.stringify([...panel.querySelectorAll('[data-tile]')].map((e) => e.dataset.tile)) === JSON.stringify(hand);
    },
    hand,
  );
  await handCounts(page, 'the hand-out', [2, 0]);

  // A spectator sees whom the game waits for, the counts and no tile.
  const watcher = await page.context().newPage();
  watcher.on('pageerror', (err) => pageErrors.push(`hand-out watcher: ${err.message}`));
  await watcher.goto(`${BASE}/play/${id}`);
  const deciding = await watcher.locator('[data-testid=deciding]').textContent();
  check(deciding === 'Ann is handing out the tiles…', `the spectator's panel says "${deciding}"`);
  const banner = await watcher.textContent('[data-testid=turn]');
  check(banner.includes('Ann to hand out the tiles'), `the spectator's banner says "${banner}"`);
  await handCounts(watcher, 'the spectator', [2, 0]);
  check((await tilesShown(watcher, '[data-testid=your-hand] [data-tile], [data-testid=give-tile], [data-testid=open-hand] [data-tile]')).length === 0, 'the spectator sees a tile handed out face down');
  await watcher.close();

  // The keyboard: an arrow picks the first tile for the first player, Esc drops it.
  await page.keyboard.press('ArrowRight');
  await page.locator(`[data-testid=give-tile][data-tile="${buttons[0]}"][aria-pressed=true]`).waitFor();
  await page.locator('[data-testid=give-to][aria-pressed=true]').waitFor();
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=give-tile][aria-pressed=true]').waitFor({ state: 'detached' });

  // By clicks: the tile, then the player (the only one: picked with the tile).
  const given = buttons[buttons.length - 1];
  const action = gives.find((a) => a.tile === given);
  await press(page, `[data-testid=give-tile][data-tile="${given}"]`);
  await page.locator(`[data-testid=give-tile][data-tile="${given}"][aria-pressed=true]`).waitFor();
  await press(page, '[data-testid=give-to][data-seat="1"]');
  await page.locator('[data-testid=give-to][data-seat="1"][aria-pressed=true]').waitFor();
  const toTitle = await page.getAttribute('[data-testid=give-to]', 'title');
  check(toTitle === action.label[0].toUpperCase() + action.label.slice(1), `the button to give to Greedy is titled "${toTitle}", the API's label is "${action.label}"`);
  check(/Give the tile/.test(await page.textContent('[data-testid=confirm]')), 'the confirm button does not say "Give the tile"');
  await screenshot(page, 'web-hand-out.png');
  await confirm(page, `giving ${given} to Greedy`);

  // Ann keeps the other tile and places it at once.
  const kept = [...hand];
  kept.splice(kept.indexOf(given), 1);
  check((await waitForTurn(page, 'the placement of the tile kept')) === 'place', 'after the hand-out Ann is not asked to place a tile');
  const mid = await api(`/api/games/${id}?token=${token}`);
  check(mid.pending.decision === 'place' && mid.pending.seat === 0 && mid.pending.tile === kept[0], `after the hand-out the API asks ${JSON.stringify(mid.pending)}, Ann kept ${kept}`);
  check(mid.seats[1].hand_size === 1 && mid.seats[1].hand === undefined, `after the hand-out Ann's view of Greedy: ${JSON.stringify(mid.seats[1])}`);
  check(mid.events.some((e) => e.type === 'tile-given' && e.seat === 0 && e.to === 1 && e.tile === null), 'the API has no face-down tile-given event from Ann to Greedy');
  check((await page.getAttribute('[data-testid=drawn-tile]', 'data-tile')) === kept[0], `the tile to place is not ${kept[0]}`);
  check((await page.textContent('[data-testid=chosen-tile-badge]')) === 'Kept from the hand-out', 'no "Kept from the hand-out" badge');
  await logShows(page, 'after the hand-out', 'tile-given', 'Ann hands a tile to Greedy');
  await handCounts(page, 'Ann placing', [0, 1]);
  const at = await placeTile(page, 1);
  const placed = (await api(`/api/games/${id}`)).board.find((t) => t.x === at.x && t.y === at.y);
  check(placed && placed.tile === kept[0], `the API has ${JSON.stringify(placed)} at (${at.x}, ${at.y}), not ${kept[0]}`);
  if ((await waitForTurn(page, 'the figure decision of round 1')) === 'deploy') await deployOrPass(page, 1, false);

  // Greedy places the tile it was given; round 2 is Greedy's: it hands a tile to Ann, who places it.
  check((await waitForTurn(page, 'Ann\'s turn in round 2')) === 'place', 'in round 2 Ann is not asked to place the tile handed to her');
  const round2 = await api(`/api/games/${id}?token=${token}`);
  const handed = round2.events.filter((e) => e.type === 'tile-given');
  check(handed.length === 2 && handed[1].seat === 1 && handed[1].to === 0 && handed[1].tile === null, `in round 2 the API has the hand-outs ${JSON.stringify(handed)}`);
  check(round2.events.filter((e) => e.type === 'tile-placed' && e.seat === 1).length === 2, 'Greedy did not place its two tiles (the one given, its own of round 2) before Ann\'s second turn');
  check(round2.pending.decision === 'place' && round2.pending.seat === 0 && typeof round2.pending.tile === 'string', `in round 2 the API asks ${JSON.stringify(round2.pending)}`);
  const received = round2.pending.tile;
  check((await page.getAttribute('[data-testid=drawn-tile]', 'data-tile')) === received, `the tile to place is not ${received}`);
  check((await page.textContent('[data-testid=chosen-tile-badge]')) === 'Handed over by Greedy', 'no "Handed over by Greedy" badge');
  await logShows(page, 'round 2', 'tile-given', 'Greedy hands a tile to Ann');
  check((await page.locator('[data-testid=event][data-type=tile-given]').count()) === 2, 'the log does not show two hand-outs');
  const logText = await page.textContent('[data-testid=log]');
  check(logText.includes('hands a tile to'), 'the log has no "hands a tile to"');
  const at2 = await placeTile(page, 2);
  const placed2 = (await api(`/api/games/${id}`)).board.find((t) => t.x === at2.x && t.y === at2.y);
  check(placed2 && placed2.tile === received, `the API has ${JSON.stringify(placed2)} at (${at2.x}, ${at2.y}), not ${received}`);
  if ((await waitForTurn(page, 'the figure decision of round 2')) === 'deploy') await deployOrPass(page, 2, false);

  // Round 3 is Ann's again: she hands out the tiles.
  check((await waitForTurn(page, 'Ann\'s decision in round 3')) === 'give-tile', 'round 3 does not begin with Ann handing out the tiles');
  await page.locator('[data-testid=give-tile]').first().waitFor();
  const texts = await checkNoNotation(page, '[data-testid=event], [data-testid=action-panel], [data-testid=players], [data-testid=turn], [data-testid=your-hand]');
  log(`Ann gave ${given}, kept and placed ${kept[0]} at (${at.x}, ${at.y}), then placed ${received} from Greedy at (${at2.x}, ${at2.y}); ${texts} texts checked`);
  passed += 1;
}

// ---- scenario 15: the edge of the table (house rule table-size) -----------------------------

async function scenarioTableEdge() {
  log('scenario 15 (desktop): the edge of the table drawn for table-size 19x13, none by default');
  const seats = [{ player: 'human', name: 'Ann' }, { player: 'human', name: 'Ben' }];
  const edged = await apiPost('/api/games', { seats, rules: { variants: { 'table-size': '19x13' } } });
  const plain = await apiPost('/api/games', { seats });
  const view = await api(`/api/games/${edged.id}`);
  check(view.rules.variants['table-size'] === '19x13', `the game's rules have table-size = ${view.rules.variants['table-size']}`);
  const { page } = await openBrowser('table-edge', DESKTOP);

  // 19 × 13 tiles: the positions with |x| <= 9 and |y| <= 6, world units of 100 a tile.
  await page.goto(`${BASE}${edged.seats[0].join}`);
  await page.locator('[data-testid=board] .tile').first().waitFor();
  const edge = page.locator('[data-testid=board] [data-testid=table-edge]');
  await edge.waitFor({ state: 'attached' });
  check((await edge.count()) === 1, `the board has ${await edge.count()} table edges`);
  const title = await edge.locator('title').textContent();
  check(title === 'Edge of the table (19 × 13 tiles)', `the table's edge is titled "${title}"`);
  const box = await edge.evaluate((r) => ['x', 'y', 'width', 'height'].map((a) => Number(r.getAttribute(a))));
  check(JSON.stringify(box) === JSON.stringify([-900, -600, 1900, 1300]), `the table's edge is the rectangle ${box}`);
  check((await page.locator('[data-testid=board] .table-outside').count()) === 1, 'no shade outside the table');
  await page.locator('[data-testid=board] [data-spot]').first().waitFor();
  const spots = await page.locator('[data-testid=board] [data-spot]').evaluateAll((es) => es.map((e) => [Number(e.dataset.x), Number(e.dataset.y)]));
  check(spots.every(([x, y]) => Math.abs(x) <= 9 && Math.abs(y) <= 6), `a highlighted square past the edge: ${JSON.stringify(spots)}`);

  // The endless table (the default): no edge, no shade.
  await page.goto(`${BASE}${plain.seats[0].join}`);
  await page.locator('[data-testid=board] .tile').first().waitFor();
  await page.locator('[data-testid=board] [data-spot]').first().waitFor();
  check((await page.locator('[data-testid=board] [data-testid=table-edge], [data-testid=board] .table-outside').count()) === 0, 'a default game shows a table edge');
  log(`game ${edged.id} shows "${title}", game ${plain.id} no edge`);
  passed += 1;
}

// ---- scenario 16: mountains (the variation "Mountains") ---------------------------------------

/** The design of a tile placed upside down (the variation "Mountains"). */
const MOUNTAIN = 'variations:mountain';

/** The board's highlighted squares of a kind (`data-testid`), as "x,y" strings, sorted. */
function squaresShown(page, testid) {
  return page.evaluate((t) => [...document.querySelectorAll(`[data-testid=board] [data-testid=${t}]`)].map((e) => `${e.dataset.x},${e.dataset.y}`).sort(), testid);
}

async function scenarioMountains() {
  log('scenario 16 (desktop): mountains, a tile raised as a mountain by clicks and a miner deployed on it, against greedy');
  const { page } = await openBrowser('mountains', DESKTOP);
  const options = await api('/api/options');
  const variant = options.variants.find((v) => v.id === 'mountains');
  check(variant && variant.group === 'variation' && variant.type !== 'choice', `the API's variant mountains: ${JSON.stringify(variant)}`);
  await page.goto(`${BASE}/`);
  await page.locator('[data-testid=create-form]').waitFor();
  check((await page.locator('[data-testid=variant-group-variation] input[data-testid=variant-mountains]').count()) === 1, 'the lobby\'s official variations have no box for mountains');

  const { id, play } = await createGame(page, ['human', 'greedy'], ['Ann', 'Greedy'], [], { variants: ['mountains'] });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  log(`created game ${id} with mountains`);
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  check((await waitForTurn(page, 'Ann\'s first placement')) === 'place', 'Ann\'s first decision is not a placement');
  const view = await api(`/api/games/${id}?token=${token}`);
  check(view.rules.variants.mountains === true, `the game's rules have mountains = ${view.rules.variants.mountains}`);
  const sites = view.legal.filter((a) => a.action === 'mountain');
  check(sites.length > 0 && sites.every((a) => Number.isInteger(a.x) && Number.isInteger(a.y) && /^upside down as a mountain /.test(a.label)), `the API's mountain sites: ${JSON.stringify(sites)}`);
  // The start tile's south side is a field edge: the square below it is a site.
  check(sites.some((a) => a.x === 0 && a.y === 1), `no mountain site south of the start tile: ${JSON.stringify(sites)}`);
  const places = [...new Set(view.legal.filter((a) => a.action === 'place').map((a) => `${a.x},${a.y}`))].sort();
  const siteKeys = sites.map((a) => `${a.x},${a.y}`).sort();
  const tiles = await api('/api/tiles');
  check(typeof tiles.tiles[MOUNTAIN] === 'string' && tiles.tiles[MOUNTAIN].includes('mountain'), 'GET /api/tiles has no drawing of the mountain');

  // A spectator's banner says what Ann may do.
  const watcher = await page.context().newPage();
  watcher.on('pageerror', (err) => pageErrors.push(`mountains watcher: ${err.message}`));
  await watcher.goto(`${BASE}/play/${id}`);
  await watcher.locator('[data-testid=turn]').filter({ hasText: 'Ann to place a tile or raise a mountain' }).waitFor();
  check((await watcher.locator('[data-testid=mountain-mode]').count()) === 0, 'a spectator is offered mountain mode');
  await watcher.close();

  // The switch: beside the rotation buttons, off; the usual places shown.
  const toggle = page.locator('[data-testid=mountain-mode]');
  await toggle.waitFor();
  check((await toggle.getAttribute('aria-pressed')) === 'false', 'mountain mode is on before it is chosen');
  check(Number(await toggle.getAttribute('data-sites')) === sites.length, `the switch counts ${await toggle.getAttribute('data-sites')} sites, the API ${sites.length}`);
  check(/Mountain/.test(await toggle.textContent()), `the switch reads "${await toggle.textContent()}"`);
  check(/raise a mountain/.test(await page.textContent('[data-testid=turn]')), 'the turn banner does not offer a mountain');
  check(JSON.stringify(await squaresShown(page, 'spot')) === JSON.stringify(places), 'the board does not highlight the API\'s placements');
  check((await squaresShown(page, 'mountain-spot')).length === 0, 'mountain sites shown before mountain mode');

  // The keyboard: M switches it on (the sites instead of the places, the tile not to be
  // turned), Esc back off.
  await page.keyboard.press('m');
  await page.locator('[data-testid=mountain-mode][aria-pressed=true]').waitFor();
  check(JSON.stringify(await squaresShown(page, 'mountain-spot')) === JSON.stringify(siteKeys), `the board's mountain sites ${await squaresShown(page, 'mountain-spot')}, the API's ${siteKeys}`);
  check((await squaresShown(page, 'spot')).length === 0, 'the usual places are still shown in mountain mode');
  check(!(await page.locator('[data-testid=rotate-cw]').isEnabled()), 'the tile can be turned in mountain mode');
  const look = await page.locator('[data-testid=mountain-spot]').first().evaluate((e) => [e.getAttribute('class'), getComputedStyle(e).stroke]);
  check(/\bmountain\b/.test(look[0]), `a mountain site's class is "${look[0]}"`);
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=mountain-mode][aria-pressed=false]').waitFor();
  await page.locator('[data-testid=board] [data-testid=spot]').first().waitFor();
  check((await squaresShown(page, 'mountain-spot')).length === 0, 'mountain sites still shown after Esc');
  check(JSON.stringify(await squaresShown(page, 'spot')) === JSON.stringify(places), 'the usual places are not back after Esc');
  const usualLook = await page.locator('[data-testid=spot]').first().evaluate((e) => getComputedStyle(e).stroke);
  check(usualLook !== look[1], `mountain sites look like the usual places (stroke ${usualLook})`);
  // The switch by the keyboard's focus: Space.
  await page.focus('[data-testid=mountain-mode]');
  await page.keyboard.press('Space');
  await page.locator('[data-testid=mountain-mode][aria-pressed=true]').waitFor();
  check(await page.evaluate(() => document.activeElement?.dataset.testid === 'mountain-mode'), 'the switch loses the focus');
  await page.keyboard.press('Space');
  await page.locator('[data-testid=mountain-mode][aria-pressed=false]').waitFor();

  // By clicks: the switch, the site south of the start tile, confirm.
  await press(page, '[data-testid=mountain-mode]');
  await page.locator('[data-testid=mountain-mode][aria-pressed=true]').waitFor();
  const site = sites.find((a) => a.x === 0 && a.y === 1);
  await press(page, `[data-testid=mountain-spot][data-x="${site.x}"][data-y="${site.y}"]`);
  await page.locator(`[data-testid=ghost-tile][data-tile="${MOUNTAIN}"]`).waitFor({ state: 'attached' });
  const hint = await page.textContent('[data-testid=place-hint]');
  check(hint === `${site.label[0].toUpperCase()}${site.label.slice(1)}.`, `the panel says "${hint}", the API's label is "${site.label}"`);
  check(/Raise the mountain/.test(await page.textContent('[data-testid=confirm]')), 'the confirm button does not say "Raise the mountain"');
  await screenshot(page, 'web-mountain.png');
  await confirm(page, `raising a mountain at (${site.x}, ${site.y})`);

  // The mountain is on the board, and the figure decision offers a miner on it.
  check((await waitForTurn(page, 'the figure decision on the mountain')) === 'deploy', 'after the mountain Ann is not asked to deploy');
  const after = await api(`/api/games/${id}?token=${token}`);
  const raised = after.board.find((t) => t.x === site.x && t.y === site.y);
  check(raised && raised.tile === MOUNTAIN, `the API has ${JSON.stringify(raised)} at (${site.x}, ${site.y})`);
  const event = after.events.find((e) => e.type === 'mountain-raised');
  check(event && event.seat === 0 && event.x === site.x && event.y === site.y && event.tile === view.pending.tile, `the API's mountain-raised event: ${JSON.stringify(event)}`);
  check(after.pending.decision === 'deploy' && after.pending.x === site.x && after.pending.y === site.y, `after the mountain the API asks ${JSON.stringify(after.pending)}`);
  const miners = after.legal.filter((a) => a.action === 'deploy' && a.feature === 'mountain');
  check(miners.some((a) => a.figure === 'follower') && after.legal.some((a) => a.action === 'pass'), `the API's deployments: ${JSON.stringify(after.legal)}`);
  const drawn = await page.locator(`[data-testid=board] .layer-tiles use.tile[data-x="${site.x}"][data-y="${site.y}"]`).getAttribute('href');
  check(drawn === '#tile-variations_mountain', `the board draws ${drawn} at (${site.x}, ${site.y})`);
  check((await page.locator('#tile-variations_mountain .mountain').count()) === 1, 'the mountain\'s drawing is not the server\'s');
  await logShows(page, 'the mountain', 'mountain-raised', event.text);
  check(/mountain/.test(event.text), `the log says "${event.text}"`);
  await page.locator('[data-testid=miner-note]').waitFor();

  // A miner: the marker of the mountain (the follower if several figures may go), confirm.
  await press(page, '[data-testid=figure-marker][data-feature=mountain]');
  if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice][data-figure=follower]');
  const chosen = await page.textContent('[data-testid=chosen]');
  check(/miner/.test(chosen), `the panel's choice says "${chosen}"`);
  await confirm(page, 'deploying a miner');
  const done = await api(`/api/games/${id}`);
  const miner = done.figures.find((f) => f.x === site.x && f.y === site.y && f.feature === 'mountain');
  check(miner && miner.seat === 0 && miner.figure === 'follower', `the API's figures on the mountain: ${JSON.stringify(done.figures)}`);
  const onBoard = page.locator(`[data-testid=board] [data-testid=figure][data-feature=mountain][data-x="${site.x}"][data-y="${site.y}"]`);
  await onBoard.waitFor();
  const at = await onBoard.evaluate((g) => [Number(g.dataset.px), Number(g.dataset.py)]);
  check(Math.abs(at[0] - (site.x + 0.5) * 100) < 1 && Math.abs(at[1] - (site.y + 0.5) * 100) < 1, `the miner stands at ${at}, not in the middle of its tile`);
  const deployed = done.events.find((e) => e.type === 'figure-deployed' && e.x === site.x && e.y === site.y);
  check(deployed && /miner/.test(deployed.text), `the API's deployment: ${JSON.stringify(deployed)}`);
  await logShows(page, 'the miner', 'figure-deployed', deployed.text);

  // The bot's turn; at Ann's next decision the miner is still there.
  const next = await waitForTurn(page, 'Ann\'s next decision');
  const later = await api(`/api/games/${id}`);
  check(later.figures.some((f) => f.x === site.x && f.y === site.y && f.feature === 'mountain' && f.seat === 0), 'the miner left its mountain');
  check((await onBoard.count()) === 1, 'the board no longer shows the miner');
  const texts = await checkNoNotation(page, '[data-testid=event], [data-testid=action-panel], [data-testid=players], [data-testid=turn]');

  // A game without the variation: no switch, no mountain in the legal actions.
  const plain = await apiPost('/api/games', { seats: [{ player: 'human', name: 'Ann' }, { player: 'human', name: 'Ben' }] });
  await page.goto(`${BASE}${plain.seats[0].join}`);
  check((await waitForTurn(page, 'the plain game\'s first placement')) === 'place', 'the plain game does not begin with a placement');
  await page.locator('[data-testid=board] [data-testid=spot]').first().waitFor();
  const plainView = await api(`/api/games/${plain.id}?token=${/#token=([0-9a-f]+)/.exec(plain.seats[0].join)[1]}`);
  check(!plainView.legal.some((a) => a.action === 'mountain'), 'a game without the variation offers mountains');
  check((await page.locator('[data-testid=mountain-mode]').count()) === 0, 'a game without the variation shows the mountain switch');
  await page.keyboard.press('m');
  check((await page.locator('[data-testid=board] [data-testid=mountain-spot]').count()) === 0, 'M shows mountain sites in a game without the variation');
  check(!/mountain/.test(await page.textContent('[data-testid=turn]')), 'the plain game\'s banner offers a mountain');
  log(`game ${id}: a mountain at (${site.x}, ${site.y}) with Ann's miner (${sites.length} sites offered), then ${next}; ${texts} texts checked; game ${plain.id} offers none`);
  passed += 1;
}

// ---- scenario 17: prisoners (the variation "Prisoners") -----------------------------------------

/**
 * The cities of each base-game design, read from the catalog (data/tiles/base.tiles): `{design:
 * [[the sides one city touches], …]}`, the tile not turned. The server takes no deck order, so
 * the test steers a game of its own deck with this model of the cities.
 */
function designCities() {
  const file = new URL('../../data/tiles/base.tiles', import.meta.url);
  const cities = {};
  let set = null;
  let design = null;
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    let m;
    if ((m = /^set (\S+)/.exec(line))) set = m[1];
    else if ((m = /^design (\S+)/.exec(line))) cities[(design = `${set}:${m[1]}`)] = [];
    // A city's ports: edge middles (N E S W) and half edges (NNW …), whose first letter is the side.
    else if (design && (m = /^\s+city((?:\s+[NESW]{1,3}\b)+)/.exec(line))) cities[design].push([...new Set(m[1].trim().split(/\s+/).map((p) => p[0]))]);
  }
  return cities;
}

/**
 * The city parts of a board (the API's `board` and `figures`): `partOf(x, y, side)` is the part
 * (a root key) of the city through that side of a tile, `holders(part)` the seats with a follower
 * in it.
 */
function cityParts(cities, view) {
  const tiles = new Map(view.board.map((t) => [`${t.x},${t.y}`, t]));
  const sidesOf = (tile, rotation) => (cities[tile] || []).map((c) => c.map((s) => CLOCKWISE[(CLOCKWISE.indexOf(s) + rotation / 90) % 4]));
  const keyAt = (x, y, side) => {
    const t = tiles.get(`${x},${y}`);
    const i = t ? sidesOf(t.tile, t.rotation).findIndex((c) => c.includes(side)) : -1;
    return i < 0 ? null : `${x},${y},${i}`;
  };
  const up = new Map();
  const root = (k) => (up.get(k) === k ? k : root(up.get(k)));
  for (const t of view.board) sidesOf(t.tile, t.rotation).forEach((_, i) => up.set(`${t.x},${t.y},${i}`, `${t.x},${t.y},${i}`));
  for (const t of view.board) {
    sidesOf(t.tile, t.rotation).forEach((sides, i) => {
      for (const side of sides) {
        const [dx, dy] = SIDE_STEP[side];
        const beyond = keyAt(t.x + dx, t.y + dy, FACING[side]);
        if (beyond) up.set(root(beyond), root(`${t.x},${t.y},${i}`));
      }
    });
  }
  const held = new Map();
  for (const f of view.figures || []) {
    const m = /^city@([NESW])/.exec(f.feature || '');
    const k = m && ['follower', 'big-follower'].includes(f.figure) ? keyAt(f.x, f.y, m[1]) : null;
    if (!k) continue;
    const r = root(k);
    if (!held.has(r)) held.set(r, new Set());
    held.get(r).add(f.seat);
  }
  const partOf = (x, y, side) => {
    const k = keyAt(x, y, side);
    return k ? root(k) : null;
  };
  return { sidesOf, partOf, holders: (part) => held.get(part) || new Set(), tiles };
}

/**
 * Whether `seat` placing the drawn tile as `place` joins a part of a city holding one of its
 * followers to another part holding another seat's: then it may take a prisoner.
 */
function joinsForPrisoner(parts, tile, place, seat) {
  for (const sides of parts.sidesOf(tile, place.rotation)) {
    const joined = [...new Set(sides.map((s) => parts.partOf(place.x + SIDE_STEP[s][0], place.y + SIDE_STEP[s][1], FACING[s])).filter(Boolean))];
    const own = joined.filter((p) => parts.holders(p).has(seat));
    if (own.some((a) => joined.some((b) => b !== a && [...parts.holders(b)].some((o) => o !== seat)))) return true;
  }
  return false;
}

/**
 * A placement for a turn that takes no prisoner: next to as many tiles as may be (a dense board
 * joins cities), best with a city of the new tile that touches no follower (to deploy on).
 */
function crowdedPlacement(parts, view) {
  const tile = view.pending.tile;
  const near = (a) => CLOCKWISE.filter((s) => parts.tiles.has(`${a.x + SIDE_STEP[s][0]},${a.y + SIDE_STEP[s][1]}`)).length;
  const free = (a) =>
    parts.sidesOf(tile, a.rotation).some((sides) =>
      sides.every((s) => {
        const part = parts.partOf(a.x + SIDE_STEP[s][0], a.y + SIDE_STEP[s][1], FACING[s]);
        return !part || !parts.holders(part).size;
      }),
    );
  const score = (a) => 2 * near(a) + (free(a) ? 3 : 0);
  return view.legal.filter((a) => a.action === 'place').reduce((best, a) => (!best || score(a) > score(best) ? a : best), null);
}

/** The follower figure on the board at a legal action's place, from the API's figures. */
function figureAt(view, a) {
  return (view.figures || []).find((f) => f.x === a.x && f.y === a.y && f.feature === a.feature);
}

/** Whether the page's board shows a figure at (x, y) on `feature`. */
function figureShown(page, x, y, feature) {
  return page.locator(`[data-testid=board] [data-testid=figure][data-x="${x}"][data-y="${y}"][data-feature="${feature}"]`).count();
}

/**
 * The capture by clicks, in the window of the seat deciding (`page`; `other` the other seat's):
 * a ringed marker on each follower the API offers, the panel listing them with "Take no
 * prisoner", the keyboard choosing pass and a follower, the other window waiting; a marker
 * clicked and confirmed. Then both followers must be gone from the API and both boards, the
 * prisoner listed under its captor in both players panels, the log and the news showing it.
 * Returns the prisoner-taken event.
 */
async function takePrisoner(page, other, game, view) {
  const seat = view.pending.seat;
  const name = view.seats[seat].name;
  const takes = view.legal.filter((a) => a.action === 'take-prisoner');
  const pass = view.legal.find((a) => a.action === 'pass');
  check(takes.length >= 1 && pass && pass.label === 'take no prisoner' && takes.length + 1 === view.legal.length, `the take-prisoner decision's legal actions: ${JSON.stringify(view.legal)}`);
  for (const a of takes) {
    const f = figureAt(view, a);
    check(f && f.seat !== seat && f.figure === 'follower' && /^city@/.test(a.feature), `a prisoner offered where the API has ${JSON.stringify(f)}: ${JSON.stringify(a)}`);
    const owner = view.seats[f.seat].color;
    check(new RegExp(`^take the ${owner} knight .*prisoner, `).test(a.label), `the label "${a.label}"`);
  }
  await waitForDecision(page, view.version, 'take-prisoner', `${name}'s window to offer the prisoners`);
  const banner = await page.textContent('[data-testid=turn]');
  check(banner.includes('take a follower prisoner in the city, or none'), `the banner says "${banner}"`);
  check((await page.textContent('[data-testid=action-panel] .panel-title')) === 'Prisoners: take a prisoner', 'the action panel is not headed "Prisoners: take a prisoner"');
  await page.locator('[data-testid=prisoner-note]').waitFor();
  // A ringed marker on each follower offered, titled with the API's words.
  const markers = await page.locator('[data-testid=board] [data-testid=prisoner-marker]').evaluateAll((ms) => ms.map((m) => ({ x: Number(m.dataset.x), y: Number(m.dataset.y), feature: m.dataset.feature, title: m.getAttribute('aria-label'), cls: m.getAttribute('class') })));
  check(markers.length === takes.length, `the board has ${markers.length} prisoner markers, the API offers ${takes.length}`);
  for (const a of takes) {
    const m = markers.find((x) => x.x === a.x && x.y === a.y && x.feature === a.feature);
    check(m && m.title === capitalized(a.label) && /\bprisoner\b/.test(m.cls), `no marker titled "${a.label}" on the follower at (${a.x}, ${a.y}): ${JSON.stringify(markers)}`);
  }
  check((await page.locator('[data-testid=board] [data-testid=figure-marker], [data-testid=board] [data-testid=capture-marker]').count()) === 0, 'other markers beside the prisoners');
  const buttons = await page.locator('[data-testid=prisoner-choice]').allTextContents();
  check(buttons.length === takes.length && takes.every((a) => buttons.some((b) => b.trim() === capitalized(a.label))), `the panel lists ${JSON.stringify(buttons)}`);
  check((await page.textContent('[data-testid=pass]')) === 'Take no prisoner', `the pass button reads "${await page.textContent('[data-testid=pass]')}"`);
  check(!(await page.locator('[data-testid=confirm]').isEnabled()), 'the confirm button is enabled before a choice');

  // The other window waits, and offers nothing.
  await waitForWaiting(other, name, 'take a follower prisoner');
  const deciding = await other.textContent('[data-testid=deciding]');
  check(deciding === `${name} may take a follower prisoner in the city their tile joined…`, `the other window says "${deciding}"`);
  check((await other.locator('[data-testid=prisoner-marker], [data-testid=prisoner-choice]').count()) === 0, 'the other window offers prisoners');

  // The keyboard: P chooses "Take no prisoner", an arrow the first follower, Esc neither.
  await page.keyboard.press('p');
  await page.locator('[data-testid=confirm]').filter({ hasText: 'Take no prisoner' }).waitFor();
  await page.keyboard.press('ArrowRight');
  await page.locator('[data-testid=confirm]').filter({ hasText: 'Take prisoner' }).waitFor();
  check((await page.textContent('[data-testid=chosen]')) === capitalized(takes[0].label), 'the arrow key does not choose the first prisoner');
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=chosen]').waitFor({ state: 'detached' });

  // By clicks: the last follower's marker, then confirm.
  const take = takes[takes.length - 1];
  const captive = figureAt(view, take);
  await pressMarker(page, `[data-testid=prisoner-marker][data-x="${take.x}"][data-y="${take.y}"][data-feature="${take.feature}"]`);
  await page.locator('[data-testid=prisoner-marker][aria-pressed=true]').waitFor();
  check((await page.textContent('[data-testid=chosen]')) === capitalized(take.label), `the chosen capture reads "${await page.textContent('[data-testid=chosen]')}"`);
  check(/Take prisoner/.test(await page.textContent('[data-testid=confirm]')), 'the confirm button does not say "Take prisoner"');
  await screenshot(page, 'web-prisoners.png');
  await confirm(page, `taking the follower at (${take.x}, ${take.y}) prisoner`);

  // The API: the event, both followers off the board, the prisoner under its captor.
  const after = await api(`/api/games/${game.id}`);
  const event = after.events.find((e) => e.type === 'prisoner-taken');
  check(
    event && event.seat === seat && event.owner === captive.seat && event.figure === 'follower' && event.x === take.x && event.y === take.y && event.feature === take.feature && event.guard === 'follower',
    `the API's prisoner-taken event: ${JSON.stringify(event)}`,
  );
  const guard = view.figures.find((f) => f.x === event.guard_x && f.y === event.guard_y && f.feature === event.guard_feature);
  check(guard && guard.seat === seat, `the guard at (${event.guard_x}, ${event.guard_y}) ${event.guard_feature} was ${JSON.stringify(guard)}`);
  for (const f of [captive, guard]) check(!figureAt(after, f), `the API still has the figure at (${f.x}, ${f.y}) ${f.feature}`);
  const held = after.seats[seat].prisoners || [];
  const ownerName = view.seats[captive.seat].name;
  check(held.length === 1 && held[0].seat === captive.seat && held[0].figure === 'follower' && held[0].label === `${ownerName}'s follower, guarded by a follower`, `${name}'s prisoners in the API: ${JSON.stringify(held)}`);
  for (const w of [page, other]) {
    await waitFor(
      w,
      'both followers gone from the board and the prisoner in the players panel',
      ({ seat, owner, label, figures }) =>
        figures.every((f) => !document.querySelector(`[data-testid=board] [data-testid=figure][data-x="${f.x}"][data-y="${f.y}"][data-feature="${f.feature}"]`)) &&
        [...document.querySelectorAll(`[data-testid=player][data-seat="${seat}"] [data-testid=prisoner][data-owner="${owner}"]`)].some((e) => e.textContent === label),
      { seat, owner: captive.seat, label: held[0].label, figures: [captive, guard] },
    );
    await logShows(w, 'the capture', 'prisoner-taken', event.text);
  }
  check((await figureShown(page, take.x, take.y, take.feature)) === 0, 'the prisoner is still on the board');
  await waitFor(other, 'the capture announced over the board', (text) => [...document.querySelectorAll('[data-testid=announce] .news[data-type=prisoner-taken]')].some((e) => e.textContent === text), event.text);
  log(`${name} took ${ownerName}'s follower at (${take.x}, ${take.y}) prisoner, guarded by the follower from (${event.guard_x}, ${event.guard_y}): "${event.text}"`);
  return event;
}

/**
 * The release by clicks, in the captor's next figure decision: the action panel's "Your
 * prisoners" and the button in the captor's row of the players panel offer it; it is chosen,
 * confirmed, and the figure decision goes on (the API's prisoner gone, both supplies one follower
 * more, the log's entry); then a follower is deployed by its marker, or the seat passes.
 */
async function releasePrisoner(page, other, game, view, taken) {
  const seat = view.pending.seat;
  const name = view.seats[seat].name;
  const owner = view.seats[taken.owner];
  const releases = view.legal.filter((a) => a.action === 'release-prisoner');
  check(
    releases.length === 1 && releases[0].owner === owner.color && releases[0].figure === 'follower' && releases[0].label === `release the ${owner.color} player's follower: your guard comes back to your supply`,
    `the releases offered: ${JSON.stringify(releases)}`,
  );
  const release = releases[0];
  await waitForDecision(page, view.version, 'deploy', `${name}'s window to offer the release`);
  const choice = page.locator('[data-testid=release-choice]');
  check((await choice.count()) === 1 && (await choice.textContent()).trim() === capitalized(release.label), `the action panel's release reads "${await choice.textContent()}"`);
  const button = page.locator(`[data-testid=player][data-seat="${seat}"] [data-testid=release-button]`);
  check((await button.count()) === 1, 'the players panel has no release button in the captor\'s row');
  check((await button.textContent()) === `Release ${owner.name}'s follower` && (await button.getAttribute('title')) === release.label, `the players panel's release button reads "${await button.textContent()}"`);
  check((await other.locator('[data-testid=release-button], [data-testid=release-choice]').count()) === 0, 'the other window offers a release');
  await press(page, '[data-testid=release-choice]');
  await page.locator(`[data-testid=player][data-seat="${seat}"] [data-testid=release-button][aria-pressed=true]`).waitFor();
  check((await page.textContent('[data-testid=chosen]')) === capitalized(release.label), 'the chosen release is not the API\'s');
  check(/Release the prisoner/.test(await page.textContent('[data-testid=confirm]')), 'the confirm button does not say "Release the prisoner"');
  await confirm(page, `releasing ${owner.name}'s follower`);

  // The figure decision goes on, the prisoner home and the guard back in the supply.
  const after = await api(`/api/games/${game.id}?token=${game.tokens[seat]}`);
  check(after.pending.decision === 'deploy' && after.pending.seat === seat && after.pending.x === view.pending.x && after.pending.y === view.pending.y, `after the release the API asks ${JSON.stringify(after.pending)}`);
  check(!(after.seats[seat].prisoners || []).length, `${name} still holds ${JSON.stringify(after.seats[seat].prisoners)}`);
  check(!after.legal.some((a) => a.action === 'release-prisoner'), 'the release is still offered');
  const freed = after.events.find((e) => e.type === 'prisoner-released');
  check(freed && freed.seat === seat && freed.guard === 'follower' && freed.owner === taken.owner && freed.figure === 'follower', `the API's prisoner-released event: ${JSON.stringify(freed)}`);
  check(after.seats[seat].supply.follower === view.seats[seat].supply.follower + 1, `${name}'s followers in supply: ${view.seats[seat].supply.follower}, then ${after.seats[seat].supply.follower}`);
  check(after.seats[taken.owner].supply.follower === view.seats[taken.owner].supply.follower + 1, `${owner.name}'s followers in supply: ${view.seats[taken.owner].supply.follower}, then ${after.seats[taken.owner].supply.follower}`);
  await waitForDecision(page, after.version, 'deploy', `${name}'s figure decision after the release`);
  for (const w of [page, other]) {
    await waitFor(w, 'the prisoner gone from the players panel', (s) => !document.querySelector(`[data-testid=player][data-seat="${s}"] [data-testid=prisoners]`), seat);
    await logShows(w, 'the release', 'prisoner-released', freed.text);
  }
  check((await page.locator('[data-testid=release-choice], [data-testid=release-button]').count()) === 0, 'a release is still offered on the page');
  const deployed = await deployOrPass(page, 17, true);
  const end = await api(`/api/games/${game.id}`);
  if (deployed) {
    // The figure stands there, or the tile completed its feature and it was scored home.
    const here = (e) => e.seat === seat && e.x === view.pending.x && e.y === view.pending.y && e.feature === deployed.feature;
    const f = end.figures.find((x) => x.x === view.pending.x && x.y === view.pending.y && x.feature === deployed.feature);
    const scoredHome = end.events.some((e) => e.type === 'figure-deployed' && here(e)) && end.events.some((e) => e.type === 'figure-returned' && here(e));
    check((f && f.seat === seat) || scoredHome, `the API has no figure of ${name}'s on ${deployed.feature} at (${view.pending.x}, ${view.pending.y}), nor its return after a scoring`);
  }
  log(`${name} released ${owner.name}'s follower ("${freed.text}"), then ${deployed ? `deployed on ${deployed.feature}` : 'passed'}`);
}

/**
 * A game of Ann against Ben with the variation, each in a window of their own: the test plays
 * both seats through the API, steering with its model of the cities (each seat deploys a knight
 * on every free city of its tiles, and places its tile where it joins its own knight's part of a
 * city to the other seat's, else where the board is densest); the joining tile is placed and
 * its figure decision passed by clicks, then the prisoner taken by clicks and, at the captor's
 * next figure decision, released by clicks. Returns whether it got that far within the game.
 */
async function playPrisonersGame(ann, ben, cities) {
  const created = await createGame(ann.page, ['human', 'human'], ['Ann', 'Ben'], [], { variants: ['prisoners'] });
  const game = { id: created.id, tokens: created.links.map((l) => /#token=([0-9a-f]+)/.exec(l)[1]) };
  const windows = [ann.page, ben.page];
  await ann.page.goto(created.links[0]);
  await ben.page.goto(created.links[1]);
  for (const w of windows) await waitFor(w, 'both seats online', () => document.querySelectorAll('[data-testid=player] .online').length === 2);
  const first = await api(`/api/games/${game.id}`);
  check(first.rules.variants.prisoners === true, `the game's rules have prisoners = ${first.rules.variants.prisoners}`);
  const act = (seat, a, version) => {
    const { at, label, ...action } = a;
    return apiPost(`/api/games/${game.id}/actions`, { token: game.tokens[seat], action, version });
  };
  let joining = false; // the tile just placed by clicks joins the cities: its figure decision by clicks too
  let taken = null;
  let tiles = 0;
  for (;;) {
    check(Date.now() - started < TOTAL_MS - 30_000, `the prisoners game is still running after ${tiles} tiles; out of time`);
    const pending = (await api(`/api/games/${game.id}`)).pending;
    if (pending.decision === 'over') break;
    const seat = pending.seat;
    const view = await api(`/api/games/${game.id}?token=${game.tokens[seat]}`);
    const page = windows[seat];
    const pass = view.legal.find((a) => a.action === 'pass');
    if (pending.decision === 'take-prisoner') {
      if (taken) {
        await act(seat, pass, view.version);
        continue;
      }
      taken = await takePrisoner(page, windows[1 - seat], game, view);
      continue;
    }
    if (pending.decision === 'place') {
      tiles += 1;
      const parts = cityParts(cities, view);
      const join = taken ? null : view.legal.find((a) => a.action === 'place' && joinsForPrisoner(parts, pending.tile, a, seat));
      if (join) {
        await waitForDecision(page, view.version, 'place', `${view.seats[seat].name}'s window to place the joining tile`);
        await placeByClicks(page, join);
        joining = true;
      } else {
        await act(seat, crowdedPlacement(parts, view), view.version);
      }
      continue;
    }
    check(pending.decision === 'deploy', `the prisoners game asks for an unexpected decision: ${pending.decision}`);
    if (taken && seat === taken.seat && view.legal.some((a) => a.action === 'release-prisoner')) {
      await releasePrisoner(page, windows[1 - seat], game, view, taken);
      return { done: true, tiles, id: game.id };
    }
    if (joining) {
      // The figure decision of the joining tile: passed by clicks; the capture follows.
      joining = false;
      await waitForDecision(page, view.version, 'deploy', `${view.seats[seat].name}'s figure decision after the joining tile`);
      await passByClick(page, 'passing before the capture');
      continue;
    }
    const knight = view.legal.find((a) => a.action === 'deploy' && a.figure === 'follower' && a.x === undefined && /^city@/.test(a.feature));
    await act(seat, knight || pass, view.version);
  }
  log(`prisoners game ${game.id}: over after ${tiles} tiles, ${taken ? 'a prisoner taken but never released' : 'no prisoner taken'}`);
  return { done: false, tiles, id: game.id };
}

function capitalized(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : '';
}

async function scenarioPrisoners() {
  log('scenario 17 (desktop): prisoners in two windows, a follower taken prisoner in a city and released by clicks');
  const ann = await openBrowser('prisoners-ann', DESKTOP);
  const ben = await openBrowser('prisoners-ben', DESKTOP);
  // The lobby's official variations offer it, with the API's label and description.
  const options = await api('/api/options');
  const variant = options.variants.find((v) => v.id === 'prisoners');
  check(variant && variant.group === 'variation' && variant.type === 'bool' && variant.default === false, `the API's variant prisoners: ${JSON.stringify(variant)}`);
  await ann.page.goto(`${BASE}/`);
  await ann.page.locator('[data-testid=create-form]').waitFor();
  const box = ann.page.locator('[data-testid=variant-group-variation] input[data-testid=variant-prisoners]');
  check((await box.count()) === 1 && !(await box.isChecked()), 'the lobby\'s official variations have no box for prisoners, unticked');
  const label = box.locator('xpath=..');
  check((await label.textContent()).startsWith('Prisoners') && (await label.textContent()).includes(variant.label), `the lobby's prisoners box reads "${await label.textContent()}"`);
  check((await label.getAttribute('title')) === variant.description, `the lobby describes prisoners as "${await label.getAttribute('title')}"`);
  const cities = designCities();
  check(JSON.stringify(cities['base:M']) === '[["N","W"]]' && cities['base:H'].length === 2, `the catalog's cities: M ${JSON.stringify(cities['base:M'])}, H ${JSON.stringify(cities['base:H'])}`);
  // The server picks each game's deck: a game that reaches no capture and release is followed by
  // another (three at most).
  let result;
  for (let attempt = 1; ; attempt++) {
    result = await playPrisonersGame(ann, ben, cities);
    if (result.done) break;
    check(attempt < 3, 'three games with prisoners without a capture and a release');
    log('that game gave no capture and release: another game');
  }
  for (const w of [ann, ben]) {
    const texts = await checkNoNotation(w.page, '[data-testid=event], [data-testid=action-panel], [data-testid=players], [data-testid=turn]');
    log(`${w.name}: ${texts} texts checked`);
  }
  log(`game ${result.id}: the capture and the release after ${result.tiles} tiles`);
  passed += 1;
}

// ---- scenario 18: a new lease of life and the dash -------------------------------------------

/** Whether a legal action is a thief's move onto a farm ("settling down"). */
function thiefSettles(a) {
  return a.action === 'move-follower' && /^road@/.test(a.from_feature) && /^field@/.test(a.feature);
}

/**
 * "The dash": whether the view's figure decision is a round bought for a point: since the seat's
 * tile of this turn, the same seat deployed a follower or moved one (the view has no field for it).
 */
function inDashRound(view) {
  const p = view.pending;
  if (p.decision !== 'deploy') return false;
  for (let i = view.events.length - 1; i >= 0; i--) {
    const e = view.events[i];
    if (['tile-placed', 'mountain-raised'].includes(e.type)) return false;
    if (['figure-deployed', 'follower-moved'].includes(e.type) && e.seat === p.seat) return true;
  }
  return false;
}

/** The log entry (the newest) of type `type` whose text is `text`, with its points chip, in both windows. */
function logEntryShows(page, what, type, text, points) {
  return waitFor(
    page,
    `${what}: the log line "${text}"${points ? ` with ${points}` : ''}`,
    ({ type, text, points }) =>
      [...document.querySelectorAll(`[data-testid=event][data-type=${type}]`)].some(
        (e) => e.querySelector('.text').textContent === text && (!points || (e.querySelector('.points') || {}).textContent === points),
      ),
    { type, text, points },
  );
}

/** The points the `scored` events of `events` give `seat` (the scoring at the end of a turn). */
function scoredFor(events, seat) {
  return events.filter((e) => e.type === 'scored' && (e.seats || []).includes(seat)).reduce((n, e) => n + (Number(e.points) || 0), 0);
}

/** Waits until both windows' players panels show the seat's score. */
async function scoreShown(windows, seat, score) {
  for (const w of windows) {
    await waitFor(w, `the players panel showing score ${score} for seat ${seat}`, ({ seat, score }) => {
      const el = document.querySelector(`[data-testid=score][data-seat="${seat}"]`);
      return el && el.textContent === String(score);
    }, { seat, score });
  }
}

/**
 * The board's markers of the moves and religious wars of a figure decision must be the API's:
 * one arrow marker per move (at the target, `data-from` the follower), one sword marker per
 * cloister, titled with the API's words, and the panel's buttons listing them.
 */
async function checkMoveMarkers(page, view) {
  const moves = view.legal.filter((a) => a.action === 'move-follower');
  const wars = view.legal.filter((a) => a.action === 'religious-war');
  // Many moves fold away: the list is opened.
  const summary = page.locator('[data-testid=move-summary]');
  if (moves.length && !(await summary.evaluate((e) => e.parentElement.open))) {
    await press(page, '[data-testid=move-summary]');
    await waitFor(page, 'the moves unfolded', (n) => document.querySelectorAll('[data-testid=board] [data-testid=move-marker]').length === n, moves.length);
  }
  const markers = await page.locator('[data-testid=board] [data-testid=move-marker]').evaluateAll((ms) =>
    ms.map((m) => ({ x: Number(m.dataset.x), y: Number(m.dataset.y), feature: m.dataset.feature, from: m.dataset.from, title: m.getAttribute('aria-label') })),
  );
  check(markers.length === moves.length, `the board has ${markers.length} move markers, the API offers ${moves.length} moves`);
  for (const a of moves) {
    const from = `${a.from_x},${a.from_y},${a.from_feature}`;
    const m = markers.find((x) => x.x === a.x && x.y === a.y && x.feature === a.feature && x.from === from);
    check(m && m.title === capitalized(a.label), `no move marker titled "${capitalized(a.label)}" at (${a.x}, ${a.y}) ${a.feature} for the follower ${from}: ${JSON.stringify(markers)}`);
  }
  const buttons = await page.locator('[data-testid=move-choice]').allTextContents();
  check(buttons.length === moves.length && moves.every((a) => buttons.some((b) => b.trim() === capitalized(a.label))), `the panel lists the moves ${JSON.stringify(buttons)}`);
  const cloisters = new Set(wars.map((a) => `${a.x},${a.y},${a.feature}`));
  const warMarkers = await page.locator('[data-testid=board] [data-testid=war-marker]').evaluateAll((ms) => ms.map((m) => `${m.dataset.x},${m.dataset.y},${m.dataset.feature}`));
  check(warMarkers.length === cloisters.size && warMarkers.every((k) => cloisters.has(k)), `the board's religious-war markers ${JSON.stringify(warMarkers)}, the API's cloisters ${JSON.stringify([...cloisters])}`);
  const warButtons = await page.locator('[data-testid=war-choice]').allTextContents();
  check(warButtons.length === wars.length && wars.every((a) => warButtons.some((b) => b.trim() === capitalized(a.label))), `the panel lists the religious wars ${JSON.stringify(warButtons)}`);
  return { moves, wars };
}

/** The move hint on the board: the rings of the followers that would move (and of a monk driven out). */
function moveHintShown(page) {
  return page.evaluate(() => {
    const hint = document.querySelector('[data-testid=board] [data-testid=move-hint]');
    const ring = (e) => ({ x: Number(e.dataset.x), y: Number(e.dataset.y), feature: e.dataset.feature });
    return hint
      ? {
          kind: hint.dataset.kind,
          selected: hint.classList.contains('selected'),
          sources: [...hint.querySelectorAll('[data-testid=move-source]')].map(ring),
          victims: [...hint.querySelectorAll('[data-testid=move-victim]')].map(ring),
          moving: [...document.querySelectorAll('[data-testid=board] [data-testid=figure].moving')].map(ring),
        }
      : null;
  });
}

/**
 * A religious war offered (by the API's turn): its sword marker hovered must ring both knights
 * and the monk; nothing is chosen.
 */
async function checkReligiousWar(page, view) {
  await waitForDecision(page, view.version, 'deploy', 'the window of a seat offered a religious war');
  const { wars } = await checkMoveMarkers(page, view);
  const war = wars[0];
  await pressMarkerHover(page, `[data-testid=war-marker][data-x="${war.x}"][data-y="${war.y}"][data-feature="${war.feature}"]`);
  const hint = await waitFor(page, 'the knights of the religious war ringed', () => {
    const h = document.querySelector('[data-testid=board] [data-testid=move-hint][data-kind=war]');
    return h && h.querySelectorAll('[data-testid=move-source]').length === 2 && h.querySelectorAll('[data-testid=move-victim]').length >= 1;
  });
  check(hint, 'no hint for the religious war');
  const shown = await moveHintShown(page);
  for (const k of war.knights) check(shown.sources.some((r) => r.x === k.x && r.y === k.y && r.feature === k.feature), `the knight at (${k.x}, ${k.y}) ${k.feature} is not ringed: ${JSON.stringify(shown)}`);
  check(shown.victims.every((r) => r.x === war.x && r.y === war.y && r.feature === war.feature), `the monk ringed elsewhere: ${JSON.stringify(shown)}`);
  await page.mouse.move(2, 2);
  log(`a religious war offered: "${war.label}"; its marker rings both knights and the monk`);
}

/** Moves the mouse over a marker (after fitting the board if it is out of reach). */
async function pressMarkerHover(page, selector) {
  if (!(await clickable(page, selector)).length) await press(page, '[data-testid=zoom-fit]');
  await page.hover(`${selector} .marker-body`);
}

/**
 * A thief settling on a farm by clicks, in the window of the seat deciding (`page`; `other` the
 * other seat's): the board's arrow markers are the API's moves, the keyboard steps onto a move
 * (its follower ringed) and `Esc` drops it; hovering the thief's target rings the thief; its
 * marker is clicked and "Move your thief" confirmed. The API, both boards and both logs must then
 * have the thief on the farm, and the other window the news. Returns the follower-moved event.
 */
async function settleThief(page, other, game, view) {
  const seat = view.pending.seat;
  const name = view.seats[seat].name;
  await waitForDecision(page, view.version, 'deploy', `${name}'s window to offer the moves`);
  const { moves } = await checkMoveMarkers(page, view);
  check(!(await page.locator('[data-testid=dash-badge]').count()), 'a dash badge in a first figure decision');
  await page.locator('[data-testid=dash-rule]').waitFor();
  check((await page.textContent('[data-testid=pass]')) === 'Pass (no figure)', `the pass button reads "${await page.textContent('[data-testid=pass]')}" before the dash`);

  // The keyboard: P picks the pass, the arrow before it the last move or war (its followers
  // ringed), Esc neither.
  await page.keyboard.press('p');
  await page.locator('[data-testid=confirm]').filter({ hasText: 'Pass' }).waitFor();
  await page.keyboard.press('ArrowLeft');
  const before = view.legal[view.legal.length - 2];
  check(['move-follower', 'religious-war'].includes(before.action), `the action before the pass is ${JSON.stringify(before)}`);
  await waitFor(page, 'the arrow key choosing the last move', (text) => (document.querySelector('[data-testid=chosen]') || {}).textContent === text, capitalized(before.label));
  const keyed = await moveHintShown(page);
  check(keyed && keyed.selected && keyed.sources.length === (before.action === 'religious-war' ? 2 : 1), `the move chosen by the keyboard is not shown on the board: ${JSON.stringify(keyed)}`);
  await page.keyboard.press('Escape');
  await page.locator('[data-testid=chosen]').waitFor({ state: 'detached' });
  check(!(await moveHintShown(page)), 'the move hint stays after Esc');

  // Hovering the thief's target rings the thief (and only it), with nothing chosen.
  const move = moves.find(thiefSettles);
  const from = { x: move.from_x, y: move.from_y, feature: move.from_feature };
  const selector = `[data-testid=move-marker][data-x="${move.x}"][data-y="${move.y}"][data-feature="${move.feature}"][data-from="${from.x},${from.y},${from.feature}"]`;
  await pressMarkerHover(page, selector);
  const hovered = await waitFor(page, 'the thief ringed while its target is hovered', () => {
    const h = document.querySelector('[data-testid=board] [data-testid=move-hint]');
    return h && !h.classList.contains('selected') && h.querySelectorAll('[data-testid=move-source]').length === 1;
  });
  check(hovered, 'no move hint on hovering');
  const ring = (await moveHintShown(page)).sources[0];
  check(ring.x === from.x && ring.y === from.y && ring.feature === from.feature, `the hover rings ${JSON.stringify(ring)}, not the thief at ${JSON.stringify(from)}`);
  const moving = (await moveHintShown(page)).moving;
  check(moving.length === 1 && moving[0].x === from.x && moving[0].feature === from.feature, `the figures marked moving: ${JSON.stringify(moving)}`);
  await page.mouse.move(2, 2);
  await waitFor(page, 'the hint gone when the pointer leaves', () => !document.querySelector('[data-testid=board] [data-testid=move-hint]'));

  // By clicks: the marker, then confirm.
  await pressMarker(page, selector);
  await page.locator(`${selector}[aria-pressed=true]`).waitFor();
  check((await page.textContent('[data-testid=chosen]')) === capitalized(move.label), `the chosen move reads "${await page.textContent('[data-testid=chosen]')}"`);
  check((await page.textContent('[data-testid=confirm]')) === '✓ Move your thief', `the confirm button reads "${await page.textContent('[data-testid=confirm]')}"`);
  check((await page.locator(`[data-testid=move-choice][data-from="${from.x},${from.y},${from.feature}"][aria-pressed=true]`).count()) >= 1, 'the panel does not mark the move chosen');
  const chosen = await moveHintShown(page);
  check(chosen && chosen.selected && chosen.sources[0].x === from.x && chosen.sources[0].feature === from.feature, `the chosen move is not shown: ${JSON.stringify(chosen)}`);
  await screenshot(page, 'web-lease.png');
  await confirm(page, `moving the thief at (${from.x}, ${from.y}) onto the farm at (${move.x}, ${move.y})`);

  // The API: the event, the thief on the farm and not on the road.
  const after = await api(`/api/games/${game.id}`);
  const event = after.events.slice(view.events.length).find((e) => e.type === 'follower-moved');
  check(
    event && event.seat === seat && event.figure === 'follower' && event.from_x === from.x && event.from_y === from.y && event.from_feature === from.feature && event.x === move.x && event.y === move.y && event.feature === move.feature,
    `the API's follower-moved event: ${JSON.stringify(event)}`,
  );
  check(!figureAt(after, from), `the API still has a figure on the road at (${from.x}, ${from.y})`);
  const farmer = figureAt(after, move);
  check(farmer && farmer.seat === seat && farmer.figure === 'follower', `the API's figure on the farm: ${JSON.stringify(farmer)}`);
  for (const w of [page, other]) {
    await waitFor(
      w,
      'the thief on its farm on the board',
      ({ from, to, seat }) =>
        !document.querySelector(`[data-testid=board] [data-testid=figure][data-x="${from.x}"][data-y="${from.y}"][data-feature="${from.feature}"]`) &&
        !!document.querySelector(`[data-testid=board] [data-testid=figure][data-x="${to.x}"][data-y="${to.y}"][data-feature="${to.feature}"][data-seat="${seat}"]`),
      { from, to: { x: move.x, y: move.y, feature: move.feature }, seat },
    );
    await logShows(w, 'the move', 'follower-moved', event.text);
  }
  await waitFor(other, 'the move announced over the board', (text) => [...document.querySelectorAll('[data-testid=announce] .news[data-type=follower-moved]')].some((e) => e.textContent === text), event.text);
  log(`${name} moved the thief by clicks: "${event.text}"`);
  return event;
}

/**
 * A round of the dash by clicks (the API's figure decision of the same seat again, after a
 * deployment of a follower or a move): both windows' banners show it, the panel says what it
 * costs and offers "Stop (no more)"; a follower is deployed (or, without one, a follower moved)
 * by its marker and confirmed: the API must have the point given up (its event, the score one
 * lower, also in both players panels and logs) and the figure. If the dash goes on, "Stop (no
 * more)" is clicked and confirmed: no point more is given up and the figure phase ends.
 */
async function dashByClicks(page, other, game, view) {
  const seat = view.pending.seat;
  const name = view.seats[seat].name;
  const score = view.seats[seat].score;
  check(score >= 1, `a dash round for ${name} with ${score} points`);
  check(view.legal.every((a) => ['deploy', 'move-follower', 'religious-war', 'pass'].includes(a.action)), `the dash round offers ${JSON.stringify(view.legal.map((a) => a.action))}`);
  check(view.legal.filter((a) => a.action === 'deploy').every((a) => ['follower', 'big-follower'].includes(a.figure)), 'the dash round offers a figure other than a follower');
  await waitForDecision(page, view.version, 'deploy', `${name}'s window to show the dash round`);
  const banner = await page.textContent('[data-testid=turn]');
  check(banner.includes('decide on the dash: another follower or move for 1 point, or stop') && banner.includes('Dash round'), `the banner reads "${banner}"`);
  check((await page.textContent('[data-testid=dash-note]')) === 'Dash: another follower or move for 1 point, or stop.', `the dash note reads "${await page.textContent('[data-testid=dash-note]')}"`);
  check((await page.textContent('[data-testid=pass]')) === 'Stop (no more)', `the pass button reads "${await page.textContent('[data-testid=pass]')}" in the dash round`);
  await checkMoveMarkers(page, view);
  await waitForWaiting(other, name, 'decide on the dash');
  await other.locator('[data-testid=dash-badge]').waitFor();
  const deciding = await other.textContent('[data-testid=deciding]');
  check(deciding === `${name} may deploy another follower or move one for 1 point, or stop…`, `the other window says "${deciding}"`);

  // Use it: a follower on the new tile by its marker, or else a move.
  const deploy = view.legal.find((a) => a.action === 'deploy' && a.figure === 'follower' && a.x === undefined);
  const move = deploy ? null : view.legal.find((a) => a.action === 'move-follower');
  check(deploy || move, `nothing to click in the dash round: ${JSON.stringify(view.legal)}`);
  if (deploy) {
    await pressMarker(page, `[data-testid=figure-marker][data-feature="${deploy.feature}"]`);
    if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice][data-figure=follower]');
  } else {
    await pressMarker(page, `[data-testid=move-marker][data-x="${move.x}"][data-y="${move.y}"][data-feature="${move.feature}"][data-from="${move.from_x},${move.from_y},${move.from_feature}"]`);
  }
  const used = deploy || move;
  await waitFor(page, 'the dash round\'s choice', (text) => (document.querySelector('[data-testid=chosen]') || {}).textContent === text, capitalized(used.label));
  check((await page.textContent('[data-testid=confirm]')).endsWith('(−1 point)'), `the confirm button reads "${await page.textContent('[data-testid=confirm]')}"`);
  check((await page.textContent('[data-testid=dash-cost]')) === 'This costs 1 point.', 'the panel does not say the choice costs a point');
  await screenshot(page, 'web-dash.png');
  await confirm(page, `${deploy ? 'deploying a follower' : 'moving a follower'} in the dash round`);

  const after = await api(`/api/games/${game.id}?token=${game.tokens[seat]}`);
  const fresh = after.events.slice(view.events.length);
  const given = fresh.filter((e) => e.type === 'point-sacrificed');
  check(given.length === 1 && given[0].seat === seat && given[0].text === `${name} gives up a point for another move (the dash)`, `the API's point-sacrificed events: ${JSON.stringify(given)}`);
  check(fresh.some((e) => e.type === (deploy ? 'figure-deployed' : 'follower-moved') && e.seat === seat), `the API's events of the dash round: ${JSON.stringify(fresh.map((e) => e.type))}`);
  // One point less (and, if the figure phase ended, the scores of the turn).
  const expected = score - 1 + scoredFor(fresh, seat);
  check(after.seats[seat].score === expected, `${name}'s score went from ${score} to ${after.seats[seat].score}, not ${expected} (one point given up)`);
  if (deploy) check(after.figures.some((f) => f.seat === seat && f.x === view.pending.x && f.y === view.pending.y && f.feature === deploy.feature), 'the API has no follower where it was deployed in the dash round');
  else check(figureAt(after, move), 'the API has no follower where it moved in the dash round');
  await scoreShown([page, other], seat, expected);
  for (const w of [page, other]) {
    await logEntryShows(w, 'the point given up', 'point-sacrificed', given[0].text, '−1');
    if (deploy) await waitFor(w, 'the follower of the dash round on the board', (a) => !!document.querySelector(`[data-testid=board] [data-testid=figure][data-x="${a.x}"][data-y="${a.y}"][data-feature="${a.feature}"]`), { x: view.pending.x, y: view.pending.y, feature: deploy.feature });
  }
  await waitFor(other, 'the point given up announced over the board', (text) => [...document.querySelectorAll('[data-testid=announce] .news[data-type=point-sacrificed]')].some((e) => e.textContent === text), given[0].text);
  log(`${name} used a dash round by clicks (${deploy ? 'a follower deployed' : 'a follower moved'}): score ${score} -> ${after.seats[seat].score}`);

  // Another round: stopped by clicks.
  let stopped = false;
  if (after.pending.decision === 'deploy' && after.pending.seat === seat) {
    check(inDashRound(after), 'the figure decision came again without a dash round');
    await waitForDecision(page, after.version, 'deploy', `${name}'s window to show the next dash round`);
    await page.locator('[data-testid=dash-badge]').waitFor();
    await press(page, '[data-testid=pass]');
    check((await page.textContent('[data-testid=confirm]')) === '✓ Stop', `the confirm button reads "${await page.textContent('[data-testid=confirm]')}" for stopping`);
    await confirm(page, 'stopping the dash');
    const end = await api(`/api/games/${game.id}`);
    const rest = end.events.slice(after.events.length);
    check(!rest.some((e) => e.type === 'point-sacrificed'), 'a point given up for stopping');
    // Nothing more to pay; the turn's scores only.
    check(end.seats[seat].score === expected + scoredFor(rest, seat), `${name}'s score after stopping: ${end.seats[seat].score}, not ${expected + scoredFor(rest, seat)}`);
    check(!(end.pending.decision === 'deploy' && end.pending.seat === seat), 'the figure decision goes on after "Stop"');
    await waitFor(page, 'the dash badge gone after stopping', () => !document.querySelector('[data-testid=dash-badge]'));
    stopped = true;
    log(`${name} stopped the dash by clicks`);
  }
  return { used: true, stopped };
}

/**
 * A game of Ann against Ben with the dash, each in a window of their own: the test plays both
 * seats through the API (tiles where they have the most neighbours; a thief on a road for a seat
 * without one, else a knight on a city; dash rounds stopped), but the first thief that may
 * settle on a farm does so by clicks, and the first dash round (a seat with a point, after a
 * follower) is used by clicks (and the next one stopped). A religious war offered on the way is
 * checked on the board. Returns whether both were done.
 */
async function playDashGame(ann, ben) {
  const created = await createGame(ann.page, ['human', 'human'], ['Ann', 'Ben'], [], { variants: ['dash'] });
  const game = { id: created.id, tokens: created.links.map((l) => /#token=([0-9a-f]+)/.exec(l)[1]) };
  const windows = [ann.page, ben.page];
  await ann.page.goto(created.links[0]);
  await ben.page.goto(created.links[1]);
  for (const w of windows) await waitFor(w, 'both seats online', () => document.querySelectorAll('[data-testid=player] .online').length === 2);
  const first = await api(`/api/games/${game.id}`);
  check(first.rules.variants.dash === true, `the game's rules have dash = ${first.rules.variants.dash}`);
  const act = (seat, a, version) => {
    const { at, label, ...action } = a;
    return apiPost(`/api/games/${game.id}/actions`, { token: game.tokens[seat], action, version });
  };
  let moved = null;
  let dashed = null;
  let warChecked = false;
  let tiles = 0;
  for (;;) {
    check(Date.now() - started < TOTAL_MS - 30_000, `the dash game is still running after ${tiles} tiles; out of time`);
    const pending = (await api(`/api/games/${game.id}`)).pending;
    if (pending.decision === 'over') break;
    const seat = pending.seat;
    const view = await api(`/api/games/${game.id}?token=${game.tokens[seat]}`);
    const page = windows[seat];
    const pass = view.legal.find((a) => a.action === 'pass');
    if (pending.decision === 'place') {
      tiles += 1;
      const taken = new Set(view.board.map((t) => `${t.x},${t.y}`));
      const near = (a) => SIDES.filter(([dx, dy]) => taken.has(`${a.x + dx},${a.y + dy}`)).length;
      const place = view.legal.filter((a) => a.action === 'place').reduce((best, a) => (!best || near(a) > near(best) ? a : best), null);
      await act(seat, place, view.version);
      continue;
    }
    check(pending.decision === 'deploy', `the dash game asks for an unexpected decision: ${pending.decision}`);
    if (inDashRound(view)) {
      if (!dashed) dashed = await dashByClicks(page, windows[1 - seat], game, view);
      else await act(seat, pass, view.version);
      if (moved && dashed) return { done: true, tiles, id: game.id, dashed };
      continue;
    }
    if (!moved && view.legal.some(thiefSettles)) {
      moved = await settleThief(page, windows[1 - seat], game, view);
      if (moved && dashed) return { done: true, tiles, id: game.id, dashed };
      continue;
    }
    if (!warChecked && view.legal.some((a) => a.action === 'religious-war')) {
      await checkReligiousWar(page, view);
      warChecked = true;
    }
    const mine = (view.figures || []).filter((f) => f.seat === seat);
    const onNew = (re) => view.legal.find((a) => a.action === 'deploy' && a.figure === 'follower' && a.x === undefined && re.test(a.feature));
    const deploy = (!mine.some((f) => /^road@/.test(f.feature)) && onNew(/^road@/)) || onNew(/^city@/);
    await act(seat, deploy || pass, view.version);
  }
  log(`dash game ${game.id}: over after ${tiles} tiles, ${moved ? 'a thief settled' : 'no thief settled'}, ${dashed ? 'a dash round used' : 'no dash round used'}`);
  return { done: false, tiles, id: game.id };
}

async function scenarioDash() {
  log('scenario 18 (desktop): a new lease of life and the dash in two windows, a thief settled on a farm and a dash round by clicks');
  const ann = await openBrowser('dash-ann', DESKTOP);
  const ben = await openBrowser('dash-ben', DESKTOP);
  // The lobby's official variations offer both, with the API's labels and descriptions.
  const options = await api('/api/options');
  await ann.page.goto(`${BASE}/`);
  await ann.page.locator('[data-testid=create-form]').waitFor();
  for (const id of ['new-lease-of-life', 'dash']) {
    const variant = options.variants.find((v) => v.id === id);
    check(variant && variant.group === 'variation' && variant.type === 'bool' && variant.default === false, `the API's variant ${id}: ${JSON.stringify(variant)}`);
    const box = ann.page.locator(`[data-testid=variant-group-variation] input[data-testid=variant-${id}]`);
    check((await box.count()) === 1 && !(await box.isChecked()), `the lobby's official variations have no box for ${id}, unticked`);
    const label = box.locator('xpath=..');
    check((await label.textContent()).includes(variant.label), `the lobby's ${id} box reads "${await label.textContent()}"`);
    check((await label.getAttribute('title')) === variant.description, `the lobby describes ${id} as "${await label.getAttribute('title')}"`);
  }
  // The server picks each game's deck: a game without a thief settled and a dash round used by
  // clicks is followed by another (three at most).
  let result;
  for (let attempt = 1; ; attempt++) {
    result = await playDashGame(ann, ben);
    if (result.done) break;
    check(attempt < 3, 'three games with the dash without a thief settled and a dash round used');
    log('that game gave no thief move and dash round: another game');
  }
  for (const w of [ann, ben]) {
    const texts = await checkNoNotation(w.page, '[data-testid=event], [data-testid=action-panel], [data-testid=players], [data-testid=turn]');
    log(`${w.name}: ${texts} texts checked`);
  }
  log(`game ${result.id}: the move and the dash after ${result.tiles} tiles${result.dashed.stopped ? ', the next dash round stopped' : ''}`);
  passed += 1;
}

// ---- scenario 19: rebuilding (the variation "Rebuilding") -------------------------------------

/** The tile the view's board has at (x, y), or undefined. */
function tileAt(view, x, y) {
  return (view.board || []).find((t) => t.x === x && t.y === y);
}

/** The tiles the page's board draws at (x, y): [{tile, rotation}]. */
function boardTilesAt(page, x, y) {
  return page.evaluate(
    ({ x, y }) =>
      [...document.querySelectorAll(`[data-testid=board] .layer-tiles use[data-x="${x}"][data-y="${y}"]`)].map((u) => ({ tile: u.dataset.tile, rotation: Number(u.dataset.rotation) })),
    { x, y },
  );
}

/**
 * Waits until the page's board draws the tile `tile` turned `rotation` at `to` and none at `from`
 * (the tile moved), with the move framed at `to` and an arrow from `from`.
 */
function tileMovedShown(page, what, tile, rotation, from, to) {
  return waitFor(
    page,
    `${what}: the tile moved from (${from.x}, ${from.y}) to (${to.x}, ${to.y}) on the board`,
    ({ tile, rotation, from, to }) => {
      const at = (p) => [...document.querySelectorAll(`[data-testid=board] .layer-tiles use[data-x="${p.x}"][data-y="${p.y}"]`)];
      const there = at(to);
      const moved = document.querySelector(`[data-testid=board] [data-testid=moved-tile][data-x="${to.x}"][data-y="${to.y}"][data-from-x="${from.x}"][data-from-y="${from.y}"]`);
      return (
        at(from).length === 0 &&
        there.length === 1 &&
        there[0].dataset.tile === tile &&
        Number(there[0].dataset.rotation) === rotation &&
        !!moved &&
        !document.querySelector('[data-testid=board] [data-testid=lifted-tile][data-preview=false]')
      );
    },
    { tile, rotation, from, to },
  );
}

/** The news over the board of an event of type `type` with the text `text`. */
function newsShown(page, what, type, text) {
  return waitFor(page, `${what} announced over the board`, ({ type, text }) => [...document.querySelectorAll(`[data-testid=announce] .news[data-type=${type}]`)].some((e) => e.textContent === text), { type, text });
}

/**
 * The board's markers of the tiles that may be removed must be the API's `remove-tile` actions:
 * one per tile, in its middle, titled with the API's words, and the panel's buttons listing them.
 */
async function checkRemoveMarkers(page, view) {
  const removals = view.legal.filter((a) => a.action === 'remove-tile');
  // Many fold away: the list is opened.
  const summary = page.locator('[data-testid=remove-summary]');
  if (!(await summary.evaluate((e) => e.parentElement.open))) {
    await press(page, '[data-testid=remove-summary]');
    await waitFor(page, 'the tiles to remove unfolded', (n) => document.querySelectorAll('[data-testid=board] [data-testid=remove-marker]').length === n, removals.length);
  }
  const markers = await page.locator('[data-testid=board] [data-testid=remove-marker]').evaluateAll((ms) =>
    ms.map((m) => ({ x: Number(m.dataset.x), y: Number(m.dataset.y), title: m.getAttribute('aria-label') })),
  );
  check(markers.length === removals.length, `the board has ${markers.length} markers of tiles to remove, the API offers ${removals.length}`);
  for (const a of removals) {
    const m = markers.find((x) => x.x === a.x && x.y === a.y);
    check(m && m.title === capitalized(a.label), `no marker titled "${capitalized(a.label)}" on the tile at (${a.x}, ${a.y}): ${JSON.stringify(markers)}`);
  }
  const buttons = await page.locator('[data-testid=remove-choice]').evaluateAll((bs) => bs.map((b) => ({ x: Number(b.dataset.x), y: Number(b.dataset.y), text: b.textContent.trim() })));
  check(
    buttons.length === removals.length && removals.every((a) => buttons.some((b) => b.x === a.x && b.y === a.y && b.text === capitalized(a.label))),
    `the panel lists the tiles to remove ${JSON.stringify(buttons)}`,
  );
  return removals;
}

/**
 * A turn with rebuilding, by clicks, in the window of the seat deciding (`page`; `other` the other
 * seat's), at its figure decision `view` where the API offers removals: the board marks the API's
 * tiles to remove; hovering one shows it lifted; its marker is clicked ("This costs 1 point") and
 * "Remove the tile (−1 point)" confirmed. The API must then have the `tile-removed` event, the
 * score one lower and the `replace-tile` decision, the tile still at its old place; both windows
 * the tile faded there, the others waiting. The highlighted places must be the API's (none at the
 * old place), the tile first turned as it lay; one far from the old place is clicked and "Move
 * the tile here" confirmed. The API must have the `tile-replaced` event, the tile at its new place
 * and none at the old, the figure decision on the moved tile (`rebuilt`); both boards the same,
 * with the move framed, the panel's note and "Pass (no figure on the moved tile)". A follower is
 * deployed on the moved tile by its marker (or else the pass confirmed): the API must have it there
 * and the score one point lower than before plus the turn's scores, both players panels the
 * score, both logs both events (the removal with −1), the other window their news. Returns the
 * events.
 */
async function rebuildByClicks(page, other, game, view) {
  const seat = view.pending.seat;
  const name = view.seats[seat].name;
  const score = view.seats[seat].score;
  check(score >= 1, `a removal offered to ${name} with ${score} points`);
  check(view.pending.may_rebuild === true, `the view's may_rebuild is ${view.pending.may_rebuild}`);
  await waitForDecision(page, view.version, 'deploy', `${name}'s window to offer the removals`);
  const removals = await checkRemoveMarkers(page, view);
  const banner = await page.textContent('[data-testid=turn]');
  check(banner.includes('deploy a figure, move a tile for a point, or pass'), `the banner reads "${banner}"`);
  await waitForWaiting(other, name, 'deploy a figure, move a tile for a point, or pass');
  check((await page.textContent('[data-testid=pass]')) === 'Pass (no figure)', `the pass button reads "${await page.textContent('[data-testid=pass]')}"`);
  check(!(await page.locator('[data-testid=rebuild-badge]').count()), 'a rebuilding badge before any removal');
  const note = await page.textContent('[data-testid=remove-note]');
  check(note.includes(`you have ${score})`), `the removal note reads "${note}"`);

  // The last tile offered (the one placed last, in the API's order of placement).
  const removal = removals[removals.length - 1];
  const from = { x: removal.x, y: removal.y };
  const lifted = tileAt(view, from.x, from.y);
  check(lifted, `the API has no tile at (${from.x}, ${from.y}) to remove`);
  const selector = `[data-testid=remove-marker][data-x="${from.x}"][data-y="${from.y}"]`;
  // Hovering shows the tile lifted (a preview); leaving drops it.
  await pressMarkerHover(page, selector);
  await page.locator(`[data-testid=board] [data-testid=lifted-tile][data-preview=true][data-x="${from.x}"][data-y="${from.y}"]`).waitFor();
  await page.mouse.move(2, 2);
  await waitFor(page, 'the preview gone when the pointer leaves', () => !document.querySelector('[data-testid=board] [data-testid=lifted-tile]'));
  await pressMarker(page, selector);
  await page.locator(`${selector}[aria-pressed=true]`).waitFor();
  check((await page.textContent('[data-testid=chosen]')) === capitalized(removal.label), `the chosen removal reads "${await page.textContent('[data-testid=chosen]')}"`);
  check((await page.textContent('[data-testid=confirm]')) === '✓ Remove the tile (−1 point)', `the confirm button reads "${await page.textContent('[data-testid=confirm]')}"`);
  check((await page.textContent('[data-testid=rebuild-cost]')).startsWith('This costs 1 point'), 'the panel does not say the removal costs a point');
  check((await page.locator(`[data-testid=remove-choice][data-x="${from.x}"][data-y="${from.y}"][aria-pressed=true]`).count()) === 1, 'the panel does not mark the removal chosen');
  await page.locator(`[data-testid=board] [data-testid=lifted-tile][data-preview=true][data-x="${from.x}"][data-y="${from.y}"]`).waitFor();
  await confirm(page, `removing the tile at (${from.x}, ${from.y})`);

  // The API: the point given up, the tile still lying there, the decision to place it again.
  const lift = await api(`/api/games/${game.id}?token=${game.tokens[seat]}`);
  const removed = lift.events.slice(view.events.length).filter((e) => e.type === 'tile-removed');
  check(
    removed.length === 1 && removed[0].seat === seat && removed[0].x === from.x && removed[0].y === from.y && removed[0].tile === lifted.tile && removed[0].points === 1,
    `the API's tile-removed events: ${JSON.stringify(removed)}`,
  );
  check(lift.seats[seat].score === score - 1, `${name}'s score went from ${score} to ${lift.seats[seat].score} with a tile removed`);
  const p = lift.pending;
  check(
    p.decision === 'replace-tile' && p.seat === seat && p.from_x === from.x && p.from_y === from.y && p.tile === lifted.tile && typeof p.tile_name === 'string',
    `the API's decision after the removal: ${JSON.stringify(p)}`,
  );
  check(tileAt(lift, from.x, from.y), 'the removed tile is no longer in the API\'s board before it is placed again');
  const places = lift.legal;
  check(places.length && places.every((a) => a.action === 'place') && !places.some((a) => a.x === from.x && a.y === from.y), `the API's places for the removed tile: ${JSON.stringify(places.slice(0, 5))}`);

  // Both windows: the tile faded where it lay, the banners; this one the places, the other waiting.
  await waitForDecision(page, lift.version, 'replace-tile', `${name}'s window to ask for the removed tile's place`);
  const replaceBanner = await page.textContent('[data-testid=turn]');
  check(replaceBanner.includes('place the removed tile elsewhere') && replaceBanner.includes('Rebuilding'), `the banner reads "${replaceBanner}"`);
  for (const w of [page, other]) {
    await w.locator(`[data-testid=board] [data-testid=lifted-tile][data-preview=false][data-x="${from.x}"][data-y="${from.y}"]`).waitFor();
    const shown = await boardTilesAt(w, from.x, from.y);
    check(shown.length === 1 && shown[0].tile === lifted.tile, `the board no longer draws the removed tile where it lay: ${JSON.stringify(shown)}`);
    await logEntryShows(w, 'the tile removed', 'tile-removed', removed[0].text, '−1');
  }
  await scoreShown([page, other], seat, score - 1);
  await waitForWaiting(other, name, 'place the removed tile elsewhere');
  await other.locator('[data-testid=rebuild-badge]').waitFor();
  const deciding = await other.textContent('[data-testid=deciding]');
  check(deciding === `${name} gave up a point to remove ${p.tile_name} and is placing it elsewhere…`, `the other window says "${deciding}"`);
  check(!(await other.locator('[data-testid=spot]').count()), 'the other window highlights places');
  await newsShown(other, 'the removal', 'tile-removed', removed[0].text);
  check((await page.getAttribute('[data-testid=drawn-tile]', 'data-tile')) === p.tile, 'the panel shows another tile than the removed one');
  check(Number(await page.getAttribute('[data-testid=drawn-tile]', 'data-rotation')) === lifted.rotation, `the removed tile is not first turned as it lay (${lifted.rotation}°)`);
  await page.locator('[data-testid=rebuild-note]').waitFor();
  const spots = await page.locator('[data-testid=board] [data-testid=spot]').evaluateAll((ss) => ss.map((e) => `${e.dataset.x},${e.dataset.y}`));
  const wanted = new Set(places.map((a) => `${a.x},${a.y}`));
  check(spots.length === wanted.size && spots.every((k) => wanted.has(k)), `the board highlights ${JSON.stringify(spots)}, the API's places are ${JSON.stringify([...wanted])}`);

  // By clicks: the place farthest from the old one.
  const far = (s) => Math.hypot(Number(s.x) - from.x, Number(s.y) - from.y);
  const to = await placeTile(page, 1, {
    prefer: (list) => list.reduce((best, s) => (!best || far(s) > far(best) ? s : best), null),
    beforeConfirm: async () => {
      check((await page.textContent('[data-testid=confirm]')) === '✓ Move the tile here', `the confirm button reads "${await page.textContent('[data-testid=confirm]')}"`);
      await page.locator('[data-testid=board] [data-testid=ghost-tile]').waitFor();
      check((await page.getAttribute('[data-testid=board] [data-testid=ghost-tile]', 'data-tile')) === p.tile, 'the ghost is not the removed tile');
      await screenshot(page, 'web-rebuilding.png');
    },
  });

  // The API: the tile at its new place, none at the old, the figure decision on it.
  const moved = await api(`/api/games/${game.id}?token=${game.tokens[seat]}`);
  const replaced = moved.events.slice(lift.events.length).filter((e) => e.type === 'tile-replaced');
  const r = replaced[0];
  check(
    replaced.length === 1 && r.seat === seat && r.tile === lifted.tile && r.from_x === from.x && r.from_y === from.y && r.x === to.x && r.y === to.y,
    `the API's tile-replaced events: ${JSON.stringify(replaced)}`,
  );
  check(!tileAt(moved, from.x, from.y), `the API still has a tile at (${from.x}, ${from.y})`);
  const now = tileAt(moved, to.x, to.y);
  check(now && now.tile === lifted.tile && now.rotation === r.rotation, `the API's tile at (${to.x}, ${to.y}): ${JSON.stringify(now)}`);
  const q = moved.pending;
  check(q.decision === 'deploy' && q.seat === seat && q.x === to.x && q.y === to.y && q.rebuilt === true, `the API's decision after the move: ${JSON.stringify(q)}`);
  check(moved.seats[seat].score === score - 1, `${name}'s score after the move: ${moved.seats[seat].score}, not ${score - 1}`);
  check(moved.legal.some((a) => a.action === 'pass' && a.label === 'no figure on the moved tile'), 'the API offers no pass "no figure on the moved tile"');
  check(moved.legal.filter((a) => a.action === 'deploy').every((a) => a.x === undefined), 'the API offers a deployment off the moved tile');

  // Both boards: the tile moved, framed, an arrow from where it lay; the panels. (The pointer
  // leaves the panel first: a removal's button drawn under it would show its preview.)
  await waitForDecision(page, moved.version, 'deploy', `${name}'s window to offer a figure on the moved tile`);
  await page.mouse.move(2, 2);
  for (const w of [page, other]) {
    await tileMovedShown(w, 'after the move', lifted.tile, r.rotation, from, to);
    await logEntryShows(w, 'the tile placed again', 'tile-replaced', r.text);
  }
  await newsShown(other, 'the move', 'tile-replaced', r.text);
  const movedBanner = await page.textContent('[data-testid=turn]');
  check(movedBanner.includes('deploy a figure on the moved tile') && movedBanner.includes('Rebuilding'), `the banner reads "${movedBanner}"`);
  const rebuiltNote = await page.textContent('[data-testid=rebuilt-note]');
  const onIt = moved.legal.some((a) => a.action === 'deploy') ? 'A figure may go on it (markers)' : 'No figure can go on it: pass';
  check(rebuiltNote.startsWith(`Rebuilding: the tile is moved. ${onIt}`), `the note reads "${rebuiltNote}"`);
  check((await page.textContent('[data-testid=pass]')) === 'Pass (no figure on the moved tile)', `the pass button reads "${await page.textContent('[data-testid=pass]')}"`);
  const featureMarkers = await page.locator('[data-testid=board] [data-testid=figure-marker]').evaluateAll((ms) => ms.map((m) => ({ x: Number(m.dataset.x), y: Number(m.dataset.y), feature: m.dataset.feature })));
  const features = new Set(moved.legal.filter((a) => a.action === 'deploy').map((a) => a.feature));
  check(featureMarkers.length === features.size && featureMarkers.every((m) => m.x === to.x && m.y === to.y && features.has(m.feature)), `the figure markers ${JSON.stringify(featureMarkers)} are not the API's on the moved tile`);
  if (moved.legal.some((a) => a.action === 'remove-tile')) await checkRemoveMarkers(page, moved);
  await waitForWaiting(other, name, 'deploy a figure on the moved tile');
  const mayRebuild = moved.legal.some((a) => a.action === 'remove-tile');
  check(!!moved.pending.may_rebuild === mayRebuild, `the view's may_rebuild is ${moved.pending.may_rebuild} with removals ${mayRebuild}`);
  const another = mayRebuild ? ', remove another tile for a point' : '';
  check(
    (await other.textContent('[data-testid=deciding]')) === `${name} moved a tile and may deploy a figure on it${another}, or pass…`,
    `the other window says "${await other.textContent('[data-testid=deciding]')}"`,
  );

  // A follower on the moved tile by its marker, or else the pass.
  const deploy = moved.legal.find((a) => a.action === 'deploy' && a.figure === 'follower');
  if (deploy) {
    await pressMarker(page, `[data-testid=figure-marker][data-feature="${deploy.feature}"]`);
    if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice][data-figure=follower]');
    await waitFor(page, 'the follower on the moved tile chosen', (text) => (document.querySelector('[data-testid=chosen]') || {}).textContent === text, capitalized(deploy.label));
    await confirm(page, `deploying a follower on the moved tile at (${to.x}, ${to.y})`);
  } else {
    await passByClick(page, 'no figure on the moved tile');
  }
  const end = await api(`/api/games/${game.id}?token=${game.tokens[seat]}`);
  const rest = end.events.slice(moved.events.length);
  if (deploy) {
    check(end.figures.some((f) => f.seat === seat && f.x === to.x && f.y === to.y && f.feature === deploy.feature), 'the API has no follower on the moved tile');
    for (const w of [page, other]) {
      await waitFor(w, 'the follower on the moved tile on the board', (a) => !!document.querySelector(`[data-testid=board] [data-testid=figure][data-x="${a.x}"][data-y="${a.y}"][data-feature="${a.feature}"]`), { x: to.x, y: to.y, feature: deploy.feature });
    }
  }
  check(!rest.some((e) => e.type === 'tile-removed'), 'another tile removed');
  // One point less than before the turn's figure decision, plus what the turn scored.
  const expected = score - 1 + scoredFor(rest, seat);
  check(end.seats[seat].score === expected, `${name}'s score at the end of the turn: ${end.seats[seat].score}, not ${expected}`);
  check((end.seats[seat].points.turn || {}).rebuilding === -1, `${name}'s points during the game: ${JSON.stringify(end.seats[seat].points)}`);
  await scoreShown([page, other], seat, expected);
  // Still the tile at its new place on both boards (the next decision drawn from the view).
  for (const w of [page, other]) {
    const at = await boardTilesAt(w, to.x, to.y);
    check(at.length === 1 && at[0].tile === lifted.tile, `the board lost the moved tile: ${JSON.stringify(at)}`);
    check(!(await boardTilesAt(w, from.x, from.y)).length, 'the board draws a tile where the moved one lay');
  }
  log(`${name} moved ${p.tile_name} from (${from.x}, ${from.y}) to (${to.x}, ${to.y}) by clicks${deploy ? ' and deployed a follower on it' : ''}: score ${score} -> ${end.seats[seat].score}`);
  return { removed: removed[0], replaced: r };
}

/**
 * A game of Ann against Ben with rebuilding, each in a window of their own (the game created in
 * the lobby, its box ticked): the test plays both seats through the API (tiles where they have
 * the most neighbours, a follower on each road or city of a new tile while a seat has five on the
 * board) until a seat's figure decision offers a removal, which is then played by clicks
 * (`rebuildByClicks`). Returns whether that was done.
 */
async function playRebuildingGame(ann, ben) {
  const created = await createGame(ann.page, ['human', 'human'], ['Ann', 'Ben'], [], { variants: ['rebuilding'] });
  const game = { id: created.id, tokens: created.links.map((l) => /#token=([0-9a-f]+)/.exec(l)[1]) };
  const windows = [ann.page, ben.page];
  await ann.page.goto(created.links[0]);
  await ben.page.goto(created.links[1]);
  for (const w of windows) await waitFor(w, 'both seats online', () => document.querySelectorAll('[data-testid=player] .online').length === 2);
  const first = await api(`/api/games/${game.id}`);
  check(first.rules.variants.rebuilding === true, `the game's rules have rebuilding = ${first.rules.variants.rebuilding}`);
  const act = (seat, a, version) => {
    const { at, label, ...action } = a;
    return apiPost(`/api/games/${game.id}/actions`, { token: game.tokens[seat], action, version });
  };
  let tiles = 0;
  for (;;) {
    check(Date.now() - started < TOTAL_MS - 30_000, `the rebuilding game is still running after ${tiles} tiles; out of time`);
    const pending = (await api(`/api/games/${game.id}`)).pending;
    if (pending.decision === 'over') break;
    const seat = pending.seat;
    const view = await api(`/api/games/${game.id}?token=${game.tokens[seat]}`);
    if (pending.decision === 'place') {
      tiles += 1;
      const taken = new Set(view.board.map((t) => `${t.x},${t.y}`));
      const near = (a) => SIDES.filter(([dx, dy]) => taken.has(`${a.x + dx},${a.y + dy}`)).length;
      const place = view.legal.filter((a) => a.action === 'place').reduce((best, a) => (!best || near(a) > near(best) ? a : best), null);
      await act(seat, place, view.version);
      continue;
    }
    check(pending.decision === 'deploy', `the rebuilding game asks for an unexpected decision: ${pending.decision}`);
    if (view.legal.some((a) => a.action === 'remove-tile')) {
      const done = await rebuildByClicks(windows[seat], windows[1 - seat], game, view);
      return { done: true, tiles, id: game.id, ...done };
    }
    const mine = (view.figures || []).filter((f) => f.seat === seat);
    const deploy = view.legal.find((a) => a.action === 'deploy' && a.figure === 'follower' && a.x === undefined && /^(road|city)@/.test(a.feature));
    await act(seat, mine.length < 5 && deploy ? deploy : view.legal.find((a) => a.action === 'pass'), view.version);
  }
  log(`rebuilding game ${game.id}: over after ${tiles} tiles without a removal offered`);
  return { done: false, tiles, id: game.id };
}

async function scenarioRebuilding() {
  log('scenario 19 (desktop): rebuilding in two windows, a tile removed for a point and placed elsewhere by clicks');
  const ann = await openBrowser('rebuild-ann', DESKTOP);
  const ben = await openBrowser('rebuild-ben', DESKTOP);
  // The lobby's official variations offer it, with the API's label, description and author.
  const options = await api('/api/options');
  const variant = options.variants.find((v) => v.id === 'rebuilding');
  check(variant && variant.group === 'variation' && variant.type === 'bool' && variant.default === false && variant.author === 'Tobias Stapelfeldt', `the API's variant rebuilding: ${JSON.stringify(variant)}`);
  await ann.page.goto(`${BASE}/`);
  await ann.page.locator('[data-testid=create-form]').waitFor();
  const box = ann.page.locator('[data-testid=variant-group-variation] input[data-testid=variant-rebuilding]');
  check((await box.count()) === 1 && !(await box.isChecked()), 'the lobby\'s official variations have no box for rebuilding, unticked');
  const label = box.locator('xpath=..');
  const words = await label.textContent();
  check(words.includes(variant.label) && words.includes('by Tobias Stapelfeldt'), `the lobby's rebuilding box reads "${words}"`);
  check((await label.getAttribute('title')) === variant.description, `the lobby describes rebuilding as "${await label.getAttribute('title')}"`);
  // The server picks each game's deck: a game that never offers a removal is followed by another
  // (three at most; a removal usually comes within 3 to 30 tiles).
  let result;
  for (let attempt = 1; ; attempt++) {
    result = await playRebuildingGame(ann, ben);
    if (result.done) break;
    check(attempt < 3, 'three games with rebuilding without a removal offered');
  }
  for (const w of [ann, ben]) {
    const texts = await checkNoNotation(w.page, '[data-testid=event], [data-testid=action-panel], [data-testid=players], [data-testid=turn]');
    log(`${w.name}: ${texts} texts checked`);
  }
  log(`game ${result.id}: a tile moved by rebuilding after ${result.tiles} tiles: "${result.replaced.text}"`);
  passed += 1;
}

// ---- main ---------------------------------------------------------------------------------

async function failureShots() {
  let i = 0;
  for (const b of browsers) {
    i += 1;
    await screenshot(b.page, `failure-${i}-${b.name}.png`).catch(() => {});
  }
}

const watchdog = setTimeout(async () => {
  console.error(`FAILED: the browser test took longer than ${TOTAL_MS / 1000} s`);
  await failureShots();
  await closeBrowsers();
  process.exit(1);
}, TOTAL_MS);

// ---- scenario 20: a crowded decision on a phone, and undo -----------------------------------

/**
 * At a crowded figure decision on the phone (the fairy's moves beside the new tile's places,
 * the princess where she comes): every marker whose centre lies on the board is tappable (none
 * under the zoom buttons or the docked panel) and big enough for a finger, the new tile's
 * places are listed in the panel too, and one is chosen from that list by a tap.
 */
async function checkCrowded(page, id, view, choose) {
  // Each marker by its ring: where it is, how big, and whether a tap at its centre reaches it.
  // Measured as a frame shows it: the waits poll on a timer, which may run between the
  // decision's drawing and the frame's resize observers (the docked panel's height, the
  // board's size), whose fits a person always sees done.
  const measure = () =>
    page.evaluate(async () => {
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      return [...document.querySelectorAll('svg.board [data-marker]')].map((m) => {
        const r = m.querySelector('.marker-ring').getBoundingClientRect();
        const cx = r.x + r.width / 2;
        const cy = r.y + r.height / 2;
        const hit = document.elementFromPoint(cx, cy);
        return { testid: m.dataset.testid, x: Number(m.dataset.x), y: Number(m.dataset.y), cx, cy, size: Math.min(r.width, r.height), reached: !!hit && hit.closest('[data-marker]') === m };
      });
    });
  // Fitted (as the decision comes): measured first, then the windows it is checked against.
  // Where an earlier step ended the fit (an arrow key's dragon step that had to pan to its
  // tile), "⤢" shows it pressed no more and is tapped first, as a person would.
  if ((await page.getAttribute('[data-testid=zoom-fit]', 'aria-pressed')) !== 'true') {
    log('the board was not fitted at the crowded decision (panned by an earlier step); "⤢" tapped');
    await press(page, '[data-testid=zoom-fit]');
    check((await page.getAttribute('[data-testid=zoom-fit]', 'aria-pressed')) === 'true', '"⤢" does not show the fitted board as pressed after a tap');
  }
  const markers = await measure();
  const board = await page.locator('svg.board').boundingBox();
  const controls = await page.locator('.zoom-controls').boundingBox();
  const dock = await page.locator('[data-testid=action-panel]').boundingBox();
  const inWindow = (m) => m.cx >= board.x && m.cx <= board.x + board.width && m.cy >= board.y && m.cy <= board.y + board.height;
  const clear = (m, what) => {
    const underControls = m.cx >= controls.x && m.cx <= controls.x + controls.width && m.cy >= controls.y && m.cy <= controls.y + controls.height;
    check(!underControls, `${what}: a ${m.testid} lies under the zoom buttons`);
    check(m.cy < dock.y, `${what}: a ${m.testid} lies under the docked panel (${m.cy} below ${dock.y})`);
    check(m.reached, `${what}: a ${m.testid} at (${m.x}, ${m.y}) cannot be tapped`);
  };
  // Fitted: every marker on the board, clear of the buttons and the panel, tappable; a big
  // board fitted to a phone makes them small (14 px at the least).
  const onBoard = markers.filter(inWindow);
  const off = markers.filter((m) => !inWindow(m)).map((m) => `${m.testid} of (${m.x}, ${m.y}) at (${m.cx.toFixed(0)}, ${m.cy.toFixed(0)})`);
  check(!off.length, `${off.length} of ${markers.length} markers lie off the board (${board.x}, ${board.y}, ${board.width} × ${board.height}) at the fitted view: ${off.join('; ')}`);
  for (const m of onBoard) {
    clear(m, 'fitted');
    check(m.size >= 14, `a ${m.testid} is ${m.size.toFixed(1)} px across on the phone`);
  }
  // "+" zooms around the tile decided on: its markers stay in the free part of the board,
  // now big enough for a finger.
  const tile = view.pending;
  for (let i = 0; i < 3 && (await measure()).filter((m) => m.x === tile.x && m.y === tile.y && m.testid === 'figure-marker').some((m) => m.size < 28); i++) {
    await press(page, '[data-testid=zoom-in]');
  }
  const zoomed = (await measure()).filter((m) => m.x === tile.x && m.y === tile.y && m.testid === 'figure-marker');
  for (const m of zoomed) {
    check(inWindow(m), `zoomed in: the new tile's ${m.testid} left the board's window`);
    clear(m, 'zoomed in');
    check(m.size >= 28, `zoomed in: the new tile's ${m.testid} is ${m.size.toFixed(1)} px across`);
  }
  await press(page, '[data-testid=zoom-fit]');
  const kinds = [...new Set(markers.map((m) => m.testid))];
  const places = await page.locator('svg.board [data-testid=figure-marker]').count();
  await screenshot(page, choose === 'princess' ? 'web-phone-princess.png' : 'web-phone-crowded.png');
  if (choose === 'princess') {
    // The princess by a tap on her crown marker.
    const crown = (await clickable(page, 'svg.board [data-testid=princess-marker]'))[0];
    check(crown, 'no princess marker can be tapped');
    await press(page, `svg.board [data-testid=princess-marker][data-x="${crown.x}"][data-y="${crown.y}"][data-feature="${crown.feature}"] .marker-body`);
    await confirm(page, 'the princess chosen by a tap');
    const removed = (await newEvents(id, view.events.length)).find((e) => e.type === 'knight-removed');
    check(removed && removed.x === Number(crown.x) && removed.y === Number(crown.y), `the API has no knight sent home at (${crown.x}, ${crown.y})`);
  } else if (places) {
    // The new tile's places as a list: one button per place, a tap chooses it.
    await press(page, '[data-testid=deploy-list-summary]');
    await page.locator('[data-testid=deploy-choice]').first().waitFor();
    const listed = await page.locator('[data-testid=deploy-choice]').count();
    check(listed === places, `${places} places on the new tile, ${listed} listed in the panel`);
    await press(page, '[data-testid=deploy-choice]');
    if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice][data-figure=follower]');
    await page.locator('[data-testid=chosen]').waitFor();
    await confirm(page, 'a place chosen from the list');
    const deployed = (await newEvents(id, view.events.length)).find((e) => e.type === 'figure-deployed');
    check(deployed && deployed.x === view.pending.x && deployed.y === view.pending.y, `the API has no deployment on the new tile: ${JSON.stringify(deployed)}`);
  } else {
    await press(page, '[data-testid=fairy-marker] .marker-body');
    await confirm(page, 'the fairy moved by a tap');
  }
  return { markers: markers.length, kinds };
}

/**
 * Places a princess's tile beside the knights' cities, each place and turn tried in turn and
 * taken back with "Undo" (a placement draws nothing, so it may be), until one lets the princess
 * send a knight home while the fairy's moves are offered too; then checks that crowded decision
 * by taps (`checkCrowded`). Without such a place the tile is placed as usual; answers null then.
 */
async function seekPrincess(page, id, turn) {
  const view = await api(`/api/games/${id}`);
  const knights = view.figures.filter((f) => f.feature.startsWith('city'));
  const spots = (await clickable(page, '[data-testid=spot]')).filter((p) =>
    knights.some((k) => Math.abs(k.x - Number(p.x)) + Math.abs(k.y - Number(p.y)) === 1),
  );
  let tries = 0;
  for (const spot of spots.slice(0, 6)) {
    const sel = `[data-testid=spot][data-x="${spot.x}"][data-y="${spot.y}"]`;
    // A tap puts the tile there; ⟳ turns it to the next turn that fits.
    for (let r = 0; r < 4; r++) {
      await press(page, sel);
      await page.locator('[data-testid=ghost-tile]').waitFor({ state: 'attached' });
      for (let k = 0; k < r; k++) await press(page, '[data-testid=rotate-cw]');
      await confirm(page, `the princess's tile tried at (${spot.x}, ${spot.y})`);
      tries += 1;
      if ((await waitForTurn(page, 'the figure decision of a try')) === 'deploy') {
        const count = (kind) => page.locator(`svg.board [data-testid=${kind}-marker]`).count();
        if ((await count('princess')) >= 1 && (await count('fairy')) >= 1) {
          log(`the princess may act after ${tries} tries of her tile`);
          return checkCrowded(page, id, await api(`/api/games/${id}`), 'princess');
        }
      }
      if (!(await page.locator('[data-testid=undo]').count())) return null;
      const before = (await gameState(page)).version;
      await press(page, '[data-testid=undo]');
      await waitForVersionAbove(page, before, 'a try taken back');
      check((await waitForTurn(page, 'the princess\'s tile again')) === 'place', 'a try taken back does not ask for the tile again');
    }
  }
  await placeTile(page, turn);
  return null;
}

/**
 * The Princess & the Dragon on a 360 × 740 phone against greedy, by taps: the first placement
 * is taken back with "Undo" (the same tile to place again; the log says so) and placed again;
 * later a crowded figure decision is checked (`checkCrowded`). The game is left there.
 */
async function scenarioPhoneCrowded() {
  log('scenario 20 (phone): undo, and a crowded figure decision of The Princess & the Dragon by taps');
  const { page } = await openBrowser('phone-crowded', PHONE);
  let undone = false;
  let crowded = null;
  let princess = null;
  // The server deals the tiles, so the princess among the fairy's moves comes in some games
  // only (a princess's tile is put beside a knight's city where it can): one game is played to
  // its end or to her, and without her the fairy's crowded decision stands for it.
  for (let game = 1; game <= 1 && !princess; game++) {
    const { id, play } = await createGame(page, ['human', 'greedy'], ['Pia', 'Greedy'], ['princess-dragon']);
    const token = /#token=([0-9a-f]+)/.exec(play)[1];
    await press(page, '[data-testid=play-link]');
    await page.waitForURL(/\/play\//);
    const tally = { id, steps: 0, clicked: 0, byKey: 0, fairy: 0, gateTurns: 0, gateFolded: 0, gateDeploys: 0, princess: 0, shot: true, pieces: 0 };
    let turn = 0;
    for (;;) {
      // Once the undo and a crowded decision were checked by taps, the turns up to the next
      // princess's tile go through the API (knights deployed where they may go, for her to
      // remove), and the window catches up: a whole game of taps took most of this scenario.
      if (undone && crowded) {
        const next = await playThroughApi(id, token, 'the princess game', (v) => v.pending.decision === 'place' && /princess/.test(v.pending.tile_name || ''), (legal, steps) => {
          const knight = legal.find((a) => a.action === 'deploy' && a.figure === 'follower' && /^city/.test(a.feature || ''));
          return knight || chooseQuietly(legal, steps);
        });
        if (!next) break;
        await waitFor(page, 'the window at the princess\'s tile', (v) => {
          const g = document.querySelector('[data-testid=game]');
          return g && Number(g.dataset.version) === v;
        }, next.version);
      }
      const decision = await waitForTurn(page, `decision ${turn + 1} of the phone's seat`);
      if (decision === 'over') break;
      check(Date.now() - started < TOTAL_MS - 60_000, `no crowded decision after ${turn} turns; out of time`);
      const view = await api(`/api/games/${id}`);
      if (decision === 'place') {
        turn += 1;
        const tile = await page.textContent('[data-testid=tile-name]');
        // A princess's tile is tried beside the knights' cities, each try taken back, until
        // she may act among the fairy's moves.
        if (undone && tile.includes('princess')) {
          princess = await seekPrincess(page, id, turn);
          if (princess) {
            log(`game ${id}: the princess among the fairy's moves after ${turn} turns, ${princess.markers} markers (${princess.kinds.join(', ')}), each tappable`);
            break;
          }
          continue;
        }
        await placeTile(page, turn);
        if (undone) continue;
        // Taken back while the figure decision is pending: the same tile to place again. A
        // placement that changes the deck (a volcano mixing the set-aside dragon tiles back in)
        // or ends the turn is not offered an undo; a later placement is taken back instead.
        const next = await waitForTurn(page, 'the figure decision after the placement');
        const offered = next === 'deploy' && (await page.locator('[data-testid=undo]').waitFor({ timeout: 3_000 }).then(() => true, () => false));
        if (!offered) {
          log(`turn ${turn}: no undo offered after placing ${tile} (the next decision: ${next}); the next placement is taken back`);
          continue;
        }
        const before = (await gameState(page)).version;
        await press(page, '[data-testid=undo]');
        await waitForVersionAbove(page, before, 'the undo');
        check((await waitForTurn(page, 'the tile to place again')) === 'place', 'after the undo the page does not ask to place the tile');
        check((await page.textContent('[data-testid=tile-name]')) === tile, `the tile to place after the undo is not ${tile}`);
        await waitFor(page, 'the log to tell the undo', () => [...document.querySelectorAll('[data-testid=event]')].some((e) => e.dataset.type === 'undone'));
        check(!(await page.locator('[data-testid=undo]').count()), 'an undo is offered again after the undo');
        undone = true;
        log(`the placement of ${tile} taken back by a tap`);
        continue;
      }
      if (decision === 'dragon') {
        await dragonStep(page, id, await checkPieces(page, id), tally);
        continue;
      }
      const count = (kind) => page.locator(`svg.board [data-testid=${kind}-marker]`).count();
      const [fairy, princesses, all] = [await count('fairy'), await count('princess'), await page.locator('svg.board [data-marker]').count()];
      if (decision === 'deploy' && fairy >= 1 && princesses >= 1) {
        princess = await checkCrowded(page, id, view, 'princess');
        log(`game ${id}: the princess among the fairy's moves after ${turn} turns, ${princess.markers} markers (${princess.kinds.join(', ')}), each tappable`);
        break;
      }
      if (decision === 'deploy' && !crowded && fairy >= 1 && all >= 6) {
        crowded = await checkCrowded(page, id, view, 'place');
        log(`game ${id}: a crowded decision after ${turn} turns, ${crowded.markers} markers (${crowded.kinds.join(', ')}), each tappable`);
        continue;
      }
      await dragonFigures(page, id, view, turn, tally);
    }
  }
  check(undone, 'no placement was taken back');
  check(crowded || princess, 'no crowded figure decision in the game');
  if (!princess) log('no princess came among the fairy\'s moves in this game: the crowded decision of the fairy stands for it');
  passed += 1;
}

// ---- scenario 21: chat ------------------------------------------------------------------------

/** Ann and Ben chat in two windows; a spectator reads and cannot write. */
async function scenarioChat() {
  log('scenario 21 (desktop): chat in two windows and a spectator, with a turn clock');
  const a = await openBrowser('chat-ann');
  const { id, links } = await createGame(a.page, ['human', 'human'], ['Ann', 'Ben'], [], { clock: 60 });
  const b = await openBrowser('chat-ben');
  const s = await openBrowser('chat-spectator');
  await a.page.goto(links[0]);
  await b.page.goto(links[1]);
  await s.page.goto(`${BASE}/play/${id}`);
  for (const p of [a.page, b.page, s.page]) await p.locator('[data-testid=chat]').waitFor();
  // The turn clock counts Ann's minute down on every screen.
  for (const p of [a.page, s.page]) {
    const first = Number(await p.locator('[data-testid=clock]').getAttribute('data-left'));
    check(first > 40 && first <= 60, `the clock shows ${first} s left of 60`);
    await waitFor(p, 'the clock to count down', (f) => Number(document.querySelector('[data-testid=clock]').dataset.left) < f, first, 5000);
  }
  check(/^⏱ \d:\d\d$/.test(await a.page.textContent('[data-testid=clock]')), 'the clock does not read m:ss');
  check(!(await s.page.locator('[data-testid=chat-input]').isVisible()), 'a spectator is offered the chat\'s input');
  const say = async (page, text) => {
    await page.fill('[data-testid=chat-input]', text);
    await page.press('[data-testid=chat-input]', 'Enter');
    await waitFor(page, `the input to clear after "${text}"`, () => document.querySelector('[data-testid=chat-input]').value === '');
  };
  const shows = (page, who, text) =>
    waitFor(
      page,
      `the chat to show ${who}: ${text}`,
      ([who, text]) => [...document.querySelectorAll('[data-testid=chat-message]')].some((m) => m.textContent === `${who} ${text}`),
      [who, text],
      10_000,
    );
  // Markup stays text.
  await say(a.page, 'Hello Ben <b>good luck</b>');
  for (const p of [a.page, b.page, s.page]) await shows(p, 'Ann', 'Hello Ben <b>good luck</b>');
  check(!(await b.page.locator('[data-testid=chat-message] b').count()), 'a message was taken as markup');
  // Ben's board tells him over the board too.
  await waitFor(b.page, 'the message over Ben\'s board', () => [...document.querySelectorAll('[data-testid=announce] .news.chat')].some((n) => n.textContent.includes('Hello Ben')));
  await say(b.page, 'Thanks!');
  for (const p of [a.page, b.page, s.page]) await shows(p, 'Ben', 'Thanks!');
  // An empty message is not sent; the chat survives a reload.
  await b.page.reload();
  await shows(b.page, 'Ann', 'Hello Ben <b>good luck</b>');
  const view = await api(`/api/games/${id}`);
  check(view.chat.length === 2 && view.chat[1].text === 'Thanks!', `the API's chat: ${JSON.stringify(view.chat)}`);
  log(`game ${id}: two messages seen in three windows`);
  passed += 1;
}

// ---- scenario 22: Little Buildings -----------------------------------------------------------

/**
 * Little Buildings against greedy, by clicks: a plain building put on the new tile through its
 * marker; then, in a game with the variant of three kinds, a tower chosen among the kinds. The
 * board draws each building on its tile, the seat's supply counts down, the API agrees.
 */
async function scenarioLittleBuildings() {
  log('scenario 22 (desktop): Little Buildings, a building and a tower put on new tiles by clicks');
  const { page } = await openBrowser('little-buildings', DESKTOP);
  for (const [variants, kind] of [[[], null], [['little-buildings-values'], 'tower']]) {
    const { id } = await createGame(page, ['human', 'greedy'], ['Lena', 'Greedy'], ['little-buildings'], { variants });
    await press(page, '[data-testid=play-link]');
    await page.waitForURL(/\/play\//);
    check((await waitForTurn(page, 'the first placement')) === 'place', 'the game does not begin with a placement');
    await placeTile(page, 1);
    check((await waitForTurn(page, 'the figure decision')) === 'deploy', 'no figure decision after the placement');
    const view = await api(`/api/games/${id}`);
    const supply = async () => Number(((await page.locator('[data-testid=player][data-seat="0"] [data-testid=supply-buildings]').textContent()) || '').replace(/\D/g, ''));
    const before = await supply();
    await pressMarker(page, '[data-testid=building-marker]');
    if (kind) {
      // The marker offers the three kinds; the tower from the panel's list.
      await press(page, `[data-testid=building-choice][data-kind=${kind}]`);
    }
    await page.locator('[data-testid=confirm]:not([disabled])').waitFor();
    const words = await page.textContent('[data-testid=confirm]');
    check(words.includes(`Put the ${kind || 'building'} here`), `the confirm button reads "${words}"`);
    await confirm(page, `a ${kind || 'building'} on the new tile`);
    const after = await api(`/api/games/${id}`);
    const built = (after.little_buildings || []).find((b) => b.seat === 0 && b.x === view.pending.x && b.y === view.pending.y);
    check(built && (built.kind ?? null) === kind, `the API has no ${kind || 'building'} of Lena's at (${view.pending.x}, ${view.pending.y}): ${JSON.stringify(after.little_buildings)}`);
    await page.locator(`svg.board [data-testid=little-building][data-x="${view.pending.x}"][data-y="${view.pending.y}"][data-seat="0"]`).waitFor();
    await waitFor(page, 'the supply to count the building', (n) => Number((document.querySelector('[data-testid=player][data-seat="0"] [data-testid=supply-buildings]')?.textContent || '').replace(/\D/g, '')) === n, before - 1);
    log(`game ${id}: ${kind ? `a ${kind}` : 'a building'} at (${view.pending.x}, ${view.pending.y}), ${before - 1} left`);
  }
  await screenshot(page, 'web-little-buildings.png');
  passed += 1;
}

// ---- scenario 23: The Festival ----------------------------------------------------------------

/**
 * The Festival against greedy, by clicks: the human seat deploys a follower whenever it can
 * until it places a tile with the festival symbol while a figure of its own stands on the board;
 * then it takes that figure back through its marker. The marker stands on the figure, the panel
 * lists the return, the confirm button says so; the API shows the figure back in the supply and
 * the return in the log, without points.
 */
async function scenarioFestival() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 23 (${label}): The Festival, a figure taken back by ${label === 'phone' ? 'taps' : 'clicks'}`);
    const { page } = await openBrowser(`festival-${label}`, device);
    await festivalReturn(page, label);
    await closeBrowsers();
  }
  passed += 1;
}

/** One game against greedy until the human seat takes a figure back through the festival. */
async function festivalReturn(page, label) {
  for (let attempt = 1; ; attempt++) {
    const { id } = await createGame(page, ['human', 'greedy'], ['Fenna', 'Greedy'], ['festival']);
    await press(page, '[data-testid=play-link]');
    await page.waitForURL(/\/play\//);
    let turn = 0;
    let done = false;
    for (;;) {
      const decision = await waitForTurn(page, `decision ${turn + 1} of the festival game (or the end)`);
      if (decision === 'over') break;
      check(Date.now() - started < TOTAL_MS - 30_000, `the festival game is still running after ${turn} turns; out of time`);
      if (decision === 'place') {
        turn += 1;
        await placeTile(page, turn);
        continue;
      }
      check(decision === 'deploy', `the festival game asks for an unexpected decision: ${decision}`);
      if (!(await page.locator('[data-testid=festival-marker]').count())) {
        await deployOrPass(page, turn, true);
        continue;
      }
      const before = await api(`/api/games/${id}`);
      const marker = page.locator('[data-testid=festival-marker]').first();
      const [x, y, feature] = [await marker.getAttribute('data-x'), await marker.getAttribute('data-y'), await marker.getAttribute('data-feature')];
      const figure = before.figures.find((f) => f.seat === 0 && String(f.x) === x && String(f.y) === y && f.feature === feature);
      check(figure, `the festival marker at (${x}, ${y}) ${feature} stands on no figure of Fenna's: ${JSON.stringify(before.figures)}`);
      const listed = await page.locator('[data-testid=festival-choice]').count();
      check(listed >= 1, 'the panel lists no festival return');
      await pressMarker(page, `[data-testid=festival-marker][data-x="${x}"][data-y="${y}"][data-feature="${feature}"]`);
      await page.locator('[data-testid=confirm]:not([disabled])').waitFor();
      const words = await page.textContent('[data-testid=confirm]');
      check(words.includes('Take it back'), `the confirm button reads "${words}"`);
      if (label === 'desktop') await screenshot(page, 'web-festival.png');
      await confirm(page, `taking back the ${figure.figure} at (${x}, ${y})`);
      const after = await api(`/api/games/${id}`);
      const still = after.figures.some((f) => f.seat === 0 && String(f.x) === x && String(f.y) === y && f.feature === feature);
      check(!still, `the ${figure.figure} at (${x}, ${y}) is still on the board`);
      const supply = (v) => v.seats[0].supply[figure.figure] || 0;
      // The figure taken back, and any of its kind the turn's scoring sent home after it (the
      // festival tile may complete a feature of Fenna's).
      const scoredHome = after.events
        .slice(before.events.length)
        .filter((e) => e.type === 'figure-returned' && e.seat === 0 && e.figure === figure.figure).length;
      check(
        supply(after) === supply(before) + 1 + scoredHome,
        `the supply went from ${supply(before)} to ${supply(after)} (${scoredHome} sent home by the turn's scoring)`,
      );
      const event = after.events.find((e) => e.type === 'festival-return' && e.seat === 0);
      check(event && /celebrates the festival and takes back/.test(event.text), `no festival return in the log: ${JSON.stringify(event)}`);
      // The return itself is worth nothing: Fenna's score moves only by what the turn's scoring
      // (and, if greedy has already answered, its turn's scoring) gave her.
      const scoredSince = scoredFor(after.events.slice(before.events.length), 0);
      check(
        after.seats[0].score === before.seats[0].score + scoredSince,
        `the return scored points: ${before.seats[0].score} -> ${after.seats[0].score}, ${scoredSince} of them by scoring`,
      );
      log(`game ${id} (${label}): turn ${turn}, the ${figure.figure} at (${x}, ${y}) taken back: "${event.text}"`);
      done = true;
      break;
    }
    if (done) break;
    check(attempt < 3, 'three games without a festival tile placed by the human seat with a figure on the board');
    log('that game gave no festival return: another game');
  }
}

// ---- scenario 24: The Gold Mines --------------------------------------------------------------

/**
 * The Gold Mines against greedy, by clicks and by taps: the human seat plays until it places a
 * gold tile; the tiles around it are highlighted, the panel lists them, the confirm button says
 * where the ingot goes; after the choice the API has an ingot on the gold tile and one on the
 * tile chosen, and the board draws them.
 */
async function scenarioGoldMines() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 24 (${label}): The Gold Mines, the second ingot placed by ${label === 'phone' ? 'a tap' : 'a click'}`);
    const { page } = await openBrowser(`gold-${label}`, device);
    await goldPlacement(page, label);
    await closeBrowsers();
  }
  passed += 1;
}

/** One game against greedy until the human seat puts a gold tile's second ingot down. */
async function goldPlacement(page, label) {
  for (let attempt = 1; ; attempt++) {
    const { id } = await createGame(page, ['human', 'greedy'], ['Goldie', 'Greedy'], ['goldmines']);
    await press(page, '[data-testid=play-link]');
    await page.waitForURL(/\/play\//);
    let turn = 0;
    let done = false;
    for (;;) {
      const decision = await waitForTurn(page, `decision ${turn + 1} of the gold game (or the end)`);
      if (decision === 'over') break;
      check(Date.now() - started < TOTAL_MS - 30_000, `the gold game is still running after ${turn} turns; out of time`);
      if (decision === 'place') {
        turn += 1;
        await placeTile(page, turn);
        continue;
      }
      if (decision === 'deploy') {
        await deployOrPass(page, turn, true);
        continue;
      }
      check(decision === 'gold', `the gold game asks for an unexpected decision: ${decision}`);
      const before = await api(`/api/games/${id}`);
      const [gx, gy] = [before.pending.x, before.pending.y];
      const spots = page.locator('[data-testid=gold-spot]');
      const n = await spots.count();
      check(n >= 1 && n <= 8, `${n} tiles highlighted around the gold tile`);
      check((await page.locator('[data-testid=gold-choice]').count()) === n, 'the panel lists every highlighted tile');
      // A redraw (the same state arriving by the socket too) may replace the list between
      // finding and measuring it (seen once: no box): then it is measured again.
      let icon = null;
      for (let i = 0; i < 10 && !icon; i++) {
        icon = await page.locator('[data-testid=gold-choice] svg').first().boundingBox();
        if (!icon) await page.waitForTimeout(100);
      }
      check(icon && icon.width >= 14, `the ingot beside a choice is squeezed: ${JSON.stringify(icon)}`);
      const spot = spots.first();
      const [x, y] = [Number(await spot.getAttribute('data-x')), Number(await spot.getAttribute('data-y'))];
      check(Math.max(Math.abs(x - gx), Math.abs(y - gy)) === 1, `(${x}, ${y}) is not around the gold tile at (${gx}, ${gy})`);
      await press(page, `[data-testid=gold-spot][data-x="${x}"][data-y="${y}"]`);
      await page.locator('[data-testid=confirm]:not([disabled])').waitFor();
      const words = await page.textContent('[data-testid=confirm]');
      check(words.includes('Put the ingot here'), `the confirm button reads "${words}"`);
      if (label === 'desktop') await screenshot(page, 'web-gold-mines.png');
      await confirm(page, `the second ingot on (${x}, ${y})`);
      const after = await api(`/api/games/${id}`);
      const count = (v, ax, ay) => ((v.gold || []).find((g) => g.x === ax && g.y === ay) || { count: 0 }).count;
      check(count(after, gx, gy) === count(before, gx, gy) + 1, `the gold tile at (${gx}, ${gy}) has no new ingot: ${JSON.stringify(after.gold)}`);
      check(count(after, x, y) === count(before, x, y) + 1, `(${x}, ${y}) has no new ingot: ${JSON.stringify(after.gold)}`);
      await page.locator(`svg.board [data-testid=gold][data-x="${x}"][data-y="${y}"]`).waitFor();
      const event = after.events.find((e) => e.type === 'gold-placed' && e.seat === 0);
      check(event && /puts a gold ingot on the gold tile/.test(event.text), `no gold placement in the log: ${JSON.stringify(event)}`);
      log(`game ${id} (${label}): turn ${turn}, gold on (${gx}, ${gy}) and (${x}, ${y}): "${event.text}"`);
      done = true;
      break;
    }
    if (done) break;
    check(attempt < 3, 'three games without a gold tile placed by the human seat');
    log('that game gave the human seat no gold tile: another game');
  }
}

// ---- scenario 25: The Wind Roses --------------------------------------------------------------

/**
 * The Wind Roses against greedy, by clicks and by taps (the phone under the Spielbox variant):
 * the sections are drawn around the orange start rose (four named sections, or north and south);
 * the human seat plays until it draws a quarter rose that can score, picks a square in its
 * section (the API's words for that placement name the 3 points), and the API then has the
 * points, the event and its sentence.
 */
async function scenarioWindRoses() {
  for (const [label, device, variants] of [['desktop', DESKTOP, []], ['phone', PHONE, ['wind-roses-spielbox']]]) {
    log(`scenario 25 (${label}): The Wind Roses, a quarter rose placed in its section by ${label === 'phone' ? 'a tap' : 'a click'}`);
    const { page } = await openBrowser(`wind-roses-${label}`, device);
    await windRosePlacement(page, label, variants);
    await closeBrowsers();
  }
  passed += 1;
}

/** One game against greedy until the human seat scores a quarter rose. */
async function windRosePlacement(page, label, variants) {
  const sections = variants.length ? 2 : 4;
  for (let attempt = 1; ; attempt++) {
    const { id, play } = await createGame(page, ['human', 'greedy'], ['Rosa', 'Greedy'], ['wind-roses'], { variants });
    const token = /#token=([0-9a-f]+)/.exec(play)[1];
    await press(page, '[data-testid=play-link]');
    await page.waitForURL(/\/play\//);
    const drawn = page.locator('svg.board [data-testid=wind-rose-sections]');
    await drawn.waitFor({ state: 'attached' });
    check(Number(await drawn.getAttribute('data-sections')) === sections, `the board draws ${await drawn.getAttribute('data-sections')} sections, not ${sections}`);
    check((await page.locator('svg.board .wind-rose-section').count()) === sections, 'every section is named on the board');
    const words = (await drawn.getAttribute('aria-label')) || '';
    check(/orange wind rose on the start tile/.test(words), `the sections' words: "${words}"`);
    let turn = 0;
    let done = false;
    for (;;) {
      const decision = await waitForTurn(page, `decision ${turn + 1} of the wind roses game (or the end)`);
      if (decision === 'over') break;
      check(Date.now() - started < TOTAL_MS - 30_000, `the wind roses game is still running after ${turn} turns; out of time`);
      if (decision === 'deploy') {
        await deployOrPass(page, turn, true);
        continue;
      }
      check(decision === 'place', `the wind roses game asks for an unexpected decision: ${decision}`);
      turn += 1;
      const view = await api(`/api/games/${id}?token=${token}`);
      const scoring = (view.legal || []).filter((a) => a.action === 'place' && /its wind rose names \(3 points\)/.test(a.label || ''));
      if (!scoring.length) {
        await placeTile(page, turn);
        continue;
      }
      const targets = new Set(scoring.map((a) => `${a.x},${a.y}`));
      const at = await placeTile(page, turn, { prefer: (spots) => spots.find((sp) => targets.has(`${sp.x},${sp.y}`)) });
      if (!targets.has(`${at.x},${at.y}`)) continue; // the square was not in view: try another time
      const after = await api(`/api/games/${id}`);
      const event = after.events.find((e) => e.type === 'wind-rose-scored' && e.seat === 0 && e.x === at.x && e.y === at.y);
      check(event && event.points === 3, `no wind rose points for (${at.x}, ${at.y}): ${JSON.stringify(after.events.slice(-6))}`);
      check(/lies in the section it names/.test(event.text), `the wind rose's sentence: ${JSON.stringify(event.text)}`);
      if (label === 'desktop') await screenshot(page, 'web-wind-roses.png');
      log(`game ${id} (${label}): turn ${turn}, ${view.pending.tile} at (${at.x}, ${at.y}): "${event.text}"`);
      done = true;
      break;
    }
    if (done) break;
    check(attempt < 3, 'three games without a quarter rose scored by the human seat');
    log('that game gave the human seat no quarter rose to score: another game');
  }
}

/**
 * Plays the seat of `token` through the API, for the turns that need no clicking, until
 * `stop(view, legal)` is true (returns that view, the seat to decide) or the game is over
 * (returns null). Other seats (bots) play on their own meanwhile. `choose(legal, steps)` picks
 * the action: by default a placement by the step's number and a pass.
 */
async function playThroughApi(id, token, what, stop, choose = chooseQuietly) {
  for (let steps = 0; ; ) {
    check(Date.now() - started < TOTAL_MS - 30_000, `${what} is still running after ${steps} steps; out of time`);
    const view = await api(`/api/games/${id}?token=${token}`);
    if (view.status === 'over') return null;
    const legal = (view.legal || []).filter(Boolean);
    if (!legal.length) {
      // Another seat (a bot) decides.
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    if (stop(view, legal)) return view;
    const { at, label, ...action } = choose(legal, steps);
    await apiPost(`/api/games/${id}/actions`, { token, action, version: view.version });
    steps += 1;
  }
}

/** [`playThroughApi`]'s default: a placement chosen by the step's number, then a pass. */
function chooseQuietly(legal, steps) {
  const pass = legal.find((a) => a.action === 'pass');
  return legal[0].action === 'place' ? legal[steps % legal.length] : pass || legal[0];
}

/** Waits until the window shows the API's `view` and its figure decision. */
async function showDecision(page, view, what) {
  await waitFor(page, `the window at the API's state (${what})`, (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  check((await waitForTurn(page, what)) === 'deploy', `the window does not show the figure decision (${what})`);
}

/** Waits until the window shows the end of the game. */
function showEnd(page, what) {
  return waitFor(page, `the end of ${what} in the window`, () => {
    const g = document.querySelector('[data-testid=game]');
    return g && g.dataset.status === 'over';
  });
}

// ---- scenario 26: the special monasteries ---------------------------------------------------

/**
 * Monasteries in Germany and its sister sets against greedy, on a desktop: when the human seat
 * places a monastery, both its places are offered as markers (the monk's and the prior's); the
 * prior's is chosen by a click, the API has the follower on `prior`, and the board draws it
 * lying on its side. The turns that need no clicking go through the API; the game is played to
 * its end, where the prior is scored.
 */
async function scenarioMonasteries() {
  log('scenario 26 (desktop): the special monasteries, a follower put on a monastery as its prior by a click');
  const { page } = await openBrowser('monasteries', DESKTOP);
  const { id, play } = await createGame(page, ['human', 'greedy'], ['Prisca', 'Greedy'], ['german-monasteries', 'dutch-belgian-monasteries', 'japanese-buildings']);
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  // The turns that need no clicking go through the API, up to a monastery of the human seat.
  const view = await playThroughApi(id, token, 'the monasteries game', (_, legal) =>
    legal.some((a) => a.action === 'deploy' && a.feature === 'prior' && a.figure === 'follower'));
  let prior = null;
  if (view) {
    await showDecision(page, view, 'the figure decision on a monastery');
    const markers = await clickable(page, '[data-testid=figure-marker]');
    const seat = markers.find((m) => m.feature === 'prior');
    check(seat, 'a monastery offers no prior\'s marker');
    check(markers.some((m) => m.feature === 'cloister' && m.x === seat.x && m.y === seat.y), 'a monastery offers the prior but not the monk');
    const label = view.legal.find((a) => a.action === 'deploy' && a.feature === 'prior' && a.figure === 'follower');
    check(/a prior on the monastery/.test(label.label || ''), `the prior's words: ${JSON.stringify(label)}`);
    await press(page, `[data-testid=figure-marker][data-feature="prior"] .marker-body`);
    if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice][data-figure=follower]');
    await confirm(page, 'a follower put on the monastery as its prior');
    const after = await api(`/api/games/${id}`);
    const deployed = after.events.find((e) => e.type === 'figure-deployed' && e.seat === 0 && e.feature === 'prior');
    check(deployed, `the API has no prior deployed: ${JSON.stringify(after.events.slice(-4))}`);
    // Every prior on the board (greedy's too) is drawn lying on its side.
    const priors = after.figures.filter((f) => f.feature === 'prior').length;
    const lying = await page.locator('svg.board [data-testid=figure][data-feature=prior] g[transform="rotate(-90)"]').count();
    check(priors >= 1 && lying === priors, `${lying} priors drawn lying, ${priors} on the board`);
    await screenshot(page, 'web-monasteries.png');
    prior = { x: deployed.x, y: deployed.y };
    log(`game ${id}: a prior at (${prior.x}, ${prior.y}): "${deployed.text}"`);
    await playThroughApi(id, token, 'the monasteries game', () => false);
  }
  check(prior, 'the game gave the human seat no monastery');
  const end = await api(`/api/games/${id}`);
  const scored = end.events.find((e) => e.type === 'scored' && e.kind === 'prior' && e.x === prior.x && e.y === prior.y);
  check(scored && scored.phase === 'final' && scored.points >= 1, `the prior is not scored at the end: ${JSON.stringify(scored)}`);
  log(`the prior scored at the end: "${scored.text}"`);
  passed += 1;
}

// ---- scenario 27: Heretics and Shrines ---------------------------------------------------------

/**
 * Heretics and Shrines against greedy, on a desktop: every shrine on the board is drawn as a
 * shrine (its own icon, not a cloister's), a follower on one is a heretic in the words of the
 * API and the log, and when the human seat draws a shrine its heretic is put there by a click on
 * the shrine's marker. The turns that need no clicking go through the API; the game is played
 * to its end.
 */
async function scenarioShrines() {
  log('scenario 27 (desktop): Heretics and Shrines, shrines drawn as shrines, heretics named so');
  const { page } = await openBrowser('shrines', DESKTOP);
  const { id, play } = await createGame(page, ['human', 'greedy'], ['Hera', 'Greedy'], ['shrines']);
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  // The turns that need no clicking go through the API, up to a shrine the human seat placed.
  const view = await playThroughApi(id, token, 'the shrines game', (v, legal) =>
    v.board[v.board.length - 1].tile.startsWith('shrines:')
    && legal.some((a) => a.action === 'deploy' && a.feature === 'cloister' && a.figure === 'follower'));
  let heretic = null;
  if (view) {
    const placed = view.board[view.board.length - 1];
    const onShrine = view.legal.find((a) => a.action === 'deploy' && a.feature === 'cloister' && a.figure === 'follower');
    check(/a heretic in the shrine/.test(onShrine.label || ''), `the heretic's words: ${JSON.stringify(onShrine)}`);
    await showDecision(page, view, 'the figure decision on a shrine');
    await press(page, '[data-testid=figure-marker][data-feature="cloister"] .marker-body');
    if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice][data-figure=follower]');
    await confirm(page, 'a heretic put on the shrine');
    const after = await api(`/api/games/${id}`);
    const deployed = after.events.find((e) => e.type === 'figure-deployed' && e.seat === 0 && e.x === placed.x && e.y === placed.y);
    check(deployed && /heretic/.test(deployed.text), `the log does not name the heretic: ${JSON.stringify(deployed)}`);
    heretic = { x: placed.x, y: placed.y };
    log(`game ${id}: a heretic at (${heretic.x}, ${heretic.y}): "${deployed.text}"`);
    await playThroughApi(id, token, 'the shrines game', () => false);
  }
  await showEnd(page, 'the shrines game');
  const end = await api(`/api/games/${id}`);
  const shrines = end.board.filter((t) => t.tile.startsWith('shrines:'));
  check(shrines.length >= 1, 'no shrine came into the game');
  for (const t of shrines) {
    const ref = `tile-${t.tile.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const drawn = await page.evaluate((r) => ({
      shrine: document.querySelectorAll(`#${r} .shrine`).length,
      cloister: document.querySelectorAll(`#${r} .cloister`).length,
    }), ref);
    check(drawn.shrine === 1 && drawn.cloister === 0, `${t.tile} is drawn with ${drawn.shrine} shrines and ${drawn.cloister} cloisters`);
  }
  // Every follower deployed on a shrine, whoever's, is a heretic in the log.
  const onShrines = end.events.filter((e) => e.type === 'figure-deployed' && e.feature === 'cloister'
    && shrines.some((t) => t.x === e.x && t.y === e.y));
  check(onShrines.every((e) => /heretic/.test(e.text)), `a follower on a shrine not called a heretic: ${JSON.stringify(onShrines.map((e) => e.text))}`);
  log(`${shrines.length} shrines drawn as shrines; ${onShrines.length} heretics deployed${heretic ? ', one by a click' : ' (the human seat drew no shrine)'}`);
  passed += 1;
}

// ---- scenario 28: The Watchtowers -------------------------------------------------------------

/**
 * The Watchtowers against greedy, on a desktop: every watchtower tile is drawn with its tower
 * (and the badge of what it watches over, its class naming it); when the human seat draws one,
 * the deployment on its road or city says what the tower would pay, and the follower is put
 * there by a click on its marker. The turns that need no clicking go through the API (the human
 * seat deploys a follower wherever it can after the click). Every tower scored is in the log before
 * its feature's score.
 */
async function scenarioWatchtowers() {
  log('scenario 28 (desktop): The Watchtowers, towers drawn, a follower put by one, the towers scored first');
  const { page } = await openBrowser('watchtowers', DESKTOP);
  const { id, play } = await createGame(page, ['human', 'greedy'], ['Wanda', 'Greedy'], ['watchtowers']);
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  // The turns that need no clicking go through the API, up to a watchtower the human seat placed
  // with a road or city to stand on by it.
  const byTowerOf = (legal) => legal.find((a) => a.action === 'deploy' && a.figure === 'follower' && /by the watchtower/.test(a.label || ''));
  const view = await playThroughApi(id, token, 'the watchtowers game', (v, legal) =>
    v.board[v.board.length - 1].tile.startsWith('watchtowers:') && byTowerOf(legal));
  let guard = null;
  if (view) {
    const placed = view.board[view.board.length - 1];
    const byTower = byTowerOf(view.legal);
    check(/points if completed now/.test(byTower.label), `the tower's words: ${JSON.stringify(byTower)}`);
    await showDecision(page, view, 'the figure decision on a watchtower\'s tile');
    await press(page, `[data-testid=figure-marker][data-feature="${byTower.feature}"] .marker-body`);
    if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice][data-figure=follower]');
    await confirm(page, 'a follower put by the watchtower');
    const after = await api(`/api/games/${id}`);
    const deployed = after.events.find((e) => e.type === 'figure-deployed' && e.seat === 0 && e.x === placed.x && e.y === placed.y);
    check(deployed && deployed.feature === byTower.feature, `the API has no follower by the tower: ${JSON.stringify(after.events.slice(-3))}`);
    guard = { x: placed.x, y: placed.y };
    log(`game ${id}: a follower by the watchtower at (${guard.x}, ${guard.y}): "${byTower.label}"`);
    // A follower wherever one can go, so that towers are scored.
    await playThroughApi(id, token, 'the watchtowers game', () => false, (legal, steps) =>
      legal.find((a) => a.action === 'deploy' && a.figure === 'follower') || chooseQuietly(legal, steps));
  }
  await showEnd(page, 'the watchtowers game');
  const end = await api(`/api/games/${id}`);
  const towers = end.board.filter((t) => t.tile.startsWith('watchtowers:'));
  check(towers.length >= 1, "no watchtower tile came into the game");
  for (const t of towers) {
    const ref = `tile-${t.tile.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const drawn = await page.evaluate((r) => document.querySelectorAll(`#${r} [class^="symbol watchtower-"]`).length, ref);
    check(drawn === 1, `${t.tile} is drawn with ${drawn} watchtowers`);
  }
  // Each tower scored comes before the score of its road or city, in the log's words.
  const scored = end.events.map((e, i) => [e, i]).filter(([e]) => e.type === 'watchtower-scored');
  for (const [e, i] of scored) {
    check(/for the watchtower/.test(e.text) && e.points > 0, `a tower's score: ${JSON.stringify(e)}`);
    const next = end.events.slice(i + 1).find((f) => f.type === 'scored' || f.type === 'watchtower-scored');
    check(next && next.phase !== 'final', `a tower's score not followed by its feature's: ${JSON.stringify(next)}`);
  }
  log(`${towers.length} towers drawn; ${scored.length} towers scored${guard ? ', a follower put by one with a click' : ' (the human seat could not stand by a tower)'}`);
  passed += 1;
}

// ---- scenario 29: Baba Yaga's Hut -------------------------------------------------------------

/**
 * Baba Yaga's Hut, two seats at one screen on a desktop: the hut is drawn as a hut (its own
 * icon), the follower put on it is "Baba Yaga" in the labels and the log, put there by a click on
 * its marker by whoever draws the hut. The turns that need no clicking go through the API (each
 * seat places a tile and passes); the game is played to its end, and the hut's score is in the
 * log with its words.
 */
async function scenarioBabaYaga() {
  log('scenario 29 (desktop): Baba Yaga\'s Hut, the hut drawn, Baba Yaga named and put there by a click');
  const { page } = await openBrowser('baba-yaga', DESKTOP);
  // Two seats at one screen, so that whoever draws the hut is played by the test.
  const { id, play } = await createGame(page, ['human', 'human'], ['Vasilisa', 'Koschei'], ['baba-yaga'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  // The turns that need no clicking go through the API, up to the hut's figure decision.
  const onHutOf = (legal) => legal.find((a) => a.action === 'deploy' && a.feature === 'hut' && a.figure === 'follower');
  const view = await playThroughApi(id, token, 'the Baba Yaga game', (_, legal) => onHutOf(legal));
  let witch = null;
  if (view) {
    // Whoever placed the hut may put Baba Yaga there: the hut's marker is clicked.
    const onHut = onHutOf(view.legal);
    check(/^Baba Yaga in the hut/.test(onHut.label || ''), `Baba Yaga's words: ${JSON.stringify(onHut)}`);
    const placed = view.board[view.board.length - 1];
    await showDecision(page, view, 'the figure decision on the hut\'s tile');
    await press(page, '[data-testid=figure-marker][data-feature="hut"] .marker-body');
    if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice][data-figure=follower]');
    await confirm(page, 'Baba Yaga put on the hut');
    const after = await api(`/api/games/${id}`);
    const deployed = after.events.find((e) => e.type === 'figure-deployed' && e.feature === 'hut');
    check(deployed && /Baba Yaga/.test(deployed.text), `the log does not name Baba Yaga: ${JSON.stringify(deployed)}`);
    witch = { x: placed.x, y: placed.y };
    log(`game ${id}: Baba Yaga at (${witch.x}, ${witch.y}): "${deployed.text}"`);
    await playThroughApi(id, token, 'the Baba Yaga game', () => false);
  }
  await showEnd(page, 'the Baba Yaga game');
  const end = await api(`/api/games/${id}`);
  const hut = end.board.find((t) => t.tile === 'baba-yaga:hut');
  if (hut) {
    const drawn = await page.evaluate(() => document.querySelectorAll('#tile-baba-yaga_hut .hut').length);
    check(drawn === 1, `the hut is drawn with ${drawn} huts`);
  }
  const scored = end.events.filter((e) => e.type === 'scored' && e.kind === 'hut');
  for (const e of scored) check(/1 for the hut and 1 for each empty place/.test(e.text), `the hut's score in words: ${e.text}`);
  check(witch && hut && scored.length === 1, `Baba Yaga ${witch ? 'was' : 'was not'} put on the hut; ${scored.length} hut scores`);
  log(`the hut drawn, Baba Yaga put there by a click, her score: "${scored[0].text}"`);
  passed += 1;
}

// ---- scenario 30: The Vodyanoy and Solovei Razboynik ------------------------------------------

/**
 * The Vodyanoy and Solovei Razboynik, two seats at one screen on a desktop. The turns that need
 * no clicking go through the API (each seat deploys a follower whenever it can, so that the
 * traps catch some); once a seat may free a captive, the window shows that decision and the test
 * frees the captive by a click on its marker (the panel lists it, the confirm button says "Free
 * it"). The API then has the figure back in the supply and the freeing in the log, and the
 * traps on the board are drawn with their tiles.
 */
async function scenarioTraps() {
  log('scenario 30 (desktop): The Vodyanoy and Solovei Razboynik, a captive freed by a click');
  const { page } = await openBrowser('traps', DESKTOP);
  for (let attempt = 1; ; attempt++) {
    const { id, play } = await createGame(page, ['human', 'human'], ['Sadko', 'Ilya'], ['vodyanoy', 'solovei-razboynik'], { hotSeat: true });
    const token = /#token=([0-9a-f]+)/.exec(play)[1];
    await press(page, '[data-testid=play-link]');
    await page.waitForURL(/\/play\//);
    let freed = null;
    for (let steps = 0; ; steps++) {
      check(Date.now() - started < TOTAL_MS - 30_000, `the traps game is still running after ${steps} steps; out of time`);
      const view = await api(`/api/games/${id}?token=${token}`);
      const legal = (view.legal || []).filter(Boolean);
      if (!legal.length) break; // the game is over
      const offer = legal.find((a) => a.action === 'free');
      if (!offer) {
        const deploy = legal.find((a) => a.action === 'deploy' && a.figure === 'follower');
        const pass = legal.find((a) => a.action === 'pass');
        const choice = deploy || (legal[0].action === 'place' ? legal[steps % legal.length] : pass || legal[0]);
        const { at, label, ...action } = choice;
        await apiPost(`/api/games/${id}/actions`, { token, action, version: view.version });
        continue;
      }
      // A captive may be freed: the window shows the decision, and the freeing is clicked.
      const seat = view.pending.seat;
      check(/^free your .* from (the Vodyanoy's lake|Solovei Razboynik's tree)/.test(offer.label || ''), `the freeing's words: ${JSON.stringify(offer)}`);
      await waitFor(page, 'the window at the API\'s state', (v) => {
        const g = document.querySelector('[data-testid=game]');
        return g && Number(g.dataset.version) === v;
      }, view.version);
      check((await waitForTurn(page, 'the figure decision with a captive to free')) === 'deploy', 'the window does not show the figure decision');
      check((await page.locator('[data-testid=free-choice]').count()) >= 1, 'the panel lists no captive to free');
      await pressMarker(page, `[data-testid=free-marker][data-x="${offer.x}"][data-y="${offer.y}"]`);
      await page.locator('[data-testid=confirm]:not([disabled])').waitFor();
      const words = await page.textContent('[data-testid=confirm]');
      check(words.includes('Free it'), `the confirm button reads "${words}"`);
      await screenshot(page, 'web-traps.png');
      await confirm(page, `freeing the ${offer.figure} at (${offer.x}, ${offer.y})`);
      const after = await api(`/api/games/${id}`);
      const event = after.events.slice(view.events.length).find((e) => e.type === 'freed' && e.seat === seat);
      check(event && /frees their .* from/.test(event.text), `no freeing in the log: ${JSON.stringify(after.events.slice(view.events.length))}`);
      const supply = (v) => v.seats[seat].supply[offer.figure] || 0;
      check(supply(after) >= supply(view) + 1, `the supply went from ${supply(view)} to ${supply(after)}`);
      for (const [tile, sel] of [['vodyanoy:vodyanoy', '#tile-vodyanoy_vodyanoy .vodyanoy'], ['solovei-razboynik:solovei', '#tile-solovei-razboynik_solovei .solovei-razboynik']]) {
        if (!after.board.some((t) => t.tile === tile)) continue;
        const drawn = await page.evaluate((q) => document.querySelectorAll(q).length, sel);
        check(drawn === 1, `the trap of ${tile} is drawn ${drawn} times`);
      }
      freed = { x: offer.x, y: offer.y };
      log(`game ${id}: step ${steps}, a captive freed at (${offer.x}, ${offer.y}): "${event.text}"`);
      break;
    }
    if (freed) break;
    // Whether a game traps a follower that can be freed depends on the deal (CI once met
    // three games in a row without one); a game through the API takes a few seconds.
    check(attempt < 8, 'eight games without a captive to free');
    log('that game gave no captive to free: another game');
  }
  passed += 1;
}

// ---- scenario 31: La Porxada ------------------------------------------------------------------

/**
 * La Porxada, two seats at one screen on a desktop. The turns that need no clicking go through
 * the API (each seat deploys a follower whenever it can, so that there are followers to swap);
 * when a seat places La Porxada with a swap to offer, the window shows the choice: the test
 * clicks its own follower's ring and confirms, then the other seat's follower and confirms; the
 * other seat, asked in the same window, refuses by clicking another of its followers ("Refuse
 * the swap"). The API then has the refusal in the log and the follower out of the game.
 */
async function scenarioPorxada() {
  log('scenario 31 (desktop): La Porxada, a swap chosen and refused by clicks');
  const { page } = await openBrowser('porxada', DESKTOP);
  const at = async (view, what) => {
    await waitFor(page, `the window at the API's state (${what})`, (v) => {
      const g = document.querySelector('[data-testid=game]');
      return g && Number(g.dataset.version) === v;
    }, view.version);
  };
  const step = async (view, decision, marker, words, what) => {
    await at(view, what);
    check((await waitForTurn(page, what)) === decision, `the window does not show the ${decision} decision (${what})`);
    await pressMarker(page, marker);
    await page.locator('[data-testid=confirm]:not([disabled])').waitFor();
    const text = await page.textContent('[data-testid=confirm]');
    check(text.includes(words), `the confirm button reads "${text}" (${what})`);
    await confirm(page, what);
  };
  for (let attempt = 1; ; attempt++) {
    const { id, play } = await createGame(page, ['human', 'human'], ['Oriol', 'Núria'], ['la-porxada'], { hotSeat: true });
    const token = /#token=([0-9a-f]+)/.exec(play)[1];
    await press(page, '[data-testid=play-link]');
    await page.waitForURL(/\/play\//);
    const view = await playThroughApi(id, token, 'the La Porxada game', (v, legal) => v.pending.decision === 'porxada' && legal.some((a) => a.action === 'swap-follower'), (legal, steps) => {
      const deploy = legal.find((a) => a.action === 'deploy' && a.figure === 'follower');
      return deploy || chooseQuietly(legal, steps);
    });
    if (!view) {
      check(attempt < 3, 'three games without a swap to offer at La Porxada');
      log('that game offered no swap at La Porxada: another game');
      continue;
    }
    const placer = view.pending.seat;
    const own = view.legal.find((a) => a.action === 'swap-follower');
    check(view.legal.some((a) => a.action === 'porxada-bonus'), 'the bonus is not offered beside the swap');
    check(/^swap your .* with another player's follower$/.test(own.label || ''), `the swap's words: ${JSON.stringify(own)}`);
    await at(view, 'La Porxada placed');
    check((await page.locator('[data-testid=porxada-bonus]').count()) === 1, 'the panel has no button for the bonus');
    await screenshot(page, 'web-porxada.png');
    await step(view, 'porxada', `[data-testid=swap-marker][data-x="${own.x}"][data-y="${own.y}"][data-feature="${own.feature}"]`, 'Swap this follower', 'naming our follower');
    const swap = await api(`/api/games/${id}?token=${token}`);
    const other = swap.legal.find((a) => a.action === 'swap-follower');
    check(swap.pending.decision === 'swap' && other, `no other follower to name: ${JSON.stringify(swap.pending)}`);
    await step(swap, 'swap', `[data-testid=swap-marker][data-x="${other.x}"][data-y="${other.y}"][data-feature="${other.feature}"]`, 'Swap this follower', 'naming the other follower');
    const answer = await api(`/api/games/${id}?token=${token}`);
    if (answer.pending.decision !== 'swap-answer') {
      // The other seat had nothing else on the board: the swap was made at once.
      const made = answer.events.find((e) => e.type === 'followers-swapped');
      check(made, `the swap was neither asked about nor made: ${JSON.stringify(answer.events.slice(-3))}`);
      log(`game ${id}: a swap made at once (nothing to give up): "${made.text}"`);
      passed += 1;
      return;
    }
    check(answer.pending.seat !== placer, 'the swap is answered by the placer');
    const forfeit = answer.legal.find((a) => a.action === 'refuse-swap');
    check(answer.legal.some((a) => a.action === 'pass' && a.label === 'accept the swap'), 'accepting is not offered');
    await step(answer, 'swap-answer', `[data-testid=forfeit-marker][data-x="${forfeit.x}"][data-y="${forfeit.y}"][data-feature="${forfeit.feature}"]`, 'Refuse the swap', 'refusing the swap');
    const after = await api(`/api/games/${id}`);
    const refused = after.events.find((e) => e.type === 'swap-refused');
    check(refused && /refuses .* swap: their .* leaves the game/.test(refused.text), `no refusal in the log: ${JSON.stringify(after.events.slice(-3))}`);
    check(after.seats[answer.pending.seat].out_of_game === 1, `the seat has ${after.seats[answer.pending.seat].out_of_game} followers out of the game`);
    await waitFor(page, 'the players panel to show the follower out of the game', () => !!document.querySelector('[data-testid=supply-out-of-game]'));
    log(`game ${id}: La Porxada's swap refused by clicks: "${refused.text}"`);
    break;
  }
  passed += 1;
}

// ---- scenario 32: The Crop Circles -------------------------------------------------------------

/**
 * The Crop Circles, two seats at one screen on a desktop. The turns that need no clicking go
 * through the API (a follower deployed every other turn, so that there are followers on the
 * board and in supply); when a seat has placed a crop circle, the window shows the choice: the
 * test clicks "Everyone may add one" and confirms; then, for each seat asked in turn in the same
 * window, it clicks the marker beside that seat's follower and confirms. The API then has the
 * choice and the additions in the log.
 */
async function scenarioCropCircles() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 32 (${label}): The Crop Circles, followers added by ${label === 'phone' ? 'taps' : 'clicks'}`);
    const { page } = await openBrowser(`crop-circles-${label}`, device);
    await cropAdditions(page, label);
    await closeBrowsers();
  }
  passed += 1;
}

/** One crop circles game (another while none asks anybody to add) played to its additions by clicks or taps. */
async function cropAdditions(page, label) {
  for (let attempt = 1; ; attempt++) {
    const { id, play } = await createGame(page, ['human', 'human'], ['Gerda', 'Hans'], ['crop-circles'], { hotSeat: true });
    const token = /#token=([0-9a-f]+)/.exec(play)[1];
    await press(page, '[data-testid=play-link]');
    await page.waitForURL(/\/play\//);
    const view = await playThroughApi(id, token, 'the crop circles game', (v) => v.pending.decision === 'crop-circle', (legal, steps) => {
      const deploy = legal.find((a) => a.action === 'deploy' && a.figure === 'follower');
      return (deploy && steps % 4 === 1 && deploy) || chooseQuietly(legal, steps);
    });
    check(view, 'a whole game without a crop circle choice');
    const add = view.legal.find((a) => a.action === 'crop-circle' && a.choice === 'add');
    check(add && /^every player may add one of their (knights|thieves|farmers) /.test(add.label || ''), `the choice's words: ${JSON.stringify(view.legal)}`);
    await waitFor(page, 'the window at the crop circle', (v) => {
      const g = document.querySelector('[data-testid=game]');
      return g && Number(g.dataset.version) === v;
    }, view.version);
    check((await waitForTurn(page, 'the crop circle')) === 'crop-circle', 'the window does not show the crop circle choice');
    check((await page.locator('[data-testid=crop-remove]').count()) === 1, 'the panel has no button to take followers back');
    await press(page, '[data-testid=crop-add]');
    await page.locator('[data-testid=confirm]:not([disabled])').waitFor();
    const words = await page.textContent('[data-testid=confirm]');
    check(words.includes('Everyone may add one'), `the confirm button reads "${words}"`);
    await confirm(page, 'the crop circle choice');
    let added = 0;
    for (;;) {
      const next = await api(`/api/games/${id}?token=${token}`);
      if (next.pending.decision !== 'crop-add') break;
      const place = next.legal.find((a) => a.action === 'deploy');
      check(place && /^add your /.test(place.label || ''), `the addition's words: ${JSON.stringify(next.legal)}`);
      await waitFor(page, 'the window at the addition', (v) => {
        const g = document.querySelector('[data-testid=game]');
        return g && Number(g.dataset.version) === v;
      }, next.version);
      check((await waitForTurn(page, 'an addition')) === 'crop-add', 'the window does not show the addition');
      if (!added && label === 'desktop') await screenshot(page, 'web-crop-circles.png');
      await pressMarker(page, `[data-testid=crop-add-marker][data-x="${place.x}"][data-y="${place.y}"][data-feature="${place.feature}"]`);
      await confirm(page, 'an addition');
      added += 1;
    }
    const after = await api(`/api/games/${id}`);
    const chosen = after.events.find((e) => e.type === 'crop-circle');
    check(chosen && /crop circle: every player may add/.test(chosen.text), `no choice in the log: ${JSON.stringify(after.events.slice(-3))}`);
    if (!added) {
      // A crop circle asks nobody when no seat has a follower of its kind in supply and on the
      // board; that happened in three games in a row once (a run of 2026-12-01), so up to eight.
      check(attempt < 8, 'eight games without a follower to add');
      log('that crop circle asked nobody to add: another game');
      continue;
    }
    const events = after.events.filter((e) => e.type === 'crop-added');
    check(events.length === added, `${events.length} additions in the log, ${added} made by clicks`);
    log(`game ${id} (${label}): ${added} follower(s) added after a crop circle: "${events[0].text}"`);
    break;
  }
}

// ---- scenario 33: The Phantom ------------------------------------------------------------

/**
 * The Phantom, at one screen on a desktop: a seat's figure decision deploys a follower through
 * the API; the window then shows the phantom's own decision (the panel "The phantom", its
 * markers on the new tile's free places, "No phantom"); the phantom is deployed by a click, and
 * the API, the board (a clear figure) and the supply show it.
 */
async function scenarioPhantom() {
  log('scenario 33 (desktop): The Phantom, a second follower deployed by a click');
  const { page } = await openBrowser('phantom', DESKTOP);
  const { id, play } = await createGame(page, ['human', 'human'], ['Pia', 'Paul'], ['phantom'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  // The turns go through the API, a follower deployed where one may go, until a phantom step.
  const view = await playThroughApi(id, token, 'the phantom game', (v) => v.pending.decision === 'phantom', (legal, steps) => {
    const deploy = legal.find((a) => a.action === 'deploy' && a.figure === 'follower');
    return deploy || chooseQuietly(legal, steps);
  });
  check(view, 'a whole game without the phantom step');
  const places = view.legal.filter((a) => a.action === 'deploy');
  check(places.length && places.every((a) => a.figure === 'phantom' && /^the phantom \(/.test(a.label || '')), `the phantom's places: ${JSON.stringify(view.legal)}`);
  check(view.legal.some((a) => a.action === 'pass' && a.label === 'no phantom'), 'no "no phantom" among the choices');
  await waitFor(page, 'the window at the phantom step', (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  check((await waitForTurn(page, 'the phantom step')) === 'phantom', 'the window does not show the phantom step');
  check((await page.locator('.panel-title', { hasText: 'The phantom' }).count()) === 1, 'no panel "The phantom"');
  check((await page.textContent('[data-testid=pass]')) === 'No phantom', `the pass button reads "${await page.textContent('[data-testid=pass]')}"`);
  const onTile = places.filter((a) => a.x === undefined);
  check((await page.locator('[data-testid=figure-marker]').count()) === onTile.length, `${onTile.length} places on the tile, ${await page.locator('[data-testid=figure-marker]').count()} markers`);
  const seat = view.pending.seat;
  await screenshot(page, 'web-phantom.png');
  const place = onTile[0];
  await pressMarker(page, `[data-testid=figure-marker][data-feature="${place.feature}"]`);
  await confirm(page, 'the phantom');
  const after = await api(`/api/games/${id}`);
  const mine = after.figures.filter((f) => f.seat === seat && f.figure === 'phantom');
  check(mine.length === 1 && mine[0].feature === place.feature, `the API has no phantom on ${place.feature}: ${JSON.stringify(after.figures)}`);
  check(after.seats[seat].supply.phantom === 0, `the supply still holds the phantom: ${JSON.stringify(after.seats[seat].supply)}`);
  await page.locator('[data-testid=board] .figure.phantom').first().waitFor();
  log(`game ${id}: the phantom deployed by a click on ${place.feature} (${onTile.length} places offered)`);
  passed += 1;
}

// ---- scenario 34: Mage & Witch ------------------------------------------------------------

/**
 * Mage & Witch, at one screen on a desktop and on a phone: the turns go through the API until a
 * magic tile asks for the mage or the witch; the window shows the panel "The mage and the
 * witch" with a star marker on each unfinished road and city segment and their list; a marker
 * is clicked (tapped), the witch picked ("The mage or the witch?"), and the API and the board
 * show her there.
 */
async function scenarioMageWitch() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 34 (${label}): Mage & Witch, the witch moved by ${label === 'phone' ? 'a tap' : 'a click'}`);
    const { page } = await openBrowser(`mage-witch-${label}`, device);
    await magicMove(page, label);
    await closeBrowsers();
  }
  passed += 1;
}

/** One game of scenario 34 up to the witch's move, in `page` (`label`: its device). */
async function magicMove(page, label) {
  const { id, play } = await createGame(page, ['human', 'human'], ['Mira', 'Wanda'], ['mage-witch'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  const view = await playThroughApi(id, token, 'the mage-witch game', (v) => v.pending.decision === 'magic');
  check(view, 'a whole game without a magic tile');
  const moves = view.legal.filter((a) => a.action === 'magic');
  check(moves.length && moves.every((a) => /^bring the (mage|witch) onto the /.test(a.label || '')), `the moves: ${JSON.stringify(view.legal.slice(0, 4))}`);
  const spots = new Set(moves.map((a) => `${a.x},${a.y},${a.feature}`));
  await waitFor(page, 'the window at the magic step', (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  check((await waitForTurn(page, 'the magic step')) === 'magic', 'the window does not show the magic step');
  check((await page.locator('.panel-title', { hasText: 'The mage and the witch' }).count()) === 1, 'no panel "The mage and the witch"');
  const markers = await page.locator('[data-testid=magic-marker]').count();
  check(markers === spots.size, `${spots.size} segments, ${markers} star markers`);
  // The segments are listed in the panel too (folded where there are many).
  const summary = await page.textContent('[data-testid=magic-summary]');
  check(summary === `Unfinished roads and cities: ${spots.size}`, `the list's summary reads "${summary}"`);
  if (!(await page.locator('[data-testid=magic-choice]').count())) await press(page, '[data-testid=magic-summary]');
  const listed = await page.locator('[data-testid=magic-choice]').count();
  check(listed === spots.size, `${spots.size} segments, ${listed} listed in the panel`);
  const target = moves.find((a) => a.figure === 'witch');
  const selector = `[data-testid=magic-marker][data-x="${target.x}"][data-y="${target.y}"][data-feature="${target.feature}"]`;
  await pressMarker(page, selector);
  await press(page, '[data-testid=figure-choice][data-figure=witch]');
  await screenshot(page, label === 'phone' ? 'web-phone-mage-witch.png' : 'web-mage-witch.png');
  await confirm(page, 'the witch');
  const after = await api(`/api/games/${id}`);
  const witch = (after.magic || []).find((m) => m.figure === 'witch');
  check(witch && witch.x === target.x && witch.y === target.y && witch.feature === target.feature, `the API has no witch on ${target.feature}: ${JSON.stringify(after.magic)}`);
  await page.locator('[data-testid=magic-figure][data-figure=witch]').first().waitFor();
  log(`game ${id} (${label}): the witch moved onto ${target.feature} at (${target.x}, ${target.y}) (${spots.size} segments offered)`);
}

// ---- scenario 35: The Flier -----------------------------------------------------------------

/**
 * The Flier in a hot-seat game, by clicks on a desktop and by taps on a phone: at a figure decision after a tile with a flying
 * machine (played through the API until one comes with 15 tiles or more on the board), the
 * winged marker and the panel's flight buttons are the API's flights; the marker is clicked and
 * the flight confirmed; the API's `flew` event gives the roll. Where the follower can land, the
 * window asks `land`, its markers are the API's landings, one is clicked and confirmed, and the
 * API has the follower there; where it cannot, the log says so and the next flying machine is
 * tried (up to ten), the tiles placed as near the start tile as they go.
 */
async function scenarioFlier() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 35 (${label}): The Flier, a follower flown and landed by ${label === 'phone' ? 'taps' : 'clicks'}`);
    const { page } = await openBrowser(`flier-${label}`, device);
    let landed = null;
    let tries = 0;
    // The server deals at random: a game's flying machines may all fly off the board; then another game.
    for (let game = 1; game <= 3 && !landed; game++) {
      landed = await flierGame(page, label, () => (tries += 1) === 1);
    }
    check(landed, `${label}: no flight landed in ${tries} tries over three games`);
    await closeBrowsers();
  }
  passed += 1;
}

/**
 * One game of scenario 35 (`first()`: whether a try is the scenario's first, for its
 * screenshot): tries its flying machines until a flight lands; what landed, or null.
 */
async function flierGame(page, label, first) {
  const { id, play } = await createGame(page, ['human', 'human'], ['Orville', 'Wilbur'], ['flier'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  let landed = null;
  // Tiles placed as near the start as they go: a compact board, where a flight lands more often
  // (a tile just placed at the edge of a sprawling board mostly flies off it).
  const compact = (legal, steps) => {
    if (legal[0].action !== 'place') return chooseQuietly(legal, steps);
    const far = (a) => Math.abs(a.x) + Math.abs(a.y);
    return legal.reduce((best, a) => (far(a) < far(best) ? a : best));
  };
  while (!landed) {
    const view = await playThroughApi(id, token, 'the flier game', (v, legal) => v.board.length >= 10 && legal.some((a) => a.action === 'fly'), compact);
    if (!view) break;
    const flights = view.legal.filter((a) => a.action === 'fly');
    check(flights.every((a) => /^fly a \w[\w ]* from the flying machine (north|east|south|west|north-east|south-east|south-west|north-west), 1 to 3 tiles by the die$/.test(a.label || '')), `the flights: ${JSON.stringify(flights)}`);
    await showDecision(page, view, 'a figure decision with a flying machine');
    check((await page.locator('[data-testid=flier-marker]').count()) === 1, 'no winged marker on the new tile');
    check((await page.locator('[data-testid=fly-choice]').count()) === flights.length, `${flights.length} flights, not as many buttons`);
    await pressMarker(page, '[data-testid=flier-marker]');
    if (await page.locator('[data-testid=figure-choice][data-figure=follower]').count()) await press(page, '[data-testid=figure-choice][data-figure=follower]');
    if (first()) await screenshot(page, label === 'phone' ? 'web-phone-flier.png' : 'web-flier.png');
    await confirm(page, 'the flight');
    const flew = (await newEvents(id, view.events.length)).find((e) => e.type === 'flew');
    check(flew && [1, 2, 3].includes(flew.distance), `the API has no flight: ${JSON.stringify(flew)}`);
    if (!flew.landed) {
      log(`game ${id}: the follower rolled ${flew.distance} and flew to (${flew.x}, ${flew.y}), where it cannot land: back to the supply`);
      continue;
    }
    const at = await api(`/api/games/${id}?token=${token}`);
    check(at.pending.decision === 'land' && at.pending.x === flew.x && at.pending.y === flew.y, `the API does not ask for the landing at (${flew.x}, ${flew.y}): ${JSON.stringify(at.pending)}`);
    const landings = at.legal.filter((a) => a.action === 'land');
    await waitFor(page, 'the window at the landing', (v) => {
      const g = document.querySelector('[data-testid=game]');
      return g && Number(g.dataset.version) === v;
    }, at.version);
    check((await waitForTurn(page, 'the landing')) === 'land', 'the window does not ask for the landing');
    check((await page.locator('.panel-title', { hasText: 'The flight' }).count()) === 1, 'no panel "The flight"');
    check((await page.locator('[data-testid=landing-marker]').count()) === landings.length, `${landings.length} landings, not as many markers`);
    check((await page.locator('[data-testid=landing-choice]').count()) === landings.length, `${landings.length} landings, not as many buttons`);
    const target = landings[landings.length - 1];
    await pressMarker(page, `[data-testid=landing-marker][data-x="${target.x}"][data-y="${target.y}"][data-feature="${target.feature}"]`);
    await screenshot(page, label === 'phone' ? 'web-phone-flier-landing.png' : 'web-flier-landing.png');
    await confirm(page, 'the landing');
    const deployed = (await newEvents(id, at.events.length)).find((e) => e.type === 'figure-deployed');
    check(deployed && deployed.x === target.x && deployed.y === target.y, `the API has no follower landed at (${target.x}, ${target.y}): ${JSON.stringify(deployed)}`);
    landed = { flew, target };
    log(`game ${id}: the follower rolled ${flew.distance}, flew to (${flew.x}, ${flew.y}) and landed on ${target.feature} (${landings.length} landings offered)`);
  }
  return landed;
}

// ---- scenario 36: The Tunnel ----------------------------------------------------------------

/**
 * The Tunnel in a hot-seat game, by clicks on a desktop and by taps on a phone: at a figure decision with tunnel tokens offered
 * (played through the API until one comes), the markers are the API's open openings and the
 * panel lists them; one is clicked (its pair picked where several may go) and confirmed. The API
 * has the token, the figure decision is still open for the same seat, and the token is drawn on
 * the opening; the seat's supply shows one token fewer.
 */
async function scenarioTunnel() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 36 (${label}): The Tunnel, a token put on an opening by ${label === 'phone' ? 'a tap' : 'a click'}`);
    const { page } = await openBrowser(`tunnel-${label}`, device);
    await tunnelToken(page, label);
    await closeBrowsers();
  }
  passed += 1;
}

/** One game of scenario 36 up to a token placed, in `page` (`label`: its device). */
async function tunnelToken(page, label) {
  const { id, play } = await createGame(page, ['human', 'human'], ['Tess', 'Tom'], ['tunnel'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  const view = await playThroughApi(id, token, 'the tunnel game', (v, legal) => legal.some((a) => a.action === 'tunnel'));
  check(view, 'a whole game without a tunnel opening');
  const offers = view.legal.filter((a) => a.action === 'tunnel');
  check(offers.every((a) => /^put a tunnel token of pair [ABC] on the tunnel opening of /.test(a.label || '')), `the tokens: ${JSON.stringify(offers.slice(0, 3))}`);
  const openings = new Set(offers.map((a) => `${a.x},${a.y},${a.feature}`));
  await showDecision(page, view, 'a figure decision with tunnel tokens');
  check((await page.locator('[data-testid=tunnel-marker]').count()) === openings.size, `${openings.size} openings, not as many markers`);
  check((await page.locator('[data-testid=tunnel-choice]').count()) === openings.size, `${openings.size} openings, not as many buttons`);
  const seat = view.pending.seat;
  const left = view.seats[seat].tunnel_tokens;
  const target = offers[0];
  await pressMarker(page, `[data-testid=tunnel-marker][data-x="${target.x}"][data-y="${target.y}"][data-feature="${target.feature}"]`);
  if (await page.locator('[data-testid=figure-choice]').count()) await press(page, '[data-testid=figure-choice]');
  await screenshot(page, label === 'phone' ? 'web-phone-tunnel.png' : 'web-tunnel.png');
  await confirm(page, 'the tunnel token');
  const after = await api(`/api/games/${id}?token=${token}`);
  const placed = (await newEvents(id, view.events.length)).find((e) => e.type === 'tunnel-placed');
  check(placed && placed.x === target.x && placed.y === target.y && placed.feature === target.feature, `the API has no token at ${target.feature} (${target.x}, ${target.y}): ${JSON.stringify(placed)}`);
  check(after.pending.decision === 'deploy' && after.pending.seat === seat, `the figure decision is not open after the token: ${JSON.stringify(after.pending)}`);
  check(!after.legal.some((a) => a.action === 'tunnel'), 'a second token is offered in the same turn');
  check(after.seats[seat].tunnel_tokens === left - 1, `the seat has ${after.seats[seat].tunnel_tokens} tokens left, not ${left - 1}`);
  await page.locator(`[data-testid=tunnel-token][data-x="${target.x}"][data-y="${target.y}"]`).first().waitFor();
  check((await waitForTurn(page, 'the figure decision after the token')) === 'deploy', 'the window does not ask for the figure after the token');
  log(`game ${id} (${label}): a token of pair ${'ABC'[placed.pair]} on ${target.feature} at (${target.x}, ${target.y}) (${openings.size} openings offered); the figure decision still open`);
}

// ---- scenario 37: The Ferries ---------------------------------------------------------------

/**
 * The Ferries in a hot-seat game, by clicks on a desktop and by taps on a phone: at the `ferry`
 * decision after a lake tile (played through the API until one comes) the markers are the API's
 * pairs of the lake's roads and the panel lists them; one is clicked and confirmed: the API has
 * the ferry, and it is drawn on the lake. Then, played on to a `move-ferry` decision (another
 * game if one ends first), a move is chosen on its marker and confirmed: the API has the move.
 */
async function scenarioFerries() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 37 (${label}): The Ferries, a ferry put on a lake and one moved by ${label === 'phone' ? 'taps' : 'clicks'}`);
    const { page } = await openBrowser(`ferries-${label}`, device);
    let moved = false;
    for (let game = 1; game <= 3 && !moved; game++) moved = await ferriesGame(page, label, game === 1);
    check(moved, `${label}: no ferry could be moved in three games`);
    await closeBrowsers();
  }
  passed += 1;
}

/** Waits until the window shows the API's `view` asking `decision`. */
async function showFerryDecision(page, view, decision) {
  await waitFor(page, `the window at the API's state (${decision})`, (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  check((await waitForTurn(page, decision)) === decision, `the window does not ask ${decision}`);
}

/**
 * One game of scenario 37 (`first`: whether to put the ferry by the window too); whether a ferry
 * was moved in it.
 */
async function ferriesGame(page, label, first) {
  const { id, play } = await createGame(page, ['human', 'human'], ['Charon', 'Nessa'], ['ferries'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  if (first) {
    const view = await playThroughApi(id, token, 'the ferries game', (v) => v.pending.decision === 'ferry');
    check(view, 'a whole game without a lake tile');
    const pairs = view.legal.filter((a) => a.action === 'ferry');
    check(pairs.length >= 3 && pairs.every((a) => /^put the ferry on the lake .*, joining the road to the \w+ and the road to the \w+$/.test(a.label || '')), `the pairs: ${JSON.stringify(pairs)}`);
    await showFerryDecision(page, view, 'ferry');
    check((await page.locator('.panel-title', { hasText: 'The ferry' }).count()) === 1, 'no panel "The ferry"');
    check((await page.locator('[data-testid=ferry-marker]').count()) === pairs.length, `${pairs.length} pairs, not as many markers`);
    check((await page.locator('[data-testid=ferry-choice]').count()) === pairs.length, `${pairs.length} pairs, not as many buttons`);
    const target = pairs[pairs.length - 1];
    await pressMarker(page, `[data-testid=ferry-marker][data-x="${target.x}"][data-y="${target.y}"][data-feature="${target.from}+${target.to}"]`);
    await screenshot(page, label === 'phone' ? 'web-phone-ferry.png' : 'web-ferry.png');
    await confirm(page, 'the ferry');
    const placed = (await newEvents(id, view.events.length)).find((e) => e.type === 'ferry-placed');
    check(placed && placed.x === target.x && placed.y === target.y && placed.ends.join() === [target.from, target.to].join(), `the API has no ferry joining ${target.from} and ${target.to}: ${JSON.stringify(placed)}`);
    await page.locator(`[data-testid=ferry][data-x="${target.x}"][data-y="${target.y}"]`).first().waitFor();
    log(`game ${id} (${label}): a ferry on the lake at (${target.x}, ${target.y}) joining ${target.from} and ${target.to} (${pairs.length} pairs offered)`);
  }
  const view = await playThroughApi(id, token, 'the ferries game', (v) => v.pending.decision === 'move-ferry');
  if (!view) return false;
  const moves = view.legal.filter((a) => a.action === 'ferry');
  check(moves.length && moves.every((a) => /^move the ferry of the lake .* to join the road to the \w+ and the road to the \w+$/.test(a.label || '')), `the moves: ${JSON.stringify(moves)}`);
  check(view.legal.some((a) => a.action === 'pass' && a.label === 'move no ferry'), 'no pass among the moves');
  await showFerryDecision(page, view, 'move-ferry');
  check((await page.locator('[data-testid=ferry-marker]').count()) === moves.length, `${moves.length} moves, not as many markers`);
  check((await page.locator('[data-testid=pass]', { hasText: 'Move no ferry' }).count()) === 1, 'no button "Move no ferry"');
  const target = moves[0];
  await pressMarker(page, `[data-testid=ferry-marker][data-x="${target.x}"][data-y="${target.y}"][data-feature="${target.from}+${target.to}"]`);
  if (first) await screenshot(page, label === 'phone' ? 'web-phone-ferry-move.png' : 'web-ferry-move.png');
  await confirm(page, 'the ferry\'s move');
  const moved = (await newEvents(id, view.events.length)).find((e) => e.type === 'ferry-moved');
  check(moved && moved.x === target.x && moved.y === target.y && moved.to.join() === [target.from, target.to].join(), `the API has no move to ${target.from} and ${target.to}: ${JSON.stringify(moved)}`);
  log(`game ${id} (${label}): the ferry at (${target.x}, ${target.y}) moved from ${moved.from.join(' and ')} to ${moved.to.join(' and ')} (${moves.length} moves offered)`);
  return true;
}

// ---- scenario 38: The Plague ----------------------------------------------------------------

/**
 * The Plague in a hot-seat game, by clicks on a desktop and by taps on a phone: played through
 * the API up to a `plague` decision after a tile where the spread may wait, the panel "The
 * plague" lists the tiles for a flea (as many buttons as the API offers, the same tiles
 * highlighted) and its pass "Not now" is chosen and confirmed: the figure decision follows. That
 * deployment passed through the API, the decision comes again with the flea owed (no pass): a
 * highlighted tile is clicked and confirmed, the API has the flea there and the board draws it
 * with the outbreak. Then, played on with figures deployed (another game if one ends first), a
 * flight is chosen on its marker and confirmed: the API has the figure's flight.
 */
async function scenarioPlague() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 38 (${label}): The Plague, a flea spread and a figure fled by ${label === 'phone' ? 'taps' : 'clicks'}`);
    const { page } = await openBrowser(`plague-${label}`, device);
    let fled = false;
    for (let game = 1; game <= 3 && !fled; game++) fled = await plagueGame(page, label, game === 1);
    check(fled, `${label}: no figure could flee in three games`);
    await closeBrowsers();
  }
  passed += 1;
}

/** Waits until the window shows the API's `view` asking `decision`. */
async function showPlagueDecision(page, view, decision) {
  await waitFor(page, `the window at the API's state (${decision})`, (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  check((await waitForTurn(page, decision)) === decision, `the window does not ask ${decision}`);
}

/**
 * The choices of scenario 38's turns played through the API: placements by the step's number,
 * a follower wherever one may go (figures to flee later), at a plague decision the pass where
 * it is offered, else the first flea.
 */
function choosePlague(legal, steps) {
  if (legal[0].action === 'place') return legal[steps % legal.length];
  const deploy = legal.find((a) => a.action === 'deploy' && a.figure === 'follower');
  if (deploy && steps % 2 === 0) return deploy;
  return legal.find((a) => a.action === 'pass') || legal.find((a) => a.action === 'flea') || legal[0];
}

/** One game of scenario 38 (`first`: whether to spread a flea by the window too); whether a figure fled in it. */
async function plagueGame(page, label, first) {
  const { id, play } = await createGame(page, ['human', 'human'], ['Rosa', 'Rattus'], ['plague'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  if (first) {
    const early = (v, legal) => v.pending.decision === 'plague' && !v.pending.late && legal.some((a) => a.action === 'flea') && legal.some((a) => a.action === 'pass') && !legal.some((a) => a.action === 'flee');
    let view = await playThroughApi(id, token, 'the plague game', early, chooseQuietly);
    check(view, 'a whole game without the plague spreading');
    check(view.pending.spread === 'optional' && /now, or after the figure phase/.test(view.pending.spread_words || ''), `the decision: ${JSON.stringify(view.pending)}`);
    const fleas = view.legal.filter((a) => a.action === 'flea');
    check(fleas.every((a) => /^spread the plague: put a flea on the (start )?tile/.test(a.label || '')), `the spreads: ${JSON.stringify(fleas)}`);
    const pass = view.legal.find((a) => a.action === 'pass');
    check(pass.label === 'not now: spread the plague after the figure phase', `the pass: ${JSON.stringify(pass)}`);
    await showPlagueDecision(page, view, 'plague');
    check((await page.locator('.panel-title', { hasText: 'The plague' }).count()) === 1, 'no panel "The plague"');
    check((await page.locator('[data-testid=flea-spot]').count()) === fleas.length, `${fleas.length} spreads, not as many highlighted tiles`);
    check((await page.locator('[data-testid=flea-choice]').count()) === fleas.length, `${fleas.length} spreads, not as many buttons`);
    await page.locator('[data-testid=outbreak][data-active=true]').first().waitFor();
    await pressUntilChosen(page, '[data-testid=pass]');
    await confirm(page, 'putting the spread off');
    const seat = view.pending.seat;
    view = await api(`/api/games/${id}?token=${token}`);
    check(view.pending.decision === 'deploy' && view.pending.seat === seat, `no figure decision after "not now": ${JSON.stringify(view.pending)}`);
    // The figure decision through the API (no figure), then the flea is owed.
    const { at: _at, label: _label, ...nothing } = view.legal.find((a) => a.action === 'pass');
    await apiPost(`/api/games/${id}/actions`, { token, action: nothing, version: view.version });
    view = await api(`/api/games/${id}?token=${token}`);
    check(view.pending.decision === 'plague' && view.pending.late && view.pending.spread === 'owed', `the flea is not owed after the figure phase: ${JSON.stringify(view.pending)}`);
    check(!view.legal.some((a) => a.action === 'pass'), 'a pass offered while the flea is owed');
    await showPlagueDecision(page, view, 'plague');
    const flights = new Set(view.legal.filter((a) => a.action === 'flee').map((a) => `${a.x},${a.y}`));
    const spots = view.legal.filter((a) => a.action === 'flea');
    const target = spots.find((a) => !flights.has(`${a.x},${a.y}`)) || spots[0];
    if (!(await clickable(page, `[data-testid=flea-spot][data-x="${target.x}"][data-y="${target.y}"]`)).length) await press(page, '[data-testid=zoom-fit]');
    await pressUntilChosen(page, `[data-testid=flea-spot][data-x="${target.x}"][data-y="${target.y}"]`);
    await screenshot(page, label === 'phone' ? 'web-phone-plague-spread.png' : 'web-plague-spread.png');
    await confirm(page, 'the flea');
    const placed = (await newEvents(id, view.events.length)).find((e) => e.type === 'flea-placed');
    check(placed && placed.x === target.x && placed.y === target.y && placed.seat === seat, `the API has no flea at (${target.x}, ${target.y}): ${JSON.stringify(placed)}`);
    await page.locator(`[data-testid=flea][data-x="${target.x}"][data-y="${target.y}"][data-active=true]`).first().waitFor();
    log(`game ${id} (${label}): the spread put off, then a flea on (${target.x}, ${target.y}) (${spots.length} tiles offered)`);
  }
  const view = await playThroughApi(id, token, 'the plague game', (v, legal) => v.pending.decision === 'plague' && legal.some((a) => a.action === 'flee'), choosePlague);
  if (!view) return false;
  const flights = view.legal.filter((a) => a.action === 'flee');
  check(flights.every((a) => /^let your .+ flee (onto|into) the .+ (at the start tile|of the start tile)$/.test(a.label || '')), `the flights: ${JSON.stringify(flights.slice(0, 3))}`);
  await showPlagueDecision(page, view, 'plague');
  check((await page.locator('[data-testid=flee-marker]').count()) === flights.length, `${flights.length} flights, not as many markers`);
  check((await page.locator('[data-testid=flee-choice]').count()) === flights.length, `${flights.length} flights, not as many buttons`);
  const target = flights[0];
  const from = `${target.from_x},${target.from_y},${target.from_feature}`;
  await pressMarker(page, `[data-testid=flee-marker][data-x="${target.x}"][data-y="${target.y}"][data-feature="${target.feature}"][data-from="${from}"]`);
  await page.locator('[data-testid=flee-choice][aria-pressed=true]').first().waitFor();
  const chosen = await page.locator('[data-testid=flee-choice][aria-pressed=true]').first().innerText();
  check(/^.+ (in|on) the .+: flee (into|onto) the .+ start tile$/.test(chosen.trim()), `the chosen flight's button: "${chosen}"`);
  // The flight chosen, the tiles for the flea still highlighted and the tokens on the board.
  if (first) await screenshot(page, label === 'phone' ? 'web-phone-plague.png' : 'web-plague.png');
  await confirm(page, 'the flight');
  const fled = (await newEvents(id, view.events.length)).find((e) => e.type === 'fled');
  check(fled && fled.x === target.x && fled.y === target.y && fled.feature === target.feature && fled.from_x === target.from_x && fled.from_y === target.from_y, `the API has no flight to ${target.feature} (${target.x}, ${target.y}): ${JSON.stringify(fled)}`);
  log(`game ${id} (${label}): a ${fled.figure} fled from (${fled.from_x}, ${fled.from_y}) to ${fled.feature} at (${fled.x}, ${fled.y}) (${flights.length} flights offered)`);
  return true;
}

// ---- scenario 39: The Messages --------------------------------------------------------------

/**
 * The Messages in a hot-seat game, by clicks on a desktop and by taps on a phone: played through
 * the API (the server's hints, so that features are completed and scored) up to the first
 * `scoring-figure` decision, the panel "Scoring figures" offers the scoring follower and the
 * messenger as two buttons with the API's words (where each would stop, and whether a dark space
 * brings a message); the figure that draws a message is chosen where there is one, else the
 * messenger, and confirmed: the API has the move and the players panel shows the messenger with
 * its points beside the score. Then, played on (a figure onto a dark space whenever one can
 * draw a message; another game if one ends first), at a `message` decision the panel shows the
 * message's number and text, "do it" (where it can be done) and the seal's 2 points; for
 * message 8 a marker on each follower it may score. "Do it" (else the seal) is clicked and
 * confirmed: the API has the message scored as chosen.
 */
async function scenarioMessages() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 39 (${label}): The Messages, a scoring figure moved and a message read by ${label === 'phone' ? 'taps' : 'clicks'}`);
    const { page } = await openBrowser(`messages-${label}`, device);
    let read = false;
    for (let game = 1; game <= 3 && !read; game++) read = await messagesGame(page, label, game === 1);
    check(read, `${label}: no message was drawn in three games`);
    await closeBrowsers();
  }
  passed += 1;
}

/**
 * Scenario 39's turns played through the API up to a state where `stop(view, legal)` holds
 * (null if the game ends first): each decision as the server's hint (the greedy bot, which
 * completes features, so that scoring rounds come often), but a scoring figure's move, which
 * takes the figure that draws a message where one does (else one by the step's number).
 */
async function playMessagesThroughApi(id, token, stop) {
  for (let steps = 0; ; steps++) {
    check(Date.now() - started < TOTAL_MS - 30_000, `the messages game is still running after ${steps} steps; out of time`);
    const view = await api(`/api/games/${id}?token=${token}`);
    if (view.status === 'over') return null;
    const legal = (view.legal || []).filter(Boolean);
    if (!legal.length) {
      // Not this token's decision (a hot seat decides every one): wait for the server.
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    if (stop(view, legal)) return view;
    const moves = legal.filter((a) => a.action === 'scoring-figure');
    const chosen = moves.length ? moves.find((a) => /you will draw a message/.test(a.label || '')) || moves[steps % moves.length] : (await api(`/api/games/${id}/hint?token=${token}`)).action;
    const { at, label, ...action } = chosen;
    await apiPost(`/api/games/${id}/actions`, { token, action, version: view.version });
  }
}

/** One game of scenario 39 (`first`: whether to move a scoring figure by the window too); whether a message was read in it. */
async function messagesGame(page, label, first) {
  const { id, play } = await createGame(page, ['human', 'human'], ['Hermes', 'Iris'], ['messages'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  let view;
  if (first) {
    view = await playMessagesThroughApi(id, token, (v) => v.pending.decision === 'scoring-figure');
    check(view, 'a whole game without a score');
    const p = view.pending;
    const moves = view.legal.filter((a) => a.action === 'scoring-figure');
    check(moves.length === 2 && moves.every((a) => /^move your (scoring follower|messenger) \d+ → \d+( \(a dark space.*\))?$/.test(a.label || '')), `the moves: ${JSON.stringify(moves)}`);
    check(new RegExp(`^${p.points} points? scored: `).test(p.words || ''), `the decision: ${JSON.stringify(p)}`);
    await showPlagueDecision(page, view, 'scoring-figure');
    check((await page.locator('.panel-title', { hasText: 'Scoring figures' }).count()) === 1, 'no panel "Scoring figures"');
    const buttons = await page.locator('[data-testid=scoring-figure-choice]').allInnerTexts();
    check(buttons.length === 2 && moves.every((a) => buttons.some((b) => b.trim() === a.label[0].toUpperCase() + a.label.slice(1))), `the buttons ${JSON.stringify(buttons)} for the moves ${JSON.stringify(moves.map((a) => a.label))}`);
    check(((await page.locator('[data-testid=scoring-figure-words]').textContent()) || '') === p.words, 'the decision is not in words');
    const target = moves.find((a) => /you will draw a message/.test(a.label)) || moves.find((a) => a.messenger);
    await pressUntilChosen(page, `[data-testid=scoring-figure-choice][data-messenger="${target.messenger}"]`);
    if (label === 'phone') await screenshot(page, 'web-phone-messages-figure.png');
    await confirm(page, `moving the ${target.messenger ? 'messenger' : 'scoring follower'}`);
    const moved = (await newEvents(id, view.events.length)).find((e) => e.type === 'scoring-figure-moved');
    check(moved && moved.seat === p.seat && moved.messenger === target.messenger && moved.points === p.points, `the API has no such move: ${JSON.stringify(moved)}`);
    const after = await api(`/api/games/${id}?token=${token}`);
    const carried = after.seats[p.seat].scoring_figures.messenger.points;
    await page.locator(`[data-testid=messenger][data-seat="${p.seat}"][data-points="${carried}"]`).first().waitFor({ state: 'attached' });
    // On the phone the compact score strip carries the messenger too.
    if (label === 'phone' && carried > 0) {
      await page.locator(`[data-testid=strip-messenger][data-seat="${p.seat}"]`, { hasText: String(carried) }).first().waitFor();
    }
    log(`game ${id} (${label}): ${moved.messenger ? 'the messenger' : 'the scoring follower'} of seat ${p.seat} moved on by ${moved.points} to ${moved.to}`);
  }
  view = await playMessagesThroughApi(id, token, (v) => v.pending.decision === 'message');
  if (!view) return false;
  const p = view.pending;
  check(Number.isInteger(p.number) && p.number >= 1 && p.number <= 8 && p.text, `the message: ${JSON.stringify(p)}`);
  await showPlagueDecision(page, view, 'message');
  check((await page.locator('.panel-title', { hasText: `Message ${p.number}` }).count()) === 1, `no panel "Message ${p.number}"`);
  const card = page.locator(`[data-testid=message-card][data-number="${p.number}"]`);
  await card.waitFor();
  const cardText = (await card.innerText()).replace(/\s+/g, ' ');
  check(cardText.includes(String(p.number)) && cardText.toLowerCase().includes(p.text.toLowerCase()), `the card reads "${cardText}" for ${JSON.stringify(p)}`);
  const seal = view.legal.find((a) => a.action === 'message' && !a.perform);
  check(seal && seal.label === 'take 2 points instead (the seal)', `the seal: ${JSON.stringify(seal)}`);
  check(((await page.locator('[data-testid=message-seal]').innerText()) || '').trim() === 'Take 2 points instead (the seal)', 'no seal button');
  const perform = view.legal.find((a) => a.action === 'message' && a.perform);
  const followers = view.legal.filter((a) => a.action === 'message-follower');
  check((await page.locator('[data-testid=message-perform]').count()) === (perform ? 1 : 0), `"do it" offered ${perform ? 'and not shown' : 'nowhere but shown'}`);
  check((await page.locator('[data-testid=message-follower-marker]').count()) === followers.length, `${followers.length} followers for message 8, not as many markers`);
  check((await page.locator('[data-testid=message-follower-choice]').count()) === followers.length, `${followers.length} followers for message 8, not as many buttons`);
  let chosen;
  if (perform) {
    check(/^do it: /.test(perform.label), `"do it": ${JSON.stringify(perform)}`);
    await pressUntilChosen(page, '[data-testid=message-perform]');
    chosen = { performed: true };
  } else if (followers.length) {
    const target = followers[0];
    check(/^score your .+, .+, and take it home$/.test(target.label), `message 8's follower: ${JSON.stringify(target)}`);
    await pressMarker(page, `[data-testid=message-follower-marker][data-x="${target.x}"][data-y="${target.y}"][data-feature="${target.feature}"]`);
    await page.locator('[data-testid=message-follower-choice][aria-pressed=true]').first().waitFor();
    chosen = { performed: true };
  } else {
    await pressUntilChosen(page, '[data-testid=message-seal]');
    chosen = { performed: false };
  }
  await screenshot(page, label === 'phone' ? 'web-phone-messages.png' : 'web-messages.png');
  await confirm(page, `message ${p.number}`);
  const scored = (await newEvents(id, view.events.length)).find((e) => e.type === 'message-scored');
  check(scored && scored.seat === p.seat && scored.number === p.number && scored.performed === chosen.performed, `the API has no message ${p.number} ${chosen.performed ? 'done' : 'sealed'}: ${JSON.stringify(scored)}`);
  log(`game ${id} (${label}): message ${p.number} (${p.text}) ${scored.performed ? 'done' : 'traded for its seal'} for ${scored.points} points`);
  return true;
}

// ---- scenario 40: Hills & Sheep -------------------------------------------------------------

/**
 * Hills & Sheep in a hot-seat game, by clicks on a desktop and by taps on a phone, the turns that
 * need no clicking played through the API: a hill tile is placed by clicks (the panel's note that
 * the next tile goes face down under it; then the API's `tile-under-hill` event and `hills`, the
 * hidden tile peeking out on the board); a shepherd is deployed by its marker and the figure list
 * (its words saying it draws a token at once; the API has the shepherd and its first token, the
 * flock token beside it on the board and in the players panel, the phone's score strip too); at a
 * later `flock` decision the panel "The flock" says in words what growing risks and what herding
 * pays, with the two buttons of the API's words; on the desktop the flock is driven to the stable
 * (the API's `flock-herded` pays the field's sheep), on the phone it grows (a token drawn). The
 * flock bag's panel follows the API's bag.
 */
async function scenarioHillsSheep() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 40 (${label}): Hills & Sheep, a hill tile, a shepherd and a flock decision by ${label === 'phone' ? 'taps' : 'clicks'}`);
    const { page } = await openBrowser(`hills-sheep-${label}`, device);
    let decided = false;
    for (let game = 1; game <= 3 && !decided; game++) decided = await hillsSheepGame(page, label, game === 1);
    check(decided, `${label}: no flock decision in three games`);
    await closeBrowsers();
  }
  passed += 1;
}

/**
 * Scenario 40's turns played through the API: placements by the step's number, a shepherd
 * wherever one may go (so that flocks grow and fields are extended), else a pass; at a flock
 * decision, growing.
 */
function chooseShepherds(legal, steps) {
  if (legal[0].action === 'place') return legal[steps % legal.length];
  const shepherd = legal.find((a) => a.action === 'deploy' && a.figure === 'shepherd');
  if (shepherd) return shepherd;
  return legal.find((a) => a.action === 'pass') || legal.find((a) => a.action === 'flock' && !a.herd) || legal[0];
}

/** Waits until the window shows the API's `view` asking this screen `decision`. */
async function showHillsDecision(page, view, decision) {
  await waitFor(page, `the window at the API's state (${decision})`, (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  check((await waitForTurn(page, decision)) === decision, `the window does not ask ${decision}`);
}

/** Checks that the window's flock bag panel shows the API's bag. */
async function checkFlockBag(page, view, what) {
  const bag = view.flock_bag;
  check(bag && Number.isInteger(bag.tokens), `${what}: the API has no flock bag: ${JSON.stringify(bag)}`);
  await page.locator(`[data-testid=flock-bag][data-tokens="${bag.tokens}"][data-wolves="${bag.wolves}"]`).waitFor({ state: 'attached' });
  const words = ((await page.locator('[data-testid=bag-words]').textContent()) || '').trim();
  check(words.length > 0 && bag.label.endsWith(words.slice(1)), `${what}: the bag reads "${words}" for "${bag.label}"`);
}

/** One game of scenario 40 (`first`: whether to place a hill tile and deploy a shepherd by the window too); whether a flock decision was made in it. */
async function hillsSheepGame(page, label, first) {
  const { id, play } = await createGame(page, ['human', 'human'], ['Dolly', 'Shaun'], ['hills-sheep'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  let view;
  if (first) {
    // A hill tile placed by clicks.
    view = await playThroughApi(id, token, 'the hills game', (v) => v.pending.decision === 'place' && v.pending.hill === true && v.tiles_left > 2, chooseQuietly);
    check(view, 'a whole game without a hill tile');
    check(/, with a hill$/.test(view.pending.tile_name || ''), `the hill tile's name: ${JSON.stringify(view.pending)}`);
    await showHillsDecision(page, view, 'place');
    const note = ((await page.locator('[data-testid=hill-note]').textContent()) || '').trim();
    check(/^A hill: once placed, the next tile of the pile goes face down under it/.test(note), `the hill's note: "${note}"`);
    const seat = view.pending.seat;
    const at = await placeTile(page, 1);
    const hillEvent = (await newEvents(id, view.events.length)).find((e) => e.type === 'tile-under-hill');
    check(hillEvent && hillEvent.x === at.x && hillEvent.y === at.y && hillEvent.seat === seat, `the API has no tile under the hill at (${at.x}, ${at.y}): ${JSON.stringify(hillEvent)}`);
    view = await api(`/api/games/${id}?token=${token}`);
    check(view.hills.some((hl) => hl.x === at.x && hl.y === at.y), `the view's hills: ${JSON.stringify(view.hills)}`);
    await page.locator(`[data-testid=hill-hidden][data-x="${at.x}"][data-y="${at.y}"]`).waitFor({ state: 'attached' });
    log(`game ${id} (${label}): a hill tile at (${at.x}, ${at.y}) by ${label === 'phone' ? 'taps' : 'clicks'}: "${hillEvent.text}"`);
    await checkFlockBag(page, view, 'after the hill');

    // A shepherd deployed by its marker and the figure list.
    view = await playThroughApi(id, token, 'the hills game', (v, legal) => legal.some((a) => a.action === 'deploy' && a.figure === 'shepherd'), chooseQuietly);
    check(view, 'a whole game without a place for a shepherd');
    const shepherd = view.legal.find((a) => a.action === 'deploy' && a.figure === 'shepherd');
    check(/^the shepherd on the farm .+ \(it draws a token at once: \d+ wol(f|ves) among the bag's \d+ tokens\)$/.test(shepherd.label || ''), `the shepherd's words: ${JSON.stringify(shepherd)}`);
    await showHillsDecision(page, view, 'deploy');
    await pressMarker(page, `[data-testid=figure-marker][data-feature="${shepherd.feature}"]`);
    await press(page, '[data-testid=figure-choice][data-figure=shepherd]');
    await page.locator('[data-testid=figure-choice][data-figure=shepherd][aria-pressed=true]').waitFor();
    await confirm(page, 'a shepherd deployed');
    const owner = view.pending.seat;
    const spot = { x: view.pending.x, y: view.pending.y };
    const events = await newEvents(id, view.events.length);
    const deployed = events.find((e) => e.type === 'figure-deployed' && e.figure === 'shepherd');
    check(deployed && deployed.seat === owner && deployed.feature === shepherd.feature, `the API has no shepherd deployed: ${JSON.stringify(events)}`);
    const drawn = events.find((e) => e.type === 'sheep-drawn' || e.type === 'wolf-drawn');
    check(drawn && drawn.seat === owner, `the shepherd drew no token: ${JSON.stringify(events)}`);
    view = await api(`/api/games/${id}?token=${token}`);
    const flock = view.seats[owner].flock;
    if (drawn.type === 'sheep-drawn') {
      check(flock.shepherd && flock.sheep === drawn.sheep, `the seat's flock: ${JSON.stringify(flock)}`);
      await page.locator(`svg.board [data-testid=figure][data-figure=shepherd]`).first().waitFor({ state: 'attached' });
      await page.locator(`[data-testid=flock-token][data-seat="${owner}"][data-sheep="${flock.sheep}"]`).waitFor({ state: 'attached' });
      await page.locator(`[data-testid=flock][data-seat="${owner}"][data-sheep="${flock.sheep}"]`).waitFor({ state: 'attached' });
      if (label === 'phone') await page.locator(`[data-testid=strip-flock][data-seat="${owner}"]`, { hasText: String(flock.sheep) }).first().waitFor();
    } else {
      check(!flock.shepherd, `a wolf drawn, but the shepherd stayed: ${JSON.stringify(flock)}`);
    }
    log(`game ${id} (${label}): a shepherd on ${shepherd.feature} (${spot.x}, ${spot.y}) by ${label === 'phone' ? 'taps' : 'clicks'}: "${drawn.text}"`);
  }

  // A flock decision by clicks: driven to the stable on the desktop, grown on the phone.
  view = await playThroughApi(id, token, 'the hills game', (v) => v.pending.decision === 'flock' && v.pending.field_sheep > 0, chooseShepherds);
  if (!view) return false;
  const p = view.pending;
  const grow = view.legal.find((a) => a.action === 'flock' && !a.herd);
  const herd = view.legal.find((a) => a.action === 'flock' && a.herd);
  check(grow && /^grow the flock: draw a token from the bag \((a wolf in \d+|no wolf among) (of )?its \d+ tokens/.test(grow.label), `growing: ${JSON.stringify(grow)}`);
  check(herd && new RegExp(`^drive the flock to the stable: you (and \\d+ other players? each )?score ${p.field_sheep} points?$`).test(herd.label), `herding: ${JSON.stringify(herd)} for ${JSON.stringify(p)}`);
  check(/^Your tile extended the farm of your shepherd \(.+\)\. .+ Grow it: draw a token from the bag \(.+\); or drive it to the stable: .+\.( The tile closed the farm.*)?$/.test(p.words || ''), `the decision's words: ${JSON.stringify(p)}`);
  await showHillsDecision(page, view, 'flock');
  check((await page.locator('.panel-title', { hasText: 'The flock' }).count()) === 1, 'no panel "The flock"');
  check(((await page.locator('[data-testid=flock-words]').textContent()) || '') === p.words, 'the decision is not in words');
  const capital = (t) => t[0].toUpperCase() + t.slice(1);
  check(((await page.locator('[data-testid=flock-grow]').innerText()) || '').trim() === capital(grow.label), 'the grow button');
  check(((await page.locator('[data-testid=flock-herd]').innerText()) || '').trim() === capital(herd.label), 'the herd button');
  await checkFlockBag(page, view, 'at the flock decision');
  const seat = p.seat;
  const before = view.seats[seat].score;
  if (label === 'phone') await checkNoSidewaysScroll(page, 'the flock decision on a phone');
  const target = label === 'phone' ? grow : herd;
  await pressUntilChosen(page, `[data-testid=${target.herd ? 'flock-herd' : 'flock-grow'}]`);
  const confirmWords = ((await page.locator('[data-testid=confirm]').innerText()) || '').replace(/^\W+/, '').trim();
  check(confirmWords === (target.herd ? 'Drive to the stable' : 'Grow the flock'), `the confirm button reads "${confirmWords}"`);
  await screenshot(page, label === 'phone' ? 'web-phone-hills-sheep.png' : 'web-hills-sheep.png');
  await confirm(page, target.herd ? 'driving the flock to the stable' : 'growing the flock');
  const events = await newEvents(id, view.events.length);
  const after = await api(`/api/games/${id}?token=${token}`);
  if (target.herd) {
    const herded = events.find((e) => e.type === 'flock-herded');
    check(herded && herded.seats.includes(seat) && herded.points === p.field_sheep && herded.closed === false, `the API has no flock driven to the stable: ${JSON.stringify(events)}`);
    check(after.seats[seat].score >= before + p.field_sheep, `the score ${after.seats[seat].score} after ${before} + ${p.field_sheep}`);
    check(!after.seats[seat].flock.shepherd, 'the shepherd stayed after the stable');
    await page.locator(`[data-testid=flock-token][data-seat="${seat}"]`).waitFor({ state: 'detached' });
    await page.locator(`[data-testid=score][data-seat="${seat}"]`, { hasText: String(after.seats[seat].score) }).first().waitFor({ state: 'attached' });
    log(`game ${id} (${label}): the flock of ${p.field_sheep} sheep driven to the stable: "${herded.text}"`);
  } else {
    const drawn = events.find((e) => e.type === 'sheep-drawn' || e.type === 'wolf-drawn');
    check(drawn && drawn.seat === seat, `the flock drew no token: ${JSON.stringify(events)}`);
    log(`game ${id} (${label}): the flock of ${p.flock} sheep grown: "${drawn.text}"`);
  }
  return true;
}

// ---- scenario 41: Under the Big Top ----------------------------------------------------------

/**
 * Under the Big Top against greedy, by clicks on a desktop and by taps on a phone, the turns that
 * need no clicking played through the API (placements by the step's number, passes): when the
 * human seat may put a follower on an acrobat space (the API's `acrobat` actions, each in words),
 * the panel lists them and a marker stands on each space; the follower goes up by pressing the
 * marker of the first and confirming (the confirm button's words say so), and the API then has a
 * follower of that seat on that acrobat space, which the board draws there with its pyramid's
 * badge. The game is played until the big top is on the board at such a decision: the board
 * draws it on the tile where the API has it, and the animal tokens' panel shows the API's unseen
 * tokens.
 */
async function scenarioBigTop() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 41 (${label}): Under the Big Top, the big top drawn and an acrobat put up by ${label === 'phone' ? 'taps' : 'clicks'}`);
    const { page } = await openBrowser(`big-top-${label}`, device);
    let done = false;
    for (let game = 1; game <= 3 && !done; game++) done = await bigTopGame(page, label);
    check(done, `${label}: no acrobat action for the human seat with the big top on the board in three games`);
    await closeBrowsers();
  }
  passed += 1;
}

/** Checks that the window, at the API's `view` (this seat's decision), draws the big top where the API has it and shows its unseen animal tokens. */
async function checkBigTop(page, view, what) {
  const top = view.big_top;
  check(top && Number.isInteger(top.x) && Number.isInteger(top.y) && /^The big top stands on the circus tile /.test(top.label || ''), `${what}: the API's big top: ${JSON.stringify(top)}`);
  await waitFor(page, `the window at the API's state (${what})`, (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  await page.locator(`svg.board [data-testid=big-top][data-x="${top.x}"][data-y="${top.y}"]`).waitFor({ state: 'attached' });
  check((await page.locator('svg.board [data-testid=big-top]').count()) === 1, `${what}: more than one big top drawn`);
  const animals = view.animals;
  check(animals && Number.isInteger(animals.unseen) && animals.unseen > 0, `${what}: the API's animal tokens: ${JSON.stringify(animals)}`);
  await page.locator(`[data-testid=animals][data-unseen="${animals.unseen}"]`).waitFor({ state: 'attached' });
  for (const t of animals.tokens) {
    check((await page.locator(`[data-testid=animal-token][data-points="${t.points}"][data-count="${t.count}"]`).count()) === 1, `${what}: the panel has no ${t.count} tokens worth ${t.points}`);
  }
}

/** One game of scenario 41; whether the human seat put an acrobat up in it. */
async function bigTopGame(page, label) {
  const { id, play } = await createGame(page, ['human', 'greedy'], ['Zirka', 'Greedy'], ['big-top']);
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  const view = await playThroughApi(id, token, 'the big top game', (v, legal) => !!v.big_top && legal.some((a) => a.action === 'acrobat'));
  if (!view) return false;
  await showDecision(page, view, 'the figure decision with acrobats');
  await checkBigTop(page, view, 'at the acrobat decision');
  log(`game ${id} (${label}): the big top drawn at (${view.big_top.x}, ${view.big_top.y}), ${view.animals.unseen} animal tokens unseen`);
  const acrobats = view.legal.filter((a) => a.action === 'acrobat');
  for (const a of acrobats) {
    check(
      /^a follower onto the acrobat space .+ as an acrobat \((the first acrobat of its pyramid|its pyramid then holds 2 of 3 acrobats, .+|it completes the pyramid: 3 of 3 acrobats, .+); each acrobat scores 5 points when the full pyramid is scored, or at the end\)$/.test(a.label || ''),
      `an acrobat's words: ${JSON.stringify(a)}`,
    );
  }
  check((await page.locator('[data-testid=acrobat-marker]').count()) === acrobats.length, `${acrobats.length} acrobat actions, not as many markers`);
  check((await page.locator('[data-testid=acrobat-choice]').count()) === acrobats.length, `${acrobats.length} acrobat actions, not as many buttons`);
  const target = acrobats[0];
  const before = view.acrobat_spaces.find((sp) => sp.x === target.x && sp.y === target.y);
  check(before && before.acrobats.length < 3, `the API has no open acrobat space at (${target.x}, ${target.y}): ${JSON.stringify(view.acrobat_spaces)}`);
  if (label === 'phone') await checkNoSidewaysScroll(page, 'the acrobat decision on a phone');
  const selector = `[data-testid=acrobat-marker][data-x="${target.x}"][data-y="${target.y}"]`;
  await pressMarker(page, selector);
  await page.locator(`${selector}[aria-pressed=true]`).waitFor();
  await page.locator('[data-testid=acrobat-choice][aria-pressed=true]').waitFor();
  const confirmWords = ((await page.locator('[data-testid=confirm]').innerText()) || '').replace(/^\W+/, '').trim();
  check(confirmWords === 'Put the acrobat there', `the confirm button reads "${confirmWords}"`);
  const chosen = ((await page.locator('[data-testid=chosen]').textContent()) || '').trim();
  check(chosen === target.label[0].toUpperCase() + target.label.slice(1), `the choice in words: "${chosen}"`);
  await screenshot(page, label === 'phone' ? 'web-phone-big-top.png' : 'web-big-top.png');
  await confirm(page, `an acrobat on the acrobat space at (${target.x}, ${target.y})`);
  // Greedy answers at once: its turn is read too, once the window asks this seat again.
  await waitForTurn(page, 'the next decision of the human seat after the acrobat');
  const after = await api(`/api/games/${id}?token=${token}`);
  const events = after.events.slice(view.events.length);
  const deployed = events.find((e) => e.type === 'figure-deployed' && e.feature === 'acrobats');
  check(deployed && deployed.seat === 0 && deployed.x === target.x && deployed.y === target.y && deployed.figure === 'follower', `the API has no acrobat deployed: ${JSON.stringify(events)}`);
  // Greedy may have scored the pyramid this follower made full, or the game may be over.
  const gone = after.status === 'over' || events.some((e) => e.type === 'acrobats-scored' && e.x === target.x && e.y === target.y);
  if (!gone) {
    const mine = (list) => list.filter((seat) => seat === 0).length;
    const standing = after.figures.filter((f) => f.seat === 0 && f.x === target.x && f.y === target.y && f.feature === 'acrobats');
    check(standing.length === mine(before.acrobats) + 1, `the API has ${standing.length} of Zirka's acrobats at (${target.x}, ${target.y}): ${JSON.stringify(after.figures)}`);
    const space = after.acrobat_spaces.find((sp) => sp.x === target.x && sp.y === target.y);
    check(space && mine(space.acrobats) === standing.length, `the acrobat space after: ${JSON.stringify(space)}`);
    await page.locator(`svg.board [data-testid=figure][data-feature=acrobats][data-x="${target.x}"][data-y="${target.y}"][data-seat="0"]`).first().waitFor({ state: 'attached' });
    await page.locator(`svg.board [data-testid=acrobat-space][data-x="${target.x}"][data-y="${target.y}"][data-acrobats="${space.acrobats.length}"]`).waitFor({ state: 'attached' });
  }
  log(`game ${id} (${label}): an acrobat at (${target.x}, ${target.y}) by ${label === 'phone' ? 'taps' : 'clicks'}: "${deployed.text}"`);
  return true;
}

// ---- scenario 42: Bridges, Castles & Bazaars -------------------------------------------------

/**
 * Bridges, Castles & Bazaars against greedy, by clicks on a desktop and by taps on a phone, the
 * turns that need no clicking played through the API: when the human seat chooses a tile at a
 * bazaar (the API's `bazaar-choose` actions, each in words), the bazaar's panel shows the API's
 * offer, the board draws the API's bridges and castles; the first tile is picked by its button,
 * the opening bid raised by "+" (when the seat has a point), and the confirm button's words say
 * the bid; the API then has the tile chosen with that bid.
 */
async function scenarioBridgesCastlesBazaars() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 42 (${label}): Bridges, Castles & Bazaars, a bazaar tile chosen with a bid by ${label === 'phone' ? 'taps' : 'clicks'}`);
    const { page } = await openBrowser(`bcb-${label}`, device);
    let done = false;
    // The server deals at random: a game may bring the human seat no bazaar with a bid to make
    // (a fresh-clone CI run once met three such games in a row on the phone).
    for (let game = 1; game <= 6 && !done; game++) done = await bazaarGame(page, label);
    check(done, `${label}: no bazaar choice for the human seat in six games`);
    await closeBrowsers();
  }
  passed += 1;
}

/** One game of scenario 42; whether the human seat chose a bazaar tile in it by clicks. */
async function bazaarGame(page, label) {
  const { id, play } = await createGame(page, ['human', 'greedy'], ['Bakar', 'Greedy'], ['bridges-castles-bazaars']);
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  // A choice where the seat may bid a point, so that the bid's "+" is pressed too: the seat
  // deploys where it can, to score.
  const deploying = (legal, steps) => legal.find((a) => a.action === 'deploy') || chooseQuietly(legal, steps);
  const view = await playThroughApi(id, token, 'the bazaar game', (_, legal) => legal.some((a) => a.action === 'bazaar-choose' && a.bid >= 1), deploying);
  if (!view) return false;
  await waitFor(page, 'the window at the bazaar choice', (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  check((await waitForTurn(page, 'the bazaar choice')) === 'bazaar-choose', 'the window does not show the bazaar choice');
  const offer = (view.bazaar && view.bazaar.offer) || [];
  const open = offer.filter(Boolean);
  check(open.length >= 2 && /^.+'s bazaar offers \d+ tiles: /.test(view.bazaar.label || ''), `the API's bazaar: ${JSON.stringify(view.bazaar)}`);
  await page.locator('[data-testid=bazaar]:not([hidden])').waitFor({ state: 'attached' });
  check((await page.locator('[data-testid=bazaar-offer]').count()) === open.length, `${open.length} tiles on offer, not as many in the bazaar's panel`);
  check((await page.locator('[data-testid=bazaar-tile]').count()) === open.length, `${open.length} tiles on offer, not as many buttons`);
  check((await page.locator('svg.board [data-testid=bridge]').count()) === (view.bridges || []).length, `the board draws not the API's ${(view.bridges || []).length} bridges`);
  check((await page.locator('svg.board [data-testid=castle]').count()) === (view.castles || []).length, `the board draws not the API's ${(view.castles || []).length} castles`);
  for (const a of view.legal) {
    check(/^choose .+ \(tile \d\) and open its auction with a bid of \d+ points?$/.test(a.label || ''), `a bazaar choice's words: ${JSON.stringify(a)}`);
  }
  if (label === 'phone') await checkNoSidewaysScroll(page, 'the bazaar choice on a phone');
  const first = open[0];
  await press(page, `[data-testid=bazaar-tile][data-index="${first.index}"]`);
  await page.locator(`[data-testid=bazaar-tile][data-index="${first.index}"][aria-pressed=true]`).waitFor();
  const most = view.pending.most;
  const bid = most >= 1 ? 1 : 0;
  if (bid) {
    await press(page, '[data-testid=bid-more]');
    await page.locator('[data-testid=bid-input][data-bid="1"]').waitFor({ state: 'attached' });
  }
  const confirmWords = ((await page.locator('[data-testid=confirm]').innerText()) || '').replace(/^\W+/, '').trim();
  check(confirmWords === `Bid ${bid} point${bid === 1 ? '' : 's'}`, `the confirm button reads "${confirmWords}"`);
  await screenshot(page, label === 'phone' ? 'web-phone-bazaar.png' : 'web-bazaar.png');
  await confirm(page, `tile ${first.index + 1} chosen at the bazaar with a bid of ${bid}`);
  let chosen = null;
  for (let i = 0; i < 100 && !chosen; i++) {
    const after = await api(`/api/games/${id}?token=${token}`);
    chosen = after.events.slice(view.events.length).find((e) => e.type === 'bazaar-tile-chosen');
    if (!chosen) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  check(chosen && chosen.seat === 0 && chosen.index === first.index && chosen.bid === bid && chosen.tile === first.tile, `the API has no tile chosen so: ${JSON.stringify(chosen)}`);
  log(`game ${id} (${label}): "${chosen.text}" by ${label === 'phone' ? 'taps' : 'clicks'}`);
  return true;
}

// ---- scenario 43: The Catapult ---------------------------------------------------------------

/**
 * The Catapult against greedy, by clicks on a desktop and by taps on a phone, the turns that need
 * no clicking played through the API: when the human seat has placed a fair tile, the panel "The
 * catapult" offers the API's four kinds of token as buttons in its words; target hurling is
 * chosen by its button ("Hold a target hurling round"); the seat flicks first: every tile on the
 * board is highlighted to aim at, each in the API's words, the fair tile named; the fair tile is
 * picked by its square and confirmed ("Flick the token at this tile"). The API then has the
 * flick at that tile with where it came down in words, and the board draws the token there. On
 * the desktop a hot-seat game then goes on to a seduction (`seductionGame`).
 */
async function scenarioCatapult() {
  for (const [label, device] of [['desktop', DESKTOP], ['phone', PHONE]]) {
    log(`scenario 43 (${label}): The Catapult, a token chosen and flicked by ${label === 'phone' ? 'taps' : 'clicks'}`);
    const { page } = await openBrowser(`catapult-${label}`, device);
    let done = false;
    for (let game = 1; game <= 3 && !done; game++) done = await catapultGame(page, label);
    check(done, `${label}: no catapult round for the human seat in three games`);
    if (label === 'desktop') {
      let seduced = false;
      for (let game = 1; game <= 3 && !seduced; game++) seduced = await seductionGame(page);
      check(seduced, 'no seduction in three hot-seat games');
      let inQuarter = false;
      for (let game = 1; game <= 10 && !inQuarter; game++) inQuarter = await quarterSeductionGame(page);
      check(inQuarter, 'no seduction in the quarters of Carcassonne in ten hot-seat games');
    }
    await closeBrowsers();
  }
  passed += 1;
}

/**
 * The second part of scenario 43, in a hot-seat game played through the API (the rounds of
 * seduction, each flick aimed at a tile with the other seat's follower) up to a seduction: a
 * heart marker and a button per follower it may replace in the API's words, "Pass" beside them;
 * the first heart is clicked ("Put your follower there") and confirmed: the API has the follower
 * seduced. Whether a seduction was reached in the game.
 */
async function seductionGame(page) {
  const { id, play } = await createGame(page, ['human', 'human'], ['Katya', 'Lev'], ['catapult'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  let view = null;
  for (let steps = 0; ; steps++) {
    check(Date.now() - started < TOTAL_MS - 30_000, `the seduction game is still running after ${steps} steps; out of time`);
    view = await api(`/api/games/${id}?token=${token}`);
    if (view.status === 'over') return false;
    const legal = (view.legal || []).filter(Boolean);
    if (legal.some((a) => a.action === 'seduce')) break;
    const seat = view.pending.seat;
    const theirs = (a) => view.figures.some((f) => f.seat !== seat && f.x === a.x && f.y === a.y && f.figure === 'follower');
    // A follower deployed two turns in three, so that the seats keep some to seduce with.
    const deploy = steps % 3 ? legal.find((a) => a.action === 'deploy' && a.figure === 'follower') : null;
    const a =
      legal[0].action === 'place' ? legal[steps % legal.length]
      : legal.find((l) => l.action === 'catapult' && l.token === 'seduction') || legal.find((l) => l.action === 'flick' && theirs(l)) || deploy || legal.find((l) => l.action === 'pass') || legal[0];
    const { at: _at, label: _label, ...action } = a;
    await apiPost(`/api/games/${id}/actions`, { token, action, version: view.version });
  }
  await waitFor(page, 'the window at the seduction', (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  check((await waitForTurn(page, 'the seduction')) === 'seduce', 'the window does not ask for the seduction');
  const seductions = view.legal.filter((a) => a.action === 'seduce');
  check(seductions.every((a) => /^put your .+ in the place of the \w+ player's .+ of the start tile \(it goes back to the \w+ player\)$|^put your .+ in the place of the \w+ player's .+ at the start tile \(it goes back to the \w+ player\)$/.test(a.label || '')), `the seductions' words: ${JSON.stringify(seductions)}`);
  const candidates = view.pending.candidates || [];
  check(candidates.length >= 1 && candidates.every((c) => c.owner !== view.pending.seat && c.with.length >= 1), `the API's candidates: ${JSON.stringify(candidates)}`);
  check((await page.locator('.panel-title', { hasText: 'Seduction' }).count()) === 1, 'no panel "Seduction"');
  check((await page.locator('[data-testid=seduce-marker]').count()) === candidates.length, `${candidates.length} followers to seduce, not as many hearts`);
  check((await page.locator('[data-testid=seduce-choice]').count()) === candidates.length, `${candidates.length} followers to seduce, not as many buttons`);
  check((await page.locator('[data-testid=pass]').count()) === 1, 'no "Pass" beside the seduction');
  const first = candidates[0];
  await pressMarker(page, `[data-testid=seduce-marker][data-x="${first.x}"][data-y="${first.y}"][data-feature="${first.feature}"]`);
  await page.locator('[data-testid=seduce-choice][aria-pressed=true]').first().waitFor();
  const words = ((await page.locator('[data-testid=confirm]').innerText()) || '').replace(/^\W+/, '').trim();
  check(/^Put your (follower|big follower|abbot|phantom) there$/.test(words), `the confirm button reads "${words}"`);
  await screenshot(page, 'web-catapult-seduction.png');
  await confirm(page, 'the seduction');
  const seduced = (await newEvents(id, view.events.length)).find((e) => e.type === 'seduced');
  check(seduced && seduced.seat === view.pending.seat && seduced.owner === first.owner && seduced.x === first.x && seduced.y === first.y && seduced.feature === first.feature, `the API has no seduction of the first candidate: ${JSON.stringify(seduced)}`);
  check(/^(Katya|Lev) seduces (Katya|Lev)'s .+: (Katya|Lev)'s .+ takes its place, and it goes back to (Katya|Lev)$/.test(seduced.text || ''), `the seduction's words: "${seduced.text}"`);
  log(`game ${id}: "${seduced.text}" by clicks`);
  return true;
}

/**
 * The third part of scenario 43, with The Count, in a hot-seat game played through the API:
 * each seat deploys to the castle quarter when it may, chooses seduction rounds and aims at the
 * city of Carcassonne, until a seduction may take a figure waiting in a quarter. The panel then
 * has a button per such figure in the API's words; the first is pressed and confirmed ("Put
 * your follower there"): the API has the follower seduced in the quarter. Whether
 * such a seduction was reached in the game.
 */
async function quarterSeductionGame(page) {
  const { id, play } = await createGame(page, ['human', 'human'], ['Katya', 'Lev'], ['count', 'catapult'], { hotSeat: true });
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  let view = null;
  for (let steps = 0; ; steps++) {
    check(Date.now() - started < TOTAL_MS - 30_000, `the quarter seduction game is still running after ${steps} steps; out of time`);
    view = await api(`/api/games/${id}?token=${token}`);
    if (view.status === 'over') return false;
    const legal = (view.legal || []).filter(Boolean);
    if (legal.some((a) => a.action === 'seduce-quarter')) break;
    // Followers deployed while the seat keeps three in supply (for Carcassonne's quarters and
    // the seduction), so that the seats often close each other's features.
    const seat = view.pending.seat;
    const inSupply = ((view.seats[seat] || {}).supply || {}).follower || 0;
    const deploy = inSupply > 3 ? legal.find((a) => a.action === 'deploy' && a.figure === 'follower') : null;
    const a =
      legal[0].action === 'place' ? legal[steps % legal.length]
      : legal.find((l) => l.action === 'carcassonne' && l.quarter === 'castle')
        || legal.find((l) => l.action === 'catapult' && l.token === 'seduction')
        || legal.find((l) => l.action === 'flick' && l.x === 0 && l.y === 0)
        || deploy || legal.find((l) => l.action === 'pass') || legal[0];
    const { at: _at, label: _label, ...action } = a;
    await apiPost(`/api/games/${id}/actions`, { token, action, version: view.version });
  }
  await waitFor(page, 'the window at the seduction in a quarter', (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  check((await waitForTurn(page, 'the seduction in a quarter')) === 'seduce', 'the window does not ask for the seduction');
  const offered = view.legal.filter((a) => a.action === 'seduce-quarter');
  check(offered.every((a) => /^put your .+ in the place of the \w+ player's .+ in the \w+ quarter of Carcassonne \(it goes back to the \w+ player\)$/.test(a.label || '')), `the seductions' words: ${JSON.stringify(offered)}`);
  const quarters = view.pending.quarters || [];
  check(quarters.length >= 1 && quarters.every((c) => c.owner !== view.pending.seat && c.with.length >= 1), `the API's quarter candidates: ${JSON.stringify(quarters)}`);
  check((await page.locator('[data-testid=seduce-quarter-choice]').count()) === offered.length, `${offered.length} seductions in the quarters, not as many buttons`);
  const first = offered[0];
  await pressUntilChosen(page, `[data-testid=seduce-quarter-choice][data-quarter="${first.quarter}"][data-owner="${first.owner}"]`);
  const words = ((await page.locator('[data-testid=confirm]').innerText()) || '').replace(/^\W+/, '').trim();
  check(words === `Put your ${String(first.with).replace(/-/g, ' ')} there`, `the confirm button reads "${words}"`);
  const chosen = ((await page.locator('[data-testid=seduce-quarter-choice][aria-pressed=true]').innerText()) || '').trim();
  check(chosen.includes(`in the ${first.quarter} quarter of Carcassonne`), `the chosen button reads "${chosen}"`);
  await screenshot(page, 'web-catapult-seduction-quarter.png');
  await confirm(page, 'the seduction in a quarter');
  const seduced = (await newEvents(id, view.events.length)).find((e) => e.type === 'seduced-in-quarter');
  // The record names the owner by colour, the event and the pending view by seat.
  const candidate = quarters.find((c) => c.quarter === first.quarter && c.figure === first.figure);
  check(seduced && candidate && seduced.seat === view.pending.seat && seduced.owner === candidate.owner && seduced.quarter === first.quarter, `the API has no seduction in the quarter: ${JSON.stringify(seduced)}`);
  check(/^(Katya|Lev) seduces (Katya|Lev)'s .+ in the \w+ quarter of Carcassonne: (Katya|Lev)'s .+ takes its place, and it goes back to (Katya|Lev)$/.test(seduced.text || ''), `the seduction's words: "${seduced.text}"`);
  log(`game ${id}: "${seduced.text}" by clicks`);
  return true;
}

/** One game of scenario 43; whether the human seat chose a token and flicked it in it. */
async function catapultGame(page, label) {
  const { id, play } = await createGame(page, ['human', 'greedy'], ['Katya', 'Greedy'], ['catapult']);
  const token = /#token=([0-9a-f]+)/.exec(play)[1];
  await press(page, '[data-testid=play-link]');
  await page.waitForURL(/\/play\//);
  let view = await playThroughApi(id, token, 'the catapult game', (_, legal) => legal.some((a) => a.action === 'catapult'));
  if (!view) return false;
  await waitFor(page, 'the window at the catapult round', (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  check((await waitForTurn(page, 'the token of the catapult')) === 'catapult', 'the window does not ask for the catapult token');
  const p = view.pending;
  const fair = { x: p.x, y: p.y };
  check(p.seat === 0 && Array.isArray(p.tokens) && p.tokens.map((t) => t.token).join() === 'knock-out,seduction,target,catch', `the API's token decision: ${JSON.stringify(p)}`);
  const tokens = view.legal.filter((a) => a.action === 'catapult');
  check(tokens.length === 4, `the API offers ${tokens.length} tokens`);
  check((await page.locator('.panel-title', { hasText: 'The catapult' }).count()) === 1, 'no panel "The catapult"');
  check((await page.locator('[data-testid=token-choice]').count()) === 4, 'not four token buttons');
  for (const a of tokens) {
    const words = ((await page.locator(`[data-testid=token-choice][data-token="${a.token}"]`).innerText()) || '').trim();
    check(words === a.label[0].toUpperCase() + a.label.slice(1), `the ${a.token} button reads "${words}", the API "${a.label}"`);
  }
  const target = tokens.find((a) => a.token === 'target');
  check(/^target hurling: every player in turn flicks a target token at a tile; the tokens that land nearest the fair tile score 5 points$/.test(target.label), `target hurling's words: ${target.label}`);
  if (label === 'phone') await checkNoSidewaysScroll(page, 'the token of the catapult on a phone');
  await pressUntilChosen(page, '[data-testid=token-choice][data-token=target]');
  const tokenConfirm = ((await page.locator('[data-testid=confirm]').innerText()) || '').replace(/^\W+/, '').trim();
  check(tokenConfirm === 'Hold a target hurling round', `the confirm button reads "${tokenConfirm}"`);
  await confirm(page, 'a round of target hurling');

  // The opener flicks first.
  check((await waitForTurn(page, 'the flick')) === 'flick', 'the window does not ask for the flick');
  view = await api(`/api/games/${id}?token=${token}`);
  const f = view.pending;
  check(f.decision === 'flick' && f.seat === 0 && f.token === 'target' && f.opener === 0 && f.flicked === 0 && f.fair && f.fair.x === fair.x && f.fair.y === fair.y, `the API's flick: ${JSON.stringify(f)}`);
  const aims = view.legal.filter((a) => a.action === 'flick');
  check(aims.length === view.board.length, `${aims.length} tiles to aim at, ${view.board.length} on the board`);
  check(aims.every((a) => /^aim at (the start tile|the tile .+ of the start tile)( \(.+\))?$/.test(a.label || '')), `the aims' words: ${JSON.stringify(aims.slice(0, 3))}`);
  const aim = aims.find((a) => a.x === fair.x && a.y === fair.y);
  check(aim && /\(the fair tile/.test(aim.label), `the fair tile's aim: ${JSON.stringify(aim)}`);
  await waitFor(page, 'the window at the flick', (v) => {
    const g = document.querySelector('[data-testid=game]');
    return g && Number(g.dataset.version) === v;
  }, view.version);
  check((await page.locator('[data-testid=flick-spot]').count()) === aims.length, `${aims.length} tiles to aim at, not as many highlighted`);
  check((await page.locator('[data-testid=flick-choice]').count()) === aims.length, `${aims.length} tiles to aim at, not as many in the list`);
  const spot = `[data-testid=flick-spot][data-x="${fair.x}"][data-y="${fair.y}"]`;
  if (!(await clickable(page, spot)).length) await press(page, '[data-testid=zoom-fit]');
  await pressUntilChosen(page, spot);
  const flickConfirm = ((await page.locator('[data-testid=confirm]').innerText()) || '').replace(/^\W+/, '').trim();
  check(flickConfirm === 'Flick the token at this tile', `the confirm button reads "${flickConfirm}"`);
  const chosen = ((await page.locator('[data-testid=chosen]').textContent()) || '').trim();
  check(chosen === aim.label[0].toUpperCase() + aim.label.slice(1), `the flick in words: "${chosen}"`);
  await screenshot(page, label === 'phone' ? 'web-phone-catapult.png' : 'web-catapult.png');
  await confirm(page, `the flick at the fair tile (${fair.x}, ${fair.y})`);
  const flicked = (await newEvents(id, view.events.length)).find((e) => e.type === 'flicked' && e.seat === 0);
  check(flicked && flicked.token === 'target' && flicked.aim_x === fair.x && flicked.aim_y === fair.y, `the API has no flick at the fair tile: ${JSON.stringify(flicked)}`);
  check(/^Katya flicks the target hurling token at (the start tile|the tile .+ of the start tile): it (lands on it|lands beside it, on .+|comes down off the map, .+, where no tile lies)$/.test(flicked.text || ''), `the flick's words: "${flicked.text}"`);
  // The board draws the token where it came down, until the next round begins (the bot may
  // place another fair tile at once: then the round's tokens are gone from the board).
  const landing = page.locator(`svg.board [data-testid=catapult-landing][data-seat="0"][data-x="${flicked.x}"][data-y="${flicked.y}"]`);
  for (let tries = 0; ; tries++) {
    if (await landing.count()) break;
    const nextRound = (await newEvents(id, view.events.length)).some((e) => e.type === 'catapult-round');
    if (nextRound) {
      log(`game ${id} (${label}): the next catapult round began before the landing was checked`);
      break;
    }
    check(tries < 40, `no token drawn where Katya's came down (${flicked.x}, ${flicked.y})`);
    await page.waitForTimeout(500);
  }
  await page.locator('[data-testid=log] [data-type=flicked]', { hasText: flicked.text }).first().waitFor({ state: 'attached' });
  await checkNoNotation(page, '[data-testid=log], [data-testid=action-panel]');
  log(`game ${id} (${label}): "${flicked.text}" by ${label === 'phone' ? 'taps' : 'clicks'}`);
  return true;
}

try {
  check(fs.existsSync(CHROMIUM), `no Chromium at ${CHROMIUM} (scripts/browser-test.sh installs Debian's)`);
  // E2E_ONLY=5,6 runs only those scenarios (while working on one).
  const only = (process.env.E2E_ONLY || '').split(',').filter(Boolean).map(Number);
  const scenarios = [scenarioAgainstBot, scenarioComeBack, scenarioKeyboard, scenarioLive, scenarioDragon, scenarioTower,
    scenarioHostileNames, scenarioLimit, scenarioReference];
  // By number: scenario 10 is Abbey & Mayor's, 11 The Count of Carcassonne's, 12 the official
  // variations', 13 the choice of the tile to place, 14 the tiles handed out, 15 the table's edge,
  // 16 mountains, 17 prisoners, 18 a new lease of life and the dash, 19 rebuilding, 20 a crowded
  // decision on a phone and undo, 21 chat, 22 Little Buildings, 23 The Festival, 24 The Gold Mines, whatever the list above holds.
  const numbered = new Map(scenarios.map((scenario, i) => [i + 1, scenario]));
  numbered.set(10, scenarioAbbeyMayor);
  numbered.set(11, scenarioCount);
  numbered.set(12, scenarioVariations);
  numbered.set(13, scenarioHands);
  numbered.set(14, scenarioHandOut);
  numbered.set(15, scenarioTableEdge);
  numbered.set(16, scenarioMountains);
  numbered.set(17, scenarioPrisoners);
  numbered.set(18, scenarioDash);
  numbered.set(19, scenarioRebuilding);
  numbered.set(20, scenarioPhoneCrowded);
  numbered.set(21, scenarioChat);
  numbered.set(22, scenarioLittleBuildings);
  numbered.set(23, scenarioFestival);
  numbered.set(24, scenarioGoldMines);
  numbered.set(25, scenarioWindRoses);
  numbered.set(26, scenarioMonasteries);
  numbered.set(27, scenarioShrines);
  numbered.set(28, scenarioWatchtowers);
  numbered.set(29, scenarioBabaYaga);
  numbered.set(30, scenarioTraps);
  numbered.set(31, scenarioPorxada);
  numbered.set(32, scenarioCropCircles);
  numbered.set(33, scenarioPhantom);
  numbered.set(34, scenarioMageWitch);
  numbered.set(35, scenarioFlier);
  numbered.set(36, scenarioTunnel);
  numbered.set(37, scenarioFerries);
  numbered.set(38, scenarioPlague);
  numbered.set(39, scenarioMessages);
  numbered.set(40, scenarioHillsSheep);
  numbered.set(41, scenarioBigTop);
  numbered.set(42, scenarioBridgesCastlesBazaars);
  numbered.set(43, scenarioCatapult);
  // E2E_LANE=i/n runs every n-th scenario from the i-th (0-based) of those chosen:
  // scripts/browser-test.sh runs n such lanes at once against one server, since a scenario spends
  // most of its time waiting for the page or the server, not on a core.
  const [lane, lanes] = (process.env.E2E_LANE || '0/1').split('/').map(Number);
  check(Number.isInteger(lane) && Number.isInteger(lanes) && lanes >= 1 && lane >= 0 && lane < lanes, `E2E_LANE=${process.env.E2E_LANE} is not i/n with 0 <= i < n`);
  const chosen = [...numbered].filter(([n]) => !only.length || only.includes(n));
  for (const [, scenario] of chosen.filter((_, i) => i % lanes === lane)) {
    await scenario();
    await closeBrowsers();
  }
  check(!policyViolations.length, `content security policy violations: ${policyViolations.join('; ')}`);
  check(!pageErrors.length, `JavaScript errors in the page: ${pageErrors.join('; ')}`);
  log(`browser test done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, 0 failed`);
} catch (err) {
  console.error(`FAILED: ${err instanceof TestFailure ? err.message : err.stack || err}`);
  await failureShots();
  console.log(`${passed} passed, 1 failed`);
  process.exitCode = 1;
} finally {
  clearTimeout(watchdog);
  await closeBrowsers();
}
