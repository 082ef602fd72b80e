// A small HTTP client for the Switchboard API, on node:http with keep-alive. Each client can send from its
// own loopback address (127.0.0.x): the chat routes are rate-limited per IP, and many simulated customers
// should look like many customers, not one.
import http from 'node:http';
import type { ChatResult } from '../engine/types.ts';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  ms: number;
}

export interface ChatBody {
  sessionId?: string;
  sessionToken?: string;
  userId?: string;
  /** Proof of userId: a user token signed by the embedding application. */
  userToken?: string;
  message: string;
  clientMessageId?: string;
}

/** The chat route's JSON body: the runtime's ChatResult (and whatever a newer server adds). */
export type ChatReply = ChatResult & Record<string, unknown>;

export interface StreamedTurn {
  events: { type: string; [key: string]: unknown }[];
  /** The `done` event's body (the JSON reply), or undefined when the stream ended with an error. */
  done?: ChatReply;
  status: number;
  ms: number;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    what: string,
  ) {
    super(`${what} → HTTP ${status}: ${typeof body === 'string' ? body : JSON.stringify(body)}`);
  }
}

export interface ApiClientOptions {
  baseUrl: string;
  /** Bearer token for operator/admin routes. */
  token?: string;
  /** Source address on the loopback range (e.g. 127.0.0.12); default: the OS's choice. */
  localAddress?: string;
  /** Sockets kept open (concurrent requests of this client). */
  maxSockets?: number;
}

/** The i-th loopback source address, cycling through 127.0.0.2 … 127.0.0.254. */
export function loopbackAddress(i: number): string {
  return `127.0.0.${2 + (Math.abs(Math.trunc(i)) % 253)}`;
}

export class ApiClient {
  private agent: http.Agent;
  private url: URL;

  constructor(readonly options: ApiClientOptions) {
    this.url = new URL(options.baseUrl);
    this.agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets ?? 8 });
  }

  /** Send a request; the body is parsed as JSON when it is JSON. */
  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const res = await this.raw(method, path, body, headers);
    let parsed: unknown = res.text;
    try {
      parsed = JSON.parse(res.text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, ms: res.ms };
  }

  get<T = any>(path: string, auth = false) {
    return this.request<T>('GET', path, undefined, auth ? this.authHeader() : {});
  }

  /** POST /api/bots/:bot/chat as JSON. Throws ApiError for a non-200 answer. */
  async chat(bot: string, body: ChatBody): Promise<ChatReply & { ms: number }> {
    const res = await this.request<ChatReply>('POST', `/api/bots/${encodeURIComponent(bot)}/chat`, body);
    if (res.status !== 200) throw new ApiError(res.status, res.body, `chat ${bot}`);
    return { ...res.body, ms: res.ms };
  }

  /** The same turn streamed as NDJSON events (Accept: application/x-ndjson). */
  async chatStream(bot: string, body: ChatBody): Promise<StreamedTurn> {
    const res = await this.raw('POST', `/api/bots/${encodeURIComponent(bot)}/chat`, body, { accept: 'application/x-ndjson' });
    if (res.status !== 200) throw new ApiError(res.status, res.text, `chat ${bot} (NDJSON)`);
    const events = res.text
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as StreamedTurn['events'][number]);
    const done = events.find((e) => e.type === 'done') as unknown as ChatReply | undefined;
    return { events, done, status: res.status, ms: res.ms };
  }

  /** GET /api/sessions/:id with the operator/admin token: state, messages and turn traces. */
  async session(id: string): Promise<SessionDetail> {
    const res = await this.request<SessionDetail>('GET', `/api/sessions/${encodeURIComponent(id)}`, undefined, this.authHeader());
    if (res.status !== 200) throw new ApiError(res.status, res.body, `read session ${id}`);
    return res.body;
  }

  /** POST /api/users with the admin token: a known user, for bots that require sign-in. */
  async registerUser(id: string): Promise<void> {
    const res = await this.request('POST', '/api/users', { id }, this.authHeader());
    if (res.status !== 201 && res.status !== 200) throw new ApiError(res.status, res.body, `register user ${id}`);
  }

  async operatorReply(sessionId: string, message: string): Promise<{ session: { mode: string } }> {
    const res = await this.request('POST', `/api/sessions/${encodeURIComponent(sessionId)}/reply`, { message }, this.authHeader());
    if (res.status !== 200) throw new ApiError(res.status, res.body, 'operator reply');
    return res.body;
  }

  async setMode(sessionId: string, mode: string, reason?: string): Promise<{ mode: string }> {
    const res = await this.request('POST', `/api/sessions/${encodeURIComponent(sessionId)}/handoff`, { mode, ...(reason ? { reason } : {}) }, this.authHeader());
    if (res.status !== 200) throw new ApiError(res.status, res.body, `set mode ${mode}`);
    return res.body;
  }

  close(): void {
    this.agent.destroy();
  }

  private authHeader(): Record<string, string> {
    return this.options.token ? { authorization: `Bearer ${this.options.token}` } : {};
  }

  private raw(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<{ status: number; text: string; ms: number }> {
    const payload = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
    const t0 = performance.now();
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: this.url.hostname,
          port: this.url.port,
          path,
          method,
          agent: this.agent,
          localAddress: this.options.localAddress,
          headers: {
            ...(payload !== undefined ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (payload !== undefined) req.write(payload);
      req.end();
    });
  }
}

export interface SessionDetail {
  id: string;
  mode: string;
  state: Record<string, unknown>;
  messages: { id: number; role: string; source: string; content: string; intents: string[] }[];
  turns: { id: string; path: string; intents: string[]; modelCalls: { model: string; purpose: string; ok: boolean; latencyMs: number }[]; latencyMs: number }[];
}
