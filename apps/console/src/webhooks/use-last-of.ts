import { useState } from 'react';

/** The last value that was not null: what a closing dialog still shows while it fades out. */
export function useLastOf<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
