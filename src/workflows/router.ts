// The workflow router: before any workflow runs, decide whether the message changes the subject.
// A change of subject (asking about Sisu in the middle of a course search) switches the active workflow;
// an exit command ("sair") clears it; a message the active workflow is waiting for stays with it.

export interface WorkflowRouting {
  /** Intent → the workflow it opens (e.g. match → match_workflow). */
  workflows: Record<string, string>;
  /** Intents that leave the active workflow. */
  exit: readonly string[];
}

export type RouterDecision =
  | { action: 'none'; workflow: null }
  | { action: 'stay'; workflow: string }
  | { action: 'switch'; workflow: string; from: string | null }
  | { action: 'exit'; workflow: null; from: string | null };

export interface RouterInput {
  /** The session's active workflow before this message. */
  active: string | null;
  /** Understood intents, best first. */
  intents: readonly string[];
  /** True when the active workflow recognises the message as an answer it is waiting for. */
  claimed?: boolean;
}

export function routeWorkflow(routing: WorkflowRouting, input: RouterInput): RouterDecision {
  const top = input.intents[0];
  if (top && routing.exit.includes(top)) return { action: 'exit', workflow: null, from: input.active };
  if (!input.active) return { action: 'none', workflow: null };
  const target = top ? routing.workflows[top] : undefined;
  if (target && target !== input.active && !input.claimed) return { action: 'switch', workflow: target, from: input.active };
  return { action: 'stay', workflow: input.active };
}
