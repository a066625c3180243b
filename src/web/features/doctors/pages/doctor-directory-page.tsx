import { useQuery } from '@tanstack/react-query';
import { SearchX, UsersRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DIRECTORY_LANGUAGES } from '../../../../contracts/doctors';
import { SPECIALTIES } from '../../../../contracts/specialties';
import { Button } from '../../../components/ui/button';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
import { inputClasses } from '../../../components/ui/field';
import { DIRECTORY_PAGE_SIZE, directoryQuery, type DirectoryFilters } from '../api/doctors';
import { DirectoryCard } from '../components/directory-card';

const SEARCH_DEBOUNCE_MS = 300;

/** Filters live in the URL (doctor names and specialties, never patient data), so a search can be shared and survives reload. */
function filtersFrom(params: URLSearchParams): DirectoryFilters {
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q') ?? '',
    specialty: params.get('specialty') ?? '',
    language: params.get('language') ?? '',
    telemedicine: params.get('telemedicine') === 'true',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The view `doctors` (and the older patient path /patient/care-team): the organisation's doctor directory. */
export function DoctorDirectoryPage() {
  const { t } = useTranslation('doctors');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const [search, setSearch] = useState(filters.q);
  const query = useQuery(directoryQuery(filters));
  // The params this page last asked for. react-router hands a functional update the params of the
  // render that made the setter, so the debounced search below (set up renders ago) would drop a
  // filter chosen meanwhile; building every change on this ref keeps each one. It follows the URL
  // when something else changes it (back and forward).
  const latest = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  const update = (changes: Partial<Record<keyof DirectoryFilters, string>>) => {
    const next = new URLSearchParams(latest.current ?? params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    // Any filter change starts again at the first page.
    if (!('page' in changes)) next.delete('page');
    latest.current = next;
    setParams(next, { replace: true });
  };

  // Typing searches after a short pause, not on every key.
  useEffect(() => {
    if (search.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => update({ q: search.trim() }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is rebuilt each render; the search text drives this
  }, [search]);

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));
  const selectClasses = inputClasses(false, 'min-h-10');

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <UsersRound className="size-6 text-brand-700 dark:text-brand-500" aria-hidden="true" />
          {t('directory.title')}
        </h1>
        <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">{t('directory.description')}</p>
      </header>

      <form
        role="search"
        aria-label={t('directory.filtersLabel')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="flex flex-col gap-1">
          <label htmlFor="directory-search" className="text-sm font-medium">
            {t('directory.search')}
          </label>
          <input
            id="directory-search"
            type="search"
            value={search}
            maxLength={100}
            autoComplete="off"
            placeholder={t('directory.searchPlaceholder')}
            onChange={(e) => setSearch(e.target.value)}
            className={selectClasses}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="directory-specialty" className="text-sm font-medium">
            {t('directory.specialty')}
          </label>
          <select
            id="directory-specialty"
            value={filters.specialty}
            onChange={(e) => update({ specialty: e.target.value })}
            className={selectClasses}
          >
            <option value="">{t('directory.allSpecialties')}</option>
            {SPECIALTIES.map((specialty) => (
              <option key={specialty.key} value={specialty.name}>
                {t(`specialties.${specialty.key}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="directory-language" className="text-sm font-medium">
            {t('directory.language')}
          </label>
          <select
            id="directory-language"
            value={filters.language}
            onChange={(e) => update({ language: e.target.value })}
            className={selectClasses}
          >
            <option value="">{t('directory.allLanguages')}</option>
            {DIRECTORY_LANGUAGES.map((language) => (
              <option key={language} value={language}>
                {t(`languages.${language}`)}
              </option>
            ))}
          </select>
        </div>
        <label className="flex min-h-10 items-center gap-2 self-end text-sm font-medium">
          <input
            type="checkbox"
            checked={filters.telemedicine}
            onChange={(e) => update({ telemedicine: e.target.checked ? 'true' : '' })}
            className="size-5 accent-brand-700"
          />
          {t('directory.telemedicineOnly')}
        </label>
      </form>

      {query.isPending ? (
        <DelayedLoading />
      ) : query.isError ? (
        <div
          role="alert"
          className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200"
        >
          {t('directory.loadFailed')}
          <Button variant="secondary" onClick={() => void query.refetch()}>
            {t('directory.retry')}
          </Button>
        </div>
      ) : (
        <section aria-labelledby="directory-results" aria-busy={query.isFetching}>
          <h2 id="directory-results" className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            {t('directory.count', { count: total })}
          </h2>
          {query.data.data.length === 0 ? (
            <div className="mt-3 flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 p-10 text-center dark:border-slate-700">
              <SearchX className="size-10 text-slate-500" aria-hidden="true" />
              <p className="font-medium">{t('directory.emptyTitle')}</p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{t('directory.emptyBody')}</p>
            </div>
          ) : (
            <ul className="mt-3 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid="directory-list">
              {query.data.data.map((doctor) => (
                <li key={doctor.id}>
                  <DirectoryCard doctor={doctor} />
                </li>
              ))}
            </ul>
          )}
          {pages > 1 ? (
            <nav aria-label={t('directory.pagination.label')} className="mt-6 flex flex-wrap items-center justify-between gap-3">
              <Button
                variant="secondary"
                onClick={() => update({ page: String(filters.page - 1) })}
                disabled={filters.page <= 1 || query.isFetching}
              >
                {t('directory.pagination.previous')}
              </Button>
              <span className="text-sm">{t('directory.pagination.status', { page: filters.page, pages })}</span>
              <Button
                variant="secondary"
                onClick={() => update({ page: String(filters.page + 1) })}
                disabled={filters.page >= pages || query.isFetching}
              >
                {t('directory.pagination.next')}
              </Button>
            </nav>
          ) : null}
        </section>
      )}
    </div>
  );
}
