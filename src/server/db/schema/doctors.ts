import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, smallint, text, time, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './organisation';
import { users } from './users';

// Doctors: directory fields plus the profile-level languages, telemedicine and availability.
export const doctorProfiles = pgTable(
  'doctor_profiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    specialty: text('specialty').notNull(),
    department: text('department'),
    /**
     * Where the doctor works, as text. When clinicId is set, it holds the clinic's name as it was
     * when the doctor was placed there; the directory shows the clinic's current name instead, so a
     * rename shows at once. A doctor of no clinic (none is configured, or it was removed) shows this.
     */
    hospital: text('hospital').notNull(),
    /** The organisation's clinic the doctor works at: the landing page's patients today count by it. */
    clinicId: uuid('clinic_id').references(() => clinics.id, { onDelete: 'set null' }),
    experienceYears: integer('experience_years').notNull().default(0),
    rating: numeric('rating', { precision: 2, scale: 1 }),
    reviewCount: integer('review_count').notNull().default(0),
    consultationFee: numeric('consultation_fee', { precision: 12, scale: 2 }),
    qualifications: text('qualifications')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bio: text('bio'),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    telemedicineEnabled: boolean('telemedicine_enabled').notNull().default(false),
    verified: boolean('verified').notNull().default(false),
  },
  (t) => [
    index('doctor_profiles_specialty_idx').on(t.specialty),
    index('doctor_profiles_clinic_idx').on(t.clinicId),
    check('doctor_profiles_rating_check', sql`${t.rating} is null or (${t.rating} >= 0 and ${t.rating} <= 5)`),
    check('doctor_profiles_experience_check', sql`${t.experienceYears} >= 0`),
  ],
);

export const doctorAvailability = pgTable(
  'doctor_availability',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.userId, { onDelete: 'cascade' }),
    /** 0 = Sunday … 6 = Saturday, as JavaScript's Date#getDay. */
    dayOfWeek: smallint('day_of_week').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    isAvailable: boolean('is_available').notNull().default(true),
  },
  (t) => [
    index('doctor_availability_doctor_idx').on(t.doctorId),
    check('doctor_availability_day_check', sql`${t.dayOfWeek} between 0 and 6`),
    check('doctor_availability_range_check', sql`${t.startTime} < ${t.endTime}`),
  ],
);

/** Leave, conferences, holidays: no slot is offered inside one, whatever the weekly hours say. */
export const doctorTimeOff = pgTable(
  'doctor_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => doctorProfiles.userId, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('doctor_time_off_doctor_idx').on(t.doctorId, t.startsAt),
    check('doctor_time_off_range_check', sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

export type DoctorProfileRow = typeof doctorProfiles.$inferSelect;
export type NewDoctorProfileRow = typeof doctorProfiles.$inferInsert;
export type NewDoctorAvailabilityRow = typeof doctorAvailability.$inferInsert;
export type NewDoctorTimeOffRow = typeof doctorTimeOff.$inferInsert;
