import { useState } from 'react';
import { Button } from './button';

/**
 * A row of toggle buttons that narrow a list to one of a few filters (open / done, active /
 * archived, ...): the chosen one is pressed, and the row is a labelled group for screen readers.
 */
export function FilterButtons<T extends string>({
  values,
  value,
  label,
  textOf,
  onChange,
  className = 'mb-4 flex flex-wrap gap-2',
}: {
  values: readonly T[];
  value: T;
  /** Names the group ("Show tasks"). */
  label: string;
  textOf: (value: T) => string;
  onChange: (value: T) => void;
  className?: string;
}) {
  return (
    <div role="group" aria-label={label} className={className}>
      {values.map((option) => (
        <Button
          key={option}
          variant={value === option ? 'primary' : 'secondary'}
          aria-pressed={value === option}
          onClick={() => onChange(option)}
        >
          {textOf(option)}
        </Button>
      ))}
    </div>
  );
}

/** A list's filter and page: choosing another filter starts again at page 1. */
export function useFilterAndPage<T extends string>(initial: T) {
  const [filter, setFilter] = useState<T>(initial);
  const [page, setPage] = useState(1);
  const chooseFilter = (value: T) => {
    setFilter(value);
    setPage(1);
  };
  return { filter, page, chooseFilter, setPage };
}
