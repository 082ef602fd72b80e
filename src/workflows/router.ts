// The workflow router: before any workflow runs, decide whether the message changes the subject.
// A change of subject (asking about Sisu in the middle of a course search) switches the active workflow;
// an exit command ("sair") clears it; a message the active workflow is waiting for stays with it.
//
// Precedence, first match wins:
//   1. an answer the active workflow is waiting for (`claimed`) stays, whatever the classifier says
//      ("particular" answering "pública ou privada?" is not an exit, "minha renda é 2000, dá Prouni?" not Prouni);
//   2. an exit intent leaves — only when the message really says so (`explicitExit`, when the bot checks it);
//   3. without an active workflow there is nothing to switch;
//   4. another workflow's intent switches, unless the message is a follow-up on the active subject (`onTopic`).

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
  /** True when the active workflow recognises the message as an answer it is waiting for (a slot value). */
  claimed?: boolean;
  /**
   * Whether the message contains an explicit exit phrase ("sair", "cancela", "não quero mais"). When given,
   * an exit intent without one is not obeyed (a classifier's guess is not enough to drop the user's progress);
   * when omitted, the exit intent alone decides.
   */
  explicitExit?: boolean;
  /** True when the message continues the active workflow's subject (a follow-up question), so it does not switch. */
  onTopic?: boolean;
}

export function routeWorkflow(routing: WorkflowRouting, input: RouterInput): RouterDecision {
  const top = input.intents[0];
  const active = input.active;
  if (active && input.claimed) return { action: 'stay', workflow: active };
  if (top && routing.exit.includes(top) && input.explicitExit !== false) return { action: 'exit', workflow: null, from: active };
  if (!active) return { action: 'none', workflow: null };
  const target = top ? routing.workflows[top] : undefined;
  if (target && target !== active && !input.onTopic) return { action: 'switch', workflow: target, from: active };
  return { action: 'stay', workflow: active };
}
