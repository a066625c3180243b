import { describe, expect, it } from 'vitest';
import { PARKING_GRID } from '../../../contracts/parking';
import { demoParkingLot } from './demo-parking';

// The demo car park's shape: two levels of sections A–C, forty spots with a few accessible and
// electric ones, one out of service, every number unique on its level and every spot on the grid
// without overlapping another.

describe('the demo car park', () => {
  it('has forty spots on two levels with accessible, electric and out-of-service spots', () => {
    const lot = demoParkingLot();
    expect(lot).toHaveLength(40);
    expect(new Set(lot.map((spot) => spot.level))).toEqual(new Set([1, 2]));
    expect(new Set(lot.map((spot) => spot.section))).toEqual(new Set(['A', 'B', 'C']));
    expect(lot.filter((spot) => spot.type === 'handicap')).toHaveLength(4);
    expect(lot.filter((spot) => spot.type === 'electric')).toHaveLength(5);
    expect(lot.filter((spot) => spot.status === 'out_of_service')).toHaveLength(1);
  });

  it('numbers each spot once per level and places it on the grid apart from the others', () => {
    const lot = demoParkingLot();
    expect(new Set(lot.map((spot) => `${spot.level}|${spot.number}`)).size).toBe(lot.length);
    expect(new Set(lot.map((spot) => `${spot.level}|${spot.x}|${spot.y}`)).size).toBe(lot.length);
    for (const spot of lot) {
      expect(spot.x + 2).toBeLessThanOrEqual(PARKING_GRID.width);
      expect(spot.y + 3).toBeLessThanOrEqual(PARKING_GRID.height);
    }
  });
});
