// Read receipts and typing indicators: best effort. Started when the bot takes a message, never waited for by the
// turn or the reply, never retried; a failure is logged and counted. `whenIdle` lets tests and shutdown wait.
import type { LoadedBot, RuntimeSignal } from '../engine/index.ts';
import { presenceSettings } from './config.ts';
import type { ChannelAdapter } from './hub.ts';
import { describeAddress, type InboundMessage } from './types.ts';

const keyOf = (msg: InboundMessage) => `${msg.channel}:${msg.bot}:${msg.providerId}`;

type PresenceSignal = Extract<RuntimeSignal, { type: 'channel_presence' }>;

export class PresenceCalls {
  private pending = new Set<Promise<void>>();
  /** Typing indicators started that the provider does not stop by itself, by message. */
  private typing = new Map<string, Promise<void>>();

  constructor(
    private signal: (s: PresenceSignal) => void,
    private log: (msg: string) => void,
  ) {}

  /** Mark the message read and show "typing…" when a reply follows, as the bot's settings allow. */
  show(adapter: ChannelAdapter, bot: LoadedBot, msg: InboundMessage, replying: boolean): void {
    if (!adapter.presence) return;
    const allowed = presenceSettings(bot.config, msg.channel);
    const show = { read: allowed.read, typing: allowed.typing && replying };
    if (!show.read && !show.typing) return;
    const call = this.track(adapter, msg, adapter.presence(msg, show));
    if (show.typing && adapter.typingDone) this.typing.set(keyOf(msg), call);
  }

  /** The message is handled: stop a typing indicator started for it (after the call that started it). */
  done(msg: InboundMessage, adapter: ChannelAdapter | undefined): void {
    const started = this.typing.get(keyOf(msg));
    if (!started || !adapter?.typingDone) return;
    this.typing.delete(keyOf(msg));
    this.track(adapter, msg, started.then(() => adapter.typingDone!(msg)));
  }

  private track(adapter: ChannelAdapter, msg: InboundMessage, work: Promise<void>): Promise<void> {
    const call = work.then(
      () => this.signal({ type: 'channel_presence', channel: msg.channel, outcome: 'sent' }),
      (err: unknown) => {
        this.signal({ type: 'channel_presence', channel: msg.channel, outcome: 'failed' });
        this.log(`[channels] ${adapter.label} read receipt / typing for ${describeAddress(msg.address)} failed: ${(err as Error).message}`);
      },
    );
    this.pending.add(call);
    void call.finally(() => this.pending.delete(call));
    return call;
  }

  async whenIdle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
