import { inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { conversationParticipants, conversations, messages, tasks, users } from '../schema';

// The demo's conversations: the demo patient and her doctor about home blood pressure readings (the
// doctor's answer waiting unread for her), her billing question in the staff inbox answered by the
// demo receptionist, and the doctor asking the receptionist to book a follow-up. Each person who
// signs in to the demo finds real threads in the messages view.

const DEMO_PATIENT = 'patient@caredeck.demo';
const DEMO_DOCTOR = 'doctor@caredeck.demo';
const DEMO_STAFF = 'staff@caredeck.demo';
const MINUTE = 60_000;

interface Line {
  from: string;
  body: string;
  minutesAgo: number;
}

export async function seedDemoMessages(db: Database, now: Date = new Date()): Promise<void> {
  const people = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, [DEMO_PATIENT, DEMO_DOCTOR, DEMO_STAFF]));
  const id = (email: string) => people.find((person) => person.email === email)?.id;
  const patient = id(DEMO_PATIENT);
  const doctor = id(DEMO_DOCTOR);
  const staff = id(DEMO_STAFF);
  if (!patient || !doctor || !staff) return;

  const thread = async (
    subject: string,
    values: { topic: 'billing' | null; patientId: string | null; createdBy: string },
    members: readonly string[],
    lines: readonly Line[],
    /** Who has read the last line; the others have read up to the line before it. */
    readAll: readonly string[],
  ) => {
    const first = new Date(now.getTime() - lines[0]!.minutesAgo * MINUTE);
    const last = new Date(now.getTime() - lines.at(-1)!.minutesAgo * MINUTE);
    const [row] = await db
      .insert(conversations)
      .values({ subject, ...values, createdAt: first, updatedAt: last })
      .returning({ id: conversations.id });
    const conversationId = row!.id;
    const inserted = await db
      .insert(messages)
      .values(
        lines.map((line) => ({
          conversationId,
          senderId: line.from,
          body: line.body,
          createdAt: new Date(now.getTime() - line.minutesAgo * MINUTE),
        })),
      )
      .returning({ seq: messages.seq });
    const seqs = inserted.map((m) => m.seq).sort((a, b) => a - b);
    const lastSeq = seqs.at(-1)!;
    const beforeLast = seqs.at(-2) ?? 0;
    await db.insert(conversationParticipants).values(
      members.map((userId) => {
        const readsAll = readAll.includes(userId) || lines.at(-1)!.from === userId;
        return { conversationId, userId, lastReadSeq: readsAll ? lastSeq : beforeLast, readAt: last, joinedAt: first };
      }),
    );
    return conversationId;
  };

  await thread(
    'Home blood pressure readings',
    { topic: null, patientId: patient, createdBy: patient },
    [patient, doctor],
    [
      {
        from: patient,
        body: 'Good morning Dr. Chen, my home readings this week were around 142/91 in the mornings. Should I change anything before our next visit?',
        minutesAgo: 26 * 60,
      },
      {
        from: doctor,
        body: 'Thank you for sending these. Please keep measuring twice a day and bring the log to your visit; we will review your dose then. If you get a reading above 180/110, call the clinic straight away.',
        minutesAgo: 3 * 60,
      },
    ],
    [],
  );

  const billing = await thread(
    'Question about my last invoice',
    { topic: 'billing', patientId: patient, createdBy: patient },
    [patient, staff],
    [
      { from: patient, body: 'Hello, I think my October visit was charged twice. Could you check?', minutesAgo: 2 * 24 * 60 },
      {
        from: staff,
        body: 'Thank you for letting us know. You are right: the second charge has been refunded and should reach your account within five working days.',
        minutesAgo: 30 * 60,
      },
    ],
    [patient, staff],
  );
  // The receptionist's answer closed the inbox task this conversation gave her.
  await db.insert(tasks).values({
    assigneeId: staff,
    patientId: patient,
    kind: 'message',
    status: 'done',
    title: 'Reply to a message in the staff inbox',
    conversationId: billing,
    createdAt: new Date(now.getTime() - 2 * 24 * 60 * MINUTE),
    completedAt: new Date(now.getTime() - 30 * 60 * MINUTE),
  });

  await thread(
    'Follow-up visit in four weeks',
    { topic: null, patientId: null, createdBy: doctor },
    [doctor, staff],
    [{ from: doctor, body: 'Could you book my blood pressure patients from this week for a follow-up in four weeks?', minutesAgo: 90 }],
    [],
  );
}
