// Profiles in the core `profiles` table: one JSON document per bot and customer (the signed-in user, else the
// conversation), merged field by field on every write.
import type { Sql } from '../store/index.ts';
import type { Profile, ProfileConfig } from './schema.ts';

/**
 * Whose profile a session's messages fill: its verified user, else the conversation itself. A bare claimed id
 * (`userVerified: false`) is no one's key. A bot's view of a session (BotSession) carries only a verified `userId`.
 */
export function profileSubject(session: { id: string; userId: string | null; userVerified?: boolean }): string {
  return session.userVerified === false ? session.id : (session.userId ?? session.id);
}

/** Every declared field of a stored document, null when it holds none. */
function completeProfile(config: ProfileConfig, stored: Record<string, unknown> = {}): Profile {
  return Object.fromEntries(Object.keys(config.fields).map((f) => [f, stored[f] ?? null]));
}

/** The customer's profile (every declared field; null for those not known), and whether one was stored. */
export async function readProfile(sql: Sql, bot: string, config: ProfileConfig, subject: string): Promise<{ profile: Profile; stored: boolean }> {
  const [row] = await sql.query<{ data: Record<string, unknown> | string }>('select data from profiles where bot = $1 and subject = $2', [bot, subject]);
  const data = typeof row?.data === 'string' ? (JSON.parse(row.data) as Record<string, unknown>) : row?.data;
  return { profile: completeProfile(config, data ?? {}), stored: Boolean(row) };
}

/** Merge checked values into the stored document (null clears a field); creates it on the first write. */
export async function writeProfile(sql: Sql, bot: string, subject: string, values: Record<string, unknown>): Promise<void> {
  await sql.query(
    `insert into profiles (bot, subject, data) values ($1, $2, $3::jsonb)
     on conflict (bot, subject) do update set data = profiles.data || excluded.data, updated_at = now()`,
    [bot, subject, JSON.stringify(values)],
  );
}
