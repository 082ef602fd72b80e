// Which Saleor a bot talks to, from the environment.
import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectSaleor } from './connect.ts';
import { defaultDataFile } from './paths.ts';

describe('connectSaleor', () => {
  it('without SALEOR_API_URL nor SALEOR_DEV, no client, and the log says how to get one', async () => {
    const lines: string[] = [];
    const saleor = await connectSaleor({ env: {}, log: (l) => lines.push(l) });
    expect(saleor.client).toBeNull();
    expect(lines).toEqual([expect.stringMatching(/^no SALEOR_API_URL: the catalogue is unavailable/)]);
    await saleor.close();
  });

  it("with SALEOR_DEV=1 and no SALEOR_DATA, the bot's catalogue, relative to its folder", async () => {
    const data = defaultDataFile();
    const lines: string[] = [];
    const saleor = await connectSaleor({ env: { SALEOR_DEV: '1' }, saleor: { channel: 'default-channel', devCatalogue: basename(data) }, dir: dirname(data), log: (l) => lines.push(l) });
    await saleor.close();
    expect(lines[0]).toContain(`over ${data} at`);
  }, 60_000);

  it('SALEOR_API_URL is used as it is, without starting the dev server', async () => {
    const saleor = await connectSaleor({ env: { SALEOR_API_URL: 'http://127.0.0.1:9/graphql/', SALEOR_DEV: '1' } });
    expect(saleor.client).not.toBeNull();
    expect(saleor.devServer).toBeNull();
  });

  it('SALEOR_DEV=1 serves the catalogue file (SALEOR_DATA before the bot\'s own) and says it is the fake', async () => {
    const lines: string[] = [];
    const data = defaultDataFile();
    const saleor = await connectSaleor({ env: { SALEOR_DEV: '1', SALEOR_DATA: data }, saleor: { channel: 'default-channel', devCatalogue: 'catalogue.json' }, dir: '/nowhere', log: (l) => lines.push(l) });
    try {
      expect(saleor.devServer?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
      expect(lines[0]).toBe(`SALEOR_DEV=1: serving the FAKE Saleor over ${data} at ${saleor.devServer!.url} (development only)`);
      expect((await saleor.client!.searchProducts({ first: 1 })).length).toBe(1);
    } finally {
      await saleor.close();
    }
  }, 60_000);
});
