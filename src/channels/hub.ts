// The hub runs channel messages through the bots: a webhook's message is stored once (dedupe), then one
// job per conversation, in arrival order, finds or creates the session, runs the turn and sends the reply
// with retries. Failed sends are recorded and shown to operators as a system message. Operator replies from
// the console go out through the session's channel.
import { runtimeReply, type LoadedBot, type Runtime, type RuntimeSignal } from '../engine/index.ts';
import { ConflictError, UnavailableError } from '../errors/index.ts';
import { botPaused } from '../handoff/index.ts';
import * as store from '../store/index.ts';
import type { MessageRow, SessionRow } from '../store/index.ts';
import type { ChannelsConfig } from './config.ts';
import { errorCodeOf, withRetry } from './http.ts';
import { SerialQueue } from './queue.ts';
import { whatsappWindow, type WindowState } from './window.ts';
import { claimInbound, failDeliveryLater, finishDelivery, finishInbound, getLink, linkSession, MAX_INBOUND_ATTEMPTS, recordInbound } from './store.ts';
import { sentBySwitchboard, setInboundSession, startDelivery, unfinishedInbound, wasDelivered, type InboundStatus } from './store.ts';
import { renderReply, splitReply } from './render.ts';
import { deliveryFailedText, deliveryRejectedText, inboundFailedText, noteText, transcriptLine, unreadableLine, withOrderText } from './texts.ts';
import { isMedia, receivedAt, startsMediaBurst } from './bursts.ts';
import { PresenceCalls } from './presence.ts';
import { admitInbound } from './ingress.ts';
import { channelSessionId, ensureChannelSession, findChannelSession, openCustomerSession } from './sessions.ts';
import { ConversationRateLimit } from '../ingress/index.ts';
import { describeAddress, handlingOf, type Address, type ChannelName, type ChannelNote, type DeliveryStatusReport, type InboundMessage } from './types.ts';

import type { AcceptOutcome, ChannelAdapter } from './adapter.ts';
export type { AcceptOutcome, ChannelAdapter };

export class ChannelHub {
  readonly queue: SerialQueue;
  /** Read receipts and typing indicators on their way. */
  private presence: PresenceCalls;
  private adapters = new Map<ChannelName, ChannelAdapter>();
  private log: (msg: string) => void;

  constructor(
    readonly runtime: Runtime,
    readonly config: ChannelsConfig,
  ) {
    this.log = config.log ?? ((m) => console.error(m));
    this.queue = new SerialQueue((key, err) => this.log(`[channels] job of ${key} failed: ${(err as Error).message}`));
    this.presence = new PresenceCalls((s) => this.emitSignal(s), (m) => this.log(m));
    runtime.operatorListeners.push((session, message) => this.onOperatorReply(session, message));
    // Refused before it is stored: a reply WhatsApp would not take (outside the 24-hour window, no template).
    runtime.operatorReplyGuards.push(async (session) => {
      const window = await this.replyWindow(session.id);
      return window && !window.open && !window.reopenTemplate ? `this reply cannot reach the customer on WhatsApp: ${window.reason}` : null;
    });
  }

  warn(msg: string): void {
    this.log(msg);
  }

  get db() {
    return this.runtime.db;
  }

  register(adapter: ChannelAdapter): void {
    this.adapters.set(adapter.name, adapter);
  }

  adapter(name: ChannelName): ChannelAdapter {
    const a = this.adapters.get(name);
    if (!a) throw new Error(`channel '${name}' is not configured`);
    return a;
  }

  /** Messages per conversation per minute, as HTTP chat allows (set from the server's chatRateLimitPerMinute). */
  rateLimit = new ConversationRateLimit();

  /** Store a webhook's message (once, through the ingress) and queue it behind its conversation's earlier messages. */
  async accept(received: InboundMessage): Promise<AcceptOutcome> {
    const msg = admitInbound({ ...received, receivedAt: received.receivedAt ?? new Date().toISOString() });
    if (!msg) return 'ignored';
    if (msg.note?.kind === 'owner_reply' && (await sentBySwitchboard(this.db, msg))) return 'own';
    const sessionId = channelSessionId(msg);
    if (!(await recordInbound(this.db, msg, sessionId))) return 'duplicate';
    void this.queue.enqueue(sessionId, () => this.process(msg, sessionId, ['queued']));
    return 'queued';
  }

  /** Run a job in a conversation's order (status changes, operator replies). */
  enqueue(sessionId: string, job: () => Promise<void>): Promise<void> {
    return this.queue.enqueue(sessionId, job);
  }

  async whenIdle(): Promise<void> {
    await this.queue.whenIdle();
    await this.presence.whenIdle();
  }

  /**
   * Queue again the webhooks stored but never finished (the process stopped mid-way). Only rows idle for a
   * while: a younger queued row may still be waiting in a live process's queue (the claim prevents running
   * it twice, the age keeps its conversation's order).
   */
  async recover(opts: { queuedMs?: number; processingMs?: number } = {}): Promise<number> {
    const rows = await unfinishedInbound(this.db, opts.queuedMs ?? 30_000, opts.processingMs ?? 300_000);
    for (const { msg, status } of rows) {
      const sessionId = channelSessionId(msg);
      void this.queue.enqueue(sessionId, () => this.process(msg, sessionId, [status]));
    }
    if (rows.length) this.log(`[channels] re-queued ${rows.length} unfinished webhook message(s)`);
    return rows.length;
  }

  private async process(stored: InboundMessage, queueKey: string, from: InboundStatus[]): Promise<void> {
    const claim = await claimInbound(this.db, stored, from);
    if (!claim) return; // another worker has it
    if (claim === 'gave-up') return this.gaveUp(stored);
    // A row stored before the ingress existed (or by an older version) goes through it now.
    const msg = admitInbound(stored);
    if (!msg) return finishInbound(this.db, stored, 'ignored', 'empty once cleaned');
    try {
      const status = await this.handle(msg, queueKey).finally(() => this.presence.done(msg, this.adapters.get(msg.channel)));
      await finishInbound(this.db, msg, status);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      // The runtime is shutting down: leave the message queued, the next start (or recovery sweep) runs it.
      if (err instanceof UnavailableError) return void (await finishInbound(this.db, msg, 'queued', message));
      this.log(`[channels] ${msg.channel} message ${msg.providerId} for ${msg.bot} failed: ${message}`);
      await finishInbound(this.db, msg, 'failed', message);
    }
  }

  /** A message that kept failing or being interrupted: logged, and the operator sees it in the conversation. */
  private async gaveUp(msg: InboundMessage): Promise<void> {
    this.log(`[channels] ${msg.channel} message ${msg.providerId} for ${msg.bot} gave up after ${MAX_INBOUND_ATTEMPTS} attempts: marked failed`);
    const bot = this.runtime.bots.get(msg.bot);
    const session = await findChannelSession(this.db, msg);
    if (bot && session) await this.systemMessage(bot, session.id, inboundFailedText(bot.config, this.adapters.get(msg.channel)?.label ?? msg.channel));
  }

  /** A customer's message: only kept (a person has the conversation, or it asks nothing), one line, or a turn. */
  private async handle(admitted: InboundMessage, queueKey: string): Promise<InboundStatus> {
    const bot = this.runtime.bots.get(admitted.bot);
    if (!bot) return 'ignored';
    if (admitted.note) return this.recordNote(bot, admitted, admitted.note, queueKey);
    const before = await openCustomerSession(this.db, admitted, queueKey);
    const adapter = this.adapter(admitted.channel);
    const decision = adapter.beforeTurn ? await adapter.beforeTurn(admitted, before) : 'run';
    const session = (await store.getSession(this.db, before.id))!;
    const msg = withOrderText(bot.config, admitted);
    const handling = handlingOf(msg);
    const paused = botPaused(session.mode);
    this.emitSignal({ type: 'channel_message', channel: msg.channel, kind: msg.kind ?? 'text', handling: decision === 'record' || paused ? 'record' : handling });
    if (decision === 'record' || (handling !== 'turn' && paused)) {
      await this.recordCustomerMessage(bot, session, msg);
    } else if (handling === 'record') {
      // A sticker, a reaction, a poll vote: seen and kept, not a question.
      this.presence.show(adapter, bot, msg, false);
      await this.recordCustomerMessage(bot, session, msg);
    } else if (handling === 'line') {
      await this.answerUnreadable(bot, session, msg, adapter);
    } else {
      await this.answerText(bot, session, msg, adapter);
    }
    return 'done';
  }

  /** A message the bot reads: answered "too long" when it is, kept unanswered over the rate limit, else a turn. */
  private async answerText(bot: LoadedBot, session: SessionRow, msg: InboundMessage, adapter: ChannelAdapter): Promise<void> {
    if (msg.tooLong !== undefined) {
      this.presence.show(adapter, bot, msg, true);
      return this.answerWithoutTurn(bot, session, msg, runtimeReply('message_too_long', bot.config.language, bot.config.replies), 'message_too_long');
    }
    // Over the conversation's rate limit: kept in the transcript for the operator, not answered.
    if (!this.rateLimit.take(session.id)) {
      this.log(`[channels] ${msg.channel} conversation ${session.id} is over ${this.rateLimit.perMinute} messages a minute: message kept, not answered`);
      return void (await this.recordCustomerMessage(bot, session, msg));
    }
    await this.runTurn(bot, session, msg, adapter);
  }

  /** Run the bot's turn on the message's text and deliver its reply. */
  private async runTurn(bot: LoadedBot, session: SessionRow, msg: InboundMessage, adapter: ChannelAdapter): Promise<void> {
    if (!botPaused(session.mode)) this.presence.show(adapter, bot, msg, true);
    // A media caption, a button reply, an order: the transcript keeps its kind, the turn reads its text.
    if (msg.kind && msg.kind !== 'text') {
      await this.recordCustomerMessage(bot, session, msg);
      if (isMedia(msg)) await startsMediaBurst(this.db, session.id, receivedAt(msg), this.config.mediaBurstMs);
    }
    const result = await this.runtime.chat(msg.bot, {
      sessionId: session.id,
      userId: session.userId ?? undefined,
      message: msg.text!,
      channel: msg.channel,
      phoneNumber: msg.phoneNumber ?? undefined,
      clientMessageId: msg.providerId,
    });
    if (result.reply && result.replyMessageId) await this.deliver(bot, session.id, msg.address, result.reply, result.replyMessageId);
    await adapter.afterTurn?.(msg, session, result);
  }

  /**
   * An event that only goes in the transcript, never answered: the owner's reply from the WhatsApp app (as an
   * operator's message, in a conversation of its own if the customer never wrote), a number change, a deletion
   * (these only in a conversation that exists).
   */
  private async recordNote(bot: LoadedBot, msg: InboundMessage, note: ChannelNote, queueKey: string): Promise<InboundStatus> {
    const session = note.kind === 'owner_reply' ? await ensureChannelSession(this.db, msg) : await findChannelSession(this.db, msg);
    if (!session) return 'ignored';
    if (session.id !== queueKey) await setInboundSession(this.db, msg, session.id);
    if (await store.findByClientMessageId(this.db, session.id, msg.providerId)) return 'done';
    const label = this.adapters.get(msg.channel)?.label ?? msg.channel;
    const row =
      note.kind === 'owner_reply'
        ? await store.insertMessage(this.db, { sessionId: session.id, role: 'assistant', source: 'human', content: msg.text ?? '', clientMessageId: msg.providerId, workflow: session.activeWorkflow })
        : await store.insertMessage(this.db, { sessionId: session.id, role: 'system', source: 'system', content: noteText(bot.config, note, label), clientMessageId: msg.providerId });
    if (note.kind === 'owner_reply') await linkSession(this.db, { sessionId: session.id, channel: msg.channel, bot: msg.bot, address: msg.address, contactName: null });
    this.log(`[channels] ${msg.channel} ${note.kind.replace('_', ' ')} in ${session.id} recorded (${msg.providerId})`);
    this.publish(bot, row);
    return 'done';
  }

  /** Keep the customer's message in the transcript (with its kind) without running the bot. */
  private async recordCustomerMessage(bot: LoadedBot, session: SessionRow, msg: InboundMessage): Promise<MessageRow | undefined> {
    const known = await store.findByClientMessageId(this.db, session.id, msg.providerId);
    if (known) return undefined;
    const row = await store.insertMessage(this.db, { sessionId: session.id, role: 'user', source: '', content: transcriptLine(bot.config, msg), clientMessageId: msg.providerId, workflow: session.activeWorkflow });
    // While a person has the conversation, the inbox is ordered by the customer's latest message.
    if (botPaused(session.mode)) await store.updateSession(this.db, session.id, {});
    this.publish(bot, row);
    return row;
  }

  /**
   * Media the bot cannot read (a voice note, a photo without a caption, a message type nobody can open here):
   * kept, and one clear line per burst. The album's other photos, or the media that follow within the window,
   * are kept without a reply.
   */
  private async answerUnreadable(bot: LoadedBot, session: SessionRow, msg: InboundMessage, adapter: ChannelAdapter): Promise<void> {
    const known = await store.findByClientMessageId(this.db, session.id, msg.providerId);
    if (known) {
      // A run cut short after its line was stored: send that line (deliver skips what already went out).
      const reply = await store.findReplyTo(this.db, known.id);
      if (reply) await this.deliver(bot, session.id, msg.address, reply.content, reply.id);
      return;
    }
    const first = await startsMediaBurst(this.db, session.id, receivedAt(msg), this.config.mediaBurstMs);
    this.presence.show(adapter, bot, msg, first);
    if (!first) {
      await this.recordCustomerMessage(bot, session, msg);
      return;
    }
    const line = unreadableLine(bot.config, msg.kind);
    await this.answerWithoutTurn(bot, session, msg, line.text, line.intent);
  }

  /** A message the bot does not run a turn for (unreadable media, too long): keep it and answer `reply`. */
  private async answerWithoutTurn(bot: LoadedBot, session: SessionRow, msg: InboundMessage, reply: string, intent: string): Promise<void> {
    const known = await store.findByClientMessageId(this.db, session.id, msg.providerId);
    let replyRow = known ? await store.findReplyTo(this.db, known.id) : undefined;
    if (!known) {
      const userRow = (await this.recordCustomerMessage(bot, session, msg))!;
      replyRow = await store.insertMessage(this.db, {
        sessionId: session.id,
        role: 'assistant',
        source: 'bot',
        content: reply,
        intents: [intent],
        replyTo: userRow.id,
        workflow: session.activeWorkflow,
      });
      this.publish(bot, replyRow);
    }
    if (replyRow) await this.deliver(bot, session.id, msg.address, replyRow.content, replyRow.id);
  }

  /**
   * Send a stored message with retries, rendered for the channel and split in parts when it is longer than the
   * channel allows, recording each part's outcome. When every attempt fails, the operator sees a system message
   * in the conversation (and the parts after it are not sent). Returns whether it all went out.
   */
  async deliver(bot: LoadedBot, sessionId: string, address: Address, text: string, messageId: number | null): Promise<boolean> {
    const adapter = this.adapter(address.channel);
    const limit = typeof adapter.maxLength === 'function' ? adapter.maxLength(address) : (adapter.maxLength ?? Number.POSITIVE_INFINITY);
    const parts = splitReply(renderReply(text, adapter.format ?? 'markdown'), limit);
    for (const [part, content] of parts.entries()) {
      if (messageId !== null && (await wasDelivered(this.db, messageId, part))) continue;
      if (!(await this.sendPart(bot, sessionId, address, messageId, part, content, () => adapter.send(address, content, bot.config.id)))) return false;
    }
    return true;
  }

  /** One outgoing message with retries, recorded; on failure the operator sees a system message. */
  private async sendPart(bot: LoadedBot, sessionId: string, address: Address, messageId: number | null, part: number, content: string, send: () => Promise<string | undefined>): Promise<boolean> {
    const adapter = this.adapter(address.channel);
    const id = await startDelivery(this.db, { sessionId, bot: bot.config.id, channel: address.channel, kind: 'message', messageId, part, content, address });
    const out = await withRetry(send, this.config.retryDelaysMs, this.config.sleep);
    this.emitSignal({ type: 'channel_delivery', channel: address.channel, outcome: out.ok ? 'sent' : 'failed' });
    if (out.ok) {
      await finishDelivery(this.db, id, { status: 'sent', attempts: out.attempts, providerMessageId: out.value ?? null });
      return true;
    }
    const code = errorCodeOf(out.error);
    this.log(`[channels] ${adapter.label} delivery to ${describeAddress(address)} failed after ${out.attempts} attempt(s): ${out.error.message}`);
    await finishDelivery(this.db, id, { status: 'failed', attempts: out.attempts, lastError: out.error.message, errorCode: code });
    await this.systemMessage(bot, sessionId, deliveryFailedText(bot.config, adapter.label, code));
    return false;
  }

  /**
   * Whether an operator's reply can reach this conversation now, and how: WhatsApp through the Cloud API takes
   * free text only within 24 hours of the customer's last message, then only the bot's reopen template.
   */
  async replyWindow(sessionId: string): Promise<(WindowState & { channel: ChannelName }) | null> {
    const link = await getLink(this.db, sessionId);
    const bot = link ? this.runtime.bots.get(link.bot) : undefined;
    if (!link || !bot || !this.adapters.has(link.address.channel)) return null;
    const state = await whatsappWindow(this.db, bot.config, sessionId, link.address);
    return state ? { channel: link.address.channel, ...state } : null;
  }

  /**
   * The provider reported that a message it had accepted never reached the customer (WhatsApp outside the
   * 24-hour window, a blocked number…): the delivery becomes failed and the operator is told in the conversation.
   * Returns false when the message is not one of ours, or was already known to have failed.
   */
  async deliveryFailedLater(report: DeliveryStatusReport): Promise<boolean> {
    const row = await failDeliveryLater(this.db, report.channel, report.providerMessageId, report.error, report.code ?? null);
    if (!row) return false;
    this.emitSignal({ type: 'channel_delivery', channel: report.channel, outcome: 'rejected' });
    this.log(`[channels] ${report.channel} reports message ${report.providerMessageId} of ${row.sessionId} undelivered: ${report.error}`);
    const bot = this.runtime.bots.get(row.bot);
    const label = this.adapters.get(report.channel)?.label ?? report.channel;
    if (bot) await this.enqueue(row.sessionId, () => this.systemMessage(bot, row.sessionId, deliveryRejectedText(bot.config, label, report)));
    return true;
  }

  /** A provider call that is not a message (Chatwoot status changes), recorded like a delivery. */
  async call<T>(bot: LoadedBot, sessionId: string, address: Address, what: string, fn: () => Promise<T>, failureText?: string): Promise<{ ok: true; value: T } | { ok: false }> {
    const id = await startDelivery(this.db, { sessionId, bot: bot.config.id, channel: address.channel, kind: 'status', messageId: null, content: what, address });
    const out = await withRetry(fn, this.config.retryDelaysMs, this.config.sleep);
    if (out.ok) {
      await finishDelivery(this.db, id, { status: 'sent', attempts: out.attempts });
      return { ok: true, value: out.value };
    }
    this.log(`[channels] ${what} for ${describeAddress(address)} failed after ${out.attempts} attempt(s): ${out.error.message}`);
    await finishDelivery(this.db, id, { status: 'failed', attempts: out.attempts, lastError: out.error.message, errorCode: errorCodeOf(out.error) });
    if (failureText) await this.systemMessage(bot, sessionId, failureText);
    return { ok: false };
  }

  async systemMessage(bot: LoadedBot, sessionId: string, content: string): Promise<void> {
    const row = await store.insertMessage(this.db, { sessionId, role: 'system', source: 'system', content });
    this.publish(bot, row);
  }

  /** Put a session back in bot mode (no-op when it already is). */
  async resumeBot(sessionId: string, reason: string): Promise<boolean> {
    try {
      await this.runtime.setMode(sessionId, 'bot', reason);
      return true;
    } catch (err) {
      if (err instanceof ConflictError) return false;
      throw err;
    }
  }

  /** An operator answered from the console: send it through the session's channel, in the conversation's order. */
  private async onOperatorReply(session: SessionRow, message: MessageRow): Promise<void> {
    if (message.role !== 'assistant') return;
    const link = await getLink(this.db, session.id);
    if (!link || !this.adapters.has(link.address.channel)) return;
    const bot = this.runtime.bots.get(session.bot);
    if (!bot) return;
    // Not awaited: the console's request returns at once; retries happen in the conversation's queue.
    void this.queue.enqueue(session.id, async () => {
      const window = await whatsappWindow(this.db, bot.config, session.id, link.address);
      const adapter = this.adapter(link.address.channel);
      if (window && !window.open && window.reopenTemplate && adapter.sendTemplate) {
        const template = window.reopenTemplate;
        if (await wasDelivered(this.db, message.id, 0)) return;
        await this.sendPart(bot, session.id, link.address, message.id, 0, message.content, () => adapter.sendTemplate!(link.address, template, message.content, bot.config.id));
        return;
      }
      await this.deliver(bot, session.id, link.address, message.content, message.id);
    });
  }

  private emitSignal(signal: Extract<RuntimeSignal, { type: 'channel_message' | 'channel_delivery' | 'channel_presence' }>): void {
    this.runtime.signals.emit(signal);
  }

  private publish(bot: LoadedBot, m: MessageRow): void {
    this.runtime.events.publish({
      type: 'message',
      bot: bot.config.id,
      sessionId: m.sessionId,
      message: { id: m.id, role: m.role, source: m.source, content: m.content, intents: m.intents as string[], createdAt: new Date(m.createdAt).toISOString() },
    });
  }
}
