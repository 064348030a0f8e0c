import { useId } from 'react';
import { CalendarPlus, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useContentLang, useIntlLocale, useSalonText } from '@/hooks/use-language';
import type { PaymentPolicy } from '@shared/deposits';
import { responsiveImage } from '@shared/image-urls';
import { formatMoney, fromMinorUnits, toMinorUnits } from '@shared/money';
import { onlineDueMinor, policyFor } from '@shared/pay-now';
import type { Service } from '@shared/service';

/**
 * How wide the card's image is drawn, following services-grid.tsx: a 7rem thumbnail on phones,
 * then 2, 3 and 4 columns (page padding and gaps taken off) inside the 80rem container.
 */
const IMAGE_SIZES =
  '(min-width: 1280px) 286px, (min-width: 1024px) calc((100vw - 7rem) / 3), (min-width: 640px) calc((100vw - 4.5rem) / 2), 7rem';

interface ServiceCardProps {
  service: Service;
  /** Cards in the first row load eagerly; the rest wait until they are near the viewport. */
  eager?: boolean;
  onAddToBooking: (service: Service) => void;
  /** The salon's policy, for a service without its own; not known yet, such a service says nothing. */
  salonPolicy?: PaymentPolicy | undefined;
}

/**
 * 'Deposit ৳360 online' or 'Pay at the salon' when booking it asks less than the price online;
 * nothing for a service paid in full (the checkout's usual case needs no word).
 */
export function paymentNote(
  service: Pick<Service, 'price' | 'paymentPolicy'>,
  salonPolicy: PaymentPolicy | undefined,
  t: TFunction<'home'>,
  locale: string,
): string | null {
  const policy = service.paymentPolicy ?? salonPolicy;
  if (!policy) return null;
  const priceMinor = toMinorUnits(service.price);
  const onlineMinor = onlineDueMinor(priceMinor, policyFor(service, policy));
  if (onlineMinor === priceMinor) return null;
  return onlineMinor === 0 ? t('services.payAtSalon') : t('services.deposit', { amount: formatMoney(fromMinorUnits(onlineMinor), undefined, locale) });
}

export function ServiceCard({ service, eager = false, onAddToBooking, salonPolicy }: ServiceCardProps) {
  const titleId = useId();
  const { t } = useTranslation('home');
  const locale = useIntlLocale();
  const contentLang = useContentLang();
  const title = useSalonText(service.title, service.title_bn);
  const description = useSalonText(service.description, service.description_bn);
  const note = paymentNote(service, salonPolicy, t, locale);
  return (
    <article
      aria-labelledby={titleId}
      className="group flex h-full overflow-hidden rounded-box bg-base-100 shadow-soft ring-1 ring-base-300/70 transition duration-300 hover:shadow-lift sm:flex-col motion-safe:hover:-translate-y-1"
    >
      {/* Phones get a compact row (image beside text) so 16 services do not become an endless scroll. */}
      <div className="relative w-28 shrink-0 overflow-hidden bg-base-200 sm:aspect-[4/3] sm:w-auto">
        <img
          src={service.image_url}
          {...responsiveImage(service.image_url, IMAGE_SIZES)}
          alt={title.text}
          width={400}
          height={300}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          className="size-full object-cover transition duration-500 motion-safe:group-hover:scale-105"
        />
        {service.category ? (
          <span lang={contentLang} className="absolute top-3 left-3 hidden rounded-full bg-base-100/95 px-3 py-1 text-xs font-semibold tracking-wide text-secondary shadow-sm sm:inline-block">
            {service.category}
          </span>
        ) : null}
      </div>
      <div className="flex min-w-0 flex-1 flex-col p-4 sm:p-5">
        <h3 id={titleId} lang={title.lang} className="text-lg leading-snug font-semibold sm:text-xl">
          {title.text}
        </h3>
        <div className="mt-2 flex items-center justify-between gap-3">
          <p className="text-lg font-semibold text-primary">
            <span className="sr-only">{t('services.price')}</span>
            <span>{formatMoney(service.price, undefined, locale)}</span>
          </p>
          <p className="flex items-center gap-1.5 text-sm text-base-content/75">
            <Clock aria-hidden="true" className="size-4" />
            <span className="sr-only">{t('services.duration')}</span>
            <span>{t('services.minutes', { count: service.duration })}</span>
          </p>
        </div>
        {note ? <p className="mt-1 text-xs font-medium text-secondary">{note}</p> : null}
        {/* Never clamped: with wider text spacing (WCAG 1.4.12) a clamp cuts the description off. */}
        <p lang={description.lang} className="mt-2 flex-1 text-sm leading-relaxed text-base-content/75 sm:mt-3">
          {description.text}
        </p>
        <button
          type="button"
          className="btn mt-3 w-full rounded-full btn-outline btn-sm btn-primary sm:mt-5 sm:btn-md"
          aria-describedby={titleId}
          onClick={() => onAddToBooking(service)}
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          {t('services.add')}
        </button>
      </div>
    </article>
  );
}
