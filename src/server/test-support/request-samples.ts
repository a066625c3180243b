import { randomUUID } from 'node:crypto';
import type { z } from 'zod';

// Requests generated from a route's zod schemas, for tests that send every route bad input: a
// sample that passes the schema where it can (so a bad value in one field reaches the handler
// with everything else valid), and the paths of its fields to spoil one at a time.

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Strings tried in order for a string field; the first its schema accepts is used. */
function stringCandidates(): unknown[] {
  return [
    'Example text',
    randomUUID(),
    `sample.${randomUUID().slice(0, 8)}@example.org`,
    today(),
    inDays(7),
    new Date(Date.now() + 7 * 86_400_000).toISOString(),
    '1988-04-17',
    '+1 555 010 2233',
    '10:00',
    'UTC',
    'Harbour-Lights#42-Sample',
    'B-AB 123',
    '123456',
    'https://example.org/',
    '/icons/icon-192.png',
    'abcdefghijklmnop',
    'x',
  ];
}

function firstAccepted(schema: z.ZodType, candidates: unknown[]): unknown {
  return candidates.find((candidate) => schema.safeParse(candidate).success) ?? candidates[0];
}

/** A value `schema` accepts where one of the usual shapes does; the closest try otherwise. */
export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 12) return undefined;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const sample = Object.fromEntries(
        Object.entries(shape)
          .map(([key, field]) => [key, sampleOf(field, depth + 1)] as const)
          .filter(([, value]) => value !== undefined),
      );
      return sample;
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sampleOf(def.innerType as z.ZodType, depth + 1);
    case 'pipe':
      return sampleOf(def.in as z.ZodType, depth + 1);
    case 'transform':
      return 'Example text';
    case 'lazy':
      return sampleOf((def.getter as () => z.ZodType)(), depth + 1);
    case 'string':
      return firstAccepted(schema, stringCandidates());
    case 'number':
    case 'int':
      return firstAccepted(schema, [1, 0, 10, 24, 100, 1.5, -1]);
    case 'bigint':
      return 1;
    case 'boolean':
      return true;
    case 'date':
      return new Date().toISOString();
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'literal':
      return (def.values as unknown[])[0];
    case 'array':
      return [sampleOf(def.element as z.ZodType, depth + 1)].filter((value) => value !== undefined);
    case 'tuple':
      return (def.items as z.ZodType[]).map((item) => sampleOf(item, depth + 1));
    case 'union': {
      const options = (def.options as z.ZodType[]).map((option) => sampleOf(option, depth + 1));
      return firstAccepted(schema, options);
    }
    case 'intersection':
      return { ...(sampleOf(def.left as z.ZodType, depth + 1) as object), ...(sampleOf(def.right as z.ZodType, depth + 1) as object) };
    case 'record':
      return { note: 'Example text' };
    case 'null':
      return null;
    default:
      return 'Example text';
  }
}

export type FieldPath = readonly (string | number)[];

/** The path of every leaf of a sample (strings, numbers, booleans, nulls), objects and arrays walked. */
export function leafPaths(value: unknown, path: FieldPath = []): FieldPath[] {
  if (Array.isArray(value)) return value.length === 0 ? [path] : value.flatMap((item, i) => leafPaths(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    return entries.length === 0 ? [path] : entries.flatMap(([key, item]) => leafPaths(item, [...path, key]));
  }
  return [path];
}

/** A copy of `value` with the leaf at `path` replaced by `replacement`. */
export function withLeaf(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? withLeaf(item, rest, replacement) : item));
  const object = (value ?? {}) as Record<string, unknown>;
  return { ...object, [head!]: withLeaf(object[head!], rest, replacement) };
}
