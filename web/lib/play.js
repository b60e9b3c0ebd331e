// Playing a PE figure's position forward, one position per tick: <nw-pe-waves> and the rotation
// panel of <nw-pe-properties>. The element holds `pos`, `playing` (a reactive state) and `_timer`.

/**
 * Starts el's playback, or stops it if it is playing: from pos + 1 (from 0 when pos is already
 * last()) up to last(), one set({ pos }) every stepMs, then stops there.
 */
export function togglePlay(el, { last, set, stepMs }) {
  if (el.playing) {
    stopPlay(el);
    return;
  }
  el.playing = true;
  if (el.pos >= last()) set({ pos: 0 });
  el._timer = setInterval(() => {
    if (el.pos >= last()) stopPlay(el);
    else set({ pos: el.pos + 1 });
  }, stepMs);
}

/** Stops el's playback, if any. */
export function stopPlay(el) {
  clearInterval(el._timer);
  el._timer = null;
  el.playing = false;
}
