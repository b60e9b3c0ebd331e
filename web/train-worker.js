// The Web Worker of <nw-train> (dist/train-worker.mjs): loads the training module in the worker and
// handles the page's messages with lib/train-session.js's sessionHandler — the single run, and the
// comparison (its code loaded on its first message) — so training never blocks the page. The
// first message is { type: 'init', wasmUrl?, lock? }; it answers { type: 'ready', lock } or
// { type: 'error', message }, then handles the sessions' messages. With `lock` (a Web Lock name)
// the worker holds that lock for as long as it lives, and `ready` says whether it does: the page
// learns that the worker has ended when it is granted the same lock.
import { loadNormwave } from './normwave.js';
import { sessionHandler } from './lib/train-session.js';

let handle = null;
const queue = [];

/** Takes the lock `name` and keeps it until the worker ends; answers whether it holds it. */
function holdLock(name) {
  const locks = self.navigator?.locks;
  if (typeof name !== 'string' || !locks) return Promise.resolve(false);
  return new Promise((resolve) => {
    locks
      .request(name, () => {
        resolve(true);
        return new Promise(() => {});
      })
      .catch(() => resolve(false));
  });
}

self.onmessage = async ({ data }) => {
  if (data?.type === 'init') {
    try {
      const [nw, lock] = await Promise.all([
        loadNormwave(data.wasmUrl ? { training: true, wasmUrl: data.wasmUrl } : { training: true }),
        holdLock(data.lock),
      ]);
      handle = sessionHandler(nw, (msg, transfer) => self.postMessage(msg, transfer ?? []));
      self.postMessage({ type: 'ready', lock });
      for (const m of queue.splice(0)) handle(m);
    } catch (e) {
      self.postMessage({ type: 'error', message: e.message });
    }
    return;
  }
  if (handle) handle(data);
  else queue.push(data);
};
