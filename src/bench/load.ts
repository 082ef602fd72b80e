// Load over HTTP on 127.0.0.1: N customers replaying a bot's conversations at once against a server that
// speaks the chat API (Switchboard, the same-work floor, the peer). Bounded in time; each conversation speaks
// from its own loopback address, as separate customers would (the chat routes are rate-limited per IP).
import { ApiClient, loopbackAddress, type ConversationFile } from '../eval/index.ts';
import { playOverHttp, type HttpTarget } from './replay.ts';
import { summarize, type LoadResult } from './stats.ts';

interface RawLoad {
  latencies: number[];
  errors: number;
  samples: Set<string>;
  seconds: number;
}

function toLoadResult(raw: RawLoad): LoadResult {
  return { perSecond: raw.latencies.length / raw.seconds, completed: raw.latencies.length, errors: raw.errors, seconds: raw.seconds, latency: summarize(raw.latencies), errorSamples: [...raw.samples].slice(0, 3) };
}

async function loadOnce(target: HttpTarget, bot: string, file: ConversationFile, concurrency: number, seconds: number, into: RawLoad, firstAddress: number): Promise<void> {
  let address = firstAddress;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const worker = async (w: number) => {
    for (let k = w; performance.now() < deadline; k += concurrency) {
      const c = file.conversations[k % file.conversations.length];
      const client = new ApiClient({ baseUrl: target.url, token: target.token, localAddress: loopbackAddress(address++), maxSockets: 1 });
      try {
        await playOverHttp(client, null, bot, c, (ms) => into.latencies.push(ms), () => performance.now() >= deadline);
      } catch (err) {
        into.errors++;
        if (into.samples.size < 3) into.samples.add((err as Error).message.slice(0, 200));
      } finally {
        client.close();
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, w) => worker(w)));
  into.seconds += (performance.now() - t0) / 1000;
}

/**
 * `concurrency` workers, each playing the file's conversations one after the other (a new conversation
 * when one ends) until `seconds` pass. Turns/s counts user turns answered.
 */
export async function chatLoad(target: HttpTarget, bot: string, file: ConversationFile, concurrency: number, seconds: number): Promise<LoadResult> {
  const raw: RawLoad = { latencies: [], errors: 0, samples: new Set(), seconds: 0 };
  await loadOnce(target, bot, file, concurrency, seconds, raw, 1000);
  return toLoadResult(raw);
}

/**
 * The same load on several servers, taking turns in `rounds` short windows (A B C A B C …), so that every
 * server sees the same machine: other processes' load drifts over a run, and a ratio of two figures
 * measured minutes apart would measure that drift. Returns one result per target, in order.
 */
export async function pairedChatLoad(targets: HttpTarget[], bot: string, file: ConversationFile, concurrency: number, secondsEach: number, rounds: number): Promise<LoadResult[]> {
  const raws: RawLoad[] = targets.map(() => ({ latencies: [], errors: 0, samples: new Set(), seconds: 0 }));
  for (let r = 0; r < rounds; r++) {
    for (const [i, t] of targets.entries()) {
      t.beforeLoad?.();
      await loadOnce(t, bot, file, concurrency, secondsEach / rounds, raws[i], 1000 + r * 97);
    }
  }
  return raws.map(toLoadResult);
}
