import { videoVisitsApi } from '../../../../contracts/video-visits';
import { routeQuery } from '../../../lib/api-routes';

// The video visit's details for its page: whether it can be joined, the other person, the ICE
// servers. Not cached for long: the TURN credentials in it expire, and the answer changes as the
// visit's window opens.

export function videoVisitQuery(appointmentId: string) {
  return { ...routeQuery(videoVisitsApi.visit, { params: { id: appointmentId } }, (answer) => answer.data), staleTime: 0, retry: false };
}
