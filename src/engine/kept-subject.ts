// A signed-in customer's subject lasts across conversations: the active workflow (and the state of the forms that
// run it) is kept per verified user, and a new conversation of theirs opens in it. An anonymous or merely claimed
// user's subject stays with the conversation.
import { keepSubject, readKeptSubject, type KeptSubject } from '../profile/index.ts';
import type { SessionRow, Sql } from '../store/index.ts';
import type { DeferredWrite } from './outcomes.ts';
import type { LoadedBot } from './registry.ts';

const verifiedUser = (s: SessionRow): string | undefined => (s.userVerified && s.userId ? s.userId : undefined);

/** The forms that run a workflow (bot.yaml `forms.<id>.workflow`). */
function formsOf(bot: LoadedBot, workflow: string): string[] {
  return Object.entries(bot.config.forms ?? {})
    .filter(([, f]) => f.workflow === workflow)
    .map(([id]) => id);
}

/**
 * The session as its first message sees it: in the subject its user was in when their last conversation stopped.
 * Unchanged for a conversation already under way, one already in a workflow, or a user who is not verified.
 */
export async function resumeKeptSubject(sql: Sql, bot: LoadedBot, session: SessionRow, firstMessage: boolean): Promise<SessionRow> {
  const user = verifiedUser(session);
  if (!firstMessage || !user || session.activeWorkflow) return session;
  const kept = await readKeptSubject(sql, bot.config.id, user);
  if (!kept) return session;
  const state = { ...((session.state ?? {}) as Record<string, unknown>), ...kept.memory };
  return { ...session, activeWorkflow: kept.workflow, state };
}

/** The write that keeps the user's subject when the turn changed it (its workflow, or its forms' state); else none. */
export function keptSubjectWrite(bot: LoadedBot, session: SessionRow, workflow: string | null, memory: Record<string, unknown>): DeferredWrite | undefined {
  const user = verifiedUser(session);
  if (!user) return undefined;
  const before = (session.state ?? {}) as Record<string, unknown>;
  const forms = workflow ? formsOf(bot, workflow) : [];
  const changed = workflow !== session.activeWorkflow || forms.some((f) => JSON.stringify(memory[f]) !== JSON.stringify(before[f]));
  if (!changed) return undefined;
  const subject: KeptSubject | null = workflow ? { workflow, memory: Object.fromEntries(forms.filter((f) => memory[f] !== undefined).map((f) => [f, memory[f]])) } : null;
  return async (tx) => keepSubject(tx, bot.config.id, user, subject);
}
