import { describe, expect, it } from 'vitest';
import { extractEntities } from '../entities/index.ts';
import { referenceReader } from '../references.ts';
import type { Language, PatternEntity } from '../types.ts';
import { readCommandSlots, readCommandSlotSets, type CommandSlotSpec } from './index.ts';

const now = new Date('2026-03-02T15:00:00Z'); // Monday, 12:00 in São Paulo
const timeZone = 'America/Sao_Paulo';
const patterns: PatternEntity[] = [
  { type: 'valor', money: { before: ['por', 'a'], within: 2 } },
  { type: 'qtd', number: { after: ['x', 'unidades'], counts: true, words: false, min: 1 } },
];
const references = { cliente: referenceReader('pt', ['cliente', 'contato']) };

/** A clause as ctx.commands() gives it: its text, the free text after its opening, its entities. */
function read(text: string, rest: string, specs: Record<string, CommandSlotSpec>, extra: { opening?: string[]; lang?: Language } = {}) {
  const lang = extra.lang ?? 'pt';
  const entities = extractEntities(text, { lang, now, timeZone, patterns });
  return readCommandSlots({ text, rest, entities }, specs, { lang, now, timeZone, references, patterns, opening: extra.opening });
}

describe('readCommandSlots', () => {
  it('reads a deadline out of the free text and trims what glued it to the rest', () => {
    const specs: Record<string, CommandSlotSpec> = { quando: { kind: 'datetime', read: 'deadline' }, titulo: { read: 'text' } };
    expect(read('agenda pra quarta às 16h de revisar o contrato', 'pra quarta às 16h de revisar o contrato', specs)).toEqual({
      quando: '2026-03-04T19:00:00.000Z',
      titulo: 'Revisar o contrato',
    });
    // Polite phrases at the opening and function words at the end go too.
    expect(read('por favor anota ai: trocar o pneu até', 'por favor anota ai: trocar o pneu até', { t: { read: 'text' } })).toEqual({ t: 'Anota ai: trocar o pneu' });
  });

  it('fills slots from the clause entities, cuts them from the text, and reads a counted quantity', () => {
    const specs: Record<string, CommandSlotSpec> = {
      preco: { kind: 'number', entity: 'valor' },
      quantidade: { kind: 'number', entity: 'qtd' },
      item: { read: 'text' },
    };
    expect(read('bota 4 cadeiras giratórias por 350 reais cada', '4 cadeiras giratórias por 350 reais cada', specs)).toEqual({
      preco: 350,
      quantidade: 4,
      item: 'Cadeiras giratórias',
    });
    expect(read('bota 12x parafuso sextavado', '12x parafuso sextavado', specs)).toEqual({ quantidade: 12, item: 'Parafuso sextavado' });
    // "tb" (também) is a filler where the text opens; a price in words is read as one.
    expect(read('poe tb 1 instalacao por cento e cinquenta reais', 'tb 1 instalacao por cento e cinquenta reais', specs)).toEqual({
      preco: 150,
      quantidade: 1,
      item: 'Instalacao',
    });
  });

  it('reads a name after cue words: any case after a naming word, else Capitalized only', () => {
    const target: CommandSlotSpec = { kind: 'ref', after: ['cliente', 'contato'], capitalized: true, cut: 'opening' };
    const specs = { alvo: target, texto: { read: 'text' } as CommandSlotSpec };
    expect(read('registra no cliente chamado otavio que ele vai atrasar', 'no cliente chamado otavio que ele vai atrasar', specs)).toEqual({
      alvo: 'Otavio',
      texto: 'Ele vai atrasar',
    });
    expect(read('registra no contato Bruna Melo: pagou a entrada', 'no contato Bruna Melo: pagou a entrada', specs)).toEqual({ alvo: 'Bruna Melo', texto: 'Pagou a entrada' });
    // Lowercase without a naming word is no name; a pronoun or article never is.
    expect(read('registra que o cliente gostou', 'o cliente gostou', specs)).toEqual({ texto: 'O cliente gostou' });
  });

  it('keeps a name in the text unless it opens it, and never looks past `until`', () => {
    const mention: CommandSlotSpec = { kind: 'ref', after: ['pro', 'pra', 'a', 'com o'], capitalized: true, cut: 'opening', until: [':'] };
    const specs = { citado: mention, texto: { read: 'text' } as CommandSlotSpec };
    expect(read('anota pro Vicente, quer boleto', 'pro Vicente, quer boleto', specs)).toEqual({ citado: 'Vicente', texto: 'Quer boleto' });
    expect(read('anota que vou ligar pro Vicente', 'vou ligar pro Vicente', specs)).toEqual({ citado: 'Vicente', texto: 'Vou ligar pro Vicente' });
    // An article alone introduces the subject: the name is read and stays.
    expect(read('anota que a Joana aprovou', 'a Joana aprovou', specs)).toEqual({ citado: 'Joana', texto: 'A Joana aprovou' });
    expect(read('anota: falar com o Vicente amanhã', 'falar com o Vicente amanhã', specs)).toEqual({ texto: 'Falar com o Vicente amanhã' });
  });

  it('reads a text after a cue up to punctuation or `until`; Capitalized, or running to the end', () => {
    const ref: CommandSlotSpec = { kind: 'ref', read: 'text', after: ['no pedido'], capitalized: true };
    const specs = { pedido: ref, preco: { kind: 'number', entity: 'valor' } as CommandSlotSpec, descricao: { read: 'text' } as CommandSlotSpec };
    expect(read('inclui no pedido Loja Centro, um cabo', 'no pedido Loja Centro, um cabo', specs)).toEqual({ pedido: 'Loja Centro', descricao: 'Cabo' });
    expect(read('inclui um cabo no pedido loja centro', 'um cabo no pedido loja centro', specs)).toEqual({ pedido: 'loja centro', descricao: 'Um cabo' });
    // Lowercase and followed by more of the request: no name, but the cue still leaves the text.
    expect(read('inclui no pedido o cabo por 20', 'no pedido o cabo por 20', specs)).toEqual({ preco: 20, descricao: 'Cabo' });
    const titled: CommandSlotSpec = { read: 'text', after: ['orçamento', 'orçamento de'], until: ['para', 'pra'] };
    expect(read('monta um orçamento de pintura externa pra Lúcia', 'um orçamento de pintura externa pra Lúcia', { titulo: titled })).toEqual({ titulo: 'Pintura externa' });
  });

  it('reads the person (and company) the free text opens with, an id, and a pointing phrase', () => {
    const specs: Record<string, CommandSlotSpec> = { nome: { read: 'name' }, empresa: { read: 'company' } };
    expect(read('cadastra a Yara Duarte da Ponte Alta, fone 11 91111-2222', 'Yara Duarte da Ponte Alta, fone 11 91111-2222', specs)).toEqual({
      nome: 'Yara Duarte',
      empresa: 'Ponte Alta',
    });
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(read(`abre o contato ${id}`, id, { alvo: { kind: 'ref', read: 'name' } })).toEqual({ alvo: id });
    const pointed: Record<string, CommandSlotSpec> = { atual: { kind: 'boolean', read: 'reference', reference: 'cliente' } };
    expect(read('mostra os pedidos dela', 'os pedidos dela', pointed)).toEqual({ atual: true });
    expect(read('mostra os pedidos', 'os pedidos', pointed)).toEqual({});
  });

  it('drops a value that only points at an earlier entity', () => {
    expect(read('conclui essa', 'essa', { tarefa: { kind: 'ref', read: 'text' } })).toEqual({});
  });

  it('trims with the language lists (Spanish)', () => {
    expect(read('agenda para el viernes llamar a Pablo por favor', 'para el viernes llamar a Pablo por favor', { cuando: { read: 'deadline' }, t: { read: 'text' } }, { lang: 'es' })).toMatchObject({
      t: 'Llamar a Pablo por favor',
    });
  });
});

describe('the documented example (docs/how-to/commands-and-planners.md#command-slots)', () => {
  it('reads an order item and a reminder', () => {
    const item: Record<string, CommandSlotSpec> = {
      preco: { kind: 'number', entity: 'valor' },
      quantidade: { kind: 'number', entity: 'qtd' },
      pedido: { kind: 'ref', read: 'text', after: ['no pedido', 'ao pedido'], capitalized: true },
      descricao: { read: 'text' },
    };
    const text = 'põe mais 6 caixas de papel a R$ 30 no pedido Filial Sul';
    expect(read(text, '6 caixas de papel a R$ 30 no pedido Filial Sul', item, { opening: ['item', 'mais'] })).toEqual({
      preco: 30,
      quantidade: 6,
      pedido: 'Filial Sul',
      descricao: 'Caixas de papel',
    });
    const reminder: Record<string, CommandSlotSpec> = {
      quando: { kind: 'datetime', read: 'deadline' },
      titulo: { read: 'text' },
      cliente: { kind: 'ref', after: ['pro', 'pra', 'com o', 'com a'], capitalized: true, cut: 'never' },
    };
    expect(read('lembrete pra sexta às 9h de ligar pro Vitor', 'pra sexta às 9h de ligar pro Vitor', reminder)).toEqual({
      quando: '2026-03-06T12:00:00.000Z',
      titulo: 'Ligar pro Vitor',
      cliente: 'Vitor',
    });
  });
});

describe('several entities of one kind in one request', () => {
  const sets = (text: string, rest: string, specs: Record<string, CommandSlotSpec>, lang: Language = 'pt') =>
    readCommandSlotSets({ text, rest, entities: extractEntities(text, { lang, now, timeZone, patterns }) }, specs, { lang, now, timeZone, references, patterns });
  const register: Record<string, CommandSlotSpec> = { nome: { read: 'name' }, empresa: { read: 'company' } };
  const note: Record<string, CommandSlotSpec> = { cliente: { kind: 'ref', after: ['no', 'na', 'cliente'], capitalized: true, cut: 'opening', until: [':'] }, texto: { read: 'text' } };

  it('gives one set of slots per name joined by commas and "e", each person with their own company', () => {
    expect(sets('registra o Vicente, a Dora e o Ícaro', 'Vicente, a Dora e o Ícaro', register)).toEqual([{ nome: 'Vicente' }, { nome: 'Dora' }, { nome: 'Ícaro' }]);
    expect(sets('registra a Iara da Quimera e o Otto da Faro', 'Iara da Quimera e o Otto da Faro', register)).toEqual([
      { nome: 'Iara', empresa: 'Quimera' },
      { nome: 'Otto', empresa: 'Faro' },
    ]);
    // Written in lowercase like the first.
    expect(sets('registra o vicente e a dora', 'vicente e a dora', register).map((s) => s.nome)).toEqual(['Vicente', 'Dora']);
  });

  it('reads names after the slot\'s cue words, the other slots shared, in Spanish and English too', () => {
    expect(sets('anota no Vicente e na Dora: querem visita', 'no Vicente e na Dora: querem visita', note)).toEqual([
      { cliente: 'Vicente', texto: 'Querem visita' },
      { cliente: 'Dora', texto: 'Querem visita' },
    ]);
    const es: Record<string, CommandSlotSpec> = { cliente: { kind: 'ref', after: ['de', 'del'], capitalized: true } };
    expect(sets('muestra las notas de Nerea y de Tomás', 'notas de Nerea y de Tomás', es, 'es')).toEqual([{ cliente: 'Nerea' }, { cliente: 'Tomás' }]);
    const en: Record<string, CommandSlotSpec> = { client: { kind: 'ref', after: ['for'], capitalized: true } };
    expect(sets('show the notes for Wendy, Colm and Priya', 'notes for Wendy, Colm and Priya', en, 'en').map((s) => s.client)).toEqual(['Wendy', 'Colm', 'Priya']);
    const vi: Record<string, CommandSlotSpec> = { khach: { kind: 'ref', after: ['của'], capitalized: true } };
    expect(sets('xem ghi chú của Lan và Minh', 'ghi chú của Lan và Minh', vi, 'vi').map((s) => s.khach)).toEqual(['Lan', 'Minh']);
  });

  it('is one set when the names stay in the text, when only commas join them, or when what follows is no name', () => {
    const task: Record<string, CommandSlotSpec> = { cliente: { kind: 'ref', after: ['pro', 'pra'], capitalized: true, cut: 'never' }, titulo: { read: 'text' } };
    expect(sets('agenda de ligar pro Vicente e pra Dora', 'ligar pro Vicente e pra Dora', task)).toEqual([{ cliente: 'Vicente', titulo: 'Ligar pro Vicente e pra Dora' }]);
    expect(sets('registra o Vicente, Quimera', 'Vicente, Quimera', register)).toHaveLength(1);
    expect(sets('registra a Dora e o irmão dela', 'Dora e o irmão dela', register)).toEqual([{ nome: 'Dora' }]);
  });

  it('with `each`, gives one set per name a text keeps, each text keeping its own name and what it shares', () => {
    const task: Record<string, CommandSlotSpec> = {
      cliente: { kind: 'ref', after: ['pro', 'pra', 'o', 'a', 'cliente'], capitalized: true, cut: 'never', each: true },
      quando: { kind: 'datetime', read: 'deadline' },
      titulo: { read: 'text' },
    };
    expect(sets('agenda de visitar a Jurema e o Natanael quarta às 8h', 'visitar a Jurema e o Natanael quarta às 8h', task)).toEqual([
      { cliente: 'Jurema', quando: '2026-03-04T11:00:00.000Z', titulo: 'Visitar a Jurema' },
      { cliente: 'Natanael', quando: '2026-03-04T11:00:00.000Z', titulo: 'Visitar o Natanael' },
    ]);
    // Three in a list, an article before the cue, and words after the names kept by each.
    expect(sets('agenda de mandar brindes pro Ubaldo, pra Zilá e pra Odete no fim do mês', 'mandar brindes pro Ubaldo, pra Zilá e pra Odete no fim do mês', task).map((x) => [x.cliente, x.titulo])).toEqual([
      ['Ubaldo', 'Mandar brindes pro Ubaldo no fim do mês'],
      ['Zilá', 'Mandar brindes pra Zilá no fim do mês'],
      ['Odete', 'Mandar brindes pra Odete no fim do mês'],
    ]);
    expect(sets('agenda de revisar o cliente Sancho e o cliente Teresa', 'revisar o cliente Sancho e o cliente Teresa', task).map((x) => x.titulo)).toEqual([
      'Revisar o cliente Sancho',
      'Revisar o cliente Teresa',
    ]);
    // One name, or a list without its "e": one set, the text whole.
    expect(sets('agenda de ligar pro Ubaldo amanhã', 'ligar pro Ubaldo amanhã', task)).toEqual([{ cliente: 'Ubaldo', quando: '2026-03-03T12:00:00.000Z', titulo: 'Ligar pro Ubaldo' }]);
    expect(sets('agenda de ligar pro Ubaldo, Zilá', 'ligar pro Ubaldo, Zilá', task)).toEqual([{ cliente: 'Ubaldo', titulo: 'Ligar pro Ubaldo, Zilá' }]);
  });
});
