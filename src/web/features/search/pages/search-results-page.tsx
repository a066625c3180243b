import { Search as SearchIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { z } from 'zod';
import { queryWords } from '../../../../contracts/feature-catalogue';
import { SEARCH_GROUPS, SEARCH_PAGE_DEBOUNCE_MS, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX, type SearchGroup } from '../../../../contracts/search';
import { Form } from '../../../components/form/form';
import { TextInput } from '../../../components/form/fields';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { usePermissions } from '../../../lib/permissions/use-permissions';
import { useFeatureMatches, useSearch } from '../api/search';
import { HitText } from '../components/hit-text';
import type { SearchPageState } from '../components/header-search';
import { rememberSearch } from '../lib/recent-searches';
import { resultRoute, type SearchHit } from '../lib/result-routes';
import { useDebounced } from '../../../lib/use-debounced';

// The full results: every group the user may search, each paged on its own (20 a page). The text
// comes in the history entry's state (see header-search.tsx), so it survives a reload and back and
// forward without ever being part of the address. Typing here searches again after 200 ms.

const schema = z.object({ query: z.string().max(SEARCH_QUERY_MAX, 'text.tooLong') });

function readState(state: unknown): SearchPageState {
  if (state && typeof state === 'object' && typeof (state as SearchPageState).query === 'string') {
    const group = (state as SearchPageState).group;
    return {
      query: (state as SearchPageState).query.slice(0, SEARCH_QUERY_MAX),
      group: SEARCH_GROUPS.includes(group!) ? group : undefined,
    };
  }
  return { query: '' };
}

export function SearchResultsPage() {
  const { t } = useTranslation('search');
  const location = useLocation();
  const navigate = useNavigate();
  const { user } = usePermissions();
  const initial = readState(location.state);
  const form = useSchemaForm({ schema, defaultValues: { query: initial.query } });
  const text = form.watch('query') ?? '';
  const settled = useDebounced(text, SEARCH_PAGE_DEBOUNCE_MS).trim();

  // The settled text goes into the history entry, so a reload shows the same results.
  useEffect(() => {
    if (settled === readState(location.state).query) return;
    void navigate(location.pathname, { replace: true, state: { ...readState(location.state), query: settled } satisfies SearchPageState });
  }, [settled, location.pathname, location.state, navigate]);

  const role = user?.role ?? 'patient';
  const groups: readonly SearchGroup[] = role === 'patient' ? ['features', 'appointments'] : SEARCH_GROUPS;
  const shown = initial.group ? [initial.group, ...groups.filter((group) => group !== initial.group)] : groups;

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <header className="flex flex-col gap-2">
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <SearchIcon className="size-6 text-brand-700 dark:text-brand-500" aria-hidden="true" />
          {t('page.title')}
        </h1>
        <Form
          form={form}
          role="search"
          aria-label={t('page.formLabel')}
          onSubmit={(values) => {
            if (values.query.trim()) rememberSearch(values.query);
          }}
          className="flex items-end gap-2"
        >
          <TextInput
            name="query"
            id="search-page-query"
            type="search"
            label={t('page.formLabel')}
            maxLength={SEARCH_QUERY_MAX}
            autoComplete="off"
            placeholder={role === 'patient' ? t('placeholder.patient') : t('placeholder.other')}
            className="flex-1"
          />
          <Button type="submit">{t('page.submit')}</Button>
        </Form>
        {settled ? <p className="text-sm text-slate-700 dark:text-slate-300">{t('page.for', { query: settled })}</p> : null}
      </header>
      {settled === '' ? (
        <p className="text-slate-700 dark:text-slate-300">{t('page.prompt')}</p>
      ) : (
        shown.map((group) => <GroupResults key={`${group}-${settled}`} group={group} text={settled} />)
      )}
    </div>
  );
}

function GroupResults({ group, text }: { group: SearchGroup; text: string }) {
  const { t } = useTranslation(['search', 'errors']);
  const { user, can } = usePermissions();
  const [page, setPage] = useState(1);
  const search = useSearch(text, group, page);
  const role = user?.role ?? 'patient';
  const canOpenCharts = role === 'doctor' || role === 'admin' || (role === 'staff' && can(['medical_records.view', 'patients.view.own']));
  const data = search.data;
  // Features are also matched here in the reader's language (the server knows English words only).
  const translated = useFeatureMatches(group === 'features' ? text : '', []);
  const features =
    group === 'features'
      ? [...translated, ...(data?.features ?? []).filter((feature) => !translated.some((own) => own.id === feature.id))].slice(
          (page - 1) * SEARCH_PAGE_SIZE,
          page * SEARCH_PAGE_SIZE,
        )
      : [];
  const hits: SearchHit[] = !data
    ? []
    : group === 'features'
      ? features.map((item) => ({ group, item }))
      : (data[group] as SearchHit['item'][]).map((item) => ({ group, item }) as SearchHit);
  const more =
    group === 'features' ? translated.length > page * SEARCH_PAGE_SIZE || Boolean(data?.more.features) : Boolean(data?.more[group]);
  const words = queryWords(text);
  const label = t(`groups.${group}`);
  const headingId = `search-group-${group}`;

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2" data-testid={`search-group-${group}`}>
      <h2 id={headingId} className="text-lg font-semibold">
        {label}
      </h2>
      {search.isError ? <p role="alert">{errorText(t, search.error, t('failed'))}</p> : null}
      {search.isPending ? <p className="text-sm text-slate-600 dark:text-slate-400">{t('searching')}</p> : null}
      {data && hits.length === 0 ? <p className="text-sm text-slate-700 dark:text-slate-300">{t('page.none', { group: label })}</p> : null}
      {hits.length > 0 ? (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {hits.map((hit) => (
            <li key={`${hit.group}-${hit.item.id}`}>
              <Link
                to={resultRoute(hit, role, canOpenCharts)}
                className="block px-3 py-2 hover:bg-slate-50 dark:hover:bg-slate-900"
                onClick={() => rememberSearch(text)}
              >
                <HitText hit={hit} words={words} role={role} />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {page > 1 || more ? (
        <nav aria-label={t('page.pager', { group: label })} className="flex items-center justify-between gap-3">
          <Button variant="secondary" onClick={() => setPage(page - 1)} disabled={page <= 1 || search.isFetching}>
            {t('page.previous')}
          </Button>
          <span className="text-sm" aria-live="polite">
            {t('page.position', { page })}
          </span>
          <Button variant="secondary" onClick={() => setPage(page + 1)} disabled={!more || search.isFetching}>
            {t('page.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
