// How the client fails: every failure is a SaleorError of a telling kind. Real sockets throughout.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSaleorClient } from './client.ts';
import { SaleorError } from './errors.ts';

const servers: http.Server[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) {
    s.closeAllConnections();
    await new Promise((r) => s.close(r));
  }
});

/** A local server answering with `handler`; returns its URL. */
async function serve(handler: http.RequestListener): Promise<string> {
  const s = http.createServer(handler);
  servers.push(s);
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(s.address() as AddressInfo).port}/graphql/`;
}

function answer(status: number, body: string, seen?: { body?: any; headers?: http.IncomingHttpHeaders }): http.RequestListener {
  return (req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      if (seen) {
        seen.body = JSON.parse(raw);
        seen.headers = req.headers;
      }
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body);
    });
  };
}

describe('createSaleorClient errors', () => {
  it('server down (connection refused) → SaleorError network', async () => {
    const url = await serve(() => {});
    const s = servers.pop()!;
    await new Promise((r) => s.close(r)); // the port is now closed
    const err = await createSaleorClient({ apiUrl: url }).searchProducts({ search: 'hoodie' }).catch((e) => e);
    expect(err).toBeInstanceOf(SaleorError);
    expect(err.kind).toBe('network');
    expect(err.message).toMatch(/ECONNREFUSED/);
  });

  it('a server that never answers → SaleorError timeout after timeoutMs', async () => {
    const url = await serve(() => { /* never answers */ });
    const err = await createSaleorClient({ apiUrl: url, timeoutMs: 150 }).getProduct('grey-hoodie').catch((e) => e);
    expect(err).toBeInstanceOf(SaleorError);
    expect(err.kind).toBe('timeout');
  });

  it('GraphQL errors → SaleorError graphql with the messages', async () => {
    const url = await serve(answer(200, JSON.stringify({ data: null, errors: [{ message: "Channel with 'x' slug does not exist." }] })));
    const err = await createSaleorClient({ apiUrl: url }).searchProducts({}).catch((e) => e);
    expect(err).toBeInstanceOf(SaleorError);
    expect(err.kind).toBe('graphql');
    expect(err.graphqlErrors).toEqual(["Channel with 'x' slug does not exist."]);
    expect(err.message).toContain("Channel with 'x' slug does not exist.");
  });

  it('HTTP errors → SaleorError http with the status', async () => {
    const url = await serve(answer(502, '<html>Bad gateway</html>'));
    const err = await createSaleorClient({ apiUrl: url }).searchProducts({}).catch((e) => e);
    expect(err).toMatchObject({ kind: 'http', status: 502 });
    expect(err.message).toMatch(/502.*Bad gateway/);
  });

  it('a 200 that is not JSON → SaleorError bad_response', async () => {
    const url = await serve(answer(200, 'hello'));
    await expect(createSaleorClient({ apiUrl: url }).searchProducts({})).rejects.toMatchObject({ kind: 'bad_response' });
  });

  it('sends the query, variables, channel and bearer token', async () => {
    const seen: { body?: any; headers?: http.IncomingHttpHeaders } = {};
    const url = await serve(answer(200, JSON.stringify({ data: { products: { edges: [] } } }), seen));
    const client = createSaleorClient({ apiUrl: url, channel: 'vn', token: 'secret' });
    await client.searchProducts({ search: ' hoodie ', attributes: [{ slug: 'size', values: ['m'] }, { slug: 'material', values: [] }], price: { lte: 30 }, first: 500 });
    expect(seen.headers?.authorization).toBe('Bearer secret');
    expect(seen.body.query).toMatch(/query SearchProducts/);
    expect(seen.body.variables).toEqual({
      channel: 'vn', first: 100, search: 'hoodie',
      filter: { attributes: [{ slug: 'size', values: ['m'] }], minimalPrice: { lte: 30 } },
    });
  });
});
