-- The demo accounts' published passwords changed: the old ones are now refused as guessable. A
-- database seeded before this keeps hashes of the old ones, which the login screen no longer shows.
-- Those accounts are put in the state a start without demo mode leaves them in (inactive, no
-- password); a start in demo mode then restores them with the new published passwords, and a start
-- without keeps them out, as before.
UPDATE "users" SET "is_active" = false, "password_hash" = NULL, "updated_at" = now()
WHERE "email" IN ('patient@caredeck.demo', 'doctor@caredeck.demo', 'staff@caredeck.demo', 'admin@caredeck.demo', 'new.doctor@caredeck.demo', 'mfa@caredeck.demo', 'display@caredeck.demo')
  AND "password_hash" IS NOT NULL;
