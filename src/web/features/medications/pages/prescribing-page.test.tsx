import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Prescription } from '../../../../contracts/prescribing';
import type { PendingRefill } from '../../../../contracts/refill-requests';
import { json, patientUser, PATIENT_ID, renderPatientView } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { stubApi } from '../testing';
import { PrescribingPage } from './prescribing-page';

const DOCTOR_ID = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const doctor = patientUser({ id: DOCTOR_ID, role: 'doctor', firstName: 'Maria', lastName: 'Lopez', name: 'Maria Lopez' });
const PENDING = '/api/medications/refill-requests/pending';
const MINE = `/api/medications/doctor/${DOCTOR_ID}`;

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function pending(overrides: Partial<PendingRefill> = {}): PendingRefill {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    medicationId: '11111111-1111-4111-8111-111111111111',
    patientId: PATIENT_ID,
    status: 'requested',
    note: 'Running out on Friday',
    prescriberId: DOCTOR_ID,
    prescriber: { firstName: 'Maria', lastName: 'Lopez' },
    requestedAt: '2026-03-02T09:00:00.000Z',
    decidedAt: null,
    decisionReason: null,
    patient: { firstName: 'Ann', lastName: 'Patient' },
    medicationName: 'Lisinopril 10 mg oral tablet',
    drugCode: 'lisinopril',
    strength: '10 mg',
    dosage: '10 mg',
    frequency: 'once-daily',
    ...overrides,
  };
}

function prescription(overrides: Partial<Prescription> = {}): Prescription {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    patientId: PATIENT_ID,
    patient: { firstName: 'Ann', lastName: 'Patient' },
    name: 'Paracetamol 500 mg oral tablet',
    dosage: '1 tablet',
    frequency: 'every-4-6-hours-as-needed',
    route: 'oral',
    instructions: null,
    startDate: '2026-03-01',
    endDate: null,
    status: 'active',
    prescriber: { firstName: 'Maria', lastName: 'Lopez' },
    prescriberId: DOCTOR_ID,
    createdAt: '2026-03-01T09:00:00.000Z',
    drugCode: 'paracetamol',
    strength: '500 mg',
    quantity: 30,
    refills: 1,
    durationDays: null,
    overrideReason: null,
    discontinuedReason: null,
    ...overrides,
  };
}

const page = (data: Prescription[]) => () => json({ data, page: 1, pageSize: 10, total: data.length });

describe('prescribing view', { timeout: 20_000 }, () => {
  it('lists refill requests and prescriptions; approving sends the decision', async () => {
    const calls = stubApi({
      [`GET ${PENDING}`]: () => json({ data: [pending()] }),
      [`GET ${MINE}`]: page([prescription()]),
      [`POST /api/medications/refill-requests/${pending().id}/decision`]: () =>
        json({ data: { ...pending(), status: 'approved', decidedAt: '2026-03-03T09:00:00.000Z' } }),
    });
    const user = userEvent.setup();
    renderPatientView(<PrescribingPage />, { user: doctor });
    const request = await screen.findByTestId('pending-refill');
    expect(request).toHaveTextContent('Lisinopril 10 mg oral tablet');
    expect(request).toHaveTextContent('Ann Patient');
    expect(request).toHaveTextContent('Note: Running out on Friday');
    const card = await screen.findByTestId('prescription');
    expect(card).toHaveTextContent('Paracetamol (acetaminophen) 500 mg oral tablet');
    expect(card).toHaveTextContent('30, 1 refills');

    await user.click(within(request).getByRole('button', { name: 'Approve the refill of Lisinopril 10 mg oral tablet for Ann Patient' }));
    const dialog = await screen.findByTestId('decide-refill-dialog');
    await user.click(within(dialog).getByTestId('decide-refill-submit'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'approve' });
  });

  it('names the patient in the reader’s order: in Chinese, family name first and unspaced', async () => {
    const wang = { firstName: '伟', lastName: '王' };
    stubApi({
      [`GET ${PENDING}`]: () => json({ data: [pending({ patient: wang })] }),
      [`GET ${MINE}`]: page([prescription({ patient: wang })]),
    });
    await i18next.changeLanguage('zh');
    try {
      renderPatientView(<PrescribingPage />, { user: doctor });
      const request = await screen.findByTestId('pending-refill');
      expect(request).toHaveTextContent('王伟，申请于');
      expect(within(request).getByRole('button', { name: /^批准 王伟 的 / })).toBeInTheDocument();
      const card = await screen.findByTestId('prescription');
      expect(within(card).getByText('王伟')).toBeInTheDocument();
      expect(card).not.toHaveTextContent('伟 王');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('asks for a reason to deny', async () => {
    const calls = stubApi({
      [`GET ${PENDING}`]: () => json({ data: [pending()] }),
      [`GET ${MINE}`]: page([]),
      [`POST /api/medications/refill-requests/${pending().id}/decision`]: () => json({ data: { ...pending(), status: 'denied' } }),
    });
    const user = userEvent.setup();
    renderPatientView(<PrescribingPage />, { user: doctor });
    await user.click(await screen.findByRole('button', { name: /^Deny the refill/ }));
    const dialog = await screen.findByTestId('decide-refill-dialog');
    await user.click(within(dialog).getByTestId('decide-refill-submit'));
    expect(await within(dialog).findByTestId('reason-error')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason for the patient'), 'Book a review first');
    await user.click(within(dialog).getByTestId('decide-refill-submit'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'deny', reason: 'Book a review first' });
  });

  it('says when nothing is waiting and nothing was prescribed, and offers a retry when the list fails', async () => {
    let up = false;
    stubApi({
      [`GET ${PENDING}`]: () => json({ data: [] }),
      [`GET ${MINE}`]: () => (up ? page([])() : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500)),
    });
    const user = userEvent.setup();
    renderPatientView(<PrescribingPage />, { user: doctor });
    expect(await screen.findByText('No refill requests are waiting for you.')).toBeInTheDocument();
    const list = screen.getByTestId('prescriptions');
    expect(await within(list).findByRole('alert')).toHaveTextContent('Your prescriptions could not be loaded.');
    up = true;
    await user.click(within(list).getByRole('button', { name: 'Try Again' }));
    expect(await within(list).findByText('No prescriptions here yet.')).toBeInTheDocument();
  });

  it('shows the allergy warning for the chosen drug and sends the override reason the server asks for', async () => {
    let refused = true;
    const calls = stubApi({
      [`GET ${PENDING}`]: () => json({ data: [] }),
      [`GET ${MINE}`]: page([]),
      'GET /api/patients': () =>
        json({
          data: [
            {
              id: PATIENT_ID,
              firstName: 'Ann',
              lastName: 'Patient',
              name: 'Ann Patient',
              email: 'a@example.org',
              phone: null,
              dateOfBirth: null,
              gender: null,
              medicalRecordNumber: 'MRN000001',
            },
          ],
          page: 1,
          pageSize: 100,
          total: 1,
        }),
      'POST /api/medications/checks': () =>
        json({
          data: [
            {
              kind: 'allergy',
              allergyId: '66666666-6666-4666-8666-666666666666',
              allergen: 'Penicillin',
              severity: 'severe',
              reaction: 'Hives',
            },
          ],
        }),
      'POST /api/medications': () => {
        if (refused) {
          refused = false;
          return json({ error: { code: 'PRESCRIPTION_OVERRIDE_REQUIRED', message: 'warnings' } }, 409);
        }
        return json({ data: prescription({ name: 'Amoxicillin 500 mg oral capsule', overrideReason: 'Tolerated before' }) }, 201);
      },
    });
    const user = userEvent.setup();
    renderPatientView(<PrescribingPage />, { user: doctor });
    await user.click(await screen.findByTestId('new-prescription'));
    const dialog = await screen.findByTestId('prescription-dialog');
    const patientSelect = within(dialog).getByLabelText('Patient');
    await within(dialog).findByRole('option', { name: 'Ann Patient · MRN000001' });
    await user.selectOptions(patientSelect, PATIENT_ID);
    await user.selectOptions(within(dialog).getByLabelText('Drug'), 'amoxicillin');
    expect(await within(dialog).findByTestId('warning-allergy')).toHaveTextContent('Allergy: Penicillin (Hives)');
    await user.type(within(dialog).getByLabelText('Dose'), '1 capsule');
    await user.click(within(dialog).getByTestId('prescription-submit'));
    expect(await within(dialog).findByText('Give a reason to go ahead despite the warnings.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason to prescribe despite the warnings'), 'Tolerated before');
    await user.click(within(dialog).getByTestId('prescription-submit'));
    const posts = calls.filter((call) => call.method === 'POST' && call.url === '/api/medications');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toMatchObject({
      patientId: PATIENT_ID,
      drugCode: 'amoxicillin',
      strength: '250 mg',
      dose: '1 capsule',
      route: 'oral',
      frequency: 'three-times-daily',
      quantity: 30,
      refills: 0,
      overrideReason: 'Tolerated before',
    });
  });
});
