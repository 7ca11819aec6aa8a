// POST /booking/precheckin-documents: a renter's licence or id scan, stored where only staff can read it
// (docs/content-model.md, "Pre-check-in documents").
//
// multipart/form-data with a text field `kind` (`license` | `id`) and one file field `file`. The file is read into
// memory up to MAX_DOCUMENT_BYTES and no further (past it the request is answered 413 at once, the rest of the body is
// thrown away as it arrives, up to a bound, and the connection closed); its type is taken from its first bytes (JPEG, PNG or PDF), never from the declared type or
// the name, so a text file named `scan.pdf` or an executable named `licence.jpg` is refused. Only a file that passed
// every check is written, through Directus' FilesService, into the private folder "Pre-check-in documents", with a
// neutral title and download name (kind + date, the extension of the type found): nothing the renter named it is kept.
//
// The storefront has no permission on directus_files but the public read (which excludes that folder), so the file is
// written with the caller's identity (uploaded_by, the activity log) but the endpoint's own rights, into that folder
// only: the same pattern as POST /booking/payments.
import Busboy from 'busboy';
import { Readable } from 'node:stream';
import { ids } from '../../schema/access.mjs';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
// After a refusal the rest of the request is thrown away as it arrives (never kept), so that the client, still sending,
// reads the answer instead of a reset connection; past this many more bytes the connection is cut instead.
const DISCARD_LIMIT_BYTES = 4 * MAX_DOCUMENT_BYTES;

/** Throws away what is left of the request body (bounded): the answer reaches a client that is still sending. */
function discardRest(req) {
  let discarded = 0;
  req.on('data', (chunk) => {
    discarded += chunk.length;
    if (discarded > DISCARD_LIMIT_BYTES) req.destroy();
  });
  req.resume();
}
export const DOCUMENT_KINDS = ['license', 'id'];
const KIND_TITLES = { license: 'Driver licence', id: 'Id or passport' };

// Signatures at offset 0: JPEG (SOI + a marker), PNG (its 8-byte signature), PDF (`%PDF-`).
export const DOCUMENT_TYPES = [
  { type: 'image/jpeg', extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
  { type: 'image/png', extension: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'application/pdf', extension: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The allowed type whose signature the bytes start with, or null. */
export function sniffDocumentType(bytes) {
  return DOCUMENT_TYPES.find(({ magic }) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) ?? null;
}

/**
 * Reads the multipart body: { fields, file: { bytes, size } | null } once it is read whole, { tooLarge } as soon as the
 * file passes the limit, { problem: { field, message } } for a body that is not what the route takes. `complete` is
 * false when it stopped before the end of the request (the caller then closes the connection rather than read on).
 */
function readUpload(req) {
  return new Promise((resolve) => {
    let busboy;
    try {
      busboy = Busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 1024 },
      });
    } catch {
      resolve({ problem: { field: null, message: 'The body must be multipart/form-data with a boundary' }, complete: false });
      return;
    }
    let settled = false;
    const finish = (outcome, complete = false) => {
      if (settled) return;
      settled = true;
      req.unpipe(busboy);
      resolve({ ...outcome, complete });
    };
    const fields = {};
    let file = null;
    let fileRead = Promise.resolve();

    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated) finish({ problem: { field: name, message: `"${name}" is too long` } });
      else fields[name] = value;
    });
    busboy.on('file', (name, stream) => {
      if (name !== 'file') {
        stream.resume();
        finish({ problem: { field: name, message: `Unknown file field "${name}": send the document as "file"` } });
        return;
      }
      const chunks = [];
      let size = 0;
      fileRead = new Promise((done) => {
        stream.on('data', (chunk) => {
          chunks.push(chunk);
          size += chunk.length;
        });
        // Busboy stops passing bytes on at the limit: answer now, without reading the rest of the request.
        stream.on('limit', () => {
          chunks.length = 0;
          finish({ tooLarge: true });
          done();
        });
        stream.on('end', () => {
          if (!stream.truncated) file = { bytes: Buffer.concat(chunks, size), size };
          done();
        });
        stream.on('error', () => done());
      });
    });
    busboy.on('filesLimit', () => finish({ problem: { field: 'file', message: 'Send one file per request' } }));
    busboy.on('fieldsLimit', () => finish({ problem: { field: null, message: 'Too many fields: send only "kind" and "file"' } }));
    busboy.on('partsLimit', () => finish({ problem: { field: null, message: 'Too many parts: send only "kind" and "file"' } }));
    busboy.on('error', () => finish({ problem: { field: null, message: 'The multipart body is malformed' } }));
    busboy.on('close', () => {
      fileRead.then(() => finish({ fields, file }, true));
    });
    req.on('error', () => finish({ problem: { field: null, message: 'The upload was interrupted' } }));
    req.pipe(busboy);
  });
}

export function documentRoutes(router, { FilesService, handle, errorBody, invalid }) {
  const tooLarge = (res) => res.status(413).json(errorBody(`The file is larger than ${MAX_DOCUMENT_BYTES / (1024 * 1024)} MB`, {
    code: 'FILE_TOO_LARGE', field: 'file', max_bytes: MAX_DOCUMENT_BYTES,
  }));

  router.post('/precheckin-documents', handle(async (req, res) => {
    if (!req.is('multipart/form-data')) return invalid(res, null, 'The body must be multipart/form-data with the fields "kind" and "file"');
    const upload = await readUpload(req);
    if (!upload.complete) {
      res.set('Connection', 'close');
      discardRest(req);
    }
    if (upload.tooLarge) return tooLarge(res);
    if (upload.problem) return invalid(res, upload.problem.field, upload.problem.message);

    const { fields, file } = upload;
    const unknown = Object.keys(fields).find((name) => name !== 'kind');
    if (unknown) return invalid(res, unknown, `Unknown field "${unknown}": send only "kind" and "file"`);
    const kind = fields.kind;
    if (!DOCUMENT_KINDS.includes(kind)) return invalid(res, 'kind', `"kind" must be one of ${DOCUMENT_KINDS.join(', ')}`);
    if (!file) return invalid(res, 'file', 'The document is missing: send it in the file field "file"');
    if (file.size === 0) return res.status(400).json(errorBody('The file is empty', { code: 'FILE_EMPTY', field: 'file' }));
    const found = sniffDocumentType(file.bytes);
    if (!found) {
      return res.status(415).json(errorBody('Only JPEG, PNG or PDF files are accepted (the type is read from the file\'s content)', {
        code: 'FILE_TYPE_NOT_ALLOWED', field: 'file', allowed: DOCUMENT_TYPES.map((t) => t.type),
      }));
    }

    const date = new Date().toISOString().slice(0, 10);
    const service = new FilesService({ schema: req.schema, accountability: { ...req.accountability, admin: true } });
    const id = await service.uploadOne(Readable.from(file.bytes), {
      folder: ids.precheckinFolder,
      type: found.type,
      title: `${KIND_TITLES[kind]} ${date}`,
      filename_download: `${kind}-${date}.${found.extension}`,
      description: null,
      tags: [kind === 'license' ? 'precheckin-license' : 'precheckin-id'],
    });
    return res.status(201).json({ data: { id, type: found.type, filesize: file.size } });
  }));
}
