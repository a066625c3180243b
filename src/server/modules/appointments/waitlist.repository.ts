import { and, asc, desc, eq, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { PersonNameParts } from '../../../contracts/person-name';
import { WAITLIST_LIST } from '../../../contracts/waitlist';
import { appointments, users, waitlistEntries, waitlistOffers, waitlistOpenings } from '../../db/schema';
import { AppError } from '../../platform/app-error';
import { isUuid } from '../../platform/ids';
import type { MailMessage } from '../../platform/mail';
import { Repository } from '../../platform/unit-of-work';

// The waitlist's tables. A patient's own side (their entries and offers) names the caller as the
// owner in every query, so anyone else's id matches nothing and answers 404 like a missing one.
// The job's side (openings, and offers made to waiting patients) runs for the system over every
// patient and notes each offer under the patient it goes to. Which of two accepting patients gets
// a slot is decided by one row: the opening, taken by an update that only one of them can make.

const doctor = alias(users, 'waitlist_doctor');
const DAY = 86_400_000;

export interface OpeningRow {
  id: string;
  doctorId: string;
  startsAt: Date;
}

export interface NextEntry {
  id: string;
  patientId: string;
  patientEmail: string;
  patientFirstName: string;
  doctor: PersonNameParts;
}

export interface TakenOffer {
  id: string;
  openingId: string;
  entryId: string;
}

export class WaitlistRepository extends Repository {
  private get owner(): string {
    return this.scope.actor.userId;
  }

  // The patient's own

  /** Adds the caller to a doctor's waitlist; WAITLIST_ALREADY_JOINED (noted) when they are on it already. */
  async join(values: {
    doctorId: string;
    latestDate: string | null;
    appointmentId: string | null;
    type: 'in-person' | 'video';
    reason: string | null;
  }) {
    const [row] = await this.db
      .insert(waitlistEntries)
      .values({ ...values, patientId: this.owner })
      .onConflictDoNothing()
      .returning({ id: waitlistEntries.id });
    if (!row) {
      this.audit.note({
        action: 'waitlist.join',
        outcome: 'failure',
        resourceType: 'waitlist_entry',
        patients: [this.owner],
        details: { reason: 'already_joined' },
      });
      throw new AppError('WAITLIST_ALREADY_JOINED', 'You are already on the waitlist for this doctor.');
    }
    this.audit.note({
      action: 'waitlist.join',
      resourceType: 'waitlist_entry',
      resourceId: row.id,
      patients: [this.owner],
      details: { fromAppointment: values.appointmentId !== null, until: values.latestDate !== null },
    });
    return (await this.entries([row.id]))[0]!;
  }

  /** The caller's active entries (or those of `ids`), oldest first, with the doctor's name. */
  async entries(ids?: string[]) {
    return this.db
      .select({
        id: waitlistEntries.id,
        doctorId: waitlistEntries.doctorId,
        appointmentId: waitlistEntries.appointmentId,
        latestDate: waitlistEntries.latestDate,
        createdAt: waitlistEntries.createdAt,
        doctorFirstName: doctor.firstName,
        doctorLastName: doctor.lastName,
      })
      .from(waitlistEntries)
      .innerJoin(doctor, eq(doctor.id, waitlistEntries.doctorId))
      .where(and(eq(waitlistEntries.patientId, this.owner), ids ? inArray(waitlistEntries.id, ids) : eq(waitlistEntries.status, 'active')))
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(WAITLIST_LIST.maxEntries);
  }

  /** The caller's offers of the last days, newest first. */
  async offers(now: Date) {
    return this.db
      .select({
        id: waitlistOffers.id,
        status: waitlistOffers.status,
        expiresAt: waitlistOffers.expiresAt,
        startsAt: waitlistOpenings.startsAt,
        doctorId: waitlistOpenings.doctorId,
        doctorFirstName: doctor.firstName,
        doctorLastName: doctor.lastName,
      })
      .from(waitlistOffers)
      .innerJoin(waitlistOpenings, eq(waitlistOpenings.id, waitlistOffers.openingId))
      .innerJoin(doctor, eq(doctor.id, waitlistOpenings.doctorId))
      .where(
        and(
          eq(waitlistOffers.patientId, this.owner),
          gt(waitlistOffers.offeredAt, new Date(now.getTime() - WAITLIST_LIST.offersDays * DAY)),
        ),
      )
      .orderBy(desc(waitlistOffers.offeredAt), desc(waitlistOffers.id))
      .limit(WAITLIST_LIST.maxOffers);
  }

  /** The list's reading, noted under the caller. */
  listed(entries: number, offers: number): void {
    this.audit.read('waitlist.list', 'waitlist_entry', null, [this.owner], { entries, offers });
  }

  /** Takes the caller off a waitlist; 404 (noted, naming nobody) when the entry is not theirs or not active. */
  async leave(id: string, now: Date): Promise<void> {
    const rows = isUuid(id)
      ? await this.db
          .update(waitlistEntries)
          .set({ status: 'left', closedAt: now })
          .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.patientId, this.owner), eq(waitlistEntries.status, 'active')))
          .returning({ id: waitlistEntries.id })
      : [];
    if (rows.length === 0) {
      this.audit.missed('waitlist.leave', 'waitlist_entry', id);
      throw AppError.notFound();
    }
    // Offers still open for this entry lapse with it.
    await this.db
      .update(waitlistOffers)
      .set({ status: 'expired', closedAt: now })
      .where(and(eq(waitlistOffers.entryId, id), eq(waitlistOffers.status, 'offered')));
    this.audit.note({ action: 'waitlist.leave', resourceType: 'waitlist_entry', resourceId: id, patients: [this.owner] });
  }

  /** The caller's offer; 404 (noted, naming nobody) when it is not theirs or missing. */
  async ownOffer(id: string): Promise<TakenOffer> {
    const [row] = isUuid(id)
      ? await this.db
          .select({ id: waitlistOffers.id, openingId: waitlistOffers.openingId, entryId: waitlistOffers.entryId })
          .from(waitlistOffers)
          .where(and(eq(waitlistOffers.id, id), eq(waitlistOffers.patientId, this.owner)))
      : [];
    if (!row) {
      this.audit.missed('waitlist.accept', 'waitlist_offer', id);
      throw AppError.notFound();
    }
    return row;
  }

  /** Marks the caller's offer accepted while it is live at `now`; false (noted) when it expired or closed. */
  async claimOffer(offer: TakenOffer, now: Date): Promise<boolean> {
    const claimed = await this.db
      .update(waitlistOffers)
      .set({ status: 'accepted', closedAt: now })
      .where(and(eq(waitlistOffers.id, offer.id), eq(waitlistOffers.status, 'offered'), gt(waitlistOffers.expiresAt, now)))
      .returning({ id: waitlistOffers.id });
    if (claimed.length === 0) this.gone(offer.id, 'closed');
    return claimed.length > 0;
  }

  /** Takes the opening for the accepting patient: exactly one update of it succeeds. Null when someone else took it. */
  async takeOpening(openingId: string, now: Date): Promise<OpeningRow | null> {
    const [row] = await this.db
      .update(waitlistOpenings)
      .set({ status: 'taken', closedAt: now })
      .where(and(eq(waitlistOpenings.id, openingId), eq(waitlistOpenings.status, 'open')))
      .returning({ id: waitlistOpenings.id, doctorId: waitlistOpenings.doctorId, startsAt: waitlistOpenings.startsAt });
    return row ?? null;
  }

  /** An offer the caller pressed too late: it is closed, so the list shows it gone. */
  async markGone(offerId: string, now: Date): Promise<void> {
    await this.db
      .update(waitlistOffers)
      .set({ status: 'gone', closedAt: now })
      .where(and(eq(waitlistOffers.id, offerId), eq(waitlistOffers.patientId, this.owner)));
    this.gone(offerId, 'taken');
  }

  /** The caller's entry an offer came from. */
  async entry(entryId: string) {
    const [row] = await this.db
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.patientId, this.owner)));
    return row!;
  }

  /** The accepted offer booked `appointmentId`: the entry is done. */
  async booked(offer: TakenOffer, appointmentId: string, now: Date): Promise<void> {
    await this.db.update(waitlistOffers).set({ appointmentId }).where(eq(waitlistOffers.id, offer.id));
    await this.db.update(waitlistEntries).set({ status: 'booked', closedAt: now }).where(eq(waitlistEntries.id, offer.entryId));
    this.audit.note({
      action: 'waitlist.accept',
      resourceType: 'waitlist_offer',
      resourceId: offer.id,
      patients: [this.owner],
      details: { appointmentId },
    });
  }

  private gone(offerId: string, reason: string): void {
    this.audit.note({
      action: 'waitlist.accept',
      outcome: 'failure',
      resourceType: 'waitlist_offer',
      resourceId: offerId,
      patients: [this.owner],
      details: { reason },
    });
  }

  // The system's side: openings and offers

  /** A slot freed by a cancellation; once per slot while it is open. */
  async recordOpening(doctorId: string, startsAt: Date, freedBy: string): Promise<void> {
    await this.db.insert(waitlistOpenings).values({ doctorId, startsAt, freedBy }).onConflictDoNothing();
  }

  async openIds(limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: waitlistOpenings.id })
      .from(waitlistOpenings)
      .where(eq(waitlistOpenings.status, 'open'))
      .orderBy(asc(waitlistOpenings.startsAt))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** An open opening, locked for this write; null when it closed or another instance is at it. */
  async lockOpening(id: string): Promise<OpeningRow | null> {
    const [row] = await this.db
      .select({ id: waitlistOpenings.id, doctorId: waitlistOpenings.doctorId, startsAt: waitlistOpenings.startsAt })
      .from(waitlistOpenings)
      .where(and(eq(waitlistOpenings.id, id), eq(waitlistOpenings.status, 'open')))
      .for('update', { skipLocked: true });
    return row ?? null;
  }

  async closeOpening(id: string, status: 'taken' | 'unfilled' | 'lapsed', now: Date): Promise<void> {
    await this.db.update(waitlistOpenings).set({ status, closedAt: now }).where(eq(waitlistOpenings.id, id));
  }

  /** Whether the opening's offer is still held by someone at `now`. */
  async heldAt(openingId: string, now: Date): Promise<boolean> {
    const [row] = await this.db
      .select({ id: waitlistOffers.id })
      .from(waitlistOffers)
      .where(and(eq(waitlistOffers.openingId, openingId), eq(waitlistOffers.status, 'offered'), gt(waitlistOffers.expiresAt, now)))
      .limit(1);
    return row !== undefined;
  }

  /** Closes the opening's open offers (all, or those expired by `expiredAt`); answers whom they were for. */
  async closeOffers(openingId: string, status: 'expired' | 'gone', now: Date, expiredAt?: Date): Promise<string[]> {
    const rows = await this.db
      .update(waitlistOffers)
      .set({ status, closedAt: now })
      .where(
        and(
          eq(waitlistOffers.openingId, openingId),
          eq(waitlistOffers.status, 'offered'),
          expiredAt ? lte(waitlistOffers.expiresAt, expiredAt) : undefined,
        ),
      )
      .returning({ patientId: waitlistOffers.patientId });
    return rows.map((row) => row.patientId);
  }

  /**
   * The first to have joined of the doctor's waiting patients whose window holds the slot and who
   * were not offered it yet: no later than their last day, and earlier than the appointment they
   * want moved (still booked).
   */
  async nextEntry(opening: OpeningRow, clinicDay: string): Promise<NextEntry | null> {
    const patient = alias(users, 'waitlist_patient');
    const [row] = await this.db
      .select({
        id: waitlistEntries.id,
        patientId: waitlistEntries.patientId,
        patientEmail: patient.email,
        patientFirstName: patient.firstName,
        doctorFirstName: doctor.firstName,
        doctorLastName: doctor.lastName,
      })
      .from(waitlistEntries)
      .innerJoin(patient, and(eq(patient.id, waitlistEntries.patientId), eq(patient.isActive, true)))
      .innerJoin(doctor, eq(doctor.id, waitlistEntries.doctorId))
      .leftJoin(appointments, eq(appointments.id, waitlistEntries.appointmentId))
      .where(
        and(
          eq(waitlistEntries.doctorId, opening.doctorId),
          eq(waitlistEntries.status, 'active'),
          or(isNull(waitlistEntries.latestDate), sql`${waitlistEntries.latestDate} >= ${clinicDay}`),
          or(
            isNull(waitlistEntries.appointmentId),
            and(gt(appointments.startsAt, opening.startsAt), inArray(appointments.status, ['requested', 'scheduled'])),
          ),
          notExists(
            this.db
              .select({ id: waitlistOffers.id })
              .from(waitlistOffers)
              .where(and(eq(waitlistOffers.openingId, opening.id), eq(waitlistOffers.entryId, waitlistEntries.id))),
          ),
        ),
      )
      .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
      .limit(1);
    if (!row) return null;
    return {
      id: row.id,
      patientId: row.patientId,
      patientEmail: row.patientEmail,
      patientFirstName: row.patientFirstName,
      doctor: { firstName: row.doctorFirstName, lastName: row.doctorLastName },
    };
  }

  /** Offers the opening to one waiting patient until `expiresAt`, noted under them. */
  async offer(opening: OpeningRow, entry: NextEntry, expiresAt: Date): Promise<string> {
    const [row] = await this.db
      .insert(waitlistOffers)
      .values({ openingId: opening.id, entryId: entry.id, patientId: entry.patientId, expiresAt })
      .returning({ id: waitlistOffers.id });
    this.audit.note({
      action: 'waitlist.offer',
      resourceType: 'waitlist_offer',
      resourceId: row!.id,
      patients: [entry.patientId],
      details: { openingId: opening.id },
    });
    return row!.id;
  }

  mail(message: MailMessage): void {
    this.effects.mail(message);
  }
}
