// The router (seed 003, 2.2 step 3): looks at every message before any agent runs.
//   Step 0 — a change of subject switches the active workflow (in match, a Sisu question goes to Sisu), unless
//   the message answers what the active workflow is collecting; "sair" clears it.
//   Then the priority: onboarding until complete → match → Sisu / Prouni agents → root.
// The chosen agent returns the workflow, which the engine stores on the session in the turn's transaction
// (and tags the reply with); the agents re-tag the user's message when it moved to another workflow.
import type { RouteContext } from '../../src/engine/index.ts';
import { routeWorkflow, type WorkflowState } from '../../src/workflows/index.ts';
import { matchClaims, type MatchValues } from './match.ts';
import { getStudentProfile } from './profile.ts';
import { catalogFor } from './services.ts';
import { WORKFLOWS } from './turn.ts';

const ROUTING = {
  workflows: { match: WORKFLOWS.match, sisu: WORKFLOWS.sisu, prouni: WORKFLOWS.prouni },
  exit: ['exit'],
};

const AGENT_OF: Record<string, string> = {
  [WORKFLOWS.match]: 'match',
  [WORKFLOWS.sisu]: 'sisu',
  [WORKFLOWS.prouni]: 'prouni',
};

export async function route(ctx: RouteContext): Promise<string[]> {
  const profile = await getStudentProfile(ctx.sql, ctx.session.userId ?? ctx.session.id);
  if (!profile?.onboarding_completed) return ['onboarding'];
  // An onboarding left open in another conversation is over once the profile is complete.
  const active = ctx.session.activeWorkflow && AGENT_OF[ctx.session.activeWorkflow] ? ctx.session.activeWorkflow : null;
  const claimed = active === WORKFLOWS.match && matchClaims(ctx.text, catalogFor(ctx.sql), ctx.memory.match as WorkflowState<MatchValues> | undefined);
  const decision = routeWorkflow(ROUTING, { active, intents: ctx.intents, claimed });
  if (decision.action === 'exit') return ['exit'];
  if (decision.action === 'none') return ['root'];
  return [AGENT_OF[decision.workflow]];
}
