// The chart's address. Every place that leads a clinician to a patient (My patients, the doctor's
// queue and day, a search result, a possible duplicate at the desk) builds it here, so the route
// and its links cannot drift apart.
export function chartPath(patientId: string): string {
  return `/patient/${encodeURIComponent(patientId)}`;
}
