// Small DOM helpers shared by the views: element builders, labels for the engine's names.

export const SVG_NS = 'http://www.w3.org/2000/svg';

function build(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key === 'dataset') {
      Object.assign(el.dataset, value);
    } else if (key === 'text') {
      el.textContent = value;
    } else if (key === 'style' && typeof value === 'object') {
      // Custom properties (--seat) need setProperty; plain assignment ignores them.
      for (const [prop, v] of Object.entries(value)) {
        if (prop.startsWith('--')) el.style.setProperty(prop, v);
        else el.style[prop] = v;
      }
    } else if (key in el && !(el instanceof SVGElement) && typeof value !== 'string') {
      el[key] = value; // properties such as checked, disabled, value
    } else {
      el.setAttribute(key, value === true ? '' : String(value));
    }
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An HTML element: `h('button', {class: 'x', onClick}, 'text')`. */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children);
}

/** An SVG element, same calling convention as `h`. */
export function s(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children);
}

/** Whether `p` is an [x, y] pair of finite numbers (a position or an anchor from the server). */
export function isPair(p) {
  return Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1]);
}

export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

/** Words for the engine's kebab-case names, for people. */
const LABELS = {
  follower: 'Follower',
  'big-follower': 'Big follower',
  phantom: 'Phantom',
  ringmaster: 'Ringmaster',
  abbot: 'Abbot',
  builder: 'Builder',
  pig: 'Pig',
  city: 'City',
  road: 'Road',
  cloister: 'Cloister',
  prior: 'Prior (monastery)',
  garden: 'Garden',
  field: 'Farm',
  king: 'King',
  'robber-baron': 'Robber baron',
  wine: 'Wine',
  grain: 'Grain',
  cloth: 'Cloth',
  river: 'The River',
  'river-2': 'The River II',
  'inns-cathedrals': 'Inns & Cathedrals',
  'traders-builders': 'Traders & Builders',
  'king-robber': 'King & Scout',
  cathars: 'The Cathars',
  'princess-dragon': 'The Princess & the Dragon',
  fairy: 'Fairy',
  tower: 'The Tower',
  ransom: 'Ransom',
  dash: 'Dash',
  gq11: 'Games Quarterly tiles',
  winter: 'Winter Edition',
  'hig-big-box': 'Hans im Glück, Big Box',
  hig: 'Hans im Glück, original boxes',
  rgg: 'Rio Grande Games, original boxes',
  'rgg-big-box': 'Rio Grande Games, Big Box',
  'farmer-scoring': 'Farm scoring',
  'small-city': 'Small cities score less',
  farmers: 'Farmers',
  'tile-edition': 'Tile artwork',
  'river-start-tile': 'Base start tile with a river',
  'gq-pig-herd': 'GQ pigs count as a pig-herd',
  'third-edition': '3rd edition (3 per city, per farm)',
  'second-edition': '2nd edition (each city once)',
  'first-edition': '1st edition (4 per city, majority)',
  first: 'First edition',
  second: 'Second edition (gardens)',
  shuffled: 'shuffled in',
  discarded: 'left out',
  human: 'Human',
  random: 'Bot: random',
  greedy: 'Bot: greedy',
  'mcts:easy': 'Bot: MCTS easy',
  'mcts:medium': 'Bot: MCTS medium',
  'mcts:hard': 'Bot: MCTS hard',
};

export function label(name) {
  if (name === undefined || name === null) return '';
  const key = String(name);
  if (LABELS[key]) return LABELS[key];
  const words = key.replace(/[-_:]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** How a seat is played, short: "human", "bot · greedy". */
export function playerLabel(player) {
  return player === 'human' ? 'human' : `bot · ${player}`;
}

export function formatTime(seconds) {
  if (!seconds) return '';
  const d = new Date(seconds * 1000);
  const now = new Date();
  const sameDay = d.toDateString() === now.toDateString();
  const time = d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
  return sameDay ? time : `${d.toLocaleDateString()} ${time}`;
}

/** Text on a colour: dark on light colours (yellow), white otherwise. */
export function inkOn(hex) {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex || '');
  if (!m) return '#fff';
  const n = parseInt(m[1], 16);
  const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 150 ? '#1d1d1d' : '#fff';
}

/** Fallback colours if a view lacks `hex` (the engine's colour names). */
const COLOR_HEX = {
  red: '#d62728',
  blue: '#1f77b4',
  green: '#2ca02c',
  yellow: '#f1c40f',
  black: '#333333',
  gray: '#8c8c8c',
  pink: '#e377c2',
};

export function seatHex(seat) {
  return (seat && (seat.hex || COLOR_HEX[seat.color])) || '#888';
}

export function colorHex(name) {
  return COLOR_HEX[name] || '#888';
}

/** Copies text to the clipboard, with a fallback for pages not served over https. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h('textarea', { style: { position: 'fixed', opacity: '0' } });
    area.value = text;
    document.body.append(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand('copy');
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}

/** Sets the small text at the right of the top bar. */
export function setTopbar(...children) {
  const el = document.getElementById('topbar-info');
  if (el) build(clear(el), {}, children);
}
