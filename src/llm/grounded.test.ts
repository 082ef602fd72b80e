import { describe, expect, it } from 'vitest';
import { useFakeLlmServer } from '../../test/support/fake-llm-server.ts';
import { generateGroundedReply } from './grounded.ts';
import { openaiClient } from './testing/fixtures.ts';
import type { CallTrace } from './trace.ts';

const fake = useFakeLlmServer();

describe('generateGroundedReply', () => {
  it('sends persona, language, passages and history, and streams the reply', async () => {
    fake.enqueue({ text: 'Chị có thể đổi trả trong vòng 7 ngày ạ.' });
    const trace: CallTrace[] = [];
    const deltas: string[] = [];
    const reply = await generateGroundedReply({
      client: openaiClient(fake.url),
      persona: 'Bạn là nhân viên tư vấn thời trang của shop.',
      language: 'vi',
      question: 'đổi trả thế nào?',
      passages: ['Chính sách đổi trả: trong vòng 7 ngày, còn tem mác.', 'Giao hàng toàn quốc 2-4 ngày.'],
      history: [{ role: 'user', content: 'chào shop' }, { role: 'assistant', content: 'Dạ chào chị!' }],
      trace,
      onDelta: (d) => deltas.push(d),
    });
    expect(reply).toBe('Chị có thể đổi trả trong vòng 7 ngày ạ.');
    expect(deltas.join('')).toBe(reply);
    const [system, user] = fake.requests[0].body.messages;
    expect(system.content).toContain('Bạn là nhân viên tư vấn');
    expect(system.content).toContain('Reply in Vietnamese');
    expect(system.content).toContain('[1] Chính sách đổi trả: trong vòng 7 ngày, còn tem mác.');
    expect(system.content).toContain('[2] Giao hàng toàn quốc 2-4 ngày.');
    expect(system.content).toMatch(/ONLY with facts from the passages/);
    expect(user.content).toContain('khách hàng: chào shop');
    expect(user.content).toContain('đổi trả thế nào?');
    expect(trace[0]).toMatchObject({ purpose: 'grounded_reply', ok: true });
  });

  it('tells the model when nothing was found', async () => {
    fake.enqueue({ text: 'Não encontrei essa informação.' });
    await generateGroundedReply({ client: openaiClient(fake.url), persona: '', language: 'pt-BR', question: 'tem estacionamento?', passages: [] });
    expect(fake.requests.at(-1)!.body.messages[0].content).toContain('(no passage was found)');
  });
});
