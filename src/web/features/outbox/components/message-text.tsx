import { useMemo } from 'react';
import { ownOriginLinks } from '../lib/own-origin-links';

/** A message body as text, with links only to this site (see own-origin-links.ts). */
export function MessageText({ text, origin = window.location.origin }: { text: string; origin?: string }) {
  const parts = useMemo(() => ownOriginLinks(text, origin), [text, origin]);
  return (
    <div className="wrap-anywhere whitespace-pre-wrap text-sm text-slate-900 dark:text-slate-100" data-testid="outbox-message-text">
      {parts.map((part, index) =>
        part.kind === 'link' ? (
          <a
            key={index}
            href={part.href}
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-100"
          >
            {part.text}
          </a>
        ) : (
          <span key={index}>{part.text}</span>
        ),
      )}
    </div>
  );
}
