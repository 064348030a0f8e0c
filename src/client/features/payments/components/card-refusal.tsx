import { useTranslation } from 'react-i18next';

/**
 * Why a card was refused, and that nothing is lost by it: both card forms keep the payment intent
 * and the held times after a decline, so another card can be tried at once.
 */
export function CardRefusal({ reason }: { reason: string }) {
  const { t } = useTranslation('payment');
  return (
    <>
      <p>{reason}</p>
      <p className="font-normal">{t('card.refusalNote')}</p>
    </>
  );
}
