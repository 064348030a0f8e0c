import { formatMoney, fromMinorUnits } from '../../shared/money.js';
import { salonDateTimeParts, timeZoneLabel } from '../../shared/calendar.js';
import { salon } from '../../shared/salon.js';
import { withStylist } from '../../shared/staff.js';
import { cancellationPolicyLines, type PayPlan } from '../../shared/pay-now.js';
import { refundedTo, type PaymentMethod } from '../../shared/deposits.js';
import type { MailAttachment, MailMessage } from './mailer.js';

/**
 * The salon's e-mails about appointments, each as HTML and plain text from the same words. The
 * HTML uses inline styles and tables only (mail programs drop style sheets), no images (many
 * block them), and every value from a person or the database is escaped.
 */

export type MailContent = Omit<MailMessage, 'to'>;

export type MailAppointment = {
  title: string;
  startsAt: Date;
  endsAt: Date;
  priceMinor: number;
  /** How it was booked to be paid (the booking's pay_plan) and the part asked online for it. */
  plan: PayPlan;
  onlineMinor: number;
  /** Taken at the salon's counter so far (the front desk takes it as it books); absent: nothing. */
  counterMinor?: number | undefined;
  /** Her stylist; null for a booking made before the salon had stylists (then no one is named). */
  staffName: string | null;
  /** Opens Google Calendar's 'new event' page filled in with the appointment. */
  googleCalendarUrl: string;
};

/** What every appointment e-mail knows: who it is for and how to write times. */
export type MailContext = { name: string; timeZone: string; publicUrl: string };

export type CalendarFile = { filename: string; method: 'PUBLISH' | 'CANCEL'; content: string };

const colours = {
  page: '#fff7f9',
  card: '#ffffff',
  ink: '#2d1228',
  muted: '#6b4a62',
  rule: '#f6dde6',
  primary: '#be185d',
  primaryInk: '#ffffff',
  gold: '#7a5a1e',
};
const serif = "'Playfair Display', Georgia, 'Times New Roman', serif";
const sans = "'Inter', 'Helvetica Neue', Arial, sans-serif";

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function when(instant: Date, timeZone: string): string {
  const { date, time } = salonDateTimeParts(instant, timeZone);
  return `${date} at ${time}`;
}

function money(minor: number): string {
  return formatMoney(fromMinorUnits(minor));
}

function minutes(a: Pick<MailAppointment, 'startsAt' | 'endsAt'>): number {
  return Math.round((a.endsAt.getTime() - a.startsAt.getTime()) / 60_000);
}

/**
 * What a visit not paid in full online leaves for the salon: '৳360 paid online · ৳840 at the
 * salon'; null for a visit paid in full.
 */
function paymentSplit(a: Pick<MailAppointment, 'plan' | 'priceMinor' | 'onlineMinor' | 'counterMinor'>): string | null {
  if (a.plan === 'full') return null;
  const counter = a.counterMinor ?? 0;
  const due = a.priceMinor - a.onlineMinor - counter;
  const parts = [
    a.onlineMinor > 0 ? `${money(a.onlineMinor)} paid online` : counter > 0 ? null : 'Nothing paid online',
    counter > 0 ? `${money(counter)} paid at the salon` : null,
    due > 0 ? `${money(due)} due at the salon` : 'Paid in full',
  ];
  return parts.filter((part) => part !== null).join(' · ');
}

function appointmentsPage(publicUrl: string): string {
  return `${publicUrl}/dashboard/userhome`;
}

function attachment(file: CalendarFile): MailAttachment {
  return { filename: file.filename, content: file.content, contentType: `text/calendar; charset=utf-8; method=${file.method}` };
}

// --- the HTML frame ------------------------------------------------------------------------------

/** A block of the body: a paragraph of text, a button, or the appointments as a table. */
type Block =
  | { p: string; muted?: boolean }
  | { button: { label: string; href: string } }
  | { appointments: readonly MailAppointment[]; timeZone: string; showPrice?: boolean; calendarLinks?: boolean; struck?: boolean }
  | { link: { label: string; href: string } };

function paragraph(text: string, muted = false): string {
  return `<p style="margin:0 0 16px;font-family:${sans};font-size:15px;line-height:1.6;color:${muted ? colours.muted : colours.ink};">${escapeHtml(text)}</p>`;
}

function button(label: string, href: string): string {
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 20px;"><tr><td style="border-radius:8px;background:${colours.primary};">
<a href="${escapeHtml(href)}" style="display:inline-block;padding:12px 22px;font-family:${sans};font-size:15px;font-weight:600;color:${colours.primaryInk};text-decoration:none;border-radius:8px;">${escapeHtml(label)}</a>
</td></tr></table>`;
}

function textLink(label: string, href: string): string {
  return `<p style="margin:0 0 16px;font-family:${sans};font-size:14px;line-height:1.6;"><a href="${escapeHtml(href)}" style="color:${colours.primary};">${escapeHtml(label)}</a></p>`;
}

/** ' with Nila' after the service's name, or nothing when the visit has no stylist. */
function stylist(a: Pick<MailAppointment, 'staffName'>): string {
  return a.staffName ? ` ${escapeHtml(withStylist(a.staffName))}` : '';
}

function appointmentRows(block: Extract<Block, { appointments: unknown }>): string {
  const rows = block.appointments.map((a) => {
    const { date, time } = salonDateTimeParts(a.startsAt, block.timeZone);
    const title = block.struck ? `<s>${escapeHtml(a.title)}</s>` : escapeHtml(a.title);
    const calendar = block.calendarLinks
      ? `<br><a href="${escapeHtml(a.googleCalendarUrl)}" style="font-size:13px;color:${colours.primary};">Add to Google Calendar</a>`
      : '';
    const split = block.showPrice ? paymentSplit(a) : null;
    const splitLine = split ? `<br><span style="font-size:14px;color:${colours.ink};">${escapeHtml(split)}</span>` : '';
    const price = block.showPrice ? `<td align="right" style="padding:12px 0;border-top:1px solid ${colours.rule};font-family:${sans};font-size:15px;color:${colours.ink};white-space:nowrap;vertical-align:top;">${escapeHtml(money(a.priceMinor))}</td>` : '';
    return `<tr><td style="padding:12px 12px 12px 0;border-top:1px solid ${colours.rule};font-family:${sans};font-size:15px;line-height:1.5;color:${colours.ink};vertical-align:top;">
<strong>${title}</strong>${stylist(a)}<br><span style="color:${colours.muted};">${escapeHtml(`${date}, ${time} · ${minutes(a)} minutes`)}</span>${splitLine}${calendar}</td>${price}</tr>`;
  });
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-bottom:1px solid ${colours.rule};">${rows.join('')}</table>
<p style="margin:0 0 16px;font-family:${sans};font-size:13px;color:${colours.muted};">${escapeHtml(`Times are in ${timeZoneLabel(block.timeZone)}.`)}</p>`;
}

function renderBlock(block: Block): string {
  if ('p' in block) return paragraph(block.p, block.muted);
  if ('button' in block) return button(block.button.label, block.button.href);
  if ('link' in block) return textLink(block.link.label, block.link.href);
  return appointmentRows(block);
}

/** The page every e-mail shares: the salon's name as a header, a white card, the address below. */
function layout(heading: string, preheader: string, blocks: readonly Block[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:${colours.page};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${colours.page};"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:0 8px 16px;font-family:${serif};font-size:26px;color:${colours.primary};">${escapeHtml(salon.name)}</td></tr>
<tr><td style="background:${colours.card};border:1px solid ${colours.rule};border-radius:12px;padding:28px 24px;">
<h1 style="margin:0 0 16px;font-family:${serif};font-size:22px;line-height:1.3;font-weight:600;color:${colours.ink};">${escapeHtml(heading)}</h1>
${blocks.map(renderBlock).join('\n')}
</td></tr>
<tr><td style="padding:16px 8px;font-family:${sans};font-size:12px;line-height:1.6;color:${colours.muted};">${escapeHtml(salon.name)} · ${escapeHtml(salon.address)}<br>${escapeHtml(salon.phone)} · <span style="color:${colours.gold};">${escapeHtml(salon.email)}</span></td></tr>
</table></td></tr></table>
</body></html>`;
}

// --- the plain-text twin -------------------------------------------------------------------------

function textOf(heading: string, blocks: readonly Block[]): string {
  const lines: string[] = [heading, ''];
  for (const block of blocks) {
    if ('p' in block) lines.push(block.p, '');
    else if ('button' in block) lines.push(`${block.button.label}: ${block.button.href}`, '');
    else if ('link' in block) lines.push(`${block.link.label}: ${block.link.href}`, '');
    else {
      for (const a of block.appointments) {
        const price = block.showPrice ? `, ${money(a.priceMinor)}` : '';
        const who = a.staffName ? ` ${withStylist(a.staffName)}` : '';
        lines.push(`- ${a.title}${who}: ${when(a.startsAt, block.timeZone)} (${minutes(a)} minutes${price})`);
        const split = block.showPrice ? paymentSplit(a) : null;
        if (split) lines.push(`  ${split}`);
        if (block.calendarLinks) lines.push(`  Add to Google Calendar: ${a.googleCalendarUrl}`);
      }
      lines.push(`Times are in ${timeZoneLabel(block.timeZone)}.`, '');
    }
  }
  lines.push('--', `${salon.name} · ${salon.address}`, `${salon.phone} · ${salon.email}`);
  return lines.join('\n');
}

function mail(subject: string, heading: string, preheader: string, blocks: readonly Block[], attachments?: MailAttachment[]): MailContent {
  return { subject, text: textOf(heading, blocks), html: layout(heading, preheader, blocks), ...(attachments && { attachments }) };
}

// --- the e-mails ---------------------------------------------------------------------------------

/** The first words after her name: what she paid online, and what is left for the salon. */
function paidSentence(onlineMinor: number, counterMinor: number, dueMinor: number, visits: number): string {
  const atVisit = visits === 1 ? 'at your visit' : 'at your visits';
  if (dueMinor === 0 && counterMinor > 0) {
    const paid = onlineMinor > 0 ? `your payments of ${money(onlineMinor)} online and ${money(counterMinor)} at the salon` : `your payment of ${money(counterMinor)} at the salon`;
    return `Thank you for ${paid}. We look forward to seeing you:`;
  }
  if (dueMinor === 0) return `Thank you for your payment of ${money(onlineMinor)}. We look forward to seeing you:`;
  if (onlineMinor === 0) return `Your booking is confirmed: you pay ${money(dueMinor)} at the salon ${atVisit}. We look forward to seeing you:`;
  return `Thank you for your payment of ${money(onlineMinor)} online; ${money(dueMinor)} is due at the salon ${atVisit}. We look forward to seeing you:`;
}

export function confirmationMail(
  c: MailContext & {
    appointments: readonly MailAppointment[];
    cancelNoticeHours: number;
    calendar: CalendarFile;
    /** False for a customer the front desk booked, who has no password yet: she is told how to set one. */
    canSignIn?: boolean;
  },
): MailContent {
  const count = c.appointments.length === 1 ? 'Your appointment is' : `Your ${c.appointments.length} appointments are`;
  const onlineMinor = c.appointments.reduce((sum, a) => sum + a.onlineMinor, 0);
  const counterMinor = c.appointments.reduce((sum, a) => sum + (a.counterMinor ?? 0), 0);
  const dueMinor = c.appointments.reduce((sum, a) => sum + a.priceMinor - a.onlineMinor - (a.counterMinor ?? 0), 0);
  const signIn: Block[] =
    c.canSignIn === false
      ? [
          { p: 'To see, move or cancel your appointments online, set a password for this e-mail address:', muted: true },
          { button: { label: 'Set a password', href: `${c.publicUrl}/forgot-password` } },
        ]
      : [{ button: { label: 'See your appointments', href: appointmentsPage(c.publicUrl) } }];
  const policy = cancellationPolicyLines([...new Set(c.appointments.map((a) => a.plan))], c.cancelNoticeHours);
  return mail(
    `Your ${salon.name} appointments are confirmed`,
    `${count} confirmed`,
    `Thank you, ${c.name}: we look forward to seeing you.`,
    [
      { p: `Dear ${c.name},` },
      { p: paidSentence(onlineMinor, counterMinor, dueMinor, c.appointments.length) },
      { appointments: c.appointments, timeZone: c.timeZone, showPrice: true, calendarLinks: true },
      { p: `The calendar file attached (${c.calendar.filename}) adds ${c.appointments.length === 1 ? 'it' : 'them'} to your calendar.`, muted: true },
      ...signIn,
      { p: `You can move an appointment there up to ${c.cancelNoticeHours} hours before it starts, or cancel it.`, muted: true },
      { p: 'Cancellation policy:', muted: true },
      ...policy.map((line) => ({ p: line, muted: true })),
    ],
    [attachment(c.calendar)],
  );
}

export function reminderMail(c: MailContext & { appointment: MailAppointment; cancelNoticeHours: number; calendar: CalendarFile }): MailContent {
  const { date, time } = salonDateTimeParts(c.appointment.startsAt, c.timeZone);
  return mail(
    `Reminder: ${c.appointment.title} on ${date} at ${time}`,
    'See you soon',
    `Your ${c.appointment.title} is on ${date} at ${time}.`,
    [
      { p: `Dear ${c.name},` },
      { p: `A reminder of your appointment at ${salon.name}, ${salon.address}:` },
      { appointments: [c.appointment], timeZone: c.timeZone, calendarLinks: true },
      { button: { label: 'See your appointment', href: appointmentsPage(c.publicUrl) } },
      {
        p: `If you cannot come, please move or cancel it there up to ${c.cancelNoticeHours} hours before it starts, or call us on ${salon.phone}, so that someone else can have the time.`,
        muted: true,
      },
    ],
    [attachment(c.calendar)],
  );
}

export function movedMail(c: MailContext & { appointment: MailAppointment; previousStartsAt: Date; by: 'customer' | 'salon'; calendar: CalendarFile }): MailContent {
  const from = when(c.previousStartsAt, c.timeZone);
  const to = when(c.appointment.startsAt, c.timeZone);
  const what =
    c.by === 'salon'
      ? `${salon.name} has moved your ${c.appointment.title} from ${from} to ${to}. We are sorry for the change.`
      : `You moved your ${c.appointment.title} from ${from} to ${to}.`;
  return mail(
    `Your ${c.appointment.title} is now on ${to}`,
    'Your appointment has moved',
    what,
    [
      { p: `Dear ${c.name},` },
      { p: what },
      { appointments: [c.appointment], timeZone: c.timeZone, calendarLinks: true },
      { p: `The calendar file attached (${c.calendar.filename}) updates the event in your calendar.`, muted: true },
      { button: { label: 'See your appointments', href: appointmentsPage(c.publicUrl) } },
      ...(c.by === 'salon' ? [{ p: `If the new time does not suit you, call us on ${salon.phone}.`, muted: true }] : []),
    ],
    [attachment(c.calendar)],
  );
}

/**
 * What became of the money of a cancelled visit: the refund; a deposit the salon keeps (a late
 * cancellation refunds nothing of a deposit); nothing for a visit to be paid at the salon, where
 * nothing was taken online and nothing is refunded.
 */
function moneyAfterCancelling(a: Pick<MailAppointment, 'plan' | 'onlineMinor'>, refundedMinor: number, paidBy: PaymentMethod | null): string | null {
  if (refundedMinor > 0) return `${money(refundedMinor)} has been refunded ${refundedTo(paidBy)}. It may take a few days to show.`;
  if (a.plan === 'at-salon') return null;
  if (a.plan === 'deposit' && a.onlineMinor > 0) return `The salon keeps your deposit of ${money(a.onlineMinor)}: the visit was cancelled later than the cancellation policy allows.`;
  return 'Nothing was charged for it.';
}

export function cancelledMail(
  c: MailContext & { appointment: MailAppointment; by: 'customer' | 'salon'; refundedMinor: number; paidBy: PaymentMethod | null; calendar: CalendarFile },
): MailContent {
  const at = when(c.appointment.startsAt, c.timeZone);
  const what =
    c.by === 'salon'
      ? `We are sorry: ${salon.name} has had to cancel your ${c.appointment.title} on ${at}.`
      : `You cancelled your ${c.appointment.title} on ${at}.`;
  const moneyLine = moneyAfterCancelling(c.appointment, c.refundedMinor, c.paidBy);
  return mail(
    `Cancelled: ${c.appointment.title} on ${at}`,
    'Your appointment is cancelled',
    what,
    [
      { p: `Dear ${c.name},` },
      { p: what },
      { appointments: [c.appointment], timeZone: c.timeZone, struck: true },
      ...(moneyLine ? [{ p: moneyLine }] : []),
      { p: `The calendar file attached (${c.calendar.filename}) removes the event from your calendar.`, muted: true },
      c.by === 'salon'
        ? { button: { label: 'Book another time', href: `${c.publicUrl}/#services` } }
        : { link: { label: 'Book again any time', href: `${c.publicUrl}/#services` } },
    ],
    [attachment(c.calendar)],
  );
}

export function reviewRequestMail(c: Pick<MailContext, 'name'> & { title: string; staffName: string | null; reviewUrl: string }): MailContent {
  const visit = c.staffName ? `${c.title} ${withStylist(c.staffName)}` : c.title;
  return mail(`How was your ${c.title}?`, `How was your ${c.title}?`, 'A few words help other women choose, and help us do better.', [
    { p: `Dear ${c.name},` },
    { p: `Thank you for visiting ${salon.name} for your ${visit}. We would love to hear how it went: a few words and a star rating help other women choose, and help us do better.` },
    { button: { label: 'Write your review', href: c.reviewUrl } },
  ]);
}

/**
 * A place freed on a day she waits for: the time is held on her booking list until `expiresAt`;
 * the button opens the list, where she checks out as for any held time.
 */
export function waitlistOfferMail(
  c: Pick<MailContext, 'name' | 'timeZone'> & { title: string; staffName: string | null; startsAt: Date; expiresAt: Date; bookingListUrl: string },
): MailContent {
  const visit = c.staffName ? `${c.title} ${withStylist(c.staffName)}` : c.title;
  const until = salonDateTimeParts(c.expiresAt, c.timeZone).time;
  return mail(`A time for your ${c.title} is free`, 'A time is free for you', `Held for you until ${until}.`, [
    { p: `Dear ${c.name},` },
    { p: `A place you were waiting for has freed: ${visit} on ${when(c.startsAt, c.timeZone)} (${timeZoneLabel(c.timeZone)}).` },
    { p: `We are holding it on your booking list until ${until}. Book it before then; after that it goes to the next person waiting.` },
    { button: { label: 'Book this time', href: c.bookingListUrl } },
  ]);
}
