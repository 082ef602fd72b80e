// reports/bench-latest.json and reports/bench-latest.html (inline SVG bar charts, no external assets).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { barChartSvg, esc, fmt, htmlTable, pct, REPORT_CSS, type Bar } from '../eval/index.ts';
import type { BenchReport } from './run.ts';
import { adversarialRows, comparedP50, comparedRate, EMBEDDINGS_COLUMNS, embeddingsRows, systemLabel } from './print.ts';

export function writeBenchReports(report: BenchReport, dir = resolve('reports')): { html: string; json: string } {
  mkdirSync(dir, { recursive: true });
  const files = { html: join(dir, 'bench-latest.html'), json: join(dir, 'bench-latest.json') };
  writeFileSync(files.json, `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(files.html, renderBenchHtml(report));
  return files;
}

export function renderBenchHtml(r: BenchReport): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Switchboard benchmark — ${esc(r.startedAt)}</title><style>${REPORT_CSS}</style></head>
<body>
<h1>Switchboard benchmark</h1>
<p>${esc(r.startedAt)}${r.quick ? ' (quick)' : ''} · ${fmt(r.durationMs / 1000)} s · ${r.machine.cpus} × ${esc(r.machine.cpuModel)}, ${r.machine.memoryGiB} GiB, Node ${esc(r.machine.node)} · load average ${r.machine.loadAverage.start} → ${r.machine.loadAverage.end ?? '?'}</p>
<p class="muted">All figures were measured in this one run on this machine. Turns replay each bot's conversations.yaml; HTTP runs on 127.0.0.1.</p>
<h2>Targets</h2>
${targetsTable(r)}
<h2>Turn latency</h2>
${turnTable(r)}
${latencyBars(r, 'in-process')}
${latencyBars(r, 'http')}
<p class="muted">Postgres: ${r.postgres.used ? esc(r.postgres.url) : esc(r.postgres.note ?? 'not measured')}</p>
<h2>Throughput</h2>
${throughputHtml(r)}
<h2>Memory per 1,000 idle sessions</h2>
${memoryHtml(r)}
<h2>Local understanding vs NLP.js</h2>
${botNluHtml(r)}
${publicNluHtml(r)}
<h2>Hostile messages</h2>
${adversarialHtml(r)}
<h2>Embeddings</h2>
${embeddingsHtml(r)}
<h2>Start-up</h2>
${startupHtml(r)}
${r.notes.length ? `<h2>Notes</h2><ul>${r.notes.map((n) => `<li>${esc(n)}</li>`).join('')}</ul>` : ''}
</body></html>
`;
}

const NOT_MEASURED = '<p class="muted">not measured</p>';

function targetsTable(r: BenchReport): string {
  const verdict = (met: boolean | null) => (met === null ? '?' : met ? '<span class="ok">met</span>' : '<span class="bad">missed</span>');
  return htmlTable(
    ['target', 'measured', 'goal', ''],
    r.targets.map((t) => [t.name, `${fmt(t.value, 2)} ${t.unit}`, t.target, { html: verdict(t.met) }]),
  );
}

function turnTable(r: BenchReport): string {
  const lg = r.floors.langgraph;
  return htmlTable(
    ['what', 'store', 'path', 'p50 ms', 'p95 ms', 'p99 ms', 'mean ms', 'n', 'p50 vs'],
    [
      ...(lg ? [['bare LangGraph graph, no store', '-', 'in-process', fmt(lg.p50, 2), fmt(lg.p95, 2), fmt(lg.p99, 2), fmt(lg.mean, 2), lg.n, '']] : []),
      ...r.turns.map((t) => [systemLabel(t.system, t.bot), t.driver, t.path, fmt(t.latency.p50, 2), fmt(t.latency.p95, 2), fmt(t.latency.p99, 2), fmt(t.latency.mean, 2), t.latency.n, comparedP50(r, t)]),
    ],
  );
}

/** Each turn latency row of a path as a bar; in process, Switchboard's carries the mark of 1.5 × its floor. */
function latencyBars(r: BenchReport, path: 'in-process' | 'http'): string {
  const bars: Bar[] = [];
  for (const t of r.turns.filter((x) => x.path === path)) {
    const floor = t.system === 'switchboard' ? r.turns.find((x) => x.system === 'floor' && x.bot === t.bot && x.driver === t.driver && x.path === path) : undefined;
    bars.push({ label: `${systemLabel(t.system, t.bot)} · ${t.driver}`, value: t.latency.p50, note: `p99 ${fmt(t.latency.p99, 1)}`, target: path === 'in-process' && floor ? floor.latency.p50 * 1.5 : undefined });
  }
  return barChartSvg(bars, { title: `Turn latency p50 (${path}); red mark: 1.5 × the same-work floor`, unit: 'ms' });
}

function throughputHtml(r: BenchReport): string {
  const loadBars: Bar[] = r.throughput.map((t) => ({ label: `${systemLabel(t.system, t.bot)} ×${t.concurrency} · ${t.driver}`, value: t.result.perSecond }));
  const loadTable = htmlTable(
    ['load', 'store', 'per second', 'ct-smash ÷ this', 'p50 ms', 'p99 ms', 'completed', 'errors', 'seconds'],
    r.throughput.map((t) => [`${systemLabel(t.system, t.bot)}, ${t.concurrency} concurrent conversations`, t.driver, fmt(t.result.perSecond), comparedRate(r, t), fmt(t.result.latency.p50), fmt(t.result.latency.p99), t.result.completed, t.result.errors, fmt(t.result.seconds)]),
  );
  return `${loadTable}
${loadBars.length ? barChartSvg(loadBars, { title: 'Requests answered per second', unit: '/s' }) : ''}`;
}

function memoryHtml(r: BenchReport): string {
  const m = r.memory;
  if (!m) return NOT_MEASURED;
  return `${htmlTable(['bot', 'sessions measured', 'V8 heap MiB', 'off-heap MiB', 'RSS MiB'], [[m.bot, m.sessions, fmt(m.per1000.heapMiB, 2), fmt(m.per1000.externalMiB, 2), fmt(m.per1000.rssMiB, 2)]])}${barChartSvg(
    [
      { label: 'V8 heap', value: m.per1000.heapMiB },
      { label: 'off-heap (PGlite, buffers)', value: m.per1000.externalMiB },
      { label: 'RSS', value: m.per1000.rssMiB },
    ],
    { title: 'Growth per 1,000 sessions', unit: 'MiB' },
  )}`;
}

function botNluHtml(r: BenchReport): string {
  const nluBars: Bar[] = r.nlu.bots.flatMap((b) => [
    { label: `${b.bot} · Switchboard`, value: b.switchboard.accuracy * 100 },
    { label: `${b.bot} · NLP.js`, value: (b.nlpjs?.accuracy ?? Number.NaN) * 100 },
  ]);
  const nluTable = htmlTable(
    ['bot', 'examples', 'test turns', 'in a flow', 'Switchboard', 'NLP.js', 'Switchboard, no flow', 'NLP.js, no flow', 'SB p50 ms', 'NLP.js p50 ms'],
    r.nlu.bots.map((b) => [b.bot, b.examples, b.turns, b.turnsWithFlow, pct(b.switchboard.accuracy), pct(b.nlpjs?.accuracy), pct(b.switchboard.accuracyNoFlow), pct(b.nlpjs?.accuracyNoFlow), fmt(b.switchboard.latency.p50, 3), fmt(b.nlpjs?.latency.p50, 3)]),
  );
  return `${nluTable}
${nluBars.length ? barChartSvg(nluBars, { title: 'Intent accuracy on the bots’ conversation turns', unit: '%', color: '#2e7d32' }) : ''}`;
}

function publicNluHtml(r: BenchReport): string {
  const pub = r.nlu.public;
  if (pub?.table) return `<h3>Public datasets</h3><pre>${esc(pub.table)}</pre>`;
  return pub?.error ? `<p class="muted">${esc(pub.error)}</p>` : '';
}

function adversarialHtml(r: BenchReport): string {
  if (!r.adversarial.length) return NOT_MEASURED;
  return `${htmlTable(['bot', 'shape', '1,000 chars ms', '4,000 chars ms', 'ratio to ordinary', 'growth 4,000 ÷ 1,000'], adversarialRows(r))}<p class="muted">In-process turn time (PGlite), median; goal: ratio ≤ 10×, growth ≤ 4.5× (linear).</p>`;
}

function embeddingsHtml(r: BenchReport): string {
  if (!r.embeddings) return NOT_MEASURED;
  return `${htmlTable(EMBEDDINGS_COLUMNS, embeddingsRows(r))}<p class="muted">${esc(r.embeddings.bot)} in process (PGlite); the fake provider server answers at once, so a real model's network and inference time comes on top.</p>`;
}

function startupHtml(r: BenchReport): string {
  const startBars: Bar[] = r.startup.flatMap((s) => [
    { label: `${s.dataDir} · /api/health`, value: s.healthMs / 1000 },
    { label: `${s.dataDir} · first reply`, value: s.firstReplyMs / 1000, target: s.dataDir === 'existing' ? 2 : 2.5 },
  ]);
  return `${htmlTable(['data dir', 'to /api/health s', 'to first reply s', 'first turn ms'], r.startup.map((s) => [s.dataDir, fmt(s.healthMs / 1000, 2), fmt(s.firstReplyMs / 1000, 2), fmt(s.firstTurnMs, 0)]))}
${startBars.length ? barChartSvg(startBars, { title: 'Start-up (red mark: 2.5 s fresh, 2 s existing)', unit: 's' }) : ''}`;
}
