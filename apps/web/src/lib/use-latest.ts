import { useEffect, useRef } from 'react';

/** A ref that always holds the last rendered `value`: for a callback prop read from a listener set up once. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
