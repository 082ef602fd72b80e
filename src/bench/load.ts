// Load over HTTP on 127.0.0.1: N customers replaying a bot's conversations at once, and the same server's
// /api/health under the same concurrency. Bounded in time and in count; each conversation speaks from its
// own loopback address, as separate customers would (the chat routes are rate-limited per IP).
import { ApiClient, loopbackAddress, type ConversationFile, type EvalServer } from '../eval/index.ts';
import { playOverHttp } from './replay.ts';
import { summarize, type LoadResult } from './stats.ts';

/**
 * `concurrency` workers, each playing the file's conversations one after the other (a new conversation
 * when one ends) until `seconds` pass. Turns/s counts user turns answered.
 */
export async function chatLoad(server: EvalServer, bot: string, file: ConversationFile, concurrency: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const samples = new Set<string>();
  let errors = 0;
  let address = 1000;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const worker = async (w: number) => {
    for (let k = w; performance.now() < deadline; k += concurrency) {
      const c = file.conversations[k % file.conversations.length];
      const client = new ApiClient({ baseUrl: server.url, token: server.token, localAddress: loopbackAddress(address++), maxSockets: 1 });
      try {
        await playOverHttp(client, null, bot, c, (ms) => latencies.push(ms), () => performance.now() >= deadline);
      } catch (err) {
        errors++;
        if (samples.size < 3) samples.add((err as Error).message.slice(0, 200));
      } finally {
        client.close();
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  const elapsed = (performance.now() - t0) / 1000;
  return { perSecond: latencies.length / elapsed, completed: latencies.length, errors, seconds: elapsed, latency: summarize(latencies), errorSamples: [...samples] };
}

/**
 * GET /api/health from `concurrency` workers for `seconds`. Each worker cycles through its own keep-alive
 * clients on distinct loopback addresses, so the per-IP rate limit of the route measures nothing here
 * (a 429 would count as an error, not as an answer).
 */
export async function healthLoad(server: EvalServer, concurrency: number, seconds: number, addressesPerWorker = 12): Promise<LoadResult> {
  const pools = Array.from({ length: concurrency }, (_, w) =>
    Array.from({ length: addressesPerWorker }, (_, j) => new ApiClient({ baseUrl: server.url, localAddress: loopbackAddress(w * addressesPerWorker + j), maxSockets: 1 })),
  );
  const latencies: number[] = [];
  const samples = new Set<string>();
  let errors = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  try {
    await Promise.all(
      pools.map(async (pool) => {
        for (let n = 0; performance.now() < deadline; n++) {
          const res = await pool[n % pool.length].get('/api/health');
          if (res.status === 200) latencies.push(res.ms);
          else {
            errors++;
            if (samples.size < 3) samples.add(`HTTP ${res.status}: ${JSON.stringify(res.body).slice(0, 160)}`);
          }
        }
      }),
    );
  } finally {
    for (const c of pools.flat()) c.close();
  }
  const elapsed = (performance.now() - t0) / 1000;
  return { perSecond: latencies.length / elapsed, completed: latencies.length, errors, seconds: elapsed, latency: summarize(latencies), errorSamples: [...samples] };
}
