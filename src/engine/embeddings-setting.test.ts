// Which embedding model a bot uses: its bot.yaml's, or SWITCHBOARD_EMBEDDINGS for every bot.
import { describe, expect, it } from 'vitest';
import type { BotConfig } from '../bot/config.ts';
import { effectiveEmbeddings } from './registry.ts';

const bot = (embeddings?: BotConfig['understanding']['embeddings']) => ({ understanding: { embeddings } }) as BotConfig;

describe('effectiveEmbeddings', () => {
  it("is the bot's own, in either form, or none", () => {
    expect(effectiveEmbeddings(bot('ollama:bge-m3'), {})).toEqual({ model: 'ollama:bge-m3', timeoutMs: 5000 });
    expect(effectiveEmbeddings(bot({ model: 'openai:text-embedding-3-small', timeoutMs: 800 }), {})).toEqual({ model: 'openai:text-embedding-3-small', timeoutMs: 800 });
    expect(effectiveEmbeddings(bot(), {})).toBeNull();
  });

  it("SWITCHBOARD_EMBEDDINGS overrides it (keeping the bot's deadline), none turns it off, a malformed one is refused", () => {
    expect(effectiveEmbeddings(bot({ model: 'ollama:bge-m3', timeoutMs: 800 }), { SWITCHBOARD_EMBEDDINGS: 'openai:text-embedding-3-small' })).toEqual({ model: 'openai:text-embedding-3-small', timeoutMs: 800 });
    expect(effectiveEmbeddings(bot(), { SWITCHBOARD_EMBEDDINGS: 'ollama:nomic-embed-text' })).toEqual({ model: 'ollama:nomic-embed-text', timeoutMs: 5000 });
    expect(effectiveEmbeddings(bot('ollama:bge-m3'), { SWITCHBOARD_EMBEDDINGS: 'none' })).toBeNull();
    expect(() => effectiveEmbeddings(bot(), { SWITCHBOARD_EMBEDDINGS: 'anthropic:claude' })).toThrow(/SWITCHBOARD_EMBEDDINGS: .*Anthropic has no embedding model/);
  });
});
