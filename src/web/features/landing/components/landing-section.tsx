import type { ReactNode } from 'react';

/**
 * One section of the landing page: a named landmark with its heading. `name` is the section's
 * stable name (the e2e test checks the sections' order by it); `id` is the anchor the top bar
 * scrolls to. scroll-mt keeps the heading clear of the fixed top bar.
 */
export function LandingSection({
  name,
  id,
  title,
  subtitle,
  tone = 'plain',
  children,
}: {
  name: string;
  id?: string;
  title: string;
  subtitle?: string;
  tone?: 'plain' | 'tinted';
  children: ReactNode;
}) {
  const headingId = `${name}-title`;
  return (
    <section
      id={id}
      data-section={name}
      aria-labelledby={headingId}
      // Focusable by script only: the top bar's scroll buttons move keyboard focus here.
      tabIndex={id ? -1 : undefined}
      className={`scroll-mt-28 focus:outline-none ${tone === 'tinted' ? 'bg-slate-50 dark:bg-slate-900/60' : ''}`}
    >
      <div className="mx-auto max-w-6xl px-4 py-14">
        <h2 id={headingId} className="text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {subtitle ? <p className="mt-2 max-w-2xl text-slate-700 dark:text-slate-300">{subtitle}</p> : null}
        <div className="mt-8">{children}</div>
      </div>
    </section>
  );
}
