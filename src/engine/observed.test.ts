import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { setContextVariable } from '@langchain/core/context';
import { RunnableLambda } from '@langchain/core/runnables';
import { describe, expect, it } from 'vitest';
import { langchainTracingRequested, turnObserved } from './observed.ts';

class Silent extends BaseCallbackHandler {
  name = 'silent';
}

describe('whether a turn is observed', () => {
  it('is not, by default', () => {
    expect(turnObserved({})).toBe(false);
    expect(turnObserved({ LANGSMITH_TRACING: 'false' })).toBe(false);
  });

  it('is when the environment asks for LangChain tracing or verbose logging, or turns the fast path off', () => {
    expect(langchainTracingRequested({ LANGSMITH_TRACING: 'true' })).toBe(true);
    expect(langchainTracingRequested({ LANGCHAIN_TRACING_V2: 'true' })).toBe(true);
    expect(turnObserved({ LANGSMITH_TRACING: 'true' })).toBe(true);
    expect(turnObserved({ LANGCHAIN_VERBOSE: 'true' })).toBe(true);
    expect(turnObserved({ SWITCHBOARD_LANGCHAIN_FAST_PATH: '0' })).toBe(true);
  });

  it('is inside a LangChain run with a callback handler, and not inside one without', async () => {
    const probe = RunnableLambda.from(() => turnObserved({}));
    expect(await probe.invoke(null, { callbacks: [new Silent()] })).toBe(true);
    expect(await probe.invoke(null)).toBe(false);
  });

  it('is when the caller set context variables', async () => {
    const probe = RunnableLambda.from(() => {
      setContextVariable('tenant', 'x');
      return RunnableLambda.from(() => turnObserved({})).invoke(null);
    });
    expect(await probe.invoke(null)).toBe(true);
  });
});
