import type { FastifyInstance } from 'fastify';
import { AccessContext } from './platform/access-context';
import { clinicClockOf } from './platform/clinic-clock';
import { adminConsoleRoutes } from './modules/admin-console/admin-console.routes';
import { AdminConsoleService } from './modules/admin-console/admin-console.service';
import { AnalyticsService } from './modules/admin-console/analytics.service';
import { appointmentLinksRoutes } from './modules/appointments/appointment-links.routes';
import { AppointmentLinksService } from './modules/appointments/appointment-links.service';
import { appointmentsRoutes } from './modules/appointments/appointments.routes';
import { AppointmentsService } from './modules/appointments/appointments.service';
import { auditRoutes } from './modules/audit/audit.routes';
import { AuditService } from './modules/audit/audit.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService, INVITATION_TOKEN_LIFETIME_MS } from './modules/auth/auth.service';
import { bookingRoutes } from './modules/appointments/booking.routes';
import { BookingService } from './modules/appointments/booking.service';
import { RemindersService } from './modules/appointments/reminders.service';
import { waitlistRoutes } from './modules/appointments/waitlist.routes';
import { WaitlistService } from './modules/appointments/waitlist.service';
import { frontDeskRoutes } from './modules/appointments/front-desk.routes';
import { registerVideoSignalling } from './modules/appointments/video-signalling';
import { videoVisitsRoutes } from './modules/appointments/video-visits.routes';
import { VideoVisitsService } from './modules/appointments/video-visits.service';
import { FrontDeskService } from './modules/appointments/front-desk.service';
import { clinicalNotesRoutes } from './modules/clinical-notes/clinical-notes.routes';
import { ClinicalNotesService } from './modules/clinical-notes/clinical-notes.service';
import { biometricRoutes } from './modules/biometric/biometric.routes';
import { BiometricService } from './modules/biometric/biometric.service';
import { relyingPartyFor } from './modules/biometric/relying-party';
import { demoRoutes } from './modules/demo/demo.routes';
import { DemoService } from './modules/demo/demo.service';
import { doctorPortalRoutes } from './modules/doctor-portal/doctor-portal.routes';
import { DoctorPortalService } from './modules/doctor-portal/doctor-portal.service';
import { doctorsRoutes } from './modules/doctors/doctors.routes';
import { DoctorsService } from './modules/doctors/doctors.service';
import { documentsRoutes } from './modules/documents/documents.routes';
import { DocumentsService } from './modules/documents/documents.service';
import { errorReportsRoutes } from './modules/error-reports/error-reports.routes';
import { ErrorReportsService } from './modules/error-reports/error-reports.service';
import { healthRoutes } from './modules/health/health.routes';
import { chartEntriesRoutes } from './modules/health-records/chart-entries.routes';
import { ChartEntriesService } from './modules/health-records/chart-entries.service';
import { healthRecordsRoutes } from './modules/health-records/health-records.routes';
import { HealthRecordsService } from './modules/health-records/health-records.service';
import { leaveRoutes } from './modules/leave/leave.routes';
import { LeaveService } from './modules/leave/leave.service';
import { medicationsRoutes } from './modules/medications/medications.routes';
import { MedicationsService } from './modules/medications/medications.service';
import { prescribingRoutes } from './modules/medications/prescribing.routes';
import { PrescribingService } from './modules/medications/prescribing.service';
import { refillRequestsRoutes } from './modules/medications/refill-requests.routes';
import { RefillRequestsService } from './modules/medications/refill-requests.service';
import { messagesRoutes } from './modules/messages/messages.routes';
import { MessagesService } from './modules/messages/messages.service';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { NotificationsService } from './modules/notifications/notifications.service';
import { ordersRoutes } from './modules/orders/orders.routes';
import { OrdersService } from './modules/orders/orders.service';
import { organisationRoutes } from './modules/organisation/organisation.routes';
import { OrganisationService } from './modules/organisation/organisation.service';
import { outboxRoutes } from './modules/outbox/outbox.routes';
import { OutboxService } from './modules/outbox/outbox.service';
import { deskRegistrationRoutes } from './modules/patients/desk-registration.routes';
import { DeskRegistrationService } from './modules/patients/desk-registration.service';
import { patientsRoutes } from './modules/patients/patients.routes';
import { PatientsService } from './modules/patients/patients.service';
import { patientsDirectoryRoutes } from './modules/patients/patients-directory.routes';
import { PatientsDirectoryService } from './modules/patients/patients-directory.service';
import { permissionsRoutes } from './modules/permissions/permissions.routes';
import { PermissionsService } from './modules/permissions/permissions.service';
import { PUBLIC_STATS_CACHE_SECONDS } from '../contracts/public-stats';
import { publicStatsRoutes } from './modules/public-stats/public-stats.routes';
import { PublicStatsService } from './modules/public-stats/public-stats.service';
import { reportsRoutes } from './modules/reports/reports.routes';
import { ReportsService } from './modules/reports/reports.service';
import { searchRoutes } from './modules/search/search.routes';
import { SearchService } from './modules/search/search.service';
import { parkingRoutes } from './modules/parking/parking.routes';
import { ParkingService } from './modules/parking/parking.service';
import { staffPortalRoutes } from './modules/staff-portal/staff-portal.routes';
import { StaffPortalService } from './modules/staff-portal/staff-portal.service';
import { shareLinksRoutes } from './modules/share-links/share-links.routes';
import { ShareLinksService } from './modules/share-links/share-links.service';
import { systemSettingsRoutes } from './modules/system-settings/system-settings.routes';
import { SystemSettingsService } from './modules/system-settings/system-settings.service';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { TasksService } from './modules/tasks/tasks.service';
import { userAdminRoutes } from './modules/user-admin/user-admin.routes';
import { UserAdminService } from './modules/user-admin/user-admin.service';
import { usersRoutes } from './modules/users/users.routes';
import { waitingRoomRoutes } from './modules/waiting-room/waiting-room.routes';
import { WaitingRoomService } from './modules/waiting-room/waiting-room.service';
import { UsersService } from './modules/users/users.service';

// The composition root: every service is built here, once, from the platform and the services it
// depends on; then every feature module's routes are registered with the services they use. A
// feature that is not here does not exist.

export function createServices(app: FastifyInstance) {
  const { db, audit, uow } = app;
  // Work done for nobody signed in (a producer outside a request, a share link's public page).
  const system = () => AccessContext.system(audit, db);
  // The clinic's zone and opening hours (system settings), asked at call time by every service that
  // works in the clinic's days. A request reads the settings before its handler; a job does it here.
  const clinic = clinicClockOf(app.systemSettings);
  const withFreshSettings =
    <T>(run: () => Promise<T>) =>
    async (): Promise<T> => {
      await app.systemSettings.current();
      return run();
    };
  const users = new UsersService(uow);
  const biometric = new BiometricService(uow, users, { relyingParty: relyingPartyFor(app.config) });
  const organisationIdentity = () => app.organisationIdentity.current();
  const notifications = new NotificationsService(uow, { system });
  const permissions = new PermissionsService(uow, notifications);
  const auth = new AuthService(uow, notifications, users, {
    config: app.config,
    organisation: organisationIdentity,
    policy: () => app.systemSettings.current(),
  });
  const userAdmin = new UserAdminService(uow, permissions, {
    organisation: organisationIdentity,
    // The auth module's set-password link, written in the creating transaction.
    invitationLink: (work, userId) => auth.setPasswordLinkIn(work, userId, INVITATION_TOKEN_LIFETIME_MS),
    onDeactivated: (userId) => app.realtime.sweep(userId),
  });
  const medications = new MedicationsService(uow);
  const doctors = new DoctorsService(uow);
  const refillRequests = new RefillRequestsService(uow, notifications);
  const prescribing = new PrescribingService(uow, { clinic });
  const appointments = new AppointmentsService(uow);
  // The waitlist books through the booking rules, and hears of every slot a cancellation frees
  // (called only once requests run, when both exist).
  const booking = new BookingService(uow, notifications, {
    clinic,
    organisationName: app.config.organisationName,
    onSlotFreed: (work, row): Promise<void> => waitlist.slotFreedIn(work, row),
    afterBooked: () => app.background.run('appointment-reminders', () => reminders.sendDue()),
    // The system settings say which of a patient's bookings wait for the desk's approval.
    bookingApproval: async () => (await app.systemSettings.current()).bookingApproval,
  });
  const videoVisits = new VideoVisitsService(uow, appointments, {
    iceServers: app.config.iceServers,
    turnSecret: app.config.turnSecret,
    demoMode: app.config.demoMode,
  });
  const waitlist: WaitlistService = new WaitlistService(uow, booking, notifications, {
    clinic,
    publicUrl: app.config.publicUrl,
    offerMinutes: app.config.waitlistOfferMinutes,
    system,
    kick: (pass) => app.background.run('waitlist-offers', pass),
  });
  // Every minute: offers that expired pass to the next patient, and slots freed by a crash's cancellation are offered.
  app.jobs.schedule({ name: 'waitlist-offers', cron: '* * * * *', run: withFreshSettings(() => waitlist.advance()) });
  const appointmentLinks = new AppointmentLinksService(uow, booking);
  const reminders = new RemindersService(uow, notifications, {
    // The system settings' reminder times when an admin set them, else REMINDER_HOURS_BEFORE.
    hoursBefore: async () => (await app.systemSettings.current()).reminderHoursBefore,
    clinic,
    publicUrl: app.config.publicUrl,
    organisation: organisationIdentity,
    system,
  });
  // Every minute: reminders whose time has come (each sent once, whichever instance runs it); a
  // run with nothing due reads one index range.
  app.jobs.schedule({ name: 'appointment-reminders', cron: '* * * * *', run: withFreshSettings(() => reminders.sendDue()) });
  const leave = new LeaveService(uow, notifications, appointments, { clinic });
  const frontDesk = new FrontDeskService(uow, booking, notifications, {
    clinic,
    afterApproved: () => app.background.run('appointment-reminders', () => reminders.sendDue()),
  });
  const staffPortal = new StaffPortalService(uow, frontDesk, { clinic });
  const chartEntries = new ChartEntriesService(uow);
  const clinicalNotes = new ClinicalNotesService(uow, notifications);
  const doctorPortal = new DoctorPortalService(uow, appointments, clinicalNotes, { clinic });
  const healthRecords = new HealthRecordsService(uow, appointments, medications, clinicalNotes);
  const patients = new PatientsService(uow, {
    organisation: () => app.organisationIdentity.current(),
    publicUrl: app.config.publicUrl,
    passwordMinLength: async () => (await app.systemSettings.current()).passwordMinLength,
  });
  const patientsDirectory = new PatientsDirectoryService(uow);
  const deskRegistration = new DeskRegistrationService(uow, {
    organisation: organisationIdentity,
    // The same set-password link as a staff invitation, written in the registering transaction.
    invitationLink: (work, userId) => auth.setPasswordLinkIn(work, userId, INVITATION_TOKEN_LIFETIME_MS),
  });
  const documents = new DocumentsService(uow);
  const orders = new OrdersService(uow, notifications, documents);
  const shareLinks = new ShareLinksService(uow, medications, { publicUrl: app.config.publicUrl });
  const tasks = new TasksService(uow);
  const auditTrail = new AuditService(uow);
  // Once a day the server checks the audit chain itself; the security view raises an alert when the
  // latest check found it broken, so tampering is seen even when nobody presses "verify".
  app.jobs.schedule({
    name: 'audit-chain-check',
    cron: '23 4 * * *',
    run: async () => {
      const ctx = system();
      const status = await auditTrail.chainStatus(ctx);
      // A read's audit event is written by whoever answers; for a job, that is the job.
      await ctx.audit.flush();
      if (!status.intact) app.log.error({ brokenAt: status.brokenAt, checked: status.checked }, 'audit chain broken');
      return status;
    },
  });
  const messages = new MessagesService(uow, tasks, {
    publicUrl: app.config.publicUrl,
    organisationName: async () => (await app.organisationIdentity.current()).name,
  });
  const publicStats = new PublicStatsService(uow, { ttlMs: PUBLIC_STATS_CACHE_SECONDS * 1000, clinic });
  const errorReports = new ErrorReportsService(uow);
  const organisation = new OrganisationService(uow, {
    config: app.config,
    onSettingsChanged: () => app.organisationIdentity.forget(),
  });
  const systemSettings = new SystemSettingsService(uow, {
    config: app.config,
    onChanged: () => app.systemSettings.forget(),
  });
  const adminConsole = new AdminConsoleService(uow, {
    clinic,
    // The user's open pages are disconnected now (their next request is refused anyway).
    onSessionsEnded: (userId) => app.realtime.sweep(userId),
  });
  const analytics = new AnalyticsService(uow, { clinic });
  const reports = new ReportsService(uow, analytics, auditTrail, patientsDirectory, {
    organisation: organisationIdentity,
    publicUrl: app.config.publicUrl,
    system,
  });
  // Every quarter of an hour: scheduled reports whose time has come (each run once, whichever instance takes it).
  app.jobs.schedule({ name: 'report-schedules', cron: '*/15 * * * *', run: withFreshSettings(() => reports.runDue()) });
  return {
    users,
    biometric,
    permissions,
    userAdmin,
    notifications,
    auth,
    doctors,
    medications,
    refillRequests,
    prescribing,
    tasks,
    messages,
    search: new SearchService(uow),
    appointments,
    videoVisits,
    booking,
    appointmentLinks,
    reminders,
    waitlist,
    leave,
    frontDesk,
    staffPortal,
    parking: new ParkingService(uow, frontDesk),
    waitingRoom: new WaitingRoomService(uow, { clinic }),
    doctorPortal,
    healthRecords,
    chartEntries,
    orders,
    clinicalNotes,
    patients,
    patientsDirectory,
    deskRegistration,
    documents,
    shareLinks,
    publicStats,
    errorReports,
    organisation,
    systemSettings,
    adminConsole,
    analytics,
    reports,
    audit: auditTrail,
    outbox: new OutboxService(uow),
    demo: new DemoService(uow),
  };
}

export type Services = ReturnType<typeof createServices>;

export async function registerModules(app: FastifyInstance, services: Services): Promise<void> {
  await app.register(healthRoutes);
  await app.register(organisationRoutes, { organisation: services.organisation });
  await app.register(systemSettingsRoutes, { systemSettings: services.systemSettings });
  await app.register(publicStatsRoutes, { publicStats: services.publicStats });
  await app.register(demoRoutes, { demo: services.demo });
  await app.register(errorReportsRoutes, { errorReports: services.errorReports });
  await app.register(authRoutes, { auth: services.auth });
  await app.register(usersRoutes, { users: services.users });
  await app.register(userAdminRoutes, { userAdmin: services.userAdmin });
  await app.register(outboxRoutes, { outbox: services.outbox });
  await app.register(biometricRoutes, { biometric: services.biometric });
  await app.register(patientsRoutes, { patients: services.patients });
  await app.register(patientsDirectoryRoutes, { patientsDirectory: services.patientsDirectory });
  await app.register(deskRegistrationRoutes, { deskRegistration: services.deskRegistration });
  await app.register(permissionsRoutes, { permissions: services.permissions });
  await app.register(doctorsRoutes, { doctors: services.doctors });
  await app.register(notificationsRoutes, { notifications: services.notifications });
  await app.register(auditRoutes, { audit: services.audit });
  await app.register(adminConsoleRoutes, { adminConsole: services.adminConsole, analytics: services.analytics });
  await app.register(reportsRoutes, { reports: services.reports });
  await app.register(appointmentsRoutes, { appointments: services.appointments });
  await app.register(bookingRoutes, { booking: services.booking });
  await app.register(videoVisitsRoutes, { videoVisits: services.videoVisits });
  // The video visit's signalling on the realtime socket, as the socket's own signed-in user.
  registerVideoSignalling(app, services.videoVisits, (caller) =>
    AccessContext.system(app.audit, app.db, { userId: caller.userId, role: caller.role, sessionId: caller.sessionId }, 'realtime'),
  );
  await app.register(appointmentLinksRoutes, { appointmentLinks: services.appointmentLinks });
  await app.register(waitlistRoutes, { waitlist: services.waitlist });
  await app.register(leaveRoutes, { leave: services.leave });
  await app.register(doctorPortalRoutes, { doctorPortal: services.doctorPortal });
  await app.register(frontDeskRoutes, { frontDesk: services.frontDesk, booking: services.booking });
  await app.register(staffPortalRoutes, { staffPortal: services.staffPortal });
  await app.register(parkingRoutes, { parking: services.parking });
  await app.register(waitingRoomRoutes, { waitingRoom: services.waitingRoom });
  await app.register(medicationsRoutes, { medications: services.medications });
  await app.register(refillRequestsRoutes, { refillRequests: services.refillRequests });
  await app.register(prescribingRoutes, { prescribing: services.prescribing });
  await app.register(tasksRoutes, { tasks: services.tasks });
  await app.register(searchRoutes, { search: services.search });
  await app.register(messagesRoutes, { messages: services.messages });
  await app.register(healthRecordsRoutes, { healthRecords: services.healthRecords });
  await app.register(chartEntriesRoutes, { chartEntries: services.chartEntries });
  await app.register(ordersRoutes, { orders: services.orders });
  await app.register(clinicalNotesRoutes, { clinicalNotes: services.clinicalNotes });
  await app.register(documentsRoutes, { documents: services.documents });
  await app.register(shareLinksRoutes, { shareLinks: services.shareLinks });
}
