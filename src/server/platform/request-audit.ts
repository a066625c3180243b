import type { AuditActionCode } from '../../contracts/audit';
import type { AuditEventInput, AuditLog, AuditOutcome } from './audit';

// One audit event per request. Whatever a request reads, writes or is refused is noted here as it
// happens; the notes become one event: the first note names the action, the patients of every note
// are listed, and later notes are kept in the event's details. A write stores its event in its own
// transaction (unit-of-work.ts takes the notes made so far); the rest is written before the response
// leaves (the onSend hook in access-context.ts), so no patient data is sent without its event.

export interface AuditNote {
  action: AuditActionCode;
  outcome?: AuditOutcome;
  resourceType?: string | null;
  resourceId?: string | null;
  /** The patients whose data the step touched or returned. */
  patients?: readonly string[];
  /** Never PHI or secrets: ids, reasons, counts. */
  details?: Record<string, unknown>;
}

export interface AuditOrigin {
  actorUserId: string | null;
  actorRole: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
}

const WORST: Record<AuditOutcome, number> = { success: 0, failure: 1, denied: 2 };

export class RequestAudit {
  private notes: AuditNote[] = [];

  constructor(
    private readonly log: AuditLog,
    private readonly origin: () => AuditOrigin,
    /** Added to every event (a break-the-glass reason). */
    private readonly extra: () => Record<string, unknown> | null = () => null,
  ) {}

  /** Notes a step of this request. */
  note(note: AuditNote): void {
    this.notes.push(note);
  }

  /**
   * A refusal that floods repeat (a denied request, an attempt at a blocked sign-in): noted like any
   * other when it is the first of its kind from this caller and address in the window; otherwise
   * only counted, and the count is written when the window closes (AuditLog.countRepeat).
   */
  noteRepeatable(note: AuditNote): void {
    const origin = this.origin();
    const reason = note.details?.reason;
    const key = [
      origin.actorUserId ?? '',
      origin.ip ?? '',
      note.action,
      note.resourceId ?? '',
      typeof reason === 'string' ? reason : '',
    ].join('|');
    const first = this.log.countRepeat(key, () => ({
      ...origin,
      action: note.action,
      outcome: note.outcome ?? 'success',
      resourceType: note.resourceType ?? null,
      resourceId: note.resourceId ?? null,
      details: note.details ?? null,
    }));
    if (first) this.note(note);
  }

  /** A read of patient data that returned `patients` (empty for a list that found nobody). */
  read(
    action: AuditActionCode,
    resourceType: string,
    resourceId: string | null,
    patients: readonly string[],
    details?: Record<string, unknown>,
  ): void {
    this.note({ action, resourceType, resourceId, patients, details });
  }

  /** A record that is missing or out of reach: no patient named, as the two look alike. */
  missed(action: AuditActionCode, resourceType: string, resourceId: string | null, details?: Record<string, unknown>): void {
    this.note({ action, outcome: 'failure', resourceType, resourceId, details: { reason: 'not_found', ...details } });
  }

  get pending(): boolean {
    return this.notes.length > 0;
  }

  /** The notes so far as one event, and forgets them (a write stores it in its transaction). */
  take(): { notes: AuditNote[]; event: AuditEventInput } | null {
    if (this.notes.length === 0) return null;
    const notes = this.notes;
    this.notes = [];
    return { notes, event: this.combine(notes) };
  }

  /** A position in the notes, to hand to `rollBack`. */
  get mark(): number {
    return this.notes.length;
  }

  /**
   * A write rolled back: what it noted since `mark` did not happen as noted. Those notes become
   * failures, kept for the event written at the end of the request.
   */
  rollBack(mark: number, reason: string, taken: readonly AuditNote[] = []): void {
    // Notes a failed commit had taken come back first, in the order they were made.
    if (taken.length > 0) this.notes = [...taken, ...this.notes];
    const undone = this.notes.slice(mark).map((note) => ({
      ...note,
      outcome: note.outcome === 'denied' ? ('denied' as const) : ('failure' as const),
      details: { ...note.details, rolledBack: reason },
    }));
    this.notes = [...this.notes.slice(0, mark), ...undone];
  }

  /** Writes what is pending; resolves once it is durable. */
  async flush(): Promise<void> {
    const taken = this.take();
    if (taken) await this.log.record(taken.event);
  }

  private combine(notes: readonly AuditNote[]): AuditEventInput {
    const [first, ...rest] = notes as [AuditNote, ...AuditNote[]];
    const patients = new Set<string>();
    let outcome: AuditOutcome = 'success';
    for (const note of notes) {
      for (const patient of note.patients ?? []) patients.add(patient);
      const noted = note.outcome ?? 'success';
      if (WORST[noted] > WORST[outcome]) outcome = noted;
    }
    const extra = this.extra();
    const details: Record<string, unknown> = { ...first.details, ...extra };
    if (rest.length > 0) {
      details.steps = rest.map((note) => ({
        action: note.action,
        outcome: note.outcome ?? 'success',
        resourceType: note.resourceType ?? null,
        resourceId: note.resourceId ?? null,
        ...note.details,
      }));
    }
    const list = [...patients];
    return {
      ...this.origin(),
      action: first.action,
      outcome,
      resourceType: first.resourceType ?? null,
      resourceId: first.resourceId ?? null,
      patientId: list.length === 1 ? list[0] : null,
      patientIds: list.length > 1 ? list : null,
      details: Object.keys(details).length > 0 ? details : null,
    };
  }
}
