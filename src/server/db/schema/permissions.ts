import { boolean, index, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

// Permissions and staff grants. The catalogue rows are inserted by a migration (they exist in every
// database, not only the demo); staff hold a subset, each grant with an optional expiry.
export const permissions = pgTable('permissions', {
  id: uuid('id').primaryKey().defaultRandom(),
  permission: text('permission').notNull().unique(),
  category: text('category').notNull(),
  description: text('description').notNull(),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: uuid('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    /** Null once the granting account is deleted; the audit trail still names who granted it. */
    grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    // Also the index of user_id (its leading column).
    unique('user_permissions_user_permission_unique').on(t.userId, t.permissionId),
    index('user_permissions_permission_idx').on(t.permissionId),
    index('user_permissions_granted_by_idx').on(t.grantedBy),
  ],
);

/**
 * A doctor's patients without an appointment: a doctor reaches the patients in their care, by an
 * appointment or an assignment (docs/product.md, Permissions and guarded views).
 * Appointments, when they exist, add to the same scoping rule (platform/patient-scope.ts).
 */
export const careAssignments = pgTable(
  'care_assignments',
  {
    doctorId: uuid('doctor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.patientId] }), index('care_assignments_patient_idx').on(t.patientId)],
);

export type PermissionRow = typeof permissions.$inferSelect;
export type UserPermissionRow = typeof userPermissions.$inferSelect;
