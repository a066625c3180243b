import { X } from 'lucide-react';
import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

// An accessible modal (WCAG 2.2: focus management in dialogs, docs/architecture.md). Focus moves
// into the dialog when it opens, Tab and Shift+Tab stay inside it, Escape closes it (when it may be closed),
// and focus returns to whatever opened it.

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.hasAttribute('inert') && el.tabIndex !== -1);
}

interface DialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Called by Escape, the close button and a click on the backdrop; absent means the dialog cannot be dismissed. */
  onClose?: () => void;
  /** What gets focus first; otherwise the first focusable element inside. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Tailwind max-width class of the panel. */
  size?: 'sm' | 'md' | 'lg' | 'xl';
  testId?: string;
}

const SIZES = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-lg', xl: 'max-w-5xl' } as const;

export function Dialog({ open, title, description, children, onClose, initialFocusRef, size = 'md', testId }: DialogProps) {
  const { t } = useTranslation('common', { useSuspense: false });
  const panel = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const node = panel.current;
    const first = initialFocusRef?.current ?? (node ? focusableIn(node)[0] : undefined) ?? node;
    first?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!node) return;
      if (event.key === 'Escape' && onCloseRef.current) {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(node);
      if (items.length === 0) {
        event.preventDefault();
        node.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !node.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !node.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    // The page behind does not scroll while the dialog is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      if (opener && opener.isConnected) opener.focus();
    };
    // initialFocusRef is a ref object: stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-center justify-center p-4">
      <div
        className="absolute inset-0 bg-slate-950/60"
        aria-hidden="true"
        data-testid={testId ? `${testId}-backdrop` : undefined}
        onClick={() => onCloseRef.current?.()}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        data-testid={testId}
        className={`relative max-h-[calc(100vh-2rem)] w-full ${SIZES[size]} overflow-y-auto rounded-xl bg-white p-6 text-slate-900 shadow-xl focus:outline-none dark:bg-slate-900 dark:text-slate-100`}
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600 dark:text-slate-300">
                {description}
              </p>
            ) : null}
          </div>
          {onClose ? (
            <button
              type="button"
              onClick={onClose}
              aria-label={t('close')}
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            >
              <X className="size-5" aria-hidden="true" />
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
