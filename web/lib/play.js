// Playing a PE figure's position forward, one position per tick: <nw-pe-waves> and the rotation
// panel of <nw-pe-properties>. The figure holds `pos` and defines _playSpec(): { last() (the last
// position), set(changes) (how it moves its position), stepMs (milliseconds per position) }, and
// draws its button with _playButton(control) and playStyles.
import { html, css } from 'lit';

export const playStyles = css`
  .play { font: inherit; font-size: 0.88rem; border: 1px solid var(--nw-border); border-radius: 8px; padding: 6px 14px; min-height: 36px;
    background: var(--nw-panel); color: var(--nw-fg); cursor: pointer; }
  .play[aria-pressed='true'] { background: var(--nw-accent); color: var(--nw-on-accent); border-color: var(--nw-accent); }
`;

export const PlaysPosition = (Base) =>
  class extends Base {
    static properties = {
      playing: { state: true },
    };

    constructor() {
      super();
      this.playing = false;
      this._timer = null;
    }

    disconnectedCallback() {
      this._stop();
      super.disconnectedCallback();
    }

    /**
     * Starts playback, or stops it if it is playing: from pos + 1 (from 0 when pos is already
     * last()) up to last(), one set({ pos }) every stepMs, then stops there.
     */
    _togglePlay() {
      if (this.playing) {
        this._stop();
        return;
      }
      const { last, set, stepMs } = this._playSpec();
      this.playing = true;
      if (this.pos >= last()) set({ pos: 0 });
      this._timer = setInterval(() => {
        if (this.pos >= last()) this._stop();
        else set({ pos: this.pos + 1 });
      }, stepMs);
    }

    /** The play/pause button; `control` is its data-control name. */
    _playButton(control) {
      return html`<button type="button" class="play" data-control=${control} aria-pressed=${String(this.playing)}
        @click=${this._togglePlay}>${this.t(this.playing ? 'peWaves.pause' : 'peWaves.play')}</button>`;
    }

    /** Stops playback, if any. */
    _stop() {
      clearInterval(this._timer);
      this._timer = null;
      this.playing = false;
    }
  };
