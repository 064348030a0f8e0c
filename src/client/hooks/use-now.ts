import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs`, for countdowns. Kept in state so rendering stays
 * pure (a render that read the clock could disagree with itself), and only the components that
 * show a countdown re-render each second.
 */
export function useNow(intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
