import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { FEATURE_CATALOGUE, FEATURE_CATEGORIES, featureDescriptionKey, featureNameKey } from '../../contracts/feature-catalogue';
import { SUPPORTED_LANGUAGES } from '../../contracts/languages';
import { PATIENT_FEATURE_ROUTES } from '../../contracts/views';
import { signedInRoutes } from './router';

// The search's feature catalogue against the app: every page of the signed-in router is a feature
// the search can send someone to, every feature's route opens a page, and every feature and
// category has its words in each of the six languages.

const routes = signedInRoutes();
const LOCALES = path.join(import.meta.dirname, '..', 'locales');

function texts(language: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(LOCALES, language, 'search.json'), 'utf8')) as Record<string, unknown>;
}

function lookUp(tree: Record<string, unknown>, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
}

describe('the feature catalogue and the router', () => {
  const pages = routes.map((route) => route.path ?? '').filter((routePath) => routePath !== '' && !routePath.includes(':'));
  const catalogued = new Set(FEATURE_CATALOGUE.map((feature) => feature.route.slice(1)));

  it.each(pages)('offers the page /%s in the search', (page) => {
    // Pages reached from another page (booking from the appointments list) need no entry of their own.
    const parent = page.split('/').slice(0, -1).join('/');
    expect(catalogued.has(page) || (parent !== '' && catalogued.has(parent) && page !== parent), page).toBe(true);
  });

  it.each(FEATURE_CATALOGUE.map((feature) => [feature.id, feature.route]))('sends "%s" to %s, a page of the app', (_id, route) => {
    if (PATIENT_FEATURE_ROUTES[route]) return;
    const matched = matchRoutes([{ path: '/', children: routes }], route);
    expect(matched?.at(-1)?.route.path).toBe(route.slice(1));
  });
});

describe('the feature catalogue in six languages', () => {
  it.each([...SUPPORTED_LANGUAGES])('has every name, description and category in %s', (language) => {
    const tree = texts(language);
    for (const feature of FEATURE_CATALOGUE) {
      for (const key of [featureNameKey(feature.id), featureDescriptionKey(feature.id)]) {
        const text = lookUp(tree, key);
        expect(typeof text === 'string' && text.trim() !== '', `${language} ${key}`).toBe(true);
      }
    }
    for (const category of FEATURE_CATEGORIES) expect(lookUp(tree, `categories.${category}`), `${language} ${category}`).toBeTruthy();
  });

  it('says the names in each language rather than repeating English', () => {
    const english = texts('en');
    for (const language of ['es', 'de', 'ar', 'zh']) {
      const tree = texts(language);
      const same = FEATURE_CATALOGUE.filter(
        (feature) => lookUp(tree, featureNameKey(feature.id)) === lookUp(english, featureNameKey(feature.id)),
      );
      expect(
        same.map((feature) => feature.id),
        language,
      ).toEqual([]);
    }
  });
});
