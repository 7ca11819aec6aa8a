// POST /precheckin-documents: a renter's licence or id scan, stored where only staff can read it
// (docs/content-model.md, "Pre-check-in documents").
//
// multipart/form-data with a text field `kind` (`license` | `id`) and one file field `file`. The file is read into
// memory up to the domain's MAX_DOCUMENT_BYTES and no further (past it the request is answered 413 at once, the rest of
// the body is thrown away as it arrives, up to a bound, and the connection closed); its type is taken from its first
// bytes (JPEG, PNG or PDF), never from the declared type or the name, so a text file named `scan.pdf` or an executable
// named `licence.jpg` is refused (the reading and these checks are shared/uploads.ts). Only a file that passed every
// check is written, through Directus' FilesService, into the private folder "Pre-check-in documents", with a neutral
// title and download name (kind + date, the extension of the type found): nothing the renter named it is kept.
//
// The storefront has no permission on directus_files but the public read (which excludes that folder), so the file is
// written with the caller's identity (uploaded_by, the activity log) but the endpoint's own rights, into that folder
// only: the same pattern as POST /payments-ledger. Only administrators and the Storefront policy may call it.
import { Readable } from 'node:stream';
import { DOCUMENT_KINDS, DOCUMENT_TYPES, isDocumentKind, MAX_DOCUMENT_BYTES, type DocumentKind } from '@rentacar/domain/precheckin';
import { defineEndpoint } from '../../shared/define';
import { ids, withEndpointRights } from '../../shared/directus';
import { endpointKit, invalid } from '../../shared/endpoint';
import { createUpload, datedUpload } from '../../shared/uploads';

const KIND_TITLES: Record<DocumentKind, string> = { license: 'Driver licence', id: 'Id or passport' };
const KIND_TAGS: Record<DocumentKind, string> = { license: 'precheckin-license', id: 'precheckin-id' };

const documentUpload = createUpload({
  fileField: 'file', fileLabel: 'the document', textFields: ['kind'], maxBytes: MAX_DOCUMENT_BYTES, types: DOCUMENT_TYPES,
  limits: { fields: 4, parts: 5, fieldSize: 1024 },
});

export default defineEndpoint({
  id: 'precheckin-documents',
  handler: (router, { services, database, logger }) => {
    const { FilesService } = services;
    const { handle, onlyStorefront } = endpointKit({ id: 'precheckin-documents', database, logger });

    router.use(onlyStorefront);

    router.post('/', handle(async (req, res) => {
      const received = await documentUpload.receive(req, res);
      if (!received) return undefined;
      const { fields, file } = received;
      const kind = fields.kind;
      if (!isDocumentKind(kind)) return invalid(res, 'kind', `"kind" must be one of ${DOCUMENT_KINDS.join(', ')}`);
      const found = documentUpload.checkFile(res, file);
      if (!found || !file) return undefined;

      const service = new FilesService({ schema: req.schema, accountability: withEndpointRights(req.accountability) });
      const id = await service.uploadOne(Readable.from(file.bytes), datedUpload({
        folder: ids.precheckinFolder, file: found, title: KIND_TITLES[kind], stem: kind, tag: KIND_TAGS[kind],
      }));
      return res.status(201).json({ data: { id, type: found.type, filesize: file.size } });
    }));
  },
});
