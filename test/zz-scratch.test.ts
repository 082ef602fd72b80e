import { readFileSync } from 'node:fs';
import { it } from 'vitest';
import { startTestServer } from './support/server.ts';

it('scratch', async () => {
  const s = await startTestServer({ only: ['fashion-vn'], env: { ...process.env, SALEOR_API_URL: '', SALEOR_DEV: '1', SALEOR_TIMEOUT_MS: '60000' } });
  try {
    const convs = readFileSync('/tmp/fvn/msgs.txt', 'utf8').split('\n---\n');
    for (const c of convs) {
      let sess: any = {};
      for (const m of c.split('\n').filter(Boolean)) {
        const r = await s.chat('fashion-vn', { ...sess, message: m });
        sess = { sessionId: r.sessionId, sessionToken: r.sessionToken };
        console.log(`>> ${m}\n[${r.intents}] ${r.reply}\n`);
      }
      console.log('=======');
    }
  } finally { await s.close(); }
}, 600000);
