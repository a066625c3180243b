import type { ReactNode } from 'react';

/** One titled section of the settings page; `id` is its anchor (the user menu's Preferences opens #preferences). */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={titleId}
      tabIndex={-1}
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus:outline-none sm:p-6 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}

/** A subsection inside a section (e.g. "Emergency contact", "Two-step sign-in"). */
export function SettingsGroup({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <div className="border-t border-slate-200 pt-5 first:border-t-0 first:pt-0 dark:border-slate-800">
      <h3 className="text-lg font-semibold">{title}</h3>
      {description ? <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{description}</p> : null}
      <div className="mt-4">{children}</div>
    </div>
  );
}

/** A query's failure inside a section, with a retry. */
export function SectionError({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
    >
      <span>{message}</span>
      <button type="button" onClick={onRetry} className="font-medium underline underline-offset-2">
        {retryLabel}
      </button>
    </div>
  );
}
