import { parentPort } from 'node:worker_threads';
import { extractFile } from './extract';
import { adoptCompiledWasm } from './grammars';
import type { ParseRequest, ParseResponse } from './parse-protocol';

/**
 * A parse worker: one web-tree-sitter runtime and one parser (extract.ts keeps it per thread), fed one file
 * at a time by ParsePool. extractFile deletes every tree in `finally` and recreates the parser after an error.
 * A WASM abort is different: the runtime's heap may be at its 2 GiB ceiling (it never shrinks) and the
 * module is no longer trustworthy, so the worker reports the failure and exits; the pool starts a fresh one.
 */
const port = parentPort;
if (!port) throw new Error('parse-worker.ts must run in a worker thread (ParsePool starts it)');

port.on('message', (req: ParseRequest) => {
  void handle(req).then((res) => {
    port.postMessage(res);
    if (res.aborted) process.exit(70);
  });
});

async function handle(req: ParseRequest): Promise<ParseResponse> {
  try {
    if (req.wasm) adoptCompiledWasm(req.lang, req.wasm);
    const record = await extractFile(req.lang, req.text);
    return { id: req.id, record: JSON.stringify(record) };
  } catch (e) {
    const message = e instanceof Error ? e.message || e.name : String(e);
    return { id: req.id, error: message, aborted: isWasmAbort(e) };
  }
}

/** Emscripten reports an abort as a RuntimeError whose message starts with `Aborted(`. */
function isWasmAbort(e: unknown): boolean {
  const message = e instanceof Error ? e.message : String(e);
  return /\bAborted\(|out of memory|memory access out of bounds/i.test(message);
}
