import { useQuery } from '@tanstack/react-query';
import { SearchX, UsersRound } from 'lucide-react';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DIRECTORY_LANGUAGES, directoryFilterFormSchema, type DirectoryFilterForm } from '../../../../contracts/doctors';
import { SPECIALTIES } from '../../../../contracts/specialties';
import { CheckboxInput, SelectInput, TextInput } from '../../../components/form/fields';
import { Form } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { Button } from '../../../components/ui/button';
import { DelayedLoading } from '../../../components/ui/delayed-loading';
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

function formValuesOf(filters: DirectoryFilters): DirectoryFilterForm {
  return { q: filters.q, specialty: filters.specialty, language: filters.language, telemedicine: filters.telemedicine };
}

/** The view `doctors` (and the older patient path /patient/care-team): the organisation's doctor directory. */
export function DoctorDirectoryPage() {
  const { t } = useTranslation('doctors');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const query = useQuery(directoryQuery(filters));
  const form = useSchemaForm({ schema: directoryFilterFormSchema, defaultValues: formValuesOf(filters) });
  const { subscribe, reset, getValues, submitWith } = form;
  // The params this page last asked for. react-router hands a functional update the params of the
  // render that made the setter, so the debounced search below (set up renders ago) would drop a
  // filter chosen meanwhile; building every change on this ref keeps each one. It follows the URL
  // when something else changes it (back and forward).
  const latest = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  /** Writes the filters read through the form into the address bar; only what changed, so the page stays unless a filter moved. */
  const apply = (values: DirectoryFilterForm) => {
    const current = new URLSearchParams(latest.current ?? params);
    const wanted: Record<keyof DirectoryFilterForm, string> = {
      q: values.q,
      specialty: values.specialty,
      language: values.language,
      telemedicine: values.telemedicine ? 'true' : '',
    };
    const changes = Object.fromEntries(Object.entries(wanted).filter(([key, value]) => (current.get(key) ?? '') !== value));
    if (Object.keys(changes).length > 0) update(changes);
  };

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

  // The choices follow the address bar when it changes from outside (back and forward); the text
  // being typed stays as it is. A reset names no field, so it writes nothing back.
  const { specialty, language, telemedicine } = filters;
  useEffect(() => {
    const shown = getValues();
    if (shown.specialty === specialty && shown.language === language && shown.telemedicine === telemedicine) return;
    reset({ ...shown, specialty, language, telemedicine });
  }, [specialty, language, telemedicine, getValues, reset]);

  // Choices apply at once; typing searches after a short pause, not on every key. Enter applies at once too.
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const read = useEffectEvent(() => {
    clearTimeout(timer.current);
    void submitWith(apply)();
  });
  useEffect(() => {
    const stop = subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (!name) return;
        clearTimeout(timer.current);
        if (name === 'q') timer.current = setTimeout(read, SEARCH_DEBOUNCE_MS);
        else read();
      },
    });
    return () => {
      stop();
      clearTimeout(timer.current);
    };
  }, [subscribe]);

  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="flex items-center gap-2 text-2xl font-semibold">
          <UsersRound className="size-6 text-brand-700 dark:text-brand-500" aria-hidden="true" />
          {t('directory.title')}
        </h1>
        <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">{t('directory.description')}</p>
      </header>

      <Form
        form={form}
        onSubmit={(values) => {
          clearTimeout(timer.current);
          apply(values);
        }}
        role="search"
        aria-label={t('directory.filtersLabel')}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <TextInput
          name="q"
          id="directory-search"
          type="search"
          label={t('directory.search')}
          maxLength={100}
          autoComplete="off"
          placeholder={t('directory.searchPlaceholder')}
        />
        <SelectInput name="specialty" id="directory-specialty" label={t('directory.specialty')} className="min-h-10">
          <option value="">{t('directory.allSpecialties')}</option>
          {SPECIALTIES.map((specialty) => (
            <option key={specialty.key} value={specialty.name}>
              {t(`specialties.${specialty.key}`)}
            </option>
          ))}
        </SelectInput>
        <SelectInput name="language" id="directory-language" label={t('directory.language')} className="min-h-10">
          <option value="">{t('directory.allLanguages')}</option>
          {DIRECTORY_LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {t(`languages.${language}`)}
            </option>
          ))}
        </SelectInput>
        <CheckboxInput name="telemedicine" label={t('directory.telemedicineOnly')} className="min-h-10 justify-center self-end" />
      </Form>

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
