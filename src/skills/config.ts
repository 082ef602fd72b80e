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

export const skillsSchema = z
  .strictObject({
    human: skillSchema.default({ enabled: true }),
    out_of_scope: skillSchema.default({ enabled: true }),
    smalltalk: skillSchema
      .extend({
        /** Replies per kind: greeting, thanks, acknowledge, goodbye, bot_question (else the bot's replies of those names, else the runtime's). */
        replies: z.partialRecord(z.enum(['greeting', 'thanks', 'acknowledge', 'goodbye', 'bot_question']), z.string()).default({}),
      })
      .default({ enabled: true, replies: {} }),
  })
  .default({ human: { enabled: true }, out_of_scope: { enabled: true }, smalltalk: { enabled: true, replies: {} } });

type SkillsConfig = z.infer<typeof skillsSchema>;
export type SkillGroup = keyof SkillsConfig;
