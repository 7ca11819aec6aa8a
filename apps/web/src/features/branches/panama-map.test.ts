import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOnLand, isOnMap, MAP_HEIGHT, MAP_WIDTH, PANAMA_OUTLINE, placeMarkers, project } from './panama-map';

type SeedBranch = { code: string; latitude: number; longitude: number };
const seedBranches = JSON.parse(readFileSync(join(__dirname, '../../../../../services/content/seed/data/branches.json'), 'utf8')) as SeedBranch[];

describe('the map of Panama', () => {
  it('projects the bounds onto the map’s corners, east to the right and north up', () => {
    expect(project({ longitude: -83.05, latitude: 9.65 })).toEqual({ x: 0, y: 0 });
    const southEast = project({ longitude: -77.15, latitude: 7.2 });
    expect(southEast.x).toBeCloseTo(MAP_WIDTH, 0);
    expect(southEast.y).toBeCloseTo(MAP_HEIGHT, 0);
    // Panama City is east of David and north of Chitré.
    const panama = project({ longitude: -79.52, latitude: 8.98 });
    expect(panama.x).toBeGreaterThan(project({ longitude: -82.43, latitude: 8.43 }).x);
    expect(panama.y).toBeLessThan(project({ longitude: -80.43, latitude: 7.96 }).y);
  });

  it('keeps distances true: a degree north is as long as a degree east divided by cos(latitude)', () => {
    const origin = project({ longitude: -80, latitude: 8 });
    const north = project({ longitude: -80, latitude: 9 });
    const east = project({ longitude: -79, latitude: 8 });
    expect((east.x - origin.x) / (origin.y - north.y)).toBeCloseTo(Math.cos((8.425 * Math.PI) / 180), 2);
  });

  it('draws an outline inside its bounds, with every seed branch on land', () => {
    for (const [longitude, latitude] of PANAMA_OUTLINE) expect(isOnMap({ longitude, latitude })).toBe(true);
    expect(seedBranches).toHaveLength(12);
    for (const branch of seedBranches) expect(isOnLand(branch), branch.code).toBe(true);
    expect(isOnLand({ longitude: -79.5, latitude: 8.5 })).toBe(false); // Panama Bay
    expect(isOnLand({ longitude: -80.5, latitude: 9.5 })).toBe(false); // the Caribbean
  });

  it('spreads overlapping markers apart, each near its own point and inside the map', () => {
    const spacing = 36;
    const placed = placeMarkers(seedBranches, (branch) => branch, spacing);
    expect(placed.map(({ item }) => item.code)).toEqual(seedBranches.map((branch) => branch.code));
    for (const [index, { marker, at }] of placed.entries()) {
      expect(marker.x).toBeGreaterThanOrEqual(0);
      expect(marker.x).toBeLessThanOrEqual(MAP_WIDTH);
      expect(marker.y).toBeGreaterThanOrEqual(0);
      expect(marker.y).toBeLessThanOrEqual(MAP_HEIGHT);
      expect(Math.hypot(marker.x - at.x, marker.y - at.y)).toBeLessThan(spacing * 2);
      for (const other of placed.slice(index + 1)) expect(Math.hypot(marker.x - other.marker.x, marker.y - other.marker.y)).toBeGreaterThanOrEqual(spacing - 0.5);
    }
    // A branch alone stays on its point.
    const santiago = placed.find(({ item }) => item.code === 'STG');
    expect(santiago?.marker).toEqual(santiago?.at);
  });
});
