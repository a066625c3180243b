import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { PatientSummary } from '../../../contracts/patient-directory';
import { patientsApi } from '../../../contracts/patients';
import { routeQuery } from '../../lib/api-routes';
import { usePersonName } from '../../lib/person-name';
import { useDebounced } from '../../lib/use-debounced';
import { SelectInput } from '../form/fields';
import { TextField } from '../ui/field';

/** How many patients the choice lists at once; more are reached by typing. */
const SHOWN = 100;

/**
 * The form field that picks one of the caller's patients (an order's, a prescription's): a search
 * by name or record number that narrows a list of at most SHOWN, so a doctor with thousands of
 * patients reaches every one of them. The chosen patient stays in the list while the search changes.
 */
export function PatientSelect({
  label,
  name = 'patientId',
  testId,
  byBirthDate = false,
}: {
  label: string;
  name?: string;
  testId?: string;
  /** Also narrow by date of birth (the front desk tells two patients of the same name apart by it). */
  byBirthDate?: boolean;
}) {
  const { t } = useTranslation('common');
  const nameOf = usePersonName();
  const [search, setSearch] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const text = useDebounced(search.trim(), 250);
  // A half-typed date narrows nothing; only a whole day goes to the directory.
  const dateOfBirth = /^\d{4}-\d{2}-\d{2}$/.test(birthDate) && birthDate >= '1900-01-01' ? birthDate : undefined;
  const patients = useQuery({
    ...routeQuery(patientsApi.list, { query: { pageSize: SHOWN, search: text || undefined, dateOfBirth } }, (answer) => answer),
    placeholderData: keepPreviousData,
  });
  const value = useWatch({ name }) as string | undefined;
  const [chosen, setChosen] = useState<PatientSummary | null>(null);
  const found = patients.data?.data ?? [];
  const options = chosen && chosen.id === value && !found.some((patient) => patient.id === chosen.id) ? [chosen, ...found] : found;
  const total = patients.data?.total ?? 0;

  return (
    <div className="flex flex-col gap-2">
      <TextField
        label={t('patientPicker.search')}
        hint={t('patientPicker.searchHint')}
        type="search"
        value={search}
        maxLength={100}
        onChange={(event) => setSearch(event.target.value)}
        // Enter here narrows the list; it must not send the dialog's form.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {byBirthDate ? (
        <TextField
          label={t('patientPicker.dateOfBirth')}
          type="date"
          value={birthDate}
          min="1900-01-01"
          onChange={(event) => setBirthDate(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
        />
      ) : null}
      <SelectInput
        name={name}
        label={label}
        disabled={patients.data === undefined}
        data-testid={testId}
        description={total > found.length ? t('patientPicker.more', { shown: found.length, total }) : undefined}
        registerOptions={{
          onChange: (event: { target: { value: string } }) =>
            setChosen(options.find((patient) => patient.id === event.target.value) ?? null),
        }}
      >
        <option value="">
          {patients.isError
            ? t('patientPicker.failed')
            : patients.data === undefined
              ? t('loading')
              : text && found.length === 0
                ? t('patientPicker.none', { text })
                : t('patientPicker.choose')}
        </option>
        {options.map((patient) => (
          <option key={patient.id} value={patient.id}>
            {nameOf(patient)} · {patient.medicalRecordNumber}
          </option>
        ))}
      </SelectInput>
    </div>
  );
}
