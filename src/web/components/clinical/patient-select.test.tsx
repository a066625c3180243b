import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { initI18n } from '../../lib/i18n';
import { json, stubFetch } from '../../lib/permissions/testing';
import { Form } from '../form/form';
import { useSchemaForm } from '../form/use-schema-form';
import { PatientSelect } from './patient-select';

// The patient field of the order and prescription dialogs against the directory's answers: the
// first hundred listed, a search that reaches the others, and a choice that outlives the search.

beforeAll(async () => {
  await initI18n('en');
});

function patient(index: number, name: string) {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    firstName: name.split(' ')[0]!,
    lastName: name.split(' ')[1]!,
    name,
    email: `p${index}@example.org`,
    phone: null,
    dateOfBirth: null,
    gender: null,
    medicalRecordNumber: `MRN-${index}`,
  };
}
const ADA = patient(1, 'Ada Lovelace');
const ALAN = patient(2, 'Alan Turing');
const ZORA = patient(150, 'Zora Hurston');

function answer(patients: ReturnType<typeof patient>[], total: number) {
  return json({ data: patients, page: 1, pageSize: 100, total });
}

function Picker({ onSubmit }: { onSubmit: (values: { patientId: string }) => void }) {
  const form = useSchemaForm({ schema: z.object({ patientId: z.string() }), defaultValues: { patientId: '' } });
  return (
    <Form form={form} onSubmit={onSubmit}>
      <PatientSelect label="Patient" />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('PatientSelect', () => {
  it('lists the first patients, finds one beyond them by name, and keeps the choice while the search changes', async () => {
    const urls = stubFetch((url) => (url.includes('search=Zora') ? answer([ZORA], 1) : answer([ADA, ALAN], 150)));
    const user = userEvent.setup();
    const submitted: { patientId: string }[] = [];
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Picker onSubmit={(values) => submitted.push(values)} />
      </QueryClientProvider>,
    );
    const select = await screen.findByRole('combobox', { name: 'Patient' });
    await waitFor(() => expect(select).toBeEnabled());
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose a patient', 'Ada Lovelace · MRN-1', 'Alan Turing · MRN-2']);
    expect(screen.getByText('2 of 150 patients shown: type a name or record number to narrow the list.')).toBeInTheDocument();

    // Enter in the search narrows; it does not send the form.
    await user.type(screen.getByRole('searchbox', { name: 'Find a patient' }), 'Zora{Enter}');
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(2));
    expect(urls.some((url) => url.includes('search=Zora'))).toBe(true);
    expect(submitted).toEqual([]);
    await user.selectOptions(select, ZORA.id);

    await user.clear(screen.getByRole('searchbox', { name: 'Find a patient' }));
    await waitFor(() => expect(within(select).getAllByRole('option')).toHaveLength(4));
    expect(select).toHaveValue(ZORA.id);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(submitted).toEqual([{ patientId: ZORA.id }]));
  });

  it('says when no patient matches the search', async () => {
    stubFetch((url) => (url.includes('search=') ? answer([], 0) : answer([ADA], 1)));
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Picker onSubmit={() => undefined} />
      </QueryClientProvider>,
    );
    const select = await screen.findByRole('combobox', { name: 'Patient' });
    await waitFor(() => expect(select).toBeEnabled());
    await user.type(screen.getByRole('searchbox', { name: 'Find a patient' }), 'Nobody');
    await waitFor(() => expect(within(select).getByRole('option')).toHaveTextContent('No patient matches “Nobody”'));
  });
});
