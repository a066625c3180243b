import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n } from '../../../lib/i18n';
import ImpactMap from './impact-map';

// The clinics as markers on a bundled world map, with a list for keyboard and
// screen-reader users that carries the same figures.

const clinics = [
  { id: 'c1', name: 'Caredeck London Bridge', latitude: 51.5055, longitude: -0.0865, address: null },
  { id: 'c2', name: 'Caredeck Singapore', latitude: 1.3521, longitude: 103.8198, address: null },
];

describe('ImpactMap', () => {
  beforeAll(async () => {
    await initI18n('en');
    await i18next.loadNamespaces('organisation');
  });

  it('draws the land and one marker per clinic, and lists each clinic with its patients today', async () => {
    const { container } = render(<ImpactMap clinics={clinics} patientsToday={{ c1: 12, c2: 0 }} />);
    const map = await screen.findByRole('img');
    // The land outline comes from the bundled data: a long path, not an empty one.
    expect(map.querySelectorAll('path')[1]!.getAttribute('d')!.length).toBeGreaterThan(1000);
    expect(container.querySelectorAll('svg g')).toHaveLength(2);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Caredeck London Bridge'),
      expect.stringContaining('Caredeck Singapore'),
    ]);
    expect(within(items[0]!).getByText('12 patients today')).toBeTruthy();
    expect(within(items[1]!).getByText('0 patients today')).toBeTruthy();
    expect(map).toHaveAccessibleName('World map with 2 clinics');
  });

  it('places markers where the coordinates are: London left of and above Singapore', () => {
    const { container } = render(<ImpactMap clinics={clinics} />);
    const [london, singapore] = [...container.querySelectorAll('svg g')].map((g) =>
      g
        .getAttribute('transform')!
        .match(/translate\(([-\d.]+) ([-\d.]+)\)/)!
        .slice(1)
        .map(Number),
    );
    expect(london![0]).toBeLessThan(singapore![0]!);
    expect(london![1]).toBeLessThan(singapore![1]!);
  });

  it('says so when there are no clinics', () => {
    render(<ImpactMap clinics={[]} />);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
    expect(screen.getByText('Clinics will appear here once the organisation adds them.')).toBeTruthy();
    expect(screen.getByTestId('impact-map').querySelectorAll('svg g')).toHaveLength(0);
  });
});
