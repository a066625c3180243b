import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PARKING_SPOT_STATUSES, PARKING_SPOT_TYPES } from '../../../contracts/parking';
import { appointments } from './appointments';

// The clinic's car park: one row per painted spot, placed on a grid per level. A spot held for or
// taken by a visit names the appointment; a visit holds at most one spot (the partial unique
// index). A deleted appointment leaves its spot naming nobody (the steps treat such a spot as
// free to release). `version` rises with every change: a conditional update that read an older
// row matches nothing, so two desks stepping on one spot at once cannot both win.
export const parkingSpots = pgTable(
  'parking_spots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    level: integer('level').notNull(),
    section: text('section').notNull(),
    type: text('type', { enum: PARKING_SPOT_TYPES }).notNull().default('regular'),
    status: text('status', { enum: PARKING_SPOT_STATUSES }).notNull().default('available'),
    x: integer('x').notNull(),
    y: integer('y').notNull(),
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('parking_spots_level_number_unique').on(t.level, t.number),
    uniqueIndex('parking_spots_appointment_unique')
      .on(t.appointmentId)
      .where(sql`${t.appointmentId} is not null`),
    index('parking_spots_level_idx').on(t.level, t.section),
    check('parking_spots_type_check', sql`${t.type} in ('regular', 'handicap', 'electric')`),
    check('parking_spots_status_check', sql`${t.status} in ('available', 'reserved', 'occupied', 'out_of_service')`),
    check('parking_spots_grid_check', sql`${t.x} >= 0 and ${t.y} >= 0`),
  ],
);

export type ParkingSpotRow = typeof parkingSpots.$inferSelect;
export type NewParkingSpotRow = typeof parkingSpots.$inferInsert;
