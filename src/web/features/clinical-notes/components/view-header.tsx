import type { ReactNode } from 'react';

/** A notes view's title, its sentence of introduction and its actions. */
export function ViewHeader({ title, intro, actions }: { title: string; intro: string; actions?: ReactNode }) {
  return (
    <header className="flex flex-wrap items-start justify-between gap-4">
      <div>
        <h1 className="text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{intro}</p>
      </div>
      {actions}
    </header>
  );
}
