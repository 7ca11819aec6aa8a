// The production server's response class (server.mjs passes it to http.createServer).
// Next answers a cached page with `response.end(html)`, the page as one string. Node writes a string answer by
// prepending the headers to it (a new string of the page's size) and encoding that whole string to UTF-8 as it writes:
// on an 86 KB page that cost more than all the rest of Next's work for the view. Here the page goes to Node as bytes,
// which it writes beside the headers; and since a cached page is the same string on every view, its bytes are kept
// (bench/README.md, "A cached page written as bytes"). Short strings keep Node's own path: there the concatenation
// is cheaper than a Buffer.
//
// That Next ends a cached page this way is Next's own code (send-payload.js, sendRenderResult), not a promise of its
// API: each such answer is counted (storefront_string_answers_total, through the hand-over's metrics recorder), and
// test/process/next-internals.test.ts fails when a Next upgrade stops sending cached pages through here
// (docs/architecture.md, "The edge and the hand-over").
import { ServerResponse } from 'node:http';
import { ByteBoundedCache } from './byte-bounded-cache.mjs';
import { handover } from './handover.mjs';

/** Strings at least this long (UTF-16 code units) are written as bytes. */
export const BYTES_FROM_LENGTH = 4096;
/** What the kept bytes may weigh in all: the pages of every language many times over. */
export const KEPT_BYTES_LIMIT = 32 * 1024 * 1024;

/**
 * The UTF-8 bytes of strings answered lately, least recently used dropped first. Keyed by the string itself: a map
 * compares equal strings as equal (the same string object, as a cached page is on every view, costs nothing to look
 * up), so the bytes are always those of the very text asked for. The string is kept too, as the key: both weigh.
 * Never changed once made: answers only read them.
 */
const keptBytes = new ByteBoundedCache(KEPT_BYTES_LIMIT, (bytes, text) => bytes.length + text.length * 2);

/** `text`'s UTF-8 bytes, made once while the string is answered again and again. */
export function utf8BytesOf(text) {
  const kept = keptBytes.get(text);
  if (kept !== undefined) return kept;
  const bytes = Buffer.from(text, 'utf8');
  keptBytes.set(text, bytes);
  return bytes;
}

/** How many strings' bytes are kept, and what they weigh (for the tests). */
export function keptBytesSize() {
  return { entries: keptBytes.count, weight: keptBytes.weight };
}

function bytesOf(text, encoding) {
  return encoding === undefined || encoding === 'utf8' || encoding === 'utf-8' ? utf8BytesOf(text) : Buffer.from(text, encoding);
}

export class StorefrontResponse extends ServerResponse {
  end(chunk, encoding, callback) {
    if (typeof chunk === 'string' && chunk.length >= BYTES_FROM_LENGTH) {
      handover.metrics?.stringAnswer(keptBytes.has(chunk) ? 'kept' : 'encoded');
      if (typeof encoding === 'function') return super.end(utf8BytesOf(chunk), encoding);
      return super.end(bytesOf(chunk, encoding), callback);
    }
    return super.end(chunk, encoding, callback);
  }
}
