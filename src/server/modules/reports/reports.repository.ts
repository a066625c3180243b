import type { ReportFormat, ReportKind } from '../../../contracts/reports';
import { Repository } from '../../platform/unit-of-work';

// The report module's own notes on the request's audit event. A download is noted first, so its
// event is named after the export; what the figures' own services read is kept as its steps, and
// a patient list names every patient it returned there.

export interface ReportNote {
  kind: ReportKind;
  format: ReportFormat;
  from: string | null;
  to: string | null;
  doctorId: string | null;
  specialty: string | null;
}

export class ReportsRepository extends Repository {
  noteExport(note: ReportNote): void {
    this.audit.note({ action: 'report.export', resourceType: 'report', resourceId: note.kind, details: { ...note } });
  }

  noteRefused(note: ReportNote, reason: string): void {
    this.audit.note({
      action: 'report.export',
      outcome: 'denied',
      resourceType: 'report',
      resourceId: note.kind,
      details: { ...note, reason },
    });
  }
}
