// mini-crm: one message → a plan of actions → CRM tools → one aggregated reply. bot.yaml `actions.specialist: crm`
// has the runtime plan every message (the model when one is configured, else the requests it reads) and run the
// plan over these tools, whose rows are bot.yaml `records:`; the CRM belongs to the verified user, else to the
// conversation.
import { defineBot } from 'switchboard';
import { CrmStore } from './store.ts';
import { createCrmTools } from './tools.ts';

export default defineBot({
  specialists: {},
  tools: (ctx) => createCrmTools(new CrmStore(ctx.sql, ctx.session.userId ?? ctx.session.id, ctx.now, (write) => ctx.defer(write))),
  nodeNames: { understand: 'plan', narrate: 'respond_final' },
});
