// PayPal-style webhook signatures: SHA256withRSA over "<transmission id>|<transmission time>|<webhook id>|<CRC32 of
// the raw body, in decimal>", base64. The RSA key pair is made at the first start and kept in the data folder, so
// signatures stay verifiable across restarts; the public key is served at the PAYPAL-CERT-URL address.
import { createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';

export const AUTH_ALGO = 'SHA256withRSA';

/** The string PayPal signs for a webhook transmission. */
export function signedString(transmissionId: string, transmissionTime: string, webhookId: string, rawBody: string): string {
  return `${transmissionId}|${transmissionTime}|${webhookId}|${crc32(Buffer.from(rawBody, 'utf8'))}`;
}

export class PaypalWebhookKeys {
  readonly publicKeyPem: string;
  private readonly privateKey: string;
  private readonly publicKey: KeyObject;

  constructor(dataDir: string) {
    const privateFile = join(dataDir, 'paypal-webhook-key.pem');
    const publicFile = join(dataDir, 'paypal-webhook-cert.pem');
    if (existsSync(privateFile) && existsSync(publicFile)) {
      this.privateKey = readFileSync(privateFile, 'utf8');
      this.publicKeyPem = readFileSync(publicFile, 'utf8');
    } else {
      const pair = generateKeyPairSync('rsa', {
        modulusLength: 2048,
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      });
      writeFileSync(privateFile, pair.privateKey, { mode: 0o600 });
      writeFileSync(publicFile, pair.publicKey);
      this.privateKey = pair.privateKey;
      this.publicKeyPem = pair.publicKey;
    }
    this.publicKey = createPublicKey(this.publicKeyPem);
  }

  sign(message: string): string {
    return sign('sha256', Buffer.from(message, 'utf8'), this.privateKey).toString('base64');
  }

  verify(message: string, signature: string): boolean {
    try {
      return verify('sha256', Buffer.from(message, 'utf8'), this.publicKey, Buffer.from(signature, 'base64'));
    } catch {
      return false;
    }
  }
}
