import { documentsApi } from '../../../../contracts/documents';
import { ordersApi } from '../../../../contracts/orders';
import { routeQuery, routeUrl } from '../../../lib/api-routes';

// A patient's imaging reports and referral replies, read beside their lab results: the server
// answers a patient only those a clinician has released.

export function patientReportsQuery(patientId: string) {
  return routeQuery(ordersApi.reports, { params: { id: patientId } }, (answer) => answer.data);
}

/** Where the browser downloads a report's document: answered as an attachment. */
export function reportDocumentUrl(documentId: string): string {
  return routeUrl(documentsApi.content, { params: { id: documentId } });
}
