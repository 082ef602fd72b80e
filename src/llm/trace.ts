// Usage accounting: every request to a model appends one CallTrace to the array the caller passes
// (the engine keeps one array per turn and stores it with the turn).

export interface CallTrace {
  /** Model spec, e.g. 'openai:gpt-4o-mini'. */
  model: string;
  /** What the call was for: 'understand', 'grounded_reply', 'understand:repair'… */
  purpose: string;
  latencyMs: number;
  inputTokens: number;
  outputTokens: number;
  ok: boolean;
  error?: string;
  /** 1 for the first request of a call, 2 and 3 for retries. */
  attempt: number;
}

export interface UsageSummary {
  calls: number;
  failures: number;
  inputTokens: number;
  outputTokens: number;
  latencyMs: number;
}

export function summarizeTrace(trace: readonly CallTrace[]): UsageSummary {
  const summary: UsageSummary = { calls: 0, failures: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0 };
  for (const t of trace) {
    summary.calls++;
    if (!t.ok) summary.failures++;
    summary.inputTokens += t.inputTokens;
    summary.outputTokens += t.outputTokens;
    summary.latencyMs += t.latencyMs;
  }
  return summary;
}

type ModelCallObserver = (call: CallTrace, failure: string | undefined) => void;
const observers: ModelCallObserver[] = [];

/**
 * Every model request of this process, as it is recorded, with its failure reason (timeout, rate_limited,
 * server_error, network, client_error, aborted, circuit_open, invalid_output). Metrics subscribe here.
 */
export function observeModelCalls(fn: ModelCallObserver): () => void {
  observers.push(fn);
  return () => void observers.splice(observers.indexOf(fn) >>> 0, 1);
}

export function reportModelCall(call: CallTrace, failure?: string): void {
  for (const o of observers) o(call, failure);
}
