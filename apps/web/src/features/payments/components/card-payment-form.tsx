'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, useSyncExternalStore, useTransition } from 'react';
import { useForm } from 'react-hook-form';
import { cardHolderFormSchema, type CardHolderValues } from '@rentacar/domain/validation/forms';
import { Button, callAction, domainResolver, Field, Input, useIssueText, type FormIssue } from '@/shared/forms';
import type { PaymentActionResult } from '../payment-answers';
import { openVerificationWindow, PaymentError, VerificationPanel } from './payment-feedback';
import { pageTextStyle } from './page-text-style';
import { usePaymentPolling } from './use-payment-polling';

/** The pay call failed on its way: the card may have been charged all the same, so the renter looks before paying again. */
const PAYMENT_UNCONFIRMED: FormIssue = { message: 'booking.payment.connectionLost' };

const SOURCE = 'metrobank-fields';
/** The gateway frame's error codes, and our catalogue's words for them (the frame shows what we give it). */
const FIELD_MESSAGES = {
  required: 'required',
  invalid_number: 'cardNumber',
  invalid_expiry: 'cardExpiryInvalid',
  expired_card: 'cardExpired',
  invalid_cvc: 'cvv',
} as const;

type TokenAnswer = { ok: true; token: string; card: { brand: string; last4: string; expiry: string } } | { ok: false; gatewayDown: boolean };
type Pending = { requestId: string; resolve: (answer: TokenAnswer) => void };

type FrameMessage =
  | { type: 'ready' | 'resize'; height?: number }
  | { type: 'change'; complete?: boolean }
  | { type: 'token'; requestId: string; token: { id: string; card: { brand: string; last4: string; exp_month: number; exp_year: number } } }
  | { type: 'tokenize_error'; requestId: string; error?: { code?: string } };

const noSubscription = () => () => {};

function frameAddress(fieldsUrl: string, query: Record<string, string>): string {
  const url = new URL(fieldsUrl);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

function isFrameMessage(data: unknown): data is FrameMessage & { source: string } {
  return typeof data === 'object' && data !== null && (data as { source?: unknown }).source === SOURCE && typeof (data as { type?: unknown }).type === 'string';
}

/**
 * The card form: the holder's name is ours; the number, expiry and CVV live in the gateway's own page (an iframe
 * from its origin), which gives back a single-use token. Only the token, the brand, the last four digits and the
 * expiry reach our server. A 3-D Secure check opens in its own window; the checkout asks the server until it is done.
 */
export function CardPaymentForm({
  locale,
  fieldsUrl,
  publishableKey,
  amountLabel,
  thanksHref,
  resume,
  pay,
  check,
}: {
  locale: string;
  fieldsUrl: string;
  publishableKey: string;
  amountLabel: string;
  /** Where a paid renter goes (the thanks page in the renter's language). */
  thanksHref: string;
  /**
   * A 3-D Secure check was in progress when the page was loaded (a refresh): the form shows the check's panel and asks
   * the server where it stands once mounted (never while the page renders), then offers to reopen its page.
   */
  resume?: boolean;
  /** The flow's server actions: pay with the token, and ask where the payment in progress stands. */
  pay: (locale: string, input: unknown) => Promise<PaymentActionResult>;
  check: (locale: string) => Promise<PaymentActionResult>;
}) {
  const t = useTranslations('booking.payment');
  const router = useRouter();
  const validationText = useTranslations('validation');
  const issueText = useIssueText();
  const frame = useRef<HTMLIFrameElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const pendingToken = useRef<Pending | undefined>(undefined);
  // The frame's address names our origin, known only in the browser.
  const pageOrigin = useSyncExternalStore(noSubscription, () => window.location.origin, () => undefined);
  const [frameHeight, setFrameHeight] = useState(260);
  const [frameReady, setFrameReady] = useState(false);
  const [error, setError] = useState<{ error: FormIssue; reason?: FormIssue }>();
  // The check in progress: its page, and the window this page opened for it (null: blocked; undefined: none, the page
  // was loaded during the check).
  const [verification, setVerification] = useState<{ url: string | undefined; opened: Window | null | undefined } | undefined>(resume ? { url: undefined, opened: undefined } : undefined);
  const [pending, startTransition] = useTransition();
  const fieldsOrigin = new URL(fieldsUrl).origin;

  const { register, handleSubmit, formState } = useForm<CardHolderValues>({ resolver: domainResolver(cardHolderFormSchema), defaultValues: { holder: '' } });

  const frameSrc = pageOrigin ? frameAddress(fieldsUrl, { key: publishableKey, origin: pageOrigin, locale }) : undefined;

  const configure = useCallback(() => {
    frame.current?.contentWindow?.postMessage(
      {
        source: SOURCE,
        type: 'configure',
        labels: { number: t('cardNumber'), expiry: t('expiry'), cvc: t('cvc') },
        messages: Object.fromEntries(Object.entries(FIELD_MESSAGES).map(([code, key]) => [code, validationText(key)])),
        // The fields in the page's own font, size and colour (the gateway loads the font from this origin).
        ...(form.current ? pageTextStyle(form.current) : {}),
      },
      fieldsOrigin,
    );
  }, [t, validationText, fieldsOrigin]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== fieldsOrigin || event.source !== frame.current?.contentWindow || !isFrameMessage(event.data)) return;
      const message = event.data;
      if (message.type === 'ready') {
        setFrameReady(true);
        configure();
      }
      if ((message.type === 'ready' || message.type === 'resize') && typeof message.height === 'number') setFrameHeight(Math.ceil(message.height));
      if (message.type === 'token' || message.type === 'tokenize_error') {
        const waiting = pendingToken.current;
        if (!waiting || waiting.requestId !== message.requestId) return;
        pendingToken.current = undefined;
        if (message.type === 'token') {
          const card = message.token.card;
          waiting.resolve({ ok: true, token: message.token.id, card: { brand: card.brand, last4: card.last4, expiry: `${String(card.exp_month).padStart(2, '0')}/${String(card.exp_year % 100).padStart(2, '0')}` } });
        } else {
          waiting.resolve({ ok: false, gatewayDown: message.error?.code === 'gateway_unavailable' });
        }
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [fieldsOrigin, configure]);

  const tokenize = (holderName: string) =>
    new Promise<TokenAnswer>((resolve) => {
      const target = frame.current?.contentWindow;
      if (!target) return resolve({ ok: false, gatewayDown: true });
      const requestId = crypto.randomUUID();
      pendingToken.current = { requestId, resolve };
      target.postMessage({ source: SOURCE, type: 'tokenize', requestId, holderName }, fieldsOrigin);
      // A frame that never answers is a gateway that is down.
      window.setTimeout(() => {
        if (pendingToken.current?.requestId !== requestId) return;
        pendingToken.current = undefined;
        resolve({ ok: false, gatewayDown: true });
      }, 20_000);
    });

  const onResult = useCallback((result: PaymentActionResult) => {
    if (result.status === 'paid') {
      router.replace(thanksHref);
      return;
    }
    if (result.status === 'error') {
      setVerification(undefined);
      setError({ error: result.error, ...(result.reason ? { reason: result.reason } : {}) });
    }
  }, [router, thanksHref]);

  const askWhereItStands = useCallback(
    async (language: string) => {
      // A failed ask is not an answer: the next poll asks again.
      const result = await callAction(() => check(language), (): PaymentActionResult => ({ status: 'pending' }));
      // Still with the renter: the check's page, for the button that reopens it (a reloaded page knows none yet).
      if (result.status === 'verify') setVerification((current) => (current && !current.url ? { ...current, url: result.url } : current));
      return result;
    },
    [check],
  );
  usePaymentPolling(verification !== undefined, locale, askWhereItStands, onResult);

  const submit = (values: CardHolderValues) => {
    // Cleared at once, not with the transition: the old error must not stay up while the new attempt runs.
    setError(undefined);
    startTransition(async () => {
      const token = await tokenize(values.holder);
      if (!token.ok) {
        setError(token.gatewayDown ? { error: { message: 'booking.payment.processingError' }, reason: { message: 'booking.payment.gatewayUnavailable' } } : { error: { message: 'booking.payment.checkCard' } });
        return;
      }
      const result = await callAction(() => pay(locale, { token: token.token, card: token.card }), (): PaymentActionResult => ({ status: 'error', error: PAYMENT_UNCONFIRMED }));
      if (result.status === 'verify') {
        // Opened straight from the renter's click where the browser allows it; else the panel's button opens it.
        setVerification({ url: result.url, opened: openVerificationWindow(result.url) });
        return;
      }
      onResult(result);
    });
  };

  const holderError = formState.errors.holder?.message;
  return (
    <form ref={form} onSubmit={(event) => void handleSubmit(submit)(event)} noValidate className="space-y-4" aria-labelledby="card-form-title">
      <h3 id="card-form-title" className="sr-only">
        {t('frameTitle')}
      </h3>
      <Field id="card-holder" label={t('holder')} error={holderError ? issueText(holderError) : undefined}>
        {(control) => <Input {...control} {...register('holder')} autoComplete="cc-name" autoCapitalize="words" spellCheck={false} />}
      </Field>
      {frameSrc ? (
        <iframe
          ref={frame}
          src={frameSrc}
          title={t('frameTitle')}
          style={{ height: frameHeight }}
          className="block w-full border-0"
          allow="payment"
          data-testid="card-fields-frame"
          onLoad={() => configure()}
        />
      ) : (
        <div style={{ height: frameHeight }} aria-hidden="true" />
      )}
      <p className="text-xs text-slate-600">{t('secureNote')}</p>
      <PaymentError error={error?.error} reason={error?.reason} />
      {verification ? (
        <VerificationPanel url={verification.url} opened={verification.opened} />
      ) : (
        <Button type="submit" pending={pending} disabled={pending || !frameReady} className="w-full" data-testid="pay-by-card">
          {pending ? t('paying') : t('pay', { total: amountLabel })}
        </Button>
      )}
    </form>
  );
}
