// Per-bot settings and the bot's cached classifier: small key/value rows a bot keeps between runs.
import { and, eq } from 'drizzle-orm';
import { orm } from './orm.ts';
import { botSettings } from './schema.ts';
import type { Sql } from './types.ts';

export async function getSetting<T>(sql: Sql, bot: string, key: string): Promise<T | undefined> {
  const [row] = await orm(sql)
    .select()
    .from(botSettings)
    .where(and(eq(botSettings.bot, bot), eq(botSettings.key, key)));
  return row?.value as T | undefined;
}

export async function putSetting(sql: Sql, bot: string, key: string, value: unknown): Promise<void> {
  await orm(sql)
    .insert(botSettings)
    .values({ bot, key, value })
    .onConflictDoUpdate({ target: [botSettings.bot, botSettings.key], set: { value, updatedAt: new Date() } });
}

/** The bot's cached classifier when it was trained under `key`. */
export async function loadClassifier(sql: Sql, bot: string, key: string): Promise<Uint8Array | undefined> {
  // As base64 text: PGlite hands bytea over as hex parsed in JavaScript, ~30x slower for a few hundred KB.
  const [row] = await sql.query<{ model: string }>(`select encode(model, 'base64') as model from classifier_cache where bot = $1 and key = $2`, [bot, key]);
  return row ? new Uint8Array(Buffer.from(row.model, 'base64')) : undefined;
}

/** Keep `model` as the bot's classifier trained under `key` (replacing an older one). */
export async function saveClassifier(sql: Sql, bot: string, key: string, model: Uint8Array): Promise<void> {
  await sql.query(
    `insert into classifier_cache (bot, key, model) values ($1, $2, $3)
     on conflict (bot) do update set key = excluded.key, model = excluded.model, created_at = now()`,
    [bot, key, Buffer.from(model.buffer, model.byteOffset, model.byteLength)],
  );
}

export interface SettingsAuditRow {
  id: number;
  bot: string;
  /** Which setting: 'intents', 'handoff', 'persona'. */
  key: string;
  /** Who changed it, as the server verified them (the console token's role). */
  actor: string;
  before: unknown;
  after: unknown;
  createdAt: Date;
}

/** Record a change of a bot's admin settings. */
export async function insertSettingsAudit(sql: Sql, row: { bot: string; key: string; actor: string; before: unknown; after: unknown }): Promise<void> {
  await sql.query('insert into settings_audit (bot, key, actor, before, after) values ($1, $2, $3, $4, $5)', [
    row.bot,
    row.key,
    row.actor,
    row.before === undefined ? null : JSON.stringify(row.before),
    row.after === undefined ? null : JSON.stringify(row.after),
  ]);
}

/** The latest changes, newest first, of one bot or all. */
export async function listSettingsAudit(sql: Sql, opts: { bot?: string; limit?: number } = {}): Promise<SettingsAuditRow[]> {
  const limit = Math.min(Math.max(opts.limit ?? 100, 1), 500);
  const rows = await sql.query<{ id: number; bot: string; key: string; actor: string; before: unknown; after: unknown; created_at: Date | string }>(
    opts.bot
      ? 'select id, bot, key, actor, before, after, created_at from settings_audit where bot = $1 order by created_at desc, id desc limit $2'
      : 'select id, bot, key, actor, before, after, created_at from settings_audit order by created_at desc, id desc limit $1',
    opts.bot ? [opts.bot, limit] : [limit],
  );
  return rows.map((r) => ({ id: Number(r.id), bot: r.bot, key: r.key, actor: r.actor, before: r.before, after: r.after, createdAt: new Date(r.created_at) }));
}
