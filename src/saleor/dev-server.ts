// A local Saleor-compatible GraphQL server: Saleor's real SDL (graphql-js buildSchema) with
// resolvers over the demo catalogue, so the fashion bot runs and is tested offline and the same
// client works against a real Saleor by changing one URL.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { GraphQLSchema } from 'graphql';
import { loadCatalog } from './catalog.ts';
import { defaultDataFile, defaultSchemaFile } from './paths.ts';

export interface SaleorDevServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Django fixture with the catalogue; default ../shared/saleor/populatedb_data.json or env SALEOR_DATA. */
  dataFile?: string;
  /** Load the schema and catalogue at start instead of on the first request (the CLI does). */
  eager?: boolean;
  /** Saleor SDL; default ../shared/saleor/schema.graphql or env SALEOR_SCHEMA. */
  schemaFile?: string;
}

export interface SaleorDevServer {
  /** The GraphQL endpoint, e.g. http://127.0.0.1:8000/graphql/ */
  url: string;
  close(): Promise<void>;
}

const MAX_BODY = 1_000_000;

export async function createSaleorDevServer(options: SaleorDevServerOptions = {}): Promise<SaleorDevServer> {
  const { port = 0, host = '127.0.0.1' } = options;
  // The 1 MB SDL and the catalogue are read on the first GraphQL request, not at start-up: a server that
  // starts every bot should not wait for a catalogue nobody has asked about yet.
  // graphql-js itself is imported then too (~0.1 s).
  let loaded: Promise<{ graphql: typeof import('./dev-graphql.ts'); schema: GraphQLSchema; catalog: ReturnType<typeof loadCatalog> }> | null = null;
  const load = () =>
    (loaded ??= import('./dev-graphql.ts').then((graphql) => ({
      graphql,
      schema: graphql.loadSaleorSchema(options.schemaFile ?? defaultSchemaFile()),
      catalog: loadCatalog(options.dataFile ?? defaultDataFile()),
    })));
  if (options.eager) await load();
  let origin = '';

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { errors: [{ message: `Internal error: ${(err as Error).message}` }] }));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    res.setHeader('access-control-allow-origin', '*');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'access-control-allow-methods': 'POST, GET, OPTIONS', 'access-control-allow-headers': 'content-type, authorization' });
      res.end();
      return;
    }
    if (req.method === 'GET' && path.startsWith('/media/')) {
      sendPlaceholderImage(res, path);
      return;
    }
    if (path !== '/graphql/' && path !== '/graphql') {
      send(res, 404, { errors: [{ message: `Not found: ${path}. The GraphQL endpoint is /graphql/.` }] });
      return;
    }
    if (req.method !== 'POST') {
      send(res, 405, { errors: [{ message: 'Send GraphQL requests with POST.' }] });
      return;
    }
    const raw = await readBody(req);
    if (raw === null) {
      send(res, 413, { errors: [{ message: 'Request body too large.' }] });
      return;
    }
    let body: { query?: unknown; variables?: unknown; operationName?: unknown };
    try {
      body = JSON.parse(raw);
    } catch {
      send(res, 400, { errors: [{ message: 'The request body is not valid JSON.' }] });
      return;
    }
    if (typeof body?.query !== 'string') {
      send(res, 400, { errors: [{ message: 'Must provide query string.' }] });
      return;
    }
    const { graphql, schema, catalog } = await load();
    const result = await graphql.runQuery(schema, { catalog, baseUrl: origin }, { query: body.query, variables: body.variables, operationName: body.operationName });
    send(res, result.status, result.body);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const hostForUrl = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${hostForUrl}:${address.port}`;

  return {
    url: `${origin}/graphql/`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

/**
 * The demo catalogue's images are not shipped; thumbnails point here and get a labelled SVG
 * placeholder so the web console shows something sensible.
 */
function sendPlaceholderImage(res: http.ServerResponse, path: string): void {
  const file = decodeURIComponent(path.split('/').pop() ?? '');
  const label = file.replace(/_[0-9a-f]{6,}\..*$|\.[a-z]+$/gi, '').replace(/[-_]+/g, ' ').trim() || 'product';
  const escaped = label.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512"><rect width="512" height="512" fill="#eceff1"/><text x="256" y="266" font-family="sans-serif" font-size="36" text-anchor="middle" fill="#546e7a">${escaped}</text></svg>`;
  res.writeHead(200, { 'content-type': 'image/svg+xml', 'content-length': Buffer.byteLength(svg), 'cache-control': 'public, max-age=3600' });
  res.end(svg);
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: http.IncomingMessage): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        resolve(null);
        req.destroy();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
