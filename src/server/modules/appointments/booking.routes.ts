import type { FastifyPluginAsync } from 'fastify';
import { bookingApi } from '../../../contracts/booking';
import type { RouteAccess } from '../../platform/access';
import { route } from '../../platform/route';
import type { BookingService } from './booking.service';

// Booking by patients, for themselves. Free slots are for anyone signed in (they hold no patient
// data); every change is the patient's own appointment, anyone else's id answers 404 like a
// missing one.
const SIGNED_IN: RouteAccess = 'signed-in';
const PATIENT: RouteAccess = { roles: ['patient'] };
/** Computing slots walks a month of hours and bookings: generous for a person, not for a loop. */
const SLOT_LIMIT = { max: 120, timeWindow: '1 minute' };

export const bookingRoutes: FastifyPluginAsync<{ booking: BookingService }> = async (app, { booking }) => {
  route(app, bookingApi.slots, { access: SIGNED_IN, rateLimit: SLOT_LIMIT }, (request) =>
    booking.slots(request.ctx, request.params.id, request.query),
  );

  route(app, bookingApi.book, { access: PATIENT }, async (request) => ({ data: await booking.book(request.ctx, request.body) }));

  route(app, bookingApi.reschedule, { access: PATIENT }, async (request) => ({
    data: await booking.reschedule(request.ctx, request.params.id, request.body),
  }));

  route(app, bookingApi.cancel, { access: PATIENT }, async (request) => ({
    data: await booking.cancel(request.ctx, request.params.id, request.body ?? {}),
  }));

  route(app, bookingApi.confirm, { access: PATIENT }, async (request) => ({
    data: await booking.confirm(request.ctx, request.params.id),
  }));

  route(app, bookingApi.queue, { access: PATIENT }, (request) => booking.queue(request.ctx, request.params.id));

  route(app, bookingApi.calendar, { access: PATIENT }, async (request, reply) => {
    const file = await booking.calendar(request.ctx, request.params.id);
    // A file, not JSON: sent here, so the route answers nothing more.
    await reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};
