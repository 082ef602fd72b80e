// WhatsApp's customer service window: through the Cloud API a business may send free text only within 24 hours of
// the customer's last message; after that only an approved template. An operator's late reply goes out as the
// bot's reopen template when it has one (settings.channels.whatsapp.reopenTemplate); without one it is refused
// before it is stored, and the console says why before the operator types.
import type { BotConfig, ReopenTemplate } from '../bot/index.ts';
import type { Sql } from '../store/index.ts';
import { botChannelSettings } from './config.ts';
import type { Address } from './types.ts';

export const WHATSAPP_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface WindowState {
  /** Free text reaches the customer now. */
  open: boolean;
  /** The customer's last message in this conversation, if any. */
  lastCustomerMessageAt: Date | null;
  /** The template a late operator reply goes out as, if the bot has one. */
  reopenTemplate: ReopenTemplate | null;
  /** Why free text cannot go out (when closed). */
  reason?: string;
}

/** The bot's reopen template (validated with bot.yaml: src/bot/channel-settings.ts). */
export function reopenTemplateOf(config: BotConfig): ReopenTemplate | null {
  const t = botChannelSettings(config, 'whatsapp').reopenTemplate as ReopenTemplate | undefined;
  return t ?? null;
}

/** The window of a conversation on the Cloud API; null for every other channel and for groups (no such window). */
export async function whatsappWindow(sql: Sql, config: BotConfig, sessionId: string, address: Address, now = Date.now()): Promise<WindowState | null> {
  if (address.channel !== 'whatsapp' || address.kind === 'group') return null;
  const [row] = await sql.query<{ at: string | Date | null }>(`select max(created_at) as at from messages where session_id = $1 and role = 'user'`, [sessionId]);
  const last = row?.at ? new Date(row.at) : null;
  const open = last !== null && now - last.getTime() < WHATSAPP_WINDOW_MS;
  const reopenTemplate = reopenTemplateOf(config);
  if (open) return { open, lastCustomerMessageAt: last, reopenTemplate };
  const since = last ? `the customer last wrote at ${last.toISOString()}, more than 24 hours ago` : 'the customer has not written in this conversation';
  const reason = reopenTemplate
    ? `${since}: WhatsApp accepts only approved templates, so a reply goes out as the template '${reopenTemplate.name}' (${reopenTemplate.language})`
    : `${since}: WhatsApp accepts only approved templates and bot '${config.id}' has none; set settings.channels.whatsapp.reopenTemplate in its bot.yaml, or wait for the customer to write`;
  return { open, lastCustomerMessageAt: last, reopenTemplate, reason };
}
