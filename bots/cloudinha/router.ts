// The router: looks at every message before any agent runs.
//   Onboarding first, until the profile is complete (a bot-routed form: every message is its answer), except a
//   question naming Sisu or Prouni once the onboarding has asked its first question, when the message answers none
//   of it: that program answers, and the onboarding resumes with the next message.
//   Then, first match wins:
//   1. an answer the match form is waiting for stays in match, whatever the classifier says ("particular"
//      answering "pública ou privada?" is no exit, "minha renda é 2000, dá Prouni?" no Prouni question);
//   2. "sair" leaves the subject — only with an explicit exit phrase: the classifier's guess never drops progress;
//   3. another subject's intent switches (in match, a Sisu question goes to Sisu; the match form waits, and
//      resumes where it was when match comes back), unless the message is a follow-up on the active program.
// The chosen agent returns the workflow, which the engine stores on the session and tags the messages with.
import { profileSubject, readProfile } from 'switchboard';
import { isExitPhrase, isHowQuestion, isSearchRequest, namedPrograms, type ProgramName } from './cues.ts';
import { matchClaims } from './match.ts';
import { onboardingClaims } from './onboarding.ts';
import type { Catalog } from './extract.ts';
import { catalogFor } from './services.ts';
import { WORKFLOWS, type CloudinhaRoute } from './turn.ts';

/** The subjects the student can switch between, by the workflow each keeps on the session. */
const AGENT_OF: Record<string, string> = {
  [WORKFLOWS.match]: 'match',
  [WORKFLOWS.sisu]: 'sisu',
  [WORKFLOWS.prouni]: 'prouni',
};
const SUBJECTS = Object.values(AGENT_OF);

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

export async function route(ctx: CloudinhaRoute): Promise<string[]> {
  // First, on every turn (it is built once): the forms' reading takes it synchronously (`slotVocabulary`).
  const catalog = await catalogFor(ctx.sql);
  const { profile } = await readProfile(ctx.sql, ctx.bot.id, ctx.bot.profile!, profileSubject(ctx.session));
  const top = ctx.intents[0];
  if (profile.onboarding_completed !== true) return [duringOnboarding(ctx, top, catalog)];
  // An onboarding left open in another conversation is over once the profile is complete.
  const active = ctx.session.activeWorkflow ? AGENT_OF[ctx.session.activeWorkflow] : undefined;
  if (active === 'match' && matchClaims(ctx.text, catalog, ctx.memory.match ?? undefined)) return ['match'];
  if (top === 'exit' && isExitPhrase(ctx.text)) return ['exit'];
  // No subject yet: a search opens the match form; root answers the rest (and opens a program itself).
  if (!active) return top === 'match' ? ['match'] : ['root'];
  return [withActiveSubject(ctx.text, active, top)];
}

/** Onboarding answers, except a question naming the program the classifier heard once it has asked, when the message answers none of it. */
function duringOnboarding(ctx: CloudinhaRoute, top: string | undefined, catalog: Catalog): string {
  const asked = Boolean(ctx.memory.onboarding?.stage);
  const program = top === 'sisu' || top === 'prouni' ? top : undefined;
  if (asked && program && namedPrograms(ctx.text).includes(program) && !onboardingClaims(ctx.text, catalog)) return program;
  return 'onboarding';
}

/** With a subject open: a plain search in a program's conversation goes to match; another subject's intent switches unless the message follows up on the program. */
function withActiveSubject(text: string, active: string, top: string | undefined): string {
  const inProgram = active === 'sisu' || active === 'prouni';
  // In a program's conversation, a plain request for a search ("me ajuda a achar direito, fiz 600") is the match
  // form's, whatever program the classifier heard in it.
  if (inProgram && isPlainSearch(text)) return 'match';
  const onTopic = inProgram && staysWithProgram(text, active, top);
  if (top && SUBJECTS.includes(top) && top !== active && !onTopic) return top;
  return active;
}

/** A request for a course search that is not a how-question and names no program. */
function isPlainSearch(text: string): boolean {
  return isSearchRequest(text) && !isHowQuestion(text) && !namedPrograms(text).length;
}
