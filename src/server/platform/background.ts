import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from 'fastify';

// Work a request starts but does not wait for, so that how long the answer takes tells nothing
// about what the work found (for example whether an address has an account). A failure is logged
// (with the work's name and the error's code only), never answered; closing the app waits for it.

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundWork;
  }
}

export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, work: () => Promise<unknown>): void {
    const task: Promise<void> = (async () => {
      try {
        await work();
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        this.log.error({ work: name, code: typeof code === 'string' ? code : undefined }, 'background work failed');
      }
    })().finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /**
   * Runs `work` once the answer has left: it then competes with nothing the answer waits for (the
   * embedded database runs one statement at a time). It counts as running from now, so `idle`
   * right after the answer waits for it.
   */
  afterAnswer(reply: FastifyReply, name: string, work: () => Promise<unknown>): void {
    const response = reply.raw;
    const answered = new Promise<void>((resolve) => {
      if (response.writableFinished || response.destroyed) return resolve();
      response.once('finish', () => resolve());
      response.once('close', () => resolve());
    });
    this.run(name, async () => {
      await answered;
      // One turn of the event loop more: the embedded database runs on this thread, so work started
      // at once would hold up the answer's last bytes (and anything else waiting for its turn).
      await new Promise((resolve) => setImmediate(resolve));
      await work();
    });
  }

  /** Resolves once nothing is running (work started meanwhile included). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}

export function registerBackgroundWork(app: FastifyInstance): void {
  const background = new BackgroundWork(app.log);
  app.decorate('background', background);
  app.addHook('preClose', async () => background.idle());
}
