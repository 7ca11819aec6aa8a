import 'server-only';
import { formatMoney } from '@rentacar/domain/money';
import type { FinalBill } from '@rentacar/domain/rentals';
import { renderEmail, type EmailBlock, type EmailDocument } from '@/shared/email';
import { formatPanamaDateTimeForRenter } from '@/i18n';
import type { ReservationSummary } from '@/features/reservations';
import type { Locale } from '@/i18n/routing';
import { serverTranslator } from '@/i18n/server-translator';

// Not the request's translator: the receipt is written in the booking's language, whoever recorded the return and in
// whichever language their screen was.
function receiptTranslator(locale: Locale) {
  return serverTranslator(locale, 'counterReceipt');
}

type Translate = ReturnType<typeof receiptTranslator>;

/** What the receipt shows besides the booking: the final bill and when and where the car came back. */
export type ReceiptDetails = {
  summary: ReservationSummary;
  bill: FinalBill;
  /** When the car came back, Panama wall-clock `YYYY-MM-DDTHH:mm`. */
  returnedAt: string;
  mileage: { out: number | undefined; in: number | undefined };
};

export type ReceiptEmail = { subject: string; text: string; html: string };

/** A return charge in the renter's words: "Combustible (3/8 de tanque)", "Devolución tardía (2 h)". */
function chargeLabel(line: FinalBill['charges']['lines'][number], t: Translate, money: (cents: number) => string): string {
  switch (line.code) {
    case 'fuel':
      return t('charges.fuel', { eighths: line.quantity ?? 0, rate: money(line.unitAmount ?? 0) });
    case 'late_return':
      return t('charges.lateReturn', { hours: line.quantity ?? 0, rate: money(line.unitAmount ?? 0) });
    case 'damage':
      return t('charges.damage');
    case 'tax':
      return t('charges.tax');
    default:
      return line.label ?? line.code;
  }
}

/** The return's extra charges as labelled rows in `locale` (the receipt's words), for the counter's page too. */
export function returnChargeRows(bill: FinalBill, locale: Locale): { code: string; label: string; amount: number }[] {
  const t = receiptTranslator(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  return bill.charges.lines.map((line) => ({ code: line.code, label: chargeLabel(line, t, money), amount: line.amount }));
}

/** The payments block: what was paid, refunded, the deposit, and what is still due (or nothing). */
function moneyRows(bill: FinalBill, t: Translate, money: (cents: number) => string): { label: string; amount: string }[] {
  const rows = [{ label: t('paid'), amount: money(bill.paid) }];
  if (bill.refunded > 0) rows.push({ label: t('refunded'), amount: money(bill.refunded) });
  if (bill.deposit) {
    rows.push({ label: t('depositTaken', { method: t(`depositMethods.${bill.deposit.method ?? 'cash'}`) }), amount: money(bill.deposit.amount) });
    if (bill.deposit.kept > 0) rows.push({ label: t('depositKept'), amount: money(bill.deposit.kept) });
    rows.push({ label: t('depositReturned'), amount: money(bill.deposit.returned) });
  }
  return rows;
}

function documentOf(details: ReceiptDetails): EmailDocument {
  const { summary, bill } = details;
  const { locale, siteName, reservationNumber: number } = summary;
  const t = receiptTranslator(locale);
  const money = (cents: number) => formatMoney(cents, locale);
  const returned = formatPanamaDateTimeForRenter(details.returnedAt, locale);
  const km = details.mileage.out !== undefined && details.mileage.in !== undefined ? details.mileage.in - details.mileage.out : undefined;
  const blocks: EmailBlock[] = [
    { kind: 'text', text: t('intro', { branch: summary.return.branchName }) },
    { kind: 'number', label: t('reservationNumber'), value: number },
    {
      kind: 'fields',
      rows: [
        { label: t('car'), lines: [summary.car.name] },
        { label: t('returned'), lines: [summary.return.branchName, returned] },
        ...(km === undefined ? [] : [{ label: t('distance'), lines: [t('kilometres', { km })] }]),
      ],
    },
    { kind: 'heading', text: t('rentalTitle') },
    { kind: 'amounts', rows: bill.rental.lines.map((line) => ({ label: line.label ?? line.code, amount: money(line.amount) })), total: { label: t('rentalTotal'), amount: money(bill.rental.total) } },
    { kind: 'heading', text: t('chargesTitle') },
    ...(bill.charges.lines.length === 0
      ? [{ kind: 'text', text: t('noCharges') } as const]
      : [{ kind: 'amounts', rows: bill.charges.lines.map((line) => ({ label: chargeLabel(line, t, money), amount: money(line.amount) })), total: { label: t('chargesTotal'), amount: money(bill.charges.total) } } as const]),
    { kind: 'heading', text: t('paymentsTitle') },
    { kind: 'amounts', rows: moneyRows(bill, t, money), total: { label: t('finalTotal'), amount: money(bill.total) } },
    bill.due > 0
      ? { kind: 'text', tone: 'highlight', text: t('due', { amount: money(bill.due) }) }
      : { kind: 'text', tone: 'highlight', text: t('nothingDue') },
  ];
  return {
    locale,
    siteName,
    subject: t('subject', { number, siteName }),
    preheader: bill.due > 0 ? t('due', { amount: money(bill.due) }) : t('nothingDue'),
    greeting: t('greeting', { firstName: summary.client.firstName }),
    blocks,
    signature: t('signature', { siteName }).split('\n'),
    reservation: { number, manageUrl: summary.manageUrl },
  };
}

/** The return receipt with the final bill, in the booking's language: its subject, plain-text part and HTML part. */
export function buildReturnReceipt(details: ReceiptDetails): ReceiptEmail {
  const document = documentOf(details);
  return { subject: document.subject, ...renderEmail(document) };
}
