// The fake model server lives with the LLM layer (the eval's oracle model uses it too); tests import it here.
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFakeLlmServer, type FakeEmbedder, type FakeLlmServer, type Responder } from '../../src/llm/testing/fake-server.ts';

export * from '../../src/llm/testing/fake-server.ts';

/**
 * One fake model server for the calling suite (file or `describe`): started before its tests, its request log
 * cleared before each test, closed after them. The returned object stands for the server once it has started.
 */
export function useFakeLlmServer(options: { respond?: Responder; embed?: FakeEmbedder } = {}): FakeLlmServer {
  let server: FakeLlmServer | undefined;
  beforeAll(async () => {
    server = await startFakeLlmServer(options);
  });
  beforeEach(() => {
    if (server) server.requests.length = 0;
  });
  afterAll(() => server?.close());
  const started = () => {
    if (!server) throw new Error('the fake model server starts before the tests: use it inside a test or hook');
    return server;
  };
  return new Proxy({} as FakeLlmServer, {
    get: (_, key) => {
      const value = Reflect.get(started(), key);
      return typeof value === 'function' ? value.bind(server) : value;
    },
    set: (_, key, value) => Reflect.set(started(), key, value),
  });
}
