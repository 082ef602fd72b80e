import { describe, expect, it } from 'vitest';
import { commandReader } from './commands.ts';
import { referenceReader } from './references.ts';
import { createLocalUnderstander } from './understander.ts';

// A tiny command bot: the reader learns its cue words from these examples and classifies with a classifier
// trained on them.
const examples = {
  criar_contato: ['cadastra o Rui da Orbe', 'cadastre a Lia, tel 11 90000-0000', 'adiciona o contato Caio', 'novo contato: Téo'],
  anotar: ['anota que ele pediu desconto', 'anote: cliente sem pressa', 'registra uma nota dizendo que gostou', 'nota: ligar depois'],
  listar: ['lista os contatos', 'mostra meus contatos', 'contatos cadastrados', 'quais contatos eu tenho?'],
  outro: ['oi', 'bom dia', 'obrigado', 'valeu, beleza'],
};
const flat = Object.entries(examples).flatMap(([intent, texts]) => texts.map((text) => ({ intent, text })));
const local = createLocalUnderstander(flat, { language: 'pt', threshold: 0.4, fallback: 'outro', exclusive: ['outro'], multiIntent: true });
const reader = commandReader(flat, {
  lang: 'pt',
  classify: (t) => local.classify(t),
  threshold: 0.4,
  fallback: 'outro',
  freeText: ['anotar'],
  opening: { anotar: ['nota', 'observação'] },
  references: [referenceReader('pt', ['contato'])],
});
const read = (text: string) => reader.read(text).map((c) => [c.intent, c.text]);

describe('commandReader', () => {
  it('learns cue words from the examples, skipping fillers, questions and the fallback', () => {
    expect([...reader.cues]).toEqual(expect.arrayContaining(['cadastra', 'anota', 'lista', 'mostra', 'contatos']));
    expect(reader.cues.has('quais')).toBe(false);
    expect(reader.cues.has('obrigado')).toBe(false);
    expect(reader.opensCommand('e depois anota isso')).toBe(true);
    expect(reader.opensCommand('e a Ana')).toBe(false);
  });

  it('cuts at a comma or a conjunction only where a command opens', () => {
    expect(read('cadastra a Bia da Vila Nova e anota que ela quer café e pão')).toEqual([
      ['criar_contato', 'cadastra a Bia da Vila Nova'],
      ['anotar', 'anota que ela quer café e pão'],
    ]);
    expect(read('mostra os contatos e depois cadastra o Davi')).toEqual([
      ['listar', 'mostra os contatos'],
      ['criar_contato', 'cadastra o Davi'],
    ]);
  });

  it('puts a misspelt cue word right, but not an inflection of a known word', () => {
    expect(reader.correct('cadastar o Davi')).toBe('cadastra o Davi');
    expect(reader.correct('adicina o Davi')).toBe('adiciona o Davi');
    expect(reader.correct('cadastrei o Davi')).toBe('cadastrei o Davi');
    expect(reader.correct('listar os contatos')).toBe('listar os contatos');
  });

  it('keeps what follows a free-text request in its text, and drops what no intent claims', () => {
    expect(read('anota: pediu prazo. Quer começar logo')).toEqual([['anotar', 'anota: pediu prazo. Quer começar logo']]);
    expect(read('bom dia; lista os contatos').map(([intent]) => intent)).toEqual(['outro', 'listar']);
    const listOnly = commandReader(flat, { lang: 'pt', classify: (t) => (t.includes('lista') ? [{ id: 'listar', confidence: 1 }] : []), threshold: 0.4 });
    expect(listOnly.read('lista os contatos; xyzzy plugh').map((c) => c.text)).toEqual(['lista os contatos']);
  });

  it('reads the free text after the opening: fillers, cue word, the intent\'s opening words, a pointer, one connector', () => {
    expect(reader.rest('anotar', 'pode anota aí uma nota nele: chega às 8')).toBe('chega às 8');
    expect(reader.rest('anotar', 'registra nesse contato que o sócio aprovou')).toBe('o sócio aprovou');
    expect(reader.rest('anotar', 'anota uma observação dizendo que volta em maio')).toBe('volta em maio');
    expect(reader.rest('anotar', 'anota que de tarde ele não atende')).toBe('de tarde ele não atende');
    expect(reader.rest('anotar', 'anota que a Rita ligou')).toBe('a Rita ligou');
    expect(reader.rest('anotar', 'anota q ele quer 5 maquininhas')).toBe('ele quer 5 maquininhas'); // "q" is "que"
    expect(reader.read('cadastra o Davi; anota: quer boleto').map((c) => c.rest)).toEqual(['Davi', 'quer boleto']);
  });

  it('reads a request said again with nothing of its own as the same request', () => {
    expect(read('cadastra o Davi da Orbe, cadastre por favor')).toEqual([['criar_contato', 'cadastra o Davi da Orbe']]);
    expect(read('cadastra o Davi e cadastra a Lia').map(([intent]) => intent)).toEqual(['criar_contato', 'criar_contato']);
  });

  it('reads the entities once over the message and gives each request those of its own clause', () => {
    const calls: string[] = [];
    const phones = (t: string) => {
      calls.push(t);
      return [...t.matchAll(/\d[\d -]+\d/g)].map((m) => ({ type: 'phone', value: m[0], text: m[0], start: m.index, end: m.index + m[0].length }));
    };
    const [contact, note] = reader.read('cadastra o Davi, tel 11 98888-7777; anota que ligou às 9 99', phones);
    expect(calls).toHaveLength(1);
    expect(contact.entities).toEqual([{ type: 'phone', value: '11 98888-7777', text: '11 98888-7777', start: 21, end: 34 }]);
    expect(contact.text.slice(21, 34)).toBe('11 98888-7777');
    expect(note.entities.map((e) => [e.text, note.text.slice(e.start, e.end)])).toEqual([['9 99', '9 99']]);
  });
});
