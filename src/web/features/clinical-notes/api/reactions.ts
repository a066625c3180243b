import { healthRecordsApi } from '../../../../contracts/health-records';
import { routeMatcher } from '../../../lib/api-routes';
import type { ReactionTable } from '../../../lib/realtime/feature-reactions';
import type { PushMessage } from '../../../lib/realtime/realtime-connection';

// A doctor signing a visit note tells the patient with a notification: the patient's open
// visit-notes view (their chart) then shows the released summary without a reload.
function summaryReleased(message: PushMessage): boolean {
  const notification = message.notification as { code?: unknown } | undefined;
  return notification?.code === 'visit.summary_released';
}

export const clinicalNotesReactions: ReactionTable = {
  notification: (message) => (summaryReleased(message) ? [routeMatcher(healthRecordsApi.chart)] : []),
};
