import { reportsApi, type ReportKind, type ReportQuery } from '../../../../contracts/reports';
import { fetchFile } from '../../../lib/api-client';
import { routeUrl } from '../../../lib/api-routes';
import { saveFile } from '../lib/csv';

// Report downloads: the server builds the file (the same figures as the analytics view) and notes
// the export; the browser fetches it, so a refusal comes back as an error to show, and saves it.

export async function downloadReport(kind: ReportKind, query: ReportQuery): Promise<void> {
  const set = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as ReportQuery;
  const { blob, fileName } = await fetchFile(routeUrl(reportsApi.download, { params: { kind }, query: set }));
  saveFile(fileName ?? `caredeck-${kind}.${query.format}`, blob);
}
