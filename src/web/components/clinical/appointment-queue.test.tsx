import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointment, json, renderPatientView, stubRoutes } from '../../lib/clinical/testing';
import { initI18n } from '../../lib/i18n';
import { AppointmentQueue } from './appointment-queue';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('queue on the day', () => {
  it('shows the place in the doctor’s queue and the estimated wait for today’s visit', async () => {
    const today = appointment({ startsAt: new Date(Date.now() + 60_000).toISOString() });
    stubRoutes({
      [`/api/appointments/${today.id}/queue`]: () => json({ data: { appointmentId: today.id, queuePosition: 3, estimatedWaitTime: 45 } }),
    });
    renderPatientView(<AppointmentQueue appointment={today} />);
    expect(await screen.findByTestId('queue-info')).toHaveTextContent('Place in the queue: 3 · about 45 minutes of waiting');
  });

  it('asks nothing for a visit on another day or one that is over', () => {
    const asked = stubRoutes({});
    renderPatientView(
      <>
        <AppointmentQueue appointment={appointment({ startsAt: '2030-03-12T14:30:00.000Z' })} />
        <AppointmentQueue appointment={appointment({ startsAt: new Date().toISOString(), status: 'completed' })} />
      </>,
    );
    expect(screen.queryByTestId('queue-info')).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });
});
