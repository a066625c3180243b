import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { AuditActionCode } from '../../../contracts/audit-actions';
import type { NoteListQuery, SaveNote, TemplateInput } from '../../../contracts/clinical-notes';
import {
  allergies,
  appointments,
  clinicalNoteAddenda,
  clinicalNotes,
  medications,
  noteTemplates,
  problems,
  users,
  visitSummaries,
  vitals,
  type ClinicalNoteRow,
  type NoteTemplateRow,
} from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import { Repository } from '../../platform/unit-of-work';

// Clinical notes, their addenda, the visit summaries signing releases, and note templates; every
// query for the caller. A note is reachable when its patient is in the caller's reach and it is
// either signed or the caller's own draft: another doctor's draft answers 404 like a missing note.
// Audit details hold ids and counts only, never note text.

export type { NoteTemplateRow };

export type Person = { id: string; firstName: string; lastName: string };

export interface NoteView extends ClinicalNoteRow {
  visitAt: Date | null;
  addenda: { id: string; text: string; authorId: string | null; createdAt: Date }[];
}

export interface RecordExtract {
  vitals: { type: string; value: number; unit: string; measuredAt: Date }[];
  problems: { icd10Code: string; description: string }[];
  medications: { name: string; dosage: string; frequency: string }[];
  allergies: { allergen: string; severity: string; reaction: string | null }[];
}

export class ClinicalNotesRepository extends Repository {
  private get me(): string {
    return this.scope.actor.userId;
  }

  /** Signed notes and the caller's own drafts, of patients in reach. */
  private visible(): SQL {
    return and(this.scope.condition(clinicalNotes.patientId), or(eq(clinicalNotes.status, 'signed'), eq(clinicalNotes.doctorId, this.me)))!;
  }

  async list(query: NoteListQuery) {
    const where = and(
      this.visible(),
      query.kind === 'visit'
        ? isNotNull(clinicalNotes.appointmentId)
        : query.kind === 'free'
          ? isNull(clinicalNotes.appointmentId)
          : undefined,
      query.status ? eq(clinicalNotes.status, query.status) : undefined,
    );
    const [rows, [total], [unsigned]] = await Promise.all([
      this.db
        .select({ note: clinicalNotes, visitAt: appointments.startsAt })
        .from(clinicalNotes)
        .leftJoin(appointments, eq(appointments.id, clinicalNotes.appointmentId))
        .where(where)
        // What still waits for the caller's signature comes first, then the most recently changed.
        .orderBy(
          asc(sql`case when ${clinicalNotes.status} = 'draft' then 0 else 1 end`),
          desc(clinicalNotes.updatedAt),
          asc(clinicalNotes.id),
        )
        .limit(query.pageSize)
        .offset((query.page - 1) * query.pageSize),
      this.db.select({ n: count() }).from(clinicalNotes).where(where),
      this.db
        .select({ n: count() })
        .from(clinicalNotes)
        .where(and(eq(clinicalNotes.doctorId, this.me), eq(clinicalNotes.status, 'draft'), this.scope.condition(clinicalNotes.patientId))),
    ]);
    const notes = rows.map((r) => ({ ...r.note, visitAt: r.visitAt }));
    this.audit.read('clinical-note.list', 'clinical-note', null, [...new Set(notes.map((n) => n.patientId))], {
      count: notes.length,
      page: query.page,
      kind: query.kind,
    });
    return { notes, total: total?.n ?? 0, unsigned: unsigned?.n ?? 0 };
  }

  /** The caller's drafts awaiting a signature. */
  async unsignedCount(): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(clinicalNotes)
      .where(and(eq(clinicalNotes.doctorId, this.me), eq(clinicalNotes.status, 'draft'), this.scope.condition(clinicalNotes.patientId)));
    return row?.n ?? 0;
  }

  /** One note the caller may read, noted as read; 404 otherwise. */
  async note(id: string, action: AuditActionCode = 'clinical-note.read'): Promise<NoteView> {
    const note = await this.find(id, action);
    this.audit.read(action, 'clinical-note', id, [note.patientId], { status: note.status, addenda: note.addenda.length });
    return note;
  }

  private async find(id: string, action: AuditActionCode): Promise<NoteView> {
    const [row] = isUuid(id)
      ? await this.db
          .select({ note: clinicalNotes, visitAt: appointments.startsAt })
          .from(clinicalNotes)
          .leftJoin(appointments, eq(appointments.id, clinicalNotes.appointmentId))
          .where(and(eq(clinicalNotes.id, id), this.visible()))
      : [];
    if (!row) {
      this.audit.missed(action, 'clinical-note', id);
      throw AppError.notFound();
    }
    const addenda = await this.db
      .select({
        id: clinicalNoteAddenda.id,
        text: clinicalNoteAddenda.text,
        authorId: clinicalNoteAddenda.authorId,
        createdAt: clinicalNoteAddenda.createdAt,
      })
      .from(clinicalNoteAddenda)
      .where(eq(clinicalNoteAddenda.noteId, id))
      .orderBy(asc(clinicalNoteAddenda.createdAt), asc(clinicalNoteAddenda.id));
    return { ...row.note, visitAt: row.visitAt, addenda };
  }

  /**
   * The caller's own draft at `version`, for a change: 404 when it is not the caller's (or missing),
   * NOTE_SIGNED when it is locked, NOTE_VERSION_CONFLICT when the change was based on an older one.
   */
  private async draftAt(id: string, version: number, action: AuditActionCode): Promise<NoteView> {
    const note = await this.find(id, action);
    if (note.doctorId !== this.me) {
      // A signed note of another doctor: readable, never theirs to change.
      this.audit.missed(action, 'clinical-note', id);
      throw AppError.notFound();
    }
    if (note.status === 'signed') {
      this.audit.note({
        action,
        outcome: 'failure',
        resourceType: 'clinical-note',
        resourceId: id,
        patients: [note.patientId],
        details: { reason: 'signed' },
      });
      throw new AppError('NOTE_SIGNED', 'This note is signed and can no longer be changed. Add an addendum instead.');
    }
    if (note.version !== version) this.conflict(action, note);
    return note;
  }

  private conflict(action: AuditActionCode, note: { id: string; patientId: string; version: number }): never {
    this.audit.note({
      action,
      outcome: 'failure',
      resourceType: 'clinical-note',
      resourceId: note.id,
      patients: [note.patientId],
      details: { reason: 'stale-version', stored: note.version },
    });
    throw new AppError('NOTE_VERSION_CONFLICT', 'This note was changed elsewhere. Reload it to see the latest version.');
  }

  /** The caller's appointment with this patient; 404 for any other. */
  async ownAppointment(appointmentId: string, patientId: string) {
    const [row] = await this.db
      .select({ id: appointments.id, startsAt: appointments.startsAt })
      .from(appointments)
      .where(and(eq(appointments.id, appointmentId), eq(appointments.doctorId, this.me), eq(appointments.patientId, patientId)));
    if (!row) {
      this.audit.missed('clinical-note.create', 'appointment', appointmentId);
      throw AppError.notFound();
    }
    return row;
  }

  /** 404 unless the patient is in the caller's reach. */
  async reach(patientId: string, action: AuditActionCode): Promise<void> {
    await this.reachPatient(patientId, action);
  }

  /** What a template's named fields are filled with: the patient's record now. */
  async recordExtract(patientId: string): Promise<RecordExtract> {
    await this.reachPatient(patientId, 'clinical-note.create');
    const [latestVitals, activeProblems, activeMedications, activeAllergies] = await Promise.all([
      this.db
        .selectDistinctOn([vitals.type], { type: vitals.type, value: vitals.value, unit: vitals.unit, measuredAt: vitals.measuredAt })
        .from(vitals)
        .where(eq(vitals.patientId, patientId))
        .orderBy(vitals.type, desc(vitals.measuredAt)),
      this.db
        .select({ icd10Code: problems.icd10Code, description: problems.description })
        .from(problems)
        .where(and(eq(problems.patientId, patientId), eq(problems.status, 'active')))
        .orderBy(asc(problems.description)),
      this.db
        .select({ name: medications.name, dosage: medications.dosage, frequency: medications.frequency })
        .from(medications)
        .where(and(eq(medications.patientId, patientId), eq(medications.status, 'active')))
        .orderBy(asc(medications.name)),
      this.db
        .select({ allergen: allergies.allergen, severity: allergies.severity, reaction: allergies.reaction })
        .from(allergies)
        .where(and(eq(allergies.patientId, patientId), eq(allergies.status, 'active')))
        .orderBy(asc(allergies.allergen)),
    ]);
    return { vitals: latestVitals, problems: activeProblems, medications: activeMedications, allergies: activeAllergies };
  }

  /** A new draft; NOTE_EXISTS when the visit already has a note (two starts racing included). */
  async create(values: {
    patientId: string;
    appointmentId: string | null;
    templateId: string | null;
    sections: Pick<ClinicalNoteRow, 'subjective' | 'objective' | 'assessment' | 'plan' | 'instructions'>;
    now: Date;
  }): Promise<NoteView & { visitAt: Date | null }> {
    const [row] = await this.db
      .insert(clinicalNotes)
      .values({
        patientId: values.patientId,
        doctorId: this.me,
        appointmentId: values.appointmentId,
        templateId: values.templateId,
        ...values.sections,
        createdAt: values.now,
        updatedAt: values.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      this.audit.note({
        action: 'clinical-note.create',
        outcome: 'failure',
        resourceType: 'appointment',
        resourceId: values.appointmentId,
        patients: [values.patientId],
        details: { reason: 'exists' },
      });
      throw new AppError('NOTE_EXISTS', 'This visit already has a note.');
    }
    this.audit.note({
      action: 'clinical-note.create',
      resourceType: 'clinical-note',
      resourceId: row.id,
      patients: [row.patientId],
      details: { appointmentId: row.appointmentId, templateId: row.templateId },
    });
    return { ...row, visitAt: null, addenda: [] };
  }

  async save(id: string, input: SaveNote, now: Date): Promise<void> {
    const note = await this.draftAt(id, input.version, 'clinical-note.update');
    const { version, ...sections } = input;
    const [row] = await this.db
      .update(clinicalNotes)
      .set({ ...sections, version: sql`${clinicalNotes.version} + 1`, updatedAt: now })
      .where(and(eq(clinicalNotes.id, id), eq(clinicalNotes.version, version), eq(clinicalNotes.status, 'draft')))
      .returning({ id: clinicalNotes.id });
    // Another save of the same version committed between the read and this update.
    if (!row) this.conflict('clinical-note.update', note);
    this.audit.note({
      action: 'clinical-note.update',
      resourceType: 'clinical-note',
      resourceId: id,
      patients: [note.patientId],
      details: { version: version + 1 },
    });
  }

  /** Signs and locks the caller's draft; a visit note's instructions are released to the patient. */
  async sign(id: string, version: number, now: Date) {
    const note = await this.draftAt(id, version, 'clinical-note.sign');
    const [row] = await this.db
      .update(clinicalNotes)
      .set({ status: 'signed', signedAt: now, signedBy: this.me, version: sql`${clinicalNotes.version} + 1`, updatedAt: now })
      .where(and(eq(clinicalNotes.id, id), eq(clinicalNotes.version, version), eq(clinicalNotes.status, 'draft')))
      .returning({ id: clinicalNotes.id });
    if (!row) this.conflict('clinical-note.sign', note);
    if (note.appointmentId) {
      await this.db.insert(visitSummaries).values({
        appointmentId: note.appointmentId,
        patientId: note.patientId,
        doctorId: this.me,
        noteId: id,
        instructions: note.instructions,
        releasedAt: now,
      });
    }
    this.audit.note({
      action: 'clinical-note.sign',
      resourceType: 'clinical-note',
      resourceId: id,
      patients: [note.patientId],
      details: { appointmentId: note.appointmentId, summaryReleased: note.appointmentId !== null },
    });
    return note;
  }

  async addAddendum(id: string, text: string, now: Date): Promise<void> {
    const note = await this.find(id, 'clinical-note.addendum');
    if (note.status !== 'signed') {
      this.audit.note({
        action: 'clinical-note.addendum',
        outcome: 'failure',
        resourceType: 'clinical-note',
        resourceId: id,
        patients: [note.patientId],
        details: { reason: 'draft' },
      });
      throw new AppError('NOTE_NOT_SIGNED', 'This note is still a draft: edit the draft instead.');
    }
    const [row] = await this.db
      .insert(clinicalNoteAddenda)
      .values({ noteId: id, authorId: this.me, text, createdAt: now })
      .returning({ id: clinicalNoteAddenda.id });
    this.audit.note({
      action: 'clinical-note.addendum',
      resourceType: 'clinical-note',
      resourceId: id,
      patients: [note.patientId],
      details: { addendumId: row!.id },
    });
  }

  /** Names of the people a note or template mentions. */
  async people(ids: readonly (string | null)[]): Promise<Map<string, Person>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(inArray(users.id, wanted));
    return new Map(rows.map((r) => [r.id, r]));
  }

  // Visit summaries

  /** The released summaries of one patient's visits, for their chart (reach checked by the chart). */
  async summariesOf(patientId: string) {
    return this.db
      .select({
        appointmentId: visitSummaries.appointmentId,
        instructions: visitSummaries.instructions,
        releasedAt: visitSummaries.releasedAt,
        doctorId: visitSummaries.doctorId,
      })
      .from(visitSummaries)
      .where(and(eq(visitSummaries.patientId, patientId), this.scope.condition(visitSummaries.patientId)))
      .orderBy(desc(visitSummaries.releasedAt));
  }

  // Templates

  /** Templates the caller may use: their own and the shared ones. */
  private usable(): SQL {
    return or(eq(noteTemplates.ownerId, this.me), eq(noteTemplates.shared, true))!;
  }

  async templates(specialty: string | undefined) {
    const rows = await this.db
      .select()
      .from(noteTemplates)
      .where(and(this.usable(), specialty ? eq(noteTemplates.specialty, specialty) : undefined))
      .orderBy(asc(noteTemplates.specialty), asc(noteTemplates.name), asc(noteTemplates.id))
      .limit(500);
    this.audit.read('note-template.list', 'note-template', null, [], { count: rows.length });
    return rows;
  }

  /** A template the caller may use; 404 for another doctor's private one. */
  async usableTemplate(id: string) {
    const [row] = await this.db
      .select()
      .from(noteTemplates)
      .where(and(eq(noteTemplates.id, id), this.usable()));
    if (!row) {
      this.audit.missed('clinical-note.create', 'note-template', id);
      throw AppError.notFound();
    }
    return row;
  }

  async createTemplate(input: TemplateInput, now: Date) {
    const [row] = await this.db
      .insert(noteTemplates)
      .values({ ...input, ownerId: this.me, createdAt: now, updatedAt: now })
      .returning();
    this.audit.note({
      action: 'note-template.create',
      resourceType: 'note-template',
      resourceId: row!.id,
      details: { shared: row!.shared },
    });
    return row!;
  }

  /** Only the owner changes a template (sharing included); anyone else's answers 404. */
  async updateTemplate(id: string, input: TemplateInput, now: Date) {
    const [row] = isUuid(id)
      ? await this.db
          .update(noteTemplates)
          .set({ ...input, updatedAt: now })
          .where(and(eq(noteTemplates.id, id), eq(noteTemplates.ownerId, this.me)))
          .returning()
      : [];
    if (!row) {
      this.audit.missed('note-template.update', 'note-template', id);
      throw AppError.notFound();
    }
    this.audit.note({ action: 'note-template.update', resourceType: 'note-template', resourceId: id, details: { shared: row.shared } });
    return row;
  }
}
