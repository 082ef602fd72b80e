// The fake model server lives with the LLM layer (the eval's oracle model uses it too); tests import it here.
export * from '../../src/llm/testing/fake-server.ts';
