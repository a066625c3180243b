import type { LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../components/ui/button';

interface MessagePageProps {
  icon: LucideIcon;
  title: string;
  body: string;
  /** Where the one button leads, and its words. */
  action: { to: string; label: string; testId?: string };
}

/** A page that is only a message: an icon, a heading, a sentence and one way on. */
export function MessagePage({ icon: Icon, title, body, action }: MessagePageProps) {
  const titleId = useId();
  return (
    <section className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-20 text-center" aria-labelledby={titleId}>
      <Icon className="size-12 text-brand-700 dark:text-brand-500" aria-hidden="true" />
      <h1 id={titleId} className="text-2xl font-semibold">
        {title}
      </h1>
      <p className="text-slate-700 dark:text-slate-300">{body}</p>
      <Link to={action.to} className={buttonClasses('primary')} data-testid={action.testId}>
        {action.label}
      </Link>
    </section>
  );
}
