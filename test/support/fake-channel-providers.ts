// Fake messaging providers for channel tests: real HTTP servers on 127.0.0.1 that record every request and
// can be told to fail the next N calls. Evolution API (sendText, markMessageAsRead, sendPresence), the WhatsApp
// Graph API (messages, read receipts with the typing indicator) and Chatwoot (messages, conversation status,
// toggle_status, toggle_typing_status) with the response shapes the real ones return. Read receipts and typing
// indicators are kept apart (`presence`, `failPresence`): `requests` and `failNext` are the messages and statuses.
import http from 'node:http';

interface RecordedRequest {
  /** Arrival order across every request this fake received (presence calls included). */
  seq: number;
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

export interface FakeProvider {
  url: string;
  /** Every request received, failed ones included. */
  requests: RecordedRequest[];
  /** Requests that got a 2xx answer. */
  delivered(): RecordedRequest[];
  /** Read receipts and typing indicators received, failed ones included. */
  presence: RecordedRequest[];
  /** Fail the next `n` read-receipt / typing calls with `status`. */
  failPresence(n: number, status?: number): void;
  /**
   * Fail the next `n` requests whose path matches (default: every path) with `status`, after `delayMs`; `body` and
   * `headers` replace the default error answer (e.g. Meta's error object, a Retry-After header).
   */
  failNext(n: number, opts?: FailureOptions): void;
  reset(): void;
  close(): Promise<void>;
}

type Answer = { status: number; body: unknown; headers?: Record<string, string> };

interface FailureOptions {
  status?: number;
  path?: RegExp;
  delayMs?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
type Handler = (req: RecordedRequest, params: string[]) => Answer | undefined;

async function startFake(
  routes: [method: string, pattern: RegExp, handler: Handler][],
  isPresence: (req: RecordedRequest) => boolean = () => false,
): Promise<FakeProvider & { handled: WeakSet<RecordedRequest> }> {
  const requests: RecordedRequest[] = [];
  const presence: RecordedRequest[] = [];
  const presenceFailures = { left: 0, status: 500 };
  let arrivals = 0;
  const handled = new WeakSet<RecordedRequest>();
  let failures: (FailureOptions & { left: number; status: number })[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = parsedBody(Buffer.concat(chunks).toString('utf8'));
      const rec: RecordedRequest = { seq: ++arrivals, method: req.method ?? 'GET', path: req.url ?? '/', headers: req.headers, body };
      const send = (a: Answer) => {
        const payload = JSON.stringify(a.body);
        res.writeHead(a.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...a.headers });
        res.end(payload);
      };
      const presenceCall = isPresence(rec);
      (presenceCall ? presence : requests).push(rec);
      if (presenceCall && presenceFailures.left > 0) {
        presenceFailures.left--;
        return send({ status: presenceFailures.status, body: { error: 'simulated failure' } });
      }
      const failure = presenceCall ? undefined : failures.find((f) => f.left > 0 && (!f.path || f.path.test(rec.path)));
      if (failure) {
        failure.left--;
        const fail = () => send({ status: failure.status, body: failure.body ?? { error: 'simulated failure' }, headers: failure.headers });
        return failure.delayMs ? void setTimeout(fail, failure.delayMs) : fail();
      }
      for (const [method, pattern, handler] of routes) {
        const m = rec.method === method ? pattern.exec(rec.path.split('?')[0]) : null;
        if (!m) continue;
        const answer = handler(rec, m.slice(1));
        if (answer) {
          if (answer.status < 300) handled.add(rec);
          return send(answer);
        }
      }
      send({ status: 404, body: { error: 'not found' } });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    url,
    requests,
    handled,
    delivered: () => requests.filter((r) => handled.has(r)),
    presence,
    failPresence(n, status = 500) {
      presenceFailures.left = n;
      presenceFailures.status = status;
    },
    failNext(n, opts = {}) {
      failures.push({ ...opts, left: n, status: opts.status ?? 503 });
    },
    reset() {
      requests.length = 0;
      presence.length = 0;
      presenceFailures.left = 0;
      failures = [];
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

let seq = 0;
const nextId = (prefix: string) => `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

/** Evolution API v2: POST /message/sendText/{instance} with header apikey and body {number, text}. */
export async function startFakeEvolution(apiKey: string): Promise<FakeProvider> {
  return startFake([
    [
      'POST',
      /^\/message\/sendText\/([^/]+)$/,
      (req, [instance]) => {
        if (req.headers.apikey !== apiKey) return { status: 401, body: { status: 401, error: 'Unauthorized' } };
        if (!req.body?.number || typeof req.body.text !== 'string') return { status: 400, body: { status: 400, error: 'Bad Request' } };
        return {
          status: 201,
          body: { key: { remoteJid: String(req.body.number).includes('@') ? req.body.number : `${req.body.number}@s.whatsapp.net`, fromMe: true, id: nextId('3EB0') }, message: { conversation: req.body.text }, messageTimestamp: Math.floor(Date.now() / 1000), status: 'PENDING', instance: decodeURIComponent(instance) },
        };
      },
    ],
    [
      'POST',
      /^\/chat\/markMessageAsRead\/([^/]+)$/,
      (req) => {
        if (req.headers.apikey !== apiKey) return { status: 401, body: { status: 401, error: 'Unauthorized' } };
        const items = req.body?.readMessages;
        if (!Array.isArray(items) || !items.every((m: any) => typeof m?.remoteJid === 'string' && typeof m.id === 'string' && typeof m.fromMe === 'boolean')) return { status: 400, body: { status: 400, error: 'Bad Request' } };
        return { status: 201, body: { message: 'Read messages', read: 'success' } };
      },
    ],
    [
      'POST',
      /^\/chat\/sendPresence\/([^/]+)$/,
      (req) => {
        if (req.headers.apikey !== apiKey) return { status: 401, body: { status: 401, error: 'Unauthorized' } };
        const b = req.body;
        if (!b?.number || !['composing', 'recording', 'paused', 'available', 'unavailable'].includes(b.presence) || typeof b.delay !== 'number') return { status: 400, body: { status: 400, error: 'Bad Request' } };
        return { status: 201, body: { presence: b.presence } };
      },
    ],
  ], (req) => /^\/chat\/(markMessageAsRead|sendPresence)\//.test(req.path));
}

/**
 * WhatsApp Cloud API: POST /{version}/{phone_number_id}/messages with a Bearer token, to a phone number (`to`),
 * a business-scoped user id (`recipient`) or a group (`recipient_type: "group"`). Like Meta, it accepts a text
 * body up to 4096 characters, or a template (name, language code, components).
 */
export async function startFakeGraph(token: string): Promise<FakeProvider> {
  const unauthorised: Answer = { status: 401, body: { error: { message: 'Invalid OAuth access token.', type: 'OAuthException', code: 190 } } };
  return startFake([
    [
      'POST',
      /^\/(v\d+\.\d+)\/(\d+)\/messages$/,
      (req) => {
        if (req.headers.authorization !== `Bearer ${token}`) return unauthorised;
        return req.body?.status === 'read' ? graphReadReceipt(req.body) : graphSend(req.body);
      },
    ],
  ], (req) => req.body?.status === 'read');
}

/** Meta's answer to a malformed Graph request. */
function graphInvalid(message: string): Answer {
  return { status: 400, body: { error: { message: `(#100) ${message}`, type: 'OAuthException', code: 100 } } };
}

/** A read receipt, with the typing indicator when asked: Meta answers {success: true}. */
function graphReadReceipt(b: any): Answer {
  if (b.messaging_product !== 'whatsapp' || typeof b.message_id !== 'string') return graphInvalid('Invalid parameter');
  if (b.typing_indicator !== undefined && b.typing_indicator?.type !== 'text') return graphInvalid('Invalid typing_indicator type');
  return { status: 200, body: { success: true } };
}

const isGraphTemplate = (b: any) => b?.type === 'template' && typeof b.template?.name === 'string' && typeof b.template?.language?.code === 'string';
const isGraphText = (b: any) => b?.type === 'text' && typeof b.text?.body === 'string';

/** A text or template message: Meta answers with the recipient as it read it and the new message's id. */
function graphSend(b: any): Answer {
  const template = isGraphTemplate(b);
  if (b?.messaging_product !== 'whatsapp' || !(b.to || b.recipient) || !(template || isGraphText(b))) return graphInvalid('Invalid parameter');
  if (!template && b.text.body.length > 4096) return graphInvalid('Param text[body] must be at most 4096 characters long.');
  return { status: 200, body: { messaging_product: 'whatsapp', contacts: [graphContact(b)], messages: [{ id: `wamid.${nextId('HBGM')}` }] } };
}

/** The `contacts` entry: the input and its WhatsApp id for a phone number, the input alone for a group, the user id for a recipient. */
function graphContact(b: any) {
  if (!b.to) return { input: b.recipient, user_id: b.recipient };
  return b.recipient_type === 'group' ? { input: b.to } : { input: b.to, wa_id: b.to };
}

export interface FakeChatwoot extends FakeProvider {
  /** Conversation statuses by `${accountId}/${conversationId}` (what GET returns; toggle_status changes it). */
  conversations: Map<string, string>;
  /**
   * Whether an Agent Bot token may read a conversation (GET). Chatwoot servers before June 2026 refuse it with
   * 401 "Access to this endpoint is not authorized for bots"; toggle_status and messages were always allowed.
   */
  botMayRead: boolean;
  messagesTo(accountId: number, conversationId: number): RecordedRequest[];
  togglesOf(accountId: number, conversationId: number): RecordedRequest[];
}

/** Chatwoot application API as an Agent Bot (header api_access_token). */
export async function startFakeChatwoot(token: string): Promise<FakeChatwoot> {
  const conversations = new Map<string, string>();
  const state = { botMayRead: true };
  const authorised = (req: RecordedRequest) => req.headers.api_access_token === token;
  const denied = { status: 401, body: { error: 'You need to sign in or sign up before continuing.' } };
  let messageId = 1000;
  const fake = await startFake([
    [
      'POST',
      /^\/api\/v1\/accounts\/(\d+)\/conversations\/(\d+)\/messages$/,
      (req, [a, c]) => {
        if (!authorised(req)) return denied;
        if (typeof req.body?.content !== 'string') return { status: 422, body: { error: 'content is missing' } };
        return { status: 200, body: { id: ++messageId, content: req.body.content, message_type: 1, conversation_id: Number(c), account_id: Number(a), private: false } };
      },
    ],
    [
      'POST',
      /^\/api\/v1\/accounts\/(\d+)\/conversations\/(\d+)\/toggle_status$/,
      (req, [a, c]) => {
        if (!authorised(req)) return denied;
        const status = req.body?.status;
        if (!['open', 'pending', 'resolved', 'snoozed'].includes(status)) return { status: 422, body: { error: 'invalid status' } };
        conversations.set(`${a}/${c}`, status);
        return { status: 200, body: { meta: {}, payload: { success: true, conversation_id: Number(c), current_status: status } } };
      },
    ],
    [
      'POST',
      /^\/api\/v1\/accounts\/(\d+)\/conversations\/(\d+)\/toggle_typing_status$/,
      (req) => {
        if (!authorised(req)) return denied;
        if (!['on', 'off', 'recording'].includes(req.body?.typing_status)) return { status: 422, body: { error: 'invalid typing_status' } };
        return { status: 200, body: {} };
      },
    ],
    [
      'GET',
      /^\/api\/v1\/accounts\/(\d+)\/conversations\/(\d+)$/,
      (req, [a, c]) => {
        if (!authorised(req)) return denied;
        if (!state.botMayRead) return { status: 401, body: { error: 'Access to this endpoint is not authorized for bots' } };
        const status = conversations.get(`${a}/${c}`);
        if (!status) return { status: 404, body: { error: 'Resource could not be found' } };
        return { status: 200, body: { id: Number(c), account_id: Number(a), status, meta: { sender: {} }, messages: [] } };
      },
    ],
  ], (req) => req.path.endsWith('/toggle_typing_status'));
  const match = (a: number, c: number, suffix: string) => (r: RecordedRequest) => r.method === 'POST' && r.path === `/api/v1/accounts/${a}/conversations/${c}${suffix}` && fake.handled.has(r);
  return {
    ...fake,
    conversations,
    get botMayRead() {
      return state.botMayRead;
    },
    set botMayRead(v: boolean) {
      state.botMayRead = v;
    },
    messagesTo: (a, c) => fake.requests.filter(match(a, c, '/messages')),
    togglesOf: (a, c) => fake.requests.filter(match(a, c, '/toggle_status')),
  };
}

/** A request's body: its JSON, null when empty, the text itself when it is not JSON. */
function parsedBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
