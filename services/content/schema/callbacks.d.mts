// Types of schema/callbacks.mjs (for the extensions that call the storefront back).

export type CallbackKind = 'revalidate' | 'account-emails' | 'reminders';

export declare const CALLBACK_SECRET_HEADER: 'x-callback-secret';
export declare const CALLBACK_SECRET_NAMES: Record<CallbackKind, 'REVALIDATE_SECRET' | 'ACCOUNT_EMAILS_SECRET' | 'REMINDERS_SECRET'>;
export declare function callbackPath(kind: CallbackKind): string;
