import type { ReactNode } from 'react';

// Message bodies are plain text. They are shown as React text nodes (never as HTML), and only web
// addresses become links: http and https only (no javascript: or data:), opened in a new tab
// without giving the opened page a handle on this one.

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence is not part of the address before it. */
const TRAILING = /[.,;:!?)\]}]+$/;

export interface TextPart {
  kind: 'text' | 'link';
  text: string;
}

/** The body cut into text and web addresses. */
export function splitLinks(body: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of body.matchAll(URL_PATTERN)) {
    const start = match.index;
    let address = match[0];
    const trailing = TRAILING.exec(address)?.[0] ?? '';
    address = address.slice(0, address.length - trailing.length);
    if (!isWebAddress(address)) continue;
    if (start > last) parts.push({ kind: 'text', text: body.slice(last, start) });
    parts.push({ kind: 'link', text: address });
    last = start + address.length;
  }
  if (last < body.length) parts.push({ kind: 'text', text: body.slice(last) });
  return parts;
}

function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export function LinkedText({ body }: { body: string }): ReactNode {
  return splitLinks(body).map((part, index) =>
    part.kind === 'link' ? (
      <a
        key={index}
        href={part.text}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="break-all text-brand-700 underline dark:text-brand-300"
      >
        {part.text}
      </a>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}
