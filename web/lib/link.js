// An optional page-level channel between figures: one figure publishes what the reader points at
// (an LN step, a PE position and pair, an encoder step), every other figure on the same document
// that shows the same thing follows. It is a plain CustomEvent on `document`, so a figure embedded
// alone in a blog post publishes into nothing and never depends on it; the page (or a blog) may
// listen too. A figure with the `no-link` attribute neither publishes nor follows.
//
//   document.addEventListener('normwave:link', (e) => console.log(e.detail));
//   // { topic: 'ln-step', step: 3, source: <nw-ln-steps> }
//
// Topics and their details:
//   'ln-step'       { step: 1 | 2 | 3 | 4 | 0 }   ① μ ② σ² ③ x̂ ④ y = γ·x̂ + β (0 = none)
//   'pe-cursor'     { pos, pair, dModel }          a position and a sin/cos pair of the PE table
//   'encoder-step'  { step: 'pe' | 'ln1' | 'attn' | 'add1' | 'ln2' | 'ffn' | 'add2' | 'final' | '' }
//   'ffn-step'      { step: 'linear1' | 'act' | 'linear2' | '' }
export const LINK_EVENT = 'normwave:link';

/** Tells the other figures on the page; `source` (the element) never hears its own message. */
export function publish(source, topic, detail = {}) {
  if (typeof document === 'undefined' || source?.hasAttribute?.('no-link')) return;
  document.dispatchEvent(new CustomEvent(LINK_EVENT, { detail: { ...detail, topic, source } }));
}

/**
 * Calls fn(detail) for every message on `topic` from another figure while `el` is connected.
 * Call it from connectedCallback; it returns the function that stops listening (call it from
 * disconnectedCallback).
 */
export function subscribe(el, topic, fn) {
  if (typeof document === 'undefined') return () => {};
  const listener = (e) => {
    const d = e.detail;
    if (!d || d.topic !== topic || d.source === el || el.hasAttribute('no-link')) return;
    fn(d);
  };
  document.addEventListener(LINK_EVENT, listener);
  return () => document.removeEventListener(LINK_EVENT, listener);
}

/** The four LayerNorm steps, numbered once for the whole page (the §7 formula's numbering). */
export const LN_STEPS = [1, 2, 3, 4];

/**
 * A figure that shows the LayerNorm steps: its `lnStep` (0–4) follows the step chosen in any other
 * figure, and `_pickStep(k)` toggles step k here and tells the others. `lnStep` must be one of the
 * class's reactive properties.
 */
export const LnStepLinked = (Base) =>
  class extends Base {
    connectedCallback() {
      super.connectedCallback();
      this._unlinkLnStep = subscribe(this, 'ln-step', ({ step }) => {
        this.lnStep = LN_STEPS.includes(step) ? step : 0;
      });
    }

    disconnectedCallback() {
      this._unlinkLnStep?.();
      super.disconnectedCallback();
    }

    /** Highlights step k (0 = none) here and tells the other figures of the page. */
    _pickStep(k) {
      this.lnStep = this.lnStep === k ? 0 : k;
      publish(this, 'ln-step', { step: this.lnStep });
    }
  };

/**
 * A figure that shows the PE table: it follows the 'pe-cursor' of any other figure (d_model when
 * its own dModel control allows the value, then `_followPeCursor({ pos, pair })`, the class's own
 * mapping onto its controls), and `_publishPeCursor(pos, pair)` tells the others. `dModel` must be
 * one of the class's controls. A figure off screen keeps only the latest message and follows it
 * when it comes into view: a drag in one figure does not recompute the tables of figures the
 * reader cannot see (the heat map's is 2048 × d_model).
 */
export const PeCursorLinked = (Base) =>
  class extends Base {
    connectedCallback() {
      super.connectedCallback();
      this._unlinkPeCursor = subscribe(this, 'pe-cursor', (detail) => {
        this._peCursor = detail;
        if (this._peCursorInView !== false) this._applyPeCursor();
      });
      if (typeof IntersectionObserver !== 'function') return;
      this._peCursorSight = new IntersectionObserver(
        (entries) => {
          this._peCursorInView = entries[entries.length - 1].isIntersecting;
          if (this._peCursorInView) this._applyPeCursor();
        },
        { rootMargin: '100px' },
      );
      this._peCursorSight.observe(this);
    }

    disconnectedCallback() {
      this._unlinkPeCursor?.();
      this._peCursorSight?.disconnect();
      this._peCursorInView = undefined;
      super.disconnectedCallback();
    }

    _applyPeCursor() {
      const d = this._peCursor;
      if (!d) return;
      this._peCursor = null;
      const { min, max, step } = this.constructor.controls.dModel;
      if (Number.isInteger(d.dModel) && d.dModel >= min && d.dModel <= max && d.dModel % step === 0)
        this.dModel = d.dModel;
      this._followPeCursor({ pos: d.pos, pair: d.pair });
    }

    _publishPeCursor(pos, pair) {
      publish(this, 'pe-cursor', { pos, pair, dModel: this.dModel });
    }
  };
