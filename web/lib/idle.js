// Work a figure does for later (the neighbours of the current setting, so a drag finds them
// ready), one piece per idle period: requestIdleCallback where the browser has it, else a timer.
// Only for a figure the reader is using: the task stays unarmed until the first movement of one
// of the figure's sliders, so a page of figures does no such work (nor holds its memory) on load.

/** One pending idle-time task: schedule() replaces the one pending, cancel() drops it. */
export class IdleTask {
  _handle = 0;
  _armed = false;

  /** Arms the task at the first input event in root (a figure's shadow root: its sliders). */
  armOn(root) {
    root.addEventListener(
      'input',
      () => {
        this._armed = true;
      },
      { once: true },
    );
  }

  /** True once the reader has moved one of the figure's sliders. */
  get armed() {
    return this._armed;
  }

  /** Runs fn in the next idle period, in place of any task pending; nothing while unarmed. */
  schedule(fn) {
    this.cancel();
    if (!this._armed) return;
    const idle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 50));
    this._handle = idle(() => {
      this._handle = 0;
      fn();
    });
  }

  cancel() {
    if (!this._handle) return;
    (globalThis.cancelIdleCallback ?? clearTimeout)(this._handle);
    this._handle = 0;
  }
}

/**
 * A figure element with an IdleTask in this._idle, armed on its shadow root when connected and
 * cancelled when disconnected.
 */
export const WithIdleTask = (Base) =>
  class extends Base {
    constructor() {
      super();
      this._idle = new IdleTask();
    }

    connectedCallback() {
      super.connectedCallback();
      this._idle.armOn(this.renderRoot);
    }

    disconnectedCallback() {
      this._idle.cancel();
      super.disconnectedCallback();
    }
  };
