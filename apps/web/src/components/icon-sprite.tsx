import { ArrowRight, Briefcase, DoorOpen, Fuel, MapPin, Settings2, Users } from 'lucide-react';

// Icons repeated on a page (a car card's features, the landing's branches) are defined once per page and referenced
// with <use>: a fleet page would otherwise carry the same SVG paths dozens of times, in its HTML and again in its React
// payload. Each page draws the sprite of the icons it shows, so a page without cars carries none of theirs.
const SPRITE_ICONS = { passengers: Users, doors: DoorOpen, bags: Briefcase, transmission: Settings2, fuel: Fuel, pin: MapPin, arrowRight: ArrowRight } as const;
export type SpriteIconName = keyof typeof SPRITE_ICONS;

/**
 * The symbols of `icons`, once per page (two sprites on one page must not share an icon: its id would repeat). Each is
 * shown with `SpriteIcon` (sprite-icon.tsx, apart so that client components using it do not bring lucide along).
 */
export function IconSprite({ icons }: { icons: readonly SpriteIconName[] }) {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {icons.map((name) => {
        const Icon = SPRITE_ICONS[name];
        return (
          <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
            <Icon />
          </symbol>
        );
      })}
    </svg>
  );
}
