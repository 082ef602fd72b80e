// The built-in skills over HTTP in every reference bot, each in its own language: a request for a person hands
// off, an off-domain message gets the fallback and writes nothing (checked in the store), a nudge keeps a
// pending handoff pending. The messages (test/fixtures/edge-messages.ts) are not in the skills' training lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE } from './fixtures/edge-messages.ts';
import { OPERATOR, auth, startTestServer, userToken, type TestServer } from './support/server.ts';

// `said`: a word the bot's hand-over line has in its own language.
const BOTS = [
  { id: 'ct-smash', lang: 'pt', fallback: 'general', warm: 'oi', said: /equipe/ },
  { id: 'mini-crm', lang: 'pt', fallback: 'ajuda', warm: 'oi', said: /equipe/ },
  { id: 'cloudinha', lang: 'pt', fallback: 'root', warm: 'quando saem as datas do sisu?', said: /equipe|pessoa|atend/ },
  { id: 'fashion-vn', lang: 'vi', fallback: 'off_topic', warm: 'chào shop', said: /nhân viên/ },
  { id: 'la-formula', lang: 'es', fallback: 'otro', warm: 'hola', said: /Mauri/ },
] as const;

// Tables every turn writes (the conversation itself); any other row is something the bot did.
// (users: the test registers cloudinha's students itself).
const CONVERSATION_TABLES = new Set(['sessions', 'messages', 'turns', 'classifier_cache', 'bot_settings', 'knowledge_chunks', '_migrations', 'users']);

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ only: BOTS.map((b) => b.id) });
}, 120_000);
afterAll(async () => s?.close());

/** Row counts of every table that is not the conversation's own. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await s.db.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'");
  const out: Record<string, number> = {};
  for (const { table_name: t } of tables) {
    if (CONVERSATION_TABLES.has(t)) continue;
    // A signed-in student's profile may hold only the subject their conversation is in (kept across conversations):
    // that is the conversation's own state, not a write of the bot's.
    const where = t === 'profiles' ? ` where data - '$subject' <> '{}'::jsonb` : '';
    const [row] = await s.db.query<{ n: number }>(`select count(*)::int as n from "${t}"${where}`);
    out[t] = row.n;
  }
  return out;
}

let users = 0;
/** A new conversation's first message (cloudinha asks for a signed-in student). */
async function first(bot: string, message: string) {
  if (bot !== 'cloudinha') return s.chat(bot, { message });
  const userId = `edge-${++users}`;
  expect((await s.post('/api/users', { id: userId, name: 'Edu' }, auth())).status).toBe(201);
  return s.chat(bot, { message, userId, userToken: await userToken(userId) });
}

describe.each(BOTS)('built-in skills in $id', ({ id, lang, fallback, warm, said }) => {
  const edge = EDGE[lang];

  it("hands a request for a person to the team, saying so in the bot's language", async () => {
    const missed: unknown[] = [];
    for (const message of edge.person) {
      const r = await first(id, message);
      if (r.mode !== 'handoff_pending' || !r.handoff || !said.test(r.reply ?? '')) missed.push({ message, mode: r.mode, intents: r.intents, reply: r.reply });
    }
    expect(missed).toEqual([]);
  });

  it('answers off-domain messages with the fallback and writes nothing', async () => {
    await first(id, warm); // a bot's lazy data loads (catalogues, calendars) happen on its first turns
    const before = await rowCounts();
    const missed: unknown[] = [];
    for (const message of edge.offDomain) {
      const r = await first(id, message);
      if (r.intents.join() !== fallback || r.mode !== 'bot' || !r.reply) missed.push({ message, intents: r.intents, mode: r.mode });
    }
    if (process.env.SKILLS_REPORT) console.log(`[edge] ${id} off-domain ${edge.offDomain.length - missed.length}/${edge.offDomain.length} ${JSON.stringify(missed)}`);
    // Nine of the twelve at least; what is missed is listed when it fails. Measured: ct-smash, mini-crm,
    // cloudinha and fashion-vn 11–12, la-formula 10 (a shop question about goods it has never heard of — sushi,
    // euros — still reads as a product question).
    expect(missed.length, JSON.stringify(missed)).toBeLessThanOrEqual(3);
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps a pending handoff pending when the customer nudges', async () => {
    const r = await first(id, edge.person[0]);
    expect(r.mode).toBe('handoff_pending');
    const body = id === 'cloudinha' ? { userId: `edge-${users}`, userToken: await userToken(`edge-${users}`) } : {};
    for (const message of edge.nudges) {
      const later = await s.chat(id, { ...body, sessionId: r.sessionId, sessionToken: r.sessionToken, message });
      expect({ message, mode: later.mode, reply: later.reply }).toEqual({ message, mode: 'handoff_pending', reply: null });
    }
    const pending = await s.get('/api/handoffs/pending', auth(OPERATOR));
    expect(pending.body.sessions.map((x: { id: string }) => x.id)).toContain(r.sessionId);
  });
});

describe('no side effect on doubt (mini-crm, understanding.confirmBelow)', () => {
  // The band between the bot's threshold and confirmBelow is set around a terse line's reading, so the test does not
  // hang on where one retraining puts one sentence: confirmBelow is raised above the line's reading for these tests.
  const terse = 'ligação Carla';
  let restore = () => {};
  beforeAll(() => {
    const bot = s.runtime.bots.get('mini-crm')!;
    const [best] = bot.local.classify(terse);
    expect(best.id).toBe('tarefa_criar');
    expect(best.confidence).toBeGreaterThanOrEqual(bot.config.understanding.threshold);
    const understanding = bot.config.understanding;
    const before = understanding.confirmBelow;
    understanding.confirmBelow = Math.min(1, Math.max(before, best.confidence + 0.05));
    restore = () => void (understanding.confirmBelow = before);
  });
  afterAll(() => restore());
  const tasks = async (workspace: string) => (await s.db.query<{ n: number }>('select count(*)::int as n from crm_tasks where workspace = $1', [workspace]))[0].n;
  const unsureWrite = async () => {
    const a = await s.chat('mini-crm', { message: 'cadastra a Carla Souza da Acme' });
    const say = (message: string) => s.chat('mini-crm', { sessionId: a.sessionId, sessionToken: a.sessionToken, message });
    const asked = await say(terse);
    expect(asked.reply).toMatch(/\?/);
    expect(asked.reply).toMatch(/tarefa/i);
    expect(await tasks(a.sessionId)).toBe(0);
    return { say, workspace: a.sessionId as string };
  };

  it('asks instead of writing, and a yes does what the first message said', async () => {
    const { say, workspace } = await unsureWrite();
    const done = await say('sim');
    expect(done.intents).toEqual(['tarefa_criar']);
    expect(done.reply).toMatch(/Tarefa criada/);
    expect(await tasks(workspace)).toBe(1);
  });

  it('writes nothing on a no', async () => {
    const { say, workspace } = await unsureWrite();
    const declined = await say('não');
    expect(declined.reply).toMatch(/não mexi/);
    expect(await tasks(workspace)).toBe(0);
  });
});
