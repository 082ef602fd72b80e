// mini-crm over HTTP, without a model: a task or note whose text names several leads ("ligar pro X e pra Y") is
// one task or note per lead, each on its own lead; a name no lead matches asks and writes to no other record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/server.ts';

interface Row {
  kind: string;
  nome: string;
  text: string;
}

describe('mini-crm writes one record per lead named inside a task or a note', () => {
  let s: TestServer;
  let chat: (message: string) => Promise<{ reply: string }>;
  let workspace: string;
  beforeAll(async () => {
    s = await startTestServer({ only: ['mini-crm'] });
    const first = await s.chat('mini-crm', { message: 'cadastra o Otávio Prado da Serralheria Sul e a Lúcia Brandão' });
    expect(first.reply).toMatch(/Lead criado: Otávio Prado[\s\S]*Lead criado: Lúcia Brandão/);
    workspace = first.sessionId;
    chat = (message) => s.chat('mini-crm', { sessionId: first.sessionId, sessionToken: first.sessionToken, message });
    expect((await chat('cadastra a Noêmia Vaz')).reply).toMatch(/Lead criado: Noêmia Vaz/);
  }, 60_000);
  afterAll(async () => s?.close());

  /** Every task and note of the workspace with its lead's name (none: no lead). */
  async function rows(): Promise<Row[]> {
    const found = await s.db.query<Row>(
      `select 'tarefa' as kind, coalesce(l.nome, '-') as nome, t.titulo as text from crm_tasks t left join crm_leads l on l.id = t.lead_id where t.workspace = $1
       union all select 'nota', coalesce(l.nome, '-'), n.texto from crm_notes n left join crm_leads l on l.id = n.lead_id where n.workspace = $1`,
      [workspace],
    );
    return found.sort((a, b) => `${a.kind}${a.nome}${a.text}`.localeCompare(`${b.kind}${b.nome}${b.text}`));
  }
  const leads = async () => (await s.db.query<{ nome: string }>('select nome from crm_leads where workspace = $1 order by nome', [workspace])).map((r) => r.nome);

  it('creates a task for each lead a task names, its title keeping only its own lead', async () => {
    const r = await chat('cria uma tarefa de levar o catálogo pro Otávio e pra Lúcia sexta às 14h');
    expect(r.reply).toMatch(/Tarefa criada: Levar o catálogo pro Otávio \(id[\s\S]*Tarefa criada: Levar o catálogo pra Lúcia \(id/);
    expect(await rows()).toEqual([
      { kind: 'tarefa', nome: 'Lúcia Brandão', text: 'Levar o catálogo pra Lúcia' },
      { kind: 'tarefa', nome: 'Otávio Prado', text: 'Levar o catálogo pro Otávio' },
    ]);
  });

  it('adds a note to each lead a note names, three of them in a list', async () => {
    const before = await rows();
    const r = await chat('anota na Noêmia, no Otávio e na Lúcia que pediram boleto parcelado');
    expect(r.reply.match(/Nota registrada/g)).toHaveLength(3);
    const added = (await rows()).filter((x) => !before.some((b) => b.kind === x.kind && b.nome === x.nome && b.text === x.text));
    expect(added.map((x) => [x.kind, x.nome])).toEqual([
      ['nota', 'Lúcia Brandão'],
      ['nota', 'Noêmia Vaz'],
      ['nota', 'Otávio Prado'],
    ]);
    expect(new Set(added.map((x) => x.text))).toEqual(new Set(['Pediram boleto parcelado']));
  });

  it('asks for a name no lead matches and writes nothing to another record for it', async () => {
    const cases: { message: string; asks: RegExp; writes: [string, string][] }[] = [
      // Both unknown: nothing at all.
      { message: 'cria tarefa de visitar o Anacleto e a Berenice amanhã às 11h', asks: /Não encontrei o lead Anacleto/, writes: [] },
      { message: 'anota no Cristóvão e na Dalva que esperam a amostra', asks: /Não encontrei o lead Cristóvão/, writes: [] },
      // One known, one not: only the known lead's record.
      { message: 'cria um lembrete de cobrar a Noêmia e o Evaristo na segunda', asks: /Não encontrei o lead Evaristo/, writes: [['tarefa', 'Noêmia Vaz']] },
      { message: 'anota no Fabrício e no Otávio que o frete ficou caro', asks: /Não encontrei o lead Fabrício/, writes: [['nota', 'Otávio Prado']] },
      { message: 'cria tarefa de mandar a tabela pro lead Gumercindo e pro lead Lúcia quinta', asks: /Não encontrei o lead Gumercindo/, writes: [['tarefa', 'Lúcia Brandão']] },
    ];
    for (const { message, asks, writes } of cases) {
      // The conversation is on Otávio: the lead a fallback would write to.
      expect((await chat('busca o Otávio Prado')).reply).toMatch(/Lead encontrado: Otávio Prado/);
      const before = await rows();
      const r = await chat(message);
      expect(r.reply, message).toMatch(asks);
      const after = await rows();
      const added = after.filter((x) => !before.some((b) => b.kind === x.kind && b.nome === x.nome && b.text === x.text));
      expect(added.map((x) => [x.kind, x.nome]), message).toEqual(writes);
      expect(after.length, message).toBe(before.length + writes.length);
      // Declining the question writes nothing either.
      await chat('não');
      expect(await rows(), message).toEqual(after);
    }
    expect(await leads()).toEqual(['Lúcia Brandão', 'Noêmia Vaz', 'Otávio Prado']);
  });
});
