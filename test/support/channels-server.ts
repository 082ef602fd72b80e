// The real server with the channels plugin, over a runtime a channel test built, on 127.0.0.1 and a random port.
import { createChannels, type Channels, type ChannelsConfig } from '../../src/channels/index.ts';
import type { Runtime } from '../../src/engine/index.ts';
import { buildServer, type ServerOptions } from '../../src/server/index.ts';

export interface ChannelsServer {
  base: string;
  channels: Channels;
  /** POST a JSON body (or a raw string, e.g. a signed payload); the answer's body parsed as JSON when it is. */
  post(path: string, body: string | object, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  close(): Promise<void>;
}

export async function startChannelsServer(
  runtime: Runtime,
  config: ChannelsConfig,
  auth: { adminToken: string; operatorToken: string },
  /** More server options: observability's `instrument` and `probes` (GET /metrics). */
  extra: Pick<ServerOptions, 'instrument' | 'probes'> = {},
): Promise<ChannelsServer> {
  const channels = createChannels(runtime, { ...config, log: () => {} });
  const app = await buildServer({ runtime, auth, plugins: [channels.routes], ...extra });
  const base = await app.listen({ port: 0, host: '127.0.0.1' }); // Fastify resolves to the address it listens on
  return {
    base,
    channels,
    async post(path, body, headers = {}) {
      const res = await fetch(base + path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* text */
      }
      return { status: res.status, body: parsed };
    },
    close: () => app.close(),
  };
}
