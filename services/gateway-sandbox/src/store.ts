// The sandbox's state, kept in GATEWAY_SANDBOX_DATA_DIR/state.json and written after every change (a whole-file
// write to a temporary file, then a rename), so a restart keeps tokens, intents, orders and idempotency records.
// No card number or security code is ever part of it: a token keeps the last four digits, brand, expiry and the
// outcome class of its test card only.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CardBrand } from './metrobank/fields/card-rules.ts';

/** What a test card does when it is charged (decided from its number when it is tokenized). */
export type CardOutcome = 'approve' | 'decline_generic' | 'decline_insufficient_funds' | 'requires_3ds';

export interface CardDetails {
  brand: CardBrand;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface StoredToken {
  id: string;
  card: CardDetails;
  outcome: CardOutcome;
  used: boolean;
  created: number;
}

export interface StoredPaymentMethod {
  id: string;
  card: CardDetails;
  outcome: CardOutcome;
  /** The intent that saved it (setup_future_usage: 'off_session'); usable once that intent succeeded. */
  saved_by: string;
  created: number;
}

export type IntentStatus = 'succeeded' | 'requires_action' | 'requires_payment_method' | 'canceled';

export interface PaymentError {
  type: 'card_error';
  code: 'card_declined' | 'authentication_failed';
  decline_code?: 'generic_decline' | 'insufficient_funds';
  message: string;
}

export interface StoredIntent {
  id: string;
  amount: number;
  amount_received: number;
  amount_refunded: number;
  currency: 'usd';
  status: IntentStatus;
  payment_method: string;
  card: CardDetails;
  description: string | null;
  metadata: Record<string, string>;
  setup_future_usage: 'off_session' | null;
  return_url: string | null;
  /** Secret part of the 3-D Secure page's address, so only the holder of next_action's URL can answer it. */
  challenge: string | null;
  last_payment_error: PaymentError | null;
  cancellation_reason: string | null;
  created: number;
}

export interface StoredCardRefund {
  id: string;
  amount: number;
  currency: 'usd';
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

/** A saved answer to an idempotent request: what the same key and body get again. */
export interface IdempotencyRecord {
  fingerprint: string;
  status: number;
  body: unknown;
  created: number;
  /** PayPal order creation answers with the order's current state rather than the saved body. */
  order_id?: string;
}

export interface PaypalAmount {
  currency_code: 'USD';
  value: string;
}

export interface PaypalPayer {
  payer_id: string;
  email_address: string;
  name: { given_name: string; surname: string };
  address: { country_code: string };
}

export type OrderStatus = 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';

export interface StoredOrder {
  id: string;
  intent: 'CAPTURE';
  status: OrderStatus;
  purchase_unit: {
    reference_id: string;
    amount: PaypalAmount;
    custom_id?: string;
    description?: string;
    invoice_id?: string;
  };
  experience_context: {
    return_url: string;
    cancel_url: string;
    locale?: string;
    brand_name?: string;
    user_action?: string;
    shipping_preference?: string;
  };
  payer: PaypalPayer | null;
  capture_id: string | null;
  create_time: string;
  update_time: string;
}

export interface StoredCapture {
  id: string;
  order_id: string;
  status: 'COMPLETED' | 'PARTIALLY_REFUNDED' | 'REFUNDED';
  amount: PaypalAmount;
  refunded_cents: number;
  custom_id?: string;
  invoice_id?: string;
  create_time: string;
  update_time: string;
}

export interface StoredPaypalRefund {
  id: string;
  capture_id: string;
  order_id: string;
  status: 'COMPLETED';
  amount: PaypalAmount;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  create_time: string;
  update_time: string;
}

export interface State {
  version: 1;
  metrobank: {
    tokens: Record<string, StoredToken>;
    payment_methods: Record<string, StoredPaymentMethod>;
    payment_intents: Record<string, StoredIntent>;
    refunds: Record<string, StoredCardRefund>;
    idempotency: Record<string, IdempotencyRecord>;
  };
  paypal: {
    /** Access tokens issued, with their expiry (unix seconds). */
    access_tokens: Record<string, number>;
    orders: Record<string, StoredOrder>;
    captures: Record<string, StoredCapture>;
    refunds: Record<string, StoredPaypalRefund>;
    request_ids: Record<string, IdempotencyRecord>;
  };
}

function emptyState(): State {
  return {
    version: 1,
    metrobank: { tokens: {}, payment_methods: {}, payment_intents: {}, refunds: {}, idempotency: {} },
    paypal: { access_tokens: {}, orders: {}, captures: {}, refunds: {}, request_ids: {} },
  };
}

/** Idempotency keys and request ids are kept a day, as the providers document theirs. */
const IDEMPOTENCY_DAYS = 1;

export class Store {
  readonly state: State;
  private readonly file: string;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    this.file = join(dataDir, 'state.json');
    this.state = existsSync(this.file) ? Store.read(this.file) : emptyState();
    this.prune();
  }

  private static read(file: string): State {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new Error(`${file} is not valid JSON; delete it to start the sandbox with no data`);
    }
    const state = emptyState();
    if (typeof parsed !== 'object' || parsed === null || (parsed as { version?: unknown }).version !== 1) {
      throw new Error(`${file} is not a state file of this sandbox (version 1); delete it to start with no data`);
    }
    const loaded = parsed as Partial<State>;
    Object.assign(state.metrobank, loaded.metrobank);
    Object.assign(state.paypal, loaded.paypal);
    return state;
  }

  private prune(): void {
    const oldest = Math.floor(Date.now() / 1000) - IDEMPOTENCY_DAYS * 86_400;
    for (const records of [this.state.metrobank.idempotency, this.state.paypal.request_ids]) {
      for (const [key, record] of Object.entries(records)) if (record.created < oldest) delete records[key];
    }
    const now = Math.floor(Date.now() / 1000);
    for (const [token, expires] of Object.entries(this.state.paypal.access_tokens)) if (expires < now) delete this.state.paypal.access_tokens[token];
  }

  /** Writes the whole state (synchronously: a change is on disk before its answer leaves). */
  save(): void {
    const temporary = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temporary, `${JSON.stringify(this.state, null, 1)}\n`, { mode: 0o600 });
    renameSync(temporary, this.file);
  }
}
