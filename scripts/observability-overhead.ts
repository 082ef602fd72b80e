// npx tsx scripts/observability-overhead.ts [bot] [--rounds N] [--seconds S] [--before DIR]
// What metrics and logs cost a turn: two servers of the bot, one without observability and one with it as
// `switchboard start` runs it (prom-client metrics with the default process metrics, JSON request and turn logs,
// here written to /dev/null), each in its own process. The two processes run at the same time and measure over
// the same window (a barrier), so the load of a shared machine falls on both; each replays the bot's
// conversations.yaml in alternating passes in process and over HTTP and reports CPU per turn (the whole process,
// process.cpuUsage) and the p50 turn latency. Prints each pair and the medians of the with ÷ without ratios.
// --before DIR: the "without" side runs the checkout in DIR instead (an older commit, e.g. from
// `git worktree add DIR <commit>` with node_modules copied), so that commit's code is compared with this one's.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface Side {
  cpu: number;
  p50: number;
  turns: number;
}
interface ChildReport {
  observe: boolean;
  inProcess: Side;
  http: Side;
}

const args = process.argv.slice(2);
const flag = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

if (args[0] === '--child') await child(args[1], args[2] === 'on', Number(args[3]), args[4]);
else await main();

async function main(): Promise<void> {
  const bot = args[0] && !args[0].startsWith('--') ? args[0] : 'la-formula';
  const rounds = Number(flag('--rounds') ?? 6);
  const seconds = Number(flag('--seconds') ?? 15);
  const here = resolve(fileURLToPath(import.meta.url), '../..');
  const before = flag('--before') ? resolve(flag('--before')!) : here;
  const ratios = { inCpu: [] as number[], inP50: [] as number[], httpCpu: [] as number[], httpP50: [] as number[] };
  console.log(`${bot}: without observability (${before === here ? 'this checkout' : before}) and with it (this checkout), ${rounds} pairs of ${seconds} s, run side by side`);
  for (let r = 1; r <= rounds; r++) {
    const dir = mkdtempSync(join(tmpdir(), 'obs-overhead-'));
    try {
      const [off, on] = await Promise.all([runChild(before, bot, false, seconds, dir), runChild(here, bot, true, seconds, dir), release(dir)]);
      ratios.inCpu.push(on.inProcess.cpu / off.inProcess.cpu);
      ratios.inP50.push(on.inProcess.p50 / off.inProcess.p50);
      ratios.httpCpu.push(on.http.cpu / off.http.cpu);
      ratios.httpP50.push(on.http.p50 / off.http.p50);
      const f = (s: Side) => `${s.cpu.toFixed(2)} ms CPU, p50 ${s.p50.toFixed(2)} ms`;
      console.log(`  pair ${r} (load ${loadavg()[0].toFixed(1)}): in process ${f(off.inProcess)} → ${f(on.inProcess)}; HTTP ${f(off.http)} → ${f(on.http)}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const median = (a: number[]) => {
    const s = [...a].sort((x, y) => x - y);
    return (s[Math.floor((s.length - 1) / 2)] + s[Math.ceil((s.length - 1) / 2)]) / 2;
  };
  console.log(`with ÷ without, medians of ${rounds} pairs:`);
  console.log(`  in process  CPU per turn ${median(ratios.inCpu).toFixed(3)}   p50 ${median(ratios.inP50).toFixed(3)}`);
  console.log(`  over HTTP   CPU per turn ${median(ratios.httpCpu).toFixed(3)}   p50 ${median(ratios.httpP50).toFixed(3)}`);
}

/** Starts one side; its report is the last line it prints. */
function runChild(root: string, bot: string, observe: boolean, seconds: number, dir: string): Promise<ChildReport> {
  const script = fileURLToPath(import.meta.url);
  return new Promise((done, fail) => {
    const p = spawn(process.execPath, ['--import', 'tsx', script, '--child', bot, observe ? 'on' : 'off', String(seconds), dir], { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += String(d)));
    p.on('exit', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      if (code === 0 && last.startsWith('{')) done(JSON.parse(last) as ChildReport);
      else fail(new Error(`${root} (observability ${observe ? 'on' : 'off'}) exited ${code}: ${out.slice(-500)}`));
    });
  });
}

/** Both sides are warm: start the measured window. */
async function release(dir: string): Promise<void> {
  while (!(existsSync(join(dir, 'ready-off')) && existsSync(join(dir, 'ready-on')))) await new Promise((r) => setTimeout(r, 50));
  writeFileSync(join(dir, 'go'), '');
}

/** One side, run in the checkout that is its working directory (its own src/ and node_modules). */
async function child(bot: string, observe: boolean, seconds: number, dir: string): Promise<void> {
  const root = process.cwd();
  const { replayHttp, replayInProcess } = await import(`${root}/src/bench/index.ts`);
  const { defaultBotsDir } = await import(`${root}/src/bot/index.ts`);
  const { conversationsPath, loadConversations, startEvalServer } = await import(`${root}/src/eval/index.ts`);
  const file = loadConversations(conversationsPath(defaultBotsDir, bot));
  const env = { ...process.env, SWITCHBOARD_MODEL: '' };
  let extra = {};
  if (observe) {
    // As the bench and `switchboard start` run it: metrics on, JSON logs at info (to /dev/null here).
    const { destination } = await import('pino');
    const { createLogger } = await import(`${root}/src/observability/index.ts`);
    extra = { observe: { env, logger: createLogger({ env, stream: destination({ dest: '/dev/null', sync: false }) }) } };
  }
  const server = await startEvalServer({ only: [bot], withModels: false, env, ...extra });
  await replayInProcess(server, bot, file, { maxTurns: 150 }); // warm-up (JIT, caches)
  await replayHttp(server, bot, file, { maxTurns: 50 });
  writeFileSync(join(dir, observe ? 'ready-on' : 'ready-off'), '');
  while (!existsSync(join(dir, 'go'))) await new Promise((r) => setTimeout(r, 20));
  const latencies = { inProcess: [] as number[], http: [] as number[] };
  const cpu = { inProcess: 0, http: 0 };
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    for (const path of ['inProcess', 'http'] as const) {
      const c0 = process.cpuUsage();
      const l: number[] = await (path === 'http' ? replayHttp : replayInProcess)(server, bot, file, { maxTurns: 40 });
      const c = process.cpuUsage(c0);
      cpu[path] += (c.user + c.system) / 1000;
      latencies[path].push(...l);
    }
  }
  await server.close();
  const p50 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
  const side = (path: 'inProcess' | 'http'): Side => ({ cpu: cpu[path] / latencies[path].length, p50: p50(latencies[path]), turns: latencies[path].length });
  console.log(JSON.stringify({ observe, inProcess: side('inProcess'), http: side('http') } satisfies ChildReport));
  process.exit(0);
}
