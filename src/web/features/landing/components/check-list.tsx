import { CheckCircle2 } from 'lucide-react';

/** A short list of points with a check mark each (mobile apps, digital era, portal features). */
export function CheckList({ points, className = '' }: { points: readonly string[]; className?: string }) {
  return (
    <ul className={`space-y-2 ${className}`}>
      {points.map((point) => (
        <li key={point} className="flex items-start gap-2">
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-700 dark:text-brand-500" aria-hidden="true" />
          <span>{point}</span>
        </li>
      ))}
    </ul>
  );
}
