import { parentPort } from 'node:worker_threads';
import { createTextIndex, searchTextIndex, type TextIndexReply, type TextIndexRequest } from './text-index';

/** The worker side of WorkerTextIndex (text-index.ts): one text index, built and searched off the main thread. */
const port = parentPort;
if (!port) throw new Error('text-index-worker.ts must run in a worker thread (WorkerTextIndex starts it)');
const mini = createTextIndex();

port.on('message', (m: TextIndexRequest) => {
  if (m.op === 'add') mini.addAll(m.docs);
  else if (m.op === 'discard') for (const id of m.ids) mini.discard(id);
  else {
    let reply: TextIndexReply;
    try {
      reply = { seq: m.seq, hits: searchTextIndex(mini, m.query) };
    } catch (e) {
      reply = { seq: m.seq, error: e instanceof Error ? e.message : String(e) };
    }
    port.postMessage(reply);
  }
});
