import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REFILL_REFUSALS, type RefillRequest } from '../../../../contracts/refill-requests';
import { json, medication, PATIENT_ID, renderPatientView } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
import { MedicationsPage } from '../pages/medications-page';
import { stubApi } from '../testing';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const MEDICATIONS = `/api/medications/patient/${PATIENT_ID}`;
const REFILLS = `${MEDICATIONS}/refill-requests`;
const ALLERGIES = `/api/patients/${PATIENT_ID}/allergies`;

const lisinopril = medication({ id: '11111111-1111-4111-8111-111111111111', name: 'Lisinopril' });
const metformin = medication({ id: '22222222-2222-4222-8222-222222222222', name: 'Metformin' });
const imported = medication({
  id: '33333333-3333-4333-8333-333333333333',
  name: 'Levothyroxine',
  prescriber: null,
  prescriberId: null,
});

function refillRequest(overrides: Partial<RefillRequest> = {}): RefillRequest {
  return {
    id: crypto.randomUUID(),
    medicationId: lisinopril.id,
    patientId: PATIENT_ID,
    status: 'requested',
    note: null,
    prescriberId: lisinopril.prescriberId,
    prescriber: lisinopril.prescriber,
    requestedAt: '2026-03-02T09:00:00.000Z',
    decidedAt: null,
    decisionReason: null,
    ...overrides,
  };
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(toast.success).mockClear();
});

describe('refill requests on the medications view', { timeout: 20_000 }, () => {
  it('shows each current medication’s refill status and offers a request only where one can be made', async () => {
    stubApi({
      [`GET ${MEDICATIONS}`]: () => json({ data: [lisinopril, metformin, imported] }),
      [`GET ${REFILLS}`]: () =>
        json({
          data: [
            refillRequest(),
            refillRequest({
              medicationId: metformin.id,
              status: 'denied',
              decidedAt: '2026-02-10T12:00:00.000Z',
              requestedAt: '2026-02-09T12:00:00.000Z',
            }),
          ],
        }),
      [`GET ${ALLERGIES}`]: () => json({ data: [] }),
      'GET /api/share-links': () => json({ data: [] }),
    });
    renderPatientView(<MedicationsPage />);

    const card = (name: string) => screen.getByText(name).closest('li') as HTMLElement;
    await screen.findByText('Refill requested on Mar 2, 2026');
    expect(within(card('Lisinopril')).queryByRole('button', { name: /request refill/i })).not.toBeInTheDocument();
    expect(within(card('Metformin')).getByText('Refill denied on Feb 10, 2026')).toBeInTheDocument();
    expect(within(card('Metformin')).getByRole('button', { name: 'Request refill of Metformin' })).toBeInTheDocument();
    expect(within(card('Levothyroxine')).getByText(/Prescribed outside this practice/)).toBeInTheDocument();
    expect(within(card('Levothyroxine')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('sends the request with the note, confirms it and refreshes the statuses', async () => {
    let requests: RefillRequest[] = [];
    const calls = stubApi({
      [`GET ${MEDICATIONS}`]: () => json({ data: [metformin] }),
      [`GET ${REFILLS}`]: () => json({ data: requests }),
      [`GET ${ALLERGIES}`]: () => json({ data: [] }),
      'GET /api/share-links': () => json({ data: [] }),
      [`POST /api/medications/${metformin.id}/refill-requests`]: () => {
        requests = [refillRequest({ medicationId: metformin.id, requestedAt: '2026-03-05T08:00:00.000Z' })];
        return json({ data: requests[0] }, 201);
      },
    });
    renderPatientView(<MedicationsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Request refill of Metformin' }));
    const dialog = screen.getByRole('dialog', { name: 'Request a refill of Metformin' });
    expect(within(dialog).getByText(/goes to Dr. Maria Lopez/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Note for your prescriber (optional)'), 'Out on Friday');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toContainEqual({
      method: 'POST',
      url: `/api/medications/${metformin.id}/refill-requests`,
      body: { note: 'Out on Friday' },
    });
    expect(toast.success).toHaveBeenCalledWith('Refill requested', { description: 'Dr. Maria Lopez has been asked to refill Metformin.' });
    expect(await screen.findByText('Refill requested on Mar 5, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request refill of Metformin' })).not.toBeInTheDocument();
  });

  it('explains a refusal in the dialog and keeps it open; refuses a note that is too long before sending', async () => {
    const calls = stubApi({
      [`GET ${MEDICATIONS}`]: () => json({ data: [metformin] }),
      [`GET ${REFILLS}`]: () => json({ data: [] }),
      [`GET ${ALLERGIES}`]: () => json({ data: [] }),
      'GET /api/share-links': () => json({ data: [] }),
      [`POST /api/medications/${metformin.id}/refill-requests`]: () =>
        json({ error: { code: 'REFILL_NO_PRESCRIBER', message: REFILL_REFUSALS.noPrescriber } }, 409),
    });
    renderPatientView(<MedicationsPage />);

    await userEvent.click(await screen.findByRole('button', { name: 'Request refill of Metformin' }));
    const dialog = screen.getByRole('dialog');
    const note = within(dialog).getByLabelText('Note for your prescriber (optional)');
    await userEvent.click(note);
    await userEvent.paste('x'.repeat(501));
    expect(within(dialog).getByText('The note can be at most 500 characters.')).toBeInTheDocument();
    expect(note).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByRole('button', { name: 'Send request' })).toBeDisabled();

    await userEvent.clear(note);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'No prescriber at this practice can refill this medication. Please contact the doctor who prescribed it.',
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: `/api/medications/${metformin.id}/refill-requests`, body: {} },
    ]);
    expect(toast.success).not.toHaveBeenCalled();
  });
});
