import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, labComponent, labPanel, PATIENT_ID, renderPatientView, stubRoutes } from '../../../lib/clinical/testing';
import { i18next, initI18n } from '../../../lib/i18n';
import { LabResultsPage } from './lab-results-page';

const LABS = `/api/patients/${PATIENT_ID}/lab-results`;
const REPORTS = `/api/patients/${PATIENT_ID}/result-reports`;

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const older = labPanel({
  collectedAt: '2025-11-01T09:00:00.000Z',
  components: [
    labComponent({ value: 92 }),
    labComponent({
      loincCode: '2823-3',
      name: 'Potassium',
      value: 2.4,
      unit: 'mmol/L',
      referenceLow: 3.5,
      referenceHigh: 5.1,
      flag: 'critical',
    }),
  ],
});
const newer = labPanel({
  collectedAt: '2026-02-01T09:00:00.000Z',
  components: [
    labComponent({ value: 131, flag: 'high' }),
    labComponent({ loincCode: '2085-9', name: 'HDL cholesterol', value: 35, referenceLow: 40, referenceHigh: null, flag: 'low' }),
  ],
});

// Whole views with several queries: slower than a unit test on a busy machine.
describe('lab results view', { timeout: 20_000 }, () => {
  it('shows released imaging reports with their findings, conclusion and documents, and says when there are none', async () => {
    stubRoutes({
      [LABS]: () => json({ data: [newer] }),
      [REPORTS]: () =>
        json({
          data: [
            {
              id: '66666666-6666-4666-8666-666666666666',
              patientId: PATIENT_ID,
              kind: 'imaging',
              code: 'chest-xray',
              standardCode: '36643-5',
              name: 'XR Chest 2 Views',
              status: 'reviewed',
              orderer: { firstName: 'Maria', lastName: 'Lopez' },
              orderedAt: '2026-11-20T09:00:00.000Z',
              resultedAt: '2026-11-21T09:00:00.000Z',
              releasedAt: '2026-11-22T09:00:00.000Z',
              findings: 'Right lower lobe opacity.',
              report: 'Findings consistent with pneumonia.',
              consultant: null,
              repliedOn: null,
              reportFlag: 'urgent',
              attachments: [{ id: '99999999-9999-4999-8999-999999999999', filename: 'film.png', mimeType: 'image/png', sizeBytes: 512 }],
            },
          ],
        }),
    });
    renderPatientView(<LabResultsPage />);
    const report = await screen.findByTestId('result-report');
    expect(within(report).getByRole('heading', { name: 'Chest X-ray, 2 views' })).toBeInTheDocument();
    expect(report).toHaveTextContent('Imaging report');
    expect(report).toHaveTextContent('Right lower lobe opacity.');
    expect(report).toHaveTextContent('Findings consistent with pneumonia.');
    expect(within(report).getByTestId('report-flag')).toHaveTextContent('Urgent');
    expect(within(report).getByRole('link', { name: 'film.png' })).toHaveAttribute(
      'href',
      '/api/documents/99999999-9999-4999-8999-999999999999/content',
    );
  });

  it('says so when no report has been released', async () => {
    stubRoutes({ [LABS]: () => json({ data: [newer] }), [REPORTS]: () => json({ data: [] }) });
    renderPatientView(<LabResultsPage />);
    expect(await screen.findByText('No imaging reports or specialist replies have been released to you yet.')).toBeInTheDocument();
  });

  it('names the ordering doctor in the reader’s order: in Chinese, family name first and unspaced', async () => {
    await i18next.changeLanguage('zh');
    try {
      stubRoutes({ [LABS]: () => json({ data: [labPanel({ orderer: { firstName: '伟', lastName: '王' } })] }) });
      renderPatientView(<LabResultsPage />);
      const [panel] = await screen.findAllByTestId('lab-panel');
      expect(panel).toHaveTextContent('开单医生 王伟 医生');
      expect(panel).not.toHaveTextContent('Dr.');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('shows each component with value, unit, range and a flag in words, newest panel first', async () => {
    stubRoutes({ [LABS]: () => json({ data: [older, newer] }) });
    renderPatientView(<LabResultsPage />);

    const panels = await screen.findAllByTestId('lab-panel');
    expect(panels).toHaveLength(2);
    const [first, second] = panels as [HTMLElement, HTMLElement];
    expect(within(first).getByText('2 flagged')).toBeInTheDocument();
    expect(within(first).getByText(/Collected Feb 1, 2026 · ordered by Dr\. Maria Lopez/)).toBeInTheDocument();
    const glucose = within(first).getAllByTestId('lab-component')[0] as HTMLElement;
    expect(glucose).toHaveTextContent('Glucose');
    expect(glucose).toHaveTextContent('131 mg/dL');
    expect(glucose).toHaveTextContent('70–99');
    expect(within(glucose).getByText('High')).toBeInTheDocument();
    expect(within(first).getByText('≥ 40')).toBeInTheDocument();
    expect(within(first).getByText('Low')).toBeInTheDocument();
    expect(within(second).getByText('Critical')).toBeInTheDocument();
    // Plain-language explanation from our own texts.
    expect(within(glucose).getByText(/Glucose is the sugar in your blood/)).toBeInTheDocument();
  });

  it('charts a component across panels, starting with one that was flagged, with a table of the same figures', async () => {
    stubRoutes({ [LABS]: () => json({ data: [older, newer] }) });
    const user = userEvent.setup();
    renderPatientView(<LabResultsPage />);

    const trend = await screen.findByTestId('lab-trend');
    const picker = within(trend).getByLabelText('Test to chart');
    // Only glucose appears in both panels, so it is the only one with a trend.
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Glucose']);
    expect(
      within(trend).getByText(/Glucose: 2 results from Nov 1, 2025 to Feb 1, 2026, latest \u2068131\smg\/dL\u2069\./),
    ).toBeInTheDocument();
    await user.click(within(trend).getByText('Show the results as a table', { selector: 'summary' }));
    const rows = within(trend).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('131');
    expect(rows[2]).toHaveTextContent('92');
  });

  it('has an empty state and a retry', async () => {
    let up = false;
    stubRoutes({ [LABS]: () => (up ? json({ data: [] }) : json({}, 500)), [REPORTS]: () => json({ data: [] }) });
    const user = userEvent.setup();
    renderPatientView(<LabResultsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your lab results could not be loaded.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No lab results have been released yet.')).toBeInTheDocument();
  });
});
