import type { StaffMemberStatus, StaffStats, StaffStatus, StaffStatusResponse } from '../../../contracts/staff-portal';
import type { AccessContext } from '../../platform/access-context';
import type { ClinicClock } from '../../platform/clinic-clock';
import type { UnitOfWork } from '../../platform/unit-of-work';
import type { FrontDeskService } from '../appointments/front-desk.service';
import { wallClock } from '../appointments/slots';
import { StaffPortalRepository } from './staff-portal.repository';

// The front desk's home: the clinic's day in counts (today is the clinic's calendar day) and the
// staff members' desk statuses. Appointments stay the appointments module's: the counts are asked
// of its front desk service, in the same unit of work.

export interface StaffPortalOptions {
  /** The clinic's zone and opening hours, asked at call time (an admin may change them). */
  clinic: ClinicClock;
  clock?: () => Date;
}

export class StaffPortalService {
  private readonly clock: () => Date;

  constructor(
    private readonly uow: UnitOfWork,
    private readonly frontDesk: Pick<FrontDeskService, 'countsIn'>,
    private readonly options: StaffPortalOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  stats(ctx: AccessContext): Promise<StaffStats> {
    const zone = this.options.clinic.timeZone();
    const date = wallClock(this.clock(), zone).slice(0, 10);
    return this.uow.read(ctx, async (work) => {
      const day = await this.frontDesk.countsIn(work, date);
      work.use(StaffPortalRepository).noteStats(date);
      return {
        date,
        clinicTimeZone: zone,
        todaysAppointments: day.appointments,
        checkedIn: day.checkedIn,
        waiting: day.waiting,
        averageWaitMinutes: day.averageWaitMinutes,
        noShows: day.noShows,
        pendingRequests: day.pendingRequests,
        parkingReserved: day.parkingReserved,
        parkingOccupied: day.parkingOccupied,
      };
    });
  }

  /** The caller's own status (staff) and their colleagues'. */
  statuses(ctx: AccessContext): Promise<StaffStatusResponse> {
    return this.uow.read(ctx, async (work) => {
      const all = await work.use(StaffPortalRepository).statuses();
      const me = ctx.user.userId;
      return { data: { own: all.find((s) => s.userId === me) ?? null, colleagues: all.filter((s) => s.userId !== me) } };
    });
  }

  setOwn(ctx: AccessContext, status: StaffStatus): Promise<StaffMemberStatus> {
    return this.uow.write(ctx, (work) => work.use(StaffPortalRepository).setOwn(status, this.clock()));
  }
}
