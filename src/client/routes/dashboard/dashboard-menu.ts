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
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useContactUnread } from '@/features/contact-inbox/api/get-contact-messages';
import { useOutboxConfig } from '@/features/outbox/api/get-outbox-config';
import { useLinkedStylist } from '@/features/account/api/get-my-account';

export interface DashboardMenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** One line for the cards on the dashboard home. */
  description: string;
  /** A number beside the label (the unread messages); not shown when 0 or absent. */
  count?: { value: number; label: string };
}

/** A menu entry before its words: `key` names its label and description in the `dashboard` catalogue (menu.<key>.label/description). */
interface MenuEntry {
  to: string;
  key: MenuKey;
  icon: LucideIcon;
}

// Every key written out, so the catalogue test sees each one used.
type MenuKey =
  | 'adminHome'
  | 'orderList'
  | 'calendar'
  | 'frontDesk'
  | 'addService'
  | 'makeAdmin'
  | 'manageServices'
  | 'stylists'
  | 'paymentHistory'
  | 'adminPaymentHistory'
  | 'reviews'
  | 'messages'
  | 'settings'
  | 'userHome'
  | 'book'
  | 'bookingList'
  | 'review'
  | 'outbox'
  | 'sentSms'
  | 'myDay';

const MENU_TEXTS = {
  adminHome: ['menu.adminHome.label', 'menu.adminHome.description'],
  orderList: ['menu.orderList.label', 'menu.orderList.description'],
  calendar: ['menu.calendar.label', 'menu.calendar.description'],
  frontDesk: ['menu.frontDesk.label', 'menu.frontDesk.description'],
  addService: ['menu.addService.label', 'menu.addService.description'],
  makeAdmin: ['menu.makeAdmin.label', 'menu.makeAdmin.description'],
  manageServices: ['menu.manageServices.label', 'menu.manageServices.description'],
  stylists: ['menu.stylists.label', 'menu.stylists.description'],
  paymentHistory: ['menu.paymentHistory.label', 'menu.paymentHistory.description'],
  adminPaymentHistory: ['menu.paymentHistory.label', 'menu.adminPaymentHistory.description'],
  reviews: ['menu.reviews.label', 'menu.reviews.description'],
  messages: ['menu.messages.label', 'menu.messages.description'],
  settings: ['menu.settings.label', 'menu.settings.description'],
  userHome: ['menu.userHome.label', 'menu.userHome.description'],
  book: ['menu.book.label', 'menu.book.description'],
  bookingList: ['menu.bookingList.label', 'menu.bookingList.description'],
  review: ['menu.review.label', 'menu.review.description'],
  outbox: ['menu.outbox.label', 'menu.outbox.description'],
  sentSms: ['menu.sentSms.label', 'menu.sentSms.description'],
  myDay: ['menu.myDay.label', 'menu.myDay.description'],
} as const satisfies Record<MenuKey, readonly [string, string]>;

/** Spec section 2: the admin's side menu, in its order. */
const adminMenu: MenuEntry[] = [
  { to: paths.dashboard.adminHome, key: 'adminHome', icon: LayoutDashboard },
  { to: paths.dashboard.orderList, key: 'orderList', icon: ClipboardList },
  { to: paths.dashboard.calendar, key: 'calendar', icon: CalendarDays },
  { to: paths.dashboard.frontDesk, key: 'frontDesk', icon: ConciergeBell },
  { to: paths.dashboard.addService, key: 'addService', icon: SquarePlus },
  { to: paths.dashboard.allUsers, key: 'makeAdmin', icon: Users },
  { to: paths.dashboard.manageServices, key: 'manageServices', icon: Settings2 },
  { to: paths.dashboard.staff, key: 'stylists', icon: Scissors },
  { to: paths.dashboard.paymentHistory, key: 'adminPaymentHistory', icon: CreditCard },
  { to: paths.dashboard.manageReviews, key: 'reviews', icon: Star },
  { to: paths.dashboard.messages, key: 'messages', icon: MessagesSquare },
  { to: paths.dashboard.settings, key: 'settings', icon: SlidersHorizontal },
];

/** Spec section 2: a customer's side menu, in its order. */
const userMenu: MenuEntry[] = [
  { to: paths.dashboard.userHome, key: 'userHome', icon: LayoutDashboard },
  { to: paths.dashboard.book, key: 'book', icon: CalendarPlus },
  { to: paths.dashboard.bookingList, key: 'bookingList', icon: ListChecks },
  { to: paths.dashboard.review, key: 'review', icon: MessageSquareHeart },
  { to: paths.dashboard.paymentHistory, key: 'paymentHistory', icon: CreditCard },
];

/** Only on a server that shows its outbox (SHOW_OUTBOX, on under `npm start`): the e-mails, then the texts with the demo's codes. */
const outboxMenu: MenuEntry[] = [
  { to: paths.dashboard.outbox, key: 'outbox', icon: Mail },
  { to: paths.dashboard.sentSms, key: 'sentSms', icon: MessageSquareText },
];

/** A stylist's own day, on the menu of an account the admin linked to a stylist. */
const myDayEntry: MenuEntry = { to: paths.dashboard.myDay, key: 'myDay', icon: CalendarClock };

/** The entries in the page's language. */
function useMenuWords(): (entries: MenuEntry[]) => DashboardMenuItem[] {
  const { t } = useTranslation('dashboard');
  return (entries) =>
    entries.map(({ to, key, icon }) => {
      const [label, description] = MENU_TEXTS[key];
      return { to, icon, label: t(label), description: t(description) };
    });
}

/**
 * The admin's menu, with the unread messages counted beside 'Messages', and 'Sent e-mails' and
 * 'Sent SMS' when the server shows them; asks nothing for a customer.
 */
export function useAdminMenu(isAdmin: boolean): DashboardMenuItem[] {
  const { t } = useTranslation('dashboard');
  const words = useMenuWords();
  const outbox = useOutboxConfig({ enabled: isAdmin });
  const unread = useContactUnread({ enabled: isAdmin }).data?.unread ?? 0;
  const menu = words(outbox.data?.enabled ? [...adminMenu, ...outboxMenu] : adminMenu);
  return menu.map((item) =>
    item.to === paths.dashboard.messages && unread > 0 ? { ...item, count: { value: unread, label: t('menu.unread', { count: unread }) } } : item,
  );
}

/** A customer's menu; a stylist's account also gets 'My day' (GET /api/me says so, once signed in). */
export function useUserMenu(enabled: boolean): DashboardMenuItem[] {
  const words = useMenuWords();
  const stylist = useLinkedStylist(enabled).data;
  return words(stylist ? [userMenu[0]!, myDayEntry, ...userMenu.slice(1)] : userMenu);
}
