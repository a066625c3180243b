import { useEffect, useId, useRef, useState, type ComponentType, type ReactNode } from 'react';

// A menu button (WAI-ARIA APG "menu button"): Enter, Space or ArrowDown open it on the first item,
// ArrowUp on the last; arrows, Home and End move; Escape closes it and returns focus to the button;
// Tab or a click elsewhere closes it.

export interface MenuItem {
  key: string;
  label: string;
  icon?: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  onSelect(): void;
}

interface MenuProps {
  /** The button's visible content. */
  trigger: ReactNode;
  /** The button's accessible name, when its content does not say enough. */
  triggerLabel?: string;
  items: MenuItem[];
  testId?: string;
  triggerClassName?: string;
  /**
   * Shown above the items, not an item itself: what the button's content says on wide screens and
   * leaves out on narrow ones. Hidden from assistive technology, whose users hear it in `triggerLabel`.
   */
  heading?: ReactNode;
}

export function Menu({ trigger, triggerLabel, items, testId, triggerClassName = '', heading }: MenuProps) {
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex((index + items.length) % items.length);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  return (
    <div ref={container} className="relative">
      <button
        ref={button}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={triggerLabel}
        className={triggerClassName}
        data-testid={testId}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            openAt(0);
          } else if (event.key === 'ArrowUp') {
            event.preventDefault();
            openAt(items.length - 1);
          }
        }}
      >
        {trigger}
      </button>
      {open ? (
        <ul
          ref={list}
          id={menuId}
          role="menu"
          aria-label={triggerLabel}
          className="absolute end-0 z-50 mt-2 min-w-52 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          onKeyDown={(event) => {
            const moves: Record<string, number> = { ArrowDown: focusIndex + 1, ArrowUp: focusIndex - 1, Home: 0, End: items.length - 1 };
            if (event.key in moves) {
              event.preventDefault();
              setFocusIndex((moves[event.key]! + items.length) % items.length);
            } else if (event.key === 'Escape') {
              event.preventDefault();
              close(true);
            } else if (event.key === 'Tab') {
              setOpen(false);
            }
          }}
        >
          {heading ? (
            <li role="none" aria-hidden="true">
              {heading}
            </li>
          ) : null}
          {items.map((item, index) => {
            const Icon = item.icon;
            return (
              <li key={item.key} role="none">
                <button
                  type="button"
                  role="menuitem"
                  tabIndex={index === focusIndex ? 0 : -1}
                  className="flex w-full items-center gap-2 px-4 py-2 text-start text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none dark:text-slate-100 dark:hover:bg-slate-800 dark:focus:bg-slate-800"
                  onClick={() => {
                    close(true);
                    item.onSelect();
                  }}
                >
                  {Icon ? <Icon className="size-4 text-slate-500 dark:text-slate-400" aria-hidden="true" /> : null}
                  {item.label}
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
