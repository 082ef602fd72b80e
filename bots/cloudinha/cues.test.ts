// The phrases the routing rules trust over the classifier (bot.yaml entities, `says:` in the rules): explicit exits,
// explicit search requests, how-questions, programs named.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { botVocabulary } from 'switchboard';

const { says } = botVocabulary(import.meta.url);
const isExitPhrase = (text: string) => says('exit_phrase', text) !== undefined;
const isSearchRequest = (text: string) => says('search_request', text) !== undefined;
const isHowQuestion = (text: string) => says('how_question', text) !== undefined;
const namedPrograms = (text: string) => (['sisu', 'prouni'] as const).filter((p) => says(`names_${p}`, text) !== undefined);

const intents = parse(readFileSync(new URL('./bot.yaml', import.meta.url), 'utf8')).intents as Record<string, { examples: string[] }>;

describe('exit_phrase', () => {
  it('recognises every exit example of bot.yaml (the classifier is trained on them)', () => {
    const missed = intents.exit.examples.filter((ex) => !isExitPhrase(ex));
    expect(missed).toEqual([]);
  });

  it.each(['sair', 'cancela isso', 'para com isso, não quero mais procurar', 'chega, depois eu vejo', 'deixa pra lá', 'quero mudar de assunto', 'Para!'])(
    'exit: %s',
    (text) => expect(isExitPhrase(text)).toBe(true),
  );

  it.each([
    'particular',
    'tanto faz',
    'quero uma faculdade para estudar à noite',
    'quando sai o resultado do sisu?',
    'to muito triste',
    'sou só eu e minha vó',
    'não aguento mais essa prova',
  ])('not an exit: %s', (text) => expect(isExitPhrase(text)).toBe(false));
});

describe('search_request', () => {
  it.each(['quero achar um curso de medicina', 'me indica uma faculdade', 'onde eu passo com 650?', 'quero fazer direito', 'quero voltar pra busca de faculdade', 'quais faculdades tem bolsa pra mim?'])(
    'search: %s',
    (text) => expect(isSearchRequest(text)).toBe(true),
  );

  it.each(['posso me inscrever em quantos cursos?', 'como funciona a lista de espera?', 'você acha que eu passo?', 'e qual a nota minima?', 'quero fazer o sisu esse ano'])(
    'not a search: %s',
    (text) => expect(isSearchRequest(text)).toBe(false),
  );
});

describe('names_sisu, names_prouni and how_question', () => {
  it('finds the programs a message names', () => {
    expect(namedPrograms('e o prouni, como funciona?')).toEqual(['prouni']);
    expect(namedPrograms('qual a diferença entre Sisu e Pro Uni?')).toEqual(['sisu', 'prouni']);
    expect(namedPrograms('quero fazer direito')).toEqual([]);
  });

  it('tells how-questions from requests', () => {
    expect(isHowQuestion('como pesquiso as vagas no sisu?')).toBe(true);
    expect(isHowQuestion('me acha uma faculdade de direito')).toBe(false);
  });
});
