// The fake provider server speaks the wire protocols themselves: checked here with plain fetch.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bagOfWordsEmbedding, startFakeLlmServer, type FakeLlmServer } from './fake-server.ts';

let fake: FakeLlmServer;
beforeAll(async () => {
  fake = await startFakeLlmServer();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.respond = () => ({ text: 'default answer' });
});
afterAll(() => fake.close());

const post = (path: string, body: unknown) =>
  fetch(fake.origin + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** The `data:` payloads of an SSE body, in order. */
async function sseData(res: Response): Promise<string[]> {
  const text = await res.text();
  return text
    .split('\n\n')
    .map((block) => block.split('\n').find((l) => l.startsWith('data: '))?.slice(6))
    .filter((d): d is string => d !== undefined);
}

describe('OpenAI chat completions', () => {
  it('answers a plain request with a chat.completion and usage, on both paths', async () => {
    fake.enqueue({ text: 'olá', usage: { input: 7, output: 2 } });
    const res = await post('/v1/chat/completions', { model: 'm', messages: [{ role: 'user', content: 'oi' }] });
    const body = await res.json();
    expect(res.status).toBe(200);
    expect(body).toMatchObject({
      object: 'chat.completion',
      model: 'm',
      choices: [{ index: 0, message: { role: 'assistant', content: 'olá' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 7, completion_tokens: 2, total_tokens: 9 },
    });
    const again = await (await post('/chat/completions', { model: 'm', messages: [] })).json();
    expect(again.choices[0].message.content).toBe('default answer');
    expect(fake.requests.map((r) => r.path)).toEqual(['/v1/chat/completions', '/chat/completions']);
    expect(fake.requests[0].text).toBe('oi');
  });

  it('streams SSE chunks ending with [DONE], with a usage chunk when asked', async () => {
    fake.enqueue({ text: 'um dois três', usage: { input: 3, output: 3 } });
    const res = await post('/v1/chat/completions', { model: 'm', stream: true, stream_options: { include_usage: true }, messages: [] });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const data = await sseData(res);
    expect(data.at(-1)).toBe('[DONE]');
    const chunks = data.slice(0, -1).map((d) => JSON.parse(d));
    expect(chunks.every((c) => c.object === 'chat.completion.chunk')).toBe(true);
    expect(chunks.map((c) => c.choices[0]?.delta?.content ?? '').join('')).toBe('um dois três');
    expect(chunks.filter((c) => c.choices[0]?.delta?.content).length).toBe(3);
    expect(chunks.at(-2).choices[0].finish_reason).toBe('stop');
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 3 } });
  });

  it('json becomes the forced tool call when the request forces one, content otherwise', async () => {
    const tools = [{ type: 'function', function: { name: 'triage', parameters: {} } }];
    fake.enqueue({ json: { intents: ['faq'] } }, { json: { intents: ['faq'] } });
    const forced = await (await post('/v1/chat/completions', { model: 'm', messages: [], tools, tool_choice: { type: 'function', function: { name: 'triage' } } })).json();
    expect(forced.choices[0].finish_reason).toBe('tool_calls');
    expect(forced.choices[0].message.tool_calls[0].function).toEqual({ name: 'triage', arguments: '{"intents":["faq"]}' });
    expect(fake.requests[0].forcedTool).toBe('triage');
    const plain = await (await post('/v1/chat/completions', { model: 'm', messages: [], response_format: { type: 'json_schema' } })).json();
    expect(plain.choices[0].message.content).toBe('{"intents":["faq"]}');
  });

  it('a scripted toolCall is answered as tool_calls even with tool_choice auto', async () => {
    fake.enqueue({ toolCall: { name: 'buscar_datas', args: { curso: 'Direito' } } });
    const body = await (await post('/v1/chat/completions', { model: 'm', messages: [], tools: [{ type: 'function', function: { name: 'buscar_datas' } }] })).json();
    expect(body.choices[0].message.tool_calls[0].function).toEqual({ name: 'buscar_datas', arguments: '{"curso":"Direito"}' });
  });

  it('scripted errors carry the status and an OpenAI error body', async () => {
    fake.enqueue({ status: 429 });
    const res = await post('/v1/chat/completions', { model: 'm', messages: [] });
    expect(res.status).toBe(429);
    expect((await res.json()).error.type).toBe('rate_limit_exceeded');
  });

  it('a delay is cut short when the client goes away, and close() does not hang', async () => {
    const other = await startFakeLlmServer();
    other.enqueue({ delayMs: 600_000 });
    const controller = new AbortController();
    const pending = fetch(other.url + '/chat/completions', { method: 'POST', body: '{}', signal: controller.signal }).catch((e) => e);
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    expect(await pending).toBeInstanceOf(Error);
    await other.close(); // returns: the queued delay (10 min) is far longer than the test's timeout
  });

  it('unknown routes get 404 and are not recorded', async () => {
    const res = await post('/v1/audio/speech', {});
    expect(res.status).toBe(404);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('Anthropic messages', () => {
  it('answers tool_use for a forced tool and text otherwise', async () => {
    fake.enqueue({ json: { city: 'Campinas' } }, { text: 'oi' });
    const tool = await (
      await post('/v1/messages', { model: 'c', max_tokens: 10, system: 'sys', messages: [{ role: 'user', content: 'x' }], tools: [{ name: 'extract' }], tool_choice: { type: 'tool', name: 'extract' } })
    ).json();
    expect(tool).toMatchObject({ type: 'message', stop_reason: 'tool_use', content: [{ type: 'tool_use', name: 'extract', input: { city: 'Campinas' } }] });
    expect(fake.requests[0].text).toBe('sys\nx');
    const text = await (await post('/v1/messages', { model: 'c', max_tokens: 10, messages: [] })).json();
    expect(text).toMatchObject({ stop_reason: 'end_turn', content: [{ type: 'text', text: 'oi' }], usage: { input_tokens: expect.any(Number) } });
  });

  it('streams the event sequence', async () => {
    fake.enqueue({ text: 'a b' });
    const res = await post('/v1/messages', { model: 'c', max_tokens: 10, stream: true, messages: [] });
    const types = (await sseData(res)).map((d) => JSON.parse(d).type);
    expect(types).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_delta', 'content_block_stop', 'message_delta', 'message_stop']);
  });

  it('errors use the Anthropic error body', async () => {
    fake.enqueue({ status: 500 });
    const res = await post('/v1/messages', { model: 'c', messages: [] });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ type: 'error', error: { type: 'api_error', message: 'scripted 500' } });
  });
});

describe('Gemini', () => {
  it('generateContent answers candidates with usageMetadata; functionCall when forced', async () => {
    fake.enqueue({ text: 'olá' }, { json: { a: 1 } });
    const text = await (await post('/v1beta/models/gemini-2.0-flash:generateContent', { contents: [{ role: 'user', parts: [{ text: 'oi' }] }] })).json();
    expect(text).toMatchObject({ candidates: [{ content: { role: 'model', parts: [{ text: 'olá' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 1 } });
    const call = await (
      await post('/v1beta/models/gemini-2.0-flash:generateContent', {
        contents: [],
        tools: [{ functionDeclarations: [{ name: 'extract' }] }],
        toolConfig: { functionCallingConfig: { mode: 'ANY', allowedFunctionNames: ['extract'] } },
      })
    ).json();
    expect(call.candidates[0].content.parts).toEqual([{ functionCall: { name: 'extract', args: { a: 1 } } }]);
    expect(fake.requests[0].model).toBe('gemini-2.0-flash');
  });

  it('streamGenerateContent streams SSE candidates', async () => {
    fake.enqueue({ text: 'um dois' });
    const res = await post('/v1beta/models/g:streamGenerateContent?alt=sse', { contents: [] });
    const chunks = (await sseData(res)).map((d) => JSON.parse(d));
    expect(chunks.map((c) => c.candidates[0].content.parts[0].text).join('')).toBe('um dois');
    expect(chunks.at(-1).candidates[0].finishReason).toBe('STOP');
    expect(fake.requests[0].stream).toBe(true);
  });
});

describe('embeddings', () => {
  const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i], 0);

  it('the bag of words: shared words are close, concepts join words, no shared word is far', () => {
    const embed = bagOfWordsEmbedding({ concepts: { wallet: 'purse', carteira: 'purse' } });
    expect(cosine(embed('lost my card'), embed('my card was lost'))).toBeGreaterThan(0.8);
    expect(cosine(embed('wallet'), embed('carteira'))).toBeCloseTo(1, 6);
    expect(cosine(embed('opening hours'), embed('refund please'))).toBeLessThan(0.2);
    expect(Math.hypot(...embed('Olá, tudo bem?'))).toBeCloseTo(1, 6);
  });

  it('OpenAI /v1/embeddings answers a list of vectors, as floats or base64 float32', async () => {
    const plain = await (await post('/v1/embeddings', { model: 'text-embedding-3-small', input: ['um', 'dois'], encoding_format: 'float' })).json();
    expect(plain).toMatchObject({ object: 'list', model: 'text-embedding-3-small', data: [{ index: 0 }, { index: 1 }] });
    expect(plain.data[0].embedding).toEqual(fake.embed('um'));
    const packed = await (await post('/v1/embeddings', { model: 'm', input: 'um', encoding_format: 'base64' })).json();
    const bytes = Buffer.from(packed.data[0].embedding, 'base64');
    expect(Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4))).toEqual(fake.embed('um').map(Math.fround));
    expect(fake.requests[0]).toMatchObject({ protocol: 'openai', model: 'text-embedding-3-small', inputs: ['um', 'dois'] });
  });

  it('Ollama /api/embed and Gemini embedContent / batchEmbedContents', async () => {
    const ollama = await (await post('/api/embed', { model: 'nomic-embed-text', input: ['a b'] })).json();
    expect(ollama).toMatchObject({ model: 'nomic-embed-text', embeddings: [fake.embed('a b')] });
    const one = await (await post('/v1beta/models/text-embedding-004:embedContent', { content: { parts: [{ text: 'oi' }] } })).json();
    expect(one).toEqual({ embedding: { values: fake.embed('oi') } });
    const batch = await (
      await post('/v1beta/models/text-embedding-004:batchEmbedContents', { requests: [{ model: 'models/text-embedding-004', content: { parts: [{ text: 'x' }] } }, { content: { parts: [{ text: 'y' }] } }] })
    ).json();
    expect(batch.embeddings.map((e: { values: number[] }) => e.values)).toEqual([fake.embed('x'), fake.embed('y')]);
    expect(fake.requests.map((r) => r.model)).toEqual(['nomic-embed-text', 'text-embedding-004', 'text-embedding-004']);
  });

  it('scripted errors use the protocol error body on embedding routes too', async () => {
    fake.enqueue({ status: 503 });
    const res = await post('/api/embed', { model: 'm', input: 'x' });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'scripted 503' });
  });
});
