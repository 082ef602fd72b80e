// The ceiling on a message's understanding: the characters read and the time budget.
import { describe, expect, it } from 'vitest';
import { boundedUnderstander, budgetMs, MAX_UNDERSTOOD_CHARS, understoodText } from './bounds.ts';
import { commandReader } from './commands.ts';
import { createLocalUnderstander } from './understander.ts';
import { countWork, fill } from './testing/work.ts';
import type { Understander, UnderstandInput } from './types.ts';

const now = new Date('2026-03-02T15:00:00Z');
const examples = [
  { intent: 'marcar', text: 'quero marcar uma aula' },
  { intent: 'marcar', text: 'agenda um horário pra mim' },
  { intent: 'preco', text: 'quanto custa a mensalidade' },
  { intent: 'preco', text: 'qual o valor do plano' },
  { intent: 'outro', text: 'bom dia' },
];
const options = { language: 'pt' as const, threshold: 0.4, fallback: 'outro', exclusive: [], multiIntent: true };
const local = createLocalUnderstander(examples, options);
const input = (text: string): UnderstandInput => ({ text, flows: [], now });

/** A clock that moves `step` ms each time it is read. */
function ticking(step: number) {
  let t = 0;
  return () => (t += step);
}

describe('understoodText', () => {
  it('keeps a message up to the limit and cuts a longer one at a space', () => {
    expect(understoodText('quero marcar')).toBe('quero marcar');
    const long = fill('quero marcar uma aula ', 250_000);
    const cut = understoodText(long);
    expect(cut.length).toBeLessThanOrEqual(MAX_UNDERSTOOD_CHARS);
    expect(cut.length).toBeGreaterThan(MAX_UNDERSTOOD_CHARS - 200);
    expect(long.startsWith(cut)).toBe(true);
    expect(long[cut.length]).toBe(' ');
    // A run with no space is cut at the limit, never inside a surrogate pair.
    expect(understoodText('a'.repeat(10_000))).toHaveLength(MAX_UNDERSTOOD_CHARS);
    expect(understoodText('😀'.repeat(5_000)).length % 2).toBe(0);
  });
});

describe('budgetMs', () => {
  it('reads SWITCHBOARD_UNDERSTANDING_BUDGET_MS, else the default', () => {
    expect(budgetMs({ SWITCHBOARD_UNDERSTANDING_BUDGET_MS: '250' })).toBe(250);
    expect(budgetMs({ SWITCHBOARD_UNDERSTANDING_BUDGET_MS: '0' })).toBe(0);
    expect(budgetMs({ SWITCHBOARD_UNDERSTANDING_BUDGET_MS: 'soon' })).toBe(budgetMs({}));
    expect(budgetMs({})).toBeGreaterThan(0);
  });
});

describe('boundedUnderstander', () => {
  it('hands the understander at most MAX_UNDERSTOOD_CHARS and says the message was cut', async () => {
    let seen = '';
    const inner: Understander = { understand: async (i) => ((seen = i.text), { intents: [{ id: 'marcar', confidence: 0.9 }], entities: [], language: 'pt', source: 'local' }) };
    const u = await boundedUnderstander(inner, { fallback: 'outro', language: 'pt', budgetMs: 1000 }).understand(input(fill('quero marcar ', 200_000)));
    expect(seen.length).toBeLessThanOrEqual(MAX_UNDERSTOOD_CHARS);
    expect(u).toMatchObject({ intents: [{ id: 'marcar' }], bounded: 'length' });
    const short = await boundedUnderstander(inner, { fallback: 'outro', language: 'pt', budgetMs: 1000 }).understand(input('quero marcar'));
    expect(short.bounded).toBeUndefined();
  });

  it('answers with the fallback, unsure, when understanding spends its budget', async () => {
    const u = await boundedUnderstander(local, { fallback: 'outro', language: 'pt', budgetMs: 50, clock: ticking(10) }).understand(input('quero marcar uma aula, e quanto custa?'));
    expect(u).toMatchObject({ intents: [{ id: 'outro' }], unsure: true, bounded: 'budget', entities: [] });
    // Within its budget the same message is understood.
    const within = await boundedUnderstander(local, { fallback: 'outro', language: 'pt', budgetMs: 1e9, clock: ticking(10) }).understand(input('quero marcar uma aula, e quanto custa?'));
    expect(within.intents.map((i) => i.id)).toContain('marcar');
  });

  it('makes any length cost what MAX_UNDERSTOOD_CHARS costs', async () => {
    const bounded = boundedUnderstander(local, { fallback: 'outro', language: 'pt', budgetMs: Infinity });
    const at = (n: number) => {
      const text = fill('quero marcar uma aula, ', n);
      return countWork(() => bounded.understand(input(text)));
    };
    expect(at(250_000)).toBeLessThan(at(MAX_UNDERSTOOD_CHARS) * 1.2);
  });
});

describe('the local understander under a budget', () => {
  it('stops analysing clauses once the budget is spent and falls back', async () => {
    let reads = 0;
    const budget = { get spent() { return ++reads > 3; } };
    const u = await local.understand({ ...input(fill('quero marcar uma aula, quanto custa? ', 4000)), budget });
    expect(u).toMatchObject({ intents: [{ id: 'outro' }], unsure: true, bounded: 'budget' });
    // It looked at the budget a few times and stopped, rather than once per clause of the whole message.
    expect(reads).toBe(4);
  });
});

describe('the command reader under a budget', () => {
  const reader = (clock: () => number) => commandReader(examples, { lang: 'pt', classify: (t) => local.classify(t), threshold: 0.4, fallback: 'outro', budgetMs: 100, clock });

  it('reads no request once the budget is spent: half a message of commands is not run', () => {
    const text = 'marca uma aula amanhã e depois agenda outra na sexta';
    expect(reader(ticking(0)).read(text).length).toBeGreaterThan(0);
    expect(reader(ticking(60)).read(text)).toEqual([]);
  });
});
