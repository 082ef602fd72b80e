import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EvalReport } from './evaluate.ts';
import { computeMetrics } from './metrics.ts';
import { firstPassageOf, lastMessageOf } from './oracle.ts';
import { confusionText, formatEval } from './print.ts';
import { renderEvalHtml, writeEvalReports } from './report.ts';
import type { BotRun, TurnResult } from './runner.ts';

function turn(user: string, want: string[], got: string[], ms: number, failures: string[] = []): TurnResult {
  return { conversation: 'c', index: 0, user, expect: { intents: want }, got: { intents: got, reply: 'ok' }, failures, ms };
}

const run: BotRun = {
  bot: 'ct-smash',
  file: 'bots/ct-smash/conversations.yaml',
  conversations: [
    { name: 'c', passed: false, turns: [turn('quero aula', ['trial'], ['trial'], 12), turn('onde fica?', ['faq'], ['general'], 30, ['intents: expected [faq], got [general]']), turn('sim e onde fica', ['trial', 'faq'], ['trial'], 8, ['x'])] },
  ],
};

function report(): EvalReport {
  const metrics = computeMetrics(run, ['trial', 'faq', 'general']);
  return {
    startedAt: '2026-03-09T15:00:00.000Z',
    durationMs: 1234,
    ok: false,
    bots: [{ bot: 'ct-smash', file: run.file, understanding: 'local', model: 'local', metrics, run }],
    comparisons: [{ bot: 'ct-smash', note: 'oracle <b>note</b>', rows: [{ mode: 'local', model: 'none', metrics }] }],
  };
}

describe('eval reports', () => {
  it('counts the confusion over sets: a missed intent of a multi-intent turn goes to ∅', () => {
    const m = computeMetrics(run, ['trial', 'faq', 'general']);
    expect(m.confusion.labels).toEqual(['trial', 'faq', 'general', '∅']);
    expect(m.confusion.counts).toEqual({ trial: { trial: 2 }, faq: { general: 1, '∅': 1 } });
    expect(confusionText(m.confusion)).toMatch(/2 faq\s+\.\s+\.\s+1\s+1/);
  });

  it('writes a self-contained HTML report with the coloured confusion table and SVG charts, plus JSON', () => {
    const dir = mkdtempSync(join(tmpdir(), 'sb-eval-report-'));
    try {
      const files = writeEvalReports(report(), dir);
      expect(files.html).toBe(join(dir, 'eval-2026-03-09T15-00-00-000Z.html'));
      const html = readFileSync(files.latestHtml, 'utf8');
      expect(readFileSync(files.html, 'utf8')).toBe(html);
      expect(html).toContain('<table class="confusion">');
      expect(html).toMatch(/<td style="background:rgba\(46,125,50,[\d.]+\)">2<\/td>/); // trial→trial, green
      expect(html).toMatch(/<td style="background:rgba\(198,40,40,[\d.]+\)">1<\/td>/); // faq→general, red
      expect((html.match(/<svg /g) ?? []).length).toBeGreaterThanOrEqual(2); // latency histogram + comparison charts
      expect(html).toContain('intents: expected [faq], got [general]');
      expect(html).toContain('oracle &lt;b&gt;note&lt;/b&gt;');
      expect(html).not.toMatch(/<script|<link|src="http|href="http/);
      const json = JSON.parse(readFileSync(files.json, 'utf8'));
      expect(json.bots[0].metrics.intents).toEqual({ turns: 3, correct: 1, accuracy: 1 / 3 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('prints the summary, the failures with what was expected and what came, and the verdict', () => {
    const text = formatEval(report());
    expect(text).toMatch(/ct-smash\s+local\s+local\s+0\/1\s+1\/3\s+2\s+0\s+33\.3% \(1\/3\)/);
    expect(text).toContain('• c › turn 1 (user: "onde fica?")');
    expect(text).toContain('intents: expected [faq], got [general]');
    expect(text.trim().endsWith('✗ eval failed')).toBe(true);
    expect(renderEvalHtml(report())).toContain('<span class="bad">failed</span>');
  });

  it('lets the oracle find the customer message and the first knowledge passage in prompts', () => {
    expect(lastMessageOf('conversa recente:\ncliente: oi\n\nultima mensagem do cliente: sim, e onde fica?')).toBe('sim, e onde fica?');
    expect(lastMessageOf('no label here')).toBeUndefined();
    expect(firstPassageOf('persona\n\n[1] Endereço\nRua dos Pinheiros, 1280\n\n[2] Horários\n6h30')).toBe('Rua dos Pinheiros, 1280');
  });
});
