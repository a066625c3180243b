import { useQuery } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ageInYears } from '../../../../contracts/patient-age';
import { PATIENT_PAGE_SIZE, PATIENT_SORTS, patientFilterFormSchema, type PatientFilterForm } from '../../../../contracts/patient-directory';
import { DateInput, SelectInput, TextInput } from '../../../components/form/fields';
import { Form, FormButton, SubmitButton } from '../../../components/form/form';
import { useSchemaForm } from '../../../components/form/use-schema-form';
import { PageQueryStates } from '../../../components/ui/page-query-states';
import { Pager } from '../../../components/ui/pager';
import { useClinicalFormat } from '../../../lib/clinical/format';
import { errorText } from '../../../lib/error-text';
import { usePersonName } from '../../../lib/person-name';
import { myPatientsQuery } from '../api/patients';
import { chartPath } from '../../../lib/clinical/chart-path';

const NO_FILTERS: PatientFilterForm = { search: '', dateOfBirth: '', sort: 'name' };

/** A doctor's patients (those in their care), searchable by name, record number or date of birth. */
export function MyPatientsPage() {
  const { t } = useTranslation('patients');
  const nameOf = usePersonName();
  const format = useClinicalFormat();
  const form = useSchemaForm({ schema: patientFilterFormSchema, defaultValues: NO_FILTERS });
  const [filters, setFilters] = useState<PatientFilterForm>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const query = useQuery(
    myPatientsQuery({
      search: filters.search || undefined,
      dateOfBirth: filters.dateOfBirth || undefined,
      sort: filters.sort,
      page,
      pageSize: PATIENT_PAGE_SIZE,
    }),
  );
  const captionId = useId();
  const today = new Date().toISOString().slice(0, 10);
  const filtered = Boolean(filters.search || filters.dateOfBirth);

  const apply = (next: PatientFilterForm) => {
    setFilters(next);
    setPage(1);
  };
  const clear = () => {
    form.reset(NO_FILTERS);
    apply(NO_FILTERS);
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
      <header>
        <h1 className="text-2xl font-semibold">{t('list.title')}</h1>
        <p className="mt-1 max-w-2xl text-slate-700 dark:text-slate-300">{t('list.intro')}</p>
      </header>

      <Form
        form={form}
        onSubmit={apply}
        role="search"
        aria-label={t('list.filters.label')}
        className="grid items-end gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_auto_1fr_auto_auto]"
      >
        <TextInput name="search" label={t('list.filters.search')} type="search" description={t('list.filters.searchHint')} />
        <DateInput name="dateOfBirth" label={t('list.filters.dateOfBirth')} />
        <SelectInput name="sort" label={t('list.filters.sort')}>
          {PATIENT_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {t(`list.sort.${sort}`)}
            </option>
          ))}
        </SelectInput>
        <SubmitButton testId="patients-search">{t('list.filters.apply')}</SubmitButton>
        <FormButton onClick={clear} variant="ghost">
          {t('list.filters.clear')}
        </FormButton>
      </Form>

      <PageQueryStates
        query={query}
        failed={errorText(t, query.error, t('list.loadFailed'))}
        retry={t('list.retry')}
        empty={
          filtered
            ? { icon: Users, title: t('list.empty.filteredTitle'), body: t('list.empty.filteredBody') }
            : { icon: Users, title: t('list.empty.title'), body: t('list.empty.body') }
        }
      >
        {(data) => (
          <>
            <div
              role="region"
              aria-labelledby={captionId}
              tabIndex={0}
              className="overflow-x-auto rounded-xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 dark:border-slate-800"
            >
              <table className="w-full min-w-[40rem] text-start text-sm" data-testid="patients-table" aria-busy={query.isFetching}>
                <caption id={captionId} className="sr-only">
                  {t('list.table.caption', { count: data.total })}
                </caption>
                <thead className="bg-slate-50 dark:bg-slate-900">
                  <tr>
                    {(['name', 'mrn', 'dateOfBirth', 'age', 'sex'] as const).map((column) => (
                      <th key={column} scope="col" className="px-3 py-2 text-start font-semibold">
                        {t(`list.table.${column}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.data.map((patient) => {
                    const age = ageInYears(patient.dateOfBirth, today);
                    return (
                      <tr key={patient.id} className="border-t border-slate-200 dark:border-slate-800">
                        <th scope="row" className="px-3 py-2 text-start font-medium">
                          <Link to={chartPath(patient.id)} className="text-brand-800 underline dark:text-brand-200">
                            {nameOf(patient)}
                          </Link>
                        </th>
                        <td className="px-3 py-2 whitespace-nowrap">
                          <bdi>{patient.medicalRecordNumber}</bdi>
                        </td>
                        <td className="px-3 py-2 whitespace-nowrap">
                          {patient.dateOfBirth ? format.calendarDate(patient.dateOfBirth) : t('list.table.unknown')}
                        </td>
                        <td className="px-3 py-2">{age === null ? t('list.table.unknown') : t('list.table.years', { count: age })}</td>
                        <td className="px-3 py-2">{patient.gender ? t(`sex.${patient.gender}`) : t('list.table.unknown')}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pager
              page={page}
              total={data.total}
              pageSize={PATIENT_PAGE_SIZE}
              busy={query.isFetching}
              label={t('list.pagination')}
              onPage={setPage}
            />
          </>
        )}
      </PageQueryStates>
    </div>
  );
}
