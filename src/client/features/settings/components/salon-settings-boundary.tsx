import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { SalonSettings } from '@shared/salon-settings';
import { QueryState } from '@/components/ui/query-state';
import { useSalonSettings } from '../api/get-settings';

interface SalonSettingsBoundaryProps {
  /** What needs the salon's rules (its time zone above all) to render. */
  children: (settings: SalonSettings) => ReactNode;
  /** Read out while the rules load. */
  loadingLabel?: string;
}

/**
 * Renders its children once the salon's settings are known. Times must never be shown in a
 * guessed zone, so until then there is a loading state, and a failure offers a retry.
 */
export function SalonSettingsBoundary({ children, loadingLabel }: SalonSettingsBoundaryProps) {
  const settings = useSalonSettings();
  // 'ui': the catalogue QueryState reads anyway, so the booking pages that wait here load no other.
  const { t } = useTranslation('ui');
  return (
    <QueryState
      query={settings}
      loading={{
        label: loadingLabel ?? t('loadingHours'),
        showLabel: true,
        rows: 2,
        row: <div className="skeleton h-4 w-2/3" />,
      }}
    >
      {children}
    </QueryState>
  );
}
