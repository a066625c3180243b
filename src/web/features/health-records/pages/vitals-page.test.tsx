import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, PATIENT_ID, renderPatientView, stubRoutes, vital } from '../../../lib/clinical/testing';
import { initI18n } from '../../../lib/i18n';
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
    expect(within(pressure).getByText('Latest: 131/85 mmHg on Feb 1, 2026')).toBeInTheDocument();
    expect(within(pressure).getByText(/Blood pressure: 2 readings from Jan 1, 2026 to Feb 1, 2026/)).toBeInTheDocument();
    expect(within(temperature).getByText('Latest: 36.8 °C on Feb 1, 2026')).toBeInTheDocument();

    await user.click(within(pressure).getByText('Show the readings as a table', { selector: 'summary' }));
    expect(
      within(pressure)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Date', 'Systolic', 'Diastolic']);
    expect(within(pressure).getAllByRole('row')[1]).toHaveTextContent('13185');
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
