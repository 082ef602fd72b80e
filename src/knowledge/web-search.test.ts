// The web search against a real local HTTP server speaking DuckDuckGo's Instant Answer JSON.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webSearch, webSearchOptions } from './web-search.ts';

let server: Server;
let base: string;
const seen: URL[] = [];
let slowAnswers = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    seen.push(url);
    if (url.pathname === '/slow') return void setTimeout(() => { slowAnswers++; res.end('{}'); }, 2000);
    if (url.pathname === '/broken') {
      res.statusCode = 500;
      return void res.end('oops');
    }
    if (url.pathname === '/garbage') return void res.end('<html>not json</html>');
    if (url.pathname === '/empty') return void res.end(JSON.stringify({ Heading: '', AbstractText: '', AbstractURL: '', RelatedTopics: [] }));
    // DuckDuckGo answers with content-type application/x-javascript.
    res.setHeader('content-type', 'application/x-javascript');
    res.end(
      JSON.stringify({
        Heading: 'Harbour ferry',
        AbstractText: 'The harbour ferry crosses the bay every half hour.',
        AbstractURL: 'https://en.wikipedia.org/wiki/Harbour_ferry',
        AbstractSource: 'Wikipedia',
        Results: [{ Text: 'Official timetable', FirstURL: 'https://ferry.example/' }],
        RelatedTopics: [
          { Text: 'Night ferry', FirstURL: 'https://duckduckgo.com/Night_ferry' },
          { Name: 'See also', Topics: [{ Text: 'Bay bridge', FirstURL: 'https://duckduckgo.com/Bay_bridge' }] },
          { Text: 'no link' },
        ],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('webSearch', () => {
  it('parses an Instant Answer: heading, abstract, its URL and source, results and related topics flattened from their groups', async () => {
    const r = await webSearch('when does the ferry leave', { url: `${base}/`, params: { kl: 'uk-en' } });
    expect(r).toMatchObject({ available: true, found: true, heading: 'Harbour ferry', source: 'Wikipedia', url: 'https://en.wikipedia.org/wiki/Harbour_ferry' });
    if (!r.available) throw new Error('unreachable');
    expect(r.abstract).toMatch(/every half hour/);
    expect(r.related).toEqual([
      { text: 'Official timetable', url: 'https://ferry.example/' },
      { text: 'Night ferry', url: 'https://duckduckgo.com/Night_ferry' },
      { text: 'Bay bridge', url: 'https://duckduckgo.com/Bay_bridge' },
    ]);
    const last = seen[seen.length - 1];
    expect(last.searchParams.get('q')).toBe('when does the ferry leave');
    expect(last.searchParams.get('format')).toBe('json');
    expect(last.searchParams.get('kl')).toBe('uk-en');
  });

  it('an answer with nothing in it is available but not found', async () => {
    expect(await webSearch('zzz', { url: `${base}/empty` })).toMatchObject({ available: true, found: false });
  });

  it('is off when offline: no request is made', async () => {
    const before = seen.length;
    let called = false;
    const fetchImpl = (async () => {
      called = true;
      throw new Error('no');
    }) as typeof fetch;
    expect(await webSearch('ferry', { url: `${base}/`, offline: true, fetchImpl })).toEqual({ available: false, reason: 'offline' });
    expect(await webSearch('ferry', { ...webSearchOptions({ url: `${base}/` }, { SWITCHBOARD_OFFLINE: '1' }) })).toEqual({ available: false, reason: 'offline' });
    expect(called).toBe(false);
    expect(seen.length).toBe(before);
  });

  it('gives up on a slow answer at its timeout, never hanging the turn', async () => {
    const answeredBefore = slowAnswers;
    expect(await webSearch('ferry', { url: `${base}/slow`, timeoutMs: 150 })).toEqual({ available: false, reason: 'timeout' });
    expect(slowAnswers).toBe(answeredBefore); // given up on before the slow answer came
  });

  it('says why it has nothing: an HTTP error, no JSON, no network, an empty query', async () => {
    expect(await webSearch('ferry', { url: `${base}/broken` })).toMatchObject({ available: false, reason: 'http', detail: 'status 500' });
    expect(await webSearch('ferry', { url: `${base}/garbage` })).toMatchObject({ available: false, reason: 'invalid' });
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await webSearch('ferry', { url: `http://127.0.0.1:${port}/`, timeoutMs: 1000 })).toMatchObject({ available: false, reason: 'network' });
    expect(await webSearch('  ', { url: `${base}/` })).toMatchObject({ available: false, reason: 'invalid' });
  });
});

describe('webSearchOptions', () => {
  it("takes bot.yaml's URL, timeout and parameters; the environment overrides URL and timeout and turns it off", () => {
    const config = { url: 'https://search.example/', timeoutMs: 900, params: { kl: 'br-pt' } };
    expect(webSearchOptions(config, {})).toEqual({ url: 'https://search.example/', timeoutMs: 900, params: { kl: 'br-pt' }, offline: false });
    expect(webSearchOptions(config, { SWITCHBOARD_WEB_SEARCH_URL: 'http://127.0.0.1:9/', SWITCHBOARD_WEB_SEARCH_TIMEOUT_MS: '300', SWITCHBOARD_OFFLINE: 'true' })).toEqual({
      url: 'http://127.0.0.1:9/',
      timeoutMs: 300,
      params: { kl: 'br-pt' },
      offline: true,
    });
    expect(webSearchOptions(undefined, {}).url).toBe('https://api.duckduckgo.com/');
  });
});
