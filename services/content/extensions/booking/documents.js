// POST /booking/precheckin-documents: a renter's licence or id scan, stored where only staff can read it
// (docs/content-model.md, "Pre-check-in documents").
//
// multipart/form-data with a text field `kind` (`license` | `id`) and one file field `file`. The file is read into
// memory up to MAX_DOCUMENT_BYTES and no further (past it the request is answered 413 at once, the rest of the body is
// thrown away as it arrives, up to a bound, and the connection closed); its type is taken from its first bytes (JPEG,
// PNG or PDF), never from the declared type or the name, so a text file named `scan.pdf` or an executable named
// `licence.jpg` is refused (the reading and these checks are uploads.js, shared with job-applications.js). Only a file
// that passed every check is written, through Directus' FilesService, into the private folder "Pre-check-in documents",
// with a neutral title and download name (kind + date, the extension of the type found): nothing the renter named it
// is kept.
//
// The storefront has no permission on directus_files but the public read (which excludes that folder), so the file is
// written with the caller's identity (uploaded_by, the activity log) but the endpoint's own rights, into that folder
// only: the same pattern as POST /booking/payments.
import { Readable } from 'node:stream';
import { ids } from '../../schema/access.mjs';
import { createUpload, FILE_TYPES, sniffType } from './uploads.js';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_KINDS = ['license', 'id'];
const KIND_TITLES = { license: 'Driver licence', id: 'Id or passport' };

export const DOCUMENT_TYPES = [FILE_TYPES.jpeg, FILE_TYPES.png, FILE_TYPES.pdf];

/** The allowed type whose signature the bytes start with, or null. */
export function sniffDocumentType(bytes) {
  return sniffType(bytes, DOCUMENT_TYPES);
}

export function documentRoutes(router, { FilesService, handle, errorBody, invalid }) {
  const upload = createUpload({
    fileField: 'file', fileLabel: 'the document', textFields: ['kind'], maxBytes: MAX_DOCUMENT_BYTES, types: DOCUMENT_TYPES,
    limits: { fields: 4, parts: 5, fieldSize: 1024 },
  }, { errorBody, invalid });

  router.post('/precheckin-documents', handle(async (req, res) => {
    const received = await upload.receive(req, res);
    if (!received) return undefined;
    const { fields, file } = received;
    if (!upload.onlyKnownFields(res, fields)) return undefined;
    const kind = fields.kind;
    if (!DOCUMENT_KINDS.includes(kind)) return invalid(res, 'kind', `"kind" must be one of ${DOCUMENT_KINDS.join(', ')}`);
    const found = upload.checkFile(res, file);
    if (!found) return undefined;

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
