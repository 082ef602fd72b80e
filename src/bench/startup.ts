// Start-up time: from spawning `node .build/src/cli/main.js start` (what `npm start` runs once its prestart
// step has compiled the server) to /api/health answering and to the first answered chat message. Run on a
// fresh data directory and again on the same one (migrations and knowledge already there).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ApiClient } from '../eval/index.ts';
import { ensureServerBuilt } from '../../scripts/build-server.mjs';

/** What `npm start` runs after its prestart step, relative to the project root. */
export const START_COMMAND = ['.build/src/cli/main.js', 'start'];

export interface StartupRun {
  dataDir: 'fresh' | 'existing';
  /** Spawn → /api/health 200, ms. */
  healthMs: number;
  /** Spawn → first chat reply, ms. */
  firstReplyMs: number;
  /** The first chat turn alone, ms. */
  firstTurnMs: number;
  /** What the server printed as its own ready time ("Ready in … s"), ms. */
  reportedReadyMs?: number;
  /** The machine's 1-minute load average when the run started (the goals are for an idle machine). */
  loadAverage?: number;
}

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

export async function measureStartup(opts: { root?: string; bot?: string; message?: string; timeoutMs?: number } = {}): Promise<StartupRun[]> {
  const root = opts.root ?? resolve('.');
  await ensureServerBuilt({ log: () => {} });
  const dir = mkdtempSync(join(tmpdir(), 'switchboard-bench-start-'));
  try {
    const fresh = await startOnce(root, dir, 'fresh', opts);
    const existing = await startOnce(root, dir, 'existing', opts);
    return [fresh, existing];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function startOnce(root: string, dataDir: string, label: StartupRun['dataDir'], opts: { bot?: string; message?: string; timeoutMs?: number }): Promise<StartupRun> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SWITCHBOARD_ADMIN_TOKEN: 'bench-start' };
  delete env.DATABASE_URL;
  delete env.SWITCHBOARD_MODEL;
  const loadAverage = +loadavg()[0].toFixed(2);
  const t0 = performance.now();
  const child = spawn(process.execPath, START_COMMAND, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  let exited = false;
  child.on('exit', () => (exited = true));
  const client = new ApiClient({ baseUrl: `http://127.0.0.1:${port}` });
  const deadline = t0 + (opts.timeoutMs ?? 90_000);
  try {
    let healthMs = Number.NaN;
    while (performance.now() < deadline) {
      if (exited) throw new Error(`the server exited before answering: ${output.trim().split('\n').slice(-5).join(' | ')}`);
      const ok = await client
        .get('/api/health')
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ok) {
        healthMs = performance.now() - t0;
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    if (Number.isNaN(healthMs)) throw new Error(`no /api/health answer within ${opts.timeoutMs ?? 90_000} ms`);
    const t1 = performance.now();
    const reply = await client.chat(opts.bot ?? 'ct-smash', { message: opts.message ?? 'oi, quero marcar uma aula experimental' });
    if (!reply.reply) throw new Error('the first message got no reply');
    const firstReplyMs = performance.now() - t0;
    const ready = /Ready in ([\d.]+) s/.exec(output);
    return { dataDir: label, healthMs, firstReplyMs, firstTurnMs: performance.now() - t1, reportedReadyMs: ready ? Number(ready[1]) * 1000 : undefined, loadAverage };
  } finally {
    client.close();
    await stop(child);
  }
}

async function stop(child: ReturnType<typeof spawn>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const closed = new Promise<void>((r) => child.once('close', () => r()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await closed;
  clearTimeout(timer);
}
