import { describe, expect, it } from 'vitest';
import { checkIntents, ConversationFileError, parseConversations } from './conversations.ts';

function problemsOf(yaml: string): string[] {
  try {
    parseConversations(yaml, 'bots/x/conversations.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(ConversationFileError);
    expect((err as Error).message).toContain('bots/x/conversations.yaml');
    return (err as ConversationFileError).problems;
  }
  throw new Error('the file was accepted');
}

describe('conversations.yaml loader', () => {
  it('reads a valid file, applying the file-level clock and defaults', () => {
    const file = parseConversations(
      `clock: "2026-03-09T12:00:00-03:00"
conversations:
  - name: books
    user: ana
    turns:
      - user: quero uma aula teste
        expect: { intents: [trial], reply: [Qual dia], state: { trial.stage: ask_date }, events: [tool_start] }
      - user: sim
      - operator: { reply: "Oi, aqui é a recepção" }
        expect: { mode: human }
      - wait: 31
        user: oi
        known: greeting reset not implemented
  - name: own clock
    clock: "2026-03-10T09:00:00-03:00"
    turns: [{ user: oi, expect: { reply: null } }]
`,
      'f.yaml',
    );
    expect(file.conversations).toHaveLength(2);
    const [a, b] = file.conversations;
    expect(a.clock).toBe('2026-03-09T12:00:00-03:00');
    expect(b.clock).toBe('2026-03-10T09:00:00-03:00');
    expect(a.turns[0].expect.state).toEqual({ 'trial.stage': 'ask_date' });
    expect(a.turns[1].expect).toEqual({});
    expect(a.turns[2].operator).toEqual({ reply: 'Oi, aqui é a recepção' });
    expect(a.turns[3]).toMatchObject({ wait: 31, known: 'greeting reset not implemented' });
    expect(b.turns[0].expect.reply).toBeNull();
  });

  it('accepts a plain list of conversations', () => {
    expect(parseConversations('- name: a\n  turns: [{ user: oi }]\n').conversations[0].name).toBe('a');
  });

  it('names the conversation and the turn of a misspelt key or a wrong type', () => {
    const problems = problemsOf(`
- name: first
  turns:
    - user: oi
      expect: { intent: [general] }
- name: second
  turns:
    - user: oi
    - user: tchau
      expect: { intents: general, mode: robot }
`);
    expect(problems).toContainEqual(expect.stringMatching(/^conversation 1 \("first"\), turn 1: expect: .*"intent"/));
    expect(problems).toContainEqual(expect.stringMatching(/^conversation 2 \("second"\), turn 2: expect\.intents: .*array/));
    expect(problems).toContainEqual(expect.stringMatching(/^conversation 2 \("second"\), turn 2: expect\.mode: /));
  });

  it('rejects bad regexes, bad clocks, operator actions without a conversation and malformed operator actions', () => {
    const problems = problemsOf(`
- name: a
  clock: next monday
  turns:
    - operator: { reply: hi }
- name: b
  turns:
    - user: oi
      expect: { reply: "([a-z" }
    - operator: { mode: robot }
    - operator: { reply: ok }
      expect: { intents: [trial] }
`);
    expect(problems).toContainEqual(expect.stringMatching(/conversation 1 \("a"\): clock: expected an ISO date-time/));
    expect(problems).toContainEqual(expect.stringMatching(/conversation 1 \("a"\), turn 1: the first turn must be a user message/));
    expect(problems).toContainEqual(expect.stringMatching(/conversation 2 \("b"\), turn 1: expect\.reply: not a valid regular expression/));
    expect(problems).toContainEqual(expect.stringMatching(/conversation 2 \("b"\), turn 2: operator: operator must be \{reply: text\} or \{mode:/));
    expect(problems).toContainEqual(expect.stringMatching(/conversation 2 \("b"\), turn 3: expect\.intents: needs a user message/));
  });

  it('reports YAML syntax errors, empty conversations, a wrong top level and duplicate names', () => {
    expect(problemsOf('- name: a\n  turns:\n   - user: [unclosed\n')[0]).toMatch(/^YAML: .*at line \d+, column \d+$/);
    expect(problemsOf('- name: a\n  turns: []\n')[0]).toMatch(/conversation 1 \("a"\): turns: /);
    expect(problemsOf('foo: bar\n').join('\n')).toMatch(/Unrecognized key: "foo"/);
    expect(problemsOf('- name: d\n  turns: [{user: x}]\n- name: d\n  turns: [{user: y}]\n')).toEqual([
      'conversation 2 ("d"): the name is already used by conversation 1; names must be unique',
    ]);
  });

  it('checks the intents a file names against the bot', () => {
    const file = parseConversations('- name: a\n  turns: [{ user: oi, expect: { intents: [trail, faq] } }]\n', 'f.yaml');
    expect(() => checkIntents(file, ['trial', 'faq', 'general'])).toThrow(/conversation 1 \("a"\), turn 1: expect\.intents names unknown intent\(s\) trail/);
    expect(() => checkIntents(file, ['trail', 'faq'])).not.toThrow();
  });
});
