import { describe, expect, it } from 'vitest';
import { bareLangGraphLatencies, buildBareGraph } from './floors.ts';
import { summarize } from './stats.ts';

describe('bare LangGraph floor', () => {
  it('runs triage → Send(trial, faq) → merge and merges both branches', async () => {
    const out = await buildBareGraph().invoke({ text: 'quero agendar e onde fica?' });
    expect(out.reply.split('\n').sort()).toEqual(['Qual dia?', 'Rua dos Pinheiros']);
    expect(Object.keys(out.outputs).sort()).toEqual(['faq', 'trial']);
  });

  it('measures a few invocations', async () => {
    const latencies = await bareLangGraphLatencies({ warmup: 3, iterations: 20 });
    const s = summarize(latencies);
    expect(s.n).toBe(20);
    expect(s.p50).toBeGreaterThan(0);
    expect(s.p99).toBeGreaterThanOrEqual(s.p50);
  });
});
