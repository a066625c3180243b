import { z } from 'zod';
import { defineRoute, idParamsSchema } from './http';
import { STAFF_POSITIONS } from './permissions';
import { ROLES } from './roles';
import { SPECIALTIES } from './specialties';
import { sessionUserSchema } from './user';

// The administration of accounts: GET/POST /api/users and PUT /api/users/{id}/status.
// The permission, position and role changes of a user are the permission API (permissions.ts).

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/** Sort keys of the user list: an allow-list, never a column name taken from the request. */
export const USER_SORTS = ['name', 'email', 'role', 'createdAt'] as const;
export type UserSort = (typeof USER_SORTS)[number];

export const USER_PAGE_SIZE = 20;

export const userListQuerySchema = z
  .object({
    search: z.string().trim().max(200, 'text.tooLong').optional(),
    role: z.enum(ROLES, 'choice.invalid').optional(),
    status: z.enum(USER_STATUSES, 'choice.invalid').optional(),
    sort: z.enum(USER_SORTS, 'choice.invalid').default('name'),
    direction: z.enum(['asc', 'desc'], 'choice.invalid').default('asc'),
    page: z.coerce.number('choice.invalid').int('choice.invalid').min(1, 'choice.invalid').max(100_000, 'choice.invalid').default(1),
    pageSize: z.coerce
      .number('choice.invalid')
      .int('choice.invalid')
      .min(1, 'choice.invalid')
      .max(100, 'choice.invalid')
      .default(USER_PAGE_SIZE),
  })
  .strict();
export type UserListQuery = z.input<typeof userListQuerySchema>;

/** The list's filter form: its inputs as they hold them ('' for any); the rules are the list query's. */
export const userFilterFormSchema = z.object({
  search: z.string().trim().max(200, 'text.tooLong'),
  role: z.enum(ROLES, 'choice.invalid').or(z.literal('')),
  status: z.enum(USER_STATUSES, 'choice.invalid').or(z.literal('')),
  sort: z.enum(USER_SORTS, 'choice.invalid'),
});
export type UserFilterForm = z.infer<typeof userFilterFormSchema>;

/** What an admin sees of an account in the list: no PHI, no secrets. */
export const adminUserSchema = sessionUserSchema
  .pick({ id: true, email: true, firstName: true, lastName: true, name: true, role: true, position: true })
  .extend({
    /** Doctors only. */
    specialty: z.string().nullable(),
    isActive: z.boolean(),
    /** False until an invited user has chosen a password. */
    hasPassword: z.boolean(),
    isFirstTimeLogin: z.boolean(),
    createdAt: z.iso.datetime(),
  });
export type AdminUser = z.infer<typeof adminUserSchema>;

export const userListResponseSchema = z.object({
  data: z.array(adminUserSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type UserListResponse = z.infer<typeof userListResponseSchema>;

const requiredText = (key: string, max = 100) => z.string(key).trim().min(1, key).max(max, 'text.tooLong');

const email = z.string('email.required').trim().min(1, 'email.required').max(320, 'email.invalid').pipe(z.email('email.invalid'));

const phone = z
  .string()
  .trim()
  .max(40, 'phone.invalid')
  .regex(/^(\+?[0-9 ()./-]{6,})?$/, 'phone.invalid')
  .optional();

const SPECIALTY_NAMES = SPECIALTIES.map((s) => s.name) as [string, ...string[]];

const person = {
  firstName: requiredText('firstName.required'),
  lastName: requiredText('lastName.required'),
  email,
  phone,
};

const isObject = (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null;

/**
 * A doctor account: the directory profile (doctor_profiles) is created with it. Where the doctor
 * works is one of the organisation's clinics (`clinicId`), or, for an organisation with no clinic
 * configured, a hospital's name typed by the admin. An empty `clinicId` is a clinic choice left
 * unmade; the server also refuses a missing one once the organisation has clinics, and an id that
 * is none of them.
 */
export const createDoctorSchema = z
  .object({
    role: z.literal('doctor'),
    ...person,
    specialty: z.enum(SPECIALTY_NAMES, 'choice.invalid'),
    clinicId: z.union([z.literal(''), z.uuid('clinic.unknown')], 'clinic.unknown').optional(),
    hospital: z.string('hospital.required').trim().max(200, 'text.tooLong').optional(),
    department: z.string().trim().max(200, 'text.tooLong').optional(),
    experienceYears: z.coerce.number('number.invalid').int('number.invalid').min(0, 'number.invalid').max(80, 'number.invalid'),
    /** Money as a string with two decimals at most: never a float, so nothing is lost to rounding. */
    consultationFee: z
      .string()
      .trim()
      .regex(/^(\d{1,8}(\.\d{1,2})?)?$/, 'money.invalid')
      .optional(),
  })
  .strict()
  // Both rules also run beside other fields' errors, so a form shows every missing field at once.
  .refine((doctor) => doctor.clinicId !== '', { path: ['clinicId'], message: 'clinic.required', when: isObject })
  .refine((doctor) => doctor.clinicId !== undefined || (typeof doctor.hospital === 'string' && doctor.hospital.trim() !== ''), {
    path: ['hospital'],
    message: 'hospital.required',
    when: isObject,
  });

/** A staff account: its position's template is its first permission set. */
export const createStaffSchema = z
  .object({
    role: z.literal('staff'),
    ...person,
    position: z.enum(STAFF_POSITIONS, 'choice.invalid'),
  })
  .strict();

/** POST /api/users: doctors and staff only; patients register themselves and admins come from the CLI. */
export const createUserRequestSchema = z.discriminatedUnion('role', [createDoctorSchema, createStaffSchema], 'choice.invalid');
export type CreateUserRequest = z.infer<typeof createUserRequestSchema>;
export type CreateUserInput = z.input<typeof createUserRequestSchema>;

export const createUserResponseSchema = z.object({
  data: adminUserSchema,
  /** When the emailed set-password link stops working. */
  invitationExpiresAt: z.iso.datetime(),
});

/** PUT /api/users/{id}/status. */
export const userStatusRequestSchema = z.object({ active: z.boolean('choice.invalid') }).strict();
export const userStatusResponseSchema = z.object({ data: adminUserSchema });

// The administration of accounts: the list, creation by invitation, and (de)activation. A
// malformed or unknown id answers 404, before the body is read.
export const userAdminApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api/users',
    query: userListQuerySchema,
    response: userListResponseSchema,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/users',
    body: createUserRequestSchema,
    response: createUserResponseSchema,
    status: 201,
    errors: ['EMAIL_TAKEN', 'STAFF_ACCOUNTS_ONLY', 'PERMISSION_NOT_HELD'],
  }),
  setStatus: defineRoute({
    method: 'PUT',
    path: '/api/users/:id/status',
    params: idParamsSchema,
    body: userStatusRequestSchema,
    response: userStatusResponseSchema,
    errors: ['NOT_FOUND', 'OWN_DEACTIVATION', 'ADMIN_ACCOUNT_PROTECTED', 'STAFF_ACCOUNTS_ONLY', 'PERMISSION_NOT_HELD'],
  }),
};
