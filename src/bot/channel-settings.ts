// The channel settings a bot may give in bot.yaml `settings.channels` (docs/how-to/channels.md). The rest of
// `settings` stays free; these are checked when the bot loads, so a mistyped template fails at start, not when
// an operator answers a customer.
import { z } from 'zod';

/** An approved WhatsApp template: its name and language code, as in WhatsApp Manager (e.g. `es_AR`). */
const templateSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9_]{1,512}$/, 'a template name is lowercase letters, digits and _'),
  language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, 'a language code like es, pt_BR or es_AR'),
});

export const channelSettingsSchema = z.looseObject({
  evolution: z.looseObject({ instance: z.string().min(1).optional() }).optional(),
  whatsapp: z
    .looseObject({
      phone_number_id: z.union([z.string().min(1), z.number()]).optional(),
      groups: z.boolean().optional(),
      /**
       * Sent when an operator answers after 24 hours of customer silence (WhatsApp then takes only templates):
       * the template's one body variable ({{1}}) carries the operator's reply.
       */
      reopenTemplate: templateSchema.optional(),
    })
    .optional(),
  chatwoot: z.looseObject({}).optional(),
});

export type ReopenTemplate = z.infer<typeof templateSchema>;
