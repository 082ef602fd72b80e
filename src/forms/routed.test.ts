// Bot-routed forms: slots asked together, a bot's own slot reader, slots kept in the bot's store, a group hook
// that speaks before the next question or holds the form, and a form that waits while another subject is answered.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/server.ts';
import { listMessages } from '../store/index.ts';

describe('bot-routed forms with groups, a slot reader and store hooks', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ botsDir: resolve(import.meta.dirname, '../../test/fixtures/form-bots'), only: ['tutoring'] });
  }, 60_000);
  afterAll(() => server?.close());

  const say = (message: string, session?: { sessionId: string; sessionToken: string }) => server.chat('tutoring', { message, ...session });
  const state = async (sessionId: string) => (await server.get(`/api/sessions/${sessionId}`, { authorization: 'Bearer test-admin-token' })).body.state;
  const stored = (id: string) => server.db.query('select name, age, grade from tutoring_students where id = $1', [id]);

  it('asks a group in one question, reads with the bot reader, saves each value and takes what the store knows', async () => {
    // Whatever the message, the bot's route sends it to the sign-up; nothing known yet: the welcome first.
    const first = await say('when are you open?');
    expect(first.reply).toBe('Hi, this is the tutoring desk.\nTell me your name, your age, and your school grade.');
    expect(first.workflow).toBe('signup_workflow');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    expect(await state(s.sessionId)).toMatchObject({ signup: { stage: 'name', asking: ['name', 'age', 'grade'] } });

    // Two of three: the one left is asked with its own question; the values are in the bot's table already.
    expect((await say("I'm Noor, 14 years old", s)).reply).toBe('Which school grade are you in?');
    expect(await stored(s.sessionId)).toEqual([{ name: 'Noor', age: 14, grade: null }]);
    // A value the slot's range refuses is asked again, and not saved.
    expect((await say('i am 3 years old', s)).reply).toBe('How old are you?');
    expect(await stored(s.sessionId)).toEqual([{ name: 'Noor', age: 14, grade: null }]);

    // The store is the source of truth: with a grade written elsewhere, the age asked again completes the form.
    await server.db.query('update tutoring_students set grade = 8 where id = $1', [s.sessionId]);
    const done = await say('15 years old', s);
    expect(done.reply).toBe('All set, Noor!');
    expect(done.workflow).toBeNull();
    expect(await stored(s.sessionId)).toEqual([{ name: 'Noor', age: 15, grade: 8 }]);
    // The message that opened the form was tagged with its workflow when the form opened.
    const messages = await listMessages(server.db, s.sessionId);
    expect(messages.map((m) => [m.role, m.workflow])).toEqual([
      ['user', 'signup_workflow'], ['assistant', 'signup_workflow'],
      ['user', 'signup_workflow'], ['assistant', 'signup_workflow'],
      ['user', 'signup_workflow'], ['assistant', 'signup_workflow'],
      ['user', 'signup_workflow'], ['assistant', null],
    ]);
  });

  it('runs the group hook once the group is filled, holds on nothing found, waits during another subject, resumes', async () => {
    const first = await say('hi');
    const s = { sessionId: first.sessionId, sessionToken: first.sessionToken };
    expect((await say("I'm Omar, 16 years old, grade 10", s)).reply).toBe('All set, Omar!');

    // Nothing of the group known: askAll; one of two: the other's own question.
    expect((await say('i want to book a lesson', s)).reply).toBe('Which subject, and at which level?');
    expect((await say('physics', s)).reply).toBe('Which level?');
    // The group filled: the hook finds no tutor and holds the form (no day is asked).
    expect((await say('advanced', s)).reply).toBe('No tutor teaches advanced physics. Another subject or level?');
    expect(await state(s.sessionId)).toMatchObject({ lesson: { stage: 'subject', held: 'topic', slots: { subject: 'physics', level: 'advanced' } } });

    // Another subject: the route answers it elsewhere and the form waits untouched.
    expect((await say('what are your hours?', s)).reply).toBe('We teach Monday to Friday, 14 to 20.');
    expect(await state(s.sessionId)).toMatchObject({ lesson: { stage: 'subject', held: 'topic' } });

    // A correction of the group runs the hook again: a tutor, said before the next question.
    expect((await say('basic', s)).reply).toBe('Lee teaches beginner physics.\n\nWhich day?');
    const done = await say('next monday', s);
    expect(done.reply).toBe('Booked: physics (beginner) with Lee on Monday, March 16.');
    expect(await state(s.sessionId)).toMatchObject({ lesson: { stage: null, last: 'done' } });
  });
});
