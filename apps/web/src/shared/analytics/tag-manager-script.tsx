import { validateContainerId } from './tag-manager';
import { TagManagerLoader } from './tag-manager-loader';

/** Loads the tag manager only when the site config names a valid container (never in local runs). */
export function TagManagerScript({ containerId }: { containerId: string | undefined }) {
  const id = validateContainerId(containerId);
  return id ? <TagManagerLoader containerId={id} /> : null;
}
