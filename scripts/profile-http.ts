// npm run profile:http -- [bot] [seconds] — where the CPU goes when a bot serves 20 concurrent conversations over
// HTTP on Postgres (as the bench's throughput section runs it: metrics and request logs on, the load generator in
// the same process): turns/s, CPU per turn and sampled time by area. Writes
// reports/profile-<bot>-http-postgres.cpuprofile (open it in Chrome DevTools).
import { destination } from 'pino';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chatLoad, cpuShares, profileOf, benchPostgresUrl, openBenchPostgres } from '../src/bench/index.ts';
import { createLogger } from '../src/observability/index.ts';
import { defaultBotsDir } from '../src/bot/index.ts';
import { conversationsPath, loadConversations, startEvalServer } from '../src/eval/index.ts';
const bot = process.argv[2] ?? 'ct-smash';
const seconds = Number(process.argv[3] ?? 8);
const env = process.env;
const db = await openBenchPostgres(benchPostgresUrl());
const file = loadConversations(conversationsPath(defaultBotsDir, bot));
const observe = { env, logger: createLogger({ env, stream: destination({ dest: '/dev/null', sync: false }) }) };
const sb = await startEvalServer({ only: [bot], db, keepDb: true, withModels: false, env: { ...env, SWITCHBOARD_MODEL: '' }, observe });
const clock0 = new Date(file.conversations[0].clock ?? Date.now());
const target = { url: sb.url, token: sb.token, server: sb, beforeLoad: () => sb.clock.set(clock0) };
await chatLoad(target, bot, file, 20, 3);
const c0 = process.cpuUsage();
let r!: Awaited<ReturnType<typeof chatLoad>>;
const profile = await profileOf(async () => { r = await chatLoad(target, bot, file, 20, seconds); });
const c = process.cpuUsage(c0);
console.log(`${r.perSecond.toFixed(1)} turns/s, ${r.completed} done; CPU per turn (server + load generator) ${((c.user + c.system) / 1000 / r.completed).toFixed(2)} ms`);
for (const s of cpuShares(profile).slice(0, 20)) console.log(`  ${s.area.padEnd(34)} ${(s.share * 100).toFixed(1).padStart(5)}%`);
mkdirSync('reports', { recursive: true });
writeFileSync(join('reports', `profile-${bot}-http-postgres.cpuprofile`), JSON.stringify(profile));
console.log(`  written reports/profile-${bot}-http-postgres.cpuprofile`);
await sb.close();
await db.drop();
