// Every text processor of local understanding does work linear in the message's length, whatever its shape: the
// characters the string and regex built-ins are handed (src/nlu/testing/work.ts) grow at most ~4.5× from 1,000 to
// 4,000 characters of each hostile shape.
import { describe, expect, it } from 'vitest';
import { splitClauses } from './clauses.ts';
import { commandReader } from './commands.ts';
import { readCommandSlots, readCommandSlotSets } from './command-slots/index.ts';
import { extractEntities } from './entities/index.ts';
import { readQuery } from './entities/query-reader.ts';
import { normalize } from './normalize.ts';
import { foldPreservingOffsets } from '../text/index.ts';
import { referenceReader } from './references.ts';
import { readMoney, readNumber, readPersonName, SlotText } from './slot-reader/index.ts';
import { correctCommandWords } from './typos.ts';
import { createLocalUnderstander } from './understander.ts';
import type { Gazetteer, Language } from './types.ts';
import { growthOf, superLinear } from './testing/work.ts';

const now = new Date('2026-03-02T15:00:00Z');
const timeZone = 'America/Sao_Paulo';
const LANGS: Language[] = ['pt', 'es', 'vi', 'en'];

const linear = (process: (text: string) => unknown) => expect(superLinear(growthOf(process)).map((g) => `${g.shape}: ×${g.ratio.toFixed(1)}`)).toEqual([]);

// A made-up command vocabulary: a register, a note (free text), a task and a listing.
const examples = [
  { intent: 'registrar', text: 'cadastra o contato Fulano de Tal' },
  { intent: 'registrar', text: 'registra um lead novo chamado Beltrano' },
  { intent: 'anotar', text: 'anota que ele pediu desconto' },
  { intent: 'anotar', text: 'anotar nele que prefere de tarde' },
  { intent: 'tarefa', text: 'cria uma tarefa de ligar amanhã' },
  { intent: 'tarefa', text: 'agenda uma ligação pra sexta' },
  { intent: 'listar', text: 'lista meus contatos' },
  { intent: 'listar', text: 'mostra os leads' },
  { intent: 'outro', text: 'bom dia' },
  { intent: 'outro', text: 'obrigado' },
];
const lead = referenceReader('pt', ['lead', 'contato']);
const understander = createLocalUnderstander(examples, { language: 'pt', threshold: 0.5, fallback: 'outro', exclusive: [], multiIntent: true });
const reader = commandReader(examples, {
  lang: 'pt',
  classify: (t) => understander.classify(t),
  threshold: 0.3,
  fallback: 'outro',
  freeText: ['anotar', 'tarefa'],
  opening: { anotar: ['nota'], tarefa: ['tarefa'] },
  references: [lead],
});

describe('linear work in the message length', () => {
  it('normalisation and folding', () => {
    for (const lang of LANGS) linear((t) => normalize(t, lang));
    linear(foldPreservingOffsets);
  });

  it('clauses, plain and cut only where a command opens', () => {
    for (const lang of LANGS) linear((t) => splitClauses(t, lang));
    linear((t) => splitClauses(t, 'pt', { opensClause: (following) => reader.opensCommand(following) }));
  });

  it('entities (dates, money, numbers, names, phones, e-mails, gazetteers, patterns)', () => {
    // A phrase that is no class ("aula magna") is looked for once per message, not once per "aula" in it.
    const gazetteers: Gazetteer[] = [
      { type: 'cor', values: { azul: ['azul', 'azulão'], verde: [] } },
      { type: 'servico', values: { aula: ['aula experimental'], avaliacao: ['avaliação física'] }, not: ['aula magna'] },
    ];
    const patterns = [{ type: 'valor', money: { before: ['por'], within: 2 } }, { type: 'codigo', regex: 'PED-\\d+' }];
    for (const lang of LANGS) linear((t) => extractEntities(t, { lang, now, timeZone, gazetteers, patterns }));
  });

  it('a search request read with gazetteers (each form tried where its first word stands)', () => {
    const gazetteers: Gazetteer[] = [
      { type: 'servico', values: { aula: ['aula experimental', 'aulão'], avaliacao: ['avaliação física'] }, not: ['aula magna'] },
      { type: 'hora', values: { noite: ['à noite', 'de noite'], manha: ['de manhã'] } },
    ];
    const fields = { servico: { kind: 'servico' }, hora: { kind: 'hora' }, preco: { kind: 'budget' }, termos: { kind: 'terms' } };
    linear((t) => readQuery(t, fields, { lang: 'pt', gazetteers, terms: ['marcar', 'amanha'] }));
  });

  it('references', () => {
    linear((t) => lead.find(t));
    linear((t) => lead.name(t, 'Fulano'));
  });

  it('commands: typos, clauses, the free text after the opening', () => {
    linear((t) => correctCommandWords(t, { words: [...reader.cues], leadIns: ['e', 'pode'] }));
    linear((t) => reader.read(t));
    linear((t) => reader.read(t, (message) => extractEntities(message, { lang: 'pt', now, timeZone })));
    linear((t) => reader.rest('anotar', t));
  });

  it('command slots', () => {
    const specs = {
      quando: { kind: 'datetime' as const, read: 'deadline' as const },
      alvo: { kind: 'ref' as const, after: ['contato', 'lead'] },
      nome: { read: 'name' as const },
      texto: { read: 'text' as const },
    };
    linear((t) => readCommandSlots({ text: t, rest: t, entities: [] }, specs, { lang: 'pt', now, timeZone, references: { lead } }));
    // Names kept in the text, one set each, each with its own text.
    const each = { alvo: { kind: 'ref' as const, after: ['pro', 'pra', 'o', 'a'], capitalized: true, cut: 'never' as const, each: true }, texto: { read: 'text' as const } };
    linear((t) => readCommandSlotSets({ text: t, rest: t, entities: [] }, each, { lang: 'pt', now, timeZone, references: { lead } }));
    linear((t) => readCommandSlotSets({ text: `ligar pro Ari, pra Bia, pra Cid e pra Duda ${t}`, rest: t, entities: [] }, each, { lang: 'pt', now, timeZone }));
  });

  it('slot readers', () => {
    linear((t) => readNumber(new SlotText(t), { after: ['anos'], min: 10, max: 100 }, 'pt', true));
    linear((t) => readMoney(new SlotText(t), { before: ['renda'], within: 20, min: 50 }, 'pt', true));
    linear((t) => readPersonName(new SlotText(t), 'pt'));
  });

  it('the local understander (classifier, clauses, entities, flow context)', () => {
    const flows = [{ flow: 'tarefa', intent: 'tarefa', stage: 'ask_when', expects: ['date' as const, 'name' as const] }];
    linear((t) => understander.understand({ text: t, now, timeZone, flows }));
  });
});
