// Admin settings of a bot that change while it runs: intents (labels, handoff toggles, examples) and handoff
// settings. Stored in the settings table (the next start reads them), applied here at once, and announced on the
// store's notification channel so every other process reads them again too.
import type { BotConfig, IntentConfig } from '../bot/config.ts';
import { ConflictError, InvalidError, NotFoundError } from '../errors/index.ts';
import * as store from '../store/index.ts';
import type { Database } from '../store/index.ts';
import type { EventHub } from './events.ts';
import type { BotRegistry } from './registry.ts';

const INTENT_ID = /^[a-z][a-z0-9_]{0,39}$/;

export class AdminSettings {
  constructor(
    private db: Database,
    private registry: BotRegistry,
    private events: EventHub,
  ) {}

  async putIntents(botId: string, patch: Record<string, Partial<IntentConfig>>): Promise<Record<string, IntentConfig>> {
    const bot = this.registry.get(botId);
    const stored = await this.storedIntents(botId);
    for (const [id, change] of Object.entries(patch)) {
      if (!INTENT_ID.test(id)) throw new InvalidError(`invalid intent id '${id}': use lowercase letters, digits and _`);
      const existing = bot.intents[id];
      if (!existing && !change.label) throw new InvalidError(`new intent '${id}' needs a label`);
      stored[id] = { ...stored[id], ...change, predefined: existing?.predefined ?? false };
    }
    await store.putSetting(this.db, botId, 'intents', stored);
    this.registry.reloadIntents(bot, stored);
    await this.events.settingsChanged(botId);
    return bot.intents;
  }

  async deleteIntent(botId: string, id: string): Promise<void> {
    const bot = this.registry.get(botId);
    const intent = bot.intents[id];
    if (!intent) throw new NotFoundError(`unknown intent '${id}'`);
    if (intent.predefined) throw new ConflictError(`'${id}' is a predefined intent: it can be toggled but not deleted`);
    const stored = await this.storedIntents(botId);
    delete stored[id];
    await store.putSetting(this.db, botId, 'intents', stored);
    this.registry.reloadIntents(bot, stored);
    await this.events.settingsChanged(botId);
  }

  async putHandoffSettings(botId: string, patch: Partial<BotConfig['handoff']>): Promise<BotConfig['handoff']> {
    const bot = this.registry.get(botId);
    const stored = { ...((await store.getSetting<Partial<BotConfig['handoff']>>(this.db, botId, 'handoff')) ?? {}), ...patch };
    await store.putSetting(this.db, botId, 'handoff', stored);
    bot.handoff = { ...bot.config.handoff, ...stored };
    await this.events.settingsChanged(botId);
    return bot.handoff;
  }

  private async storedIntents(botId: string): Promise<Record<string, Partial<IntentConfig>>> {
    return (await store.getSetting<Record<string, Partial<IntentConfig>>>(this.db, botId, 'intents')) ?? {};
  }
}
