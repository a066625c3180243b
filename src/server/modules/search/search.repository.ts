import { aliasedTable, and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ReadQuery } from '../../../contracts/search';
import { appointments, doctorProfiles, patientProfiles, users } from '../../db/schema';
import type { Database } from '../../db/client';
import { Repository } from '../../platform/unit-of-work';

// The header search's reads (docs/decisions/029-search-trigram-indexes.md). Everything typed is a
// bound value, never SQL: LIKE wildcards are escaped into literal characters, and names are folded
// (accents, case) by caredeck_fold on both sides, so the trigram indexes of migration 0023 serve
// every shape: a fragment (LIKE '%…%'), a start (LIKE '…%', for words under 3 letters), a typo
// (similarity, %). Patients and appointments go through the caller's scope; every patient a result
// names is noted on the request's audit event as a search hit.

/** Words shorter than this match only the start of a name part: shorter fragments have no trigram to look up. */
const FRAGMENT_MIN = 3;
/**
 * The most ids one kind of match (name, e-mail, MRN, phone, day of birth) contributes. A query that
 * matches more (two letters over a large practice) is ranked among these; typing more narrows it.
 */
export const CANDIDATES = 200;
/** Words this long also match a name part with one letter wrong (trigram similarity over the threshold). */
const TYPO_MIN = 4;

/** Letters and digits: what trigrams are made of (punctuation only separates them). */
function letters(word: string): number {
  return word.replace(/[^\p{L}\p{N}]/gu, '').length;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function fold(column: AnyPgColumn | SQL): SQL {
  return sql`caredeck_fold(${column})`;
}

/** `word` found in one of the folded name parts: a fragment, a start for short words, or a near miss. */
function nameWord(parts: readonly (AnyPgColumn | SQL)[], word: string): SQL {
  const escaped = escapeLike(word);
  const pattern = letters(word) >= FRAGMENT_MIN ? sql`'%' || caredeck_fold(${escaped}) || '%'` : sql`caredeck_fold(${escaped}) || '%'`;
  const tests = parts.map((part) => sql`${fold(part)} like ${pattern}`);
  if (letters(word) >= TYPO_MIN) tests.push(...parts.map((part) => sql`${fold(part)} % caredeck_fold(${word})`));
  return sql`(${sql.join(tests, sql` or `)})`;
}

function everyWord(words: readonly string[], test: (word: string) => SQL): SQL {
  return sql`(${sql.join(
    words.map((word) => test(word)),
    sql` and `,
  )})`;
}

/** Users whose first and last names hold every word, in any order (the name indexes). */
function usersNamed(words: readonly string[]): SQL {
  return sql`select ${users.id} from ${users} where ${everyWord(words, (word) => nameWord([users.firstName, users.lastName], word))}`;
}

function fullName(first: AnyPgColumn, last: AnyPgColumn): SQL {
  return sql`(${first} || ' ' || ${last})`;
}

/** Best first: closeness of the whole name to the query, then by name so that equal scores keep one order. */
function closeness(first: AnyPgColumn, last: AnyPgColumn, text: string): SQL {
  return sql`similarity(${fold(fullName(first, last))}, caredeck_fold(${text}))`;
}

export interface Window {
  limit: number;
  offset: number;
}

export interface PatientHitRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  dateOfBirth: string | null;
  medicalRecordNumber: string;
  bloodType: string;
}

export interface DoctorHitRow {
  id: string;
  firstName: string;
  lastName: string;
  specialty: string;
  department: string | null;
}

export interface StaffHitRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'patient' | 'doctor' | 'staff' | 'admin';
  position: string | null;
}

export interface AppointmentHitRow {
  id: string;
  type: 'in-person' | 'video';
  status: 'requested' | 'scheduled' | 'checked-in' | 'in-progress' | 'completed' | 'cancelled' | 'no-show';
  startsAt: Date;
  patientId: string;
  patientFirstName: string;
  patientLastName: string;
  doctorFirstName: string;
  doctorLastName: string;
}

/**
 * The patients query: exported so that the EXPLAIN test (search-plans.test.ts) reads the plan of
 * exactly what the endpoint sends. `scope` is the caller's condition on the patient's id.
 */
export function patientSearch(db: Database, scope: SQL, query: ReadQuery, window: Window) {
  const candidates: SQL[] = [usersNamed(query.words)];
  const single = query.words.length === 1 ? query.words[0]! : null;
  if (single && letters(single) >= FRAGMENT_MIN) {
    const escaped = escapeLike(single);
    candidates.push(sql`select ${users.id} from ${users} where lower(${users.email}::text) like '%' || lower(${escaped}) || '%'`);
    if (/\d/.test(single)) {
      candidates.push(
        sql`select ${patientProfiles.userId} from ${patientProfiles} where ${patientProfiles.medicalRecordNumber} ilike '%' || ${escaped} || '%'`,
      );
    }
  }
  if (query.digits) {
    candidates.push(
      sql`select ${users.id} from ${users} where regexp_replace(coalesce(${users.phone}, ''), '[^0-9]', '', 'g') like '%' || ${query.digits} || '%'`,
    );
  }
  if (query.day) candidates.push(sql`select ${users.id} from ${users} where ${users.dateOfBirth} = ${query.day}::date`);

  // Each kind of match gives at most CANDIDATES ids, and the ranking is among those: the planner
  // then reads each candidate's rows by primary key instead of every patient, whatever the query.
  const hits = sql`(select id from (${sql.join(
    candidates.map((candidate) => sql`(${candidate} limit ${sql.raw(String(CANDIDATES))})`),
    sql` union `,
  )}) as found(id) limit ${sql.raw(String(CANDIDATES))}) as hits`;
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      dateOfBirth: users.dateOfBirth,
      medicalRecordNumber: patientProfiles.medicalRecordNumber,
      bloodType: patientProfiles.bloodType,
    })
    .from(hits)
    .innerJoin(users, sql`${users.id} = hits.id`)
    .innerJoin(patientProfiles, sql`${patientProfiles.userId} = hits.id`)
    .where(and(scope, eq(users.isActive, true)))
    .orderBy(desc(closeness(users.firstName, users.lastName, query.text)), asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(window.limit)
    .offset(window.offset);
}

const patientOf = aliasedTable(users, 'search_patient');
const doctorOf = aliasedTable(users, 'search_doctor');

export function doctorSearch(db: Database, query: ReadQuery, window: Window) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      specialty: doctorProfiles.specialty,
      department: doctorProfiles.department,
    })
    .from(doctorProfiles)
    .innerJoin(users, eq(users.id, doctorProfiles.userId))
    .where(
      and(
        // The role too, though every profile is a doctor's: its index keeps the planner from
        // reading every user to join them with the (few) doctors.
        eq(users.role, 'doctor'),
        eq(users.isActive, true),
        everyWord(query.words, (word) =>
          nameWord([users.firstName, users.lastName, doctorProfiles.specialty, sql`coalesce(${doctorProfiles.department}, '')`], word),
        ),
      ),
    )
    .orderBy(desc(closeness(users.firstName, users.lastName, query.text)), asc(users.lastName), asc(users.id))
    .limit(window.limit)
    .offset(window.offset);
}

export function staffSearch(db: Database, query: ReadQuery, window: Window) {
  return db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      position: users.position,
    })
    .from(users)
    .where(
      and(
        inArray(users.role, ['staff', 'admin']),
        eq(users.isActive, true),
        everyWord(query.words, (word) =>
          nameWord(
            [users.firstName, users.lastName, sql`coalesce(${users.position}, '')`, sql`split_part(${users.email}::text, '@', 1)`],
            word,
          ),
        ),
      ),
    )
    .orderBy(desc(closeness(users.firstName, users.lastName, query.text)), asc(users.lastName), asc(users.id))
    .limit(window.limit)
    .offset(window.offset);
}

export function appointmentSearch(db: Database, scope: SQL, query: ReadQuery, window: Window) {
  const matching = query.day
    ? sql`${appointments.startsAt} >= ${query.day}::date and ${appointments.startsAt} < ${query.day}::date + 1`
    : everyWord(query.words, (word) => {
        const named = usersNamed([word]);
        return sql`(${appointments.patientId} in (${named}) or ${appointments.doctorId} in (${named}) or ${appointments.type} like ${`${escapeLike(word.toLowerCase())}%`})`;
      });
  return db
    .select({
      id: appointments.id,
      type: appointments.type,
      status: appointments.status,
      startsAt: appointments.startsAt,
      patientId: appointments.patientId,
      patientFirstName: patientOf.firstName,
      patientLastName: patientOf.lastName,
      doctorFirstName: doctorOf.firstName,
      doctorLastName: doctorOf.lastName,
    })
    .from(appointments)
    .innerJoin(patientOf, eq(patientOf.id, appointments.patientId))
    .innerJoin(doctorOf, eq(doctorOf.id, appointments.doctorId))
    .where(and(scope, matching))
    .orderBy(desc(appointments.startsAt), asc(appointments.id))
    .limit(window.limit)
    .offset(window.offset);
}

export class SearchRepository extends Repository {
  /** Whether the caller may see clinical fields (the blood type) of the patients found. */
  get clinical(): boolean {
    return this.scope.phiAccess;
  }

  /**
   * Patients in the caller's reach matching the query: name words (any order), e-mail, MRN, phone
   * digits, day of birth. Each kind of match is looked up on its own index and the ids joined with
   * IN; an OR across tables could use none and would read every patient.
   */
  async patients(query: ReadQuery, window: Window): Promise<PatientHitRow[]> {
    const rows = await patientSearch(this.db, this.scope.condition(patientProfiles.userId), query, window);
    // The search text is not recorded: it may be a patient's name.
    this.audit.read(
      'patient.search',
      'patient',
      null,
      rows.map((row) => row.id),
      { count: rows.length, offset: window.offset },
    );
    return rows;
  }

  /** Active doctors whose name, specialty or department holds every word. */
  doctors(query: ReadQuery, window: Window): Promise<DoctorHitRow[]> {
    return doctorSearch(this.db, query, window);
  }

  /** Active staff and administrators whose name, e-mail or position holds every word. */
  staff(query: ReadQuery, window: Window): Promise<StaffHitRow[]> {
    return staffSearch(this.db, query, window);
  }

  /**
   * Appointments of patients in the caller's reach (a patient: their own) on the query's day, or
   * whose patient's or doctor's name or type holds every word. Newest first.
   */
  async appointments(query: ReadQuery, window: Window): Promise<AppointmentHitRow[]> {
    const rows = await appointmentSearch(this.db, this.scope.condition(appointments.patientId), query, window);
    this.audit.read('appointment.search', 'appointment', null, [...new Set(rows.map((row) => row.patientId))], {
      count: rows.length,
      offset: window.offset,
    });
    return rows;
  }
}
