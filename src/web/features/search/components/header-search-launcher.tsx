import { Search as SearchIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeaderSearch } from './header-search';

/**
 * The header's search: the box itself on wide screens; on small ones a button that opens the same
 * box and panel in a bar under the header (the box is for wide screens).
 */
export function HeaderSearchLauncher() {
  const { t } = useTranslation('search');
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="hidden w-full max-w-md md:block">
        <HeaderSearch />
      </div>
      <button
        type="button"
        className="inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
        aria-label={open ? t('close') : t('open')}
        aria-expanded={open}
        onClick={() => setOpen((was) => !was)}
        data-testid="search-toggle"
      >
        <SearchIcon className="size-5" aria-hidden="true" />
      </button>
      {open ? (
        <div className="fixed inset-x-0 top-[57px] z-50 border-b border-slate-200 bg-white p-3 shadow md:hidden dark:border-slate-800 dark:bg-slate-950">
          <HeaderSearch autoFocus onClose={() => setOpen(false)} />
        </div>
      ) : null}
    </>
  );
}

export default HeaderSearchLauncher;
