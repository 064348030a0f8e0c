import { salon } from '../../shared/salon.js';
import type { PayPlan } from '../../shared/pay-now.js';
import type { PaymentMethod } from '../../shared/deposits.js';
import { pathIn, type Language } from '../../shared/i18n/language.js';
import { textsFor, type Texts } from '../i18n.js';
import type { MailAttachment, MailMessage } from './mailer.js';

/**
 * The salon's e-mails, each as HTML and plain text from the same words, in the recipient's language
 * (docs/decisions/051: the `mail` catalogue, Bengali digits and bn-BD money for Bangla). The
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

/** What every appointment e-mail knows: who it is for, in which language, and how to write times. */
export type MailContext = {
  name: string;
  timeZone: string;
  publicUrl: string;
  language?: Language | undefined;
  /** The salon writes Bangla's numbers in Latin digits (settings.latinDigits). */
  latinDigits?: boolean | undefined;
};

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

function minutes(a: Pick<MailAppointment, 'startsAt' | 'endsAt'>): number {
  return Math.round((a.endsAt.getTime() - a.startsAt.getTime()) / 60_000);
}

/**
 * What a visit not paid in full online leaves for the salon: '৳360 paid online · ৳840 at the
 * salon'; null for a visit paid in full.
 */
function paymentSplit(x: Texts, a: Pick<MailAppointment, 'plan' | 'priceMinor' | 'onlineMinor' | 'counterMinor'>): string | null {
  if (a.plan === 'full') return null;
  const counter = a.counterMinor ?? 0;
  const due = a.priceMinor - a.onlineMinor - counter;
  const parts = [
    a.onlineMinor > 0 ? x.t('split.paidOnline', { amount: x.money(a.onlineMinor) }) : counter > 0 ? null : x.t('split.nothingOnline'),
    counter > 0 ? x.t('split.paidAtSalon', { amount: x.money(counter) }) : null,
    due > 0 ? x.t('split.dueAtSalon', { amount: x.money(due) }) : x.t('split.paidInFull'),
  ];
  return parts.filter((part) => part !== null).join(' · ');
}

/** A page of the site in her language: '/dashboard/userhome' or '/bn/dashboard/userhome'. */
export function pageIn(language: Language, publicUrl: string, address: string): string {
  return `${publicUrl}${pathIn(language, address)}`;
}

function appointmentsPage(x: Texts, publicUrl: string): string {
  return pageIn(x.language, publicUrl, '/dashboard/userhome');
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

/** 'with Nila' after the service's name, or nothing when the visit has no stylist. */
function stylist(x: Texts, a: Pick<MailAppointment, 'staffName'>): string {
  return a.staffName ? ` ${x.t('stylist', { name: a.staffName })}` : '';
}

/** 'Classic Manicure with Nila' (or the title alone): how a sentence names a visit. */
function visitName(x: Texts, title: string, staffName: string | null): string {
  return staffName ? x.t('visitWithStylist', { title, name: staffName }) : title;
}

function timesAreIn(x: Texts, timeZone: string): string {
  return x.t('timesAreIn', { zone: x.zone(timeZone) });
}

function appointmentRows(x: Texts, block: Extract<Block, { appointments: unknown }>): string {
  const rows = block.appointments.map((a) => {
    const { date, time } = x.dateTime(a.startsAt, block.timeZone);
    const title = block.struck ? `<s>${escapeHtml(a.title)}</s>` : escapeHtml(a.title);
    const calendar = block.calendarLinks
      ? `<br><a href="${escapeHtml(a.googleCalendarUrl)}" style="font-size:13px;color:${colours.primary};">${escapeHtml(x.t('addToGoogle'))}</a>`
      : '';
    const split = block.showPrice ? paymentSplit(x, a) : null;
    const splitLine = split ? `<br><span style="font-size:14px;color:${colours.ink};">${escapeHtml(split)}</span>` : '';
    const price = block.showPrice ? `<td align="right" style="padding:12px 0;border-top:1px solid ${colours.rule};font-family:${sans};font-size:15px;color:${colours.ink};white-space:nowrap;vertical-align:top;">${escapeHtml(x.money(a.priceMinor))}</td>` : '';
    const when = x.t('row.when', { date, time, minutes: x.number(minutes(a)) });
    return `<tr><td style="padding:12px 12px 12px 0;border-top:1px solid ${colours.rule};font-family:${sans};font-size:15px;line-height:1.5;color:${colours.ink};vertical-align:top;">
<strong>${title}</strong>${escapeHtml(stylist(x, a))}<br><span style="color:${colours.muted};">${escapeHtml(when)}</span>${splitLine}${calendar}</td>${price}</tr>`;
  });
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px;border-bottom:1px solid ${colours.rule};">${rows.join('')}</table>
<p style="margin:0 0 16px;font-family:${sans};font-size:13px;color:${colours.muted};">${escapeHtml(timesAreIn(x, block.timeZone))}</p>`;
}

function renderBlock(x: Texts, block: Block): string {
  if ('p' in block) return paragraph(block.p, block.muted);
  if ('button' in block) return button(block.button.label, block.button.href);
  if ('link' in block) return textLink(block.link.label, block.link.href);
  return appointmentRows(x, block);
}

/** The salon's address as her language writes it. */
function address(x: Texts): string {
  return x.t('common:salon.address');
}

/** The page every e-mail shares: the salon's name as a header, a white card, the address below. */
function layout(x: Texts, heading: string, preheader: string, blocks: readonly Block[]): string {
  return `<!doctype html>
<html lang="${x.language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(heading)}</title></head>
<body style="margin:0;padding:0;background:${colours.page};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${colours.page};"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:0 8px 16px;font-family:${serif};font-size:26px;color:${colours.primary};">${escapeHtml(salon.name)}</td></tr>
<tr><td style="background:${colours.card};border:1px solid ${colours.rule};border-radius:12px;padding:28px 24px;">
<h1 style="margin:0 0 16px;font-family:${serif};font-size:22px;line-height:1.3;font-weight:600;color:${colours.ink};">${escapeHtml(heading)}</h1>
${blocks.map((block) => renderBlock(x, block)).join('\n')}
</td></tr>
<tr><td style="padding:16px 8px;font-family:${sans};font-size:12px;line-height:1.6;color:${colours.muted};">${escapeHtml(salon.name)} · ${escapeHtml(address(x))}<br>${escapeHtml(salon.phone)} · <span style="color:${colours.gold};">${escapeHtml(salon.email)}</span></td></tr>
</table></td></tr></table>
</body></html>`;
}

// --- the plain-text twin -------------------------------------------------------------------------

function textOf(x: Texts, heading: string, blocks: readonly Block[]): string {
  const lines: string[] = [heading, ''];
  for (const block of blocks) {
    if ('p' in block) lines.push(block.p, '');
    else if ('button' in block) lines.push(`${block.button.label}: ${block.button.href}`, '');
    else if ('link' in block) lines.push(`${block.link.label}: ${block.link.href}`, '');
    else {
      for (const a of block.appointments) {
        const price = block.showPrice ? `, ${x.money(a.priceMinor)}` : '';
        lines.push(x.t('row.line', { title: a.title, who: stylist(x, a), when: x.when(a.startsAt, block.timeZone), minutes: x.number(minutes(a)), price }));
        const split = block.showPrice ? paymentSplit(x, a) : null;
        if (split) lines.push(`  ${split}`);
        if (block.calendarLinks) lines.push(`  ${x.t('addToGoogle')}: ${a.googleCalendarUrl}`);
      }
      lines.push(timesAreIn(x, block.timeZone), '');
    }
  }
  lines.push('--', `${salon.name} · ${address(x)}`, `${salon.phone} · ${salon.email}`);
  return lines.join('\n');
}

function mail(x: Texts, subject: string, heading: string, preheader: string, blocks: readonly Block[], attachments?: MailAttachment[]): MailContent {
  return { subject, text: textOf(x, heading, blocks), html: layout(x, heading, preheader, blocks), language: x.language, ...(attachments && { attachments }) };
}

// --- the e-mails ---------------------------------------------------------------------------------

/** The first words after her name: what she paid online, and what is left for the salon. */
function paidSentence(x: Texts, onlineMinor: number, counterMinor: number, dueMinor: number, visits: number): string {
  const [online, counter, due] = [x.money(onlineMinor), x.money(counterMinor), x.money(dueMinor)];
  if (dueMinor === 0 && counterMinor > 0) return onlineMinor > 0 ? x.t('paid.both', { online, counter }) : x.t('paid.counter', { counter });
  if (dueMinor === 0) return x.t('paid.online', { online });
  if (onlineMinor === 0) return x.t('paid.atSalon', { count: visits, due });
  return x.t('paid.partly', { count: visits, online, due });
}

/**
 * The cancellation policy in the words shown before she pays (shared/pay-now.ts writes the page's),
 * one sentence per kind of visit on the list, in the order full, deposit, at the salon.
 */
function cancellationPolicy(x: Texts, plans: readonly PayPlan[], noticeHours: number): string[] {
  const notice = noticeHours === 0 ? x.t('policy.noticeStart') : x.t('policy.noticeHours', { count: noticeHours, n: x.number(noticeHours) });
  const lines: string[] = [];
  if (plans.includes('full')) lines.push(x.t('policy.full', { notice }));
  if (plans.includes('deposit')) lines.push(x.t('policy.deposit', { notice }));
  if (plans.includes('at-salon')) lines.push(x.t('policy.atSalon'));
  return lines;
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
  const x = textsFor(c.language, c.latinDigits);
  const count = c.appointments.length;
  const onlineMinor = c.appointments.reduce((sum, a) => sum + a.onlineMinor, 0);
  const counterMinor = c.appointments.reduce((sum, a) => sum + (a.counterMinor ?? 0), 0);
  const dueMinor = c.appointments.reduce((sum, a) => sum + a.priceMinor - a.onlineMinor - (a.counterMinor ?? 0), 0);
  const signIn: Block[] =
    c.canSignIn === false
      ? [
          { p: x.t('confirmation.setPasswordIntro'), muted: true },
          { button: { label: x.t('confirmation.setPassword'), href: pageIn(x.language, c.publicUrl, '/forgot-password') } },
        ]
      : [{ button: { label: x.t('seeAppointments'), href: appointmentsPage(x, c.publicUrl) } }];
  const policy = cancellationPolicy(x, [...new Set(c.appointments.map((a) => a.plan))], c.cancelNoticeHours);
  return mail(
    x,
    x.t('confirmation.subject', { salon: salon.name }),
    x.t('confirmation.heading', { count, n: x.number(count) }),
    x.t('confirmation.preheader', { name: c.name }),
    [
      { p: x.t('dear', { name: c.name }) },
      { p: paidSentence(x, onlineMinor, counterMinor, dueMinor, count) },
      { appointments: c.appointments, timeZone: c.timeZone, showPrice: true, calendarLinks: true },
      { p: x.t('confirmation.calendarFile', { count, file: c.calendar.filename }), muted: true },
      ...signIn,
      { p: x.t('confirmation.moveUntil', { hours: x.number(c.cancelNoticeHours) }), muted: true },
      { p: x.t('policy.title'), muted: true },
      ...policy.map((line) => ({ p: line, muted: true })),
    ],
    [attachment(c.calendar)],
  );
}

export function reminderMail(c: MailContext & { appointment: MailAppointment; cancelNoticeHours: number; calendar: CalendarFile }): MailContent {
  const x = textsFor(c.language, c.latinDigits);
  const { date, time } = x.dateTime(c.appointment.startsAt, c.timeZone);
  const title = c.appointment.title;
  return mail(
    x,
    x.t('reminder.subject', { title, date, time }),
    x.t('reminder.heading'),
    x.t('reminder.preheader', { title, date, time }),
    [
      { p: x.t('dear', { name: c.name }) },
      { p: x.t('reminder.intro', { salon: salon.name, address: address(x) }) },
      { appointments: [c.appointment], timeZone: c.timeZone, calendarLinks: true },
      { button: { label: x.t('reminder.seeAppointment'), href: appointmentsPage(x, c.publicUrl) } },
      { p: x.t('reminder.ifCannot', { hours: x.number(c.cancelNoticeHours), phone: salon.phone }), muted: true },
    ],
    [attachment(c.calendar)],
  );
}

export function movedMail(c: MailContext & { appointment: MailAppointment; previousStartsAt: Date; by: 'customer' | 'salon'; calendar: CalendarFile }): MailContent {
  const x = textsFor(c.language, c.latinDigits);
  const from = x.when(c.previousStartsAt, c.timeZone);
  const to = x.when(c.appointment.startsAt, c.timeZone);
  const title = c.appointment.title;
  const what = c.by === 'salon' ? x.t('moved.bySalon', { salon: salon.name, title, from, to }) : x.t('moved.byCustomer', { title, from, to });
  return mail(
    x,
    x.t('moved.subject', { title, to }),
    x.t('moved.heading'),
    what,
    [
      { p: x.t('dear', { name: c.name }) },
      { p: what },
      { appointments: [c.appointment], timeZone: c.timeZone, calendarLinks: true },
      { p: x.t('moved.calendarFile', { file: c.calendar.filename }), muted: true },
      { button: { label: x.t('seeAppointments'), href: appointmentsPage(x, c.publicUrl) } },
      ...(c.by === 'salon' ? [{ p: x.t('moved.callUs', { phone: salon.phone }), muted: true }] : []),
    ],
    [attachment(c.calendar)],
  );
}

/**
 * What became of the money of a cancelled visit: the refund; a deposit the salon keeps (a late
 * cancellation refunds nothing of a deposit); nothing for a visit to be paid at the salon, where
 * nothing was taken online and nothing is refunded.
 */
function moneyAfterCancelling(x: Texts, a: Pick<MailAppointment, 'plan' | 'onlineMinor'>, refundedMinor: number, paidBy: PaymentMethod | null): string | null {
  if (refundedMinor > 0) return x.t('cancelled.refunded', { amount: x.money(refundedMinor), to: x.t(`refundTo.${paidBy ?? 'unknown'}`) });
  if (a.plan === 'at-salon') return null;
  if (a.plan === 'deposit' && a.onlineMinor > 0) return x.t('cancelled.depositKept', { amount: x.money(a.onlineMinor) });
  return x.t('cancelled.nothingCharged');
}

export function cancelledMail(
  c: MailContext & { appointment: MailAppointment; by: 'customer' | 'salon'; refundedMinor: number; paidBy: PaymentMethod | null; calendar: CalendarFile },
): MailContent {
  const x = textsFor(c.language, c.latinDigits);
  const when = x.when(c.appointment.startsAt, c.timeZone);
  const title = c.appointment.title;
  const what = c.by === 'salon' ? x.t('cancelled.bySalon', { salon: salon.name, title, when }) : x.t('cancelled.byCustomer', { title, when });
  const moneyLine = moneyAfterCancelling(x, c.appointment, c.refundedMinor, c.paidBy);
  const services = pageIn(x.language, c.publicUrl, '/#services');
  return mail(
    x,
    x.t('cancelled.subject', { title, when }),
    x.t('cancelled.heading'),
    what,
    [
      { p: x.t('dear', { name: c.name }) },
      { p: what },
      { appointments: [c.appointment], timeZone: c.timeZone, struck: true },
      ...(moneyLine ? [{ p: moneyLine }] : []),
      { p: x.t('cancelled.calendarFile', { file: c.calendar.filename }), muted: true },
      c.by === 'salon' ? { button: { label: x.t('cancelled.bookAnother'), href: services } } : { link: { label: x.t('cancelled.bookAgain'), href: services } },
    ],
    [attachment(c.calendar)],
  );
}

export function reviewRequestMail(c: Pick<MailContext, 'name' | 'language' | 'latinDigits'> & { title: string; staffName: string | null; reviewUrl: string }): MailContent {
  const x = textsFor(c.language, c.latinDigits);
  const heading = x.t('review.subject', { title: c.title });
  return mail(x, heading, heading, x.t('review.preheader'), [
    { p: x.t('dear', { name: c.name }) },
    { p: x.t('review.body', { salon: salon.name, visit: visitName(x, c.title, c.staffName) }) },
    { button: { label: x.t('review.button'), href: c.reviewUrl } },
  ]);
}

/**
 * A place freed on a day she waits for: the time is held on her booking list until `expiresAt`;
 * the button opens the list, where she checks out as for any held time.
 */
export function waitlistOfferMail(
  c: Pick<MailContext, 'name' | 'timeZone' | 'language' | 'latinDigits'> & { title: string; staffName: string | null; startsAt: Date; expiresAt: Date; bookingListUrl: string },
): MailContent {
  const x = textsFor(c.language, c.latinDigits);
  const time = x.dateTime(c.expiresAt, c.timeZone).time;
  return mail(x, x.t('waitlist.subject', { title: c.title }), x.t('waitlist.heading'), x.t('waitlist.preheader', { time }), [
    { p: x.t('dear', { name: c.name }) },
    { p: x.t('waitlist.freed', { visit: visitName(x, c.title, c.staffName), when: x.when(c.startsAt, c.timeZone), zone: x.zone(c.timeZone) }) },
    { p: x.t('waitlist.holding', { time }) },
    { button: { label: x.t('waitlist.button'), href: c.bookingListUrl } },
  ]);
}

/**
 * The password-reset link (better-auth's, which leads on to the reset page). Text only, as before:
 * the link is the whole message.
 */
export function passwordResetMail(c: { name: string; url: string; language?: Language | undefined }): MailContent {
  const x = textsFor(c.language);
  return { subject: x.t('reset.subject'), text: x.t('reset.text', { name: c.name, url: c.url }), language: x.language };
}

/** The link that proves an ADMIN_EMAILS address (auth.ts); text only. */
export function adminVerificationMail(c: { name: string; url: string; language?: Language | undefined }): MailContent {
  const x = textsFor(c.language);
  return { subject: x.t('verify.subject'), text: x.t('verify.text', { name: c.name, url: c.url }), language: x.language };
}
