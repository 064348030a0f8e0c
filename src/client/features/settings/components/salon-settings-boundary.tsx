import type { ReactNode } from 'react';
import type { SalonSettings } from '../../../../shared/salon-settings';
import { ErrorState } from '../../../components/ui/error-state';
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
export function SalonSettingsBoundary({ children, loadingLabel = 'Loading the salon’s hours' }: SalonSettingsBoundaryProps) {
  const settings = useSalonSettings();

  if (settings.isPending) {
    return (
      <div aria-busy="true" className="rounded-box bg-base-100 p-5 shadow-soft ring-1 ring-base-300/70">
        <p role="status" className="mb-4 font-medium text-base-content/75">
          {loadingLabel}
        </p>
        <div aria-hidden="true" className="space-y-3">
          <div className="skeleton h-4 w-2/3" />
          <div className="skeleton h-4 w-1/2" />
        </div>
      </div>
    );
  }

  if (settings.isError) {
    return (
      <ErrorState
        title="Something went wrong"
        message={settings.error.message}
        onRetry={() => void settings.refetch()}
        isRetrying={settings.isFetching}
      />
    );
  }

  return children(settings.data);
}
