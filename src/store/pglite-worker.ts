// The worker thread side of a PGlite store run off the main thread (see pglite-remote.ts): it opens the store
// here and answers the main thread's statements, one message each way.
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase, type Database } from './db.ts';
import type { Sql } from './types.ts';
import type { Reply, Request, WorkerOptions } from './pglite-remote.ts';

const port = parentPort!;
const { dataDir, empty } = workerData as WorkerOptions;
/** Open transactions by id: the statements the main thread runs in them, and how each ends. */
const transactions = new Map<number, { tx: Sql; end: (commit: boolean) => void }>();
/** How each of them ended: committed, or rolled back with its error. */
const ended = new Map<number, Promise<void>>();

const opening = openDatabase({ dataDir, empty });
opening.then(
  () => port.postMessage({ id: 0, ok: true } satisfies Reply),
  (err: Error) => port.postMessage({ id: 0, ok: false, error: plainError(err) } satisfies Reply),
);

port.on('message', (req: Request) => {
  void opening.then((db) => handle(db, req)).then(
    (value) => port.postMessage({ id: req.id, ok: true, value } satisfies Reply),
    (err: Error) => port.postMessage({ id: req.id, ok: false, error: plainError(err) } satisfies Reply),
  );
});

async function handle(db: Database, req: Request): Promise<unknown> {
  switch (req.op) {
    case 'query':
    case 'queryArrays': {
      const sql = req.tx ? transactions.get(req.tx)?.tx : db;
      if (!sql) throw new Error('the transaction has ended');
      return req.op === 'query' ? sql.query(req.text, req.params) : sql.queryArrays!(req.text, req.params);
    }
    case 'exec':
      return db.exec(req.text);
    case 'begin':
      return new Promise<void>((begun, failed) => {
        const done = db.transaction(
          (tx) =>
            new Promise<void>((commit, rollback) => {
              transactions.set(req.tx, { tx, end: (ok) => (ok ? commit() : rollback(new Error('rolled back'))) });
              begun();
            }),
        );
        // How the transaction ended is the answer to 'end'; a failure to begin is this request's.
        ended.set(req.tx, done.finally(() => transactions.delete(req.tx)));
        done.catch(failed);
      });
    case 'end': {
      const done = ended.get(req.tx);
      ended.delete(req.tx);
      transactions.get(req.tx)?.end(req.commit);
      try {
        await done;
      } catch (err) {
        if (req.commit) throw err; // a rollback asked for is no failure
      }
      return undefined;
    }
    case 'close':
      await db.close();
      setImmediate(() => port.close());
      return undefined;
  }
}
/** What a caller needs of an error (message and Postgres's fields: code, detail, constraint…), as plain data. */
function plainError(err: Error): Record<string, unknown> {
  const out: Record<string, unknown> = { message: err.message, name: err.name };
  for (const [k, v] of Object.entries(err)) if (v === undefined || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}
