// The runner against the real server (ct-smash over a throwaway PGlite, on 127.0.0.1).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConversations } from './conversations.ts';
import { computeMetrics } from './metrics.ts';
import { checkTurn, runConversations, valueAt } from './runner.ts';
import { startEvalServer, type EvalServer } from './server.ts';
import { getUser } from '../store/index.ts';

describe('runConversations over HTTP (ct-smash)', () => {
  let server: EvalServer;
  beforeAll(async () => {
    server = await startEvalServer({ only: ['ct-smash'], withModels: false });
  });
  afterAll(async () => server?.close());

  it('plays turns, checks intents, replies, state and streamed events, and reports what differs', async () => {
    const file = parseConversations(
      `clock: "2026-03-09T12:00:00-03:00"
conversations:
  - name: booking
    user: ana.test
    turns:
      - user: oi, quero marcar uma aula teste
        expect: { intents: [trial], reply: Qual dia, state: { trial.stage: data }, mode: bot, handoff: false }
      - user: amanhã
        expect: { intents: [trial], reply: "terça-feira, 10/03", state: { trial.stage: hora, trial.slots.data: "2026-03-10" }, events: [intent, tool_start, done] }
  - name: wrong on purpose
    user: not.signed.in
    signedIn: false
    turns:
      - user: onde fica a CT?
        expect: { intents: [general], reply: "Avenida Paulista", state: { trial.stage: confirm }, events: [handoff] }
      - user: obrigado
        expect: { intents: [faq] }
        known: a deliberate wrong expectation marked as a known gap
`,
      'inline.yaml',
    );
    const run = await runConversations(server, 'ct-smash', file, { collectModelCalls: true });
    const [booking, wrong] = run.conversations;
    expect(booking.passed).toBe(true);
    expect(booking.turns[1].got.events).toEqual(expect.arrayContaining(['intent', 'tool_start', 'tool_end', 'text', 'done']));
    expect(booking.turns[0].modelCalls).toEqual({ total: 0, understand: 0 });
    expect(booking.turns.every((t) => t.ms! > 0)).toBe(true);
    // A conversation's user is registered first (bots with sign-in), unless signedIn: false.
    expect(await getUser(server.db, 'ana.test')).toBeTruthy();
    expect(await getUser(server.db, 'not.signed.in')).toBeFalsy();

    expect(wrong.passed).toBe(false);
    const failures = wrong.turns[0].failures;
    expect(failures).toContainEqual('intents: expected [general], got [faq]');
    expect(failures).toContainEqual(expect.stringMatching(/^reply: expected to match \/Avenida Paulista\/, got ".*Rua dos Pinheiros/));
    expect(failures).toContainEqual('state.trial.stage: expected "confirm", got nothing');
    expect(failures).toContainEqual(expect.stringMatching(/^events: missing handoff \(got intent, tool_start/));
    expect(wrong.turns[1].failures).toEqual(['intents: expected [faq], got [general]']);

    const m = computeMetrics(run, ['trial', 'faq', 'general']);
    expect(m.turns).toMatchObject({ total: 4, failed: 1, knownGaps: 1 });
    expect(m.intents).toMatchObject({ turns: 4, correct: 2, accuracy: 0.5 });
    expect(m.confusion.counts.general?.faq).toBe(1);
    expect(m.confusion.counts.faq?.general).toBe(1);
    expect(m.latency.n).toBe(4);
  });

  it('stops a conversation at an HTTP error and marks the rest as not played', async () => {
    const file = parseConversations('- name: unknown bot\n  turns: [{ user: oi }, { user: tchau }]\n');
    const run = await runConversations(server, 'no-such-bot', file);
    const [first, second] = run.conversations[0].turns;
    expect(first.failures[0]).toMatch(/^error: chat no-such-bot → HTTP 404/);
    expect(second.skipped).toBe(true);
  });
});

describe('checkTurn', () => {
  it('compares intents as sets, replies with every regex, silence, mode, handoff and nested state', () => {
    expect(checkTurn({ intents: ['faq', 'trial'] }, { intents: ['trial', 'faq'] })).toEqual([]);
    expect(checkTurn({ intents: ['trial'] }, { intents: ['trial', 'faq'] })).toEqual(['intents: expected [trial], got [trial, faq]']);
    expect(checkTurn({ reply: ['qual dia', 'CT'] }, { reply: 'Qual dia? A CT abre…' })).toEqual([]);
    expect(checkTurn({ reply: null }, { reply: 'oi' })).toEqual(['reply: expected no reply (the bot is paused), got "oi"']);
    expect(checkTurn({ notReply: 'R\\$' }, { reply: 'custa R$ 10' })).toHaveLength(1);
    expect(checkTurn({ mode: 'human', handoff: true }, { mode: 'bot', handoff: false })).toEqual(['mode: expected human, got bot', 'handoff: expected true, got false']);
    expect(checkTurn({ state: { 'trial.stage': null, 'a.b': { c: 1 } } }, { state: { trial: {}, a: { b: { c: 1 } } } })).toEqual([]);
    expect(valueAt({ a: { b: [1, 2] } }, 'a.b.1')).toBe(2);
  });
});
