import { useEffect, useState } from 'react';

/** `value` once it has not changed for `ms` (the preview reloads after typing pauses, not on every key). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
