import {
  NOTE_SECTION_MAX,
  NOTE_SECTIONS,
  type ClinicalNote,
  type ClinicalNoteSummary,
  type CreateNote,
  type NoteListQuery,
  type NoteListResponse,
  type NoteTemplate,
  type SaveNote,
  type TemplateInput,
  type VisitSummary,
} from '../../../contracts/clinical-notes';
import { doctorNameParams, NOTIFICATION_LINKS } from '../../../contracts/notifications';
import type { AccessContext } from '../../platform/access-context';
import { englishDoctorName } from '../../platform/english-names';
import type { UnitOfWork, Work } from '../../platform/unit-of-work';
import type { NotificationsService } from '../notifications/notifications.service';
import { ClinicalNotesRepository, type NoteTemplateRow, type NoteView, type Person } from './clinical-notes.repository';
import { expandFields, fieldsIn } from './template-fields';

// Doctors' clinical and visit notes and their templates. A note starts as the author's draft,
// saved again and again with the version it was based on (a stale save is refused, so two tabs
// never overwrite each other silently); signing locks it, and signing a visit note releases its
// instructions to the patient as the visit's summary and tells them. Later words go in addenda.

type Sections = Pick<ClinicalNote, (typeof NOTE_SECTIONS)[number]>;

export class ClinicalNotesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(ctx: AccessContext, query: NoteListQuery): Promise<NoteListResponse> {
    return this.uow.read(ctx, async (work) => {
      const repo = work.use(ClinicalNotesRepository);
      const { notes, total, unsigned } = await repo.list(query);
      const people = await repo.people(notes.flatMap((n) => [n.patientId, n.doctorId]));
      return { data: notes.map((n) => toSummary(n, people)), page: query.page, pageSize: query.pageSize, total, unsigned };
    });
  }

  /** The caller's drafts still to sign, inside another module's read (the doctor's home counts). */
  unsignedCountIn(work: Work): Promise<number> {
    return work.use(ClinicalNotesRepository).unsignedCount();
  }

  get(ctx: AccessContext, id: string): Promise<{ data: ClinicalNote }> {
    return this.uow.read(ctx, async (work) => ({ data: await this.answer(work, await work.use(ClinicalNotesRepository).note(id)) }));
  }

  /** A new draft for a patient in reach, optionally for one of the caller's visits and from a template. */
  create(ctx: AccessContext, input: CreateNote): Promise<{ data: ClinicalNote }> {
    return this.uow.write(ctx, async (work) => {
      const repo = work.use(ClinicalNotesRepository);
      await repo.reach(input.patientId, 'clinical-note.create');
      if (input.appointmentId) await repo.ownAppointment(input.appointmentId, input.patientId);
      let sections: Sections = { subjective: '', objective: '', assessment: '', plan: '', instructions: '' };
      if (input.templateId) sections = await this.fromTemplate(repo, await repo.usableTemplate(input.templateId), input.patientId);
      const created = await repo.create({
        patientId: input.patientId,
        appointmentId: input.appointmentId ?? null,
        templateId: input.templateId ?? null,
        sections,
        now: this.now(),
      });
      return { data: await this.answer(work, await repo.note(created.id, 'clinical-note.create')) };
    });
  }

  save(ctx: AccessContext, id: string, input: SaveNote): Promise<{ data: ClinicalNote }> {
    return this.uow.write(ctx, async (work) => {
      const repo = work.use(ClinicalNotesRepository);
      await repo.save(id, input, this.now());
      return { data: await this.answer(work, await repo.note(id, 'clinical-note.update')) };
    });
  }

  sign(ctx: AccessContext, id: string, version: number): Promise<{ data: ClinicalNote }> {
    return this.uow.write(ctx, async (work) => {
      const repo = work.use(ClinicalNotesRepository);
      const note = await repo.sign(id, version, this.now());
      if (note.appointmentId && note.visitAt) {
        const doctor = (await repo.people([note.doctorId])).get(note.doctorId);
        // Without the doctor's account the web words "your doctor" in the reader's language.
        const named = doctor ? doctorNameParams(doctor) : {};
        await this.notifications.notifyIn(work, note.patientId, {
          type: 'other',
          priority: 'medium',
          title: 'Your visit summary is ready',
          message: `${doctor ? englishDoctorName(doctor) : 'Your doctor'} has written the summary of your visit. Open your visit notes to read it.`,
          actionUrl: NOTIFICATION_LINKS.visitNotes,
          metadata: { appointmentId: note.appointmentId, ...named },
          code: 'visit.summary_released',
          params: { ...named, startsAt: note.visitAt.toISOString() },
        });
      }
      return { data: await this.answer(work, await repo.note(id, 'clinical-note.sign')) };
    });
  }

  addAddendum(ctx: AccessContext, id: string, text: string): Promise<{ data: ClinicalNote }> {
    return this.uow.write(ctx, async (work) => {
      const repo = work.use(ClinicalNotesRepository);
      await repo.addAddendum(id, text, this.now());
      return { data: await this.answer(work, await repo.note(id, 'clinical-note.addendum')) };
    });
  }

  /** The released visit summaries of a patient, for their chart (inside the chart's read). */
  async summariesForChartIn(work: Work, patientId: string): Promise<VisitSummary[]> {
    const repo = work.use(ClinicalNotesRepository);
    const rows = await repo.summariesOf(patientId);
    const people = await repo.people(rows.map((r) => r.doctorId));
    return rows.map((r) => ({
      appointmentId: r.appointmentId,
      doctor: personOf(people, r.doctorId),
      instructions: r.instructions,
      releasedAt: r.releasedAt.toISOString(),
    }));
  }

  // Templates

  templates(ctx: AccessContext, specialty: string | undefined): Promise<{ data: NoteTemplate[] }> {
    return this.uow.read(ctx, async (work) => {
      const repo = work.use(ClinicalNotesRepository);
      const rows = await repo.templates(specialty);
      const people = await repo.people(rows.map((r) => r.ownerId));
      return { data: rows.map((r) => toTemplate(r, people, ctx.user.userId)) };
    });
  }

  createTemplate(ctx: AccessContext, input: TemplateInput): Promise<{ data: NoteTemplate }> {
    return this.uow.write(ctx, async (work) => {
      const repo = work.use(ClinicalNotesRepository);
      const row = await repo.createTemplate(input, this.now());
      return { data: toTemplate(row, await repo.people([row.ownerId]), ctx.user.userId) };
    });
  }

  updateTemplate(ctx: AccessContext, id: string, input: TemplateInput): Promise<{ data: NoteTemplate }> {
    return this.uow.write(ctx, async (work) => {
      const repo = work.use(ClinicalNotesRepository);
      const row = await repo.updateTemplate(id, input, this.now());
      return { data: toTemplate(row, await repo.people([row.ownerId]), ctx.user.userId) };
    });
  }

  /** The template's texts with its named fields filled from the patient's record, each within bounds. */
  private async fromTemplate(repo: ClinicalNotesRepository, template: NoteTemplateRow, patientId: string): Promise<Sections> {
    const named = NOTE_SECTIONS.some((section) => fieldsIn(template[section]).length > 0);
    const record = named ? await repo.recordExtract(patientId) : null;
    const fill = (text: string) => (record ? expandFields(text, record) : text).slice(0, NOTE_SECTION_MAX);
    return {
      subjective: fill(template.subjective),
      objective: fill(template.objective),
      assessment: fill(template.assessment),
      plan: fill(template.plan),
      instructions: fill(template.instructions),
    };
  }

  private async answer(work: Work, note: NoteView): Promise<ClinicalNote> {
    const repo = work.use(ClinicalNotesRepository);
    const people = await repo.people([note.patientId, note.doctorId, note.signedBy, ...note.addenda.map((a) => a.authorId)]);
    return {
      ...toSummary(note, people),
      subjective: note.subjective,
      objective: note.objective,
      assessment: note.assessment,
      plan: note.plan,
      instructions: note.instructions,
      signedBy: note.signedBy ? personOf(people, note.signedBy) : null,
      addenda: note.addenda.map((a) => ({
        id: a.id,
        text: a.text,
        author: personOf(people, a.authorId),
        createdAt: a.createdAt.toISOString(),
      })),
    };
  }
}

const FORMER = { firstName: 'Former', lastName: 'user' };

function personOf(people: Map<string, Person>, id: string | null): Person {
  const found = id ? people.get(id) : undefined;
  // A removed account keeps its place in the record without a name.
  return found ?? { id: id ?? '00000000-0000-0000-0000-000000000000', ...FORMER };
}

function toSummary(note: Omit<NoteView, 'addenda'>, people: Map<string, Person>): ClinicalNoteSummary {
  return {
    id: note.id,
    patient: personOf(people, note.patientId),
    doctor: personOf(people, note.doctorId),
    appointmentId: note.appointmentId,
    visitAt: note.visitAt?.toISOString() ?? null,
    templateId: note.templateId,
    status: note.status,
    version: note.version,
    signedAt: note.signedAt?.toISOString() ?? null,
    createdAt: note.createdAt.toISOString(),
    updatedAt: note.updatedAt.toISOString(),
  };
}

function toTemplate(row: NoteTemplateRow, people: Map<string, Person>, callerId: string): NoteTemplate {
  return {
    id: row.id,
    name: row.name,
    specialty: row.specialty,
    shared: row.shared,
    owner: personOf(people, row.ownerId),
    mine: row.ownerId === callerId,
    subjective: row.subjective,
    objective: row.objective,
    assessment: row.assessment,
    plan: row.plan,
    instructions: row.instructions,
    updatedAt: row.updatedAt.toISOString(),
  };
}
