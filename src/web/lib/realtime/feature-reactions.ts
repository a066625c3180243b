import type { QueryMatcher } from '../api-routes';
import type { PushMessage } from './realtime-connection';

// What a pushed message refreshes is declared by the feature that owns the data, next to its
// queries: a table from message type to the queries it makes stale. The app merges the features'
// tables (app/push-reactions.ts) and hands them to the live connection.

export type ReactionTable = Readonly<Record<string, (message: PushMessage) => readonly QueryMatcher[]>>;

/** One table from several: a message type named by several features refreshes all their queries. */
export function mergeReactions(...tables: readonly ReactionTable[]): ReactionTable {
  const merged: Record<string, Array<(message: PushMessage) => readonly QueryMatcher[]>> = {};
  for (const table of tables) for (const [type, react] of Object.entries(table)) (merged[type] ??= []).push(react);
  return Object.fromEntries(
    Object.entries(merged).map(([type, reacts]) => [type, (message: PushMessage) => reacts.flatMap((react) => react(message))]),
  );
}

/** The queries `message` makes stale according to `table`. */
export function staleQueries(table: ReactionTable, message: PushMessage): readonly QueryMatcher[] {
  return table[message.type]?.(message) ?? [];
}

/** A string field of a message (the ids a push names), or undefined. */
export function field(message: PushMessage, name: string): string | undefined {
  const value = message[name];
  return typeof value === 'string' ? value : undefined;
}
