import { ChatAnthropic } from '@langchain/anthropic';
import { ChatGoogleGenerativeAI } from '@langchain/google-genai';
import { ChatOllama } from '@langchain/ollama';
import { ChatOpenAI } from '@langchain/openai';
import { describe, expect, it } from 'vitest';
import { useFakeLlmServer } from '../../test/support/fake-llm-server.ts';
import { ModelConfigError } from './errors.ts';
import { createModelClient } from './index.ts';
import { effectiveModelSpec, parseModelSpec, resolveModel } from './registry.ts';

describe('effectiveModelSpec', () => {
  it('SWITCHBOARD_MODEL overrides the bot model', () => {
    expect(effectiveModelSpec('local', { SWITCHBOARD_MODEL: 'openai:gpt-4o-mini' })).toBe('openai:gpt-4o-mini');
    expect(effectiveModelSpec('anthropic:claude-3-5-haiku-latest', { SWITCHBOARD_MODEL: ' local ' })).toBe('local');
  });
  it('otherwise the bot model, and local when none', () => {
    expect(effectiveModelSpec('ollama:qwen2.5', {})).toBe('ollama:qwen2.5');
    expect(effectiveModelSpec(undefined, { SWITCHBOARD_MODEL: '' })).toBe('local');
  });
});

describe('resolveModel', () => {
  it('local means no model', () => {
    expect(resolveModel('local', {})).toBeNull();
    expect(createModelClient('local', {})).toBeNull();
  });

  it('splits at the first colon only', () => {
    expect(parseModelSpec('ollama:qwen2.5:7b')).toEqual({ provider: 'ollama', model: 'qwen2.5:7b' });
  });

  it('builds each provider with its key and base URL', () => {
    const openai = resolveModel('openai:gpt-4o-mini', { OPENAI_API_KEY: 'sk-1', OPENAI_BASE_URL: 'http://127.0.0.1:8000/v1' })!;
    expect(openai.chat).toBeInstanceOf(ChatOpenAI);
    expect(openai).toMatchObject({ provider: 'openai', model: 'gpt-4o-mini', baseUrl: 'http://127.0.0.1:8000/v1', spec: 'openai:gpt-4o-mini' });

    const google = resolveModel('google-genai:gemini-2.0-flash', { GOOGLE_API_KEY: 'g' })!;
    expect(google.chat).toBeInstanceOf(ChatGoogleGenerativeAI);
    expect(google.baseUrl).toBeUndefined();

    const anthropic = resolveModel('anthropic:claude-3-5-haiku-latest', { ANTHROPIC_API_KEY: 'a' })!;
    expect(anthropic.chat).toBeInstanceOf(ChatAnthropic);

    const ollama = resolveModel('ollama:qwen2.5:7b', {})!;
    expect(ollama.chat).toBeInstanceOf(ChatOllama);
    expect(ollama.baseUrl).toBe('http://127.0.0.1:11434');
    expect(resolveModel('ollama:llama3.2', { OLLAMA_BASE_URL: 'http://127.0.0.1:9999' })!.baseUrl).toBe('http://127.0.0.1:9999');
  });

  it('an unknown provider is a clear error', () => {
    expect(() => resolveModel('mistral:large', {})).toThrow(ModelConfigError);
    expect(() => resolveModel('mistral:large', {})).toThrow(/unknown model provider "mistral".*openai, google-genai, anthropic, ollama/);
    expect(() => resolveModel('gpt-4o', {})).toThrow(/provider:model/);
  });

  it('a missing key is a clear error naming the variable', () => {
    expect(() => resolveModel('openai:gpt-4o-mini', {})).toThrow(/OPENAI_API_KEY/);
    expect(() => resolveModel('anthropic:claude-3-5-haiku-latest', {})).toThrow(/ANTHROPIC_API_KEY/);
    expect(() => resolveModel('google-genai:gemini-2.0-flash', {})).toThrow(/GOOGLE_API_KEY/);
  });

  describe('against a local OpenAI-compatible server', () => {
    const fake = useFakeLlmServer();

    it('OPENAI_BASE_URL alone is enough (vLLM, Ollama /v1, LM Studio need no key)', async () => {
      const client = createModelClient('openai:qwen2.5-7b-instruct', { OPENAI_BASE_URL: fake.url })!;
      fake.enqueue({ text: 'olá' });
      expect(await client.text([{ role: 'user', content: 'oi' }], { purpose: 'probe' })).toBe('olá');
      expect(fake.requests[0].body.model).toBe('qwen2.5-7b-instruct');
      expect(fake.requests[0].headers.authorization).toBe('Bearer not-needed');
    });

    it('sends the configured key', async () => {
      const client = createModelClient('openai:gpt-4o-mini', { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-live' })!;
      await client.text([{ role: 'user', content: 'oi' }], { purpose: 'probe' });
      expect(fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk-live');
    });
  });
});
