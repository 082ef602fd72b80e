import { describe, expect, it } from 'vitest';
import { BusyError, ConflictError, FailedError, ForbiddenError, InvalidError, NotFoundError, UnauthenticatedError, UnavailableError } from '../errors/index.ts';
import { errorBody, statusOf, turnFailure } from './errors.ts';

describe('domain errors at the HTTP edge', () => {
  it('maps each kind of core error to its status', () => {
    const cases: [Error & { kind: string }, number][] = [
      [new InvalidError('x'), 400],
      [new UnauthenticatedError('x'), 401],
      [new ForbiddenError('x'), 403],
      [new NotFoundError('x'), 404],
      [new ConflictError('x'), 409],
      [new BusyError('x'), 429],
      [new FailedError('x'), 500],
      [new UnavailableError('x'), 503],
    ];
    for (const [err, status] of cases) expect([err.kind, statusOf(err as NotFoundError)]).toEqual([err.kind, status]);
    expect(errorBody(404, 'unknown bot')).toEqual({ error: 'not_found', message: 'unknown bot' });
  });

  it('shows a core error of a streamed turn as it is, and hides anything else', () => {
    expect(turnFailure(new BusyError('wait for the reply'))).toEqual({ message: 'wait for the reply', status: 429 });
    expect(turnFailure(new TypeError('cannot read x of undefined'))).toEqual({ message: 'the turn failed; your message is saved', status: 500 });
  });
});
