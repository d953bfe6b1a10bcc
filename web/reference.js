// The assembled game reference (GET /api/reference, docs/reference.md) drawn as HTML: the
// lobby's live panel and a game's "Rules" dialog, where the step of the pending decision is
// highlighted. The server assembles it; this only draws its JSON.

import { h, clear } from './ui.js';

/** The marks after a line: adaptation, deviation, not playable yet, seed 004's scoring marks. */
function marks(line, marked) {
  const out = [];
  if (line.kind === 'adaptation') out.push(h('span', { class: 'ref-mark adaptation', title: line.why || '' }, 'adaptation'));
  if (line.kind === 'deviation') out.push(h('span', { class: 'ref-mark deviation', title: line.why || '' }, 'deviation'));
  const missing = (line.not_playable || []).filter((n) => !marked.includes(n));
  if (missing.length) out.push(h('span', { class: 'ref-mark not-playable' }, `not playable yet: ${missing.join(', ')}`));
  for (const t of line.triggers || []) out.push(h('span', { class: 'ref-mark trigger' }, t));
  return out;
}

function lines(list, marked) {
  return h(
    'ul',
    { class: 'ref-lines' },
    list.map((line) =>
      h(
        'li',
        { 'data-line': line.id, title: line.source, class: line.playable ? null : 'not-playable' },
        line.text,
        marks(line, marked),
        line.lines && line.lines.length ? lines(line.lines, line.not_playable || []) : null,
      ),
    ),
  );
}

/** The selection in a few words: expansions, rules, variants, players. */
export function selectionWords(ref) {
  const s = ref.selection;
  const names = s.expansions.length ? s.expansions.map((e) => (e.playable ? e.name : `${e.name} (not playable yet)`)).join(', ') : 'the base game';
  const variants = s.variants.length ? ` · ${s.variants.map((v) => `${v.name}=${v.value}`).join(', ')}` : '';
  const players = s.players ? ` · ${s.players} players` : '';
  return `${names} · ${s.rules_label}${variants}${players}`;
}

/**
 * The reference as an element: each section a `<details>` (open unless `closed` lists it), each
 * step with `data-step` (its id), each line with `data-line` and its seed passage as tooltip.
 */
export function referenceView(ref, { closed = [] } = {}) {
  return h(
    'div',
    { class: 'reference', 'data-testid': 'reference' },
    h('p', { class: 'muted small ref-selection', 'data-testid': 'reference-selection' }, selectionWords(ref)),
    ref.sections.map((section) => {
      let part = null;
      return h(
        'details',
        { class: 'ref-section', 'data-section': section.id, open: !closed.includes(section.id) },
        h('summary', {}, section.title),
        section.intro ? h('p', { class: 'muted small' }, section.intro) : null,
        section.steps.map((step) => {
          const heading = step.part && step.part !== part ? h('div', { class: 'ref-part' }, step.part) : null;
          part = step.part || part;
          return [
            heading,
            h(
              'div',
              { class: `ref-step${step.empty ? ' empty' : ''}`, 'data-step': step.id },
              h('div', { class: 'ref-step-title' }, step.title),
              lines(step.lines, []),
            ),
          ];
        }),
      );
    }),
  );
}

/** The step of a decision of the view (`place`, `deploy`, …) in this reference, or null. */
export function stepOf(ref, decision) {
  return (ref && ref.decisions && ref.decisions[decision]) || null;
}

/**
 * Highlights one step (and only it) in a drawn reference; opens its section. Returns the
 * step's element, or null.
 */
export function highlightStep(root, stepId) {
  let found = null;
  for (const el of root.querySelectorAll('[data-step]')) {
    const on = el.dataset.step === stepId;
    el.classList.toggle('current', on);
    if (on) {
      found = el;
      const section = el.closest('details');
      if (section) section.open = true;
    }
  }
  return found;
}

/** Replaces `host`'s content with the reference, keeping the sections the reader closed. */
export function drawReference(host, ref) {
  const closed = [...host.querySelectorAll('details.ref-section')].filter((d) => !d.open).map((d) => d.dataset.section);
  clear(host).append(referenceView(ref, { closed }));
}
