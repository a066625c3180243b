import type { DashboardStats, ScheduleItem, ScheduleQuery, ScheduleResponse, VisitAction } from '../../../contracts/doctor-portal';
import type { AccessContext } from '../../platform/access-context';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { AppointmentsService } from '../appointments/appointments.service';
import type { ClinicalNotesService } from '../clinical-notes/clinical-notes.service';
import { wallClock } from '../appointments/slots';
import { DoctorPortalRepository } from './doctor-portal.repository';

// The doctor's home: the day's counts (today is the clinic's calendar day), their schedule and the
// steps of a visit. Appointments stay the appointments module's: this service asks it, in the same
// unit of work for the counts.

export interface DoctorPortalOptions {
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  clock?: () => Date;
}

export class DoctorPortalService {
  private readonly clock: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly appointments: AppointmentsService,
    private readonly clinicalNotes: Pick<ClinicalNotesService, 'unsignedCountIn'>,
    private readonly options: DoctorPortalOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  stats(ctx: AccessContext): Promise<DashboardStats> {
    const zone = this.options.clinic.timeZone();
    const date = wallClock(this.clock(), zone).slice(0, 10);
    return this.uow.read(ctx, async (work) => {
      const portal = work.use(DoctorPortalRepository);
      const day = await this.appointments.doctorDayCountsIn(work, date, zone);
      const stats: DashboardStats = {
        date,
        clinicTimeZone: zone,
        todaysVisits: day.visits,
        waitingNow: day.waiting,
        pendingRefills: await portal.pendingRefills(),
        openTasks: await portal.openTasks(),
        abnormalLabs: await portal.abnormalUnreleasedLabs(),
        unsignedNotes: await this.clinicalNotes.unsignedCountIn(work),
      };
      portal.noteStats({ date });
      return stats;
    });
  }

  schedule(ctx: AccessContext, query: ScheduleQuery): Promise<ScheduleResponse> {
    return this.appointments.doctorSchedule(ctx, query, this.options.clinic.timeZone());
  }

  visit(ctx: AccessContext, id: string, action: VisitAction): Promise<ScheduleItem> {
    return this.appointments.visit(ctx, id, action);
  }
}
