// The router: looks at every message before any agent runs.
//   Step 0 — a change of subject switches the active workflow (in match, a Sisu question goes to Sisu), unless
//   the message answers what the active workflow is collecting, or is a follow-up question on the active
//   program; "sair" clears it (only an explicit exit phrase: the classifier's guess alone never drops progress).
//   Then the priority: onboarding until complete → match → Sisu / Prouni agents → root.
// The chosen agent returns the workflow, which the engine stores on the session in the turn's transaction
// (and tags the reply with); the agents re-tag the user's message when it moved to another workflow.
import { routeWorkflow } from 'switchboard';
import { isExitPhrase, isHowQuestion, isSearchRequest, namedPrograms, type ProgramName } from './cues.ts';
import { matchClaims } from './match.ts';
import { getStudentProfile } from './profile.ts';
import { catalogFor } from './services.ts';
import { WORKFLOWS, type CloudinhaRoute } from './turn.ts';

const ROUTING = {
  workflows: { match: WORKFLOWS.match, sisu: WORKFLOWS.sisu, prouni: WORKFLOWS.prouni },
  exit: ['exit'],
};

const AGENT_OF: Record<string, string> = {
  [WORKFLOWS.match]: 'match',
  [WORKFLOWS.sisu]: 'sisu',
  [WORKFLOWS.prouni]: 'prouni',
};

/**
 * In a Sisu or Prouni conversation, a question stays with that program unless it names the other program
 * or asks explicitly for a course search (a question about how many courses one may apply to is about Sisu, not a search).
 */
export function staysWithProgram(text: string, program: ProgramName, top: string | undefined): boolean {
  const named = namedPrograms(text);
  const other: ProgramName = program === 'sisu' ? 'prouni' : 'sisu';
  if (top === other) return !named.includes(other);
  if (top === 'match') return !isSearchRequest(text) || (named.includes(program) && isHowQuestion(text));
  return true;
}

export async function route(ctx: CloudinhaRoute): Promise<string[]> {
  // First, on every turn (it is built once): the agents' slot extraction reads it synchronously.
  const catalog = await catalogFor(ctx.sql);
  const profile = await getStudentProfile(ctx.sql, ctx.session.userId ?? ctx.session.id);
  if (!profile?.onboarding_completed) return ['onboarding'];
  // An onboarding left open in another conversation is over once the profile is complete.
  const active = ctx.session.activeWorkflow && AGENT_OF[ctx.session.activeWorkflow] ? ctx.session.activeWorkflow : null;
  const top = ctx.intents[0];
  const claimed = active === WORKFLOWS.match && matchClaims(ctx.text, catalog, ctx.memory.match ?? undefined);
  const program = active === WORKFLOWS.sisu ? 'sisu' : active === WORKFLOWS.prouni ? 'prouni' : null;
  const onTopic = program !== null && staysWithProgram(ctx.text, program, top);
  const decision = routeWorkflow(ROUTING, { active, intents: ctx.intents, claimed, onTopic, explicitExit: isExitPhrase(ctx.text) });
  if (decision.action === 'exit') return ['exit'];
  if (decision.action === 'none') return ['root'];
  return [AGENT_OF[decision.workflow]];
}
