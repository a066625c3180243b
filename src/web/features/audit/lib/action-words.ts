import type { TFunction } from 'i18next';
import { AUDIT_ACTIONS, type AuditActionName } from '../../../../contracts/audit';

// The audit trail names actions by code (patient.read); people read them in plain words. Every code
// the server can record (AUDIT_ACTIONS) has its own text in the audit namespace
// (actions.<area>.<verb>); action-words.test.ts fails on one without it in any language. A code the
// server no longer records, still on old events, is described by its area, else generically.

const KNOWN = new Set<string>(AUDIT_ACTIONS);

export function isKnownAction(action: string): action is AuditActionName {
  return KNOWN.has(action);
}

/** The i18next key of an action's words. */
export function actionKey(action: AuditActionName): string {
  return `actions.${action}`;
}

export function actionWords(t: TFunction, action: string): string {
  if (isKnownAction(action)) return t(`audit:${actionKey(action)}`);
  const area = action.split('.')[0] ?? '';
  if (area === 'patient' || area === 'medication' || area === 'records') return t('audit:actions.otherRecord');
  return t('audit:actions.other');
}
