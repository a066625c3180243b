import { useId, type ReactNode } from 'react';

/** A titled part of a page: a landmark named by its own heading, so screen readers can jump to it. */
export function PageSection({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-testid={testId} className="flex min-w-0 flex-col gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
