import type { TFunction } from 'i18next';

// The audit trail names actions by code (patient.read); people read them in plain words. A code
// without its own text is described by its area ("patient.*"), else generically.

/** Codes with their own text in the audit namespace (actions.<area>.<verb>). */
const KNOWN = new Set([
  'patient.read',
  'patient.list',
  'patient.register',
  'profile.update',
  'settings.update',
  'access.denied',
  'audit.list',
  'audit.export',
  'audit.verify',
  'access-log.read',
  'notifications.list',
  'outbox.read',
  'medication.shared-view',
  'organisation.update',
  'clinic.create',
  'clinic.update',
  'clinic.delete',
  'users.create',
  'users.list',
  'users.deactivate',
  'auth.sign-in',
  'auth.sign-out',
]);

export function actionWords(t: TFunction, action: string): string {
  if (KNOWN.has(action)) return t(`audit:actions.${action}`);
  const area = action.split('.')[0] ?? '';
  if (area === 'patient' || area === 'medication' || area === 'records') return t('audit:actions.otherRecord');
  return t('audit:actions.other');
}
