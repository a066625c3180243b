// The view names of the signed-in app and the URL path each one lives at (ADR 004: a real URL per view).
// Navigation, search-result routing and guards all read this one table, so a view's path is
// changed in exactly one place.

export const VIEW_PATHS = {
  dashboard: '/dashboard',
  'doctor-portal': '/doctor-portal',
  'admin-dashboard': '/admin-dashboard',
  'staff-portal': '/staff-portal',
  appointments: '/appointments',
  doctors: '/doctors',
  records: '/records',
  demographics: '/demographics',
  'medical-history': '/medical-history',
  medications: '/medications',
  'visit-notes': '/visit-notes',
  vitals: '/vitals',
  problems: '/problems',
  immunizations: '/immunizations',
  orders: '/orders',
  billing: '/billing',
  tasks: '/tasks',
  messages: '/messages',
  'consent-forms': '/consent-forms',
  'educational-materials': '/educational-materials',
  templates: '/templates',
  'profile-settings': '/profile-settings',
  parking: '/parking',
  'ai-health': '/ai-health',
  diagnostics: '/diagnostics',
  'lab-results': '/lab-results',
  docs: '/docs',
  'docs/patient-management': '/docs/patient-management',
  'docs/ai-diagnostics': '/docs/ai-diagnostics',
  'docs/telemedicine': '/docs/telemedicine',
  'docs/analytics': '/docs/analytics',
  'clinical-notes': '/clinical-notes',
} as const;

export type ViewName = keyof typeof VIEW_PATHS;

export const VIEW_NAMES = Object.keys(VIEW_PATHS) as ViewName[];

/** Public pages that are not views of the signed-in app. */
export const PUBLIC_PATHS = {
  landing: '/',
  login: '/login',
  sharedMedication: '/shared/medication/:token',
  /** A reminder's one-click link (contracts/appointment-links.ts). */
  appointmentLink: '/a/:token',
} as const;

/** Ai-health and diagnostics are the same screen. */
export const VIEW_ALIASES: Partial<Record<ViewName, ViewName>> = {
  'ai-health': 'diagnostics',
};

export function isViewName(value: string): value is ViewName {
  return Object.prototype.hasOwnProperty.call(VIEW_PATHS, value);
}

export function pathForView(view: ViewName): string {
  return VIEW_PATHS[view];
}

const VIEW_BY_PATH = new Map<string, ViewName>(Object.entries(VIEW_PATHS).map(([view, path]) => [path, view as ViewName]));

/** The view a URL path shows, or undefined when the path is no view (the coming-soon page). */
export function viewForPath(pathname: string): ViewName | undefined {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return VIEW_BY_PATH.get(trimmed);
}

/**
 * Older patient paths and the view each leads to. Search results and old bookmarks use these
 * paths; they resolve to the view that shows the content.
 */
export const PATIENT_FEATURE_ROUTES: Record<string, ViewName> = {
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

/** The settings section a patient feature route opens (its hash on the profile-settings view). */
export const PATIENT_FEATURE_SECTIONS: Record<string, string> = {
  '/patient/profile': 'profile',
  '/patient/notifications': 'notifications',
  '/patient/privacy': 'privacy',
  '/patient/settings': 'preferences',
};

/** The waiting-room display's page: signed in, outside the portal frame (it fills the screen). */
export const WAITING_ROOM_PAGE_PATH = '/waiting-room';
