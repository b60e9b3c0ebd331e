// Work a figure does for later (the neighbours of the current setting, so a drag finds them
// ready), one piece per idle period: requestIdleCallback where the browser has it, else a timer.

/** One pending idle-time task: schedule() replaces the one pending, cancel() drops it. */
export class IdleTask {
  #handle = 0;

  schedule(fn) {
    this.cancel();
    const idle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 50));
    this.#handle = idle(() => {
      this.#handle = 0;
      fn();
    });
  }

  cancel() {
    if (!this.#handle) return;
    (globalThis.cancelIdleCallback ?? clearTimeout)(this.#handle);
    this.#handle = 0;
  }
}
