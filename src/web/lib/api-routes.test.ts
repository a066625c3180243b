import { describe, expect, it } from 'vitest';
import { healthRecordsApi } from '../../contracts/health-records';
import { routeKey, routeMatcher, routeUrl } from './api-routes';

// The typed client builds URLs and cache keys from a route's contract, and push reactions find a
// route's cached queries from the same contract.

describe('routes from contracts', () => {
  it('fills the path, encodes parameters and adds the query', () => {
    expect(routeUrl(healthRecordsApi.vitals, { params: { id: 'a/b' }, query: { limit: 5 } })).toBe('/api/patients/a%2Fb/vitals?limit=5');
    expect(routeKey(healthRecordsApi.chart, { params: { id: 'p1' } })).toEqual(['/api/patients/p1/complete']);
  });

  it("matches one record's queries, whatever their query string, or every record's", () => {
    const one = routeMatcher(healthRecordsApi.vitals, { id: 'p1' });
    expect(one(['/api/patients/p1/vitals?limit=1000'])).toBe(true);
    expect(one(['/api/patients/p1/vitals'])).toBe(true);
    expect(one(['/api/patients/p2/vitals'])).toBe(false);
    expect(one(['/api/patients/p1/vitals-archive'])).toBe(false);
    const every = routeMatcher(healthRecordsApi.vitals);
    expect(every(['/api/patients/p2/vitals?limit=5'])).toBe(true);
    expect(every(['/api/patients/p2/complete'])).toBe(false);
    expect(every([{ not: 'a url' }])).toBe(false);
  });
});
