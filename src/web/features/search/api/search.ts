import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  featureDescriptionKey,
  featureNameKey,
  featuresFor,
  matchFeatures,
  type FeatureEntry,
} from '../../../../contracts/feature-catalogue';
import { searchApi, type SearchFeature, type SearchGroup } from '../../../../contracts/search';
import { routeQuery } from '../../../lib/api-routes';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../../../lib/permissions/use-permissions';

// The search's calls: the panel's (all groups, a few each) and a page of one group. The query text
// is sent as typed; the server trims it and answers an empty result for nothing but spaces, but
// nothing is asked for until there is text.

export function useSearch(text: string, group?: SearchGroup, page = 1) {
  const query = text.trim();
  return useQuery({
    ...routeQuery(searchApi.search, { query: { query, ...(group ? { group, page } : {}) } }, (answer) => answer.data),
    enabled: query !== '',
    // A search answer is for the moment it is asked; the next keystroke asks again.
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

function toFeature(feature: FeatureEntry): SearchFeature {
  return {
    id: feature.id,
    name: featureNameKey(feature.id),
    description: featureDescriptionKey(feature.id),
    category: feature.category,
    route: feature.route,
    icon: feature.icon,
    patientAccessible: feature.patientAccessible,
  };
}

/**
 * The features the user may open that the text finds in their own language (the server matches
 * the catalogue's English words), then the server's that are not among them.
 */
export function useFeatureMatches(text: string, fromServer: readonly SearchFeature[] = []): SearchFeature[] {
  const { t } = useTranslation('search');
  const { user, permissions } = usePermissions();
  if (!user || text.trim() === '') return [];
  const local = matchFeatures(featuresFor(user.role, permissions), text, (feature) => [
    t(featureNameKey(feature.id)),
    t(featureDescriptionKey(feature.id)),
    t(`categories.${feature.category}`),
  ]).map(toFeature);
  const known = new Set(local.map((feature) => feature.id));
  const allowed = new Set(featuresFor(user.role, permissions).map((feature) => feature.id));
  return [...local, ...fromServer.filter((feature) => !known.has(feature.id) && allowed.has(feature.id))];
}

/** The panel's features: the first 4 categories, 3 of each. */
export function panelFeatures(features: readonly SearchFeature[], categories: number, perCategory: number): [string, SearchFeature[]][] {
  const byCategory = new Map<string, SearchFeature[]>();
  for (const feature of features) {
    const list = byCategory.get(feature.category) ?? [];
    if (list.length < perCategory) list.push(feature);
    byCategory.set(feature.category, list);
  }
  return [...byCategory.entries()].slice(0, categories);
}
