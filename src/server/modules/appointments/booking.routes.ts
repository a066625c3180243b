import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentResponseSchema,
  bookAppointmentSchema,
  cancelAppointmentSchema,
  queueResponseSchema,
  rescheduleAppointmentSchema,
  slotQuerySchema,
  slotsResponseSchema,
} from '../../../contracts/booking';
import type { RouteAccess } from '../../platform/access';
import { AppError } from '../../platform/app-error';
import { requestAuditContext } from '../../platform/audit';
import { isUuid } from '../../platform/patient-read-audit';
import { patientScopeOf } from '../../platform/patient-scope';
import type { NotificationsService } from '../notifications/notifications.service';
import { BookingRepository } from './booking.repository';
import { BookingService } from './booking.service';

// Issue 7 item 3: booking by patients, for themselves. Free slots are for anyone signed in (they
// hold no patient data); every change is the patient's own appointment, anyone else's id answers
// 404 like a missing one.
const SIGNED_IN: RouteAccess = 'signed-in';
const PATIENT: RouteAccess = { roles: ['patient'] };
const idParams = z.object({ id: z.string() });
/** Computing slots walks a month of hours and bookings: generous for a person, not for a loop. */
const SLOT_LIMIT = { max: 120, timeWindow: '1 minute' };

export const bookingRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  const service = new BookingService({
    repository: new BookingRepository(app.db),
    audit: app.audit,
    events: app.events,
    notifications: notifications,
    clinicTimeZone: app.config.clinicTimeZone,
    organisationName: app.config.organisationName,
  });

  app.get(
    '/api/doctors/:id/slots',
    {
      config: { access: SIGNED_IN, rateLimit: SLOT_LIMIT },
      schema: { params: idParams, querystring: slotQuerySchema, response: { 200: slotsResponseSchema } },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      return service.slots(request.params.id, request.query);
    },
  );

  app.post(
    '/api/appointments',
    { config: { access: PATIENT }, schema: { body: bookAppointmentSchema, response: { 201: appointmentResponseSchema } } },
    async (request, reply) => {
      const data = await service.book(await patientScopeOf(request), request.body, requestAuditContext(request));
      return reply.code(201).send({ data });
    },
  );

  app.put(
    '/api/appointments/:id',
    {
      config: { access: PATIENT },
      schema: { params: idParams, body: rescheduleAppointmentSchema, response: { 200: appointmentResponseSchema } },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const data = await service.reschedule(await patientScopeOf(request), request.params.id, request.body, requestAuditContext(request));
      return { data };
    },
  );

  app.post(
    '/api/appointments/:id/cancel',
    {
      config: { access: PATIENT },
      schema: { params: idParams, body: cancelAppointmentSchema, response: { 200: appointmentResponseSchema } },
    },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      const data = await service.cancel(await patientScopeOf(request), request.params.id, request.body ?? {}, requestAuditContext(request));
      return { data };
    },
  );

  app.get(
    '/api/appointments/:id/queue',
    { config: { access: PATIENT }, schema: { params: idParams, response: { 200: queueResponseSchema } } },
    async (request) => {
      if (!isUuid(request.params.id)) throw AppError.notFound();
      return service.queue(await patientScopeOf(request), request.params.id, requestAuditContext(request));
    },
  );

  app.get('/api/appointments/:id/calendar.ics', { config: { access: PATIENT }, schema: { params: idParams } }, async (request, reply) => {
    if (!isUuid(request.params.id)) throw AppError.notFound();
    const file = await service.calendar(await patientScopeOf(request), request.params.id, requestAuditContext(request));
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};
