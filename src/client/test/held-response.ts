/**
 * Holds a fake API's answers until the test lets them go. A loading state checked after a fast
 * answer is a race: on a busy machine the answer may already be on screen when the test looks
 * (a clean-clone CI run failed that way). With the answer held, the loading state is on screen
 * for as long as the test needs, on any machine.
 *
 *   const gate = heldResponses();
 *   server.use(http.get('/api/cart', async () => { await gate.hold(); return HttpResponse.json([]); }));
 *   expect(await screen.findByText('Loading your booking list')).toBeInTheDocument(); // its own words, not a route's fallback
 *   gate.release();
 *
 * Once released, later requests pass straight through (a retry is not held again).
 */
export function heldResponses() {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  return {
    /** Awaited by a handler before it answers. */
    hold: async () => {
      held += 1;
      await released;
    },
    release: () => release(),
    /** How many requests have reached the gate (a test can wait for the request to be made). */
    get held() {
      return held;
    },
  };
}
