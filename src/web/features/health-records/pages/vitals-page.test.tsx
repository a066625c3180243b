import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, PATIENT_ID, renderPatientView, stubRoutes, vital } from '../../../lib/clinical/testing';
import { i18next, initI18n } from '../../../lib/i18n';
import { VitalsPage } from './vitals-page';

const VITALS = `/api/patients/${PATIENT_ID}/vitals?limit=1000`;

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// Whole views with several queries: slower than a unit test on a busy machine.
describe('vitals view', { timeout: 20_000 }, () => {
  it('draws one trend per measure, blood pressure as systolic over diastolic, each with its table', async () => {
    const first = '2026-01-01T09:00:00.000Z';
    const second = '2026-02-01T09:00:00.000Z';
    stubRoutes({
      [VITALS]: () =>
        json({
          data: [
            vital({ type: 'blood-pressure-systolic', value: 131, unit: 'mmHg', measuredAt: second }),
            vital({ type: 'blood-pressure-diastolic', value: 85, unit: 'mmHg', measuredAt: second }),
            vital({ type: 'blood-pressure-systolic', value: 120, unit: 'mmHg', measuredAt: first }),
            vital({ type: 'blood-pressure-diastolic', value: 80, unit: 'mmHg', measuredAt: first }),
            vital({ type: 'temperature', value: 36.8, unit: 'Cel', measuredAt: second }),
          ],
        }),
    });
    const user = userEvent.setup();
    renderPatientView(<VitalsPage />);

    const measures = await screen.findAllByTestId('vital-measure');
    expect(measures.map((measure) => within(measure).getByRole('heading').textContent)).toEqual(['Blood pressure', 'Temperature']);
    const [pressure, temperature] = measures as [HTMLElement, HTMLElement];
    // The figure and its unit are isolated as one piece, so a right-to-left sentence cannot reverse them
    // (the matcher reads the no-break space between them as a space).
    expect(within(pressure).getByText('Latest: \u2068131/85 mmHg\u2069 on Feb 1, 2026')).toBeInTheDocument();
    expect(within(pressure).getByText(/Blood pressure: 2 readings from Jan 1, 2026 to Feb 1, 2026/)).toBeInTheDocument();
    expect(within(temperature).getByText('Latest: \u206836.8 °C\u2069 on Feb 1, 2026')).toBeInTheDocument();

    await user.click(within(pressure).getByText('Show the readings as a table', { selector: 'summary' }));
    expect(
      within(pressure)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Systolic', 'Diastolic']);
    expect(within(pressure).getAllByRole('row')[1]).toHaveTextContent('13185');
  });

  it('in Arabic, keeps each figure with its unit in one isolated piece and words the unit in Arabic', async () => {
    stubRoutes({
      [VITALS]: () =>
        json({
          data: [
            vital({ type: 'heart-rate', value: 73, unit: '/min', measuredAt: '2026-02-01T09:00:00.000Z' }),
            vital({ type: 'temperature', value: 37, unit: 'Cel', measuredAt: '2026-02-01T09:00:00.000Z' }),
          ],
        }),
    });
    await i18next.changeLanguage('ar');
    try {
      renderPatientView(<VitalsPage />);
      const measures = await screen.findAllByTestId('vital-measure');
      const texts = measures.map((measure) => measure.querySelector('p')?.textContent ?? '');
      expect(texts[0]).toContain('\u206873\u00a0/دقيقة\u2069');
      expect(texts[1]).toContain('\u206837\u00a0°م\u2069');
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says when nothing has been recorded', async () => {
    stubRoutes({ [VITALS]: () => json({ data: [] }) });
    renderPatientView(<VitalsPage />);
    expect(await screen.findByText('No vital signs have been recorded yet.')).toBeInTheDocument();
  });

  it('offers a retry when the readings cannot be loaded', async () => {
    stubRoutes({});
    renderPatientView(<VitalsPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your vital signs could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
