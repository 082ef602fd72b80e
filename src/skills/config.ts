// bot.yaml's `skills:` — the built-in skills every bot has, each on by default, with its own reply or mapped to
// one of the bot's intents (a bot that has its own "talk to the owner" intent keeps answering with it).
import { z } from 'zod';

const skillSchema = z.strictObject({
  enabled: z.boolean().default(true),
  /** One of the bot's intents that does this skill's job: its specialist (or its handoff) runs instead. */
  intent: z.string().optional(),
  /** The skill's reply (human: the hand-over text; out_of_scope: the fallback text). */
  reply: z.string().optional(),
});

/** The bot's own lines of a skill, trained beside the shared ones (`switchboard check --edge --accept` writes them). */
const examples = z.array(z.string().min(1)).default([]);

export const skillsSchema = z
  .strictObject({
    human: skillSchema
      .extend({
        examples,
        /** Who of the bot's staff a customer may ask for, beside the runtime's role nouns ("o professor", "la nutricionista"). */
        roles: z.array(z.string().min(1)).default([]),
      })
      .default({ enabled: true, examples: [], roles: [] }),
    out_of_scope: skillSchema.extend({ examples }).default({ enabled: true, examples: [] }),
    smalltalk: skillSchema
      .extend({
        /** Replies per kind: greeting, thanks, acknowledge, goodbye, bot_question (else the bot's replies of those names, else the runtime's). */
        replies: z.partialRecord(z.enum(['greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question']), z.string()).default({}),
      })
      .default({ enabled: true, replies: {} }),
  })
  .default({ human: { enabled: true, examples: [], roles: [] }, out_of_scope: { enabled: true, examples: [] }, smalltalk: { enabled: true, replies: {} } });

type SkillsConfig = z.infer<typeof skillsSchema>;
export type SkillGroup = keyof SkillsConfig;

/** The file beside bot.yaml where `switchboard check --edge --accept` keeps the probes the author accepted. */
export const EDGE_ACCEPTED_FILE = 'edge-accepted.yaml';

/** Its shape: the same lists as `skills.out_of_scope.examples` and `skills.human.examples`, joined to them on load. */
export const edgeAcceptedSchema = z.strictObject({
  out_of_scope: z.strictObject({ examples }).default({ examples: [] }),
  human: z.strictObject({ examples }).default({ examples: [] }),
});
export type EdgeAccepted = z.infer<typeof edgeAcceptedSchema>;
