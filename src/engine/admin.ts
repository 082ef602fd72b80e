// Admin settings of a bot that change while it runs: intents (labels, handoff toggles, examples), handoff
// settings, persona and model. Stored in the settings table (the next start reads them), applied here at once,
// announced on the store's notification channel so every other process reads them again too, and recorded in
// the settings audit with who made the change.
import type { BotConfig, IntentConfig } from '../bot/config.ts';
import { ConflictError, InvalidError, NotFoundError } from '../errors/index.ts';
import * as store from '../store/index.ts';
import type { Database } from '../store/index.ts';
import type { EventHub } from './events.ts';
import type { BotRegistry } from './registry.ts';
import { applyPersonaPatch, PERSONA_SETTING, type PersonaPatch, type PersonaSettings } from './persona.ts';

/** Who changes a setting, as the server verified them (e.g. the console token's role); 'runtime' for code. */
export type Actor = string;

const INTENT_ID = /^[a-z][a-z0-9_]{0,39}$/;

/** A bot's own entry under `id`: never a property every object has (`constructor`, `toString`). */
const own = <T>(record: Record<string, T>, id: string): T | undefined => (Object.hasOwn(record, id) ? record[id] : undefined);

/** What the audit keeps of an intent before a change. */
const auditedIntent = (intent: IntentConfig | undefined) => (intent ? { label: intent.label, handoff: intent.handoff, examples: intent.examples.length } : null);

export class AdminSettings {
  constructor(
    private db: Database,
    private registry: BotRegistry,
    private events: EventHub,
  ) {}

  async putIntents(botId: string, patch: Record<string, Partial<IntentConfig>>, actor: Actor = 'runtime'): Promise<Record<string, IntentConfig>> {
    const bot = this.registry.get(botId);
    for (const id of Object.keys(patch)) if (!INTENT_ID.test(id)) throw new InvalidError(`invalid intent id '${id}': use lowercase letters, digits and _`);
    const stored = await this.storedIntents(botId);
    const before = Object.fromEntries(Object.keys(patch).map((id) => [id, auditedIntent(own(bot.intents, id))]));
    for (const [id, change] of Object.entries(patch)) {
      const existing = own(bot.intents, id);
      if (!existing && !change.label) throw new InvalidError(`new intent '${id}' needs a label`);
      stored[id] = { ...own(stored, id), ...change, predefined: existing?.predefined ?? false };
    }
    await store.putSetting(this.db, botId, 'intents', stored);
    await store.insertSettingsAudit(this.db, { bot: botId, key: 'intents', actor, before, after: patch });
    this.registry.reloadIntents(bot, stored);
    await this.events.settingsChanged(botId);
    return bot.intents;
  }

  async deleteIntent(botId: string, id: string, actor: Actor = 'runtime'): Promise<void> {
    const bot = this.registry.get(botId);
    const intent = own(bot.intents, id);
    if (!intent) throw new NotFoundError(`unknown intent '${id}'`);
    if (intent.predefined) throw new ConflictError(`'${id}' is a predefined intent: it can be toggled but not deleted`);
    const stored = await this.storedIntents(botId);
    const before = auditedIntent(intent);
    delete stored[id];
    await store.putSetting(this.db, botId, 'intents', stored);
    await store.insertSettingsAudit(this.db, { bot: botId, key: 'intents', actor, before: { [id]: before }, after: { [id]: null } });
    this.registry.reloadIntents(bot, stored);
    await this.events.settingsChanged(botId);
  }

  async putHandoffSettings(botId: string, patch: Partial<BotConfig['handoff']>, actor: Actor = 'runtime'): Promise<BotConfig['handoff']> {
    const bot = this.registry.get(botId);
    const before = bot.handoff;
    const stored = { ...((await store.getSetting<Partial<BotConfig['handoff']>>(this.db, botId, 'handoff')) ?? {}), ...patch };
    await store.putSetting(this.db, botId, 'handoff', stored);
    await store.insertSettingsAudit(this.db, { bot: botId, key: 'handoff', actor, before, after: { ...bot.config.handoff, ...stored } });
    bot.handoff = { ...bot.config.handoff, ...stored };
    await this.events.settingsChanged(botId);
    return bot.handoff;
  }

  /** The stored persona and model settings (over bot.yaml's). */
  async personaSettings(botId: string): Promise<PersonaSettings> {
    this.registry.get(botId);
    return (await store.getSetting<PersonaSettings>(this.db, botId, PERSONA_SETTING)) ?? {};
  }

  /**
   * Change the persona, instructions, model or temperature: this process applies it before answering (a model
   * that cannot be bound is refused, nothing stored), every other process on the notification.
   */
  async putPersona(botId: string, patch: PersonaPatch, actor: Actor = 'runtime'): Promise<PersonaSettings> {
    const bot = this.registry.get(botId);
    const before = await this.personaSettings(botId);
    const stored = applyPersonaPatch(before, patch);
    await this.registry.applyPersona(bot, stored, true);
    await store.putSetting(this.db, botId, PERSONA_SETTING, stored);
    await store.insertSettingsAudit(this.db, { bot: botId, key: PERSONA_SETTING, actor, before, after: stored });
    await this.events.settingsChanged(botId);
    return stored;
  }

  private async storedIntents(botId: string): Promise<Record<string, Partial<IntentConfig>>> {
    return (await store.getSetting<Record<string, Partial<IntentConfig>>>(this.db, botId, 'intents')) ?? {};
  }
}
