import { Briefcase, DoorOpen, Fuel, Settings2, Users } from 'lucide-react';

// Icons repeated on every car card are defined once per page and referenced with <use>: a fleet page would
// otherwise carry the same SVG paths dozens of times, in its HTML and again in its React payload.
const SPRITE_ICONS = { passengers: Users, doors: DoorOpen, bags: Briefcase, transmission: Settings2, fuel: Fuel } as const;
export type SpriteIconName = keyof typeof SPRITE_ICONS;

export function IconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {Object.entries(SPRITE_ICONS).map(([name, Icon]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className} viewBox="0 0 24 24">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
