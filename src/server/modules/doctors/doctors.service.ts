import { z } from 'zod';
import type { Doctor, DoctorListParams, DoctorListResponse, DoctorProfile } from '../../../contracts/doctors';
import type { AccessContext } from '../../platform/access-context';
import { AppError } from '../../platform/app-error';
import type { UnitOfWork } from '../../platform/unit-of-work';
import { DoctorsRepository, type DoctorRow } from './doctors.repository';

// The doctor directory: public information about the organisation's doctors (the landing page
// shows it before sign-in). No patient data, so no audit.

const uuid = z.uuid();

/** PostgreSQL returns time as HH:MM:SS; the directory shows minutes. */
function minutes(time: string): string {
  return time.slice(0, 5);
}

function toDoctor(row: DoctorRow): Doctor {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    specialty: row.specialty,
    hospital: row.hospital,
    experience: row.experienceYears,
    rating: row.rating === null ? null : Number(row.rating),
    reviewCount: row.reviewCount,
    consultationFee: row.consultationFee,
    qualifications: row.qualifications,
    bio: row.bio,
    avatar: row.avatarUrl,
    verified: row.verified,
    languages: row.languages,
    telemedicineEnabled: row.telemedicineEnabled,
  };
}

export class DoctorsService {
  constructor(private readonly uow: UnitOfWork) {}

  async list(ctx: AccessContext, query: DoctorListParams): Promise<DoctorListResponse> {
    const { page, pageSize } = query;
    const { rows, total } = await this.uow.read(ctx, (work) =>
      work.use(DoctorsRepository).list({
        specialty: query.specialty,
        q: query.q,
        language: query.language,
        telemedicine: query.telemedicine === undefined ? undefined : query.telemedicine === 'true',
        page,
        pageSize,
      }),
    );
    return { data: rows.map(toDoctor), page, pageSize, total };
  }

  /** One doctor's profile with weekly hours; an unknown, malformed or inactive id answers 404 alike. */
  async profile(ctx: AccessContext, id: string): Promise<DoctorProfile> {
    if (!uuid.safeParse(id).success) throw AppError.notFound();
    const { row, availability } = await this.uow.read(ctx, async (work) => {
      const doctors = work.use(DoctorsRepository);
      const found = await doctors.findById(id);
      if (!found) throw AppError.notFound();
      return { row: found, availability: await doctors.availability(id) };
    });
    return {
      ...toDoctor(row),
      department: row.department,
      availability: availability.map((slot) => ({ ...slot, startTime: minutes(slot.startTime), endTime: minutes(slot.endTime) })),
    };
  }
}
