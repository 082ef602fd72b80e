// A bot that requires sign-in, over WhatsApp (Evolution API): a message from a registered user's phone number is
// that user's; any other number gets the sign-in reply. Real HTTP both ways, a fake Evolution server.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channelsConfigFromEnv } from '../src/channels/index.ts';
import { Runtime } from '../src/engine/index.ts';
import { getSession, openTestDatabase, type Database } from '../src/store/index.ts';
import { startChannelsServer, type ChannelsServer } from './support/channels-server.ts';
import { startFakeEvolution, type FakeProvider } from './support/fake-channel-providers.ts';

const ADMIN = 'admin-token';
const EVO_KEY = 'evo-key';

let botsDir: string;
let db: Database;
let runtime: Runtime;
let server: ChannelsServer;
let evolution: FakeProvider;

beforeAll(async () => {
  botsDir = mkdtempSync(join(tmpdir(), 'sb-members-'));
  mkdirSync(join(botsDir, 'members'));
  writeFileSync(
    join(botsDir, 'members', 'bot.yaml'),
    `id: members
language: pt-BR
requireUser: true
understanding: { fallback: geral }
intents:
  saldo: { label: Saldo, examples: [qual meu saldo, quanto tenho de saldo, ver saldo da conta] }
  geral: { label: Geral, examples: [oi, obrigado, tchau] }
replies: { saldo: "Seu saldo está no app.", geral: "Olá!", blocked_unknown_user: "Entre na sua conta para continuar." }
`,
  );
  evolution = await startFakeEvolution(EVO_KEY);
  db = await openTestDatabase();
  runtime = await Runtime.create({ db, botsDir });
  const config = channelsConfigFromEnv({ EVOLUTION_BASE_URL: evolution.url, EVOLUTION_API_KEY: EVO_KEY, EVOLUTION_INSTANCE: 'members-zap', SWITCHBOARD_CHANNELS_INSECURE: '1' });
  server = await startChannelsServer(runtime, config, { adminToken: ADMIN, operatorToken: ADMIN });
});

afterAll(async () => {
  await server?.close();
  await runtime?.close();
  await db?.close();
  await evolution?.close();
  rmSync(botsDir, { recursive: true, force: true });
});

beforeEach(() => evolution.reset());

const register = (user: object) => server.post('/api/users', user, { authorization: `Bearer ${ADMIN}` });

let seq = 0;
async function whatsapp(number: string, text: string): Promise<string> {
  const payload = {
    event: 'messages.upsert',
    instance: 'members-zap',
    data: { key: { remoteJid: `${number}@s.whatsapp.net`, fromMe: false, id: `3EB0${Date.now().toString(16)}${seq++}` }, pushName: 'Ana', message: { conversation: text }, messageType: 'conversation' },
  };
  expect((await server.post('/webhooks/evolution/members', payload)).status).toBe(200);
  await server.channels.whenIdle();
  const sent = evolution.delivered();
  expect(sent.at(-1)?.body.number).toBe(number);
  return sent.at(-1)!.body.text;
}

describe('registered phone numbers on a bot that requires sign-in', () => {
  it('answers a registered number as its user, and asks any other number to sign in', async () => {
    expect(await register({ id: 'ana', name: 'Ana', phone: '+55 (11) 98765-4321' })).toMatchObject({ status: 201, body: { id: 'ana', phone: '5511987654321' } });
    expect(await whatsapp('5511987654321', 'qual meu saldo?')).toBe('Seu saldo está no app.');
    expect(await getSession(db, 'evolution-members-5511987654321')).toMatchObject({ userId: 'ana', phoneNumber: '5511987654321' });
    expect(await whatsapp('5511900001111', 'qual meu saldo?')).toBe('Entre na sua conta para continuar.');
  });

  it('makes a conversation begun before registering the user\'s once they register', async () => {
    expect(await whatsapp('5521955554444', 'ver saldo da conta')).toBe('Entre na sua conta para continuar.');
    await register({ id: 'bruno', phone: '5521955554444' });
    expect(await whatsapp('5521955554444', 'ver saldo da conta')).toBe('Seu saldo está no app.');
    expect((await getSession(db, 'evolution-members-5521955554444'))?.userId).toBe('bruno');
  });

  it('refuses a phone number that is malformed or already another user\'s, and keeps the first owner', async () => {
    expect((await register({ id: 'carla', phone: '12-34' })).status).toBe(400);
    expect((await register({ id: 'carla', phone: 'call me' })).status).toBe(400);
    const taken = await register({ id: 'carla', phone: '+55 11 98765-4321' });
    expect(taken).toMatchObject({ status: 409, body: { message: expect.stringContaining('5511987654321') } });
    expect(await whatsapp('5511987654321', 'qual meu saldo?')).toBe('Seu saldo está no app.');
  });
});
