// Readiness (GET /api/ready), separate from liveness (/api/health): a process is ready for traffic once its
// database answers with every migration applied, its bots are loaded and their classifiers are warm, and
// stops being ready when it starts shutting down (so a load balancer drains it before it exits).
import type { Runtime } from '../engine/runtime.ts';
import { coreMigrations } from '../store/index.ts';

export interface ReadyReport {
  ready: boolean;
  checks: { database: boolean; migrations: boolean; bots: boolean; classifiers: boolean; accepting: boolean };
  bots: string[];
  missingMigrations?: string[];
  error?: string;
}

export class Readiness {
  private warm = false;
  private draining = false;

  constructor(private runtime: Runtime) {}

  /** The runtime's warm-up (classifiers trained or loaded, bots' own warm-ups): ready once it settles. */
  track(warmUp: Promise<void>): Promise<void> {
    return warmUp.then(
      () => void (this.warm = true),
      () => void (this.warm = true), // a failed bot warm-up is logged by the runtime; its bot still answers
    );
  }

  /** Called on SIGTERM: the load balancer should stop sending new conversations here. */
  drain(): void {
    this.draining = true;
  }

  async report(): Promise<ReadyReport> {
    const bots = [...this.runtime.bots.keys()];
    const expected = [...coreMigrations.map((m) => m.id), ...[...this.runtime.bots.values()].flatMap((b) => (b.definition.migrations ?? []).map((m) => m.id))];
    let database = false;
    let missing: string[] = expected;
    let error: string | undefined;
    try {
      const applied = new Set((await this.runtime.db.query<{ id: string }>('select id from _migrations')).map((r) => r.id));
      database = true;
      missing = expected.filter((id) => !applied.has(id));
    } catch (err) {
      error = (err as Error).message;
    }
    const checks = { database, migrations: database && missing.length === 0, bots: bots.length > 0, classifiers: this.warm, accepting: !this.draining };
    return { ready: Object.values(checks).every(Boolean), checks, bots, ...(missing.length ? { missingMigrations: missing } : {}), ...(error ? { error } : {}) };
  }
}
