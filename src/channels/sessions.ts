// Which session a channel conversation runs in. Its id is derived from channel + bot + contact, in the
// channel's own namespace (no HTTP client may choose such an id). A channel adopts only a session it created:
// one born elsewhere under that id (made before ids were namespaced) is left alone, and the conversation
// runs in the next free id of the channel's namespace instead.
import * as store from '../store/index.ts';
import type { Sql, SessionRow } from '../store/index.ts';
import { linkSession, setInboundSession } from './store.ts';
import type { InboundMessage } from './types.ts';

const MAX_SESSION_ID = 128;
/** Alternatives tried after the derived id ('.' never appears in a derived id: they cannot meet another contact's). */
const MAX_ALTERNATIVES = 5;

/** The session of a conversation, derived from channel + bot + contact: two webhooks for one number never make two sessions. */
export function channelSessionId(msg: Pick<InboundMessage, 'channel' | 'bot' | 'contactKey'>): string {
  return `${msg.channel}-${msg.bot}-${msg.contactKey.replace(/[^A-Za-z0-9]+/g, '-')}`.slice(0, MAX_SESSION_ID);
}

/** True when a channel may run its conversation in this session: it created it, for this bot. */
export const bornIn = (s: Pick<SessionRow, 'channel' | 'bot'>, msg: Pick<InboundMessage, 'channel' | 'bot'>): boolean => s.channel === msg.channel && s.bot === msg.bot;

/** The ids a conversation's session may have, in the order they are tried. */
function candidateIds(msg: Pick<InboundMessage, 'channel' | 'bot' | 'contactKey'>): string[] {
  const id = channelSessionId(msg);
  return [id, ...Array.from({ length: MAX_ALTERNATIVES }, (_, i) => `${id}.${i + 1}`)];
}

/** The conversation's existing session (one this channel created), if any. */
export async function findChannelSession(sql: Sql, msg: Pick<InboundMessage, 'channel' | 'bot' | 'contactKey'>): Promise<SessionRow | undefined> {
  for (const id of candidateIds(msg)) {
    const s = await store.getSession(sql, id);
    if (!s) return undefined;
    if (bornIn(s, msg)) return s;
  }
  return undefined;
}

/**
 * Find the conversation's session or create it (a concurrent creator wins, we read theirs). `userId`: the user
 * registered with the sender's number; a conversation begun before they registered becomes theirs.
 */
export async function ensureChannelSession(sql: Sql, msg: InboundMessage, userId?: string): Promise<SessionRow> {
  for (const id of candidateIds(msg)) {
    const existing = await store.getSession(sql, id);
    if (existing && !bornIn(existing, msg)) continue; // not ours: never adopted
    if (existing) return userId && existing.userId !== userId ? store.updateSession(sql, id, { userId }) : existing;
    try {
      return await store.createSession(sql, { id, bot: msg.bot, channel: msg.channel, phoneNumber: msg.phoneNumber, userId });
    } catch (err) {
      const again = await store.getSession(sql, id);
      if (again && bornIn(again, msg)) return again;
      if (!again) throw err;
    }
  }
  throw new Error(`no free session id for ${msg.channel} conversation ${msg.contactKey} of ${msg.bot}: every candidate belongs to another origin`);
}

/**
 * The session of a customer's message, found or created, with the message and the conversation's address linked
 * to it. A message from a registered user's phone number is that user's (bots that require sign-in answer them).
 */
export async function openCustomerSession(sql: Sql, msg: InboundMessage, queueKey: string): Promise<SessionRow> {
  const user = msg.phoneNumber ? await store.findUserByPhone(sql, msg.phoneNumber) : undefined;
  const session = await ensureChannelSession(sql, msg, user?.id);
  if (session.id !== queueKey) await setInboundSession(sql, msg, session.id);
  await linkSession(sql, { sessionId: session.id, channel: msg.channel, bot: msg.bot, address: msg.address, contactName: msg.name ?? null });
  return session;
}
