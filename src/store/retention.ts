// Retention: what is kept of conversations that went quiet, so the tables a turn writes stay the size of the
// recent past. Each step removes something of the conversations idle for longer than its number of days
// (0 = keep forever): the whole conversation (messages, traces, feedback and channel rows go with it), only
// its turn traces, or a channel's delivery records. The server runs one small batch per step at a time, only
// while no turn is in flight, one process at a time; a conversation that speaks again is no longer idle.
import type { Database } from './db.ts';
import type { Sql } from './types.ts';

export interface RetentionPolicy {
  /** Days a conversation stays after its last activity (0: forever). */
  conversationDays: number;
  /** Days a conversation's turn traces stay after its last activity (0: forever). */
  traceDays: number;
  /** Days a conversation's channel delivery records stay after its last activity (0: forever). */
  deliveryDays: number;
  /** Conversations handled per statement. */
  batch: number;
  /** Minutes between runs once everything due was removed. */
  everyMinutes: number;
}

export const DEFAULT_RETENTION: RetentionPolicy = { conversationDays: 0, traceDays: 30, deliveryDays: 30, batch: 100, everyMinutes: 10 };

/** The policy from SWITCHBOARD_RETAIN_{CONVERSATIONS,TRACES,DELIVERIES}_DAYS, SWITCHBOARD_RETENTION_BATCH and _EVERY_MINUTES. */
export function retentionPolicyFromEnv(env: NodeJS.ProcessEnv = process.env): RetentionPolicy {
  const num = (name: string, fallback: number, min = 0) => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === '') return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) throw new Error(`${name} must be a number ≥ ${min}, got "${raw}"`);
    return n;
  };
  const d = DEFAULT_RETENTION;
  return {
    conversationDays: num('SWITCHBOARD_RETAIN_CONVERSATIONS_DAYS', d.conversationDays),
    traceDays: num('SWITCHBOARD_RETAIN_TRACES_DAYS', d.traceDays),
    deliveryDays: num('SWITCHBOARD_RETAIN_DELIVERIES_DAYS', d.deliveryDays),
    batch: Math.floor(num('SWITCHBOARD_RETENTION_BATCH', d.batch, 1)),
    everyMinutes: num('SWITCHBOARD_RETENTION_EVERY_MINUTES', d.everyMinutes, 0.01),
  };
}

/** One kind of removal, applied to a batch of idle conversations. */
export interface RetentionStep {
  name: string;
  days(policy: RetentionPolicy): number;
  /** Remove this step's rows of these conversations; the number of rows removed. */
  remove(sql: Sql, sessionIds: string[], cutoff: Date): Promise<number>;
}

const count = (rows: unknown[]) => rows.length;

export const coreRetentionSteps: RetentionStep[] = [
  {
    name: 'traces',
    days: (p) => p.traceDays,
    remove: async (sql, ids) => count(await sql.query('delete from turns where session_id = any($1::text[]) returning 1', [ids])),
  },
  {
    // Rechecked at the delete: a conversation that spoke since it was picked stays.
    name: 'conversations',
    days: (p) => p.conversationDays,
    remove: async (sql, ids, cutoff) => count(await sql.query('delete from sessions where id = any($1::text[]) and updated_at < $2 returning 1', [ids, cutoff.toISOString()])),
  },
];

const DAY_MS = 86_400_000;

/**
 * Runs the steps in batches. Each step walks the idle conversations in order of last activity from where it
 * stopped (a conversation's last activity only moves forward, so those behind the cursor are done).
 */
export class Retention {
  private cursors = new Map<string, { at: string; id: string }>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(
    private readonly db: Database,
    private readonly steps: RetentionStep[],
    private readonly policy: RetentionPolicy,
    private readonly opts: { quiet: () => boolean; now?: () => Date; onError?: (err: Error) => void } = { quiet: () => true },
  ) {}

  get active(): boolean {
    return this.steps.some((s) => s.days(this.policy) > 0);
  }

  /**
   * One batch per step that has work, unless turns are in flight or another process is pruning. Returns the
   * rows removed by step, and whether a step filled its batch (more is due).
   */
  async runOnce(): Promise<{ removed: Record<string, number>; more: boolean; skipped?: 'busy' | 'locked' }> {
    if (!this.opts.quiet()) return { removed: {}, more: false, skipped: 'busy' };
    const result = await this.db.tryWithLock('switchboard:retention', async (conn) => {
      const removed: Record<string, number> = {};
      let more = false;
      const now = (this.opts.now ?? (() => new Date()))();
      for (const step of this.steps) {
        const days = step.days(this.policy);
        if (days <= 0) continue;
        const cutoff = new Date(now.getTime() - days * DAY_MS);
        const from = this.cursors.get(step.name) ?? { at: '-infinity', id: '' };
        const idle = await conn.query<{ id: string; at: string }>(
          `select id, updated_at::text as at from sessions
            where updated_at >= $1::timestamptz and (updated_at > $1::timestamptz or id > $2) and updated_at < $3
            order by updated_at, id limit $4`,
          [from.at, from.id, cutoff.toISOString(), this.policy.batch],
        );
        removed[step.name] = idle.length ? await step.remove(conn, idle.map((r) => r.id), cutoff) : 0;
        const full = idle.length === this.policy.batch;
        more ||= full;
        // A full batch resumes after its last conversation; a short one reached the cutoff.
        const last = idle[idle.length - 1];
        this.cursors.set(step.name, full ? { at: last.at, id: last.id } : { at: cutoff.toISOString(), id: '' });
      }
      return { removed, more };
    });
    return result.locked ? result.value : { removed: {}, more: false, skipped: 'locked' };
  }

  /** Run on a timer: again a second later while more is due or turns were busy, else every `everyMinutes`. */
  start(): void {
    if (!this.active) return;
    const schedule = (ms: number) => {
      if (this.stopped) return;
      this.timer = setTimeout(async () => {
        let next = this.policy.everyMinutes * 60_000;
        try {
          const r = await this.runOnce();
          if (r.more || r.skipped === 'busy') next = 1000;
        } catch (err) {
          this.opts.onError?.(err as Error);
        }
        schedule(next);
      }, ms);
      this.timer.unref();
    };
    schedule(5000);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }
}
