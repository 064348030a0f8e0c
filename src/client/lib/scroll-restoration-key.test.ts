import { describe, expect, it } from 'vitest';
import { markPageLoadEntry, scrollRestorationKey } from './scroll-restoration-key';

/** A stand-in for window.history: one entry's state. */
function fakeHistory(state: unknown = null) {
  const history = {
    state,
    replaceState(next: unknown) {
      history.state = next;
    },
  };
  return history;
}

const fullLoad = { key: 'default', pathname: '/dashboard/book', search: '' };

describe('scroll restoration keys', () => {
  it('gives two pages opened by full loads different keys, even at the same address', () => {
    const first = fakeHistory();
    const second = fakeHistory();
    markPageLoadEntry(first);
    markPageLoadEntry(second);
    const a = scrollRestorationKey(fullLoad, first);
    const b = scrollRestorationKey(fullLoad, second);
    expect(a).toMatch(/^load:/);
    expect(b).toMatch(/^load:/);
    expect(a).not.toBe(b);
  });

  it('keeps the key of a full load across a reload (the entry keeps its state, React Router adds its index)', () => {
    const history = fakeHistory();
    markPageLoadEntry(history);
    const before = scrollRestorationKey(fullLoad, history);
    history.replaceState({ ...(history.state as object), idx: 0 });
    markPageLoadEntry(history);
    expect(scrollRestorationKey(fullLoad, history)).toBe(before);
  });

  it("leaves a client-side navigation's entry alone and uses its history key", () => {
    const history = fakeHistory({ usr: null, key: 'x7k2p9', idx: 3 });
    markPageLoadEntry(history);
    expect(history.state).toEqual({ usr: null, key: 'x7k2p9', idx: 3 });
    expect(scrollRestorationKey({ key: 'x7k2p9', pathname: '/', search: '' }, history)).toBe('x7k2p9');
  });

  it('falls back to the address when the entry could not be marked', () => {
    expect(scrollRestorationKey({ key: 'default', pathname: '/', search: '?ref=mail' }, fakeHistory())).toBe('/?ref=mail');
  });
});
