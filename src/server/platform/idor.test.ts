import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAppointment, buildLabOrder, createDoctor, panel, Random } from '../db/factories';
import {
  allergies,
  appointments,
  clinicalNoteAddenda,
  clinicalNotes,
  conversationParticipants,
  conversations,
  immunizations,
  labOrders,
  labResultComponents,
  medications,
  messageAttachmentContents,
  messageAttachments,
  messages,
  noteTemplates,
  notifications,
  refillRequests,
  sessions,
  tasks,
  patientProfiles,
  problems,
  userPermissions,
  users,
  vitals,
  waitlistEntries,
  waitlistOffers,
  waitlistOpenings,
  webauthnCredentials,
} from '../db/schema';
import path from 'node:path';
import { declaredRoutes } from './access';
import {
  assignCare,
  createActor,
  probeIdor,
  probedRouteTemplates,
  routeTemplate,
  type Actor,
  type IdorCase,
} from '../test-support/idor-harness';
import { createTestApp, type TestApp } from '../test-support/test-app';

// Every id-taking route of patient and account data, probed through the IDOR harness: someone
// else's id answers 403/404, leaks nothing and changes nothing. A later route holding patient data
// adds its case here.

let t: TestApp;
type Intruder = { label: string; actor: Actor };
let intruders: Intruder[];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
  const doctor = await createActor(t.app, 'doctor');
  // A doctor with a patient of their own: in someone's care, just not the owner's.
  await assignCare(t.app, doctor.user.id, (await createActor(t.app, 'patient')).user.id);
  intruders = [
    { label: 'another patient', actor: await createActor(t.app, 'patient') },
    { label: 'a doctor not caring for the owner', actor: doctor },
    {
      label: 'staff without patients.view.all',
      actor: await createActor(t.app, 'staff', { permissions: ['billing.view', 'users.create'] }),
    },
  ];
});

afterAll(async () => {
  await t.close();
});

const snapshotUser = async (id: string) => {
  const [user] = await t.app.db.select().from(users).where(eq(users.id, id));
  const [profile] = await t.app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, id));
  return { user, profile };
};

/** A conversation between the owner and a doctor of her own, its subject and body a marker; returns the marker. */
async function ownerConversation(owner: Actor): Promise<string> {
  const marker = `Conversation ${randomBytes(6).toString('hex')}`;
  const { user: doctor } = await createDoctor(t.app.db, random);
  await assignCare(t.app, doctor.id, owner.user.id);
  const [row] = await t.app.db
    .insert(conversations)
    .values({ subject: marker, patientId: owner.user.id, createdBy: owner.user.id })
    .returning();
  await t.app.db.insert(conversationParticipants).values([
    { conversationId: row!.id, userId: owner.user.id },
    { conversationId: row!.id, userId: doctor.id },
  ]);
  await t.app.db.insert(messages).values({ conversationId: row!.id, senderId: owner.user.id, body: marker });
  return marker;
}

const random = new Random(Number.parseInt(randomBytes(4).toString('hex'), 16));

/**
 * One of everything the chart holds for `patientId`, each carrying `marker` where it has free
 * text: an intruder's answer must contain none of it.
 */
async function chartRecords(patientId: string, marker: string): Promise<{ doctorId: string }> {
  const { user: doctor } = await createDoctor(t.app.db, random);
  const startsAt = new Date(Date.UTC(2032, random.int(0, 11), random.int(1, 28), random.int(9, 16), 0));
  await t.app.db.insert(appointments).values(buildAppointment(random, { patientId, doctorId: doctor.id, startsAt, reason: marker }));
  await t.app.db.insert(medications).values({
    patientId,
    name: marker,
    dosage: '10 mg',
    frequency: 'Once daily',
    startDate: '2026-01-05',
    prescribedBy: doctor.id,
  });
  await t.app.db.insert(allergies).values({ patientId, allergen: marker, type: 'drug', severity: 'severe', reaction: marker });
  await t.app.db
    .insert(vitals)
    .values({ patientId, type: 'heart-rate', value: 71, unit: '/min', measuredAt: new Date(), source: 'clinic' });
  const lab = buildLabOrder(random, { patientId, panel: panel('hba1c'), orderedAt: new Date(Date.now() - 86_400_000 * 3) });
  await t.app.db.insert(labOrders).values({ ...lab.order, panelName: marker });
  await t.app.db.insert(labResultComponents).values(lab.components);
  return { doctorId: doctor.id };
}

const snapshotChart = async (patientId: string) => ({
  appointments: await t.app.db.select().from(appointments).where(eq(appointments.patientId, patientId)),
  medications: await t.app.db.select().from(medications).where(eq(medications.patientId, patientId)),
  allergies: await t.app.db.select().from(allergies).where(eq(allergies.patientId, patientId)),
  vitals: await t.app.db.select().from(vitals).where(eq(vitals.patientId, patientId)),
  labs: await t.app.db.select().from(labOrders).where(eq(labOrders.patientId, patientId)),
});

/** Another doctor's clinical note on the owner (a draft, or signed), probed on one path with a body valid for its author. */
function noteCase({
  paths,
  body,
  status,
}: {
  paths: string[];
  body: unknown;
  status: 'draft' | 'signed';
}): IdorCase<{ id: string; marker?: string }> {
  return {
    name: `clinical note (${paths.join(', ')}, ${status})`,
    paths,
    body,
    create: async (owner) => {
      const marker = `Note ${randomBytes(6).toString('hex')}`;
      const { user: author } = await createDoctor(t.app.db, random);
      await assignCare(t.app, author.id, owner.user.id);
      const signedAt = status === 'signed' ? new Date() : null;
      const [note] = await t.app.db
        .insert(clinicalNotes)
        .values({
          patientId: owner.user.id,
          doctorId: author.id,
          subjective: marker,
          plan: marker,
          status,
          signedAt,
          signedBy: signedAt ? author.id : null,
        })
        .returning();
      return { id: note!.id, marker };
    },
    snapshot: async (record) => ({
      note: await t.app.db.select().from(clinicalNotes).where(eq(clinicalNotes.id, record.id)),
      addenda: await t.app.db.select().from(clinicalNoteAddenda).where(eq(clinicalNoteAddenda.noteId, record.id)),
    }),
    secrets: (record, owner) => [record.marker!, owner.user.lastName, owner.user.email],
  };
}

const cases: IdorCase<{ id: string; mrn?: string; marker?: string; ownerId?: string; conversationId?: string }>[] = [
  {
    name: 'chart (GET /api/patients/{id}/complete, /vitals, /lab-results, /allergies)',
    paths: ['/api/patients/:id/complete', '/api/patients/:id/vitals', '/api/patients/:id/lab-results', '/api/patients/:id/allergies'],
    create: async (owner) => {
      const marker = `Chart ${randomBytes(6).toString('hex')}`;
      await chartRecords(owner.user.id, marker);
      return { id: owner.user.id, marker };
    },
    snapshot: (record) => snapshotChart(record.id),
    secrets: (record, owner) => [record.marker!, owner.user.email],
    ownerGet: 200,
  },
  {
    name: 'chart entries added (POST /api/patients/{id}/problems, /immunizations)',
    paths: ['/api/patients/:id/problems', '/api/patients/:id/immunizations'],
    body: { icd10Code: 'I10', status: 'active', cvxCode: '115', administeredOn: '2025-01-02' },
    create: async (owner) => {
      const marker = `Entries ${randomBytes(6).toString('hex')}`;
      await chartRecords(owner.user.id, marker);
      return { id: owner.user.id, marker };
    },
    snapshot: async (record) => ({
      chart: await snapshotChart(record.id),
      problems: await t.app.db.select().from(problems).where(eq(problems.patientId, record.id)),
      immunizations: await t.app.db.select().from(immunizations).where(eq(immunizations.patientId, record.id)),
    }),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'an allergy changed (PUT /api/patients/{id}/allergies/{entryId})',
    paths: ['/api/patients/:userId/allergies/:id'],
    body: { version: 1, severity: 'mild', reaction: null, status: 'inactive' },
    create: async (owner) => {
      const marker = `Allergen ${randomBytes(6).toString('hex')}`;
      const [row] = await t.app.db
        .insert(allergies)
        .values({ patientId: owner.user.id, allergen: marker, type: 'food', severity: 'severe', reaction: marker })
        .returning();
      return { id: row!.id, marker };
    },
    snapshot: async (record) => t.app.db.select().from(allergies).where(eq(allergies.id, record.id)),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'a problem changed (PUT /api/patients/{id}/problems/{entryId})',
    paths: ['/api/patients/:userId/problems/:id'],
    body: { version: 1, status: 'resolved', resolvedDate: '2025-01-02' },
    create: async (owner) => {
      const marker = `Problem ${randomBytes(6).toString('hex')}`;
      const [row] = await t.app.db.insert(problems).values({ patientId: owner.user.id, icd10Code: 'I10', description: marker }).returning();
      return { id: row!.id, marker };
    },
    snapshot: async (record) => t.app.db.select().from(problems).where(eq(problems.id, record.id)),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'an immunization changed (PUT /api/patients/{id}/immunizations/{entryId})',
    paths: ['/api/patients/:userId/immunizations/:id'],
    body: { version: 1, administeredOn: '2025-01-02', lotNumber: 'X1' },
    create: async (owner) => {
      const marker = `Lot ${randomBytes(6).toString('hex')}`;
      const [row] = await t.app.db
        .insert(immunizations)
        .values({ patientId: owner.user.id, cvxCode: '115', name: 'Tdap', administeredOn: '2024-05-06', lotNumber: marker })
        .returning();
      return { id: row!.id, marker };
    },
    snapshot: async (record) => t.app.db.select().from(immunizations).where(eq(immunizations.id, record.id)),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'medications (GET /api/medications/patient/{id})',
    paths: ['/api/medications/patient/:id'],
    create: async (owner) => {
      const marker = `Medication ${randomBytes(6).toString('hex')}`;
      await chartRecords(owner.user.id, marker);
      return { id: owner.user.id, marker };
    },
    snapshot: (record) => snapshotChart(record.id),
    secrets: (record) => [record.marker!],
    ownerGet: 200,
  },
  {
    name: 'appointments (GET /api/appointments/patient/{id})',
    paths: ['/api/appointments/patient/:id'],
    create: async (owner) => {
      const marker = `Appointment ${randomBytes(6).toString('hex')}`;
      await chartRecords(owner.user.id, marker);
      return { id: owner.user.id, marker };
    },
    snapshot: (record) => snapshotChart(record.id),
    secrets: (record, owner) => [record.marker!, owner.user.lastName],
    ownerGet: 200,
  },
  {
    name: 'doctor’s schedule (GET /api/appointments/doctor/{id}) holding the owner’s appointment',
    paths: ['/api/appointments/doctor/:id'],
    create: async (owner) => {
      const marker = `Schedule ${randomBytes(6).toString('hex')}`;
      const { doctorId } = await chartRecords(owner.user.id, marker);
      return { id: doctorId, marker, ownerId: owner.user.id };
    },
    snapshot: (record) => snapshotChart(record.ownerId!),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'visit steps (POST /api/doctor/appointments/{id}/visit) on the owner’s appointment with another doctor',
    paths: ['/api/doctor/appointments/:id/visit'],
    body: { action: 'start' },
    create: async (owner) => {
      const marker = `Visit ${randomBytes(6).toString('hex')}`;
      const { user: doctor } = await createDoctor(t.app.db, random);
      const startsAt = new Date(Date.now() - random.int(1, 120) * 60_000);
      const row = buildAppointment(random, {
        patientId: owner.user.id,
        doctorId: doctor.id,
        startsAt,
        reason: marker,
        status: 'checked-in',
      });
      await t.app.db.insert(appointments).values(row);
      return { id: row.id, marker, ownerId: owner.user.id };
    },
    snapshot: (record) => snapshotChart(record.ownerId!),
    secrets: (record, owner) => [record.marker!, owner.user.lastName],
  },
  {
    name: 'video visit (GET /api/appointments/{id}/video) of the owner’s video appointment starting now',
    paths: ['/api/appointments/:id/video'],
    create: async (owner) => {
      const marker = `Video ${randomBytes(6).toString('hex')}`;
      const { user: doctor } = await createDoctor(t.app.db, random);
      const row = buildAppointment(random, {
        patientId: owner.user.id,
        doctorId: doctor.id,
        startsAt: new Date(),
        reason: marker,
        type: 'video',
        durationMinutes: 30,
      });
      await t.app.db.insert(appointments).values(row);
      return { id: row.id, marker, ownerId: owner.user.id };
    },
    snapshot: (record) => snapshotChart(record.ownerId!),
    secrets: (record, owner) => [record.marker!, owner.user.lastName, owner.user.firstName],
    ownerGet: 200,
  },
  {
    name: 'patient record (GET /api/patients/{id})',
    paths: ['/api/patients/:id'],
    create: async (owner) => {
      const [profile] = await t.app.db.select().from(patientProfiles).where(eq(patientProfiles.userId, owner.user.id));
      return { id: owner.user.id, mrn: profile!.medicalRecordNumber };
    },
    snapshot: (record) => snapshotUser(record.id),
    secrets: (record, owner) => [record.mrn!, owner.user.email, owner.user.phone ?? ''],
    ownerGet: 200,
  },
  {
    name: 'profile (PUT /api/user/profile/{id})',
    paths: ['/api/user/profile/:id'],
    body: { firstName: 'Intruder', phone: '+1 555 000 0000' },
    create: async (owner) => ({ id: owner.user.id }),
    snapshot: (record) => snapshotUser(record.id),
    secrets: (_record, owner) => [owner.user.email, owner.user.phone ?? ''],
  },
  {
    name: 'passkey (PUT/DELETE /api/biometric/credentials/{id})',
    paths: ['/api/biometric/credentials/:id'],
    body: { enabled: false },
    create: async (owner) => {
      const marker = `device-${randomBytes(6).toString('hex')}`;
      const [row] = await t.app.db
        .insert(webauthnCredentials)
        .values({ userId: owner.user.id, credentialId: randomBytes(16).toString('base64url'), publicKey: 'pk', deviceName: marker })
        .returning();
      return { id: row!.id, marker };
    },
    snapshot: async (record) => t.app.db.select().from(webauthnCredentials).where(eq(webauthnCredentials.id, record.id)),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'notification (PUT /api/notifications/{id}/read, DELETE /api/notifications/{id})',
    paths: ['/api/notifications/:id/read', '/api/notifications/:id'],
    create: async (owner) => {
      const marker = `Results ready ${randomBytes(6).toString('hex')}`;
      const [row] = await t.app.db
        .insert(notifications)
        .values({ userId: owner.user.id, type: 'lab_result', title: marker, message: marker })
        .returning();
      return { id: row!.id, marker };
    },
    snapshot: async (record) => t.app.db.select().from(notifications).where(eq(notifications.id, record.id)),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'permissions and account status (GET/POST /api/users/{id}/permissions, PUT position, role, status)',
    paths: [
      '/api/users/:id/permissions',
      '/api/users/:id/permissions/patients.view.all',
      '/api/users/:id/position',
      '/api/users/:id/role',
      '/api/users/:id/status',
    ],
    body: { permission: 'billing.view', position: 'billing', role: 'admin', active: false },
    create: async (owner) => ({ id: owner.user.id }),
    snapshot: async (record) => ({
      grants: await t.app.db.select().from(userPermissions).where(eq(userPermissions.userId, record.id)),
      user: (await snapshotUser(record.id)).user,
    }),
    secrets: (_record, owner) => [owner.user.email],
    ownerGet: 200,
  },
  {
    name: 'ending a user’s sessions (POST /api/admin/users/{id}/sessions/end)',
    paths: ['/api/admin/users/:id/sessions/end'],
    create: async (owner) => ({ id: owner.user.id }),
    snapshot: async (record) => t.app.db.select().from(sessions).where(eq(sessions.userId, record.id)),
    secrets: (_record, owner) => [owner.user.email],
  },
  {
    name: 'own appointment (GET calendar.ics and queue, PUT /api/appointments/{id}, POST cancel and confirm)',
    paths: [
      '/api/appointments/:id/calendar.ics',
      '/api/appointments/:id',
      '/api/appointments/:id/cancel',
      '/api/appointments/:id/confirm',
      '/api/appointments/:id/queue',
    ],
    // A day within the booking window, so the refusal is the record's and not the date's.
    body: { date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), time: '09:00', timeZone: 'UTC' },
    create: async (owner) => {
      const marker = `Visit ${randomBytes(6).toString('hex')}`;
      const { user: doctor } = await createDoctor(t.app.db, random);
      const row = buildAppointment(random, {
        patientId: owner.user.id,
        doctorId: doctor.id,
        startsAt: new Date(Date.UTC(2032, 5, 1, 10, 0)),
        reason: marker,
      });
      await t.app.db.insert(appointments).values(row);
      return { id: row.id, marker };
    },
    snapshot: async (record) => t.app.db.select().from(appointments).where(eq(appointments.id, record.id)),
    secrets: (record, owner) => [record.marker!, owner.user.lastName, owner.user.email],
    ownerGet: 200,
  },
  {
    name: 'a patient’s conversations in the chart (GET /api/patients/{id}/conversations)',
    paths: ['/api/patients/:id/conversations'],
    create: async (owner) => ({ id: owner.user.id, marker: await ownerConversation(owner) }),
    snapshot: async (record) => t.app.db.select().from(conversations).where(eq(conversations.patientId, record.id)),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'a patient’s conversation read from the chart (GET /api/patients/{id}/conversations/{conversationId})',
    paths: ['/api/patients/:userId/conversations/:id'],
    create: async (owner) => {
      const marker = await ownerConversation(owner);
      const [row] = await t.app.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.subject, marker));
      return { id: row!.id, marker };
    },
    snapshot: async (record) => ({
      conversation: await t.app.db.select().from(conversations).where(eq(conversations.id, record.id)),
      messages: await t.app.db.select().from(messages).where(eq(messages.conversationId, record.id)),
    }),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'a file of a patient’s conversation downloaded from the chart (GET /api/patients/{id}/conversations/{conversationId}/attachments/{attachmentId})',
    paths: ['/api/patients/:userId/conversations/:conversationId/attachments/:id'],
    create: async (owner) => {
      const marker = await ownerConversation(owner);
      const [message] = await t.app.db
        .select({ id: messages.id, conversationId: messages.conversationId })
        .from(messages)
        .where(eq(messages.body, marker));
      const storageKey = `messages/${message!.conversationId}/${randomBytes(8).toString('hex')}`;
      const content = Buffer.from(`%PDF-1.4 ${marker}`);
      const [file] = await t.app.db
        .insert(messageAttachments)
        .values({
          messageId: message!.id,
          position: 0,
          filename: `${marker}.pdf`,
          mimeType: 'application/pdf',
          sizeBytes: content.length,
          storageKey,
        })
        .returning({ id: messageAttachments.id });
      await t.app.db.insert(messageAttachmentContents).values({ storageKey, content });
      return { id: file!.id, conversationId: message!.conversationId, marker };
    },
    snapshot: async (record) => t.app.db.select().from(messageAttachments).where(eq(messageAttachments.id, record.id)),
    secrets: (record) => [record.marker!, '%PDF'],
  },
  {
    name: 'waitlist entry (DELETE /api/waitlist/{id})',
    paths: ['/api/waitlist/:id'],
    create: async (owner) => {
      const { user: doctor } = await createDoctor(t.app.db, random);
      const [row] = await t.app.db
        .insert(waitlistEntries)
        .values({ patientId: owner.user.id, doctorId: doctor.id, reason: `Waiting ${randomBytes(6).toString('hex')}` })
        .returning();
      return { id: row!.id, marker: row!.reason! };
    },
    snapshot: async (record) => t.app.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, record.id)),
    secrets: (record, owner) => [record.marker!, owner.user.lastName, owner.user.email],
  },
  {
    name: 'waitlist offer (POST /api/waitlist/offers/{id}/accept)',
    paths: ['/api/waitlist/offers/:id/accept'],
    create: async (owner) => {
      const { user: doctor } = await createDoctor(t.app.db, random);
      const [entry] = await t.app.db
        .insert(waitlistEntries)
        .values({ patientId: owner.user.id, doctorId: doctor.id, reason: 'Check-up' })
        .returning();
      const startsAt = new Date(Date.UTC(2032, random.int(0, 11), random.int(1, 28), random.int(9, 16), 0));
      const [opening] = await t.app.db.insert(waitlistOpenings).values({ doctorId: doctor.id, startsAt }).returning();
      const [offer] = await t.app.db
        .insert(waitlistOffers)
        .values({ openingId: opening!.id, entryId: entry!.id, patientId: owner.user.id, expiresAt: new Date(Date.now() + 3_600_000) })
        .returning();
      return { id: offer!.id };
    },
    snapshot: async (record) => ({
      offers: await t.app.db.select().from(waitlistOffers).where(eq(waitlistOffers.id, record.id)),
      openings: await t.app.db.select().from(waitlistOpenings),
    }),
    secrets: (_record, owner) => [owner.user.lastName, owner.user.email],
  },
  noteCase({
    paths: ['/api/clinical-notes/:id'],
    body: { version: 1, subjective: 'x', objective: 'x', assessment: 'x', plan: 'x', instructions: 'x' },
    status: 'draft',
  }),
  noteCase({ paths: ['/api/clinical-notes/:id/sign'], body: { version: 1 }, status: 'draft' }),
  noteCase({ paths: ['/api/clinical-notes/:id/addenda'], body: { text: 'An intruder’s addendum' }, status: 'signed' }),
  {
    name: 'note template (PUT /api/note-templates/{id}), another doctor’s private one',
    paths: ['/api/note-templates/:id'],
    body: {
      name: 'Taken over',
      specialty: 'Cardiology',
      shared: true,
      subjective: '',
      objective: '',
      assessment: '',
      plan: '',
      instructions: '',
    },
    create: async () => {
      const marker = `Template ${randomBytes(6).toString('hex')}`;
      const { user: author } = await createDoctor(t.app.db, random);
      const [row] = await t.app.db
        .insert(noteTemplates)
        .values({ ownerId: author.id, name: marker, specialty: 'Cardiology', plan: marker })
        .returning();
      return { id: row!.id, marker };
    },
    snapshot: async (record) => t.app.db.select().from(noteTemplates).where(eq(noteTemplates.id, record.id)),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'refill decision (POST /api/medications/refill-requests/{id}/decision) on a request to another doctor',
    paths: ['/api/medications/refill-requests/:id/decision'],
    body: { decision: 'deny', reason: 'Not today' },
    create: async (owner) => {
      const marker = `Refill ${randomBytes(6).toString('hex')}`;
      const { doctorId } = await chartRecords(owner.user.id, marker);
      const [medication] = await t.app.db.select({ id: medications.id }).from(medications).where(eq(medications.name, marker));
      const [request] = await t.app.db
        .insert(refillRequests)
        .values({ medicationId: medication!.id, patientId: owner.user.id, prescriberId: doctorId, note: marker })
        .returning({ id: refillRequests.id });
      return { id: request!.id, marker, ownerId: owner.user.id };
    },
    snapshot: async (record) => ({
      request: await t.app.db.select().from(refillRequests).where(eq(refillRequests.id, record.id)),
      tasks: await t.app.db.select().from(tasks).where(eq(tasks.refillRequestId, record.id)),
    }),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'prescription (POST /api/medications/{id}/discontinue)',
    paths: ['/api/medications/:id/discontinue'],
    body: { reason: 'Stopped by someone else' },
    create: async (owner) => {
      const marker = `Prescription ${randomBytes(6).toString('hex')}`;
      await chartRecords(owner.user.id, marker);
      const [medication] = await t.app.db.select({ id: medications.id }).from(medications).where(eq(medications.name, marker));
      return { id: medication!.id, marker, ownerId: owner.user.id };
    },
    snapshot: (record) => snapshotChart(record.ownerId!),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'prescription (POST /api/medications/{id}/renew)',
    paths: ['/api/medications/:id/renew'],
    body: { overrideReason: 'Renewed by someone else' },
    create: async (owner) => {
      const marker = `Prescription ${randomBytes(6).toString('hex')}`;
      await chartRecords(owner.user.id, marker);
      const [medication] = await t.app.db.select({ id: medications.id }).from(medications).where(eq(medications.name, marker));
      return { id: medication!.id, marker, ownerId: owner.user.id };
    },
    snapshot: (record) => snapshotChart(record.ownerId!),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'a doctor’s prescriptions (GET /api/medications/doctor/{id}) holding the owner’s medication',
    paths: ['/api/medications/doctor/:id'],
    create: async (owner) => {
      const marker = `Prescribed ${randomBytes(6).toString('hex')}`;
      const { doctorId } = await chartRecords(owner.user.id, marker);
      return { id: doctorId, marker, ownerId: owner.user.id };
    },
    snapshot: (record) => snapshotChart(record.ownerId!),
    secrets: (record) => [record.marker!],
  },
  {
    name: 'orders and result reports (GET /api/patients/{id}/orders, /result-reports)',
    paths: ['/api/patients/:id/orders', '/api/patients/:id/result-reports'],
    create: async (owner) => {
      const marker = `Orders ${randomBytes(6).toString('hex')}`;
      await chartRecords(owner.user.id, marker);
      return { id: owner.user.id, marker };
    },
    snapshot: (record) => snapshotChart(record.id),
    secrets: (record, owner) => [record.marker!, owner.user.lastName],
  },
  {
    name: 'an order and its steps (GET /api/orders/{id}, POST collect, results, attachments, import, release, cancel)',
    paths: [
      '/api/orders/:id',
      '/api/orders/:id/collect',
      '/api/orders/:id/results',
      '/api/orders/:id/attachments',
      '/api/orders/:id/import/preview',
      '/api/orders/:id/import',
      '/api/orders/:id/release',
      '/api/orders/:id/cancel',
    ],
    body: { version: 1, reason: 'Taken over', report: 'Taken over', content: '2345-7,92' },
    create: async (owner) => {
      const marker = `Order ${randomBytes(6).toString('hex')}`;
      const { user: doctor } = await createDoctor(t.app.db, random);
      await assignCare(t.app, doctor.id, owner.user.id);
      const [row] = await t.app.db
        .insert(labOrders)
        .values({
          patientId: owner.user.id,
          kind: 'imaging',
          panelCode: '36643-5',
          panelName: 'XR Chest 2 Views',
          reason: marker,
          orderedBy: doctor.id,
          orderedAt: new Date(),
        })
        .returning({ id: labOrders.id });
      return { id: row!.id, marker, ownerId: owner.user.id };
    },
    snapshot: async (record) => ({
      order: await t.app.db.select().from(labOrders).where(eq(labOrders.id, record.id)),
      tasks: await t.app.db.select().from(tasks).where(eq(tasks.labOrderId, record.id)),
    }),
    secrets: (record, owner) => [record.marker!, owner.user.lastName],
  },
];

describe('IDOR: someone else’s record', () => {
  for (const testCase of cases) {
    it(`${testCase.name}: refused to every intruder, with no leak and no change`, async () => {
      for (const { label, actor: intruder } of intruders) {
        // A fresh owner per intruder: a patient, who owns a record, a profile, passkeys and notifications.
        const owner = await createActor(t.app, 'patient');
        const { outcomes, before, after, ownerStatus } = await probeIdor(testCase, owner, intruder);
        for (const outcome of outcomes) {
          const where = `${label}: ${outcome.method} ${outcome.url}`;
          expect([403, 404], where).toContain(outcome.status);
          expect(outcome.leaked, where).toEqual([]);
        }
        expect(after, label).toEqual(before);
        if (testCase.ownerGet !== undefined) expect(ownerStatus, `${label}: the owner`).toBe(testCase.ownerGet);
      }
    });
  }
});

describe('mass assignment', () => {
  it('a patient cannot set its own role (or any account field) through the profile update', async () => {
    const patient = await createActor(t.app, 'patient');
    for (const body of [
      { role: 'admin' },
      { firstName: 'Sam', role: 'admin' },
      { position: 'nurse' },
      { isActive: false },
      { mfaEnabled: false },
    ]) {
      const response = await patient.agent.put(`/api/user/profile/${patient.user.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const [row] = await t.app.db
      .select({ role: users.role, firstName: users.firstName, position: users.position })
      .from(users)
      .where(eq(users.id, patient.user.id));
    expect(row).toEqual({ role: 'patient', firstName: patient.user.firstName, position: null });
    expect((await patient.agent.put(`/api/users/${patient.user.id}/role`, { role: 'admin' })).statusCode).toBe(403);
  });
});

/**
 * Routes that take an id or token in their path without it naming someone's record, each with
 * the reason. Every other such route must have an IDOR case (a `paths` entry probed with
 * `probeIdor` in a test), so a new route holding someone's data cannot be added without one.
 */
const NOT_SOMEONES_RECORD: Record<string, string> = {
  'GET /api/doctors/:': 'the public profile of a doctor, shown to everyone on the landing page',
  'GET /api/doctors/:/slots': "a doctor's free slots, public so that anyone can see when to book",
  'GET /api/shared/medication/:': 'a share token, not an id: guessing and revocation are tested in share-links.test.ts',
  'GET /api/appointment-links/:': 'a reminder link token, not an id: single use, expiry and action are tested in reminders.test.ts',
  'POST /api/appointment-links/:': 'a reminder link token, not an id: single use, expiry and action are tested in reminders.test.ts',
  'PUT /api/admin/clinics/:': "the organisation's own clinic locations, configured by administrators only",
  'DELETE /api/admin/clinics/:': "the organisation's own clinic locations, configured by administrators only",
  'GET /api/reports/:': 'a report kind from a fixed list, not an id: access per kind is tested in reports.test.ts',
  'GET /api/reports/:/size': 'a report kind from a fixed list, not an id: access per kind is tested in reports.test.ts',
  'DELETE /api/reports/schedules/:': "the organisation's report schedules, managed by holders of reports.schedule; no one's record",
};

describe('IDOR coverage', () => {
  it('has a foreign-record case for every route that takes an id, read from the route table', () => {
    const probed = [...probedRouteTemplates(path.resolve(import.meta.dirname, '..'))];
    // A case may probe a parameter with a value of its own (a permission's name): that matches too.
    const sameRoute = (probe: string, route: string) => {
      const [a, b] = [probe.split('/'), route.split('/')];
      return a.length === b.length && b.every((segment, i) => segment === ':' || segment === a[i]);
    };
    const missing = declaredRoutes(t.app)
      .filter((route) => route.url.includes(':') && route.method !== 'HEAD')
      .map((route) => `${route.method} ${routeTemplate(route.url)}`)
      .filter((key) => !probed.some((template) => sameRoute(template, key.slice(key.indexOf(' ') + 1))) && !(key in NOT_SOMEONES_RECORD));
    expect(missing).toEqual([]);
  });
});
