// Knowledge documents and golden examples over HTTP: operators read, admins edit, and an edit changes what the
// bot answers at once; admin documents survive a restart through the start-up loader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { insertGoldenExample } from '../../feedback/index.ts';
import { indexBotKnowledge, indexKnowledge, loadKnowledgeChunks, putKnowledgeDoc, readKnowledgeDir, searchKnowledge } from '../../knowledge/index.ts';
import { ADMIN, auth, OPERATOR, startTestServer, type TestServer } from '../../../test/support/server.ts';

const BOT = 'ct-smash';
const PARKING = `# Estacionamento

## Tem estacionamento? Onde deixar o carro

Agora a CT Smash tem estacionamento próprio com manobrista, gratuito para alunos durante a aula.
`;
const SAUNA = `# Sauna

Depois do treino, relaxe na nossa sauna.

## Horário da sauna

A sauna seca fica aberta de terça a sábado, das 17h às 21h, para alunos de planos mensais.
`;

describe('knowledge and golden examples API', () => {
  let s: TestServer;
  const del = async (path: string, token?: string) => {
    const res = await fetch(s.url + path, { method: 'DELETE', headers: token ? auth(token) : {} });
    return { status: res.status, body: (await res.json()) as any };
  };
  const search = (q: string) => searchKnowledge(s.db, BOT, 'pt-BR', q);

  beforeAll(async () => {
    s = await startTestServer({ only: [BOT] });
  });
  afterAll(async () => s?.close());

  it('lists the bot folder documents with their sections, and reads one (operator)', async () => {
    const res = await s.get(`/api/bots/${BOT}/knowledge`, auth(OPERATOR));
    expect(res.status).toBe(200);
    const parking = res.body.documents.find((d: { doc: string }) => d.doc === 'estacionamento.md');
    expect(parking).toMatchObject({ title: 'Estacionamento', source: 'file' });
    expect(parking.sections.map((x: { heading: string }) => x.heading)).toEqual(['Tem estacionamento? Onde deixar o carro', 'Moto e bicicleta']);
    expect(parking.sections[0].chars).toBeGreaterThan(100);
    expect(res.body.documents.map((d: { doc: string }) => d.doc)).toContain('planos-e-precos.md');

    const one = await s.get(`/api/bots/${BOT}/knowledge/estacionamento.md`, auth(OPERATOR));
    expect(one.status).toBe(200);
    expect(one.body.markdown).toContain('Pinheiros Park');
  });

  it('refuses without a token, writes without the admin token, and unknown bots or documents', async () => {
    expect((await s.get(`/api/bots/${BOT}/knowledge`)).status).toBe(401);
    expect((await s.get(`/api/bots/${BOT}/golden`)).status).toBe(401);
    expect((await s.put(`/api/bots/${BOT}/knowledge/sauna.md`, { markdown: SAUNA }, auth(OPERATOR))).status).toBe(403);
    expect((await del(`/api/bots/${BOT}/knowledge/estacionamento.md`, OPERATOR)).status).toBe(403);
    expect((await s.get('/api/bots/nope/knowledge', auth())).status).toBe(404);
    expect((await s.get(`/api/bots/${BOT}/knowledge/nao-existe.md`, auth())).status).toBe(404);
    expect((await del(`/api/bots/${BOT}/knowledge/nao-existe.md`, ADMIN)).status).toBe(404);
  });

  it('rejects bad names, empty or oversized documents with 400', async () => {
    for (const name of ['Sauna.md', 'sauna.txt', '-x.md', 'a%20b.md', '..%2Fbot.yaml', `${'x'.repeat(62)}.md`]) {
      expect((await s.put(`/api/bots/${BOT}/knowledge/${name}`, { markdown: SAUNA }, auth())).status, name).toBe(400);
    }
    expect((await s.put(`/api/bots/${BOT}/knowledge/sauna.md`, { markdown: '' }, auth())).status).toBe(400);
    expect((await s.put(`/api/bots/${BOT}/knowledge/sauna.md`, { markdown: '# Só título\n' }, auth())).body.message).toMatch(/no text/);
    const big = await s.put(`/api/bots/${BOT}/knowledge/sauna.md`, { markdown: `# Grande\n\n${'ç'.repeat(60 * 1024)}` }, auth()); // 120 KB in UTF-8
    expect(big.status).toBe(400);
    expect(big.body.message).toMatch(/too large/);
    expect((await s.put(`/api/bots/${BOT}/knowledge/sauna.md`, { markdown: SAUNA, extra: 1 }, auth())).status).toBe(400);
    expect(await search('sauna')).toEqual([]);
  });

  it('adds a document that search finds at once, and deletes it', async () => {
    expect(await search('sauna seca')).toEqual([]);
    const put = await s.put(`/api/bots/${BOT}/knowledge/sauna.md`, { markdown: SAUNA }, auth());
    expect(put.status).toBe(200);
    expect(put.body.documents.find((d: { doc: string }) => d.doc === 'sauna.md')).toMatchObject({ title: 'Sauna', source: 'admin', sections: [{ heading: 'Sauna' }, { heading: 'Horário da sauna' }] });
    expect((await search('sauna seca'))[0]).toMatchObject({ doc: 'sauna.md', heading: 'Horário da sauna' });
    expect((await s.get(`/api/bots/${BOT}/knowledge/sauna.md`, auth(OPERATOR))).body).toEqual({ doc: 'sauna.md', markdown: SAUNA, source: 'admin' });

    const gone = await del(`/api/bots/${BOT}/knowledge/sauna.md`, ADMIN);
    expect(gone.status).toBe(200);
    expect(gone.body.documents.map((d: { doc: string }) => d.doc)).not.toContain('sauna.md');
    expect(await search('sauna')).toEqual([]);
  });

  it('overrides a file: the bot answers from the admin text, and from the file again once it is removed', async () => {
    const before = await s.chat(BOT, { message: 'tem estacionamento?' });
    expect(before.reply).toMatch(/Pinheiros Park/);

    expect((await s.put(`/api/bots/${BOT}/knowledge/estacionamento.md`, { markdown: PARKING }, auth())).status).toBe(200);
    const listed = (await s.get(`/api/bots/${BOT}/knowledge`, auth())).body.documents.find((d: { doc: string }) => d.doc === 'estacionamento.md');
    expect(listed).toMatchObject({ source: 'admin', overridesFile: true, sections: [{ heading: 'Tem estacionamento? Onde deixar o carro' }] });
    expect(Date.parse(listed.updatedAt)).not.toBeNaN();
    const after = await s.chat(BOT, { message: 'tem estacionamento?' });
    expect(after.reply).toMatch(/manobrista/);
    expect(after.reply).not.toMatch(/Pinheiros Park/);

    expect((await del(`/api/bots/${BOT}/knowledge/estacionamento.md`, ADMIN)).status).toBe(200);
    expect((await s.chat(BOT, { message: 'tem estacionamento?' })).reply).toMatch(/Pinheiros Park/);
    // Now it is a plain file again: only the file in the repository can change it.
    const refused = await del(`/api/bots/${BOT}/knowledge/estacionamento.md`, ADMIN);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('bots/ct-smash/knowledge');
  });

  it('lists golden examples to operators and lets admins delete them', async () => {
    await insertGoldenExample(s.db, { bot: BOT, userText: 'quanto custa o plano mensal?', reply: 'O plano mensal custa R$ 250.', source: 'judge', sessionId: 's-1' });
    await insertGoldenExample(s.db, { bot: 'other-bot', userText: 'oi', reply: 'olá', source: 'admin' });
    const list = await s.get(`/api/bots/${BOT}/golden`, auth(OPERATOR));
    expect(list.status).toBe(200);
    expect(list.body.examples).toHaveLength(1);
    const [ex] = list.body.examples;
    expect(ex).toMatchObject({ userText: 'quanto custa o plano mensal?', reply: 'O plano mensal custa R$ 250.', source: 'judge', sessionId: 's-1' });

    expect((await del(`/api/bots/${BOT}/golden/${ex.id}`, OPERATOR)).status).toBe(403);
    expect((await del(`/api/bots/${BOT}/golden/abc`, ADMIN)).status).toBe(400);
    expect((await del(`/api/bots/${BOT}/golden/${ex.id}`, ADMIN)).status).toBe(200);
    expect((await del(`/api/bots/${BOT}/golden/${ex.id}`, ADMIN)).status).toBe(404);
    expect((await s.get(`/api/bots/${BOT}/golden`, auth())).body.examples).toEqual([]);
  });

  it('keeps admin documents across a restart: the start-up loader merges them with the folder', async () => {
    const OTHER = 'ct-restarted'; // another bot id on the same database, so the running bot is left alone
    const dir = join(import.meta.dirname, '../../../bots/ct-smash/knowledge');
    await putKnowledgeDoc(s.db, OTHER, 'pt-BR', dir, 'sauna.md', SAUNA);
    expect((await searchKnowledge(s.db, OTHER, 'pt-BR', 'sauna seca'))[0].doc).toBe('sauna.md');
    // Indexing the folder alone (what start-up did before) loses the admin document…
    await indexKnowledge(s.db, OTHER, 'pt-BR', readKnowledgeDir(dir));
    expect(await searchKnowledge(s.db, OTHER, 'pt-BR', 'sauna seca')).toEqual([]);
    // …the loader brings it back from the store, next to the files.
    const chunks = await loadKnowledgeChunks(s.db, OTHER, dir);
    expect(chunks.some((c) => c.doc === 'sauna.md')).toBe(true);
    expect(chunks.some((c) => c.doc === 'estacionamento.md' && c.content.includes('Pinheiros Park'))).toBe(true);
    expect((await indexBotKnowledge(s.db, OTHER, 'pt-BR', dir)).reindexed).toBe(true);
    expect((await searchKnowledge(s.db, OTHER, 'pt-BR', 'sauna seca'))[0].doc).toBe('sauna.md');
    expect((await indexBotKnowledge(s.db, OTHER, 'pt-BR', dir)).reindexed).toBe(false);
  });
});
