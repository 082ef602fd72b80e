// Which turns keep a customer's subject for their next conversation: only a verified user's, only on a change.
import { describe, expect, it } from 'vitest';
import type { SessionRow } from '../store/index.ts';
import { keptSubjectWrite } from './kept-subject.ts';
import type { LoadedBot } from './registry.ts';

const bot = { config: { id: 'b', forms: { match: { workflow: 'match_workflow' }, other: {} } } } as unknown as LoadedBot;
const session = (over: Partial<SessionRow>) => ({ id: 's1', userId: 'ana', userVerified: true, activeWorkflow: null, state: {}, ...over }) as SessionRow;

describe('keptSubjectWrite', () => {
  it('keeps a verified user’s new workflow, and a change of the form that runs it', () => {
    expect(keptSubjectWrite(bot, session({}), 'match_workflow', { match: { stage: 'income' } })).toBeTypeOf('function');
    const inMatch = session({ activeWorkflow: 'match_workflow', state: { match: { stage: 'course' } } });
    expect(keptSubjectWrite(bot, inMatch, 'match_workflow', { match: { stage: 'income' } })).toBeTypeOf('function');
    expect(keptSubjectWrite(bot, inMatch, null, {})).toBeTypeOf('function'); // left: cleared for the next conversation
  });

  it('writes nothing when nothing of the subject changed, and nothing for an anonymous or claimed user', () => {
    const inMatch = session({ activeWorkflow: 'match_workflow', state: { match: { stage: 'course' }, other: 1 } });
    expect(keptSubjectWrite(bot, inMatch, 'match_workflow', { match: { stage: 'course' }, other: 2 })).toBeUndefined();
    expect(keptSubjectWrite(bot, session({ userId: null, userVerified: false }), 'match_workflow', {})).toBeUndefined();
    expect(keptSubjectWrite(bot, session({ userVerified: false }), 'match_workflow', {})).toBeUndefined();
  });
});
