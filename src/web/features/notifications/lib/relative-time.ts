import type { TFunction } from 'i18next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "Just now" under a minute, "Nm ago", "Nh ago", "Nd ago" under 7 days, then the date. These
 * are the English texts (docs/product.md, Notifications and toasts); each locale file carries its own short wording of the same three.
 */
export function relativeTime(iso: string, now: number, language: string, t: TFunction): string {
  const elapsed = now - new Date(iso).getTime();
  if (elapsed < MINUTE) return t('notifications:time.justNow');
  const [count, unit] =
    elapsed < HOUR
      ? [Math.floor(elapsed / MINUTE), 'minute' as const]
      : elapsed < DAY
        ? [Math.floor(elapsed / HOUR), 'hour' as const]
        : [Math.floor(elapsed / DAY), 'day' as const];
  if (unit === 'day' && count >= 7) return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
  return t(`notifications:time.${unit}sAgo`, { count });
}
