import type { RouteObject } from 'react-router';
import { lazyView } from '../../lib/lazy-view';

const SearchResultsPage = lazyView(() => import('./pages/search-results-page').then((m) => m.SearchResultsPage), ['search', 'validation']);

/** The full search results, for every signed-in role (what each finds is the server's rule). */
export const searchRoutes: RouteObject[] = [{ path: 'search', element: <SearchResultsPage /> }];
