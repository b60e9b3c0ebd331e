// The one handle record behind the library's objects (tensors, encoders, trainers): each public
// object maps to a record the caller cannot reach (what it owns in wasm memory), a finalizer
// frees what a record owns when its owner forgets dispose(), and every method starts by finding
// its record: own() (one of ours) or live() (one of ours, not disposed).
import { describe } from './checks.js';

/**
 * The records of one kind of object. records: the WeakMap to keep them in; alive(record): not yet
 * disposed; free(record): gives back what it owns (and leaves it not alive).
 */
export function handleKind({ records = new WeakMap(), article, noun, maker, alive, free }) {
  const finalizer = typeof FinalizationRegistry === 'function' ? new FinalizationRegistry(free) : null;
  const own = (self, fn) => {
    const r = records.get(self);
    if (!r) throw new TypeError(`${fn}: this is not ${article} ${noun} made by ${maker}, got ${describe(self)}`);
    return r;
  };
  return {
    /** Registers a new object's record. */
    add(self, record) {
      records.set(self, record);
      finalizer?.register(self, record, record);
    },
    own,
    live(self, fn) {
      const r = own(self, fn);
      if (!alive(r)) throw new Error(`${fn}: this ${noun} has been disposed`);
      return r;
    },
    /** Frees what the object owns now (its dispose()); safe to call twice. */
    dispose(self, fn) {
      const r = own(self, fn);
      if (!alive(r)) return;
      finalizer?.unregister(r);
      free(r);
    },
  };
}
