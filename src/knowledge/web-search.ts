// The web search of the tool cascade: an HTTP endpoint speaking DuckDuckGo's Instant Answer JSON (`Heading`,
// `AbstractText`, `AbstractURL`, `Results[]` and `RelatedTopics[]` of `{Text, FirstURL}`, nested `Topics`
// groups). Offline-first: SWITCHBOARD_OFFLINE=1 turns it off, and a slow answer, an HTTP error or no network
// comes back quickly as `{ available: false }`, never as an error that would fail the turn.

const DEFAULT_WEB_SEARCH_URL = 'https://api.duckduckgo.com/';

export interface WebSearchOptions {
  /** The endpoint (default DuckDuckGo's). */
  url?: string;
  /** Give up after this long (default 2500 ms). */
  timeoutMs?: number;
  /** Extra query parameters (`kl: br-pt`). */
  params?: Record<string, string>;
  /** Off: answer `{ available: false, reason: 'offline' }` without a request. */
  offline?: boolean;
  fetchImpl?: typeof fetch;
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

/** The options of a bot's `answers.web` with the environment's overrides: SWITCHBOARD_OFFLINE, SWITCHBOARD_WEB_SEARCH_URL and _TIMEOUT_MS. */
export function webSearchOptions(config: { url?: string; timeoutMs?: number; params?: Record<string, string> } | undefined, env: Record<string, string | undefined>): WebSearchOptions {
  const timeout = Number(env.SWITCHBOARD_WEB_SEARCH_TIMEOUT_MS);
  return {
    url: env.SWITCHBOARD_WEB_SEARCH_URL || config?.url || DEFAULT_WEB_SEARCH_URL,
    timeoutMs: timeout > 0 ? timeout : config?.timeoutMs,
    params: config?.params ?? {},
    offline: env.SWITCHBOARD_OFFLINE === '1' || env.SWITCHBOARD_OFFLINE === 'true',
  };
}

interface Topic {
  Text?: string;
  FirstURL?: string;
  Topics?: Topic[];
}

function flattenTopics(topics: unknown, out: { text: string; url: string }[] = []) {
  for (const t of Array.isArray(topics) ? (topics as Topic[]) : []) {
    if (Array.isArray(t?.Topics)) flattenTopics(t.Topics, out);
    else if (t?.Text && t.FirstURL) out.push({ text: String(t.Text), url: String(t.FirstURL) });
  }
  return out;
}

export async function webSearch(query: string, opts: WebSearchOptions = {}): Promise<WebSearchResult> {
  if (opts.offline) return { available: false, reason: 'offline' };
  const q = String(query ?? '').trim().slice(0, 300);
  if (!q) return { available: false, reason: 'invalid', detail: 'empty query' };
  const url = searchUrl(q, opts);
  if (!(url instanceof URL)) return url;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs ?? 2500);
  try {
    const res = await (opts.fetchImpl ?? fetch)(url, { signal: controller.signal, headers: { accept: 'application/json' } });
    if (!res.ok) return { available: false, reason: 'http', detail: `status ${res.status}` };
    // DuckDuckGo answers with content-type application/x-javascript: parse the text ourselves.
    return readAnswer(q, JSON.parse(await res.text()));
  } catch (err) {
    if (controller.signal.aborted) return { available: false, reason: 'timeout' };
    return { available: false, reason: err instanceof SyntaxError ? 'invalid' : 'network', detail: (err as Error).message };
  } finally {
    clearTimeout(timer);
  }
}

/** The endpoint with the query and the Instant Answer parameters (then the bot's own), or why there is none. */
function searchUrl(q: string, opts: WebSearchOptions): URL | WebSearchResult {
  let url: URL;
  try {
    url = new URL(opts.url ?? DEFAULT_WEB_SEARCH_URL);
  } catch {
    return { available: false, reason: 'invalid', detail: `not a URL: ${opts.url}` };
  }
  url.searchParams.set('q', q);
  url.searchParams.set('format', 'json');
  url.searchParams.set('no_html', '1');
  url.searchParams.set('skip_disambig', '1');
  for (const [k, v] of Object.entries(opts.params ?? {})) url.searchParams.set(k, v);
  return url;
}

/** An Instant Answer: its abstract (or answer, or definition), its source, and up to five related links. */
function readAnswer(q: string, parsed: unknown): WebSearchResult {
  const body = parsed as Record<string, unknown>;
  if (!body || typeof body !== 'object') return { available: false, reason: 'invalid', detail: 'not a JSON object' };
  const abstract = String(body.AbstractText || body.Abstract || body.Answer || body.Definition || '');
  // `Results` (the official site, when there is one) before `RelatedTopics`.
  const related = [...flattenTopics(body.Results), ...flattenTopics(body.RelatedTopics)].slice(0, 5);
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
}
