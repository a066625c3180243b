import { z } from 'zod';
import type { Doctor, DoctorListParams, DoctorListResponse, DoctorProfile } from '../../../contracts/doctors';
import { AppError } from '../../platform/app-error';
import type { DoctorRow, DoctorsRepository } from './doctors.repository';

// Spec §3 Doctor, §7 GET /api/doctors. The directory is public information about the
// organisation's doctors (the landing page shows it before sign-in): no patient data, so no audit.

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
  constructor(private readonly repository: DoctorsRepository) {}

  async list(query: DoctorListParams): Promise<DoctorListResponse> {
    const { page, pageSize } = query;
    const { rows, total } = await this.repository.list({
      specialty: query.specialty,
      q: query.q,
      language: query.language,
      telemedicine: query.telemedicine === undefined ? undefined : query.telemedicine === 'true',
      page,
      pageSize,
    });
    return { data: rows.map(toDoctor), page, pageSize, total };
  }

  /** One doctor's profile with weekly hours; an unknown, malformed or inactive id answers 404 alike. */
  async profile(id: string): Promise<DoctorProfile> {
    if (!uuid.safeParse(id).success) throw AppError.notFound();
    const row = await this.repository.findById(id);
    if (!row) throw AppError.notFound();
    const availability = await this.repository.availability(id);
    return {
      ...toDoctor(row),
      department: row.department,
      availability: availability.map((slot) => ({ ...slot, startTime: minutes(slot.startTime), endTime: minutes(slot.endTime) })),
    };
  }
}
