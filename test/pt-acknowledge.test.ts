// Portuguese short acknowledgements over HTTP, in a pt-BR reference bot (ct-smash): "blz, obrigado" gets the bot's
// thanks reply, a bare acknowledgement its fallback's (whose examples say "ok" and "blz": the author's answer), and
// inside the booking form's confirmation "ok" is still the yes that books the class. In a pt-BR example bot whose
// fallback has no acknowledgement among its examples (examples/petshop), a bare acknowledgement gets the runtime's.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../src/paths.ts';
import { startTestServer, type TestServer } from './support/server.ts';

describe('Portuguese acknowledgements in ct-smash', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ only: ['ct-smash'], start: new Date('2026-03-09T12:00:00-03:00') });
  }, 120_000);
  afterAll(async () => s?.close());

  it('answers an acknowledgement with thanks by the bot’s thanks reply', async () => {
    for (const message of ['blz, obrigado', 'tá bom, valeu!', 'fechado, muito obrigada 🙏']) {
      const r = await s.chat('ct-smash', { message });
      expect(r.reply, message).toMatch(/^Imagina!/);
      expect(r.mode).toBe('bot');
    }
  });

  it('leaves a bare acknowledgement to the fallback whose examples say it', async () => {
    const r = await s.chat('ct-smash', { message: 'ah, entendi' });
    expect(r.intents).toEqual(['general']);
    expect(r.reply).not.toMatch(/Imagina/);
  });

  it('reads "ok" in the booking’s confirmation as the yes that books it', async () => {
    const a = await s.chat('ct-smash', { message: 'queria agendar uma aula experimental de boxe pra quarta ao meio-dia' });
    expect(a.reply).toMatch(/Confirma/);
    const say = (message: string) => s.chat('ct-smash', { sessionId: a.sessionId, sessionToken: a.sessionToken, message });
    const b = await say('ok');
    expect(b.intents).toEqual(['trial']);
    expect(b.reply).toMatch(/agendada/);
    const rows = await s.db.query<{ date: string; time: string }>('select date, time from ct_bookings where session_id = $1', [a.sessionId]);
    expect(rows).toEqual([{ date: '2026-03-11', time: '12:00' }]);
  });

  it('answers "entendi" mid-booking aside and asks the pending question again', async () => {
    const a = await s.chat('ct-smash', { message: 'quero marcar uma aula teste' });
    expect(a.reply).toMatch(/Qual dia/);
    const b = await s.chat('ct-smash', { sessionId: a.sessionId, sessionToken: a.sessionToken, message: 'entendi' });
    expect(b.intents).toEqual(['trial']);
    expect(b.reply).toMatch(/Qual dia/);
  });
});

describe('Portuguese acknowledgements in petshop', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ botsDir: join(projectRoot, 'examples'), only: ['petshop'] });
  }, 120_000);
  afterAll(async () => s?.close());

  it('answers a bare acknowledgement with the runtime’s small talk, and thanks beside it with its thanks', async () => {
    for (const message of ['ah, entendi', 'beleza então', 'ok 👍']) expect((await s.chat('petshop', { message })).reply, message).toBe('Combinado!');
    expect((await s.chat('petshop', { message: 'blz, obrigado' })).reply).toBe('Imagina! Qualquer coisa é só chamar.');
  });
});
