// Vectors of texts from an embedding model, kept so each text is embedded once per model.
import { and, eq, inArray } from 'drizzle-orm';
import { orm } from './orm.ts';
import { exampleEmbeddings } from './schema.ts';
import type { Sql } from './types.ts';

/** Rows per statement (a batch of parameters well under Postgres' 65,535). */
const CHUNK = 500;

const encode = (v: Float32Array) => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');

function decode(base64: string, dim: number): Float32Array | null {
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length !== dim * 4) return null;
  const out = new Float32Array(dim);
  for (let i = 0; i < dim; i++) out[i] = bytes.readFloatLE(i * 4);
  return out;
}

/** The stored vectors of `model` among `hashes` (text hashes), by hash. */
export async function loadEmbeddings(sql: Sql, model: string, hashes: readonly string[]): Promise<Map<string, Float32Array>> {
  const out = new Map<string, Float32Array>();
  for (let i = 0; i < hashes.length; i += CHUNK) {
    const rows = await orm(sql)
      .select({ textHash: exampleEmbeddings.textHash, dim: exampleEmbeddings.dim, vector: exampleEmbeddings.vector })
      .from(exampleEmbeddings)
      .where(and(eq(exampleEmbeddings.model, model), inArray(exampleEmbeddings.textHash, hashes.slice(i, i + CHUNK))));
    for (const r of rows) {
      const v = decode(r.vector, r.dim);
      if (v) out.set(r.textHash, v);
    }
  }
  return out;
}

/** Keep `model`'s vectors of texts by hash (a hash stored already keeps its vector). */
export async function saveEmbeddings(sql: Sql, model: string, vectors: ReadonlyMap<string, Float32Array>): Promise<void> {
  const rows = [...vectors].map(([textHash, v]) => ({ model, textHash, dim: v.length, vector: encode(v) }));
  for (let i = 0; i < rows.length; i += CHUNK) {
    await orm(sql).insert(exampleEmbeddings).values(rows.slice(i, i + CHUNK)).onConflictDoNothing();
  }
}
