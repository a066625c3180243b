import { lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { idempotencyKeys } from '../db/schema';
import { archiveAuditTrail } from './audit-retention';
import { sealAuditEvents } from './audit-seal';
import { Jobs } from './jobs';
import { Outbox } from './outbox';
import { UnitOfWork } from './unit-of-work';

// What every service is built on: the unit of work (and its outbox), and the scheduled jobs that
// keep the platform's own tables in order. The sweeps and jobs start when the server is listening
// (main.ts) and stop before the database closes.

declare module 'fastify' {
  interface FastifyInstance {
    uow: UnitOfWork;
    outbox: Outbox;
    jobs: Jobs;
  }
}

/** Idempotency keys are honoured for a day; a retry after that runs as a new request. */
const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function registerWorkPlatform(app: FastifyInstance): void {
  const outbox = new Outbox(app.db, app.events, app.mailer, app.log);
  const jobs = new Jobs(app.database, app.log);
  app.decorate('outbox', outbox);
  app.decorate('uow', new UnitOfWork(app.db, outbox, app.audit));
  app.decorate('jobs', jobs);

  jobs.schedule({ name: 'audit-seal', cron: '* * * * *', run: () => sealAuditEvents(app.db) });
  jobs.schedule({
    name: 'idempotency-expire',
    cron: '17 * * * *',
    run: () => app.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(Date.now() - IDEMPOTENCY_KEY_LIFETIME_MS))),
  });

  // Retention: once a day, sealed audit events older than the retention leave the table for files.
  const retentionDays = app.config.auditRetentionDays;
  if (retentionDays) {
    jobs.schedule({
      name: 'audit-archive',
      cron: '41 3 * * *',
      run: () =>
        archiveAuditTrail(app.database.auditDb, new Date(Date.now() - retentionDays * 24 * 60 * 60 * 1000), app.config.auditArchiveDir),
    });
  }

  app.addHook('onClose', async () => {
    await jobs.stop();
    await outbox.stop();
  });
}

/** Starts what runs in the background: outbox sweeps and the job queue. Called once listening. */
export async function startBackgroundWork(app: FastifyInstance): Promise<void> {
  app.outbox.start();
  // Whatever a previous run left unsent goes out now rather than at the first tick.
  await app.outbox.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'outbox sweep failed'));
  await app.jobs.start();
}
