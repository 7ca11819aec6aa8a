/**
 * Panama drawn without any map service: an outline of its coasts and borders from approximate coordinates, and the
 * branches placed on it by their latitude and longitude, in an SVG's own units.
 */

export type GeoPoint = { longitude: number; latitude: number };
export type MapPoint = { x: number; y: number };

/** What the map shows: from Punta Burica and the Costa Rican border in the west to Colombia's in the east. */
export const MAP_BOUNDS = { west: -83.05, east: -77.15, south: 7.2, north: 9.65 } as const;

/** The map's width in SVG units; its height follows from the bounds. */
export const MAP_WIDTH = 1000;

/**
 * Longitude shrinks with the cosine of the latitude: at Panama's middle latitude a degree east is 0.989 of a degree
 * north. An equirectangular projection at that latitude is all a country this small needs.
 */
const LONGITUDE_SCALE = Math.cos((((MAP_BOUNDS.north + MAP_BOUNDS.south) / 2) * Math.PI) / 180);
const UNITS_PER_DEGREE = MAP_WIDTH / ((MAP_BOUNDS.east - MAP_BOUNDS.west) * LONGITUDE_SCALE);
export const MAP_HEIGHT = Math.round((MAP_BOUNDS.north - MAP_BOUNDS.south) * UNITS_PER_DEGREE);

/** A place's point on the map (x east, y south), in SVG units. */
export function project({ longitude, latitude }: GeoPoint): MapPoint {
  return {
    x: round((longitude - MAP_BOUNDS.west) * LONGITUDE_SCALE * UNITS_PER_DEGREE),
    y: round((MAP_BOUNDS.north - latitude) * UNITS_PER_DEGREE),
  };
}

/** Whether a place falls within the map's bounds. */
export function isOnMap({ longitude, latitude }: GeoPoint): boolean {
  return longitude >= MAP_BOUNDS.west && longitude <= MAP_BOUNDS.east && latitude >= MAP_BOUNDS.south && latitude <= MAP_BOUNDS.north;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/**
 * Panama's outline as [longitude, latitude] pairs, clockwise from the mouth of the Sixaola on the Caribbean: the
 * Caribbean coast east to Cabo Tiburón, the Colombian border south to the Pacific, the Pacific coast west (the Gulf of
 * San Miguel, Panama Bay, the Gulf of Parita, round the Azuero peninsula, the Gulf of Chiriquí) to Punta Burica, and
 * the Costa Rican border north. Approximate to a few kilometres: enough to see where a branch is, not to navigate.
 */
export const PANAMA_OUTLINE: readonly (readonly [number, number])[] = [
  [-82.56, 9.57], [-82.37, 9.42], [-82.24, 9.3], [-82.22, 9.17], [-82.05, 9.02], [-81.88, 8.96], [-81.78, 9.05],
  [-81.55, 9.14], [-81.32, 8.96], [-81.05, 8.8], [-80.8, 8.82], [-80.5, 8.95], [-80.25, 9.1], [-79.95, 9.32],
  [-79.9, 9.37], [-79.65, 9.56], [-79.4, 9.58], [-79.05, 9.57], [-78.6, 9.43], [-78.25, 9.25], [-77.95, 9.05],
  [-77.7, 8.85], [-77.37, 8.67],
  [-77.22, 8.45], [-77.18, 8.15], [-77.35, 7.95], [-77.55, 7.65], [-77.75, 7.45], [-77.89, 7.22],
  [-78.15, 7.48], [-78.3, 7.75], [-78.42, 8.05], [-78.2, 8.28], [-78.15, 8.38], [-78.35, 8.47], [-78.6, 8.65],
  [-78.95, 8.9], [-79.3, 9.02], [-79.52, 8.95], [-79.75, 8.8], [-79.86, 8.5], [-80.15, 8.35], [-80.48, 8.05],
  [-80.4, 7.95], [-80.25, 7.8], [-80.05, 7.6], [-80.02, 7.48], [-80.25, 7.3], [-80.5, 7.22], [-80.88, 7.21],
  [-80.95, 7.45], [-80.95, 7.7], [-81.1, 7.85], [-81.2, 7.65], [-81.45, 7.75], [-81.65, 8.05], [-82.0, 8.2],
  [-82.3, 8.18], [-82.5, 8.25], [-82.72, 8.2], [-82.88, 8.03],
  [-82.9, 8.3], [-82.84, 8.55], [-82.93, 8.85], [-82.72, 9.05], [-82.85, 9.45],
];

/** The outline as an SVG path. */
export function outlinePath(): string {
  const points = PANAMA_OUTLINE.map(([longitude, latitude]) => project({ longitude, latitude }));
  return `${points.map(({ x, y }, index) => `${index === 0 ? 'M' : 'L'}${x},${y}`).join(' ')} Z`;
}

/** Whether a place lies inside the outline (ray casting): a branch's coordinates put it on land, not at sea. */
export function isOnLand({ longitude, latitude }: GeoPoint): boolean {
  let inside = false;
  for (let i = 0, j = PANAMA_OUTLINE.length - 1; i < PANAMA_OUTLINE.length; j = i, i += 1) {
    const [xi, yi] = PANAMA_OUTLINE[i] ?? [0, 0];
    const [xj, yj] = PANAMA_OUTLINE[j] ?? [0, 0];
    if (yi > latitude !== yj > latitude && longitude < ((xj - xi) * (latitude - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

export type PlacedMarker<Item> = { item: Item; at: MapPoint; marker: MapPoint };

/**
 * Each place's point, and where its marker is drawn: at the point, unless markers would overlap (five branches lie
 * within a few kilometres in Panama City), then pushed apart until `spacing` units separate any two, staying as near
 * their points as they can and inside the map; a line joins a moved marker to its point. Deterministic: the same
 * places give the same map.
 */
export function placeMarkers<Item>(items: readonly Item[], pointOf: (item: Item) => GeoPoint, spacing: number): PlacedMarker<Item>[] {
  const placed = items.map((item) => {
    const at = project(pointOf(item));
    return { item, at, marker: { ...at } };
  });
  const margin = spacing / 2;
  for (let round = 0; round < 300; round += 1) {
    let moved = false;
    for (let i = 0; i < placed.length; i += 1) {
      for (let j = i + 1; j < placed.length; j += 1) {
        const a = placed[i]?.marker;
        const b = placed[j]?.marker;
        if (!a || !b) continue;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let distance = Math.hypot(dx, dy);
        if (distance >= spacing) continue;
        if (distance < 0.01) {
          // Two places at the same point: apart along a direction fixed by their order.
          const angle = (j * 2.4) % (2 * Math.PI);
          [dx, dy, distance] = [Math.cos(angle), Math.sin(angle), 1];
        }
        const push = (spacing - distance) / 2 + 0.05;
        a.x -= (dx / distance) * push;
        a.y -= (dy / distance) * push;
        b.x += (dx / distance) * push;
        b.y += (dy / distance) * push;
        moved = true;
      }
    }
    for (const { marker } of placed) {
      marker.x = Math.min(MAP_WIDTH - margin, Math.max(margin, marker.x));
      marker.y = Math.min(MAP_HEIGHT - margin, Math.max(margin, marker.y));
    }
    if (!moved) break;
  }
  return placed.map(({ item, at, marker }) => ({ item, at, marker: { x: round(marker.x), y: round(marker.y) } }));
}
