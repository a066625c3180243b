import { z } from 'zod';

// One error vocabulary: the server maps each code to its HTTP status in one place,
// and the web client translates by code.
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  /** A reset link that is unknown, used or expired. */
  TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  /** Wrong email or password (never says which). */
  INVALID_CREDENTIALS: 401,
  /** The second factor is missing or wrong. */
  MFA_INVALID: 401,
  /** A passkey sign-in with a passkey this server does not know (removed, or registered elsewhere). */
  PASSKEY_UNKNOWN: 401,
  /** A passkey sign-in with a passkey switched off, or for an account whose passkey sign-in is off. */
  PASSKEY_DISABLED: 401,
  FORBIDDEN: 403,
  /** The X-CSRF-Token header is missing or does not match; the client fetches a new token and retries once. */
  CSRF_INVALID: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  /** The chosen appointment time is not (or no longer) a free slot. */
  SLOT_TAKEN: 409,
  /** The appointment's status no longer allows a change by the patient (cancelled, completed, …). */
  APPOINTMENT_NOT_CHANGEABLE: 409,
  /** A confirmation of an appointment that is not an upcoming scheduled one (cancelled, seen, or already started). */
  APPOINTMENT_NOT_CONFIRMABLE: 409,
  /** Too close to the start for the patient to change or cancel; the clinic must be called. */
  CHANGE_TOO_LATE: 409,
  /** An approval or decline of an appointment that is no longer a pending request. */
  REQUEST_NOT_PENDING: 409,
  /** A second check-in of the same visit. */
  ALREADY_CHECKED_IN: 409,
  /** A check-in (or arrival step) of a cancelled appointment. */
  APPOINTMENT_CANCELLED: 409,
  /** An arrival step the visit's status or day does not allow (not today, already seen, no-show before the start). */
  ARRIVAL_NOT_ALLOWED: 409,
  /** A parking spot that is no longer available to assign (reserved, occupied or out of service). */
  SPOT_TAKEN: 409,
  /** Occupying or releasing a parking spot that holds no visit's car (or not in the state the step needs). */
  SPOT_NOT_ASSIGNED: 409,
  /** A parking spot for a visit that is not today's, not in person, or no longer expected. */
  PARKING_NOT_ALLOWED: 409,
  /** The visit already has a parking spot: release that one first. */
  VISIT_HAS_SPOT: 409,
  /** A parking spot number already painted on that level. */
  SPOT_NUMBER_TAKEN: 409,
  /** Removing a parking spot that is held for or taken by one of today's visits. */
  SPOT_IN_USE: 409,
  /** A doctor's visit step that the appointment's status (or the clock, for a no-show) does not allow. */
  VISIT_TRANSITION_INVALID: 409,
  /** A video visit for an appointment that is not a video visit, was cancelled, or is over. */
  VIDEO_VISIT_UNAVAILABLE: 409,
  /** A refill of a discontinued medication. */
  REFILL_DISCONTINUED: 409,
  /** A refill of a medication nobody at the organisation can prescribe. */
  REFILL_NO_PRESCRIBER: 409,
  /** A change to a chart entry read at an older version: someone saved it in between; nothing was changed. */
  STALE_RECORD: 409,
  /** The visit already has a clinical note; open that one. */
  NOTE_EXISTS: 409,
  /** A save or signature based on an older version of the note than the one stored. */
  NOTE_VERSION_CONFLICT: 409,
  /** The note is signed and locked: only an addendum may be added. */
  NOTE_SIGNED: 409,
  /** An addendum to a note that is still a draft (edit the draft instead). */
  NOTE_NOT_SIGNED: 409,
  /** A prescription with allergy, duplicate-therapy or interaction warnings, sent without an override reason. */
  PRESCRIPTION_OVERRIDE_REQUIRED: 409,
  /** A task the system closes by itself when its work is done (a refill request), ticked by hand. */
  TASK_SYSTEM_MANAGED: 409,
  /** A leave that overlaps one of the doctor's own pending or approved leaves. */
  LEAVE_OVERLAP: 409,
  /** A leave request already decided or withdrawn: only a pending one can be withdrawn or decided. */
  LEAVE_NOT_PENDING: 409,
  /** A coverage offer another doctor accepted first (or that closed). */
  COVERAGE_TAKEN: 409,
  /** A coverage offer at a time the accepting doctor is already booked or away. */
  COVERAGE_CONFLICT: 409,
  /** A results file that is neither an HL7 v2 ORU^R01 message nor a results CSV, or holds no results (the field says why). */
  RESULT_FILE_INVALID: 400,
  /** An order step its status does not allow (results on a cancelled order, releasing twice). */
  ORDER_TRANSITION_INVALID: 409,
  /** A change to one's own permissions or role: somebody else must make it. */
  OWN_ACCESS_CHANGE: 403,
  /** Deactivating one's own account. */
  OWN_DEACTIVATION: 409,
  /** A non-administrator changing (or creating) an administrator's account: only administrators manage administrators. */
  ADMIN_ACCOUNT_PROTECTED: 403,
  /** A non-administrator changing (or creating) an account that is not a staff account (a doctor's, a patient's). */
  STAFF_ACCOUNTS_ONLY: 403,
  /** A non-administrator giving or taking away a permission they do not hold themselves. */
  PERMISSION_NOT_HELD: 403,
  /** A permission or position for an account that is not a staff account: only staff hold them. */
  PERMISSIONS_STAFF_ONLY: 409,
  /** A role change to or from patient: a patient record belongs to the person who registered it. */
  PATIENT_ROLE_FIXED: 409,
  /** The doctor role for an account created without a doctor profile. */
  DOCTOR_PROFILE_REQUIRED: 409,
  /** A desk registration of someone who may already be a patient, sent without confirming it was checked. */
  POSSIBLE_DUPLICATE: 409,
  /** A conversation with someone the caller may not write to (a patient to a doctor outside their care team). */
  RECIPIENT_NOT_ALLOWED: 403,
  /** An appointment link already used once: it does nothing more. */
  LINK_USED: 409,
  /** An appointment link past its time (the appointment has started). */
  LINK_EXPIRED: 410,
  /** A second waitlist entry for the same doctor while the first is active. */
  WAITLIST_ALREADY_JOINED: 409,
  /** A waitlist offer that expired, or whose time someone else took first. */
  OFFER_GONE: 409,
  /** A change to the system settings read at an older version: another admin saved in between; nothing was changed. */
  SETTINGS_VERSION_CONFLICT: 409,
  /** A role that must use a second factor, signed in without one: only setting it up (or signing out) is allowed. */
  MFA_ENROLMENT_REQUIRED: 403,
  /** A new password among the most common ones of the server's long list (the field says so too). */
  PASSWORD_TOO_COMMON: 400,
  /** A report period whose end is before its start. */
  PERIOD_REVERSED: 400,
  /** A report period longer than the analytics answer for at once. */
  PERIOD_TOO_LONG: 400,
  /** A message sent with more files than one message may carry (the field says so too). */
  TOO_MANY_ATTACHMENTS: 400,
  PAYLOAD_TOO_LARGE: 413,
  /** An Idempotency-Key sent again with a different request. */
  IDEMPOTENCY_KEY_REUSED: 422,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
  /**
   * The server is too busy to take this request now (load shed, or no database connection in time);
   * it did nothing, and the answer's Retry-After says when to try again.
   */
  SERVER_BUSY: 503,
} as const;

/** Seconds a client waits before it tries again after SERVER_BUSY (also sent as Retry-After). */
export const BUSY_RETRY_AFTER_SECONDS = 2;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export const errorEnvelopeSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** Validation errors: field path ("address.city") → message. */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
