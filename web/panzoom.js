// Pan and zoom of the board by mouse and touch, and its clicks and hovers: kept apart from the
// board's drawing (board.js) so that each file stays readable. A tap or click that did not drag
// reaches the board's handlers (a place for the tile, a marker).

/**
 * Mouse: drag to pan, wheel to zoom. Touch: one finger pans, two fingers pinch to zoom (and
 * pan); a tap is a click. A press that moved more than a few pixels is not a click. Installed
 * on `board` (a `Board`) once: its clicks and hovers go to the board's handlers.
 */
export function installPanZoom(board) {
  const svg = board.svg;
  const pointers = new Map(); // pointerId -> {x, y}
  let press = null; // {x, y, moved}
  let pinch = null; // {dist, scale, wx, wy}
  board.justDragged = false;

  svg.addEventListener(
    'wheel',
    (e) => {
      e.preventDefault();
      const r = svg.getBoundingClientRect();
      // Pixel and line deltas alike: one notch of a mouse wheel is about 10-15 %.
      const delta = e.deltaMode === 1 ? e.deltaY * 33 : e.deltaY;
      board.zoomBy(Math.exp(-delta * 0.0012), e.clientX - r.left, e.clientY - r.top);
    },
    { passive: false },
  );

  const local = (p) => {
    const r = svg.getBoundingClientRect();
    return { x: p.x - r.left, y: p.y - r.top };
  };
  const startPinch = () => {
    const [a, b] = [...pointers.values()];
    const mid = local({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
    const v = board.view;
    pinch = { dist: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)), scale: v.scale, wx: (mid.x - v.tx) / v.scale, wy: (mid.y - v.ty) / v.scale };
  };

  svg.addEventListener('pointerdown', (e) => {
    if (e.pointerType === 'mouse' && e.button !== 0) return;
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.size === 1) {
      board.justDragged = false;
      press = { x: e.clientX, y: e.clientY, moved: false };
    } else if (pointers.size === 2) {
      if (press) press.moved = true; // a pinch is never a tap
      startPinch();
    }
  });
  svg.addEventListener('pointermove', (e) => {
    const p = pointers.get(e.pointerId);
    if (!p) return;
    p.x = e.clientX;
    p.y = e.clientY;
    if (pointers.size >= 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const mid = local({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });
      const scale = Math.max(0.08, Math.min(3, (pinch.scale * Math.hypot(a.x - b.x, a.y - b.y)) / pinch.dist));
      board.view = { scale, tx: mid.x - pinch.wx * scale, ty: mid.y - pinch.wy * scale };
      board.autoFit = false;
      board.apply();
      return;
    }
    if (!press) return;
    const dx = e.clientX - press.x;
    const dy = e.clientY - press.y;
    // A few pixels of wobble are still a click, not a drag (more for a finger).
    const slop = e.pointerType === 'touch' ? 10 : 5;
    if (!press.moved && Math.hypot(dx, dy) < slop) return;
    if (!press.moved) {
      press.moved = true;
      svg.setPointerCapture(e.pointerId);
      svg.classList.add('dragging');
    }
    press.x = e.clientX;
    press.y = e.clientY;
    board.panBy(dx, dy);
  });
  const release = (e) => {
    if (!pointers.delete(e.pointerId)) return;
    if (pointers.size === 1) {
      // One finger left after a pinch: it pans on from where it is, without a jump.
      const [rest] = [...pointers.values()];
      pinch = null;
      press = { x: rest.x, y: rest.y, moved: true };
      return;
    }
    if (pointers.size === 0) {
      board.justDragged = !!press && press.moved;
      svg.classList.remove('dragging');
      press = null;
      pinch = null;
    }
  };
  svg.addEventListener('pointerup', release);
  svg.addEventListener('pointercancel', release);

  svg.addEventListener('click', (e) => {
    if (board.justDragged) {
      board.justDragged = false;
      return;
    }
    const spot = e.target.closest('[data-spot]');
    if (spot && board.handlers.onSpotClick) {
      board.handlers.onSpotClick(Number(spot.dataset.x), Number(spot.dataset.y));
      return;
    }
    const marker = e.target.closest('[data-marker]');
    if (marker && board.handlers.onMarkerClick) board.handlers.onMarkerClick(marker.dataset.marker);
  });

  let hovered = null;
  let hoveredMarker = null;
  svg.addEventListener('pointerover', (e) => {
    // A finger has no hover: its tap selects, and a hover ghost would only flicker.
    if (e.pointerType === 'touch') return;
    // A marker under the pointer (a move's target shows the follower that would move).
    const marker = e.target.closest('[data-marker]');
    const markerKey = marker ? marker.dataset.marker : null;
    if (markerKey !== hoveredMarker) {
      hoveredMarker = markerKey;
      if (board.handlers.onMarkerHover) board.handlers.onMarkerHover(markerKey);
    }
    const spot = e.target.closest('[data-spot]');
    const key = spot ? `${spot.dataset.x},${spot.dataset.y}` : null;
    if (key === hovered) return;
    hovered = key;
    if (board.handlers.onSpotHover) {
      board.handlers.onSpotHover(spot ? Number(spot.dataset.x) : null, spot ? Number(spot.dataset.y) : null);
    }
  });
  svg.addEventListener('pointerleave', () => {
    hovered = null;
    if (hoveredMarker !== null && board.handlers.onMarkerHover) board.handlers.onMarkerHover(null);
    hoveredMarker = null;
    if (board.handlers.onSpotHover) board.handlers.onSpotHover(null, null);
  });
}
