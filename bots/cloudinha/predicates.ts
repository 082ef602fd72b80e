// The domain checks bot.yaml `routing.rules` name (`check:`): what a message says that only Cloudinha's cues and
// data know — an explicit exit or search, a program named, an answer the match or onboarding form would read.
import type { RouteContext } from 'switchboard';
import { isExitPhrase, isHowQuestion, isSearchRequest, namedPrograms, type ProgramName } from './cues.ts';
import { matchClaims } from './match.ts';
import { onboardingClaims } from './onboarding.ts';
import { catalogFor } from './services.ts';
import { WORKFLOWS, type CloudinhaMemory } from './turn.ts';

type Predicate = (text: string, ctx: RouteContext<CloudinhaMemory>) => boolean | Promise<boolean>;

/** The program of the active Sisu or Prouni workflow. */
const activeProgram = (ctx: RouteContext<CloudinhaMemory>): ProgramName | undefined =>
  ctx.session.activeWorkflow === WORKFLOWS.sisu ? 'sisu' : ctx.session.activeWorkflow === WORKFLOWS.prouni ? 'prouni' : undefined;

/**
 * In a Sisu or Prouni conversation, a question stays with that program unless it names the other program
 * or asks explicitly for a course search (a question about how many courses one may apply to is about Sisu, not a search).
 */
function staysWithProgram(text: string, program: ProgramName, top: string | undefined): boolean {
  const named = namedPrograms(text);
  const other: ProgramName = program === 'sisu' ? 'prouni' : 'sisu';
  if (top === other) return !named.includes(other);
  if (top === 'match') return !isSearchRequest(text) || (named.includes(program) && isHowQuestion(text));
  return true;
}

export const predicates: Record<string, Predicate> = {
  /** "sair", "cancela", "não quero mais procurar": the student says they want to leave. */
  exitPhrase: (text) => isExitPhrase(text),
  /** A request for a course search that is not a how-question and names no program. */
  plainSearch: (text) => isSearchRequest(text) && !isHowQuestion(text) && !namedPrograms(text).length,
  /** The message names the program the classifier heard. */
  namesHeardProgram: (text, ctx) => (namedPrograms(text) as string[]).includes(ctx.intents[0] ?? ''),
  /** A follow-up on the active Sisu or Prouni conversation. */
  staysWithProgram: (text, ctx) => {
    const program = activeProgram(ctx);
    return program !== undefined && staysWithProgram(text, program, ctx.intents[0]);
  },
  /** Something the match form collects (its answer when it waits): the catalog is built first, for its reading. */
  matchClaims: async (text, ctx) => matchClaims(text, await catalogFor(ctx.sql), ctx.memory.match ?? undefined),
  /** Something the onboarding form reads by its cues (a name, an age, a city, the schooling). */
  onboardingClaims: async (text, ctx) => onboardingClaims(text, await catalogFor(ctx.sql)),
};
