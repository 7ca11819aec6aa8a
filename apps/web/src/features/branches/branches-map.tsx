import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Branch } from '@/content';
import { branchAnchorId } from './branch-links';
import { isOnMap, MAP_HEIGHT, MAP_WIDTH, outlinePath, placeMarkers, type GeoPoint } from './panama-map';

/** The least distance between two markers, in map units (a marker's circle is 16 units across its radius). */
const MARKER_SPACING = 36;

type Located = { branch: Branch; point: GeoPoint };

function located(branch: Branch): Located[] {
  const { longitude, latitude } = branch;
  if (longitude === undefined || latitude === undefined || !isOnMap({ longitude, latitude })) return [];
  return [{ branch, point: { longitude, latitude } }];
}

/**
 * The listed branches on a map of Panama drawn here (panama-map.ts), nothing loaded from a map service. The outline is
 * one described image; each branch is a marker at its coordinates (pushed aside, with a line to its point, where
 * markers would overlap) that links to its entry in the list below, in the keyboard's order of the list.
 */
export async function BranchesMap({ branches }: { branches: readonly Branch[] }) {
  const t = await getTranslations('branchesMap');
  const placed = placeMarkers(branches.flatMap(located), ({ point }) => point, MARKER_SPACING);
  if (placed.length === 0) return null;
  return (
    <figure className="rounded-2xl border border-slate-200 bg-sky-50 p-2 sm:p-4" data-testid="branches-map">
      <svg viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`} role="group" aria-labelledby="branches-map-title" className="block h-auto w-full">
        <title id="branches-map-title">{t('title', { count: placed.length })}</title>
        <g role="img" aria-labelledby="panama-outline-title panama-outline-desc">
          <title id="panama-outline-title">{t('outlineTitle')}</title>
          <desc id="panama-outline-desc">{t('outlineDescription')}</desc>
          <path d={outlinePath()} className="fill-white stroke-slate-400" strokeWidth={2} strokeLinejoin="round" />
        </g>
        {placed.map(({ item: { branch }, at, marker }) => {
          const moved = marker.x !== at.x || marker.y !== at.y;
          return (
            <a key={branch.id} href={`#${branchAnchorId(branch.code)}`} aria-label={t('marker', { code: branch.code, name: branch.name })} className="map-marker" data-testid="map-marker" data-code={branch.code}>
              <title>{t('marker', { code: branch.code, name: branch.name })}</title>
              {moved ? <line x1={at.x} y1={at.y} x2={marker.x} y2={marker.y} className="stroke-slate-700" strokeWidth={2} /> : null}
              <circle cx={at.x} cy={at.y} r={4} className="fill-slate-900" />
              <circle cx={marker.x} cy={marker.y} r={16} className="map-pin" />
              {/* The code drawn on the pin starts the link's name, so the name says what is seen (WCAG 2.5.3). */}
              <text x={marker.x} y={marker.y} dy="0.35em" textAnchor="middle" className="map-code" aria-hidden="true">
                {branch.code}
              </text>
            </a>
          );
        })}
      </svg>
      <figcaption className="px-2 pt-2 text-sm text-slate-700">{t('caption')}</figcaption>
    </figure>
  );
}
