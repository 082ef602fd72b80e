// Child process of the memory benchmark (run with --expose-gc): boots the runtime over an in-memory PGlite,
// then creates N sessions with one turn each and prints the heap/RSS growth as one JSON line.
// Usage: node --expose-gc --import tsx src/bench/memory-child.ts <bot> <sessions> <message>
import { Runtime } from '../engine/index.ts';
import { openDatabase } from '../store/index.ts';

const [bot = 'ct-smash', countArg = '1000', message = 'oi'] = process.argv.slice(2);
const count = Number(countArg);
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

function snapshot() {
  for (let i = 0; i < 3; i++) gc!();
  const m = process.memoryUsage();
  return { heapUsed: m.heapUsed, external: m.external, arrayBuffers: m.arrayBuffers, rss: m.rss };
}

const db = await openDatabase({ dataDir: ':memory:' });
const now = new Date('2026-03-09T12:00:00-03:00');
const runtime = await Runtime.create({ db, only: [bot], now: () => now });
// Warm up: first turns load lazy modules and fill caches that every session shares.
for (let i = 0; i < 20; i++) await runtime.chat(bot, { message });
const before = snapshot();
const t0 = performance.now();
for (let i = 0; i < count; i++) await runtime.chat(bot, { message, userId: `idle-${i}` });
const seconds = (performance.now() - t0) / 1000;
const after = snapshot();
await runtime.close();
await db.close();
process.stdout.write(`${JSON.stringify({ bot, sessions: count, seconds, before, after })}\n`);
