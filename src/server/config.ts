import path from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '../contracts/booking';
import { DEFAULT_CLINIC_HOURS, type ClinicHours } from '../contracts/system-settings';
import { REMINDER_BOUNDS } from '../contracts/system-settings';
import { iceServersSchema, type IceServer } from '../contracts/video-visits';
import { DEFAULT_DATABASE_LIMITS, type DatabaseLimits } from './db/client';

// Env parsed by zod at start: a bad value stops the server with a message naming it.

const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

const urlWithProtocol = (protocols: string[]) =>
  z.url().refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
    message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  });

export { REMINDER_BOUNDS };

const reminderHours = z
  .string()
  .regex(/^\s*\d{1,3}\s*(,\s*\d{1,3}\s*)*$/, 'must be whole hours separated by commas, such as 48,2')
  .transform((value) => value.split(',').map((part) => Number(part.trim())))
  .refine((hours) => hours.every((h) => h >= 1 && h <= REMINDER_BOUNDS.maxHours), `each must be 1 to ${REMINDER_BOUNDS.maxHours} hours`)
  .refine((hours) => hours.length <= REMINDER_BOUNDS.maxKinds, `at most ${REMINDER_BOUNDS.maxKinds} reminder times`)
  .refine((hours) => new Set(hours).size === hours.length, 'each time only once')
  .transform((hours) => [...hours].sort((a, b) => b - a));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(5000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocol(['postgres', 'postgresql']).optional(),
  REDIS_URL: urlWithProtocol(['redis', 'rediss']).optional(),
  SMTP_URL: urlWithProtocol(['smtp', 'smtps']).optional(),
  PUBLIC_URL: urlWithProtocol(['http', 'https']).optional(),
  DEMO_MODE: booleanFromEnv.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanFromEnv.default(false),
  WEB_ROOT: z.string().min(1).default('./dist/web'),
  ORGANISATION_NAME: z.string().min(1).max(200).default('Caredeck Clinic'),
  SUPPORT_EMAIL: z.email().default('support@caredeck.local'),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  CLINIC_TIME_ZONE: z.string().refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin').default('UTC'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(DEFAULT_DATABASE_LIMITS.poolSize),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(DEFAULT_DATABASE_LIMITS.acquireTimeoutMs),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(DEFAULT_DATABASE_LIMITS.statementTimeoutMs),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600_000)
    .default(DEFAULT_DATABASE_LIMITS.idleInTransactionTimeoutMs),
  DB_QUEUE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(DEFAULT_DATABASE_LIMITS.queueLimit),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1).max(3_600_000).default(15_000),
  SHED_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(300),
  SHED_DB_WAITING: z.coerce.number().int().min(0).max(100_000).optional(),
  SHED_DB_WAIT_MS: z.coerce.number().int().min(0).max(60_000).default(100),
  DENIED_REQUESTS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(60),
  UNKNOWN_PATHS_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(300),
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(100_000).optional(),
  AUDIT_ARCHIVE_DIR: z.string().min(1).default('./audit-archive'),
  ICE_SERVERS: z
    .string()
    .transform((value, ctx) => {
      let json: unknown;
      try {
        json = JSON.parse(value);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a JSON array of RTCIceServer objects, e.g. [{"urls":"stun:turn.example.org:3478"}]',
        });
        return z.NEVER;
      }
      const parsed = iceServersSchema.safeParse(json);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON array of RTCIceServer objects ({ urls, username?, credential? })' });
        return z.NEVER;
      }
      return parsed.data;
    })
    .optional(),
  TURN_SECRET: z.string().min(16, 'must be at least 16 characters (the shared secret of the TURN server)').max(512).optional(),
  REMINDER_HOURS_BEFORE: reminderHours.default([48, 2]),
  WAITLIST_OFFER_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
});

/** Variables whose refused value is never echoed: they may hold credentials. */
const SECRET_VARIABLES = new Set(['ICE_SERVERS', 'TURN_SECRET']);

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** PGlite data directory; `memory://` keeps the database in memory (tests). */
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  smtpUrl?: string;
  publicUrl: string;
  /** Demo mode lists demo accounts and seeds an empty database. On by default only on the embedded database. */
  demoMode: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Built SPA directory; not served when it does not exist (API-only tests). */
  webRoot: string;
  organisationName: string;
  supportEmail: string;
  shutdownTimeoutMs: number;
  /** The IANA zone doctors' weekly hours are kept in (contracts/booking.ts), until an admin chooses another in the system settings. */
  clinicTimeZone: string;
  /** The clinic's opening hours until an admin sets them in the system settings (the built-in ones). */
  clinicHours: ClinicHours;
  /** Bounds on every wait for the database (db/client.ts). */
  databaseLimits: DatabaseLimits;
  /** A request not answered in this time gets 503 and its remaining database work is abandoned. */
  requestTimeoutMs: number;
  /** Past these, new requests are refused at once with 503 (0 turns a check off): platform/load-shedding.ts. */
  shedding: { maxEventLoopDelayMs: number; maxDatabaseWaiting?: number; maxDatabaseWaitMs?: number };
  /** Refusals (401/403) an address may get in a minute before it is answered 429 (0: no limit): platform/denial-budget.ts. */
  deniedRequestsPerMinute: number;
  /** Requests for paths no route answers that an address may make in a minute before 429 (0: no limit). */
  unknownPathsPerMinute: number;
  /** When set, a daily job archives sealed audit events older than this many days (platform/audit-retention.ts). */
  auditRetentionDays?: number;
  /** Where that job writes its archive files. */
  auditArchiveDir: string;
  /** The ICE servers (STUN/TURN) a video visit's browsers use; none by default (direct connections only). */
  iceServers: IceServer[];
  /** The shared secret of a TURN server using time-limited credentials (coturn's use-auth-secret). */
  turnSecret?: string;
  /** When appointment reminders go out: hours before the start, largest first. */
  reminderHoursBefore: number[];
  /** How long a waitlist offer is held for one patient before it passes to the next. */
  waitlistOfferMinutes: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A refused value is echoed to help fix it, but never credentials a connection URL may carry. */
function shownValue(value: string): string {
  return value.replace(/:\/\/.*@/, '://***@').replace(/(password=)[^&]*/gi, '$1***');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Empty strings mean "not set": `FOO= npm start` should not fail a URL check.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) =>
        SECRET_VARIABLES.has(String(issue.path[0]))
          ? `${issue.path.join('.')}: ${issue.message}`
          : `${issue.path.join('.')}: ${issue.message} (got "${shownValue(String(cleaned[issue.path[0] as string] ?? ''))}")`,
      ),
    );
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR === 'memory://' ? e.DATA_DIR : path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    demoMode: e.DEMO_MODE ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webRoot: path.resolve(e.WEB_ROOT),
    organisationName: e.ORGANISATION_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    clinicTimeZone: e.CLINIC_TIME_ZONE,
    clinicHours: DEFAULT_CLINIC_HOURS,
    databaseLimits: {
      poolSize: e.DB_POOL_SIZE,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      queueLimit: e.DB_QUEUE_LIMIT,
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    shedding: {
      maxEventLoopDelayMs: e.SHED_EVENT_LOOP_DELAY_MS,
      maxDatabaseWaiting: e.SHED_DB_WAITING,
      maxDatabaseWaitMs: e.SHED_DB_WAIT_MS,
    },
    deniedRequestsPerMinute: e.DENIED_REQUESTS_PER_MINUTE,
    unknownPathsPerMinute: e.UNKNOWN_PATHS_PER_MINUTE,
    auditRetentionDays: e.AUDIT_RETENTION_DAYS,
    auditArchiveDir: path.resolve(e.AUDIT_ARCHIVE_DIR),
    iceServers: e.ICE_SERVERS ?? [],
    turnSecret: e.TURN_SECRET,
    reminderHoursBefore: e.REMINDER_HOURS_BEFORE,
    waitlistOfferMinutes: e.WAITLIST_OFFER_MINUTES,
  };
}
