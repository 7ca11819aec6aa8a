import { formatMoney } from '@rentacar/domain/money';
import type { LabelledLine } from '@rentacar/domain/quote';
import type { Locale } from '@/i18n/routing';
import { billLinesOf } from './bill-lines';
import { BillView } from './bill-view';

/** The bill: every line of the quote, the airport tax line among them, and the all-in total. */
export function BillDetails({ lines, total, locale, dueAtCounter = false }: { lines: readonly LabelledLine[]; total: number; locale: Locale; dueAtCounter?: boolean }) {
  return <BillView lines={billLinesOf(lines, locale)} total={formatMoney(total, locale)} dueAtCounter={dueAtCounter} />;
}
