// Repositories of the users and their feedback on the bot's answers.
import { desc, eq } from 'drizzle-orm';
import { orm } from './orm.ts';
import { feedback, users } from './schema.ts';
import type { Sql } from './types.ts';

/** A phone number as the channels carry it: digits only ("+55 (11) 98765-4321" → "5511987654321"). */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Whether a failed statement broke a unique constraint (Drizzle wraps the driver's error as its cause). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Register or replace a user. A phone number another user already has is a unique violation (isUniqueViolation). */
export async function upsertUser(sql: Sql, u: { id: string; email?: string | null; name?: string | null; phone?: string | null }) {
  const values = { email: u.email ?? null, name: u.name ?? null, phone: u.phone ? phoneDigits(u.phone) : null };
  const [row] = await orm(sql)
    .insert(users)
    .values({ id: u.id, ...values })
    .onConflictDoUpdate({ target: users.id, set: values })
    .returning();
  return row;
}

/** The user registered with this phone number, if any. */
export async function findUserByPhone(sql: Sql, phone: string) {
  const digits = phoneDigits(phone);
  if (!digits) return undefined;
  const [row] = await orm(sql).select().from(users).where(eq(users.phone, digits));
  return row;
}

export async function getUser(sql: Sql, id: string) {
  const [row] = await orm(sql).select().from(users).where(eq(users.id, id));
  return row;
}

export async function upsertFeedback(sql: Sql, f: { bot: string; sessionId: string; messageId: number; rating: 1 | -1; comment?: string | null }) {
  const [row] = await orm(sql)
    .insert(feedback)
    .values({ ...f, comment: f.comment ?? null })
    .onConflictDoUpdate({ target: [feedback.sessionId, feedback.messageId], set: { rating: f.rating, comment: f.comment ?? null } })
    .returning();
  return row;
}

export async function listFeedback(sql: Sql, bot?: string) {
  return orm(sql)
    .select()
    .from(feedback)
    .where(bot ? eq(feedback.bot, bot) : undefined)
    .orderBy(desc(feedback.createdAt))
    .limit(500);
}
