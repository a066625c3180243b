import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Permission } from '../../contracts/permission-catalogue';
import type { Role } from '../../contracts/roles';
import { careAssignments, permissions, userPermissions, type UserRow } from '../db/schema';
import { createPatient, createUser, Random } from '../db/factories';
import { TestAgent } from './test-agent';

// Access-control test support: actors of every kind, and the IDOR harness that probes a
// route with someone else's record id and proves the answer is 403/404, leaks nothing of the
// record and changes nothing in the database.

const random = new Random(Number.parseInt(randomBytes(4).toString('hex'), 16));

export interface Actor {
  user: UserRow;
  agent: TestAgent;
}

export interface ActorOptions {
  /** Staff grants (active, unexpired). */
  permissions?: readonly Permission[];
  position?: string;
}

/** A signed-in user of `role` (patients get a profile and so a medical record number). */
export async function createActor(app: FastifyInstance, role: Role, options: ActorOptions = {}): Promise<Actor> {
  const user =
    role === 'patient'
      ? (await createPatient(app.db, random)).user
      : await createUser(app.db, random, { role, position: options.position ?? (role === 'staff' ? 'reception' : null) });
  if (options.permissions?.length) await grantDirectly(app, user.id, options.permissions);
  const agent = new TestAgent(app);
  await agent.signInAs(user.id);
  return { user, agent };
}

/** Grants straight in the database: for setting up a test, not for testing the permission API. */
export async function grantDirectly(app: FastifyInstance, userId: string, granted: readonly Permission[], expiresAt: Date | null = null) {
  const ids = await app.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.permission, [...granted]));
  await app.db.insert(userPermissions).values(ids.map(({ id }) => ({ userId, permissionId: id, expiresAt })));
}

export async function assignCare(app: FastifyInstance, doctorId: string, patientId: string): Promise<void> {
  await app.db.insert(careAssignments).values({ doctorId, patientId });
}

export async function activeGrantCount(app: FastifyInstance, userId: string): Promise<number> {
  const rows = await app.db.select({ active: userPermissions.isActive }).from(userPermissions).where(eq(userPermissions.userId, userId));
  return rows.filter((row) => row.active).length;
}

export type ProbeMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export const PROBE_METHODS: readonly ProbeMethod[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

export interface IdorCase<R extends { id: string }> {
  name: string;
  /**
   * Path templates holding `:id` (the owner's record) and optionally `:userId` (the owner); any
   * other `:name` is filled from the record's field of that name (a file's `:conversationId`).
   */
  paths: readonly string[];
  /** Methods to probe; every one by default (a method the route lacks must answer 404 too). */
  methods?: readonly ProbeMethod[];
  /** A body valid for the owner, sent with unsafe methods so a refusal is not just a validation error. */
  body?: unknown;
  /** Creates the owner's record. */
  create(owner: Actor): Promise<R>;
  /** The record's state in the database; compared before and after the probes. */
  snapshot(record: R): Promise<unknown>;
  /** Values of the record that must never appear in an intruder's answer. */
  secrets(record: R, owner: Actor): readonly string[];
  /** What the owner gets from a GET of the first path (proves the probe is not vacuous), if it has one. */
  ownerGet?: number;
}

export interface ProbeOutcome {
  method: ProbeMethod;
  url: string;
  status: number;
  leaked: string[];
}

function fill(path: string, record: { id: string }, owner: Actor): string {
  const fields = record as unknown as Record<string, unknown>;
  return path.replace(/:([A-Za-z_]+)/g, (parameter, name: string) => {
    if (name === 'userId') return owner.user.id;
    const value = fields[name];
    return typeof value === 'string' ? value : parameter;
  });
}

/**
 * Creates the owner's record, then sends every method to every path as the intruder. Returns
 * what happened, for the test to assert: each status 403 or 404, nothing leaked, no change.
 */
export async function probeIdor<R extends { id: string }>(
  testCase: IdorCase<R>,
  owner: Actor,
  intruder: Actor,
): Promise<{ outcomes: ProbeOutcome[]; before: unknown; after: unknown; ownerStatus?: number }> {
  const record = await testCase.create(owner);
  const before = await testCase.snapshot(record);
  const secrets = testCase.secrets(record, owner).filter((secret) => secret.length > 0);
  const outcomes: ProbeOutcome[] = [];
  for (const path of testCase.paths) {
    const url = fill(path, record, owner);
    for (const method of testCase.methods ?? PROBE_METHODS) {
      const response: LightMyRequestResponse = await intruder.agent.request(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? undefined : (testCase.body ?? {}),
      );
      outcomes.push({ method, url, status: response.statusCode, leaked: secrets.filter((secret) => response.body.includes(secret)) });
    }
  }
  const after = await testCase.snapshot(record);
  let ownerStatus: number | undefined;
  if (testCase.ownerGet !== undefined) ownerStatus = (await owner.agent.get(fill(testCase.paths[0]!, record, owner))).statusCode;
  return { outcomes, before, after, ownerStatus };
}

/** `:id`, `:userId`, `:token`… all read as one placeholder, so a case's paths match the route table's. */
export function routeTemplate(path: string): string {
  return path.replace(/:[A-Za-z_]+/g, ':');
}

/**
 * The path templates probed by IDOR cases anywhere in the server's tests: every `paths: [...]` of a
 * test file that runs the harness. Read from the sources, so the route-table check below sees the
 * cases of every module without running them.
 */
export function probedRouteTemplates(serverRoot: string): Set<string> {
  const covered = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.test.ts')) {
        const text = fs.readFileSync(full, 'utf8');
        if (!text.includes('probeIdor(')) continue;
        for (const list of text.matchAll(/paths(?::|\s*=)\s*\[([^\]]*)\]/g)) {
          for (const literal of list[1]!.matchAll(/['`]([^'`]+)['`]/g)) covered.add(routeTemplate(literal[1]!));
        }
      }
    }
  };
  visit(serverRoot);
  return covered;
}
