import { BRANDS, isBrand, type Brand } from '@rentacar/domain/brands';

/** Fails fast, naming the variable and the allowed values, when the deployment has no valid brand. */
export function assertBrandConfigured(value: string | undefined): Brand {
  const allowed = BRANDS.join(', ');
  if (!value) {
    throw new Error(
      `No brand specified on next config: set the BRAND environment variable to one of: ${allowed}.`,
    );
  }
  if (!isBrand(value)) {
    throw new Error(`Unknown brand "${value}" in the BRAND environment variable: use one of: ${allowed}.`);
  }
  return value;
}
