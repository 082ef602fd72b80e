// The LISTEN side of Postgres notifications: one dedicated connection that survives its database. When the
// connection drops (a restart, a failover, an administrator ending sessions) it is opened again with backoff
// and every channel is listened to again; notifications sent while it was down are lost, as Postgres drops
// them for a session that is gone.
import type { Client } from 'pg';

/** Waits between attempts to reconnect: doubling from the first to the last, with jitter. */
export const RECONNECT_BACKOFF_MS = { first: 100, max: 5_000 };

export interface PgListenerOptions {
  /** Builds a new, unconnected client (pg's `Client`). */
  client: () => Client;
  /** Told when the connection drops and when it is back (logs). */
  log?: (message: string) => void;
}

export class PgListener {
  private client: Client | null = null;
  private connecting: Promise<void> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private attempt = 0;
  private closed = false;
  private channels = new Map<string, Set<(payload: string) => void>>();

  constructor(private opts: PgListenerOptions) {}

  /** Connected and listening to every channel asked for. */
  get listening(): boolean {
    return this.client !== null && this.connecting === null;
  }

  /** Listen to `channel`: the first call connects (and fails if Postgres cannot be reached then). */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.channels.get(channel);
    const fresh = !set;
    if (!set) this.channels.set(channel, (set = new Set()));
    set.add(onPayload);
    try {
      if (!this.client && !this.connecting) await this.connect();
      else if (this.connecting) await this.connecting;
      else if (fresh) await this.client!.query(listenStatement(channel));
    } catch (err) {
      set.delete(onPayload);
      throw err;
    }
    return async () => void set!.delete(onPayload);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  /** Open a connection, LISTEN to every channel, and watch it: an error or its end schedules a reconnect. */
  private connect(): Promise<void> {
    const client = this.opts.client();
    // A dropped connection emits 'error' (57P01 and the like) and then 'end': both are handled, never thrown.
    client.on('error', (err) => this.dropped(client, err));
    client.on('end', () => this.dropped(client));
    client.on('notification', (n) => {
      for (const l of this.channels.get(n.channel) ?? []) l(n.payload ?? '');
    });
    this.connecting = (async () => {
      try {
        await client.connect();
        for (const channel of this.channels.keys()) await client.query(listenStatement(channel));
        this.client = client;
        if (this.attempt > 0) this.opts.log?.('[store] listening for events again');
        this.attempt = 0;
      } catch (err) {
        client.removeAllListeners('end');
        await client.end().catch(() => {});
        throw err;
      } finally {
        this.connecting = null;
      }
    })();
    return this.connecting;
  }

  private dropped(client: Client, err?: Error): void {
    if (this.closed || (this.client !== client && this.client !== null)) return;
    if (this.client === client) {
      this.client = null;
      this.opts.log?.(`[store] the event listener's connection dropped${err ? ` (${err.message})` : ''}; reconnecting`);
      client.end().catch(() => {});
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retry || this.connecting) return;
    const base = Math.min(RECONNECT_BACKOFF_MS.max, RECONNECT_BACKOFF_MS.first * 2 ** this.attempt);
    this.attempt++;
    this.retry = setTimeout(
      () => {
        this.retry = null;
        if (this.closed || this.client) return;
        this.connect().catch(() => this.scheduleReconnect());
      },
      base / 2 + Math.random() * (base / 2),
    );
    this.retry.unref();
  }
}

function listenStatement(channel: string): string {
  return `listen "${channel.replace(/"/g, '')}"`;
}
