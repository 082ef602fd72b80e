// The Saleor a bot talks to, from the process environment: SALEOR_API_URL (with SALEOR_TOKEN, SALEOR_TIMEOUT_MS),
// else with SALEOR_DEV=1 the local Saleor-compatible dev server over a catalogue file (SALEOR_DATA, else the bot's
// own, else Saleor's demo data; for development and tests, and said so in the log), else none: the bot answers
// that its catalogue is unavailable.
import { resolve } from 'node:path';
import { createSaleorClient } from './client.ts';
import type { SaleorConfig } from './config-schema.ts';
import { createSaleorDevServer, type SaleorDevServer } from './dev-server.ts';
import type { SaleorClient } from './types.ts';

export interface SaleorConnectionOptions {
  /** The process environment: SALEOR_API_URL, SALEOR_TOKEN, SALEOR_TIMEOUT_MS, SALEOR_DEV, SALEOR_DEV_PORT, SALEOR_DATA. */
  env: Record<string, string | undefined>;
  /** bot.yaml `saleor:`: the storefront channel (default `default-channel`) and the catalogue the dev server loads when SALEOR_DATA is unset (default Saleor's demo data). */
  saleor?: Pick<SaleorConfig, 'channel' | 'devCatalogue'>;
  /** The bot's folder, which `saleor.devCatalogue` is relative to. */
  dir?: string;
  log?: (line: string) => void;
}

export interface SaleorConnection {
  /** null when no Saleor is configured. */
  client: SaleorClient | null;
  /** The local dev server, when SALEOR_DEV=1 started one. */
  devServer: SaleorDevServer | null;
  /** Stops the dev server, if any. */
  close(): Promise<void>;
}

async function startDevServer(options: SaleorConnectionOptions): Promise<SaleorDevServer> {
  const own = options.saleor?.devCatalogue;
  const dataFile = options.env.SALEOR_DATA || (own && resolve(options.dir ?? '.', own));
  const devServer = await createSaleorDevServer({ port: Number(options.env.SALEOR_DEV_PORT ?? 0), dataFile });
  options.log?.(`SALEOR_DEV=1: serving the FAKE Saleor over ${dataFile ?? 'its demo catalogue'} at ${devServer.url} (development only)`);
  return devServer;
}

/** The client of the configured Saleor (starting the dev server when asked), or none, logged either way. */
export async function connectSaleor(options: SaleorConnectionOptions): Promise<SaleorConnection> {
  const { env, log } = options;
  const devServer = !env.SALEOR_API_URL && env.SALEOR_DEV === '1' ? await startDevServer(options) : null;
  const apiUrl = env.SALEOR_API_URL || devServer?.url;
  if (!apiUrl) {
    log?.('no SALEOR_API_URL: the catalogue is unavailable (set SALEOR_API_URL, or SALEOR_DEV=1 for the local Saleor server)');
    return { client: null, devServer: null, close: async () => {} };
  }
  const client = createSaleorClient({ apiUrl, channel: options.saleor?.channel ?? 'default-channel', token: env.SALEOR_TOKEN, timeoutMs: Number(env.SALEOR_TIMEOUT_MS ?? 5000) });
  return { client, devServer, close: async () => devServer?.close() };
}
