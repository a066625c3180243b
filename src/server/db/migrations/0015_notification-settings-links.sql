-- Security notices written before they linked to the security section of the settings view still
-- point at /settings, which no view answers: they open that section now, like the ones written since
-- (NOTIFICATION_LINKS.accountSecurity; the web maps the same old links in currentNotificationLink).
UPDATE "notifications"
SET "action_url" = '/profile-settings#security'
WHERE "action_url" = '/settings' OR "action_url" LIKE '/settings#%' OR "action_url" LIKE '/settings?%';
