// The chart's address: a patient result of the header's search leads here too.
export function chartPath(patientId: string): string {
  return `/patient/${encodeURIComponent(patientId)}`;
}
