import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';
import { Annotation, END, getConfig, START, StateGraph } from '@langchain/langgraph';
import { isRunTree } from 'langsmith/run_trees';
import { describe, expect, it } from 'vitest';
import { fastPathConfig, FAST_PATH_KEY, installLangchainFastPath, langchainTracingRequested } from './langchain-fast-path.ts';

const State = Annotation.Root({ seen: Annotation<string[]>({ reducer: (a, b) => [...a, ...b], default: () => [] }) });

/** A two-node graph whose nodes report what they see of the run context. */
function probeGraph() {
  const probe = (name: string) => () => {
    const store = AsyncLocalStorageProviderSingleton.getInstance().getStore();
    return { seen: [`${name}:${isRunTree(store) ? 'runtree' : 'plain'}:${String(getConfig().configurable?.who)}`] };
  };
  return new StateGraph(State).addNode('a', probe('a')).addNode('b', probe('b')).addEdge(START, 'a').addEdge('a', 'b').addEdge('b', END).compile();
}

class Recorder extends BaseCallbackHandler {
  name = 'recorder';
  started: string[] = [];
  override async handleChainStart(_chain: unknown, _inputs: unknown, _runId: string, _parent?: string, _tags?: string[], _metadata?: Record<string, unknown>, _type?: string, runName?: string) {
    if (runName) this.started.push(runName);
  }
}

describe('LangChain fast path', () => {
  installLangchainFastPath();

  it('carries the run config without building a RunTree per node on a turn nobody observes', async () => {
    const out = await probeGraph().invoke({}, { configurable: { who: 'turn', ...fastPathConfig({}) } });
    expect(out.seen).toEqual(['a:plain:turn', 'b:plain:turn']);
  });

  it('leaves graphs invoked without the marker as LangChain built them', async () => {
    const out = await probeGraph().invoke({}, { configurable: { who: 'other' } });
    expect(out.seen).toEqual(['a:runtree:other', 'b:runtree:other']);
  });

  it('takes the original path when a callback handler is attached, and the handler sees every node', async () => {
    const recorder = new Recorder();
    const out = await probeGraph().invoke({}, { configurable: { who: 'traced', [FAST_PATH_KEY]: true }, callbacks: [recorder] });
    expect(out.seen).toEqual(['a:runtree:traced', 'b:runtree:traced']);
    expect(recorder.started).toEqual(expect.arrayContaining(['a', 'b']));
  });

  it('is not offered when the environment asks for LangChain tracing or verbose logging', () => {
    expect(langchainTracingRequested({ LANGSMITH_TRACING: 'true' })).toBe(true);
    expect(langchainTracingRequested({ LANGCHAIN_TRACING_V2: 'true' })).toBe(true);
    expect(langchainTracingRequested({ LANGCHAIN_VERBOSE: 'true' })).toBe(true);
    expect(fastPathConfig({ LANGSMITH_TRACING: 'true' })).toEqual({});
    expect(fastPathConfig({ LANGSMITH_TRACING: 'false' })).toEqual({ [FAST_PATH_KEY]: true });
    expect(fastPathConfig({ SWITCHBOARD_LANGCHAIN_FAST_PATH: '0' })).toEqual({});
  });
});
