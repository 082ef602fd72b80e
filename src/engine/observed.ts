// Whether anything would observe a turn's LangChain runs. A turn nothing observes runs its graph's nodes itself
// (fused-turn.ts); one that LangSmith tracing, a callback handler, verbose logging or context variables watch
// runs node by node through LangGraph, untouched, so every node reaches the observer.
import { AsyncLocalStorageProviderSingleton } from '@langchain/core/singletons';

const CONTEXT_VARIABLES_KEY = Symbol.for('lc:context_variables');
const TRACING_VARIABLES = ['LANGSMITH_TRACING_V2', 'LANGCHAIN_TRACING_V2', 'LANGSMITH_TRACING', 'LANGCHAIN_TRACING', 'LANGCHAIN_VERBOSE'];

/** Whether LangChain tracing or verbose logging is asked for by the environment (read once per turn). */
export function langchainTracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  return TRACING_VARIABLES.some((name) => env[name] === 'true');
}

interface Callbacks {
  handlers?: unknown[];
  inheritableHandlers?: unknown[];
}

function hasHandlers(callbacks: unknown): boolean {
  if (callbacks === undefined || callbacks === null) return false;
  if (Array.isArray(callbacks)) return callbacks.length > 0;
  const cb = callbacks as Callbacks;
  return (cb.handlers?.length ?? 0) > 0 || (cb.inheritableHandlers?.length ?? 0) > 0;
}

/**
 * Whether a turn started here should run node by node: tracing asked for by the environment, the caller's context
 * carrying context variables or the callbacks of an enclosing LangChain run (a turn called from inside someone's
 * traced chain), or SWITCHBOARD_LANGCHAIN_FAST_PATH=0 (to compare, or should a LangChain upgrade need it).
 */
export function turnObserved(env: NodeJS.ProcessEnv = process.env): boolean {
  if (langchainTracingRequested(env) || env.SWITCHBOARD_LANGCHAIN_FAST_PATH === '0') return true;
  const store = AsyncLocalStorageProviderSingleton.getInstance().getStore() as Record<symbol, unknown> | undefined;
  if (store === undefined) return false;
  if (store[CONTEXT_VARIABLES_KEY] !== undefined) return true;
  return hasHandlers(AsyncLocalStorageProviderSingleton.getRunnableConfig()?.callbacks);
}
