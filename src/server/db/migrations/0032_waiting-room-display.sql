-- The waiting-room display's permission (src/contracts/permission-catalogue.ts): a screen in the
-- waiting room signed in as its own account sees the day's queues as tickets and initials, nothing else.
INSERT INTO "permissions" ("permission", "category", "description") VALUES
  ('appointments.queue.display', 'appointments', 'Show the waiting-room display')
ON CONFLICT ("permission") DO NOTHING;
