import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTransport, type SMTPSentMessageInfo, type StreamSentMessageInfo, type Transporter } from 'nodemailer';
import { loadAppData } from '@/content';
import { DEFAULT_LOCALE } from '@/i18n/routing';
import { serverTranslator } from '@/i18n/server-translator';
import { serverEnv, type ServerEnv } from '@/lib/env';
import { logFor } from '@/lib/log';

const log = logFor('mail');

type MailConfig = ServerEnv['mail'];

export type MailAttachment = {
  filename: string;
  content: string | Buffer;
  /** Full MIME type with its parameters, e.g. `text/calendar; charset=utf-8; method=PUBLISH`. */
  contentType: string;
  /** Content id, for an image the HTML shows inline (`<img src="cid:...">`). */
  cid?: string;
};

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
  replyTo?: string;
};

export type SentMail = {
  messageId: string;
  /** The .eml file written, when no SMTP server is configured. */
  file?: string;
};

// A dead or unreachable SMTP server must fail the send within about ten seconds (connect, then greeting), not hang
// the request that sends a confirmation for minutes (nodemailer's defaults are 2 min and 30 s). Once the server has
// greeted, a slower answer is allowed: some servers scan a message before they accept it.
const SMTP_TIMEOUTS = {
  dnsTimeout: 3_000,
  connectionTimeout: 5_000,
  greetingTimeout: 5_000,
  socketTimeout: 20_000,
} as const;

type Outlet =
  | { kind: 'smtp'; transport: Transporter<SMTPSentMessageInfo> }
  | { kind: 'outbox'; transport: Transporter<StreamSentMessageInfo>; dir: string };

// One transport per process. Keyed by the config object, which serverEnv() reads once per process: a test that swaps
// the environment gets a fresh transport rather than the previous test's.
let cached: { config: MailConfig; outlet: Outlet } | undefined;

function outletFor(config: MailConfig): Outlet {
  if (cached?.config === config) return cached.outlet;
  cached?.outlet.transport.close();
  const outlet: Outlet =
    config.smtp === undefined
      ? {
          kind: 'outbox',
          transport: createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
          // Resolved at run time against the working folder; not a build input to trace.
          dir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), config.outboxDir),
        }
      : {
          kind: 'smtp',
          transport: createTransport({
            host: config.smtp.host,
            port: config.smtp.port,
            secure: config.smtp.secure,
            auth: config.smtp.auth,
            ...SMTP_TIMEOUTS,
          }),
        };
  cached = { config, outlet };
  return outlet;
}

/** Anything shaped like an e-mail address, as an SMTP server's refusal may quote the recipient's. */
const ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+/g;

/**
 * A message that could not be sent or written, as callers log it: nodemailer's reason and codes without any address
 * (a refused recipient is quoted in its message and listed in its `rejected`), so no log line names the renter.
 */
export class MailNotSentError extends Error {
  readonly code: string | undefined;
  readonly responseCode: number | undefined;

  constructor(failure: unknown) {
    const details = typeof failure === 'object' && failure !== null ? (failure as { code?: unknown; responseCode?: unknown }) : {};
    const reason = failure instanceof Error ? failure.message : String(failure);
    super(`[mail] not sent: ${reason.replace(ADDRESS, '[address]')}`);
    this.name = 'MailNotSentError';
    this.code = typeof details.code === 'string' ? details.code : undefined;
    this.responseCode = typeof details.responseCode === 'number' ? details.responseCode : undefined;
  }
}

function outboxFileName(now: Date): string {
  // ISO 8601 basic format: sorts by time and has no `:`, which some file systems and tools refuse in names.
  const stamp = now.toISOString().replace(/[-:]/g, '');
  return `${stamp}-${randomBytes(4).toString('hex')}.eml`;
}

/**
 * Sends one message from `mail.from`'s address, named after the brand: through SMTP when SMTP_HOST is set, else renders it and writes it as an .eml
 * file under MAIL_OUTBOX_DIR (a developer machine, the tests). Rejects with a MailNotSentError when the message cannot
 * be sent or written. Logs one line naming the message, never its recipient or content.
 */
export async function sendMail(message: MailMessage): Promise<SentMail> {
  try {
    return await deliver(message);
  } catch (error) {
    throw new MailNotSentError(error);
  }
}

/** The address of a sender written `Name <address>` or bare, or undefined when it holds none. */
export function senderAddress(from: string): string | undefined {
  const address = (/<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from).trim();
  return /^[^\s@<>]+@[^\s@<>]+$/.test(address) ? address : undefined;
}

/**
 * Who the message is from, as the inbox shows it: the brand as the site's title names it ("Firefly Rent a Car", from
 * its site config's `site_name`; the same words in every language) at the MAIL_FROM address. Without the brand's name (the content service not answering) the message still goes, from
 * MAIL_FROM as it is written: the e-mail matters more than the name beside it.
 */
async function senderOf(configured: string): Promise<string | { name: string; address: string }> {
  const address = senderAddress(configured);
  if (address === undefined) return configured;
  try {
    const { site } = await loadAppData();
    return { name: serverTranslator(DEFAULT_LOCALE, 'meta')('title', { siteName: site.siteName }), address };
  } catch (error) {
    log.warn({ err: error }, 'the brand name could not be read: sending from MAIL_FROM as written');
    return configured;
  }
}

async function deliver(message: MailMessage): Promise<SentMail> {
  const config = serverEnv().mail;
  const outlet = outletFor(config);
  const mail = {
    from: await senderOf(config.from),
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    html: message.html,
    attachments: message.attachments,
  };
  if (outlet.kind === 'smtp') {
    const { messageId } = await outlet.transport.sendMail(mail);
    log.info({ messageId }, `sent ${messageId}`);
    return { messageId };
  }
  const { messageId, message: rendered } = await outlet.transport.sendMail(mail);
  // `buffer: true` makes it a Buffer; the check only narrows the type.
  if (!Buffer.isBuffer(rendered)) throw new Error('[mail] the stream transport returned no rendered message');
  await mkdir(outlet.dir, { recursive: true });
  const file = path.join(outlet.dir, outboxFileName(new Date()));
  await writeFile(file, rendered);
  log.info({ messageId, file }, `wrote ${file}`);
  return { messageId, file };
}
