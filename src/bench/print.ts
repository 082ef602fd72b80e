// The terminal view of a benchmark run.
import { fmt, pct, textTable } from '../eval/index.ts';
import type { BenchReport } from './run.ts';
import { START_COMMAND } from './startup.ts';
import { ratio } from './stats.ts';

export function formatBench(r: BenchReport): string {
  const out: string[] = [];
  out.push(`Switchboard benchmark — ${r.startedAt}${r.quick ? ' (quick)' : ''}`);
  out.push(`  ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}, ${r.machine.platform}; load average ${r.machine.loadAverage.start} → ${r.machine.loadAverage.end ?? '?'}`);

  const lg = r.floors.langgraph;
  const fy = r.floors.fastify;
  out.push('', 'Turn latency (ms) — replaying each bot’s conversations.yaml, one turn after the other');
  const rows: (string | number)[][] = [];
  if (lg) rows.push(['floor: bare LangGraph (triage → Send(a,b) → merge)', '-', 'in-process', fmt(lg.p50, 2), fmt(lg.p99, 2), fmt(lg.mean, 2), lg.n, '1.00×']);
  if (fy) rows.push(['floor: bare Fastify, 1 row into PGlite', 'pglite', 'http', fmt(fy.p50, 2), fmt(fy.p99, 2), fmt(fy.mean, 2), fy.n, '1.00×']);
  for (const t of r.turns) {
    const floor = t.path === 'in-process' ? lg : fy;
    rows.push([t.bot, t.driver, t.path, fmt(t.latency.p50, 2), fmt(t.latency.p99, 2), fmt(t.latency.mean, 2), t.latency.n, `${fmt(ratio(t.latency.p50, floor?.p50), 2)}×`]);
  }
  out.push(textTable(['what', 'store', 'path', 'p50', 'p99', 'mean', 'n', 'p50 / floor'], rows));
  if (!r.postgres.used) out.push(`  Postgres: not measured — ${r.postgres.note ?? 'skipped'}`);
  else out.push(`  Postgres: ${r.postgres.url} (a fresh schema per bot, dropped afterwards)`);

  if (r.throughput.length || r.chatVsHealth) {
    out.push('', 'Throughput over HTTP (127.0.0.1, each conversation from its own loopback address)');
    const trows: (string | number)[][] = r.throughput.map((t) => [
      `${t.bot} chat, ${t.concurrency} concurrent conversations`,
      t.driver,
      `${fmt(t.result.perSecond)} /s`,
      fmt(t.result.latency.p50, 1),
      fmt(t.result.latency.p99, 1),
      t.result.completed,
      t.result.errors,
      fmt(t.result.seconds, 1),
    ]);
    const h = r.chatVsHealth;
    if (h) {
      trows.push([`${h.bot} chat, ${h.concurrency} concurrent`, 'pglite', `${fmt(h.chat.perSecond)} /s`, fmt(h.chat.latency.p50, 1), fmt(h.chat.latency.p99, 1), h.chat.completed, h.chat.errors, fmt(h.chat.seconds, 1)]);
      trows.push([`/api/health, ${h.concurrency} concurrent`, 'pglite', `${fmt(h.health.perSecond)} /s`, fmt(h.health.latency.p50, 2), fmt(h.health.latency.p99, 2), h.health.completed, h.health.errors, fmt(h.health.seconds, 1)]);
    }
    out.push(textTable(['load', 'store', 'rate', 'p50 ms', 'p99 ms', 'done', 'errors', 'seconds'], trows));
    if (h) out.push(`  chat turns/s ÷ /api/health req/s = ${pct(h.ratio)}`);
    for (const t of [...r.throughput.map((x) => x.result), ...(h ? [h.chat, h.health] : [])]) for (const e of t.errorSamples) out.push(`  error sample: ${e}`);
  }

  if (r.memory) {
    const m = r.memory;
    out.push('', `Memory per 1,000 idle sessions (${m.bot}: ${m.sessions} sessions with one turn each in a child process, ${fmt(m.seconds, 1)} s)`);
    out.push(textTable(['V8 heap', 'off-heap (PGlite WASM, buffers)', 'RSS'], [[`${fmt(m.per1000.heapMiB, 2)} MiB`, `${fmt(m.per1000.externalMiB, 2)} MiB`, `${fmt(m.per1000.rssMiB, 2)} MiB`]]));
  }

  if (r.nlu.bots.length) {
    out.push('', 'Local understanding vs NLP.js — trained on the same bot.yaml examples, tested on the conversations’ single-intent user turns');
    out.push(
      textTable(
        ['bot', 'examples', 'turns', 'in a flow', 'Switchboard acc.', 'NLP.js acc.', 'SB acc. no flow', 'NLP.js acc. no flow', 'SB p50 ms', 'NLP.js p50 ms', 'NLP.js train ms'],
        r.nlu.bots.map((b) => [
          b.bot,
          b.examples,
          b.turns,
          b.turnsWithFlow,
          pct(b.switchboard.accuracy),
          pct(b.nlpjs?.accuracy),
          pct(b.switchboard.accuracyNoFlow),
          pct(b.nlpjs?.accuracyNoFlow),
          fmt(b.switchboard.latency.p50, 3),
          fmt(b.nlpjs?.latency.p50, 3),
          fmt(b.nlpjs?.trainMs, 0),
        ]),
      ),
    );
    for (const b of r.nlu.bots) if (b.nlpjsError) out.push(`  ${b.bot}: NLP.js failed — ${b.nlpjsError}`);
  }
  const pub = r.nlu.public;
  if (pub) {
    out.push('', `Public NLU datasets (src/nlu benchNlu${pub.datasets ? `: ${pub.datasets.join(', ')}` : ''})`);
    if (pub.table) out.push(pub.table.split('\n').map((l) => `  ${l}`).join('\n'));
    if (pub.error) out.push(`  ${pub.error}`);
  }

  if (r.startup.length) {
    out.push('', `Start-up: \`node ${START_COMMAND.join(' ')}\` (what \`npm start\` runs; every bot, embedded PGlite)`);
    out.push(
      textTable(
        ['data dir', '→ /api/health', '→ first reply', 'first turn', 'server says ready in'],
        r.startup.map((s) => [s.dataDir, `${fmt(s.healthMs / 1000, 2)} s`, `${fmt(s.firstReplyMs / 1000, 2)} s`, `${fmt(s.firstTurnMs, 0)} ms`, s.reportedReadyMs !== undefined ? `${fmt(s.reportedReadyMs / 1000, 1)} s` : '–']),
      ),
    );
  }

  if (r.targets.length) {
    out.push('', 'Targets (printed, not asserted)');
    out.push(textTable(['target', 'measured', 'goal', ''], r.targets.map((t) => [t.name, `${fmt(t.value, 2)} ${t.unit}`, t.target, t.met === null ? '?' : t.met ? 'met' : 'MISSED'])));
  }
  if (r.notes.length) out.push('', 'Notes', ...r.notes.map((n) => `  - ${n}`));
  out.push('', `Finished in ${fmt(r.durationMs / 1000, 1)} s`);
  return out.join('\n');
}
