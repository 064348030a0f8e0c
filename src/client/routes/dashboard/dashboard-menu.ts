import {
  CalendarDays,
  CalendarPlus,
  CalendarClock,
  ClipboardList,
  ConciergeBell,
  CreditCard,
  LayoutDashboard,
  ListChecks,
  Mail,
  MessagesSquare,
  MessageSquareHeart,
  MessageSquareText,
  Settings2,
  SlidersHorizontal,
  SquarePlus,
  Star,
  Users,
  Scissors,
  type LucideIcon,
} from 'lucide-react';
import { paths } from '../../config/paths';
import { useContactUnread } from '../../features/contact-inbox/api/get-contact-messages';
import { useOutboxConfig } from '../../features/outbox/api/get-outbox-config';
import { useLinkedStylist } from '../../features/account/api/get-my-account';

export interface DashboardMenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** One line for the cards on the dashboard home. */
  description: string;
  /** A number beside the label (the unread messages); not shown when 0 or absent. */
  count?: { value: number; label: string };
}

const paymentHistory = {
  to: paths.dashboard.paymentHistory,
  label: 'Payment History',
  icon: CreditCard,
};

/** Spec section 2: the admin's side menu, in its order. */
export const adminMenu: DashboardMenuItem[] = [
  { to: paths.dashboard.adminHome, label: 'Admin Home', icon: LayoutDashboard, description: 'Your overview of the salon.' },
  { to: paths.dashboard.orderList, label: 'Order List', icon: ClipboardList, description: 'Every booking, with its status.' },
  { to: paths.dashboard.calendar, label: 'Calendar', icon: CalendarDays, description: "The salon's day by stylist: move, mark or cancel a booking." },
  { to: paths.dashboard.frontDesk, label: 'Front desk', icon: ConciergeBell, description: 'Book for a customer who phoned or walked in.' },
  { to: paths.dashboard.addService, label: 'Add services', icon: SquarePlus, description: 'Put a new treatment on the menu.' },
  { to: paths.dashboard.allUsers, label: 'Make Admin', icon: Users, description: 'Give trusted staff the admin role, or take it back.' },
  { to: paths.dashboard.manageServices, label: 'Manage Services', icon: Settings2, description: 'Change prices and details, or retire a service.' },
  { to: paths.dashboard.staff, label: 'Stylists', icon: Scissors, description: 'Who does what, her hours and her time off.' },
  { ...paymentHistory, description: 'Every payment the salon has taken.' },
  { to: paths.dashboard.manageReviews, label: 'Reviews', icon: Star, description: 'Hide a review from the home page, or reply in public.' },
  { to: paths.dashboard.messages, label: 'Messages', icon: MessagesSquare, description: 'Read and answer what visitors wrote through the contact form.' },
  {
    to: paths.dashboard.settings,
    label: 'Salon settings',
    icon: SlidersHorizontal,
    description: 'Opening hours, capacity and how far ahead clients may book.',
  },
];

/** Spec section 2: a customer's side menu, in its order. */
export const userMenu: DashboardMenuItem[] = [
  { to: paths.dashboard.userHome, label: 'User Home', icon: LayoutDashboard, description: 'Your overview.' },
  { to: paths.dashboard.book, label: 'Book', icon: CalendarPlus, description: 'Choose treatments and a time that suits you.' },
  { to: paths.dashboard.bookingList, label: 'Booking List', icon: ListChecks, description: 'The treatments you have picked, ready to pay.' },
  { to: paths.dashboard.review, label: 'Add a Review', icon: MessageSquareHeart, description: 'Tell other women how your visit went.' },
  { ...paymentHistory, description: 'Your payments and receipts.' },
];

/** Only on a server that shows its outbox (SHOW_OUTBOX, on under `npm start`). */
export const outboxMenuItem: DashboardMenuItem = {
  to: paths.dashboard.outbox,
  label: 'Sent e-mails',
  icon: Mail,
  description: 'The e-mails the salon sent, with their links (password resets too).',
};

/** Beside 'Sent e-mails', under the same rule: the texts, with the demo's verification codes. */
export const sentSmsMenuItem: DashboardMenuItem = {
  to: paths.dashboard.sentSms,
  label: 'Sent SMS',
  icon: MessageSquareText,
  description: 'The texts the salon sent: verification codes and appointment texts.',
};

/**
 * The admin's menu, with the unread messages counted beside 'Messages', and 'Sent e-mails' and
 * 'Sent SMS' when the server shows them; asks nothing for a customer.
 */
export function useAdminMenu(isAdmin: boolean): DashboardMenuItem[] {
  const outbox = useOutboxConfig({ enabled: isAdmin });
  const unread = useContactUnread({ enabled: isAdmin }).data?.unread ?? 0;
  const menu = adminMenu.map((item) =>
    item.to === paths.dashboard.messages && unread > 0 ? { ...item, count: { value: unread, label: `${unread} unread` } } : item,
  );
  return outbox.data?.enabled ? [...menu, outboxMenuItem, sentSmsMenuItem] : menu;
}

/** A stylist's own day, on the menu of an account the admin linked to a stylist. */
export const myDayMenuItem: DashboardMenuItem = {
  to: paths.dashboard.myDay,
  label: 'My day',
  icon: CalendarClock,
  description: 'Your visits and who is coming; mark each one done.',
};

/** A customer's menu; a stylist's account also gets 'My day' (GET /api/me says so, once signed in). */
export function useUserMenu(enabled: boolean): DashboardMenuItem[] {
  const stylist = useLinkedStylist(enabled).data;
  return stylist ? [userMenu[0]!, myDayMenuItem, ...userMenu.slice(1)] : userMenu;
}
