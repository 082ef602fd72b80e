// webSearch: DuckDuckGo Instant Answer adapter, the last step of the tool cascade.
// Offline-first: SWITCHBOARD_OFFLINE=1 disables it outright, and any network failure or slow answer
// comes back quickly as { available: false } instead of an error.

export const DDG_BASE_URL = 'https://api.duckduckgo.com/';

export interface WebSearchOptions {
  fetchImpl?: typeof fetch;
  /** Give up after this long (default 2500 ms). */
  timeoutMs?: number;
  /** Override the endpoint (tests point it at a local server). */
  baseUrl?: string;
  /** Environment to read SWITCHBOARD_OFFLINE from (default process.env). */
  env?: Record<string, string | undefined>;
}

export type WebSearchResult =
  | { available: false; reason: 'offline' | 'timeout' | 'network' | 'http' | 'invalid'; detail?: string }
  | {
      available: true;
      query: string;
      found: boolean;
      heading: string;
      abstract: string;
      url: string;
      source: string;
      related: { text: string; url: string }[];
    };

interface DdgTopic {
  Text?: string;
  FirstURL?: string;
  Topics?: DdgTopic[];
}

function flattenTopics(topics: DdgTopic[] | undefined, out: { text: string; url: string }[] = []) {
  for (const t of topics ?? []) {
    if (t.Topics) flattenTopics(t.Topics, out);
    else if (t.Text && t.FirstURL) out.push({ text: t.Text, url: t.FirstURL });
  }
  return out;
}

export async function webSearch(query: string, opts: WebSearchOptions = {}): Promise<WebSearchResult> {
  const env = opts.env ?? process.env;
  if (env.SWITCHBOARD_OFFLINE === '1' || env.SWITCHBOARD_OFFLINE === 'true') return { available: false, reason: 'offline' };
  const q = String(query ?? '').trim().slice(0, 300);
  if (!q) return { available: false, reason: 'invalid', detail: 'empty query' };

  const url = new URL(opts.baseUrl ?? DDG_BASE_URL);
  url.searchParams.set('q', q);
  url.searchParams.set('format', 'json');
  url.searchParams.set('no_html', '1');
  url.searchParams.set('skip_disambig', '1');
  url.searchParams.set('kl', 'br-pt');

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 2500);
  try {
    const res = await (opts.fetchImpl ?? fetch)(url, { signal: controller.signal, headers: { accept: 'application/json' } });
    if (!res.ok) return { available: false, reason: 'http', detail: `status ${res.status}` };
    // DuckDuckGo answers with content-type application/x-javascript: parse the text ourselves.
    const body = JSON.parse(await res.text()) as Record<string, unknown>;
    const abstract = String(body.AbstractText || body.Abstract || body.Answer || body.Definition || '');
    const related = flattenTopics(body.RelatedTopics as DdgTopic[] | undefined).slice(0, 5);
    return {
      available: true,
      query: q,
      found: abstract.length > 0 || related.length > 0,
      heading: String(body.Heading ?? ''),
      abstract,
      url: String(body.AbstractURL || body.DefinitionURL || ''),
      source: String(body.AbstractSource || body.DefinitionSource || ''),
      related,
    };
  } catch (err) {
    if (controller.signal.aborted) return { available: false, reason: 'timeout' };
    return { available: false, reason: err instanceof SyntaxError ? 'invalid' : 'network', detail: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}
