import { describe, expect, it } from 'vitest';
import { isViewName, PATIENT_FEATURE_ROUTES, pathForView, VIEW_NAMES, VIEW_PATHS, viewForPath, type ViewName } from './views';

// Every view the signed-in app names.
const NAMED_VIEWS = [
  'dashboard',
  'doctor-portal',
  'admin-dashboard',
  'staff-portal',
  'appointments',
  'doctors',
  'records',
  'demographics',
  'medical-history',
  'medications',
  'visit-notes',
  'vitals',
  'problems',
  'immunizations',
  'orders',
  'billing',
  'tasks',
  'messages',
  'consent-forms',
  'educational-materials',
  'templates',
  'profile-settings',
  'parking',
  'ai-health',
  'diagnostics',
  'lab-results',
  'docs',
  'docs/patient-management',
  'docs/ai-diagnostics',
  'docs/telemedicine',
  'docs/analytics',
  'clinical-notes',
];

// The older patient paths and the view each one leads to.
const OLDER_PATIENT_PATHS: Record<string, string> = {
  '/patient/dashboard': 'dashboard',
  '/patient/appointments': 'appointments',
  '/patient/schedule': 'appointments',
  '/patient/medical-records': 'records',
  '/patient/documents': 'records',
  '/patient/lab-results': 'lab-results',
  '/patient/medications': 'medications',
  '/patient/refills': 'medications',
  '/patient/vitals': 'vitals',
  '/patient/health-metrics': 'vitals',
  '/patient/consultations': 'diagnostics',
  '/patient/messages': 'messages',
  '/patient/care-team': 'doctors',
  '/patient/symptoms': 'problems',
  '/patient/goals': 'tasks',
  '/patient/wellness': 'educational-materials',
  '/patient/education': 'educational-materials',
  '/patient/immunizations': 'immunizations',
  '/patient/preventive': 'immunizations',
  '/patient/allergies': 'medical-history',
  '/patient/family-history': 'medical-history',
  '/patient/emergency-contacts': 'demographics',
  '/patient/insurance': 'billing',
  '/patient/billing': 'billing',
  '/patient/care-plans': 'visit-notes',
  '/patient/discharge': 'visit-notes',
  '/patient/referrals': 'orders',
  '/patient/profile': 'profile-settings',
  '/patient/notifications': 'profile-settings',
  '/patient/privacy': 'profile-settings',
  '/patient/settings': 'profile-settings',
};

describe('VIEW_PATHS', () => {
  it.each(NAMED_VIEWS)('has a path for the view "%s"', (view) => {
    expect(isViewName(view)).toBe(true);
    expect(VIEW_PATHS[view as ViewName]).toMatch(/^\/[a-z]/);
  });

  it('holds exactly the views the portal names, no more', () => {
    expect([...VIEW_NAMES].sort()).toEqual([...NAMED_VIEWS].sort());
  });

  it('gives every view its own path', () => {
    const paths = Object.values(VIEW_PATHS);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('does not treat inherited object keys as view names', () => {
    expect(isViewName('toString')).toBe(false);
    expect(isViewName('constructor')).toBe(false);
    expect(isViewName('coming-soon')).toBe(false);
  });
});

describe('viewForPath and pathForView', () => {
  it.each(NAMED_VIEWS as ViewName[])('round-trips "%s"', (view) => {
    expect(viewForPath(pathForView(view))).toBe(view);
  });

  it('tolerates trailing slashes', () => {
    expect(viewForPath('/appointments/')).toBe('appointments');
    expect(viewForPath('/docs/telemedicine//')).toBe('docs/telemedicine');
  });

  it('answers undefined for paths that are no view', () => {
    expect(viewForPath('/no-such-feature')).toBeUndefined();
    expect(viewForPath('/')).toBeUndefined();
    expect(viewForPath('/docs/unknown')).toBeUndefined();
    expect(viewForPath('/patient/dashboard')).toBeUndefined();
    expect(viewForPath('dashboard')).toBeUndefined();
  });
});

describe('PATIENT_FEATURE_ROUTES', () => {
  it('maps every older patient path, and no other', () => {
    expect(PATIENT_FEATURE_ROUTES).toEqual(OLDER_PATIENT_PATHS);
  });

  it.each(Object.entries(PATIENT_FEATURE_ROUTES))('%s resolves to a real view (%s)', (_route, view) => {
    expect(isViewName(view)).toBe(true);
  });
});
