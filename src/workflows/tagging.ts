// Messages carry the workflow they ran in (`messages.workflow`), so a conversation can be split by subject
// later. The engine stores the user's message before routing, tagged with the workflow active at that
// moment; when the router moves the message to another workflow, this re-tags it in the turn's transaction.
import type { Sql } from '../store/index.ts';

export interface TaggingContext {
  session: { id: string };
  defer(write: (tx: Sql) => Promise<void>): void;
}

/** Tag the turn's user message (the session's latest) with `workflow`, committed with the reply. */
export function tagUserMessage(ctx: TaggingContext, workflow: string | null): void {
  ctx.defer(async (tx) => {
    await tx.query(
      `update messages set workflow = $2
        where id = (select max(id) from messages where session_id = $1 and role = 'user')`,
      [ctx.session.id, workflow],
    );
  });
}
