import { ArrowRight } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';

/** A dashboard card: a heading, its content, and a link into the view that shows all of it. */
export function DashboardSection({
  title,
  to,
  linkText,
  testId,
  children,
}: {
  title: string;
  to: string;
  linkText: string;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      data-testid={testId}
      className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        <Link
          to={to}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-800 underline-offset-2 hover:underline dark:text-brand-100"
        >
          {linkText}
          <ArrowRight className="size-4 rtl:rotate-180" aria-hidden="true" />
        </Link>
      </div>
      {children}
    </section>
  );
}
