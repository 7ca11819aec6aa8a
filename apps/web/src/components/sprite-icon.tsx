import type { SpriteIconName } from './icon-sprite';

/** An icon of the page's sprite (icon-sprite.tsx), decorative (its text is beside it); sized by `className` or CSS. */
export function SpriteIcon({ name, className }: { name: SpriteIconName; className?: string }) {
  // No `className` prop at all when there is none: the page's payload would carry it as undefined, per icon.
  return (
    <svg aria-hidden="true" {...(className ? { className } : {})}>
      <use href={`#icon-${name}`} />
    </svg>
  );
}
