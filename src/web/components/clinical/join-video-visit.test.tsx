import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointment, renderPatientView } from '../../lib/clinical/testing';
import { initI18n } from '../../lib/i18n';
import { JoinVideoVisit } from './join-video-visit';

// The Join video visit button: a link to the visit's page from ten minutes before the start, a
// disabled button saying when it opens before that, nothing for a visit in person or one that is over.

beforeAll(async () => {
  await initI18n('en');
});

const MINUTE = 60_000;
const at = (minutesFromNow: number) => new Date(Date.now() + minutesFromNow * MINUTE).toISOString();

describe('Join video visit', () => {
  it('links to the visit’s page from ten minutes before the start', () => {
    const soon = appointment({ type: 'video', startsAt: at(5) });
    renderPatientView(<JoinVideoVisit appointment={soon} />);
    expect(screen.getByRole('link', { name: 'Join video visit' })).toHaveAttribute('href', `/appointments/${soon.id}/video`);
  });

  it('is disabled with the time it opens before that', () => {
    renderPatientView(<JoinVideoVisit appointment={appointment({ type: 'video', startsAt: at(60) })} />);
    const button = screen.getByRole('button', { name: 'Join video visit' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/^Opens at /);
  });

  it('is not offered for a visit in person, a cancelled one or one that is over', () => {
    renderPatientView(
      <>
        <JoinVideoVisit appointment={appointment({ type: 'in-person', startsAt: at(0) })} />
        <JoinVideoVisit appointment={appointment({ type: 'video', status: 'cancelled', startsAt: at(0) })} />
        <JoinVideoVisit appointment={appointment({ type: 'video', startsAt: at(-120) })} />
      </>,
    );
    expect(screen.queryByTestId('join-video-visit')).not.toBeInTheDocument();
  });
});
