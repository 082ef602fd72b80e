// Memory per 1,000 idle sessions: a child process (so nothing else this run did is counted) creates N
// sessions with one turn each; heap, off-heap (PGlite's WASM memory and buffers) and RSS growth, per 1,000.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface MemoryResult {
  bot: string;
  sessions: number;
  seconds: number;
  /** Growth per 1,000 sessions, in MiB. */
  per1000: { heapMiB: number; externalMiB: number; rssMiB: number };
}

const CHILD = fileURLToPath(new URL('./memory-child.ts', import.meta.url));
const MiB = 1024 * 1024;

export async function memoryPerThousandSessions(bot: string, sessions: number, message = 'oi', timeoutMs = 180_000): Promise<MemoryResult> {
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', CHILD, bot, String(sessions), message], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SWITCHBOARD_MODEL: '', DATABASE_URL: '' },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (err += d));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(timer);
  const line = out.trim().split('\n').at(-1) ?? '';
  if (code !== 0 || !line.startsWith('{')) throw new Error(`memory child exited ${code}: ${err.trim().split('\n').slice(-3).join(' | ') || out.trim()}`);
  const r = JSON.parse(line) as { bot: string; sessions: number; seconds: number; before: Record<string, number>; after: Record<string, number> };
  const scale = 1000 / r.sessions / MiB;
  return {
    bot: r.bot,
    sessions: r.sessions,
    seconds: r.seconds,
    per1000: {
      heapMiB: (r.after.heapUsed - r.before.heapUsed) * scale,
      externalMiB: (r.after.external - r.before.external) * scale,
      rssMiB: (r.after.rss - r.before.rss) * scale,
    },
  };
}
