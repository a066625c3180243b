import { describe, expect, it } from 'vitest';
import { clinicalNotesReactions } from './reactions';

describe('clinical notes push reactions', () => {
  it('refreshes the patient’s chart when a visit summary is released, and nothing for other notifications', () => {
    const stale = (code: string) =>
      clinicalNotesReactions.notification!({ type: 'notification', notification: { code } }).filter((matches) =>
        matches(['/api/patients/6f1c1f8e-2f8b-4c43-9d7e-0c1b2a3d4e5f/complete']),
      );
    expect(stale('visit.summary_released')).toHaveLength(1);
    expect(stale('medication.refill_requested')).toHaveLength(0);
  });
});
