import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEnv } from '@/lib/env';
import { clearLogged, loggedLines } from '../../../test/log-capture';
import { sendMail, type MailMessage } from './mailer';

// serverEnv() reads the process environment once; each test hands the mailer a mail config of its own instead.
const env = vi.hoisted(() => ({ mail: undefined as ServerEnv['mail'] | undefined }));
vi.mock('@/lib/env', () => ({
  serverEnv: () => {
    if (env.mail === undefined) throw new Error('test set no mail config');
    return { mail: env.mail };
  },
}));
vi.mock('@/lib/log', async () => (await import('../../../test/log-capture')).fakeLogModule);
// The sender is named after the brand (its site config's site_name), read from the content service.
const brand = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('@/content', () => ({ loadAppData: brand.load }));

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n';

const message: MailMessage = {
  to: 'renter@example.com',
  subject: 'Reserva FF-7K3M9Q confirmada',
  text: 'Texto secreto del cuerpo',
  html: '<p>Texto secreto del cuerpo</p>',
  attachments: [{ filename: 'reserva-FF-7K3M9Q.ics', content: ICS, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
};

const FROM = 'Rent a Car <reservas@example.com>';

beforeEach(() => {
  clearLogged();
  brand.load.mockReset().mockResolvedValue({ site: { siteName: 'Firefly' } });
});
afterEach(() => {
  vi.restoreAllMocks();
  env.mail = undefined;
});

describe('sendMail without SMTP', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mail-outbox-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the rendered message as an .eml file in the outbox, created under the working folder', async () => {
    vi.spyOn(process, 'cwd').mockReturnValue(dir);
    env.mail = { smtp: undefined, from: FROM, outboxDir: 'data/mail-outbox' };

    const sent = await sendMail(message);

    const outbox = path.join(dir, 'data', 'mail-outbox');
    const files = await readdir(outbox);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d{8}T\d{6}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    expect(sent.file).toBe(path.join(outbox, files[0] ?? ''));
    expect(sent.messageId).toMatch(/^<.+@.+>$/);

    const eml = await readFile(sent.file ?? '', 'utf8');
    expect(eml).not.toContain('\r\n');
    expect(eml).toContain(`Message-ID: ${sent.messageId}`);
    expect(eml).toContain('Subject: Reserva FF-7K3M9Q confirmada');
    expect(eml).toContain('To: renter@example.com');
    expect(eml).toContain('From: Firefly Rent a Car <reservas@example.com>');
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH;?\s+name=reserva-FF-7K3M9Q\.ics/);
    expect(eml).toMatch(/Content-Disposition: attachment;\s+filename=reserva-FF-7K3M9Q\.ics/);
  });

  it('names the sender after the brand whatever name MAIL_FROM gives, and keeps MAIL_FROM as written when the brand cannot be read', async () => {
    env.mail = { smtp: undefined, from: 'reservas@example.com', outboxDir: dir };
    const named = await readFile((await sendMail(message)).file ?? '', 'utf8');
    expect(named).toContain('From: Firefly Rent a Car <reservas@example.com>');

    brand.load.mockRejectedValue(new Error('content service down'));
    env.mail = { smtp: undefined, from: FROM, outboxDir: dir };
    const unnamed = await readFile((await sendMail(message)).file ?? '', 'utf8');
    expect(unnamed).toContain('From: Rent a Car <reservas@example.com>');
    expect(loggedLines()).toContain('warn [mail] the brand name could not be read: sending from MAIL_FROM as written');
  });

  it('logs one line naming the file, without the address or the body', async () => {
    env.mail = { smtp: undefined, from: FROM, outboxDir: dir };
    const sent = await sendMail(message);
    expect(loggedLines()).toEqual([`info [mail] wrote ${sent.file ?? ''}`]);
  });

  it('writes every message to a file of its own', async () => {
    env.mail = { smtp: undefined, from: FROM, outboxDir: dir };
    const [first, second] = await Promise.all([sendMail(message), sendMail(message)]);
    expect(first.file).not.toBe(second.file);
    expect(await readdir(dir)).toHaveLength(2);
  });
});

type Received = { from: string | undefined; to: string[]; raw: string; user: string | undefined };

async function startSmtpServer(options: { password?: string } = {}): Promise<{ port: number; received: Received[]; close: () => Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // Only the auth test needs AUTH, and without TLS smtp-server refuses it unless told otherwise.
    allowInsecureAuth: options.password !== undefined,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.password === options.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom === false ? undefined : session.envelope.mailFrom.address,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
          user: typeof session.user === 'string' ? session.user : undefined,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

describe('sendMail through SMTP', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('delivers the message, its recipient and the calendar attachment to a real SMTP server', async () => {
    const server = await startSmtpServer();
    close = server.close;
    env.mail = { smtp: { host: '127.0.0.1', port: server.port, secure: false, auth: undefined }, from: FROM, outboxDir: 'unused' };

    const sent = await sendMail({ ...message, replyTo: 'agencia@example.com' });

    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail?.from).toBe('reservas@example.com');
    expect(mail?.to).toEqual(['renter@example.com']);
    expect(mail?.raw).toContain(`Message-ID: ${sent.messageId}`);
    expect(mail?.raw).toContain('Subject: Reserva FF-7K3M9Q confirmada');
    expect(mail?.raw).toContain('To: renter@example.com');
    expect(mail?.raw).toContain('Reply-To: agencia@example.com');
    expect(mail?.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=PUBLISH/);
    expect(mail?.raw).toMatch(/filename=reserva-FF-7K3M9Q\.ics/);
    expect(sent.file).toBeUndefined();
    expect(loggedLines()).toEqual([`info [mail] sent ${sent.messageId}`]);
  });

  it('logs in with the configured user and password', async () => {
    const server = await startSmtpServer({ password: 'smtp-secret' });
    close = server.close;
    env.mail = {
      smtp: { host: '127.0.0.1', port: server.port, secure: false, auth: { user: 'storefront', pass: 'smtp-secret' } },
      from: FROM,
      outboxDir: 'unused',
    };
    await sendMail(message);
    expect(server.received.map((mail) => mail.user)).toEqual(['storefront']);
  });

  it('rejects at once when nothing listens on the SMTP port', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    env.mail = { smtp: { host: '127.0.0.1', port: closed, secure: false, auth: undefined }, from: FROM, outboxDir: 'unused' };
    const started = Date.now();
    await expect(sendMail(message)).rejects.toThrow(/ECONNREFUSED/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('rejects within its greeting timeout when the server accepts the connection but never answers', async () => {
    const sockets = new Set<Socket>();
    const silent: Server = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    close = () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        silent.close(() => resolve());
      });
    const { port } = silent.address() as AddressInfo;
    env.mail = { smtp: { host: '127.0.0.1', port, secure: false, auth: undefined }, from: FROM, outboxDir: 'unused' };

    const started = Date.now();
    await expect(sendMail(message)).rejects.toThrow(/Greeting never received|timeout/i);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 15_000);
});

describe('a message that cannot be sent', () => {
  it('fails naming the server\'s reason without the refused recipient\'s address', async () => {
    const refusing = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        callback(Object.assign(new Error(`<${address.address}>: Recipient address rejected`), { responseCode: 550 }));
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = refusing.server.address() as AddressInfo;
      env.mail = { smtp: { host: '127.0.0.1', port, secure: false, auth: undefined }, from: FROM, outboxDir: 'unused' };
      const failure = await sendMail(message).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(Error);
      expect(JSON.stringify({ ...(failure as object), message: (failure as Error).message })).not.toContain('renter@example.com');
      expect((failure as Error).message).toMatch(/Recipient address rejected/);
      expect(failure).toMatchObject({ responseCode: 550 });
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});
