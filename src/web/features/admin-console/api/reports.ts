import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  reportsApi,
  type ReportKind,
  type ReportQuery,
  type ReportScheduleRequest,
  type ReportSizeQuery,
} from '../../../../contracts/reports';
import { fetchFile } from '../../../lib/api-client';
import { callRoute, routeMatcher, routeQuery, routeUrl } from '../../../lib/api-routes';
import { saveFile } from '../../../lib/files/save-file';

// Report downloads: the server builds the file (the same figures as the analytics view) and notes
// the export; the browser fetches it, so a refusal comes back as an error to show, and saves it.
// Schedules: listed, added and removed through their routes.

export async function downloadReport(kind: ReportKind, query: ReportQuery): Promise<void> {
  const set = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as ReportQuery;
  const { blob, fileName } = await fetchFile(routeUrl(reportsApi.download, { params: { kind }, query: set }));
  saveFile(fileName ?? `caredeck-${kind}.${query.format}`, blob);
}

/** How many rows the report would have (for the kinds the row cap can cut), so the page can warn before the download. */
export function reportSizeQuery(kind: ReportKind, query: ReportSizeQuery) {
  const set = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined)) as ReportSizeQuery;
  return { ...routeQuery(reportsApi.size, { params: { kind }, query: set }, (answer) => answer.data), retry: false };
}

export function reportSchedulesQuery() {
  return routeQuery(reportsApi.schedules, {}, (answer) => answer.data);
}

export function reportRecipientsQuery() {
  return routeQuery(reportsApi.recipients, {}, (answer) => answer.data);
}

const SCHEDULES = routeMatcher(reportsApi.schedules);

export function useCreateSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReportScheduleRequest) => callRoute(reportsApi.createSchedule, { body }).then((answer) => answer.data),
    onSettled: () => client.invalidateQueries({ predicate: (query) => SCHEDULES(query.queryKey) }),
  });
}

export function useDeleteSchedule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callRoute(reportsApi.deleteSchedule, { params: { id } }),
    onSettled: () => client.invalidateQueries({ predicate: (query) => SCHEDULES(query.queryKey) }),
  });
}
