// The `profile:` section of bot.yaml: what a bot remembers about a customer across conversations (a student's
// name, city and preferences; a shop customer's size). Fields are typed and checked before they are stored.
import { z } from 'zod';

const profileFieldSchema = z.strictObject({
  /** text, number, boolean, or a gazetteer type of the bot (the value kept is the gazetteer's canonical value). */
  kind: z.string().min(1),
  /** text: longest length (default 200); number: largest value. */
  max: z.number().optional(),
  /** number: smallest value. */
  min: z.number().optional(),
  /** number: whole numbers only. */
  integer: z.boolean().default(false),
  /** text: the only values accepted (compared without accents and case; the option's spelling is kept). */
  options: z.array(z.string().min(1)).optional(),
});

export const profileSchema = z.strictObject({
  /** The fields, by name (snake_case). */
  fields: z.record(z.string().regex(/^[a-z][a-z0-9_]*$/, 'a profile field is a snake_case name'), profileFieldSchema),
  /** The tool names a read and a write of the profile show in the turn's events (and the console's labels). */
  tools: z
    .strictObject({ read: z.string().min(1).default('getProfile'), write: z.string().min(1).default('updateProfile') })
    .default({ read: 'getProfile', write: 'updateProfile' }),
});

export type ProfileField = z.infer<typeof profileFieldSchema>;
export type ProfileConfig = z.infer<typeof profileSchema>;
/** A customer's profile: every declared field, null when not known. */
export type Profile = Record<string, unknown>;
