import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coreMigrations, migrate, openTestDatabase, testDrivers } from '../store/index.ts';
import { chunkMarkdown, indexKnowledge, searchKnowledge } from './index.ts';

const DOC = `# CT Smash

Centro de treinamento de lutas.

## Endereço
A CT fica na Rua das Palmeiras, 120, Centro. Perto do metrô.

## Estacionamento
Temos estacionamento gratuito para alunos.

## Preços
A mensalidade custa R$ 150. Aula avulsa R$ 40.
`;

describe('chunking', () => {
  it('splits by second-level headings and keeps the intro', () => {
    const chunks = chunkMarkdown('ct.md', DOC);
    expect(chunks.map((c) => c.heading)).toEqual(['CT Smash', 'Endereço', 'Estacionamento', 'Preços']);
    expect(chunks[1].content).toContain('Rua das Palmeiras');
  });
});

for (const driver of testDrivers()) {
  describe(`knowledge search on ${driver}`, () => {
    let db: Awaited<ReturnType<typeof openTestDatabase>>;
    beforeAll(async () => {
      db = await openTestDatabase(driver);
      await migrate(db, coreMigrations);
      await indexKnowledge(db, 'ct', 'pt-BR', [...chunkMarkdown('ct.md', DOC), ...chunkMarkdown('loja.md', '# Loja\n\n## Estacionamento da loja\nA loja não tem estacionamento.\n')]);
    });
    afterAll(async () => db?.drop());

    it('finds the passage that answers a Portuguese question, accents or not', async () => {
      expect((await searchKnowledge(db, 'ct', 'pt-BR', 'onde fica a CT? qual o endereço?'))[0].heading).toBe('Endereço');
      expect((await searchKnowledge(db, 'ct', 'pt-BR', 'quanto custa a mensalidade'))[0].heading).toBe('Preços');
      expect((await searchKnowledge(db, 'ct', 'pt-BR', 'tem estacionamento?'))[0].heading).toBe('Estacionamento');
      expect((await searchKnowledge(db, 'ct', 'pt-BR', 'endereco'))[0].heading).toBe('Endereço');
    });

    it('puts the passage sharing the most distinct words of the question before one that repeats a single word', async () => {
      await indexKnowledge(db, 'ct-hours', 'pt-BR', [
        ...chunkMarkdown('endereco.md', '# Endereço\n\n## Onde fica a academia\nFica na Rua A, 10. Fica ao lado da padaria, onde fica o ponto de ônibus.\n'),
        ...chunkMarkdown('horarios.md', '# Horários\n\n## Que horas abre e fecha\nSegunda a sexta das 6h às 22h. Sábado das 8h às 12h.\n'),
      ]);
      expect((await searchKnowledge(db, 'ct-hours', 'pt-BR', 'fica funcionando ate quantas horas no sabado'))[0].heading).toBe('Que horas abre e fecha');
      expect((await searchKnowledge(db, 'ct-hours', 'pt-BR', 'onde fica?'))[0].heading).toBe('Onde fica a academia');
    });

    it('returns nothing for unrelated or hostile text and does not reindex unchanged docs', async () => {
      expect(await searchKnowledge(db, 'ct', 'pt-BR', "'; drop table knowledge_chunks; --")).toEqual([]);
      expect(await searchKnowledge(db, 'other-bot', 'pt-BR', 'endereço')).toEqual([]);
      expect((await indexKnowledge(db, 'ct', 'pt-BR', [...chunkMarkdown('ct.md', DOC), ...chunkMarkdown('loja.md', '# Loja\n\n## Estacionamento da loja\nA loja não tem estacionamento.\n')])).reindexed).toBe(false);
    });

    it('restricted to documents: every passage of those only, the matching ones first', async () => {
      expect((await searchKnowledge(db, 'ct', 'pt-BR', 'tem estacionamento?', 10)).map((p) => p.doc).sort()).toEqual(['ct.md', 'loja.md']);
      const inCt = await searchKnowledge(db, 'ct', 'pt-BR', 'tem estacionamento?', 10, ['ct.md']);
      expect(inCt.map((p) => p.heading)).toEqual(['Estacionamento', 'CT Smash', 'Endereço', 'Preços']);
      expect((await searchKnowledge(db, 'ct', 'pt-BR', 'tem estacionamento?', 10, ['loja.md'])).map((p) => p.heading)).toEqual(['Estacionamento da loja']);
      // no searchable word: the documents' passages all the same (an overview can still answer)
      expect(await searchKnowledge(db, 'ct', 'pt-BR', '?', 10, ['loja.md'])).toHaveLength(1);
      expect(await searchKnowledge(db, 'ct', 'pt-BR', '?', 10)).toEqual([]);
    });
  });
}
