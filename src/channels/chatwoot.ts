// Chatwoot Agent Bot: `message_created` webhooks in; replies through the conversation messages API. The bot
// answers only conversations in `pending` (Chatwoot's "bot has it" status). On handoff it opens the
// conversation so Chatwoot's assignment takes over; when an agent resolves it (or sets it back to pending)
// the bot resumes. It confirms a status by reading the conversation when this Chatwoot allows an Agent Bot to
// (June 2026 on); older servers refuse that read, and then the signed webhooks' statuses are trusted.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChatResult } from '../engine/index.ts';
import { botPaused } from '../handoff/index.ts';
import * as store from '../store/index.ts';
import type { SessionRow } from '../store/index.ts';
import { envSuffix, type ChatwootConfig } from './config.ts';
import { callJson, ProviderError, withRetry } from './http.ts';
import type { ChannelAdapter, ChannelHub } from './hub.ts';
import { channelSessionId, findChannelSession } from './sessions.ts';
import { chatwootAccountOf, getLink, markOpenedForHandoff, openedForHandoff, receivedAfterOpening } from './store.ts';
import { WHATSAPP_TEXT_LIMIT } from './render.ts';
import { statusFailedText, statusUnknownText } from './texts.ts';
import { ignored, type Json } from './payload.ts';
import type { Address, InboundMessage, MessageKind, Parsed } from './types.ts';

type ChatwootAddress = Extract<Address, { channel: 'chatwoot' }>;

/** A conversation's status changed (resolved, pending, open…). */
export interface ChatwootStatusEvent {
  kind: 'status';
  event: string;
  /** Null when the payload names none (an account webhook's conversation payload can lack it): found from our link. */
  accountId: number | null;
  conversationId: number;
  status: string;
}

const UNREADABLE = 'unreadable' as const;

/** How long after a refused read the Agent Bot asks Chatwoot again (CHATWOOT_READ_RETRY_MS). */
const DEFAULT_READ_RETRY_MS = 10 * 60_000;

const STATUS_EVENTS = new Set(['conversation_status_changed', 'conversation_updated', 'conversation_resolved', 'conversation_opened']);

const ATTACHMENT_KINDS: Record<string, MessageKind> = { image: 'image', audio: 'audio', video: 'video', file: 'document', location: 'location', contact: 'contact' };

export function parseChatwootWebhook(body: unknown, bot: string): Parsed | ChatwootStatusEvent {
  const b = body as Json;
  if (!b || typeof b !== 'object') return ignored('not a JSON object');
  const event = String(b.event ?? '');
  if (STATUS_EVENTS.has(event)) return statusEventOf(b, event);
  if (event !== 'message_created') return ignored(`event '${event}'`);
  return incomingMessageOf(b, bot);
}

/** A conversation webhook: its ids and new status (`conversation_resolved` carries none of its own). */
function statusEventOf(b: Json, event: string): Parsed | ChatwootStatusEvent {
  const accountId = toId(b.account_id ?? b.account?.id ?? b.messages?.[0]?.account_id);
  const conversationId = toId(b.id ?? b.display_id);
  if (conversationId === null) return ignored(`${event} without a conversation id`);
  return { kind: 'status', event, accountId, conversationId, status: event === 'conversation_resolved' ? 'resolved' : String(b.status ?? '') };
}

/** `message_created`: only a customer's message (incoming, not a private note) in a conversation we can name. */
function incomingMessageOf(b: Json, bot: string): Parsed {
  if (b.message_type !== 'incoming' && b.message_type !== 0) return ignored(`message_type '${b.message_type}'`);
  if (b.private === true) return ignored('private note');
  const conv = (b.conversation ?? {}) as Json;
  const accountId = toId(b.account?.id ?? conv.account_id);
  const conversationId = toId(conv.id ?? conv.display_id);
  if (accountId === null || conversationId === null || b.id == null) return ignored('message without account, conversation or id');
  const base = { channel: 'chatwoot' as const, bot, providerId: String(b.id), contactKey: `${accountId}:${conversationId}`, ...senderOf(b, conv) };
  const address: Address = { channel: 'chatwoot', accountId, conversationId, ...(typeof conv.channel === 'string' && conv.channel ? { inbox: conv.channel } : {}) };
  const conversationStatus = typeof conv.status === 'string' ? conv.status : undefined;
  return withContent(b, { ...base, address, conversationStatus });
}

/** The customer's number (digits only) and name, from the conversation's sender or the message's. */
function senderOf(b: Json, conv: Json): Pick<InboundMessage, 'phoneNumber' | 'name'> {
  const sender = (conv.meta?.sender ?? b.sender ?? {}) as Json;
  const phone = typeof sender.phone_number === 'string' ? sender.phone_number.replace(/[^\d]/g, '') : '';
  return { phoneNumber: phone || null, name: typeof sender.name === 'string' ? sender.name : undefined };
}

/** The message's text, or its first attachment's kind with the text as caption; an empty message is ignored. */
function withContent(b: Json, base: Omit<InboundMessage, 'text'>): Parsed {
  const content = typeof b.content === 'string' ? b.content.trim() : '';
  const attachment = Array.isArray(b.attachments) ? (b.attachments[0] as Json | undefined) : undefined;
  // A photo with a caption: the transcript shows "[imagem] caption", the bot reads the caption.
  if (attachment) return { kind: 'message', message: { ...base, kind: ATTACHMENT_KINDS[attachment.file_type] ?? 'unsupported', text: content || null } };
  if (content) return { kind: 'message', message: { ...base, text: content } };
  return ignored('empty message');
}

const toId = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
};

/**
 * Verify X-Chatwoot-Signature (`sha256=` HMAC-SHA256 of `{timestamp}.{raw body}` with the webhook secret) and
 * reject timestamps older than `maxAgeSec`.
 */
export function verifyChatwootSignature(raw: Buffer, signature: unknown, timestamp: unknown, secret: string, nowSec = Date.now() / 1000, maxAgeSec = 300): boolean {
  if (typeof signature !== 'string' || typeof timestamp !== 'string' || !signature.startsWith('sha256=')) return false;
  const ts = Number(timestamp);
  if (!Number.isFinite(ts) || Math.abs(nowSec - ts) > maxAgeSec) return false;
  const given = Buffer.from(signature.slice(7).trim(), 'hex');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(raw).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The Chatwoot application API, as the Agent Bot. */
export class ChatwootApi {
  constructor(
    private cfg: ChatwootConfig,
    private timeoutMs: number,
  ) {}

  private token(bot: string): string {
    const t = this.cfg.botTokens[envSuffix(bot)] ?? this.cfg.botToken;
    if (!t) throw new ProviderError(`no Chatwoot token for bot '${bot}': set CHATWOOT_BOT_TOKEN or CHATWOOT_BOT_TOKEN_${envSuffix(bot)}`, null, false);
    return t;
  }

  private url(a: ChatwootAddress, suffix = '') {
    return `${this.cfg.baseUrl}/api/v1/accounts/${a.accountId}/conversations/${a.conversationId}${suffix}`;
  }

  async sendMessage(a: ChatwootAddress, content: string, bot: string): Promise<string | undefined> {
    const res = await callJson<Json>(this.url(a, '/messages'), { headers: { api_access_token: this.token(bot) }, body: { content, message_type: 'outgoing' }, timeoutMs: this.timeoutMs });
    return res?.id != null ? String(res.id) : undefined;
  }

  async status(a: ChatwootAddress, bot: string): Promise<string> {
    const res = await callJson<Json>(this.url(a), { method: 'GET', headers: { api_access_token: this.token(bot) }, timeoutMs: this.timeoutMs });
    const status = res?.status ?? res?.payload?.status;
    if (typeof status !== 'string') throw new ProviderError(`Chatwoot returned no status for conversation ${a.conversationId}`, null, true);
    return status;
  }

  /** "Typing…" in the conversation (Agent Bots may call it from Chatwoot 4.x; older servers answer 401). */
  async typing(a: ChatwootAddress, on: boolean, bot: string): Promise<void> {
    await callJson(this.url(a, '/toggle_typing_status'), { headers: { api_access_token: this.token(bot) }, body: { typing_status: on ? 'on' : 'off' }, timeoutMs: this.timeoutMs });
  }

  async toggleStatus(a: ChatwootAddress, status: 'open' | 'pending' | 'resolved', bot: string): Promise<void> {
    await callJson(this.url(a, '/toggle_status'), { headers: { api_access_token: this.token(bot) }, body: { status }, timeoutMs: this.timeoutMs });
  }
}

/** The Chatwoot channel: sending, plus the status rules around each turn. */
export function chatwootAdapter(
  hub: ChannelHub,
  api: ChatwootApi,
): ChannelAdapter & { onStatus(bot: string, e: ChatwootStatusEvent): Promise<void>; onModeChange(sessionId: string, mode: string): void } {
  const addr = (a: Address) => a as ChatwootAddress;

  /**
   * Bots whose Chatwoot refused to let the Agent Bot read a conversation (servers before June 2026), with when to
   * ask again: the server may be upgraded, or the refusal may have been a token being rotated.
   */
  const readRefusedUntil = new Map<string, number>();
  const readRetryMs = hub.config.chatwoot?.readRetryMs ?? DEFAULT_READ_RETRY_MS;

  /** Bots whose Chatwoot refused the Agent Bot's typing indicator (older servers): not asked again. */
  const typingRefused = new Set<string>();

  /**
   * The conversation's status as Chatwoot has it now: null when Chatwoot cannot be reached, 'unreadable' when
   * this Chatwoot does not let an Agent Bot read conversations (then the caller trusts the signed webhook).
   */
  async function currentStatus(bot: string, a: ChatwootAddress): Promise<string | null | typeof UNREADABLE> {
    const until = readRefusedUntil.get(bot);
    if (until !== undefined && Date.now() < until) return UNREADABLE;
    const out = await withRetry(() => api.status(a, bot), hub.config.retryDelaysMs, hub.config.sleep);
    if (out.ok) {
      if (until !== undefined) hub.warn(`[channels] Chatwoot lets the Agent Bot of '${bot}' read conversations again`);
      readRefusedUntil.delete(bot);
      return out.value;
    }
    if (out.error instanceof ProviderError && (out.error.status === 401 || out.error.status === 403)) {
      if (until === undefined) {
        hub.warn(`[channels] Chatwoot does not let the Agent Bot of '${bot}' read conversations (HTTP ${out.error.status}); using the statuses its webhooks send, asking again every ${Math.round(readRetryMs / 1000)} s`);
      }
      readRefusedUntil.set(bot, Date.now() + readRetryMs);
      return UNREADABLE;
    }
    hub.warn(`[channels] reading Chatwoot conversation ${a.accountId}/${a.conversationId} failed: ${out.error.message}`);
    return null;
  }

  /** Sessions Chatwoot's own status put back in bot mode: their mode-change event must not toggle anything. */
  const resumedByChatwoot = new Set<string>();
  async function resumeFromChatwoot(sessionId: string, reason: string): Promise<void> {
    resumedByChatwoot.add(sessionId);
    if (!(await hub.resumeBot(sessionId, reason))) resumedByChatwoot.delete(sessionId);
  }

  /** Handoffs this process already tried to open and has not managed to yet (the mode event then skips them). */
  const tried = new Set<string>();

  /**
   * Open the conversation for the agents, once per handoff. Only toggle_status is called: every Chatwoot lets an
   * Agent Bot call it (reading a conversation is refused before June 2026), and opening an open conversation
   * changes nothing. A customer message retries a failed attempt; the mode-change event only acts on handoffs
   * nobody here tried yet.
   */
  async function ensureOpen(botId: string, sessionId: string, a: ChatwootAddress, fromEvent = false): Promise<void> {
    const session = await store.getSession(hub.db, sessionId);
    const bot = hub.runtime.bots.get(botId);
    if (!session || !bot || !botPaused(session.mode) || (await openedForHandoff(hub.db, session.id, session.handoffAt))) return;
    const key = `${sessionId}@${session.handoffAt?.toISOString()}`;
    if (fromEvent && tried.has(key)) return;
    tried.add(key);
    const out = await hub.call(bot, session.id, a, 'open', () => api.toggleStatus(a, 'open', botId), statusFailedText(bot.config, 'Chatwoot'));
    if (!out.ok) return;
    await markOpenedForHandoff(hub.db, session.id, session.handoffAt);
    tried.delete(key);
  }

  return {
    name: 'chatwoot',
    label: 'Chatwoot',
    // Chatwoot passes a WhatsApp inbox's replies on to WhatsApp, which takes at most 4096 characters a message.
    maxLength: (a) => (addr(a).inbox === 'Channel::Whatsapp' ? WHATSAPP_TEXT_LIMIT : Number.POSITIVE_INFINITY),
    send: (a, text, bot) => api.sendMessage(addr(a), text, bot),

    /** Chatwoot has no read receipt an Agent Bot may send (agents read in the dashboard): typing only. */
    async presence(msg: InboundMessage, show: { read: boolean; typing: boolean }) {
      if (!show.typing || typingRefused.has(msg.bot)) return;
      try {
        await api.typing(addr(msg.address), true, msg.bot);
      } catch (err) {
        if (err instanceof ProviderError && (err.status === 401 || err.status === 403)) typingRefused.add(msg.bot);
        throw err;
      }
    },

    async typingDone(msg: InboundMessage) {
      if (!typingRefused.has(msg.bot)) await api.typing(addr(msg.address), false, msg.bot);
    },

    async beforeTurn(msg: InboundMessage, session: SessionRow) {
      // An agent has the conversation in Chatwoot (open, snoozed, resolved): keep the message, stay quiet.
      if (msg.conversationStatus && msg.conversationStatus !== 'pending') return 'record';
      if (!botPaused(session.mode)) return 'run';
      // We handed off but the webhook says pending: ask Chatwoot what is true now.
      let status = await currentStatus(msg.bot, addr(msg.address));
      if (status === UNREADABLE) {
        // No way to ask. Not opened yet (the toggle failed): it is pending, and this turn retries the opening.
        // Opened: the webhook's "pending" counts only for a message that reached us after we opened it (one sent
        // before the toggle landed still carries the old status).
        const opened = await openedForHandoff(hub.db, session.id, session.handoffAt);
        status = !opened || (await receivedAfterOpening(hub.db, msg)) ? 'pending' : 'open';
      }
      if (status !== null && status !== 'pending') return 'record';
      // Pending after we had opened it for this handoff: an agent gave it back to the bot.
      if (status === 'pending' && (await openedForHandoff(hub.db, session.id, session.handoffAt))) {
        await resumeFromChatwoot(session.id, 'Chatwoot: conversation back to pending');
      }
      return 'run';
    },

    async afterTurn(msg: InboundMessage, _before: SessionRow, result: ChatResult) {
      if (result.handoff) await ensureOpen(msg.bot, result.sessionId, addr(msg.address));
    },

    /**
     * The mode changed in Switchboard (a turn, or an operator in the console): make Chatwoot agree. Paused →
     * open it for the agents; back to bot while an agent's status is still open → put it back to pending.
     */
    onModeChange(sessionId: string, mode: string) {
      void hub.enqueue(sessionId, async () => {
        const link = await getLink(hub.db, sessionId);
        if (!link || link.address.channel !== 'chatwoot') return;
        const a = addr(link.address);
        if (botPaused(mode)) {
          resumedByChatwoot.delete(sessionId);
          return ensureOpen(link.bot, sessionId, a, true);
        }
        const session = await store.getSession(hub.db, sessionId);
        if (session?.mode !== 'bot') return;
        // Chatwoot itself gave the conversation back (resolved, or pending): nothing to make agree.
        if (resumedByChatwoot.delete(sessionId)) return;
        const status = await currentStatus(link.bot, a);
        const bot = hub.runtime.bots.get(link.bot);
        if (!bot) return;
        // A status this Chatwoot will not tell may be the agents' own "resolved": never reopen it behind their
        // backs. The operator is told that the agents' status decides whether the bot answers.
        if (status === UNREADABLE) return hub.systemMessage(bot, sessionId, statusUnknownText(bot.config));
        if (status === 'open') await hub.call(bot, sessionId, a, 'pending', () => api.toggleStatus(a, 'pending', link.bot));
      });
    },

    /** Resolved (or back to pending after our handoff) → the bot takes the conversation again. */
    async onStatus(bot: string, e: ChatwootStatusEvent) {
      if (e.status !== 'resolved' && e.status !== 'pending') return;
      const accountId = e.accountId ?? (await chatwootAccountOf(hub.db, bot, e.conversationId));
      if (accountId === null) return hub.warn(`[channels] Chatwoot ${e.event} for conversation ${e.conversationId} names no account and no session of '${bot}' has it`);
      const conversation = { channel: 'chatwoot' as const, bot, contactKey: `${accountId}:${e.conversationId}` };
      await hub.enqueue(channelSessionId(conversation), async () => {
        const session = await findChannelSession(hub.db, conversation);
        if (!session || !botPaused(session.mode)) return;
        const sessionId = session.id;
        const a: ChatwootAddress = { channel: 'chatwoot', accountId, conversationId: e.conversationId };
        const read = await currentStatus(bot, a);
        // A Chatwoot that does not let the bot read the conversation: the signed status event is the word.
        const status = read === UNREADABLE ? e.status : read;
        const givenBack = status === 'resolved' || (status === 'pending' && (await openedForHandoff(hub.db, sessionId, session.handoffAt)));
        if (givenBack) await resumeFromChatwoot(sessionId, `Chatwoot: conversation ${status}`);
      });
    },
  };
}
