import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { catalogues, renderInLanguage, settleLater, type Language } from '../../../../test/render-in-language';
import type { PaymentActionResult } from '../payment-answers';
import { CardPaymentForm } from './card-payment-form';
import { VERIFICATION_MESSAGE } from './use-payment-polling';
import type * as Navigation from 'next/navigation';

const router = vi.hoisted(() => ({ replace: vi.fn(), push: vi.fn(), refresh: vi.fn() }));
vi.mock('next/navigation', async (importOriginal) => ({ ...(await importOriginal<typeof Navigation>()), useRouter: () => router }));

/**
 * The card number, expiry and CVV live in the gateway's own page, framed from its origin; jsdom loads no such page, so
 * these tests stand in for it on the far side of its postMessage protocol (docs/gateway-sandbox.md, "Hosted card
 * fields"): they read what the form posts to the frame and answer as the frame does, from the frame's origin and window.
 */
const FIELDS_ORIGIN = 'https://fields.gateway.test';
const FIELDS_URL = `${FIELDS_ORIGIN}/metrobank/fields/v1/card.html`;
const PUBLISHABLE_KEY = 'pk_test_storefront';
const SOURCE = 'metrobank-fields';
const AMOUNT = 'B/. 180.00';
const THANKS = { es: '/reserva/gracias', en: '/en/booking/thanks' } as const;
const CHECK_URL = 'https://fields.gateway.test/metrobank/3ds/pi_123';
const TOKEN = { id: 'tok_4242_single_use', card: { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2029 } };

const pay = vi.fn<(locale: string, input: unknown) => Promise<PaymentActionResult>>();
const check = vi.fn<(locale: string) => Promise<PaymentActionResult>>();

function renderForm(language: Language, { resume = false }: { resume?: boolean } = {}) {
  return renderInLanguage(
    language,
    <CardPaymentForm locale={language} fieldsUrl={FIELDS_URL} publishableKey={PUBLISHABLE_KEY} amountLabel={AMOUNT} thanksHref={THANKS[language]} resume={resume} pay={pay} check={check} />,
  );
}

type Posted = { message: { type?: string; requestId?: string; holderName?: string; [key: string]: unknown }; targetOrigin: unknown };

/** The gateway's card-fields frame as the form sees it: what the form posted to it, and its answers. */
function gatewayFrame(title: string) {
  const element = screen.getByTitle(title);
  if (!(element instanceof HTMLIFrameElement) || !element.contentWindow) throw new Error('no card-fields frame');
  const target = element.contentWindow;
  const posted: Posted[] = [];
  vi.spyOn(target, 'postMessage').mockImplementation((message: unknown, targetOrigin?: unknown) => {
    posted.push({ message: message as Posted['message'], targetOrigin });
  });
  /** A message to the page, by default from the frame's origin and window. */
  const send = (data: Record<string, unknown>, from: { origin?: string; source?: Window } = {}) => {
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { source: SOURCE, ...data }, origin: from.origin ?? FIELDS_ORIGIN, source: from.source ?? target }));
    });
  };
  const tokenizeRequests = () => posted.filter((entry) => entry.message.type === 'tokenize');
  const lastRequestId = () => {
    const requestId = tokenizeRequests().at(-1)?.message.requestId;
    if (typeof requestId !== 'string') throw new Error('the form asked the frame for no token');
    return requestId;
  };
  return {
    element,
    posted,
    tokenizeRequests,
    ready: () => send({ type: 'ready', height: 240 }),
    send,
    /** The frame's token for the card typed in it, answering the form's last request. */
    answerToken: (token = TOKEN) => send({ type: 'token', requestId: lastRequestId(), token }),
    answerError: (code: string) => send({ type: 'tokenize_error', requestId: lastRequestId(), error: { code } }),
  };
}

/** A promise the test settles itself, for an action still running. */
/** The verification window's last page telling its opener the check is done. */
function verificationWindowDone() {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: { type: VERIFICATION_MESSAGE }, origin: window.location.origin }));
  });
}

describe.each(['es', 'en'] as const)('the card payment form, in %s', (language) => {
  const messages = catalogues[language];
  const text = messages.booking.payment;
  const payButton = () => screen.getByRole('button', { name: text.pay.replace('{total}', AMOUNT) });
  const holder = () => screen.getByRole('textbox', { name: text.holder });
  /** What the page announces as an alert now (the empty live regions left out). */
  const alerts = () => screen.queryAllByRole('alert').map((alert) => alert.textContent).filter(Boolean);
  /** The processing error with the reason under it. */
  const processingWith = (reason: string) => `${text.processingError}${reason}`;
  /** The pay button, once the attempt in progress has ended. */
  const payButtonAgain = () => screen.findByRole('button', { name: text.pay.replace('{total}', AMOUNT) });

  let open: MockInstance<typeof window.open>;

  beforeEach(() => {
    pay.mockReset();
    check.mockReset();
    router.replace.mockReset();
    // The browser blocks the verification window unless a test says otherwise.
    open = vi.spyOn(window, 'open').mockReturnValue(null);
  });
  afterEach(() => {
    open.mockRestore();
    vi.useRealTimers();
  });

  /** The form with the frame loaded and the holder's name typed: ready to pay. */
  async function readyToPay() {
    const rendered = renderForm(language);
    const frame = gatewayFrame(text.frameTitle);
    frame.ready();
    await rendered.user.type(holder(), 'Ana Pérez');
    return { ...rendered, frame };
  }

  it('frames the gateway’s card fields for this page and language, and types no card number in our own page', () => {
    renderForm(language);
    const frame = gatewayFrame(text.frameTitle);
    const address = new URL(frame.element.src);
    expect(address.origin + address.pathname).toBe(FIELDS_URL);
    expect(Object.fromEntries(address.searchParams)).toEqual({ key: PUBLISHABLE_KEY, origin: window.location.origin, locale: language });

    // The only thing typed in our page is the holder’s name, which the browser may fill in.
    expect(screen.getAllByRole('textbox')).toEqual([holder()]);
    expect(holder()).toHaveAttribute('autocomplete', 'cc-name');
    expect(screen.queryByLabelText(text.cardNumber)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(text.cvc)).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: text.frameTitle })).toBeInTheDocument();
    expect(screen.getByText(text.secureNote)).toBeInTheDocument();
  });

  it('waits for the gateway’s fields before offering to pay, then gives them their labels and errors in the renter’s language', () => {
    renderForm(language);
    const frame = gatewayFrame(text.frameTitle);
    expect(payButton()).toBeDisabled();

    frame.ready();
    expect(payButton()).toBeEnabled();
    const configure = frame.posted.filter((entry) => entry.message.type === 'configure').at(-1);
    expect(configure?.targetOrigin).toBe(FIELDS_ORIGIN);
    expect(configure?.message).toMatchObject({
      source: SOURCE,
      labels: { number: text.cardNumber, expiry: text.expiry, cvc: text.cvc },
      messages: {
        required: messages.validation.required,
        invalid_number: messages.validation.cardNumber,
        invalid_expiry: messages.validation.cardExpiryInvalid,
        expired_card: messages.validation.cardExpired,
        invalid_cvc: messages.validation.cvv,
      },
    });
  });

  it('listens only to the gateway’s own frame', async () => {
    pay.mockResolvedValue({ status: 'pending' });
    const { user } = renderForm(language);
    const frame = gatewayFrame(text.frameTitle);
    frame.send({ type: 'ready', height: 240 }, { origin: 'https://attacker.test' });
    frame.send({ type: 'ready', height: 240 }, { source: window });
    expect(payButton()).toBeDisabled();

    frame.ready();
    await user.type(holder(), 'Ana Pérez');
    await user.click(payButton());
    const requestId = frame.tokenizeRequests().at(-1)?.message.requestId;
    frame.send({ type: 'token', requestId, token: { ...TOKEN, id: 'tok_forged' } }, { origin: 'https://attacker.test' });
    frame.send({ type: 'token', requestId: 'another-request', token: { ...TOKEN, id: 'tok_stale' } });
    expect(pay).not.toHaveBeenCalled();

    frame.answerToken();
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    expect(pay).toHaveBeenCalledWith(language, expect.objectContaining({ token: TOKEN.id }));
  });

  it('asks for the holder’s name first, focused, and sends nothing without it', async () => {
    const { user } = renderForm(language);
    const frame = gatewayFrame(text.frameTitle);
    frame.ready();
    await user.click(payButton());

    expect(holder()).toBeInvalid();
    expect(holder()).toHaveAccessibleDescription(messages.validation.required);
    expect(holder()).toHaveFocus();
    expect(frame.tokenizeRequests()).toHaveLength(0);
    expect(pay).not.toHaveBeenCalled();
  });

  it('asks the frame for a token and pays with it: the action gets the token and the card’s brand, last four and expiry, never its number', async () => {
    const answer = settleLater<PaymentActionResult>();
    pay.mockReturnValue(answer.promise);
    const { user, frame } = await readyToPay();
    await user.click(payButton());

    const [request] = frame.tokenizeRequests();
    expect(request?.targetOrigin).toBe(FIELDS_ORIGIN);
    expect(request?.message).toEqual({ source: SOURCE, type: 'tokenize', requestId: expect.any(String), holderName: 'Ana Pérez' });
    const busy = screen.getByRole('button', { name: text.paying });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(pay).not.toHaveBeenCalled();

    frame.answerToken();
    await waitFor(() => expect(pay).toHaveBeenCalledTimes(1));
    expect(pay).toHaveBeenCalledWith(language, { token: TOKEN.id, card: { brand: 'visa', last4: '4242', expiry: '04/29' } });

    answer.settle({ status: 'paid' });
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith(THANKS[language]));
    expect(check).not.toHaveBeenCalled();
  });

  it('charges once on a double click', async () => {
    pay.mockResolvedValue({ status: 'paid' });
    const { user, frame } = await readyToPay();
    await user.dblClick(payButton());

    expect(frame.tokenizeRequests()).toHaveLength(1);
    frame.answerToken();
    await waitFor(() => expect(router.replace).toHaveBeenCalledTimes(1));
    expect(pay).toHaveBeenCalledTimes(1);
    expect(frame.tokenizeRequests()).toHaveLength(1);
  });

  it('says the card was declined and why, keeps the name typed, and lets the renter try again', async () => {
    pay.mockResolvedValueOnce({ status: 'error', error: { message: 'booking.payment.processingError' }, reason: { message: 'booking.payment.reasons.declined' } });
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerToken();

    await waitFor(() => expect(alerts()).toEqual([processingWith(text.reasons.declined)]));
    expect(holder()).toHaveValue('Ana Pérez');
    expect(await payButtonAgain()).toBeEnabled();
    expect(router.replace).not.toHaveBeenCalled();

    // Another card: the old message goes at once, while the new attempt runs.
    pay.mockResolvedValueOnce({ status: 'paid' });
    await user.click(payButton());
    expect(alerts()).toEqual([]);
    expect(frame.tokenizeRequests()).toHaveLength(2);
    frame.answerToken({ ...TOKEN, id: 'tok_5555_single_use', card: { brand: 'mastercard', last4: '4444', exp_month: 12, exp_year: 2030 } });
    await waitFor(() => expect(router.replace).toHaveBeenCalledWith(THANKS[language]));
    expect(pay).toHaveBeenLastCalledWith(language, { token: 'tok_5555_single_use', card: { brand: 'mastercard', last4: '4444', expiry: '12/30' } });
  });

  it('when the pay call fails on its way, asks the renter to look before paying again, and keeps the page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    pay.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerToken();

    await waitFor(() => expect(alerts()).toEqual([text.connectionLost]));
    expect(holder()).toHaveValue('Ana Pérez');
    expect(await payButtonAgain()).toBeEnabled();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('asks to check the card when the frame refuses what was typed, and pays nothing', async () => {
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerError('invalid_number');

    await waitFor(() => expect(alerts()).toEqual([text.checkCard]));
    expect(pay).not.toHaveBeenCalled();
    expect(await payButtonAgain()).toBeEnabled();
  });

  it('says the bank did not answer when the gateway is down', async () => {
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerError('gateway_unavailable');

    await waitFor(() => expect(alerts()).toEqual([processingWith(text.gatewayUnavailable)]));
    expect(pay).not.toHaveBeenCalled();
  });

  it('counts a frame that never answers as a gateway that is down', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    expect(frame.tokenizeRequests()).toHaveLength(1);

    act(() => {
      vi.advanceTimersByTime(19_000);
    });
    expect(screen.getByRole('button', { name: text.paying })).toBeDisabled();
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    await waitFor(() => expect(alerts()).toEqual([processingWith(text.gatewayUnavailable)]));
    expect(await payButtonAgain()).toBeEnabled();
    expect(pay).not.toHaveBeenCalled();
  });

  it('opens the 3-D Secure check from the renter’s click and shows it is verifying, without the pay button', async () => {
    open.mockReturnValue({ closed: false } as Window);
    pay.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    check.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerToken();

    const panel = await screen.findByRole('status');
    expect(panel).toHaveTextContent(text.verifying);
    expect(panel).toHaveTextContent(text.verifyWarning);
    expect(panel).not.toHaveTextContent(text.popupBlocked);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(CHECK_URL, expect.any(String), expect.any(String));
    expect(within(panel).getByRole('button', { name: text.verifyButton })).toBeEnabled();
    expect(screen.queryByRole('button', { name: text.pay.replace('{total}', AMOUNT) })).not.toBeInTheDocument();
    // The server is asked where the check stands at once.
    await waitFor(() => expect(check).toHaveBeenCalledWith(language));
    expect(router.replace).not.toHaveBeenCalled();
  });

  it('when the browser blocks the check’s window, says so and opens it from the Verify Payment button', async () => {
    pay.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    check.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerToken();

    const panel = await screen.findByRole('status');
    expect(panel).toHaveTextContent(text.popupBlocked);
    open.mockReset();
    open.mockReturnValue({ closed: false } as Window);
    await user.click(within(panel).getByRole('button', { name: text.verifyButton }));

    expect(open).toHaveBeenCalledTimes(1);
    expect(open).toHaveBeenCalledWith(CHECK_URL, expect.any(String), expect.any(String));
    expect(panel).not.toHaveTextContent(text.popupBlocked);
  });

  it('when the renter closes the check’s window before it ends, says so, not that the browser blocked it, and reopens it', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const checkWindow = { closed: false };
    open.mockReturnValue(checkWindow as Window);
    pay.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    check.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerToken();
    const panel = await screen.findByRole('status');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(panel).toHaveTextContent(text.verifyWarning);

    checkWindow.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(panel).toHaveTextContent(text.verificationWindow.closed);
    expect(panel).not.toHaveTextContent(text.popupBlocked);
    expect(panel).not.toHaveTextContent(text.verifyWarning);

    open.mockReturnValue({ closed: false } as Window);
    await user.click(within(panel).getByRole('button', { name: text.verifyButton }));
    expect(open).toHaveBeenCalledTimes(2);
    expect(panel).toHaveTextContent(text.verifyWarning);
    expect(panel).not.toHaveTextContent(text.verificationWindow.closed);
  });

  it('does not count the window the check’s last page closes as closed by the renter', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const checkWindow = { closed: false };
    open.mockReturnValue(checkWindow as Window);
    pay.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    check.mockResolvedValue({ status: 'pending' });
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerToken();
    const panel = await screen.findByRole('status');

    verificationWindowDone();
    checkWindow.closed = true;
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(panel).toHaveTextContent(text.verifying);
    expect(panel).not.toHaveTextContent(text.verificationWindow.closed);
  });

  it('moves on to the thanks page as soon as the check’s window says it is done', async () => {
    // The regular asking is held still, so only the window's word can make the form ask again.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    pay.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    check.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerToken();
    await vi.waitFor(() => expect(check).toHaveBeenCalledTimes(1));

    check.mockResolvedValue({ status: 'paid' });
    // The same words from another origin are not the check's window.
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: { type: VERIFICATION_MESSAGE }, origin: 'https://attacker.test' }));
    });
    await act(() => Promise.resolve());
    expect(check).toHaveBeenCalledTimes(1);
    expect(router.replace).not.toHaveBeenCalled();

    verificationWindowDone();
    await vi.waitFor(() => expect(router.replace).toHaveBeenCalledWith(THANKS[language]));
    expect(check).toHaveBeenCalledTimes(2);
    expect(router.replace).toHaveBeenCalledTimes(1);
    expect(pay).toHaveBeenCalledTimes(1);
  });

  it('keeps asking every few seconds while the check is with the renter', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    pay.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    check.mockResolvedValue({ status: 'pending' });
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerToken();
    await screen.findByRole('status');
    // Testing Library's waitFor polls with setInterval, faked here: vitest's own waits on real timers.
    await vi.waitFor(() => expect(check).toHaveBeenCalledTimes(1));

    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(check).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('status')).toHaveTextContent(text.verifying);

    check.mockResolvedValue({ status: 'paid' });
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(router.replace).toHaveBeenCalledWith(THANKS[language]);
    // A final answer ends the asking.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('asks no more once the renter has moved on to another page', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    pay.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    check.mockResolvedValue({ status: 'pending' });
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerToken();
    await vi.waitFor(() => expect(check).toHaveBeenCalledTimes(1));

    // The router shows the new address before the checkout is gone: an ask now would go to a page that knows none.
    const checkout = window.location.pathname;
    window.history.pushState({}, '', '/flota');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(check).toHaveBeenCalledTimes(1);
    window.history.pushState({}, '', checkout);
  });

  it('says why when the attempt ends during the check, keeps the name, and offers to pay again', async () => {
    pay.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    check.mockResolvedValue({ status: 'verify', url: CHECK_URL });
    const { user, frame } = await readyToPay();
    await user.click(payButton());
    frame.answerToken();
    await waitFor(() => expect(check).toHaveBeenCalled());

    check.mockResolvedValue({ status: 'error', error: { message: 'booking.payment.processingError' }, reason: { message: 'booking.payment.reasons.authenticationFailed' } });
    verificationWindowDone();

    await waitFor(() => expect(alerts()).toEqual([processingWith(text.reasons.authenticationFailed)]));
    expect(screen.queryByText(text.verifying)).not.toBeInTheDocument();
    expect(payButton()).toBeEnabled();
    expect(holder()).toHaveValue('Ana Pérez');
    expect(router.replace).not.toHaveBeenCalled();
  });

  describe('reloaded during a 3-D Secure check', () => {
    it('shows the check at once, asks the server once in the browser, then offers to reopen its page', async () => {
      const answer = settleLater<PaymentActionResult>();
      check.mockReturnValueOnce(answer.promise);
      check.mockResolvedValue({ status: 'verify', url: CHECK_URL });
      const { user } = renderForm(language, { resume: true });

      const panel = screen.getByRole('status');
      expect(panel).toHaveTextContent(text.verifying);
      // This page opened no window: it cannot know whether the check's window is still open, and says so.
      expect(panel).toHaveTextContent(text.verificationWindow.unknown);
      expect(panel).not.toHaveTextContent(text.popupBlocked);
      expect(screen.queryByRole('button', { name: text.pay.replace('{total}', AMOUNT) })).not.toBeInTheDocument();
      // The check's page is not known until the server says where the attempt stands.
      expect(within(panel).queryByRole('button', { name: text.verifyButton })).not.toBeInTheDocument();
      expect(check).toHaveBeenCalledWith(language);

      answer.settle({ status: 'verify', url: CHECK_URL });
      const verify = await within(panel).findByRole('button', { name: text.verifyButton });
      open.mockReturnValue({ closed: false } as Window);
      await user.click(verify);
      expect(open).toHaveBeenCalledWith(CHECK_URL, expect.any(String), expect.any(String));
      expect(pay).not.toHaveBeenCalled();
    });

    it('moves on to the thanks page when the payment went through meanwhile', async () => {
      check.mockResolvedValue({ status: 'paid' });
      renderForm(language, { resume: true });
      await waitFor(() => expect(router.replace).toHaveBeenCalledWith(THANKS[language]));
      expect(pay).not.toHaveBeenCalled();
    });

    it('says why when the attempt has ended, and offers the card fields again', async () => {
      check.mockResolvedValue({ status: 'error', error: { message: 'booking.payment.processingError' }, reason: { message: 'booking.payment.reasons.canceledByRenter' } });
      renderForm(language, { resume: true });
      const frame = gatewayFrame(text.frameTitle);

      await waitFor(() => expect(alerts()).toEqual([processingWith(text.reasons.canceledByRenter)]));
      expect(screen.queryByText(text.verifying)).not.toBeInTheDocument();
      frame.ready();
      expect(payButton()).toBeEnabled();
    });
  });
});
