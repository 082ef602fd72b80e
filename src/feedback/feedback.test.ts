import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreMigrations, createSession, insertMessage, migrate, openTestDatabase, upsertFeedback, type Database } from '../store/index.ts';
import { collectCandidates, findGoldenExamples, formatFewShot, insertGoldenExample, judgeConversations, rulesVerdict, similarity, tokens, type JudgeCandidate } from './index.ts';

let db: Database & { drop(): Promise<void> };
beforeAll(async () => {
  db = await openTestDatabase('pglite');
  await migrate(db, coreMigrations);
});
afterAll(async () => db?.drop());

/** A conversation: [user, reply, workflow of the reply, intents of the reply][]. */
async function conversation(bot: string, turns: [string, string, string | null, string[]?][]) {
  const s = await createSession(db, { bot });
  const replies: number[] = [];
  for (const [user, reply, workflow, intents] of turns) {
    const u = await insertMessage(db, { sessionId: s.id, role: 'user', source: '', content: user });
    const r = await insertMessage(db, { sessionId: s.id, role: 'assistant', source: 'bot', content: reply, workflow, intents: intents ?? [], replyTo: u.id });
    replies.push(r.id);
  }
  return { session: s.id, replies };
}

describe('golden example retrieval', () => {
  it('ranks by shared content words, accent- and case-insensitively, ignoring function words', async () => {
    await insertGoldenExample(db, { bot: 'g', userText: 'Como funciona a lista de espera do Sisu?', reply: 'A lista de espera…', source: 'test' });
    await insertGoldenExample(db, { bot: 'g', userText: 'Qual a renda máxima para a bolsa integral?', reply: 'Até 1,5 salário mínimo…', source: 'test' });
    await insertGoldenExample(db, { bot: 'other', userText: 'lista de espera', reply: 'não é deste bot', source: 'test' });
    const found = await findGoldenExamples(db, 'g', 'e a LISTA DE ESPERA, como é?');
    expect(found.map((f) => f.reply)).toEqual(['A lista de espera…']);
    expect((await findGoldenExamples(db, 'g', 'renda maxima bolsa'))[0].reply).toBe('Até 1,5 salário mínimo…');
    expect(await findGoldenExamples(db, 'g', 'o que é isso?')).toEqual([]);
    expect(similarity(tokens('a de o'), tokens('a de o'))).toBe(0);
  });

  it('inserts idempotently and formats a few-shot block', async () => {
    expect(await insertGoldenExample(db, { bot: 'g2', userText: 'oi', reply: 'olá!', source: 'test' })).toBe(true);
    expect(await insertGoldenExample(db, { bot: 'g2', userText: 'oi', reply: 'olá!', source: 'test' })).toBe(false);
    const block = formatFewShot([{ id: 1, bot: 'g2', userText: 'oi', reply: 'olá!', source: 'test', sessionId: null }], { user: 'Estudante', assistant: 'Cloudinha' });
    expect(block).toMatch(/Estudante: oi\nCloudinha: olá!/);
    expect(formatFewShot([])).toBe('');
  });
});

describe('judge', () => {
  it('rules: thumbs-up AND (a completed workflow OR no negative feedback)', () => {
    const base: JudgeCandidate = { bot: 'b', sessionId: 's', messageId: 1, userText: 'u', reply: 'r', rating: 1, transcript: [], completedWorkflow: null, negativeFeedback: false };
    expect(rulesVerdict(base).golden).toBe(true);
    expect(rulesVerdict({ ...base, negativeFeedback: true }).golden).toBe(false);
    expect(rulesVerdict({ ...base, negativeFeedback: true, completedWorkflow: 'match_workflow' }).golden).toBe(true);
    expect(rulesVerdict({ ...base, rating: null, completedWorkflow: 'match_workflow' }).golden).toBe(false);
  });

  it('collects thumbs-up replies (rules) and, for a model, unrated replies of completed workflows; inserts once', async () => {
    const bot = 'j';
    const happy = await conversation(bot, [
      ['quero achar uma faculdade', 'Bora!', 'match_workflow'],
      ['Direito, 700', 'Achei 2 opções', 'match_workflow'],
      ['1500 por pessoa', 'Você tem direito à bolsa integral', null],
    ]);
    await upsertFeedback(db, { bot, sessionId: happy.session, messageId: happy.replies[2], rating: 1 });
    const exited = await conversation(bot, [
      ['quero achar uma faculdade', 'Bora de novo!', 'match_workflow'],
      ['sair', 'Tudo bem', null, ['exit']],
    ]);
    const mixed = await conversation(bot, [
      ['oi', 'Oi!', null],
      ['e o sisu?', 'Não sei', null],
    ]);
    await upsertFeedback(db, { bot, sessionId: mixed.session, messageId: mixed.replies[0], rating: 1 });
    await upsertFeedback(db, { bot, sessionId: mixed.session, messageId: mixed.replies[1], rating: -1 });

    const rules = await collectCandidates(db, bot);
    expect(rules.map((c) => c.reply).sort()).toEqual(['Oi!', 'Você tem direito à bolsa integral']);
    expect(rules.find((c) => c.reply === 'Oi!')).toMatchObject({ negativeFeedback: true, completedWorkflow: null });
    expect(rules.find((c) => c.reply.startsWith('Você'))).toMatchObject({ completedWorkflow: 'match_workflow', transcript: expect.arrayContaining([{ role: 'user', content: 'Direito, 700' }]) });

    const forModel = await collectCandidates(db, bot, { includeUnrated: true });
    // The happy conversation completed match: its unrated replies are candidates too; the exit is no completion.
    expect(forModel.map((c) => c.reply).sort()).toEqual(['Achei 2 opções', 'Bora!', 'Oi!', 'Você tem direito à bolsa integral']);
    expect(forModel.some((c) => c.sessionId === exited.session)).toBe(false);

    const first = await judgeConversations(db, { bot });
    expect(first).toMatchObject({ mode: 'rules', candidates: 2, golden: 1, inserted: 1 });
    const again = await judgeConversations(db, { bot });
    expect(again).toMatchObject({ candidates: 1, golden: 0, inserted: 0 }); // the golden pair is not judged twice

    const seen: number[] = [];
    const model = await judgeConversations(db, {
      bot,
      judge: async (c) => {
        seen.push(c.messageId);
        if (c.reply === 'Bora!') throw new Error('model down');
        return { golden: c.reply === 'Achei 2 opções', reason: 'test' };
      },
    });
    expect(model).toMatchObject({ mode: 'model', candidates: 3, golden: 1, inserted: 1, failed: 1 });
    expect(seen).toHaveLength(3);
    const rows = await db.query<{ reply: string; source: string }>('select reply, source from golden_examples where bot = $1 order by id', [bot]);
    expect(rows).toEqual([
      { reply: 'Você tem direito à bolsa integral', source: 'judge:rules' },
      { reply: 'Achei 2 opções', source: 'judge:model' },
    ]);
  });
});
