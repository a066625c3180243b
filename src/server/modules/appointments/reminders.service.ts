import { APPOINTMENT_LINK_PATH, type AppointmentLinkAction } from '../../../contracts/appointment-links';
import { doctorNameParams, NOTIFICATION_LINKS } from '../../../contracts/notifications';
import type { AccessContext } from '../../platform/access-context';
import { englishDoctorName } from '../../platform/english-names';
import type { MailMessage } from '../../platform/mail';
import { hashToken, randomToken } from '../../platform/tokens';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { NotificationsService } from '../notifications/notifications.service';
import type { AppointmentListRow } from './appointments.repository';
import { RemindersRepository } from './reminders.repository';
import { wallClock } from './slots';

// Appointment reminders: a job finds booked appointments whose reminder time has come (hours before
// the start, from the configuration) and sends each patient one e-mail and one notification per
// reminder time. The mail carries one-click links to confirm, reschedule or cancel that appointment
// without signing in; each is single-use, works until the appointment starts, and only its hash is
// stored. When several reminder times have passed at once (a booking made late), only the nearest
// is sent: the patient hears once, not twice in a row.

const HOUR = 3_600_000;
/** Appointments looked at per run; the rest wait for the next run a few minutes later. */
const BATCH = 200;
const ACTIONS: readonly AppointmentLinkAction[] = ['confirm', 'reschedule', 'cancel'];

export interface RemindersOptions {
  /** Hours before the start, largest first; a function is asked at every run (the system settings may change them). */
  hoursBefore: readonly number[] | (() => Promise<readonly number[]>);
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  publicUrl: string;
  organisation: () => Promise<{ name: string; supportEmail: string }>;
  system: () => AccessContext;
  clock?: () => Date;
}

export function reminderKind(hours: number): string {
  return `${hours}h`;
}

/** The nearest reminder time that has come for an appointment, or null. */
function kindDue(hoursBefore: readonly number[], startsAt: Date, now: Date): string | null {
  const passed = hoursBefore.filter((hours) => startsAt.getTime() - hours * HOUR <= now.getTime());
  return passed.length > 0 ? reminderKind(Math.min(...passed)) : null;
}

export class RemindersService {
  private readonly clock: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationsService,
    private readonly options: RemindersOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  /** One run of the job: sends every reminder that is due and not sent yet; answers how many it sent. */
  async sendDue(): Promise<{ sent: number }> {
    const now = this.clock();
    const { hoursBefore } = this.options;
    const hours = typeof hoursBefore === 'function' ? await hoursBefore() : hoursBefore;
    const largest = Math.max(...hours);
    const due = await this.uow.read(this.options.system(), (work) =>
      work.use(RemindersRepository).due(now, new Date(now.getTime() + largest * HOUR), BATCH),
    );
    let sent = 0;
    // Read before any write: the settings come from the pool, which a write's transaction may hold.
    const clinic = due.length > 0 ? (await this.options.organisation()).name : '';
    for (const appointment of due) {
      const kind = kindDue(hours, appointment.startsAt, now);
      if (!kind || appointment.sentKinds.includes(kind)) continue;
      if (await this.send(appointment.id, kind, now, clinic)) sent += 1;
    }
    return { sent };
  }

  /** One reminder in one write: claimed, its links stored, its mail and notification with it. */
  private send(appointmentId: string, kind: string, now: Date, clinic: string): Promise<boolean> {
    return this.uow.write(this.options.system(), async (work) => {
      const repository = work.use(RemindersRepository);
      const row = await repository.booked(appointmentId);
      if (!row || !(await repository.claim(appointmentId, kind, now))) return false;
      const tokens = ACTIONS.map((action) => ({ action, token: randomToken() }));
      await repository.createLinks(
        row,
        tokens.map(({ action, token }) => ({ action, tokenHash: hashToken(token) })),
        row.startsAt,
      );
      repository.mail(this.mail(row, clinic, Object.fromEntries(tokens.map((t) => [t.action, t.token]))));
      const doctor = { firstName: row.doctorFirstName, lastName: row.doctorLastName };
      await this.notifications.notifyIn(work, row.patientId, {
        type: 'reminder',
        title: 'Appointment reminder',
        message: `Your ${row.type} appointment with ${englishDoctorName(doctor)} is on ${this.when(row.startsAt)}.`,
        priority: 'medium',
        actionUrl: NOTIFICATION_LINKS.patientAppointments,
        metadata: { appointmentId: row.id, ...doctorNameParams(doctor), consultationType: row.type },
        code: 'appointment.reminder_due',
        params: { ...doctorNameParams(doctor), startsAt: row.startsAt.toISOString() },
      });
      repository.sent(row, kind);
      return true;
    });
  }

  /**
   * The reminder mail: the patient's first name, the time, the doctor and the clinic, and the links.
   * Nothing of the visit's reason or the record: a mailbox is not the place for health data. Like
   * every mail of the outbox it is English (english-names.ts).
   */
  private mail(row: AppointmentListRow & { patientEmail: string }, clinic: string, tokens: Record<string, string>): MailMessage {
    const base = `${this.options.publicUrl.replace(/\/$/, '')}${APPOINTMENT_LINK_PATH}`;
    return {
      to: row.patientEmail,
      kind: 'appointment-reminder',
      subject: `Reminder: your appointment at ${clinic}`,
      text: [
        `Dear ${row.patientFirstName},`,
        '',
        `this is a reminder of your ${row.type === 'video' ? 'video ' : ''}appointment with ${englishDoctorName({ firstName: row.doctorFirstName, lastName: row.doctorLastName })} at ${clinic} on ${this.when(row.startsAt)}.`,
        '',
        `Confirm that you will come: ${base}${tokens.confirm}`,
        `Choose another time: ${base}${tokens.reschedule}`,
        `Cancel the appointment: ${base}${tokens.cancel}`,
        '',
        'Each link works once, until the appointment starts.',
        '',
        clinic,
      ].join('\n'),
    };
  }

  private when(at: Date): string {
    const zone = this.options.clinic.timeZone();
    return `${wallClock(at, zone).replace('T', ' ')} (${zone})`;
  }
}
