/**
 * The salon's notice rule, written once: the server decides with it (cancel, move, the booking's
 * `canCancel`/`canMove`, account deletion's refunds) and the browser's fake server in the client
 * tests answers with it, so the two cannot drift apart.
 */

const HOUR_MS = 3_600_000;

/**
 * Whether a customer may still cancel or move an appointment starting at `startsAt`: up to
 * `noticeHours` before it starts (exactly the notice still counts). The salon is not bound by it.
 */
export function mayStillChange(startsAt: Date, now: Date, noticeHours: number): boolean {
  return startsAt.getTime() - now.getTime() >= noticeHours * HOUR_MS;
}
