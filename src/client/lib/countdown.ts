const pad = (n: number) => String(n).padStart(2, '0');

/** 'm:ss' for a countdown; never negative. */
export function formatCountdown(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  return `${Math.floor(totalSeconds / 60)}:${pad(totalSeconds % 60)}`;
}

/** '9 minutes 41 seconds', the countdown for screen readers ('9:41' reads as a clock time). */
export function describeCountdown(remainingMs: number): string {
  const totalSeconds = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return minutes > 0 ? `${unit(minutes, 'minute')} ${unit(seconds, 'second')}` : unit(seconds, 'second');
}
