// Phrases the routing rules (bot.yaml `routing`, through predicates.ts) trust more than the classifier's guess (bot.yaml `settings.cues`): an explicit exit ("sair",
// "cancela", "não quero mais procurar"), an explicit request to search for courses, and which program a message names.
import { fold } from 'switchboard';
import { settings } from './vocab.ts';

const cues = settings.cues as { exit: string[]; search: string[]; how: string[]; programs: Record<ProgramName, string> };
const anyOf = (patterns: string[]) => new RegExp(patterns.join('|'));
const EXIT = anyOf(cues.exit);
const SEARCH = anyOf(cues.search);
const HOW = anyOf(cues.how);

export type ProgramName = 'sisu' | 'prouni';

/** The message says, in words, that the student wants to leave what they are doing. */
export const isExitPhrase = (text: string): boolean => EXIT.test(fold(text));

/** "me acha uma faculdade", "onde eu passo com 650?", "quero fazer direito": a request for the match search. */
export const isSearchRequest = (text: string): boolean => SEARCH.test(fold(text));

/** A question about how something works or is allowed ("como pesquiso as vagas?", "posso escolher 2 cursos?"). */
export const isHowQuestion = (text: string): boolean => HOW.test(fold(text));

/** The programs a message names ("sisu", "prouni", "pro uni"). */
export function namedPrograms(text: string): ProgramName[] {
  const f = fold(text);
  return (Object.keys(cues.programs) as ProgramName[]).filter((p) => new RegExp(cues.programs[p]).test(f));
}
