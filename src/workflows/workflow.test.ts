import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../store/index.ts';
import { coreMigrations, createSession, insertMessage, listMessages, migrate } from '../store/index.ts';
import { advanceWorkflow, defineWorkflow, routeWorkflow, tagUserMessage, type WorkflowState } from './index.ts';

// A pizza order: size and flavour (slots), then a price (action), then an address (slots), then a receipt.
type Order = { size: string; flavour: string; price: number; address: string };
const SIZES = ['small', 'large'];
const FLAVOURS = ['cheese', 'pepperoni'];

const calls: string[] = [];
const pizza = defineWorkflow<Order, { prices: Record<string, number> }>({
  id: 'pizza',
  extract(text, { expecting }) {
    const words = text.toLowerCase().split(/\W+/);
    const out: Partial<Order> = {};
    const size = words.find((w) => SIZES.includes(w));
    const flavour = words.find((w) => FLAVOURS.includes(w));
    if (size) out.size = size;
    if (flavour) out.flavour = flavour;
    const address = /\bat (.+)$/i.exec(text)?.[1] ?? (expecting.includes('address') && !size && !flavour ? text.trim() : undefined);
    if (address) out.address = address;
    return out;
  },
  steps: [
    { name: 'choose', slots: ['size', 'flavour'], ask: (missing) => `which ${missing.join(' and ')}?` },
    {
      name: 'price',
      run: (ctx, v) => {
        calls.push(`price:${v.size}`);
        return { values: { price: ctx.prices[v.size!] }, say: `that is ${ctx.prices[v.size!]}` };
      },
    },
    { name: 'deliver', slots: ['address'], ask: () => 'where to?' },
    { name: 'receipt', run: (_c, v) => ({ say: `${v.size} ${v.flavour} to ${v.address}`, done: true }) },
  ],
});
const ctx = { prices: { small: 10, large: 15 } };

describe('advanceWorkflow', () => {
  it('asks only for what is missing and takes several slots from one message', async () => {
    const a = await advanceWorkflow(pizza, null, 'hello', ctx);
    expect(a.say).toEqual(['which size and flavour?']);
    expect(a.state).toMatchObject({ step: 'choose', expecting: ['size', 'flavour'] });
    const b = await advanceWorkflow(pizza, a.state, 'a large one', ctx);
    expect(b.say).toEqual(['which flavour?']);
    expect(b.found).toEqual({ size: 'large' });
    const c = await advanceWorkflow(pizza, b.state, 'pepperoni', ctx);
    expect(c.say).toEqual(['that is 15', 'where to?']);
    expect(c.ran).toEqual(['choose', 'price', 'deliver']);
    expect(c.state).toMatchObject({ step: 'deliver', expecting: ['address'], values: { size: 'large', flavour: 'pepperoni', price: 15 } });
    const d = await advanceWorkflow(pizza, c.state, 'Rua A, 10', ctx);
    expect(d.done).toBe(true);
    expect(d.say).toEqual(['large pepperoni to Rua A, 10']);
  });

  it('runs to the end in one message when everything arrives at once', async () => {
    const r = await advanceWorkflow(pizza, null, 'small cheese at Rua B', ctx);
    expect(r.done).toBe(true);
    expect(r.say).toEqual(['that is 10', 'small cheese to Rua B']);
  });

  it('rewinds to an earlier step on a correction, so the actions after it run again', async () => {
    calls.length = 0;
    const a = await advanceWorkflow(pizza, null, 'small cheese', ctx);
    const b = await advanceWorkflow(pizza, a.state, 'actually large', ctx);
    expect(calls).toEqual(['price:small', 'price:large']);
    expect(b.say).toEqual(['that is 15', 'where to?']);
  });

  it('stops at a waiting action and resumes after it; goto loops are caught', async () => {
    const wf = defineWorkflow<{ n: number }, null>({
      id: 'w',
      extract: () => ({}),
      steps: [
        { name: 'q', run: () => ({ say: 'ok?', wait: true }) },
        { name: 'end', run: () => ({ say: 'bye', done: true }) },
      ],
    });
    const a = await advanceWorkflow(wf, null, 'x', null);
    expect(a).toMatchObject({ say: ['ok?'], done: false, state: { step: 'end' } });
    const b = await advanceWorkflow(wf, a.state as WorkflowState<{ n: number }>, 'y', null);
    expect(b).toMatchObject({ say: ['bye'], done: true });
    const loop = defineWorkflow<{ n: number }, null>({ id: 'loop', extract: () => ({}), steps: [{ name: 'a', run: () => ({ goto: 'a' }) }] });
    await expect(advanceWorkflow(loop, null, 'x', null)).rejects.toThrow(/more than 50 steps/);
  });

  it('refuses duplicate step names', () => {
    expect(() => defineWorkflow({ id: 'd', extract: () => ({}), steps: [{ name: 'a', run: () => ({}) }, { name: 'a', run: () => ({}) }] })).toThrow(/twice/);
  });
});

describe('routeWorkflow', () => {
  const routing = { workflows: { match: 'match_workflow', sisu: 'sisu_workflow' }, exit: ['exit'] };
  it('switches on a change of subject, stays on a claimed answer, and clears on exit', () => {
    expect(routeWorkflow(routing, { active: 'match_workflow', intents: ['sisu'] })).toEqual({ action: 'switch', workflow: 'sisu_workflow', from: 'match_workflow' });
    expect(routeWorkflow(routing, { active: 'match_workflow', intents: ['sisu'], claimed: true })).toEqual({ action: 'stay', workflow: 'match_workflow' });
    expect(routeWorkflow(routing, { active: 'sisu_workflow', intents: ['match'] })).toMatchObject({ action: 'switch', workflow: 'match_workflow' });
    expect(routeWorkflow(routing, { active: 'sisu_workflow', intents: ['root'] })).toEqual({ action: 'stay', workflow: 'sisu_workflow' });
    expect(routeWorkflow(routing, { active: 'sisu_workflow', intents: ['exit'] })).toEqual({ action: 'exit', workflow: null, from: 'sisu_workflow' });
    expect(routeWorkflow(routing, { active: null, intents: ['match'] })).toEqual({ action: 'none', workflow: null });
  });

  it('keeps an answer the workflow is waiting for even when the classifier reads it as an exit', () => {
    expect(routeWorkflow(routing, { active: 'match_workflow', intents: ['exit'], claimed: true })).toEqual({ action: 'stay', workflow: 'match_workflow' });
    expect(routeWorkflow(routing, { active: 'match_workflow', intents: ['exit'], claimed: false, explicitExit: true })).toMatchObject({ action: 'exit' });
  });

  it('obeys an exit intent only with an explicit exit phrase, when the bot checks for one', () => {
    expect(routeWorkflow(routing, { active: 'match_workflow', intents: ['exit'], explicitExit: false })).toEqual({ action: 'stay', workflow: 'match_workflow' });
    expect(routeWorkflow(routing, { active: null, intents: ['exit'], explicitExit: false })).toEqual({ action: 'none', workflow: null });
    expect(routeWorkflow(routing, { active: null, intents: ['exit'], explicitExit: true })).toEqual({ action: 'exit', workflow: null, from: null });
  });

  it('does not switch on a follow-up about the active subject, but still leaves on an exit', () => {
    expect(routeWorkflow(routing, { active: 'sisu_workflow', intents: ['match'], onTopic: true })).toEqual({ action: 'stay', workflow: 'sisu_workflow' });
    expect(routeWorkflow(routing, { active: 'sisu_workflow', intents: ['exit'], onTopic: true, explicitExit: true })).toMatchObject({ action: 'exit' });
  });
});

describe('tagUserMessage', () => {
  it("re-tags the turn's user message when the deferred write runs", async () => {
    const db = await openTestDatabase('pglite');
    try {
      await migrate(db, coreMigrations);
      const s = await createSession(db, { bot: 'b' });
      await insertMessage(db, { sessionId: s.id, role: 'user', source: '', content: 'first', workflow: 'a' });
      await insertMessage(db, { sessionId: s.id, role: 'user', source: '', content: 'second', workflow: 'a' });
      const writes: ((tx: typeof db) => Promise<void>)[] = [];
      tagUserMessage({ session: s, defer: (w) => writes.push(w) }, 'b_workflow');
      expect((await listMessages(db, s.id)).map((m) => m.workflow)).toEqual(['a', 'a']);
      await db.transaction(async (tx) => {
        for (const w of writes) await w(tx as typeof db);
      });
      expect((await listMessages(db, s.id)).map((m) => m.workflow)).toEqual(['a', 'b_workflow']);
    } finally {
      await db.drop();
    }
  });
});
