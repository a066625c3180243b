import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// The real app in a child process (isolated-app-process.ts), driven over IPC: for tests whose
// subject is that no request can stall the server. An in-process app.inject cannot be given a time
// limit (a request stuck in a loop blocks the test's own timers); here a request that does not
// answer in time fails the test, and closing kills the child.

export type IsolatedActor = 'anonymous' | 'patient' | 'doctor' | 'staff' | 'admin';

export interface IsolatedRequest {
  id: number;
  actor: IsolatedActor;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface IsolatedReply {
  id: number;
  /** 0 when the request could not be sent at all. */
  status: number;
  body: string;
}

export interface IsolatedFixtures {
  /** The signed-in actor of each role. */
  userIds: Record<string, string>;
  /** A doctor with weekly hours. */
  doctorId: string;
  /** An appointment of the patient, ten days ahead. */
  appointmentId: string;
}

export interface IsolatedApp {
  fixtures: IsolatedFixtures;
  /** Rejects when no answer comes within `timeoutMs`. */
  request(request: Omit<IsolatedRequest, 'id'>, timeoutMs: number): Promise<IsolatedReply>;
  close(): Promise<void>;
}

export class StalledRequestError extends Error {}

export async function startIsolatedApp(): Promise<IsolatedApp> {
  const child: ChildProcess = fork(path.join(import.meta.dirname, 'isolated-app-process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const pending = new Map<number, (reply: IsolatedReply) => void>();
  const fixtures = await new Promise<IsolatedFixtures>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`The isolated app exited (${code}) before it was ready`)));
    child.on('message', (message: { ready?: IsolatedFixtures } & Partial<IsolatedReply>) => {
      if (message.ready) resolve(message.ready);
      else if (message.id !== undefined) pending.get(message.id)?.(message as IsolatedReply);
    });
  });
  child.removeAllListeners('exit');
  let next = 0;
  return {
    fixtures,
    request(request, timeoutMs) {
      next += 1;
      const id = next;
      return new Promise<IsolatedReply>((resolve, reject) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          reject(new StalledRequestError(`${request.method} ${request.url} did not answer within ${timeoutMs} ms`));
        }, timeoutMs);
        pending.set(id, (reply) => {
          clearTimeout(timer);
          pending.delete(id);
          resolve(reply);
        });
        child.send({ ...request, id } satisfies IsolatedRequest);
      });
    },
    async close() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // A child stuck in a loop never reads the disconnect: it is killed.
      const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
      child.disconnect();
      await exited;
      clearTimeout(kill);
    },
  };
}
