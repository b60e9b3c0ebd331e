// The Web Worker of <nw-train> (dist/train-worker.mjs): loads the training module in the worker and runs
// a TrainSession (lib/train-session.js) on the page's messages, so training never blocks the
// page. The first message is { type: 'init', wasmUrl? }; it answers { type: 'ready' } or
// { type: 'error', message }, then handles the session's messages.
import { loadNormwave } from './normwave.js';
import { TrainSession } from './lib/train-session.js';

let session = null;
const queue = [];

self.onmessage = async ({ data }) => {
  if (data?.type === 'init') {
    try {
      const nw = await loadNormwave(data.wasmUrl ? { training: true, wasmUrl: data.wasmUrl } : { training: true });
      session = new TrainSession(nw, (msg, transfer) => self.postMessage(msg, transfer ?? []));
      self.postMessage({ type: 'ready' });
      for (const m of queue.splice(0)) session.handle(m);
    } catch (e) {
      self.postMessage({ type: 'error', message: e.message });
    }
    return;
  }
  if (session) session.handle(data);
  else queue.push(data);
};
