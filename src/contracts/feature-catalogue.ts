import type { Role } from './roles';
import { canReachView, type HeldPermission } from './view-access';
import { pathForView, type ViewName } from './views';

// The feature catalogue: every place of the signed-in app a person can be sent to by the search,
// with the category it is grouped under, its icon and whether patients may use it. Names and
// descriptions are translation keys (namespace `search`), so the server answers keys and the web
// says them in the reader's language. `terms` are English words a feature is also found by, so a
// search finds "refill" whatever the screen's language; the web adds the translated names.

export const FEATURE_CATEGORIES = [
  'overview',
  'scheduling',
  'records',
  'results',
  'treatment',
  'monitoring',
  'consultation',
  'communication',
  'providers',
  'tracking',
  'wellness',
  'safety',
  'administrative',
  'financial',
  'documents',
  'planning',
  'instructions',
  'education',
  'prevention',
  'pharmacy',
  'referrals',
  'settings',
  'security',
  'general',
] as const;
export type FeatureCategory = (typeof FEATURE_CATEGORIES)[number];

/** Icon names; the web draws each with its own picture (features/search/components/feature-icon.tsx). */
export const FEATURE_ICONS = [
  'layout-dashboard',
  'calendar',
  'folder',
  'flask',
  'pill',
  'activity',
  'stethoscope',
  'message',
  'users',
  'user',
  'clipboard',
  'heart',
  'shield',
  'receipt',
  'file-text',
  'list-checks',
  'book-open',
  'syringe',
  'settings',
  'car',
  'sparkles',
  'alert-triangle',
  'send',
  'building',
  'history',
  'inbox',
] as const;
export type FeatureIcon = (typeof FEATURE_ICONS)[number];

export interface FeatureEntry {
  id: string;
  category: FeatureCategory;
  /** Where a click goes: a view's path, an older patient path or another page of the app. */
  route: string;
  icon: FeatureIcon;
  patientAccessible: boolean;
  /** The view the route shows: its role portal and permission guard decide who is offered it. */
  view?: ViewName;
  /** For a page that is not a view: the roles it is built for. */
  roles?: readonly Role[];
  /** English words it is also found by, besides its id and its names. */
  terms: readonly string[];
}

const STAFF_SIDE: readonly Role[] = ['doctor', 'staff', 'admin'];

function view(
  id: ViewName,
  category: FeatureCategory,
  icon: FeatureIcon,
  patientAccessible: boolean,
  terms: readonly string[] = [],
): FeatureEntry {
  return { id: id.replace('/', '-'), category, route: pathForView(id), icon, patientAccessible, view: id, terms };
}

/** A patient's older path (src/contracts/views.ts) that opens a view, found under its own name. */
function patientPath(
  id: string,
  route: string,
  opens: ViewName,
  category: FeatureCategory,
  icon: FeatureIcon,
  terms: readonly string[] = [],
): FeatureEntry {
  return { id, category, route, icon, patientAccessible: true, view: opens, roles: ['patient'], terms };
}

function page(
  id: string,
  route: string,
  roles: readonly Role[],
  category: FeatureCategory,
  icon: FeatureIcon,
  terms: readonly string[] = [],
): FeatureEntry {
  return { id, category, route, icon, patientAccessible: roles.includes('patient'), roles, terms };
}

/** Every view of the signed-in app first (in the order of the view table), then the other pages. */
export const FEATURE_CATALOGUE: readonly FeatureEntry[] = [
  view('dashboard', 'overview', 'layout-dashboard', true, ['home', 'overview', 'summary']),
  view('doctor-portal', 'overview', 'stethoscope', false, ['home', 'portal', 'today', 'schedule']),
  view('admin-dashboard', 'administrative', 'layout-dashboard', false, ['home', 'admin', 'portal']),
  view('staff-portal', 'overview', 'layout-dashboard', false, ['home', 'portal', 'front desk']),
  view('appointments', 'scheduling', 'calendar', true, ['visit', 'booking', 'book', 'schedule', 'calendar']),
  view('doctors', 'providers', 'users', true, ['doctor', 'physician', 'specialist', 'directory', 'find a doctor']),
  view('records', 'records', 'folder', true, ['medical records', 'documents', 'files', 'upload', 'chart']),
  view('demographics', 'records', 'user', true, ['personal', 'address', 'contact', 'identity']),
  view('medical-history', 'records', 'history', true, ['history', 'allergies', 'conditions', 'surgeries', 'family']),
  view('medications', 'pharmacy', 'pill', true, ['drugs', 'prescriptions', 'refill', 'pharmacy', 'medicine', 'dose']),
  view('visit-notes', 'documents', 'file-text', true, ['notes', 'summary', 'care plan', 'discharge']),
  view('vitals', 'monitoring', 'activity', true, ['blood pressure', 'heart rate', 'weight', 'temperature', 'metrics']),
  view('problems', 'tracking', 'alert-triangle', true, ['conditions', 'diagnoses', 'symptoms', 'problem list']),
  view('immunizations', 'prevention', 'syringe', true, ['vaccines', 'vaccination', 'shots', 'immunisation']),
  view('orders', 'referrals', 'send', true, ['orders', 'referrals', 'tests ordered', 'imaging']),
  view('billing', 'financial', 'receipt', true, ['invoices', 'payments', 'insurance', 'bills', 'costs']),
  view('tasks', 'planning', 'list-checks', false, ['to do', 'work list', 'follow up']),
  view('messages', 'communication', 'message', true, ['chat', 'inbox', 'conversation', 'contact doctor']),
  view('consent-forms', 'documents', 'clipboard', true, ['consent', 'forms', 'sign', 'agreement']),
  view('educational-materials', 'education', 'book-open', true, ['learn', 'articles', 'wellness', 'health tips']),
  view('templates', 'documents', 'file-text', false, ['note templates', 'snippets']),
  view('profile-settings', 'settings', 'settings', true, ['profile', 'preferences', 'language', 'theme', 'password', 'account']),
  view('parking', 'general', 'car', true, ['car park', 'parking space', 'garage']),
  view('ai-health', 'consultation', 'sparkles', true, ['ai', 'assistant', 'symptom checker']),
  view('diagnostics', 'consultation', 'stethoscope', true, ['diagnosis', 'consultations', 'video visit', 'telemedicine']),
  view('lab-results', 'results', 'flask', true, ['labs', 'blood test', 'test results', 'laboratory']),
  view('docs', 'instructions', 'book-open', true, ['help', 'guide', 'documentation', 'manual']),
  view('docs/patient-management', 'instructions', 'book-open', false, ['help', 'guide', 'patients']),
  view('docs/ai-diagnostics', 'instructions', 'book-open', false, ['help', 'guide', 'ai']),
  view('docs/telemedicine', 'instructions', 'book-open', true, ['help', 'guide', 'video', 'remote']),
  view('docs/analytics', 'instructions', 'book-open', false, ['help', 'guide', 'reports', 'statistics']),
  view('clinical-notes', 'documents', 'file-text', false, ['notes', 'soap', 'charting', 'documentation']),

  patientPath('schedule', '/patient/schedule', 'appointments', 'scheduling', 'calendar', ['book', 'new appointment', 'reschedule']),
  patientPath('refills', '/patient/refills', 'medications', 'pharmacy', 'pill', ['refill', 'renew', 'prescription', 'repeat']),
  patientPath('health-metrics', '/patient/health-metrics', 'vitals', 'monitoring', 'heart', ['metrics', 'trends', 'weight', 'steps']),
  patientPath('care-team', '/patient/care-team', 'doctors', 'providers', 'users', ['my doctors', 'team', 'nurse']),
  patientPath('symptoms', '/patient/symptoms', 'problems', 'tracking', 'alert-triangle', ['pain', 'feeling', 'symptom']),
  patientPath('wellness', '/patient/wellness', 'educational-materials', 'wellness', 'heart', ['fitness', 'diet', 'sleep', 'stress']),
  patientPath('preventive', '/patient/preventive', 'immunizations', 'prevention', 'shield', ['screening', 'check-up', 'prevention']),
  patientPath('allergies', '/patient/allergies', 'medical-history', 'safety', 'alert-triangle', ['allergy', 'reaction', 'intolerance']),
  patientPath('family-history', '/patient/family-history', 'medical-history', 'records', 'users', ['family', 'hereditary', 'genetic']),
  patientPath('emergency-contacts', '/patient/emergency-contacts', 'demographics', 'safety', 'user', ['emergency', 'next of kin', 'ice']),
  patientPath('insurance', '/patient/insurance', 'billing', 'financial', 'shield', ['insurer', 'policy', 'coverage', 'claim']),
  patientPath('care-plans', '/patient/care-plans', 'visit-notes', 'planning', 'clipboard', ['plan', 'goals', 'treatment plan']),
  patientPath('discharge', '/patient/discharge', 'visit-notes', 'instructions', 'file-text', ['discharge', 'after visit', 'instructions']),
  patientPath('referrals', '/patient/referrals', 'orders', 'referrals', 'send', ['referral', 'specialist', 'second opinion']),
  patientPath('notification-settings', '/patient/notifications', 'profile-settings', 'settings', 'inbox', ['alerts', 'reminders', 'email']),
  patientPath('privacy-settings', '/patient/privacy', 'profile-settings', 'security', 'shield', ['privacy', 'sharing', 'data']),

  page('my-patients', '/patients', STAFF_SIDE, 'records', 'users', ['patients', 'patient list', 'panel', 'chart']),
  page('user-admin', '/admin/users', ['admin'], 'administrative', 'users', ['users', 'accounts', 'staff', 'permissions', 'roles']),
  page('audit-log', '/admin/audit', ['admin'], 'security', 'history', ['audit', 'log', 'trail', 'who opened']),
  page('security-alerts', '/admin/security', ['admin'], 'security', 'shield', ['alerts', 'failed sign-ins', 'locked accounts', 'unlock']),
  page('active-sessions', '/admin/sessions', ['admin'], 'security', 'users', ['signed in', 'sign out', 'end sessions', 'devices']),
  page('system-log', '/admin/system-log', ['admin'], 'security', 'alert-triangle', ['errors', 'error reports', 'log']),
  page('roles-overview', '/admin/roles', ['admin'], 'administrative', 'list-checks', ['roles', 'permissions', 'templates', 'positions']),
  page('admin-analytics', '/admin/analytics', ['admin'], 'administrative', 'activity', ['reports', 'charts', 'no-show', 'statistics']),
  page('admin-reports', '/admin/reports', ['admin'], 'administrative', 'file-text', ['reports', 'export', 'csv', 'pdf', 'download']),
  page('leave-approvals', '/admin/leave', ['admin'], 'administrative', 'calendar', ['leave', 'time off', 'vacation', 'approve']),
  page('organisation', '/admin/organisation', ['admin'], 'administrative', 'building', ['clinic', 'organization', 'locations', 'hours']),
  page('system-settings', '/admin/system-settings', ['admin'], 'administrative', 'settings', [
    'session timeout',
    'password policy',
    'two-step verification',
    'reminders',
    'mail sender',
  ]),
  page('access-log', '/privacy/access-log', ['patient'], 'security', 'shield', ['who viewed', 'access', 'privacy', 'log']),
  page('outbox', '/outbox', ['admin'], 'administrative', 'inbox', ['mail', 'delivery', 'queue', 'sent']),
  page('search', '/search', ['patient', 'doctor', 'staff', 'admin'], 'general', 'book-open', ['find', 'look up', 'results']),
];

export function featureNameKey(id: string): string {
  return `features.${id}.name`;
}

export function featureDescriptionKey(id: string): string {
  return `features.${id}.description`;
}

/**
 * The features a user may be sent to: patients only those flagged for patients, and
 * everyone only what their role and permissions open (the view guard's own rule).
 */
export function featuresFor(role: Role, granted: readonly HeldPermission[], now?: Date): FeatureEntry[] {
  return FEATURE_CATALOGUE.filter((feature) => {
    if (role === 'patient' && !feature.patientAccessible) return false;
    if (feature.roles && !feature.roles.includes(role)) return false;
    return feature.view ? canReachView(feature.view, role, granted, now) : true;
  });
}

/** Text folded for matching: lower case, accents removed, runs of spaces as one. */
export function foldText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a query, folded; empty for a query of nothing but spaces. */
export function queryWords(query: string): string[] {
  const folded = foldText(query);
  return folded === '' ? [] : folded.split(' ');
}

/**
 * How well `texts` answer the query's words: every word must start a word of one of the texts (or
 * sit inside one, which scores lower). Undefined when a word is found nowhere.
 */
export function featureScore(words: readonly string[], texts: readonly string[]): number | undefined {
  if (words.length === 0) return undefined;
  const folded = texts.map(foldText);
  let score = 0;
  for (const word of words) {
    let best = 0;
    for (const text of folded) {
      if (text === word) best = Math.max(best, 3);
      else if (text.startsWith(word) || text.includes(` ${word}`) || text.includes(`-${word}`)) best = Math.max(best, 2);
      else if (text.includes(word)) best = Math.max(best, 1);
    }
    if (best === 0) return undefined;
    score += best;
  }
  return score;
}

/** The features matching the query, best first (catalogue order among equals). */
export function matchFeatures(
  features: readonly FeatureEntry[],
  query: string,
  textsOf: (feature: FeatureEntry) => readonly string[] = () => [],
): FeatureEntry[] {
  const words = queryWords(query);
  return features
    .map((feature, index) => ({
      feature,
      index,
      score: featureScore(words, [feature.id.replace(/-/g, ' '), feature.category, ...feature.terms, ...textsOf(feature)]),
    }))
    .filter((entry): entry is { feature: FeatureEntry; index: number; score: number } => entry.score !== undefined)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .map((entry) => entry.feature);
}
