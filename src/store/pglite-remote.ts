// Embedded PGlite in a worker thread: Postgres-in-WASM starts on another core while the main thread loads the
// server's modules, and later runs every statement there too. The main thread keeps the `Database` surface;
// each statement is one message to the worker and one back (rows are structured-cloned).
import { Worker } from 'node:worker_threads';
import { embeddedDatabase, type Database } from './db.ts';
import type { Sql } from './types.ts';

export interface WorkerOptions {
  dataDir: string;
  empty: boolean;
}

export type Request = { id: number } & (
  | { op: 'query' | 'queryArrays'; text: string; params?: unknown[]; tx?: number }
  | { op: 'exec'; text: string }
  | { op: 'begin'; tx: number }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'close' }
);
type Op = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

export type Reply = { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: Record<string, unknown> };

/**
 * The worker's module beside this one: JavaScript in the compiled server; TypeScript under tsx or vitest, whose
 * loaders a worker does not inherit, so it registers tsx's first.
 */
function startWorker(workerData: WorkerOptions): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData });
  const entry = JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href);
  // Resolved here: the worker's eval'd code would resolve a bare name from the current directory.
  const tsx = JSON.stringify(import.meta.resolve?.('tsx/esm/api') ?? 'tsx/esm/api');
  return new Worker(`import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); });`, { eval: true, workerData });
}

export async function openPgliteInWorker(opts: WorkerOptions): Promise<Database> {
  const worker = startWorker(opts);
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let nextTx = 1;
  let failure: Error | null = null;
  // The worker keeps the process alive only while a statement is under way (as a socket would).
  const settle = () => (pending.size ? worker.ref() : worker.unref());
  worker.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    settle();
    if (reply.ok) call.resolve(reply.value);
    else call.reject(Object.assign(new Error(String(reply.error.message)), reply.error));
  });
  const fail = (err: Error) => {
    failure = err;
    for (const call of pending.values()) call.reject(err);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('the store worker has stopped')));
  const call = <T>(op: Op): Promise<T> => {
    if (failure) return Promise.reject(failure);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      settle();
      worker.postMessage({ ...op, id });
    });
  };
  // The worker answers id 0 once the store is open (or failed to open).
  await new Promise<unknown>((resolve, reject) => {
    pending.set(0, { resolve, reject });
    settle();
  });

  const sqlOf = (tx?: number): Sql => ({
    query: (text, params) => call({ op: 'query', text, params, tx }),
    queryArrays: (text, params) => call({ op: 'queryArrays', text, params, tx }),
  });
  return embeddedDatabase({
    ...sqlOf(),
    exec: (text) => call({ op: 'exec', text }),
    transaction: async (fn) => {
      const tx = nextTx++;
      await call({ op: 'begin', tx });
      let result;
      try {
        result = await fn(sqlOf(tx));
      } catch (err) {
        await call({ op: 'end', tx, commit: false }).catch(() => {}); // the caller's error is the one to see
        throw err;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    close: async () => {
      if (failure) return;
      await call({ op: 'close' });
      await worker.terminate();
    },
  });
}
