// The subject a signed-in customer was in (a session's active workflow and the state of its forms), kept beside
// their profile so a new conversation resumes where the last one stopped. Stored under a reserved key of the
// profile document, which no bot.yaml field can name (readProfile returns only declared fields).
import type { Sql } from '../store/index.ts';
import { writeProfile } from './store.ts';

const KEY = '$subject';

/** The active workflow and, for the forms that run it, their state (memory keyed by form id). */
export interface KeptSubject {
  workflow: string;
  memory: Record<string, unknown>;
}

/** The subject kept for this user, or undefined (none, or they left it). */
export async function readKeptSubject(sql: Sql, bot: string, userId: string): Promise<KeptSubject | undefined> {
  const [row] = await sql.query<{ subject: KeptSubject | string | null }>(`select data -> '${KEY}' as subject from profiles where bot = $1 and subject = $2`, [bot, userId]);
  const kept = typeof row?.subject === 'string' ? (JSON.parse(row.subject) as KeptSubject | null) : row?.subject;
  return kept && typeof kept.workflow === 'string' ? { workflow: kept.workflow, memory: kept.memory ?? {} } : undefined;
}

/** Keep the user's subject (null: they are in none). */
export function keepSubject(sql: Sql, bot: string, userId: string, subject: KeptSubject | null): Promise<void> {
  return writeProfile(sql, bot, userId, { [KEY]: subject });
}
