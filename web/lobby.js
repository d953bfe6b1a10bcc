// The lobby (`/`): the form that creates a game, built from GET /api/options so it offers
// exactly what the engine knows, the join links of a new game, and the list of games.

import { getOptions, createGame, listGames, getReference } from './api.js';
import { h, clear, label, playerLabel, formatTime, colorHex, copyText, setTopbar, inkOn } from './ui.js';
import { myGames, forgetGame, playLink } from './mygames.js';
import { drawReference } from './reference.js';


// The server's colours (GET /api/options), once known; the built-in ones until then.
const seatColors = new Map();
const hexOf = (color) => seatColors.get(color) || colorHex(color);
// The expansions' names (GET /api/options), once known; the record names made readable until then.
const expansionLabels = new Map();
/** A game's expansions in words: "The Tower, Abbey & Mayor", or "Base game". */
const expansionsText = (names) => (names && names.length ? names.map((n) => expansionLabels.get(n) || label(n)).join(', ') : 'Base game');

/**
 * GET /api/options (docs/api.md) in the shape the form uses: expansions and variants with
 * labels, the rule-set presets with their complete variants, the bot names and the colours.
 */
export function normalizeOptions(raw) {
  const expansions = raw.expansions.map((e) => ({ name: e.id, label: e.label, description: e.description || '' }));
  const variants = raw.variants.map((v) => ({
    name: v.id,
    label: v.label || label(v.id),
    description: v.description || '',
    kind: v.type === 'bool' ? 'bool' : 'enum',
    values: v.type === 'bool' ? [false, true] : v.values,
    valueLabels: v.value_labels || {},
    default: v.default,
    group: v.group || 'rule-difference',
    author: v.author || '',
    // The expansions without which the variant changes nothing (docs/api.md): any or all of them.
    needsAny: (v.needs && v.needs.any_of) || null,
    needsAll: (v.needs && v.needs.all_of) || null,
  }));
  const presets = raw.rule_sets.map((r) => ({ name: r.id, label: r.label || label(r.id), variants: r.variants }));
  const colors = raw.colors.map((c) => ({ name: c.id, hex: c.hex }));
  return { expansions, variants, presets, bots: raw.bots, colors, maxSeats: raw.max_seats, raw };
}

function sameValue(a, b) {
  return String(a) === String(b);
}

export async function showLobby(app) {
  document.title = 'Carcassonne';
  setTopbar(h('span', { class: 'muted' }, 'Lobby'));
  const formCard = h('section', { class: 'card create-card' }, h('h2', {}, 'New game'), h('p', { class: 'muted' }, 'Loading the options…'));
  const createdCard = h('section', { class: 'card created-card', 'data-testid': 'created', hidden: true });
  const gamesCard = h('section', { class: 'card games-card' });
  const referenceCard = h('section', { class: 'card reference-card', 'data-testid': 'reference-panel', hidden: true });
  const yoursCard = h('section', { class: 'card yours-card', 'data-testid': 'your-games', hidden: true });
  clear(app).append(h('div', { class: 'lobby' }, yoursCard, formCard, h('div', { class: 'lobby-side' }, createdCard, referenceCard, gamesCard)));

  try {
    const options = normalizeOptions(await getOptions());
    for (const c of options.colors) seatColors.set(c.name, c.hex);
    for (const e of options.expansions) expansionLabels.set(e.name, e.label);
    buildForm(formCard, options, createdCard, referenceCard);
  } catch (err) {
    clear(formCard).append(
      h('h2', {}, 'New game'),
      h('p', { class: 'error', 'data-testid': 'error' }, `The game options could not be loaded: ${err.message}`),
    );
  }
  // After the options, so that the lists have the server's colours.
  refreshGames(gamesCard);
}

/**
 * "Your games": the seats this browser remembers (mygames.js), with whose turn it is from the
 * server's game list, a link back to each seat and a way to forget a game.
 */
function renderMyGames(card, games) {
  const mine = myGames();
  card.hidden = !mine.length;
  if (!mine.length) {
    clear(card);
    return;
  }
  const rows = mine.map((entry) => {
    const game = games && games.find((g) => g.id === entry.id);
    let state;
    let yourTurn = false;
    if (!games) state = h('span', { class: 'muted' }, '…');
    else if (!game) state = h('span', { class: 'muted' }, 'no longer on this server');
    else if (game.status === 'over') state = 'Game over';
    else if (game.status === 'failed') state = h('span', { class: 'muted' }, `damaged on the server: ${game.error}`);
    else {
      yourTurn = (entry.you || []).includes(game.turn);
      const seat = (game.seats || [])[game.turn];
      state = yourTurn ? h('strong', { class: 'your-turn' }, 'Your turn') : `Waiting for ${seat ? seat.name : 'the next player'}`;
    }
    const scores = game
      ? (game.seats || []).map((s) => h('span', { class: 'chip' }, h('span', { class: 'dot', style: { background: hexOf(s.color) } }), `${s.name} ${s.score ?? 0}`))
      : null;
    return h(
      'li',
      { class: `my-game${yourTurn ? ' turn' : ''}`, 'data-testid': 'my-game', 'data-id': entry.id, 'data-your-turn': yourTurn ? 'true' : 'false' },
      h(
        'div',
        { class: 'my-game-head' },
        h('strong', {}, `You play ${(entry.names || []).join(', ') || 'a seat'}`),
        h('span', { class: 'my-game-state', 'data-testid': 'my-game-state' }, state),
      ),
      scores ? h('div', { class: 'chips' }, scores) : null,
      // What the game is and when it began, to tell one's games apart.
      game && game.status !== 'failed'
        ? h('p', { class: 'muted small my-game-about', 'data-testid': 'my-game-about' }, `${expansionsText(game.expansions)} · started ${formatTime(game.created)}`)
        : null,
      h(
        'div',
        { class: 'row' },
        game ? h('a', { class: `button${yourTurn ? ' primary' : ''}`, href: playLink(entry), 'data-testid': 'my-game-play' }, game.status === 'over' ? 'Final board' : yourTurn ? 'Play' : 'Open') : null,
        h(
          'button',
          {
            type: 'button',
            class: 'small',
            'data-testid': 'my-game-forget',
            title: 'Forget this game in this browser (the game itself goes on)',
            onClick: () => {
              forgetGame(entry.id);
              renderMyGames(card, games);
            },
          },
          'Forget',
        ),
      ),
    );
  });
  clear(card).append(h('h2', {}, 'Your games'), h('ul', { class: 'my-games' }, rows));
}

/**
 * The lobby's reference panel: the game reference for the form's expansions, variants and
 * number of seats, fetched again (after a short pause) whenever one of them changes. The card
 * says which choices it shows (`data-expansions`, `data-players`) once it shows them.
 */
function referencePanel(card, options, state) {
  const host = h('div', { class: 'reference-host' });
  const status = h('p', { class: 'muted small', 'data-testid': 'reference-status' }, 'Loading…');
  card.hidden = false;
  clear(card).append(
    h('div', { class: 'card-head' }, h('h2', {}, 'Game reference')),
    h('p', { class: 'muted small' }, 'Preparation, order of play and scoring for the expansions and rules chosen in this form; it changes as you choose.'),
    status,
    host,
  );
  let timer = null;
  let asked = 0;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const ask = ++asked;
      const expansions = options.expansions.map((e) => e.name).filter((n) => state.expansions.has(n));
      const variants = options.variants
        .filter((v) => !sameValue(state.variants[v.name], v.default))
        .map((v) => `${v.name}=${state.variants[v.name]}`);
      try {
        const ref = await getReference({ expansions: expansions.join(','), variants: variants.join(','), players: state.seats.length });
        if (ask !== asked) return;
        drawReference(host, ref);
        status.textContent = '';
        card.dataset.expansions = expansions.join(',');
        card.dataset.players = String(state.seats.length);
      } catch (err) {
        if (ask === asked) status.textContent = `The reference could not be loaded: ${err.message}`;
      }
    }, 150);
  };
}

function buildForm(card, options, result, referenceCard) {
  const state = {
    expansions: new Set(),
    variants: Object.fromEntries(options.variants.map((v) => [v.name, v.default])),
    seats: [
      { name: '', player: 'human' },
      { name: '', player: options.bots.includes('greedy') ? 'greedy' : options.bots[0] || 'human' },
    ],
    hotSeat: false,
    turnClock: null,
  };

  const error = h('p', { class: 'error', 'data-testid': 'create-error', role: 'alert' });
  const referenceRefresh = referenceCard ? referencePanel(referenceCard, options, state) : () => {};
  // Every change of the form (expansions, variants, preset, seats) lands here: the variants
  // offered follow the expansions, the reference follows everything.
  let applyNeeds = () => {};
  const refreshReference = () => {
    applyNeeds();
    referenceRefresh();
  };

  // --- expansions
  const expansionBox = h(
    'div',
    { class: 'checks' },
    options.expansions.map((e) =>
      h(
        'label',
        { class: 'check', title: e.description || e.name },
        h('input', {
          type: 'checkbox',
          'data-testid': `expansion-${e.name}`,
          value: e.name,
          onChange: (ev) => {
            if (ev.target.checked) state.expansions.add(e.name);
            else state.expansions.delete(e.name);
            if (e.name === 'abbot') abbotNeedsGardens(ev.target.checked);
            refreshReference();
          },
        }),
        ' ',
        e.label,
      ),
    ),
  );
  // The abbot's gardens are printed only on the second-edition tiles: choosing the abbot
  // chooses those tiles, and says so.
  const abbotNote = h('p', { class: 'note small', 'data-testid': 'abbot-note', hidden: true });
  const abbotNeedsGardens = (on) => {
    const edition = options.variants.find((v) => v.name === 'tile-edition');
    abbotNote.hidden = !on;
    if (!on || !edition) return;
    if (String(state.variants['tile-edition']) !== 'second' && edition.values.map(String).includes('second')) {
      state.variants['tile-edition'] = 'second';
      const input = variantInputs.get('tile-edition');
      if (input) input.value = 'second';
      matchPreset();
    }
    abbotNote.textContent = 'The Abbot needs the second-edition tiles (they carry its gardens): “Tile printing” is set to the second edition.';
  };

  // --- rule variants and the presets that fill them in
  const variantInputs = new Map();
  const presetSelect = h('select', { 'data-testid': 'preset', id: 'preset' });
  const matchPreset = () => {
    const found = options.presets.find((p) =>
      options.variants.every((v) => !(v.name in p.variants) || sameValue(p.variants[v.name], state.variants[v.name])),
    );
    presetSelect.value = found ? found.name : '';
  };
  presetSelect.append(
    ...options.presets.map((p) => h('option', { value: p.name }, p.label)),
    h('option', { value: '' }, 'Custom'),
  );
  presetSelect.addEventListener('change', () => {
    const preset = options.presets.find((p) => p.name === presetSelect.value);
    if (!preset) return;
    for (const v of options.variants) {
      if (!(v.name in preset.variants)) continue;
      state.variants[v.name] = preset.variants[v.name];
      const input = variantInputs.get(v.name);
      if (v.kind === 'bool') input.checked = !!state.variants[v.name];
      else input.value = String(state.variants[v.name]);
    }
    refreshReference();
  });

  const variantRow = (v) => {
    let input;
    // An official variation's author, after its label (one box, so that they wrap as one text).
    const author = v.author ? h('span', { class: 'muted variant-author', 'data-testid': 'variant-author' }, ` by ${v.author}`) : null;
    if (v.kind === 'bool') {
      input = h('input', {
        type: 'checkbox',
        'data-testid': `variant-${v.name}`,
        checked: !!v.default,
        onChange: (ev) => {
          state.variants[v.name] = ev.target.checked;
          matchPreset();
          refreshReference();
        },
      });
      variantInputs.set(v.name, input);
      return h('label', { class: 'check', title: v.description || v.name }, input, h('span', {}, v.label, author));
    }
    input = h(
      'select',
      {
        'data-testid': `variant-${v.name}`,
        id: `variant-${v.name}`,
        onChange: (ev) => {
          // Values keep their JSON type (numbers stay numbers).
          const chosen = v.values.find((x) => String(x) === ev.target.value);
          state.variants[v.name] = chosen === undefined ? ev.target.value : chosen;
          matchPreset();
          refreshReference();
        },
      },
      v.values.map((x) => h('option', { value: String(x) }, v.valueLabels[String(x)] || label(x))),
    );
    input.value = String(v.default);
    variantInputs.set(v.name, input);
    return h('label', { class: 'field', for: `variant-${v.name}`, title: v.description || v.name }, h('span', {}, v.label, author), input);
  };
  // The variants in the groups of docs/rules.md: the differences between publishers and
  // editions, the official variations (with their authors), and house rules.
  const variantGroups = [
    ['rule-difference', 'Rule differences between editions'],
    ['variation', 'Official variations'],
    ['house-rule', 'House rules'],
  ];
  // A variant is offered only when the expansions ticked meet its needs (a dragon's rule
  // without the dragon changes nothing); the official variations and the house rules fold away
  // under their headings, which count what they hold and what is chosen.
  const rowOf = new Map();
  const needsMet = (v) =>
    (!v.needsAny || v.needsAny.some((e) => state.expansions.has(e))) && (!v.needsAll || v.needsAll.every((e) => state.expansions.has(e)));
  const groups = variantGroups
    .map(([group, title]) => ({ group, title, members: options.variants.filter((v) => v.group === group) }))
    .filter((g) => g.members.length)
    .map((g) => {
      const rows = g.members.map((v) => {
        const row = variantRow(v);
        rowOf.set(v.name, row);
        return row;
      });
      const count = h('span', { class: 'muted small group-count', 'data-testid': `variant-count-${g.group}` });
      const box =
        g.group === 'rule-difference'
          ? h('div', { class: 'variant-group', 'data-testid': `variant-group-${g.group}` }, h('h3', {}, g.title), rows)
          : h('details', { class: 'variant-group', 'data-testid': `variant-group-${g.group}` }, h('summary', {}, h('h3', {}, g.title), count), rows);
      return { ...g, box, count };
    });
  const variantRows = groups.map((g) => g.box);
  applyNeeds = () => {
    for (const g of groups) {
      let shown = 0;
      let chosen = 0;
      for (const v of g.members) {
        const met = needsMet(v);
        rowOf.get(v.name).hidden = !met;
        if (met) shown += 1;
        if (met && !sameValue(state.variants[v.name], v.default)) chosen += 1;
      }
      g.box.hidden = shown === 0;
      g.count.textContent = ` ${shown} to choose from${chosen ? ` · ${chosen} chosen` : ''}`;
    }
  };
  matchPreset();

  // --- seats
  const seatList = h('div', { class: 'seats', 'data-testid': 'seats' });
  const addButton = h('button', { type: 'button', class: 'small', 'data-testid': 'add-seat' }, '+ Add seat');
  const renderSeats = () => {
    clear(seatList);
    state.seats.forEach((seat, i) => {
      const color = options.colors[i] || { name: `seat ${i + 1}`, hex: '#888' };
      const name = h('input', {
        type: 'text',
        'data-testid': `seat-name-${i}`,
        placeholder: label(color.name),
        maxlength: 24,
        value: seat.name,
        'aria-label': `Name of seat ${i + 1}`,
        onInput: (ev) => {
          seat.name = ev.target.value;
        },
      });
      const player = h(
        'select',
        {
          'data-testid': `seat-player-${i}`,
          'aria-label': `Player of seat ${i + 1}`,
          onChange: (ev) => {
            seat.player = ev.target.value;
          },
        },
        h('option', { value: 'human' }, 'Human'),
        options.bots.map((b) => h('option', { value: b }, label(b))),
      );
      player.value = seat.player;
      const remove = h(
        'button',
        {
          type: 'button',
          class: 'icon',
          title: 'Remove this seat',
          'data-testid': `remove-seat-${i}`,
          disabled: state.seats.length <= 2,
          onClick: () => {
            state.seats.splice(i, 1);
            renderSeats();
            refreshReference();
          },
        },
        '×',
      );
      seatList.append(
        h(
          'div',
          { class: 'seat-row', 'data-testid': 'seat-row' },
          h('span', { class: 'swatch', style: { background: color.hex, color: inkOn(color.hex) } }, i + 1),
          name,
          player,
          remove,
        ),
      );
    });
    addButton.disabled = state.seats.length >= Math.min(options.maxSeats, options.colors.length || 6);
  };
  addButton.addEventListener('click', () => {
    state.seats.push({ name: '', player: options.bots.includes('greedy') ? 'greedy' : 'human' });
    renderSeats();
    refreshReference();
  });
  renderSeats();
  refreshReference();

  const hotSeat = h('input', {
    type: 'checkbox',
    'data-testid': 'hot-seat',
    onChange: (ev) => {
      state.hotSeat = ev.target.checked;
    },
  });

  // An optional turn clock: the seconds each person has for a decision, after which the server's
  // greedy bot decides for them (docs/api.md, `turn_clock`).
  const turnClock = h(
    'select',
    {
      id: 'turn-clock',
      'data-testid': 'turn-clock',
      onChange: (ev) => {
        state.turnClock = ev.target.value ? Number(ev.target.value) : null;
      },
    },
    [
      ['', 'None'],
      ['30', '30 seconds a decision'],
      ['60', '1 minute a decision'],
      ['120', '2 minutes a decision'],
      ['300', '5 minutes a decision'],
    ].map(([value, words]) => h('option', { value }, words)),
  );

  const submit = h('button', { type: 'submit', class: 'primary', 'data-testid': 'create-game' }, 'Create game');
  const status = h('p', { class: 'muted', 'data-testid': 'create-status', role: 'status' });
  let createdOnce = false;
  const form = h(
    'form',
    {
      class: 'create-form',
      'data-testid': 'create-form',
      onSubmit: async (ev) => {
        ev.preventDefault();
        // One game per click: the button is busy until the answer, and says so.
        if (submit.disabled) return;
        error.textContent = '';
        status.textContent = '';
        submit.disabled = true;
        submit.setAttribute('aria-busy', 'true');
        submit.textContent = 'Creating…';
        const body = {
          rules: { expansions: [...state.expansions], variants: { ...state.variants } },
          seats: state.seats.map((seat, i) => ({
            name: seat.name.trim() || label((options.colors[i] || {}).name || `Seat ${i + 1}`),
            player: seat.player,
          })),
          hot_seat: state.hotSeat,
        };
        if (state.turnClock) body.turn_clock = state.turnClock;
        try {
          const created = await createGame(body);
          createdOnce = true;
          // The lists first (the new game in "your games" and the game list), so that they do
          // not move the page once the card is in view.
          const games = document.querySelector('.games-card');
          if (games) await refreshGames(games).catch(() => {});
          showCreated(result, created, state.hotSeat);
          // The links may be far from the button (above it on a wide screen): bring them into
          // view and move the focus there, and say so beside the button.
          result.scrollIntoView({ block: 'start' });
          const heading = result.querySelector('h2');
          if (heading) {
            heading.tabIndex = -1;
            heading.focus({ preventScroll: true });
          }
          status.textContent = `Game ${created.id} is ready: its links are shown in “Game ${created.id} is ready”.`;
        } catch (err) {
          error.textContent = err.field ? `${err.message} (${err.field})` : err.message;
        } finally {
          submit.disabled = false;
          submit.removeAttribute('aria-busy');
          // A second click makes a second game on purpose: the button says it.
          submit.textContent = createdOnce ? 'Create another game' : 'Create game';
        }
      },
    },
    h('fieldset', {}, h('legend', {}, 'Expansions'), options.expansions.length ? expansionBox : h('p', { class: 'muted' }, 'Only the base game.'), abbotNote),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Rules'),
      options.presets.length
        ? h('label', { class: 'field', for: 'preset' }, h('span', {}, 'Rule set'), presetSelect)
        : null,
      h('div', { class: 'variants' }, variantRows),
    ),
    h(
      'fieldset',
      {},
      h('legend', {}, 'Seats (in turn order)'),
      seatList,
      h(
        'div',
        { class: 'row' },
        addButton,
        h('label', { class: 'check', title: 'All human seats play at this one screen' }, hotSeat, ' Hot seat (several humans at one screen)'),
      ),
      h(
        'label',
        { class: 'field', for: 'turn-clock', title: 'When a person’s time for a decision runs out, the greedy bot decides for them' },
        h('span', {}, 'Turn clock'),
        turnClock,
      ),
    ),
    // On a phone the button stays in reach at the bottom of the screen while the form scrolls.
    h('div', { class: 'row submit-row' }, submit, error),
    status,
  );
  applyNeeds();

  clear(card).append(h('h2', {}, 'New game'), form);
}

function showCreated(box, created, hotSeat) {
  const abs = (path) => new URL(path, location.origin).href;
  const humans = created.seats.filter((s) => s.join);
  const first = humans[0];
  const rows = created.seats.map((seat) => {
    const hex = hexOf(seat.color);
    const cells = [
      h('span', { class: 'swatch', style: { background: hex, color: inkOn(hex) } }, seat.seat + 1),
      h('span', { class: 'seat-name' }, seat.name, h('span', { class: 'muted' }, ` · ${playerLabel(seat.player)}`)),
    ];
    if (seat.join) {
      const url = abs(seat.join);
      const input = h('input', { type: 'text', readonly: true, value: url, 'data-testid': `join-link-${seat.seat}`, class: 'link-input' });
      input.addEventListener('focus', () => input.select());
      const copy = h('button', {
        type: 'button',
        class: 'small',
        'data-testid': `copy-link-${seat.seat}`,
        onClick: async () => {
          const ok = await copyText(url);
          copy.textContent = ok ? 'Copied' : 'Copy failed';
          setTimeout(() => (copy.textContent = 'Copy'), 1500);
        },
      }, 'Copy');
      cells.push(input, copy);
    } else {
      cells.push(h('span', { class: 'muted' }, 'plays on the server'));
    }
    return h('div', { class: 'join-row', 'data-testid': 'join-row' }, ...cells);
  });
  box.hidden = false;
  clear(box).append(
    h('h2', {}, `Game `, h('code', {}, created.id), ` is ready`),
    hotSeat && humans.length > 1
      ? h('p', { class: 'muted' }, 'Hot seat: one link plays every human seat at one screen.')
      : h('p', { class: 'muted' }, 'Send each player their own link; the link is their seat’s key.'),
    ...rows,
    h(
      'div',
      { class: 'row' },
      first
        ? h(
            'a',
            { class: 'button primary', href: abs(first.join), 'data-testid': 'play-link' },
            hotSeat && humans.length > 1 ? 'Play here (hot seat)' : `Play as ${first.name}`,
          )
        : null,
      h('a', { class: 'button', href: abs(created.watch || `/play/${created.id}`), 'data-testid': 'watch-link' }, 'Watch'),
    ),
  );
}

// The list shows the newest games, a page at a time (the server pages it: docs/api.md), so a
// busy server's lobby stays short and quick.
const GAMES_SHOWN = 15;
const GAMES_PAGE = 50;

/** The row of one game of the list. */
function gameRow(g) {
  const over = g.status === 'over';
  const best = Math.max(...(g.seats || []).map((s) => s.score || 0));
  return h(
    'tr',
    { 'data-testid': 'game-row', 'data-id': g.id },
    h('td', {}, h('code', {}, g.id), h('div', { class: 'muted small' }, formatTime(g.created)), h('div', { class: 'muted small game-expansions' }, expansionsText(g.expansions))),
    h(
      'td',
      {},
      (g.seats || []).map((s) =>
        h(
          'span',
          { class: `chip${over && s.score === best ? ' winner' : ''}`, title: playerLabel(s.player) },
          h('span', { class: 'dot', style: { background: hexOf(s.color) } }),
          `${s.name} ${s.score ?? 0}`,
        ),
      ),
    ),
    h('td', {}, g.status === 'failed' ? `damaged: ${g.error}` : over ? 'over' : `playing · ${g.tiles_left ?? '?'} tiles left${g.turn !== null && g.turn !== undefined && g.seats[g.turn] ? ` · ${g.seats[g.turn].name} to play` : ''}`),
    h(
      'td',
      { class: 'links' },
      h('a', { href: `/play/${g.id}`, 'data-testid': 'watch-game' }, over ? 'Final board' : 'Watch'),
      over ? h('a', { href: `/replay/${g.id}`, 'data-testid': 'replay-game' }, 'Replay') : null,
    ),
  );
}

/** The games this browser plays, asked for by id (they may be on any page of the list). */
async function refreshMyGames(yours) {
  const ids = myGames().map((entry) => entry.id);
  if (!ids.length) {
    renderMyGames(yours, []);
    return;
  }
  try {
    renderMyGames(yours, ((await listGames({ ids: ids.slice(0, 200).join(',') })) || {}).games || []);
  } catch (err) {
    // Unknown for now (not "no longer on this server"): the next refresh asks again.
    renderMyGames(yours, null);
  }
}

async function refreshGames(card) {
  const list = h('div', { class: 'games-list', 'data-testid': 'games-list' }, h('p', { class: 'muted' }, 'Loading…'));
  const refresh = h('button', { type: 'button', class: 'small', 'data-testid': 'refresh-games', onClick: () => refreshGames(card) }, 'Refresh');
  clear(card).append(h('div', { class: 'card-head' }, h('h2', {}, 'Games'), refresh), list);
  const yours = document.querySelector('.yours-card');
  if (yours) {
    // The first time only: a list shown stays until the new one replaces it (no jump between).
    if (!yours.childElementCount) renderMyGames(yours, null);
    await refreshMyGames(yours);
  }
  let page;
  try {
    page = (await listGames({ limit: GAMES_SHOWN })) || {};
  } catch (err) {
    clear(list).append(h('p', { class: 'error' }, `The games could not be listed: ${err.message}`));
    return;
  }
  const games = page.games || [];
  clear(list);
  if (!games.length) {
    list.append(h('p', { class: 'muted' }, 'No games yet. Create one!'));
    return;
  }
  const body = h('tbody', {}, games.map(gameRow));
  const table = h(
    'table',
    { class: 'games' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Game'), h('th', {}, 'Players'), h('th', {}, 'State'), h('th', {}, ''))),
    body,
  );
  list.append(table);
  // Older games, a page at a time, after the last one shown.
  const more = (next) => {
    if (!next) return;
    const button = h('button', { type: 'button', class: 'small more', 'data-testid': 'more-games' }, 'Show older games');
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        const older = (await listGames({ limit: GAMES_PAGE, after: next })) || {};
        body.append(...(older.games || []).map(gameRow));
        button.remove();
        more(older.next);
      } catch (err) {
        button.disabled = false;
        button.textContent = `Show older games (${err.message})`;
      }
    });
    list.append(button);
  };
  more(page.next);
}
