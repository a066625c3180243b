import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LandingSection } from './landing-section';

// A testimonial: name, role, company, rating, content, avatar (initials here), metrics.
// The quotes are marketing content in the locale files, which the organisation edits.
const TESTIMONIALS = [
  { key: 'first', rating: 5 },
  { key: 'second', rating: 5 },
  { key: 'third', rating: 5 },
] as const;

function initials(name: string): string {
  return name
    .replace(/^Dr\.?\s+/i, '')
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .slice(0, 2)
    .join('');
}

export function TestimonialsSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection name="testimonials" title={t('testimonials.title')} subtitle={t('testimonials.subtitle')}>
      <ul className="grid gap-4 lg:grid-cols-3">
        {TESTIMONIALS.map(({ key, rating }) => {
          const name = t(`testimonials.items.${key}.name`);
          return (
            <li key={key}>
              <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
                <p className="flex gap-0.5 text-amber-600 dark:text-amber-400" role="img" aria-label={t('testimonials.rating', { rating })}>
                  {Array.from({ length: rating }, (_, i) => (
                    <Star key={i} className="size-4 fill-current" aria-hidden="true" />
                  ))}
                </p>
                <blockquote className="mt-3 flex-1">“{t(`testimonials.items.${key}.content`)}”</blockquote>
                <p className="mt-3 text-sm font-medium text-brand-800 dark:text-brand-100">{t(`testimonials.items.${key}.metric`)}</p>
                <figcaption className="mt-4 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
                  >
                    {initials(name)}
                  </span>
                  <span>
                    <span className="block font-semibold">{name}</span>
                    <span className="block text-sm text-slate-700 dark:text-slate-300">
                      {t(`testimonials.items.${key}.role`)}, {t(`testimonials.items.${key}.company`)}
                    </span>
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </LandingSection>
  );
}
