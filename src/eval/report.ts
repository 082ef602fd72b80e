// The eval report files: reports/eval-<timestamp>.html, reports/eval-latest.html and reports/eval-latest.json.
// Self-contained HTML: inline CSS and SVG, no scripts, nothing fetched.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BotEvaluation, EvalReport, ModelComparison } from './evaluate.ts';
import { failuresOf, knownGapsOf, type Confusion } from './metrics.ts';
import { comparisonCells } from './print.ts';
import type { TurnResult } from './runner.ts';
import { fmt, histogram, niceBinWidth, pct } from './stats.ts';
import { barChartSvg, esc, histogramSvg, htmlTable, REPORT_CSS } from './svg.ts';

export interface WrittenReports {
  html: string;
  latestHtml: string;
  json: string;
}

export function writeEvalReports(report: EvalReport, dir = resolve('reports')): WrittenReports {
  mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, '-');
  const html = renderEvalHtml(report);
  const files = { html: join(dir, `eval-${stamp}.html`), latestHtml: join(dir, 'eval-latest.html'), json: join(dir, 'eval-latest.json') };
  writeFileSync(files.html, html);
  writeFileSync(files.latestHtml, html);
  writeFileSync(files.json, `${JSON.stringify(report, null, 2)}\n`);
  return files;
}

export function renderEvalHtml(report: EvalReport): string {
  const status = report.ok ? '<span class="ok">passed</span>' : '<span class="bad">failed</span>';
  const summary = htmlTable(
    ['bot', 'understanding', 'model', 'conversations', 'turns passed', 'intent accuracy', 'p50 ms', 'p95 ms', 'n'],
    report.bots.map((b) =>
      b.metrics
        ? [
            b.bot,
            b.understanding,
            b.model,
            `${b.metrics.conversations.passed}/${b.metrics.conversations.total}`,
            { html: `<span class="${b.metrics.turns.failed ? 'bad' : 'ok'}">${b.metrics.turns.passed}/${b.metrics.turns.total}</span>${b.metrics.turns.knownGaps ? ` <span class="muted">(+${b.metrics.turns.knownGaps} known gaps)</span>` : ''}` },
            `${pct(b.metrics.intents.accuracy)} (${b.metrics.intents.correct}/${b.metrics.intents.turns})`,
            fmt(b.metrics.latency.p50),
            fmt(b.metrics.latency.p95),
            b.metrics.latency.n,
          ]
        : [b.bot, '–', '–', '–', { html: '<span class="bad">not run</span>' }, '–', '–', '–', '–'],
    ),
  );
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Switchboard eval — ${esc(report.startedAt)}</title><style>${REPORT_CSS}</style></head>
<body>
<h1>Switchboard conversation tests</h1>
<p>Run ${esc(report.startedAt)} · ${fmt(report.durationMs / 1000)} s · ${status}</p>
<p class="muted">Each bot ran on the real server (Fastify + runtime) over a throwaway in-memory PGlite, on 127.0.0.1; latency is the HTTP round trip of each user turn. Intent accuracy counts a turn right when the understood intents equal the expected ones as a set.</p>
${summary}
${report.bots.map(botSection).join('\n')}
${report.comparisons.map(comparisonSection).join('\n')}
</body></html>
`;
}

function botSection(b: BotEvaluation): string {
  if (!b.metrics || !b.run) return `<h2>${esc(b.bot)}</h2><div class="fail"><pre>${esc(b.error ?? 'not run')}</pre></div>`;
  const m = b.metrics;
  const width = niceBinWidth(m.latencies, 20);
  const hist = histogramSvg(histogram(m.latencies, width, 40), {
    title: `Turn latency (n=${m.latency.n})`,
    unit: 'ms',
    markers: [
      { label: 'p50', value: m.latency.p50 },
      { label: 'p95', value: m.latency.p95 },
    ],
  });
  const failures = failuresOf(b.run);
  const gaps = knownGapsOf(b.run);
  const failureHtml = failures.length ? failures.map((t) => turnHtml(t)).join('') : '<p class="ok">Every turn passed.</p>';
  const gapHtml =
    (gaps.failing.length
      ? `<h3>Known gaps</h3><p class="muted">Turns marked <code>known</code> in the file: still wrong today, counted in the accuracy, not as failures.</p>${gaps.failing.map((t) => turnHtml(t, 'gap')).join('')}`
      : '') +
    (gaps.fixed.length ? `<p><span class="ok">Known gaps that pass now</span> (remove their <code>known</code> mark): ${gaps.fixed.map((t) => `${esc(t.conversation)} › turn ${t.index + 1}`).join('; ')}</p>` : '');
  const conversations = htmlTable(
    ['conversation', 'turns', 'result', 'p50 ms'],
    b.run.conversations.map((c) => {
      const ms = c.turns.filter((t) => t.ms !== undefined).map((t) => t.ms!);
      const sorted = [...ms].sort((x, y) => x - y);
      return [c.name, c.turns.length, { html: c.passed ? '<span class="ok">passed</span>' : '<span class="bad">failed</span>' }, fmt(sorted[Math.floor((sorted.length - 1) / 2)])];
    }),
  );
  return `<h2>${esc(b.bot)}</h2>
<p class="muted">${esc(b.file)} · understanding: ${esc(b.understanding)} · model: ${esc(b.model)}</p>
<p>Conversations ${m.conversations.passed}/${m.conversations.total} · turns ${m.turns.passed}/${m.turns.total} · intent accuracy <b>${pct(m.intents.accuracy)}</b> (${m.intents.correct}/${m.intents.turns}) · p50 ${fmt(m.latency.p50)} ms · p95 ${fmt(m.latency.p95)} ms${m.models && b.model !== 'local' ? ` · model calls per turn ${fmt(m.models.callsPerTurn, 2)}` : ''}</p>
<h3>Intent confusion</h3>
<p class="muted">Rows: expected intent; columns: understood. Diagonal in green, confusions in red, darker for more turns. ∅ is "no intent" (a missed or a spurious one in a multi-intent turn).</p>
${confusionHtml(m.confusion)}
<h3>Latency</h3>
${hist}
<h3>Failures</h3>
${failureHtml}
${gapHtml}
<h3>Conversations</h3>
${conversations}`;
}

function turnHtml(t: TurnResult, cls = 'fail'): string {
  const what = t.user !== undefined ? `user: <code>${esc(t.user)}</code>` : `operator: <code>${esc(JSON.stringify(t.operator))}</code>`;
  const known = t.known ? `<li><i>known: ${esc(t.known)}</i></li>` : '';
  return `<div class="${cls}"><b>${esc(t.conversation)}</b> › turn ${t.index + 1} — ${what}<ul>${t.failures.map((f) => `<li>${esc(f)}</li>`).join('')}${known}</ul></div>`;
}

/** The confusion matrix as a coloured table (green diagonal, red confusions; intensity by share of the row). */
function confusionHtml(c: Confusion): string {
  const head = ['expected \\ understood', ...c.labels];
  const rows = c.labels.map((e) => {
    const rowTotal = c.labels.reduce((a, g) => a + (c.counts[e]?.[g] ?? 0), 0);
    return [
      { html: `<b>${esc(e)}</b>` },
      ...c.labels.map((g) => {
        const n = c.counts[e]?.[g] ?? 0;
        if (!n) return { html: '<span class="muted">·</span>' };
        const share = rowTotal ? n / rowTotal : 0;
        const alpha = (0.15 + 0.75 * share).toFixed(2);
        const color = e === g ? `rgba(46,125,50,${alpha})` : `rgba(198,40,40,${alpha})`;
        return { html: String(n), style: `background:${color}` };
      }),
    ];
  });
  return htmlTable(head, rows, 'confusion');
}

function comparisonSection(c: ModelComparison): string {
  const table = htmlTable(
    ['mode', 'model', 'intent accuracy', 'turns passed', 'model calls / turn', 'understanding calls / turn', 'turns without a model call', 'p50 ms', 'p95 ms'],
    comparisonCells(c),
  );
  const calls = barChartSvg(
    c.rows.map((r) => ({ label: r.mode, value: r.metrics.models?.callsPerTurn ?? Number.NaN })),
    { title: 'Model calls per turn', unit: 'calls' },
  );
  const accuracy = barChartSvg(
    c.rows.map((r) => ({ label: r.mode, value: r.metrics.intents.accuracy * 100 })),
    { title: 'Intent accuracy', unit: '%', color: '#2e7d32' },
  );
  return `<h2>${esc(c.bot)}: local, cascade and llm understanding</h2>
<p class="muted">${esc(c.note)}</p>
${table}
${calls}
${accuracy}`;
}
