import { describe, expect, it } from 'vitest';
import { FEATURE_CATALOGUE, FEATURE_CATEGORIES, featuresFor, matchFeatures } from './feature-catalogue';
import { PERMISSIONS } from './permission-catalogue';
import { PATIENT_FEATURE_ROUTES, pathForView, VIEW_NAMES } from './views';

// The feature catalogue the search offers: every view of the app is in it, each feature is
// offered only to whom it is for, and the words people type find it.

describe('FEATURE_CATALOGUE', () => {
  it.each(VIEW_NAMES)('holds the view "%s" at its own path', (view) => {
    expect(FEATURE_CATALOGUE.some((feature) => feature.view === view && feature.route === pathForView(view))).toBe(true);
  });

  it('gives every feature its own id, one of the catalogue categories and a route of the app', () => {
    const ids = FEATURE_CATALOGUE.map((feature) => feature.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const feature of FEATURE_CATALOGUE) {
      expect(FEATURE_CATEGORIES).toContain(feature.category);
      expect(feature.route).toMatch(/^\/[a-z]/);
      if (feature.route.startsWith('/patient/')) expect(PATIENT_FEATURE_ROUTES[feature.route]).toBe(feature.view);
    }
  });
});

describe('featuresFor', () => {
  it('offers patients only features flagged for patients', () => {
    const offered = featuresFor('patient', PERMISSIONS);
    expect(offered.length).toBeGreaterThan(10);
    expect(offered.every((feature) => feature.patientAccessible)).toBe(true);
    expect(offered.map((feature) => feature.id)).not.toContain('doctor-portal');
  });

  it('offers each role its own portal only, and staff only the guarded views their permissions open', () => {
    expect(featuresFor('doctor', PERMISSIONS).map((feature) => feature.id)).toContain('doctor-portal');
    expect(featuresFor('doctor', PERMISSIONS).map((feature) => feature.id)).not.toContain('admin-dashboard');
    const clerk = featuresFor('staff', ['billing.view']).map((feature) => feature.id);
    expect(clerk).toContain('billing');
    expect(clerk).not.toContain('records');
    expect(featuresFor('admin', []).map((feature) => feature.id)).toContain('audit-log');
  });
});

describe('matchFeatures', () => {
  it('finds refills by a word a patient types, best matches first', () => {
    const found = matchFeatures(featuresFor('patient', PERMISSIONS), 'refill').map((feature) => feature.id);
    expect(found).toContain('refills');
    expect(found).toContain('medications');
  });

  it('needs every word, ignores case and accents, and finds nothing for blank text', () => {
    expect(matchFeatures(FEATURE_CATALOGUE, 'LAB résults').map((feature) => feature.id)).toEqual(['lab-results']);
    expect(matchFeatures(FEATURE_CATALOGUE, '   ')).toEqual([]);
    expect(matchFeatures(FEATURE_CATALOGUE, 'lab zzzz')).toEqual([]);
  });
});
