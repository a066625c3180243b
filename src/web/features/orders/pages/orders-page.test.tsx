import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../../contracts/orders';
import { json, patientUser, PATIENT_ID, renderPatientView } from '../../../lib/clinical/testing';
import { i18next, initI18n } from '../../../lib/i18n';
import { OrdersPage } from './orders-page';

const DOCTOR_ID = '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d';
const ORDER_ID = '77777777-7777-4777-8777-777777777777';
const doctor = patientUser({ id: DOCTOR_ID, role: 'doctor', firstName: 'Maria', lastName: 'Lopez', name: 'Maria Lopez' });

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** fetch answered by "METHOD /path" (query string ignored); anything unlisted gets a 500. */
function stubApi(routes: Record<string, (call: Call) => Response>): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const method = (init?.method ?? 'GET').toUpperCase();
      const url = input.split('?')[0] ?? input;
      const call = { method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      if (url === '/api/csrf-token') return json({ csrfToken: 'test-token' });
      calls.push(call);
      const answer = routes[`${method} ${url}`];
      return answer ? answer(call) : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500);
    }),
  );
  return calls;
}

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: ORDER_ID,
    patientId: PATIENT_ID,
    patient: { firstName: 'Ann', lastName: 'Patient' },
    kind: 'lab',
    code: 'hba1c',
    standardCode: '4548-4',
    name: 'Hemoglobin A1c',
    priority: 'routine',
    status: 'collected',
    reason: 'Diabetes follow-up',
    target: null,
    notes: null,
    orderedById: DOCTOR_ID,
    orderer: { firstName: 'Maria', lastName: 'Lopez' },
    orderedAt: '2026-11-20T09:00:00.000Z',
    collectedAt: '2026-11-20T10:00:00.000Z',
    resultedAt: null,
    reviewedAt: null,
    releasedAt: null,
    cancelledAt: null,
    cancelReason: null,
    report: null,
    findings: null,
    consultant: null,
    repliedOn: null,
    reportFlag: null,
    attachments: [],
    components: [],
    worstFlag: null,
    version: 2,
    ...overrides,
  };
}

const list = (data: Order[]) => () => json({ data, page: 1, pageSize: 20, total: data.length });

describe('orders view', { timeout: 20_000 }, () => {
  it('shows results to review with their flags and releases them at the version shown', async () => {
    const resulted = order({
      status: 'resulted',
      version: 3,
      worstFlag: 'high',
      components: [
        {
          id: '88888888-8888-4888-8888-888888888888',
          loincCode: '4548-4',
          name: 'Hemoglobin A1c',
          value: 7.9,
          unit: '%',
          referenceLow: 4,
          referenceHigh: 5.6,
          flag: 'high',
        },
      ],
    });
    const calls = stubApi({
      'GET /api/orders': list([resulted]),
      [`POST /api/orders/${ORDER_ID}/release`]: () => json({ data: { ...resulted, status: 'reviewed', version: 4 } }),
    });
    const user = userEvent.setup();
    renderPatientView(<OrdersPage />, { user: doctor });
    const card = await screen.findByTestId('order');
    expect(card).toHaveTextContent('Hemoglobin A1c');
    expect(card).toHaveTextContent('Results to review');
    expect(card).toHaveTextContent('1 result out of range');
    expect(within(card).getByTestId('order-component')).toHaveAttribute('data-flag', 'high');
    await user.click(within(card).getByRole('button', { name: 'Review and release Hemoglobin A1c for Ann Patient' }));
    const dialog = await screen.findByTestId('release-dialog');
    expect(dialog).toHaveTextContent('Ann Patient will see the results of Hemoglobin A1c');
    await user.click(within(dialog).getByTestId('release-submit'));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({ url: `/api/orders/${ORDER_ID}/release`, body: { version: 3 } });
  });

  it('enters a value per test with its range shown, refusing one beyond what the test measures', async () => {
    const calls = stubApi({
      'GET /api/orders': list([order()]),
      [`POST /api/orders/${ORDER_ID}/results`]: () => json({ data: order({ status: 'resulted', version: 3 }) }),
    });
    const user = userEvent.setup();
    renderPatientView(<OrdersPage />, { user: doctor });
    await user.click(await screen.findByRole('button', { name: 'Enter results of Hemoglobin A1c for Ann Patient' }));
    const dialog = await screen.findByTestId('results-dialog');
    expect(dialog).toHaveTextContent(/Reference range: \W?4–5\.6 %/);
    const field = within(dialog).getByLabelText('Hemoglobin A1c (%)');
    await user.type(field, '90');
    await user.click(within(dialog).getByTestId('results-submit'));
    expect(await within(dialog).findByText('This value is outside what the test can measure')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.clear(field);
    await user.type(field, '7.9');
    await user.click(within(dialog).getByTestId('results-submit'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ version: 2, components: [{ loinc: '4548-4', value: 7.9 }] });
  });

  it('takes an imaging report as findings and an impression with a flag; no sample to collect', async () => {
    const imaging = order({
      kind: 'imaging',
      code: 'chest-xray',
      standardCode: '36643-5',
      name: 'XR Chest 2 Views',
      status: 'ordered',
      version: 1,
    });
    const calls = stubApi({
      'GET /api/orders': list([imaging]),
      [`POST /api/orders/${ORDER_ID}/results`]: () => json({ data: { ...imaging, status: 'resulted', version: 2 } }),
    });
    const user = userEvent.setup();
    renderPatientView(<OrdersPage />, { user: doctor });
    const card = await screen.findByTestId('order');
    expect(within(card).queryByRole('button', { name: /collected$/ })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Attach a document to Chest X-ray, 2 views for Ann Patient' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Enter results of Chest X-ray, 2 views for Ann Patient' }));
    const dialog = await screen.findByTestId('results-dialog');
    await user.click(within(dialog).getByTestId('results-submit'));
    expect(await within(dialog).findAllByText('Please write something here')).toHaveLength(2);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Findings'), 'Right lower lobe opacity.');
    await user.type(within(dialog).getByLabelText('Impression'), 'Pneumonia.');
    await user.selectOptions(within(dialog).getByLabelText('Flag'), 'urgent');
    await user.click(within(dialog).getByTestId('results-submit'));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        version: 1,
        findings: 'Right lower lobe opacity.',
        report: 'Pneumonia.',
        reportFlag: 'urgent',
      }),
    );
  });

  it('shows a reported referral’s reply, its flag and its documents to download', async () => {
    const referral = order({
      kind: 'referral',
      code: 'cardiology',
      standardCode: 'cardiology',
      name: 'Referral to Cardiology',
      status: 'resulted',
      consultant: 'Dr. Amal Haddad',
      repliedOn: '2026-11-21',
      report: 'Benign ectopics.',
      reportFlag: 'abnormal',
      attachments: [{ id: '99999999-9999-4999-8999-999999999999', filename: 'letter.pdf', mimeType: 'application/pdf', sizeBytes: 2048 }],
    });
    stubApi({ 'GET /api/orders': list([referral]) });
    renderPatientView(<OrdersPage />, { user: doctor });
    const card = await screen.findByTestId('order');
    expect(card).toHaveTextContent('Reply from Dr. Amal Haddad, Nov 21, 2026');
    expect(card).toHaveTextContent('Benign ectopics.');
    expect(within(card).getByTestId('report-flag')).toHaveTextContent('Abnormal');
    expect(within(card).getByRole('link', { name: 'letter.pdf' })).toHaveAttribute(
      'href',
      '/api/documents/99999999-9999-4999-8999-999999999999/content',
    );
  });

  it('imports a results file only after its preview, and shows what a file cannot give', async () => {
    const lab = order({ status: 'collected', version: 2 });
    let ready = false;
    const calls = stubApi({
      'GET /api/orders': list([lab]),
      [`POST /api/orders/${ORDER_ID}/import/preview`]: () =>
        json({
          data: {
            format: 'hl7',
            patientInFile: 'PATIENT, ANN',
            components: ready
              ? [
                  {
                    line: 4,
                    loincCode: '4548-4',
                    name: 'Hemoglobin A1c',
                    value: 7.9,
                    unit: '%',
                    referenceLow: 4,
                    referenceHigh: 5.6,
                    flag: 'high',
                  },
                ]
              : [],
            unmatched: [{ line: 5, code: '1234-5', name: 'Other' }],
            invalid: ready ? [] : [{ line: 4, loincCode: '4548-4', problem: 'unit', text: 'mg/dL' }],
            missing: [],
            ready,
          },
        }),
      [`POST /api/orders/${ORDER_ID}/import`]: () => json({ data: order({ status: 'resulted', version: 3 }) }),
    });
    const user = userEvent.setup();
    renderPatientView(<OrdersPage />, { user: doctor });
    await user.click(await screen.findByRole('button', { name: 'Import results of Hemoglobin A1c for Ann Patient from a file' }));
    const dialog = await screen.findByTestId('import-dialog');
    const file = () => new File(['MSH|^~\\&|LIS\rOBX|1|NM|4548-4^A1c^LN||7.9|%'], 'a1c.hl7', { type: 'text/plain' });
    await user.upload(within(dialog).getByLabelText('Results file (HL7 v2 ORU^R01 message, or CSV)'), file());
    expect(await within(dialog).findByTestId('import-invalid')).toHaveTextContent(
      'Line 4, Hemoglobin A1c: the unit “mg/dL” is not the test’s unit.',
    );
    expect(within(dialog).getByTestId('import-unmatched')).toHaveTextContent('Line 5: 1234-5 Other');
    expect(within(dialog).getByTestId('import-submit')).toBeDisabled();
    expect(calls.filter((call) => call.url.endsWith('/import'))).toHaveLength(0);

    ready = true;
    await user.upload(within(dialog).getByLabelText('Results file (HL7 v2 ORU^R01 message, or CSV)'), file());
    await vi.waitFor(() => expect(within(dialog).getByTestId('import-preview')).toHaveAttribute('data-ready', 'true'));
    expect(within(dialog).getByTestId('import-component')).toHaveAttribute('data-flag', 'high');
    await user.click(within(dialog).getByTestId('import-submit'));
    await vi.waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/import'))?.body).toEqual({ version: 2, content: expect.stringContaining('4548-4') }),
    );
  });

  it('says why a file cannot be read, in the reader’s words', async () => {
    stubApi({
      'GET /api/orders': list([order()]),
      [`POST /api/orders/${ORDER_ID}/import/preview`]: () =>
        json(
          {
            error: {
              code: 'RESULT_FILE_INVALID',
              message: 'This HL7 message is not a results message (ORU^R01)',
              fields: { content: 'This HL7 message is not a results message (ORU^R01)' },
            },
          },
          400,
        ),
    });
    const user = userEvent.setup();
    renderPatientView(<OrdersPage />, { user: doctor });
    await user.click(await screen.findByRole('button', { name: 'Import results of Hemoglobin A1c for Ann Patient from a file' }));
    const dialog = await screen.findByTestId('import-dialog');
    await user.upload(
      within(dialog).getByLabelText('Results file (HL7 v2 ORU^R01 message, or CSV)'),
      new File(['MSH|^~\\&|A||||||ADT^A01'], 'adt.hl7', { type: 'text/plain' }),
    );
    const alert = await within(dialog).findByTestId('import-error');
    expect(alert).toHaveTextContent('This file could not be read as lab results.');
    expect(alert).toHaveTextContent('This HL7 message is not a results message (ORU^R01)');
    expect(within(dialog).getByTestId('import-submit')).toBeDisabled();
  });

  it('names the patient and the ordering doctor in the reader’s order: in Chinese, family name first and unspaced', async () => {
    await i18next.changeLanguage('zh');
    try {
      stubApi({
        'GET /api/orders': list([
          order({
            patient: { firstName: '娜', lastName: '李' },
            orderer: { firstName: '伟', lastName: '王' },
          }),
        ]),
      });
      renderPatientView(<OrdersPage />, { user: doctor });
      const card = await screen.findByTestId('order');
      expect(card).toHaveTextContent('李娜 ·');
      expect(card).toHaveTextContent('，王伟 医生');
      expect(card).not.toHaveTextContent('Dr.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says when there are no orders, and offers a retry when the list fails', async () => {
    let up = false;
    stubApi({ 'GET /api/orders': () => (up ? list([])() : json({ error: { code: 'INTERNAL', message: 'boom' } }, 500)) });
    const user = userEvent.setup();
    renderPatientView(<OrdersPage />, { user: doctor });
    const section = await screen.findByTestId('orders');
    expect(await within(section).findByRole('alert')).toHaveTextContent('The orders could not be loaded.');
    up = true;
    await user.click(within(section).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findByText('No orders here yet.')).toBeInTheDocument();
  });

  it('places a lab panel from the catalogue for a chosen patient, showing its tests', async () => {
    const calls = stubApi({
      'GET /api/orders': list([]),
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
      'POST /api/orders': () => json({ data: order({ status: 'ordered', version: 1, code: 'lipid', standardCode: '57698-3' }) }, 201),
    });
    const user = userEvent.setup();
    renderPatientView(<OrdersPage />, { user: doctor });
    await user.click(await screen.findByTestId('new-order'));
    const dialog = await screen.findByTestId('new-order-dialog');
    await user.selectOptions(await within(dialog).findByLabelText('Patient'), PATIENT_ID);
    await user.selectOptions(within(dialog).getByLabelText('Lab panel'), 'lipid');
    expect(within(dialog).getByTestId('panel-tests')).toHaveTextContent('HDL cholesterol');
    await user.type(within(dialog).getByLabelText('Clinical question'), 'Cardiovascular risk');
    await user.click(within(dialog).getByTestId('new-order-submit'));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      patientId: PATIENT_ID,
      kind: 'lab',
      code: 'lipid',
      priority: 'routine',
      reason: 'Cardiovascular risk',
    });
  });
});
