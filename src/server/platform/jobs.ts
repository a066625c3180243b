import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

// Scheduled and background work, queued in the database itself (pg-boss), on PostgreSQL and on the
// embedded PGlite alike: a job survives a restart, and with several instances each scheduled job
// runs on one of them at a time. The queue's tables live in their own schema (`pgboss`), created
// and upgraded by the library at start.

export interface ScheduledJob {
  name: string;
  /** Five-field cron in UTC. */
  cron: string;
  run(): Promise<unknown>;
}

export class Jobs {
  private boss: PgBoss | null = null;
  private readonly scheduled: ScheduledJob[] = [];

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Declares a job to run on `cron`; takes effect at start. */
  schedule(job: ScheduledJob): void {
    this.scheduled.push(job);
  }

  get names(): readonly string[] {
    return this.scheduled.map((job) => job.name);
  }

  /** Runs a declared job now, in this process (operators' commands and tests). */
  async runNow(name: string): Promise<unknown> {
    const job = this.scheduled.find((j) => j.name === name);
    if (!job) throw new Error(`No job named ${name}`);
    return job.run();
  }

  async start(): Promise<void> {
    if (this.boss) return;
    const handle = this.handle;
    // Loaded here, once the server is up, not with it.
    const { default: PgBoss } = await import('pg-boss');
    const boss = new PgBoss({
      db: { executeSql: (text: string, values: unknown[]) => handle.query(text, values) },
      // Finished jobs are kept a day for inspection, then removed by the library's maintenance.
      deleteAfterDays: 1,
    });
    boss.on('error', (error: unknown) => this.log.warn({ err: error }, 'job queue error'));
    await boss.start();
    for (const job of this.scheduled) {
      await boss.createQueue(job.name);
      await boss.schedule(job.name, job.cron, undefined, { tz: 'UTC' });
      await boss.work(job.name, async () => {
        try {
          await job.run();
        } catch (error) {
          this.log.error({ err: error, job: job.name }, 'scheduled job failed');
          throw error;
        }
      });
    }
    this.boss = boss;
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = null;
    if (boss) await boss.stop({ graceful: true, wait: true, timeout: 5_000 });
  }
}
