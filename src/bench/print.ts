// The terminal view of a benchmark run.
import { fmt, pct, textTable } from '../eval/index.ts';
import type { BenchReport, System, ThroughputRow, TurnLatencyRow } from './run.ts';
import { START_COMMAND } from './startup.ts';
import { ratio } from './stats.ts';

export function formatBench(r: BenchReport): string {
  return [...headerLines(r), ...SECTIONS.flatMap((section) => section(r)), '', `Finished in ${fmt(r.durationMs / 1000, 1)} s`].join('\n');
}

/** The report's sections in order: each gives its lines (a blank line and a title first), none when it wasn't measured. */
const SECTIONS: ((r: BenchReport) => string[])[] = [
  turnLatencySection,
  throughputSection,
  memorySection,
  botNluSection,
  publicNluSection,
  costSection,
  growthSection,
  embeddingsSection,
  startupSection,
  adversarialSection,
  targetsSection,
  notesSection,
];

function headerLines(r: BenchReport): string[] {
  return [
    `Switchboard benchmark — ${r.startedAt}${r.quick ? ' (quick)' : ''}`,
    `  ${r.machine.cpus} × ${r.machine.cpuModel}, ${r.machine.memoryGiB} GiB, Node ${r.machine.node}, ${r.machine.platform}; load average ${r.machine.loadAverage.start} → ${r.machine.loadAverage.end ?? '?'}`,
  ];
}

function turnLatencySection(r: BenchReport): string[] {
  const lg = r.floors.langgraph;
  const rows: (string | number)[][] = [];
  if (lg) rows.push(['bare LangGraph graph (triage → Send(a,b) → merge), no store', '-', 'in-process', fmt(lg.p50, 2), fmt(lg.p99, 2), fmt(lg.mean, 2), lg.n, '']);
  for (const t of r.turns) rows.push([systemLabel(t.system, t.bot), t.driver, t.path, fmt(t.latency.p50, 2), fmt(t.latency.p99, 2), fmt(t.latency.mean, 2), t.latency.n, comparedP50(r, t)]);
  return [
    '',
    'Turn latency (ms) — replaying each bot’s conversations.yaml one turn after the other; for ct-smash, Switchboard, the same-work floor and the peer interleaved conversation by conversation',
    textTable(['what', 'store', 'path', 'p50', 'p99', 'mean', 'n', 'p50 vs'], rows),
    r.postgres.used ? `  Postgres: ${r.postgres.url} (a fresh schema per server, dropped afterwards)` : `  Postgres: not measured — ${r.postgres.note ?? 'skipped'}`,
  ];
}

function throughputSection(r: BenchReport): string[] {
  if (!r.throughput.length) return [];
  const rows: (string | number)[][] = r.throughput.map((t) => [
    `${systemLabel(t.system, t.bot)}, ${t.concurrency} concurrent conversations`,
    t.driver,
    `${fmt(t.result.perSecond)} /s`,
    comparedRate(r, t),
    fmt(t.result.latency.p50, 1),
    fmt(t.result.latency.p99, 1),
    t.result.completed,
    t.result.errors,
    fmt(t.result.seconds, 1),
  ]);
  return [
    '',
    'Throughput over HTTP (127.0.0.1, each conversation from its own loopback address; the servers take turns in short windows)',
    textTable(['load', 'store', 'rate', 'ct-smash ÷ this', 'p50 ms', 'p99 ms', 'done', 'errors', 'seconds'], rows),
    ...r.throughput.flatMap((t) => t.result.errorSamples.map((e) => `  error sample (${t.system}): ${e}`)),
  ];
}

function memorySection(r: BenchReport): string[] {
  const m = r.memory;
  if (!m) return [];
  return [
    '',
    `Memory per 1,000 idle sessions (${m.bot}: ${m.sessions} sessions with one turn each in a child process, ${fmt(m.seconds, 1)} s)`,
    textTable(['V8 heap', 'off-heap (PGlite WASM, buffers)', 'RSS'], [[`${fmt(m.per1000.heapMiB, 2)} MiB`, `${fmt(m.per1000.externalMiB, 2)} MiB`, `${fmt(m.per1000.rssMiB, 2)} MiB`]]),
  ];
}

function botNluSection(r: BenchReport): string[] {
  if (!r.nlu.bots.length) return [];
  const rows = r.nlu.bots.map((b) => [
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
  ]);
  return [
    '',
    'Local understanding vs NLP.js — trained on the same bot.yaml examples, tested on the conversations’ single-intent user turns',
    textTable(['bot', 'examples', 'turns', 'in a flow', 'Switchboard acc.', 'NLP.js acc.', 'SB acc. no flow', 'NLP.js acc. no flow', 'SB p50 ms', 'NLP.js p50 ms', 'NLP.js train ms'], rows),
    ...r.nlu.bots.filter((b) => b.nlpjsError).map((b) => `  ${b.bot}: NLP.js failed — ${b.nlpjsError}`),
  ];
}

function publicNluSection(r: BenchReport): string[] {
  const pub = r.nlu.public;
  if (!pub) return [];
  const out = ['', `Public NLU datasets (src/nlu benchNlu${pub.datasets ? `: ${pub.datasets.join(', ')}` : ''})`];
  if (pub.table) out.push(pub.table.split('\n').map((l) => `  ${l}`).join('\n'));
  if (pub.error) out.push(`  ${pub.error}`);
  return out;
}

function costSection(r: BenchReport): string[] {
  const c = r.cost;
  if (!c) return [];
  const sbOf = (path: string) => c.rows.find((x) => x.system === 'switchboard' && x.path === path);
  const rows = c.rows.map((x) => {
    const sb = sbOf(x.path);
    const vs = x.system === 'peer' && sb;
    return [x.system, x.path, fmt(x.cpuMs, 2), fmt(x.processCpuMs, 2), `${fmt(x.backendCpuMs, 2)} (${x.backends})`, fmt(x.walBytes, 0), vs ? `${fmt(ratio(sb.cpuMs, x.cpuMs), 2)}×` : '', vs ? `${fmt(ratio(sb.walBytes, x.walBytes), 2)}×` : '', x.turns];
  });
  return [
    '',
    `Cost per turn, whole system (ct-smash and the peer on ${c.postgres}; CPU of this process + the Postgres backends that served it, WAL written; medians over alternating blocks; load average ${c.loadAverage.start} → ${c.loadAverage.end})`,
    textTable(['system', 'path', 'CPU ms/turn', 'process', 'backends', 'WAL bytes/turn', 'CPU vs peer', 'WAL vs peer', 'turns'], rows),
  ];
}

function growthSection(r: BenchReport): string[] {
  const g = r.growth;
  if (!g) return [];
  return [
    '',
    `Growth (${g.postgres}; filled with ${g.size.sessions.toLocaleString('en')} conversations, ${g.size.messages.toLocaleString('en')} messages, ${g.size.turns.toLocaleString('en')} traces in ${fmt(g.fillSeconds, 0)} s; load average ${g.loadAverage.start} → ${g.loadAverage.end})`,
    textTable(['measure', 'empty', 'filled', 'filled ÷ empty'], growthRows(g)),
  ];
}

/** Empty against filled store: turn latency and CPU, each endpoint's p95, the knowledge search; none without both points. */
function growthRows(g: NonNullable<BenchReport['growth']>): (string | number)[][] {
  const [empty, filled] = [g.points.find((p) => p.label === 'empty'), g.points.find((p) => p.label === 'filled')];
  if (!empty || !filled) return [];
  const rows: (string | number)[][] = [
    ['ct-smash turn p50, in process (ms)', fmt(empty.turnP50Ms, 2), fmt(filled.turnP50Ms, 2), `${fmt(ratio(filled.turnP50Ms, empty.turnP50Ms), 2)}×`],
    ['ct-smash turn CPU, process + backends (ms)', fmt(empty.turnCpuMs, 2), fmt(filled.turnCpuMs, 2), `${fmt(ratio(filled.turnCpuMs, empty.turnCpuMs), 2)}×`],
  ];
  for (const name of Object.keys(filled.endpoints)) rows.push([`${name} p95 (ms)`, fmt(empty.endpoints[name]?.p95, 1), fmt(filled.endpoints[name].p95, 1), '']);
  if (filled.knowledgeSearch) rows.push([`knowledge search over ${g.size.knowledgePassages.toLocaleString('en')} passages p50 / p95 (ms)`, '', `${fmt(filled.knowledgeSearch.p50, 1)} / ${fmt(filled.knowledgeSearch.p95, 1)}`, '']);
  return rows;
}

function embeddingsSection(r: BenchReport): string[] {
  if (!r.embeddings) return [];
  return ['', `Embeddings — ${r.embeddings.bot} per message, in process (PGlite); the fake server answers at once, so a real model's time comes on top`, textTable(EMBEDDINGS_COLUMNS, embeddingsRows(r))];
}

function startupSection(r: BenchReport): string[] {
  if (!r.startup.length) return [];
  return [
    '',
    `Start-up: \`node ${START_COMMAND.join(' ')}\` (what \`npm start\` runs; every bot, embedded PGlite)`,
    textTable(
      ['data dir', '→ /api/health', '→ first reply', 'first turn', 'server says ready in', 'load average'],
      r.startup.map((s) => [s.dataDir, `${fmt(s.healthMs / 1000, 2)} s`, `${fmt(s.firstReplyMs / 1000, 2)} s`, `${fmt(s.firstTurnMs, 0)} ms`, s.reportedReadyMs !== undefined ? `${fmt(s.reportedReadyMs / 1000, 1)} s` : '–', s.loadAverage ?? '?']),
    ),
  ];
}

function adversarialSection(r: BenchReport): string[] {
  if (!r.adversarial.length) return [];
  return [
    '',
    'Hostile messages — in-process turn (PGlite), median ms; ratio: the 4,000-character turn ÷ the bot’s ordinary message; growth: 4,000 ÷ 1,000 characters',
    textTable(['bot', 'shape', '1,000 chars', '4,000 chars', 'ratio', 'growth'], adversarialRows(r)),
  ];
}

function targetsSection(r: BenchReport): string[] {
  if (!r.targets.length) return [];
  const verdict = (met: boolean | null) => (met === null ? '?' : met ? 'met' : 'MISSED');
  return ['', 'Targets (printed, not asserted)', textTable(['target', 'measured', 'goal', ''], r.targets.map((t) => [t.name, `${fmt(t.value, 2)} ${t.unit}`, t.target, verdict(t.met)]))];
}

function notesSection(r: BenchReport): string[] {
  return r.notes.length ? ['', 'Notes', ...r.notes.map((n) => `  - ${n}`)] : [];
}

export function systemLabel(system: System, bot: string): string {
  if (system === 'floor') return `same-work floor (${bot}’s shape)`;
  if (system === 'peer') return `peer: LangGraph + PostgresSaver + Fastify (${bot}’s shape)`;
  return bot;
}

/** Switchboard's turn p50 against the floor's (and, over HTTP on Postgres, the peer's) of the same store and path. */
export function comparedP50(r: BenchReport, t: TurnLatencyRow): string {
  if (t.system !== 'switchboard') return '';
  const other = (system: System) => r.turns.find((x) => x.system === system && x.bot === t.bot && x.driver === t.driver && x.path === t.path)?.latency.p50;
  const parts: string[] = [];
  const floor = other('floor');
  if (floor !== undefined) parts.push(`${fmt(ratio(t.latency.p50, floor), 2)}× floor`);
  const peer = other('peer');
  if (peer !== undefined) parts.push(`${fmt(ratio(t.latency.p50, peer), 2)}× peer`);
  return parts.join(', ');
}

/** Switchboard's turns/s divided by this row's (same store). */
export function comparedRate(r: BenchReport, t: ThroughputRow): string {
  if (t.system === 'switchboard') return '';
  const sb = r.throughput.find((x) => x.system === 'switchboard' && x.bot === t.bot && x.driver === t.driver);
  return sb ? `${fmt(ratio(sb.result.perSecond, t.result.perSecond), 2)}×` : '';
}

/** The adversarial table's rows: each bot's ordinary message, then its shapes. */
export function adversarialRows(r: BenchReport): (string | number)[][] {
  return r.adversarial.flatMap((a) => [
    [a.bot, `ordinary: “${a.ordinary.text.length > 40 ? `${a.ordinary.text.slice(0, 40)}…` : a.ordinary.text}”`, fmt(a.ordinary.ms, 1), '', '', ''],
    ...a.rows.map((x) => ['', x.shape, fmt(x.ms[1000], 1), fmt(x.ms[4000], 1), `${fmt(x.ratio, 1)}×`, `${fmt(x.growth, 1)}×`]),
  ]);
}

export const EMBEDDINGS_COLUMNS = ['path', 'turn p50 / p95 ms', 'calls per turn', 'understand p50 / p95 ms', 'calls per message', 'examples embedded (requests)'];

/** The embeddings section's rows (text and HTML reports): turns (no request while a form waits), then the understander alone. */
export function embeddingsRows(r: BenchReport): (string | number)[][] {
  return (r.embeddings?.rows ?? []).map((x) => [
    x.path,
    `${fmt(x.turn.p50, 2)} / ${fmt(x.turn.p95, 2)}`,
    fmt(x.callsPerTurn, 2),
    `${fmt(x.understand.p50, 2)} / ${fmt(x.understand.p95, 2)}`,
    fmt(x.callsPerMessage, 2),
    x.exampleTexts ? `${x.exampleTexts} (${x.exampleRequests})` : '–',
  ]);
}
