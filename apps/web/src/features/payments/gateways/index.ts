import 'server-only';
import { serverEnv } from '@/lib/env';
import type { PaymentGateway } from './gateway';
import { createMetrobankGateway } from './metrobank';
import { createPayPalGateway } from './paypal';
import { logFor } from '@/lib/log';

const log = logFor('payments');

export type { PaymentGateway } from './gateway';

/** Card gateways by the name the brand's site config gives in `payment_gateway`. */
const CARD_GATEWAYS = ['metrobank'] as const;
export type CardGatewayName = (typeof CARD_GATEWAYS)[number];

export function isCardGatewayName(name: string): name is CardGatewayName {
  return (CARD_GATEWAYS as readonly string[]).includes(name);
}

const gateways = new Map<string, PaymentGateway>();

/**
 * The adapter for a provider (`metrobank`, `paypal`), or undefined when this deployment has no credentials for it:
 * then the checkout does not offer it.
 */
export function paymentGateway(provider: string): PaymentGateway | undefined {
  const known = gateways.get(provider);
  if (known) return known;
  const { payments } = serverEnv();
  const gateway =
    provider === 'metrobank' && payments.metrobank
      ? createMetrobankGateway({ ...payments.metrobank, timeoutMs: payments.timeoutMs })
      : provider === 'paypal' && payments.paypal
        ? createPayPalGateway({ ...payments.paypal, timeoutMs: payments.timeoutMs })
        : undefined;
  if (gateway) gateways.set(provider, gateway);
  return gateway;
}

/** The card gateway the brand's site config names, when this deployment can use it. */
export function cardGatewayFor(siteGateway: string): PaymentGateway | undefined {
  if (!isCardGatewayName(siteGateway)) {
    log.error(`the site config names the card gateway "${siteGateway}", which this storefront has no adapter for: card payment is not offered`);
    return undefined;
  }
  return paymentGateway(siteGateway);
}

/** The card fields' page and key, for the browser (never the secret key). */
export function cardFieldsSettings(siteGateway: string): { fieldsUrl: string; publishableKey: string } | undefined {
  const { metrobank } = serverEnv().payments;
  return siteGateway === 'metrobank' && metrobank ? { fieldsUrl: metrobank.fieldsUrl, publishableKey: metrobank.publishableKey } : undefined;
}
