// npx tsx scripts/profile-turn.ts [bot] [seconds] — where a turn's CPU goes: replays the bot's
// conversations.yaml in process (PGlite in memory, local understanding) under the V8 profiler and prints
// the time by area, with the graph run node by node through LangGraph (SWITCHBOARD_LANGCHAIN_FAST_PATH=0, as an
// observed turn runs), then fused (src/engine/fused-turn.ts, as a turn nothing observes runs). Before the
// profiles, both are compared paired: alternating passes, CPU time per turn (process.cpuUsage). Writes
// reports/profile-<bot>-{without,with}-fast-path.cpuprofile (open them in Chrome DevTools).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpuShares, profileOf, replayInProcess } from '../src/bench/index.ts';
import { defaultBotsDir } from '../src/bot/index.ts';
import { conversationsPath, loadConversations, startEvalServer } from '../src/eval/index.ts';

const bot = process.argv[2] ?? 'ct-smash';
const seconds = Number(process.argv[3] ?? 10);
const file = loadConversations(conversationsPath(defaultBotsDir, bot));
const server = await startEvalServer({ only: [bot], withModels: false, env: { ...process.env, SWITCHBOARD_MODEL: '' } });
const setFastPath = (on: boolean) => (on ? delete process.env.SWITCHBOARD_LANGCHAIN_FAST_PATH : (process.env.SWITCHBOARD_LANGCHAIN_FAST_PATH = '0'));
const modes = [false, true];
const label = (on: boolean) => (on ? 'fused' : 'node by node');
try {
  await replayInProcess(server, bot, file, { maxTurns: 200 }); // warm up (JIT, caches)
  const cpu = new Map<boolean, { ms: number; turns: number }>(modes.map((m) => [m, { ms: 0, turns: 0 }]));
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    for (const on of modes) {
      setFastPath(on);
      const c0 = process.cpuUsage();
      const turns = (await replayInProcess(server, bot, file, { maxTurns: 40 })).length;
      const c = process.cpuUsage(c0);
      const acc = cpu.get(on)!;
      acc.ms += (c.user + c.system) / 1000;
      acc.turns += turns;
    }
  }
  console.log(`${bot}, in process, paired passes over ${seconds} s: CPU per turn`);
  for (const on of modes) console.log(`  ${label(on).padEnd(20)} ${(cpu.get(on)!.ms / cpu.get(on)!.turns).toFixed(2)} ms (${cpu.get(on)!.turns} turns)`);
  mkdirSync('reports', { recursive: true });
  for (const on of modes) {
    setFastPath(on);
    let turns = 0;
    const profile = await profileOf(async () => {
      turns = (await replayInProcess(server, bot, file, { maxTurns: 1_000_000, maxMs: seconds * 1000 })).length;
    });
    const shares = cpuShares(profile);
    console.log(`\nprofile ${label(on)}: ${turns} turns, sampled time by area`);
    for (const s of shares) console.log(`  ${s.area.padEnd(34)} ${(s.share * 100).toFixed(1).padStart(5)}%`);
    const out = join('reports', `profile-${bot}-${on ? 'with' : 'without'}-fast-path.cpuprofile`);
    writeFileSync(out, JSON.stringify(profile));
    console.log(`  written ${out}`);
  }
} finally {
  setFastPath(true);
  await server.close();
}
