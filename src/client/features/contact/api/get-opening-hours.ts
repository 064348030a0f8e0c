// The salon's settings moved to lib/salon-settings.ts (every part of the app reads them); this name
// stays until the screens being translated in parallel are merged, then its importers move too.
export { salonSettingsQueryOptions, usePublicSalonSettings } from '../../../lib/salon-settings';
