// npx tsx scripts/profile-turn.ts [bot] [seconds] — where a turn's CPU goes: replays the bot's
// conversations.yaml in process (PGlite in memory, local understanding) under the V8 profiler and prints
// the self time by area. Writes reports/profile-<bot>.cpuprofile (open it in Chrome DevTools).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuShares, profileOf, replayInProcess } from '../src/bench/index.ts';
import { defaultBotsDir } from '../src/bot/index.ts';
import { conversationsPath, loadConversations, startEvalServer } from '../src/eval/index.ts';

const bot = process.argv[2] ?? 'ct-smash';
const seconds = Number(process.argv[3] ?? 10);
const file = loadConversations(conversationsPath(defaultBotsDir, bot));
const server = await startEvalServer({ only: [bot], withModels: false, env: { ...process.env, SWITCHBOARD_MODEL: '' } });
try {
  await replayInProcess(server, bot, file, { maxTurns: 200 }); // warm up (JIT, caches)
  let turns = 0;
  const profile = await profileOf(async () => {
    turns = (await replayInProcess(server, bot, file, { maxTurns: 1_000_000, maxMs: seconds * 1000 })).length;
  });
  const shares = cpuShares(profile);
  const total = shares.reduce((a, s) => a + s.ms, 0);
  console.log(`${bot}: ${turns} turns in process, ${(total / turns).toFixed(2)} ms of CPU per turn (profiled)`);
  for (const s of shares) console.log(`  ${s.area.padEnd(34)} ${(s.share * 100).toFixed(1).padStart(5)}%  ${(s.ms / turns).toFixed(3)} ms/turn`);
  mkdirSync('reports', { recursive: true });
  const out = join('reports', `profile-${bot}.cpuprofile`);
  writeFileSync(out, JSON.stringify(profile));
  console.log(`\nwritten ${out}`);
} finally {
  await server.close();
}
