import { useId, type ReactNode } from 'react';

/** A titled panel of the staff home. */
export function Card({
  title,
  id,
  testId,
  children,
  actions,
}: {
  title: string;
  id?: string;
  testId: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      data-testid={testId}
      className="flex min-w-0 scroll-mt-20 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
