import { useState } from 'react';

// An avatar that is missing or fails to load falls back to initials on a coloured circle.
// The colour is derived from the name, so a person keeps the same colour on every screen.

const COLOURS = [
  'bg-brand-700',
  'bg-emerald-700',
  'bg-sky-700',
  'bg-violet-700',
  'bg-rose-700',
  'bg-amber-700',
  'bg-teal-700',
  'bg-indigo-700',
] as const;

function colourFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length]!;
}

const SIZES = { md: 'size-12 text-base', lg: 'size-20 text-2xl' } as const;

interface AvatarProps {
  src: string | null | undefined;
  initials: string;
  /** The person's name: the image's alternative text and the colour's seed. */
  name: string;
  size?: keyof typeof SIZES;
}

export function Avatar({ src, initials, name, size = 'md' }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const classes = `${SIZES[size]} shrink-0 rounded-full`;
  if (src && failed !== src) {
    return <img src={src} alt={name} className={`${classes} object-cover`} onError={() => setFailed(src)} width={80} height={80} />;
  }
  return (
    <span
      role="img"
      aria-label={name}
      data-testid="avatar-initials"
      className={`${classes} ${colourFor(name)} inline-flex items-center justify-center font-semibold text-white`}
    >
      <span aria-hidden="true">{initials}</span>
    </span>
  );
}
