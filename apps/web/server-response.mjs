// The production server's response class (server.mjs passes it to http.createServer).
// Next answers a cached page with `response.end(html)`, the page as one string. Node writes a string answer by
// prepending the headers to it (a new string of the page's size) and encoding that whole string as it writes it: on
// an 86 KB page that took half of a plain server's time per answer (bench/README.md, "Answers written as bytes").
// Encoding the page once into bytes first lets Node write the headers and the bytes side by side, as it does for
// any Buffer. Short strings keep Node's own path: there the concatenation is cheaper than a Buffer.
import { ServerResponse } from 'node:http';

/** Strings at least this long (UTF-16 code units) are written as bytes. */
export const BYTES_FROM_LENGTH = 4096;

export class StorefrontResponse extends ServerResponse {
  end(chunk, encoding, callback) {
    if (typeof chunk === 'string' && chunk.length >= BYTES_FROM_LENGTH) {
      if (typeof encoding === 'function') return super.end(Buffer.from(chunk, 'utf8'), encoding);
      return super.end(Buffer.from(chunk, encoding ?? 'utf8'), callback);
    }
    return super.end(chunk, encoding, callback);
  }
}
