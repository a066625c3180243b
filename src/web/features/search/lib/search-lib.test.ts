import { describe, expect, it } from 'vitest';
import { RECENT_SEARCHES_KEY } from '../../../../contracts/search';
import { matchedRanges } from './highlight';
import { forgetSearches, recentSearches, rememberSearch } from './recent-searches';
import { resultRoute } from './result-routes';

// The search's pieces without a screen: recent searches on the device, the marked parts of a
// result, and where each result leads for each role.

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('recent searches', () => {
  it('keeps 5 distinct entries, newest first, under recentSearches', () => {
    const storage = memoryStorage();
    for (const text of ['one', 'two', 'three', 'four', 'five', 'six']) rememberSearch(text, storage);
    expect(recentSearches(storage)).toEqual(['six', 'five', 'four', 'three', 'two']);
    rememberSearch('  THREE ', storage);
    expect(recentSearches(storage)).toEqual(['THREE', 'six', 'five', 'four', 'two']);
    expect(JSON.parse(storage.getItem(RECENT_SEARCHES_KEY)!)).toHaveLength(5);
  });

  it('ignores blank text and survives a key someone else wrote', () => {
    const storage = memoryStorage();
    rememberSearch('   ', storage);
    expect(recentSearches(storage)).toEqual([]);
    storage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(recentSearches(storage)).toEqual([]);
    rememberSearch('refill', storage);
    forgetSearches(storage);
    expect(recentSearches(storage)).toEqual([]);
  });
});

describe('matchedRanges', () => {
  it('marks what the words matched, accents and case ignored, on the text as written', () => {
    expect(matchedRanges('Zoé Quillfeather', ['zoe', 'FEATHER'])).toEqual([
      [0, 3],
      [9, 16],
    ]);
    expect(matchedRanges('Zoé', ['x'])).toEqual([]);
  });
});

describe('resultRoute', () => {
  const patient = { group: 'patients', item: { id: 'p1' } } as never;
  const doctor = { group: 'doctors', item: { id: 'd1' } } as never;
  const staff = { group: 'staff', item: { id: 's1' } } as never;
  const appointment = { group: 'appointments', item: { id: 'a1', patientId: 'p1' } } as never;

  it('opens a patient’s chart for who may open it, else the role’s portal', () => {
    expect(resultRoute(patient, 'doctor', true)).toBe('/patient/p1');
    expect(resultRoute(patient, 'staff', false)).toBe('/staff-portal');
  });

  it('sends doctor, staff and appointment results to the view each role may open', () => {
    expect(resultRoute(doctor, 'admin', true)).toBe('/doctors/d1');
    expect(resultRoute(doctor, 'patient', false)).toBe('/doctors');
    expect(resultRoute(staff, 'admin', true)).toBe('/admin-dashboard');
    expect(resultRoute(staff, 'doctor', true)).toBe('/staff-portal');
    expect(resultRoute(appointment, 'patient', false)).toBe('/patient/appointments');
  });

  it('opens an appointment where each role keeps appointments, never on a page the role is refused', () => {
    expect(resultRoute(appointment, 'doctor', true)).toBe('/appointments');
    expect(resultRoute(appointment, 'staff', true)).toBe('/staff-portal');
    expect(resultRoute(appointment, 'staff', false)).toBe('/staff-portal');
    expect(resultRoute(appointment, 'admin', true)).toBe('/patient/p1');
    expect(resultRoute(appointment, 'admin', false)).toBe('/admin-dashboard');
  });
});
