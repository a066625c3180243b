// Kept apart from the public stats schema (public-stats.ts) so the landing page's first JavaScript
// can read them without zod.

/** How long the server keeps one count, and how often the landing page asks again. */
export const PUBLIC_STATS_CACHE_SECONDS = 10;
export const PUBLIC_STATS_REFRESH_MS = 5000;
