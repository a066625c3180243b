import { eq } from 'drizzle-orm';
import type { Database } from '../client';
import { noteTemplates, users } from '../schema';

// The demo doctor's note templates, shared with every doctor, so the templates view and "start a
// note from a template" have something to show on a fresh demo. Their named fields are filled from
// the patient's record when a note starts from one.

const DEMO_DOCTOR = 'doctor@caredeck.demo';

export const DEMO_NOTE_TEMPLATES = [
  {
    name: 'Follow-up visit',
    specialty: 'Family Medicine',
    subjective: 'Reason for follow-up:\n\nSince the last visit:',
    objective: 'Vital signs:\n{{vitals}}\n\nExamination:',
    assessment: 'Active problems:\n{{problems}}\n\nAssessment:',
    plan: 'Current medications:\n{{medications}}\n\nAllergies:\n{{allergies}}\n\nPlan:',
    instructions: 'Please book a follow-up visit if your symptoms do not improve.',
  },
  {
    name: 'Annual check-up',
    specialty: 'Family Medicine',
    subjective: 'Concerns raised by the patient:\n\nLifestyle (diet, exercise, smoking, alcohol):',
    objective: 'Vital signs:\n{{vitals}}\n\nExamination:',
    assessment: 'Known problems:\n{{problems}}\n\nPreventive care due:',
    plan: 'Medications reviewed:\n{{medications}}\n\nAllergies confirmed:\n{{allergies}}\n\nScreening and vaccinations:',
    instructions: '',
  },
] as const;

export async function seedDemoNoteTemplates(db: Database): Promise<void> {
  const [doctor] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_DOCTOR));
  if (!doctor) return;
  await db.insert(noteTemplates).values(DEMO_NOTE_TEMPLATES.map((template) => ({ ...template, ownerId: doctor.id, shared: true })));
}
