// A channel test's whole setting: fake Evolution, Graph and Chatwoot servers, a database with the channel tables,
// a runtime, and the real server with the channels plugin configured from environment variables.
import { Writable } from 'node:stream';
import { channelMigrations, channelsConfigFromEnv, type ChannelsConfig } from '../../src/channels/index.ts';
import { createLogger, setupObservability, type Observability } from '../../src/observability/index.ts';
import { Runtime } from '../../src/engine/index.ts';
import { coreMigrations, migrate, openTestDatabase, type Database } from '../../src/store/index.ts';
import { startChannelsServer, type ChannelsServer } from './channels-server.ts';
import { startFakeChatwoot, startFakeEvolution, startFakeGraph, type FakeChatwoot, type FakeProvider } from './fake-channel-providers.ts';

export interface ChannelsWorld {
  db: Database;
  runtime: Runtime;
  server: ChannelsServer;
  evolution: FakeProvider;
  graph: FakeProvider;
  chatwoot: FakeChatwoot;
  /** The channels' configuration the server runs with (a second server over the same database uses it too). */
  config: ChannelsConfig;
  /** Forget the fakes' recorded requests and planned failures (between tests). */
  reset(): void;
  close(): Promise<void>;
}

/** The credentials the fakes require and the world's configuration uses. */
export const CHANNEL_KEYS = { evolution: 'evo-key', graph: 'graph-token', appSecret: 'meta-app-secret', chatwoot: 'cw-bot-token', phoneNumberId: '109876543210' };

export interface ChannelsWorldOptions {
  /** Bots to load (default la-formula, which the default configuration points at). */
  bots?: string[];
  /** Channel variables on top of the defaults (every provider on, pointed at its fake, la-formula's instance and number). */
  env?: Record<string, string>;
  /** Settings no variable carries (e.g. a recording `sleep` between attempts). */
  config?: Partial<ChannelsConfig>;
  auth: { adminToken: string; operatorToken: string };
  /** Serve GET /metrics (admin token) with the runtime's metrics. */
  metrics?: boolean;
}

export async function startChannelsWorld(opts: ChannelsWorldOptions): Promise<ChannelsWorld> {
  const k = CHANNEL_KEYS;
  const [evolution, graph, chatwoot] = await Promise.all([startFakeEvolution(k.evolution), startFakeGraph(k.graph), startFakeChatwoot(k.chatwoot)]);
  const db = await openTestDatabase();
  await migrate(db, [...coreMigrations, ...channelMigrations]); // as start-up does (the plugin also ensures its tables)
  const runtime = await Runtime.create({ db, only: opts.bots ?? ['la-formula'] });
  const config = channelsConfigFromEnv({
    EVOLUTION_BASE_URL: evolution.url,
    EVOLUTION_API_KEY: k.evolution,
    EVOLUTION_INSTANCE: 'la-formula-ventas',
    WHATSAPP_APP_SECRET: k.appSecret,
    WHATSAPP_TOKEN: k.graph,
    WHATSAPP_GRAPH_URL: graph.url,
    WHATSAPP_PHONE_NUMBER_IDS: `${k.phoneNumberId}:la-formula`,
    CHATWOOT_BASE_URL: chatwoot.url,
    CHATWOOT_BOT_TOKEN_LA_FORMULA: k.chatwoot,
    CHANNELS_RETRY_DELAYS_MS: '5,10,20',
    ...opts.env,
  });
  const quiet = new Writable({ write: (_chunk, _enc, done) => done() });
  const obs: Observability | undefined = opts.metrics ? await setupObservability({ runtime, adminToken: opts.auth.adminToken, env: {}, logger: createLogger({ env: {}, stream: quiet }) }) : undefined;
  const server = await startChannelsServer(runtime, { ...config, ...opts.config }, opts.auth, obs ? { instrument: obs.instrument, probes: obs.probes } : {});
  return {
    db,
    runtime,
    server,
    evolution,
    graph,
    chatwoot,
    config,
    reset() {
      evolution.reset();
      graph.reset();
      chatwoot.reset();
    },
    async close() {
      await server.close();
      await obs?.close();
      await runtime.close();
      await db.close();
      await Promise.all([evolution.close(), graph.close(), chatwoot.close()]);
    },
  };
}
