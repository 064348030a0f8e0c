import { Activity, memo, type ComponentType } from 'react';

/**
 * `Section`, hydrated after the first screen: for the parts of a server-rendered page that need not
 * be interactive at once (below the fold).
 *
 * React hydrates the first screen in one go, but leaves each `<Activity>` boundary the server
 * rendered for a later pass at the lowest priority, split into ~5 ms slices that give way to the
 * visitor's taps and scrolls: a phone four times slower than a laptop then spends no long task on
 * the services, reviews and contact sections before the page answers. A tap inside one of them
 * hydrates that one first.
 *
 * Without props and memoised: a dehydrated boundary that receives an update (its parent rendering
 * again, say when the session arrives) must hydrate at once, in one piece, and a lazy part inside
 * it that is not loaded yet drops the server's HTML for its fallback. This one never receives any.
 */
export function hydrateLater(Section: ComponentType): ComponentType {
  const Later = memo(function HydratedLater() {
    return (
      <Activity mode="visible">
        <Section />
      </Activity>
    );
  });
  Later.displayName = `HydrateLater(${Section.displayName ?? Section.name})`;
  return Later;
}
