import { describe, expect, it, vi } from 'vitest';
import { useFakeLlmServer } from '../../test/support/fake-llm-server.ts';
import { createIntentTagFilter, generateTaggedReply, intentTagInstructions, parseIntentTag } from './tagged.ts';
import { openaiClient } from './testing/fixtures.ts';

const known = ['consulta_producto', 'problema_entrega', 'saludo', 'otro'];

describe('parseIntentTag', () => {
  it('reads the tag and strips it from what the customer sees', () => {
    expect(parseIntentTag('[INTENT:problema_entrega] Uh, que bajón. Dejame que le aviso a Mauri...', known, 'otro')).toEqual({
      intent: 'problema_entrega',
      text: 'Uh, que bajón. Dejame que le aviso a Mauri...',
    });
  });

  it('an unknown tag is logged and treated as the fallback', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const out = parseIntentTag('[INTENT:reclamo_grave] Lo siento mucho.', known, 'otro');
    expect(out).toEqual({ intent: 'otro', text: 'Lo siento mucho.', unknownTag: 'reclamo_grave' });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('reclamo_grave'));
    warn.mockRestore();
  });

  it('no tag → fallback, text untouched', () => {
    expect(parseIntentTag('Buenas! En qué te ayudo?', known, 'otro')).toEqual({ intent: 'otro', text: 'Buenas! En qué te ayudo?' });
  });

  it('a tag in the middle is found and removed too', () => {
    expect(parseIntentTag('Buenas! [INTENT:saludo] Aca Nico.', known, 'otro')).toEqual({ intent: 'saludo', text: 'Buenas! Aca Nico.' });
  });
});

describe('createIntentTagFilter', () => {
  const run = (deltas: string[]) => {
    const out: string[] = [];
    const f = createIntentTagFilter((d) => out.push(d));
    deltas.forEach((d) => f.push(d));
    f.flush();
    return out.join('');
  };
  it('hides a tag split across deltas', () => {
    expect(run(['[INT', 'ENT:sal', 'udo]', ' Buenas', '! Aca Nico.'])).toBe('Buenas! Aca Nico.');
  });
  it('passes untagged text through', () => {
    expect(run(['Buenas', ', todo bien?'])).toBe('Buenas, todo bien?');
  });
  it('passes a bracket that is not a tag', () => {
    expect(run(['[nota]', ' hola'])).toBe('[nota] hola');
  });
});

describe('generateTaggedReply', () => {
  const fake = useFakeLlmServer();

  it('asks for the tag, streams the reply without it, and returns the intent', async () => {
    fake.enqueue({ text: '[INTENT:consulta_producto] Buenas! Sí, tenemos creatina monohidratada.', chunks: ['[INTENT:', 'consulta_producto]', ' Buenas!', ' Sí, tenemos', ' creatina monohidratada.'] });
    const deltas: string[] = [];
    const out = await generateTaggedReply({
      client: openaiClient(fake.url),
      persona: 'Sos Nico, de La Fórmula.',
      language: 'es-AR',
      intents: known.map((id) => ({ id })),
      fallback: 'otro',
      message: 'tienen creatina?',
      onDelta: (d) => deltas.push(d),
    });
    expect(out).toEqual({ intent: 'consulta_producto', text: 'Buenas! Sí, tenemos creatina monohidratada.' });
    expect(deltas.join('')).toBe('Buenas! Sí, tenemos creatina monohidratada.');
    expect(deltas.join('')).not.toContain('INTENT');
    const system = fake.requests[0].body.messages[0].content;
    expect(system).toContain('Sos Nico');
    expect(system).toContain(intentTagInstructions(known.map((id) => ({ id }))));
    expect(fake.requests[0].body.messages.at(-1)).toEqual({ role: 'user', content: 'tienen creatina?' });
  });
});
