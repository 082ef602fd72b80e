// Messages per conversation per minute: the same ceiling for HTTP chat (enforced by the server's rate limiter)
// and channel webhooks (enforced here, by the hub, since a provider's calls all come from one address).

/** Messages one conversation may send per minute (SWITCHBOARD_CHAT_RATE_LIMIT). */
export const DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE = 120;

/** A fixed one-minute window per conversation, in memory (a limit per process, as the HTTP limiter's). */
export class ConversationRateLimit {
  private windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly perMinute: number = DEFAULT_CHAT_RATE_LIMIT_PER_MINUTE,
    private now: () => number = Date.now,
  ) {}

  /** Count one message of `key`; false when the conversation is over its limit for this minute. */
  take(key: string): boolean {
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || t - w.start >= 60_000) {
      if (this.windows.size > 10_000) this.forgetOld(t);
      w = { start: t, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    return w.count <= this.perMinute;
  }

  private forgetOld(t: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= 60_000) this.windows.delete(k);
  }
}
