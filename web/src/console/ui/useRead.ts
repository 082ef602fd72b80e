// What a card shows from the API: read when the card opens and again whenever what it reads changes (another
// bot, another filter), with `reload` after a change failed. null until the first answer.
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * `read` should be memoised (useCallback) on what it depends on: a new function is a new read, and the value
 * goes back to null until it answers. An answer that arrives after a newer read began is dropped.
 */
export function useRead<T>(read: () => Promise<T>, fail: (err: unknown) => void): [T | null, Dispatch<SetStateAction<T | null>>, () => Promise<void>] {
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    let current = true;
    setValue(null);
    read().then(
      (v) => current && setValue(() => v),
      (err: unknown) => current && fail(err),
    );
    return () => {
      current = false;
    };
  }, [read, fail]);
  const reload = useCallback(() => read().then((v) => setValue(() => v), fail), [read, fail]);
  return [value, setValue, reload];
}
