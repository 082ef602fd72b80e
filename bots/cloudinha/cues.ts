// Phrases the router trusts more than the classifier's guess: an explicit exit ("sair", "cancela", "não quero
// mais procurar"), an explicit request to search for courses, and which program a message names.
import { fold } from './text.ts';

// "para" and "sai" are also a preposition and "sai o resultado": they count only at the start of the message
// or in their exit idioms ("para com isso", "para de perguntar", "sai disso").
const EXIT = new RegExp(
  [
    '^\\s*(?:para|pare|sai)\\b(?!\\s+(?:o|a|os|as|quando|que)\\b)',
    '\\b(?:sair|saio|cancel\\w*|parar|pode parar|para (?:com isso|tudo|por aqui|agora)|para de \\w+r\\b|sai (?:disso|daqui|fora))\\b',
    '\\b(?:chega|desisto|desistir|encerr\\w*|reinici\\w*|recomec\\w*|to fora|tou fora)\\b',
    '\\b(?:deixa (?:pra|para) la|deixa quieto|esquece|esqueca|esquece isso)\\b',
    '\\bnao (?:quero|vou) (?:mais|continuar|responder|seguir)\\b|\\bnao precisa mais\\b',
    '\\b(?:voltar?|volta) (?:ao|pro|para o|pra o) (?:inicio|comeco)\\b|\\bcomecar de novo\\b|\\bdo zero\\b',
    '\\b(?:outro assunto|mudar? de assunto|muda o assunto|trocar de assunto)\\b',
  ].join('|'),
);

/** The message says, in words, that the student wants to leave what they are doing. */
export function isExitPhrase(text: string): boolean {
  return EXIT.test(fold(text));
}

// Asking the bot to look for courses, colleges or scholarships (not asking how a program works).
const SEARCH = new RegExp(
  [
    '\\b(?:achar|encontrar|encontra|encontre|procurar|procura|procure|procurando|buscar|busca|busque|buscando|pesquisar|pesquise)\\b',
    '\\bme (?:indica|indique|mostra|mostre|acha|ache|recomenda|recomende|sugere|sugira)\\b',
    '\\b(?:quais|que) (?:faculdades|universidades|cursos|opcoes|vagas|bolsas) (?:tem|existem|aceitam|combinam|posso fazer|eu posso fazer|tem pra mim)\\b',
    '\\bonde (?:eu )?(?:passo|consigo passar|posso estudar|tem (?:curso|faculdade|vaga|bolsa))\\b',
    '\\b(?:com|pela) (?:a )?minha nota\\b|\\btirei \\d{3}\\b',
    '\\bquero (?:fazer|cursar|estudar) (?!o sisu|o prouni|o enem)\\w+',
    '\\b(?:voltar|volta|continuar|retomar) (?:a |pra |para a |pra a )?(?:busca|procura|pesquisa)\\b',
  ].join('|'),
);

/** "me acha uma faculdade", "onde eu passo com 650?", "quero fazer direito": a request for the match search. */
export function isSearchRequest(text: string): boolean {
  return SEARCH.test(fold(text));
}

export type ProgramName = 'sisu' | 'prouni';

const HOW = /\b(?:como|funciona\w*|o que e|qual e|quais sao|posso|pode|da pra|precisa|preciso|quantos|quantas|quando|onde)\b/;

/** A question about how something works or is allowed ("como pesquiso as vagas?", "posso escolher 2 cursos?"). */
export function isHowQuestion(text: string): boolean {
  return HOW.test(fold(text));
}

/** The programs a message names ("sisu", "prouni", "pro uni"). */
export function namedPrograms(text: string): ProgramName[] {
  const f = fold(text);
  const out: ProgramName[] = [];
  if (/\bsisu\b/.test(f)) out.push('sisu');
  if (/\bpro ?uni\b/.test(f)) out.push('prouni');
  return out;
}
