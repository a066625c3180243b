// Outbox messages are plain text written by the server, but they quote addresses people typed (a
// registration e-mail, a name). A URL becomes a link only when it points at this site's own origin
// (a password-reset link); anything else stays text, so a message cannot send an admin elsewhere.
// React renders every part as text: nothing here is ever parsed as HTML.

export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_CANDIDATE = /\bhttps?:\/\/[^\s<>"'`]+/gi;
/** Sentence punctuation after a URL ("…reset it: https://x/y.") is not part of it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>'"]+$/;

function ownOriginHref(candidate: string, origin: string): string | undefined {
  try {
    const url = new URL(candidate);
    return url.origin === origin && (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

export function ownOriginLinks(text: string, origin: string): TextPart[] {
  const parts: TextPart[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = parts.at(-1);
    if (last?.kind === 'text') last.text += value;
    else parts.push({ kind: 'text', text: value });
  };

  let position = 0;
  for (const match of text.matchAll(URL_CANDIDATE)) {
    const start = match.index;
    const candidate = match[0].replace(TRAILING_PUNCTUATION, '');
    pushText(text.slice(position, start));
    const href = ownOriginHref(candidate, origin);
    if (href) parts.push({ kind: 'link', text: candidate, href });
    else pushText(candidate);
    position = start + candidate.length;
  }
  pushText(text.slice(position));
  return parts;
}
