/**
 * Kept beside its fetcher rather than in lib/query-client.ts's `queryKeys`, which belongs to
 * another part of the app; the save invalidates by this same key. A module of its own so the home
 * page (the contact section's opening hours) can name it without loading the settings schema.
 */
export const settingsQueryKey = ['settings'] as const;
