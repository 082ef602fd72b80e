// Prepared statements for embedded PGlite. `PGlite.query` parses and plans every statement anew and crosses
// into WASM six times per query (parse, describe, bind, describe, execute, sync). Here each distinct SQL text
// is parsed once under a name; later runs send Bind + Execute + Sync in one buffer, one crossing, and reuse
// the plan — about three times faster for a turn's statements (`npm run bench`).
import { protocol, types, type PGlite } from '@electric-sql/pglite';

type BackendMessage = { name: string };
interface Field {
  name: string;
  dataTypeID: number;
}
interface Statement {
  name: string;
  paramTypes: number[];
  /** null: the statement returns no rows (NoData). */
  fields: Field[] | null;
}

/** Enough for every query shape the runtime and the bots use; dynamic ones (IN lists) age out. */
const MAX_STATEMENTS = 256;
/** Only plannable statements are worth preparing; DDL and the rest go through PGlite's own path. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

export class PgliteStatements {
  private statements = new Map<string, Statement>();
  private counter = 0;

  constructor(private readonly pg: PGlite) {}

  static preparable(text: string): boolean {
    return PREPARABLE.test(text);
  }

  /**
   * Run `text` with `params`. The caller holds PGlite's locks: outside a transaction its transaction and
   * query mutexes, inside one the query mutex (see `run` in db.ts).
   */
  async run(text: string, params: unknown[], rowMode: 'object' | 'array', syncToFs: boolean): Promise<unknown[]> {
    let stmt = this.statements.get(text);
    if (!stmt) stmt = await this.prepare(text);
    else {
      // Most recently used last, so eviction drops the least recently used.
      this.statements.delete(text);
      this.statements.set(text, stmt);
    }
    try {
      return await this.execute(stmt, params, rowMode, syncToFs);
    } catch (err) {
      // A table a `select *` reads changed shape under a cached plan: prepare again, once.
      if ((err as { code?: string }).code === '0A000' && /cached plan/.test((err as Error).message)) {
        await this.forget(text);
        return this.execute(await this.prepare(text), params, rowMode, syncToFs);
      }
      throw err;
    }
  }

  private async prepare(text: string): Promise<Statement> {
    const name = `sb_${++this.counter}`;
    const { serialize } = protocol;
    const { messages } = await this.pg.execProtocol(concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
    const stmt: Statement = { name, paramTypes: [], fields: null };
    for (const m of messages as BackendMessage[]) {
      if (m.name === 'parameterDescription') stmt.paramTypes = (m as unknown as { dataTypeIDs: number[] }).dataTypeIDs;
      if (m.name === 'rowDescription') stmt.fields = (m as unknown as { fields: Field[] }).fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    }
    this.statements.set(text, stmt);
    if (this.statements.size > MAX_STATEMENTS) await this.forget(this.statements.keys().next().value!);
    return stmt;
  }

  private async forget(text: string): Promise<void> {
    const stmt = this.statements.get(text);
    if (!stmt) return;
    this.statements.delete(text);
    const { serialize } = protocol;
    await this.pg.execProtocol(concat([serialize.close({ type: 'S', name: stmt.name }), serialize.sync()]), { syncToFs: false });
  }

  private async execute(stmt: Statement, params: unknown[], rowMode: 'object' | 'array', syncToFs: boolean): Promise<unknown[]> {
    const { serialize } = protocol;
    const serializers = this.pg.serializers;
    const values = params.map((p, i) => {
      if (p === null || p === undefined) return null;
      const serializeParam = serializers[stmt.paramTypes[i]];
      return serializeParam ? serializeParam(p) : String(p);
    });
    const { messages } = await this.pg.execProtocol(concat([serialize.bind({ statement: stmt.name, values }), serialize.execute({}), serialize.sync()]), { syncToFs });
    const fields = stmt.fields;
    if (!fields) return [];
    const parsers = this.pg.parsers;
    const rows: unknown[] = [];
    for (const m of messages as BackendMessage[]) {
      if (m.name !== 'dataRow') continue;
      const raw = (m as unknown as { fields: (string | null)[] }).fields;
      if (rowMode === 'array') rows.push(raw.map((v, i) => types.parseType(v, fields[i].dataTypeID, parsers)));
      else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) row[fields[i].name] = types.parseType(raw[i], fields[i].dataTypeID, parsers);
        rows.push(row);
      }
    }
    return rows;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}
