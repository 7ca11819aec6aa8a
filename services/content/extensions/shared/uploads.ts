// One file sent as multipart/form-data, checked before anything is stored: shared by POST /precheckin-documents and
// POST /job-applications.
//
// The file is read into memory up to the route's limit and no further: past it the request is answered 413 at once,
// the rest of the body is thrown away as it arrives (up to a bound, so a client still sending reads the answer rather
// than a reset connection) and the connection is closed. Its type is taken from its first bytes, never from the
// declared type or the name, so a text file named `scan.pdf` or an executable named `licence.jpg` is refused (415).
// The route checks its own text fields between `receive` and `checkFile`, and writes nothing until both passed.
import type { IncomingMessage } from 'node:http';
import { formatPanamaDate } from '@rentacar/domain/dates';
import type { File } from '@directus/types';
import Busboy from 'busboy';
import type { Request, Response } from 'express';
import { fileFields } from './directus';
import { errorBody, invalid, type Problem } from './endpoint';

export interface FileType {
  type: string;
  name: string;
  extension: string;
  magic: readonly number[];
}

// Signatures at offset 0: JPEG (SOI + a marker), PNG (its 8-byte signature), PDF (`%PDF-`).
export const FILE_TYPES = {
  'image/jpeg': { type: 'image/jpeg', name: 'JPEG', extension: 'jpg', magic: [0xff, 0xd8, 0xff] },
  'image/png': { type: 'image/png', name: 'PNG', extension: 'png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  'application/pdf': { type: 'application/pdf', name: 'PDF', extension: 'pdf', magic: [0x25, 0x50, 0x44, 0x46, 0x2d] },
} as const satisfies Record<string, FileType>;

export type KnownFileType = keyof typeof FILE_TYPES;

/** The type among `types` whose signature the bytes start with, or null. */
export function sniffType(bytes: Uint8Array, types: readonly FileType[]): FileType | null {
  return types.find(({ magic }) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b)) ?? null;
}

/** `"a", "b" and "c"` */
export function quotedList(names: readonly string[]): string {
  const quoted = names.map((name) => `"${name}"`);
  return quoted.length < 2 ? quoted.join('') : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1) ?? ''}`;
}

const orList = (words: readonly string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1) ?? ''}`);

/** Throws away what is left of the request body (at most `limit` more bytes, then the connection is cut). */
function discardRest(req: IncomingMessage, limit: number): void {
  let discarded = 0;
  req.on('data', (chunk: Buffer) => {
    discarded += chunk.length;
    if (discarded > limit) req.destroy();
  });
  req.resume();
}

export interface ReceivedFile {
  bytes: Buffer;
  size: number;
}

export interface ReadLimits {
  /** Busboy's limits on text fields, parts and a field's size. */
  fields: number;
  parts: number;
  fieldSize: number;
}

export interface ReadSpec {
  maxBytes: number;
  fileField: string;
  fileLabel: string;
  /** The field names the route takes, as messages list them. */
  expected: readonly string[];
  limits: ReadLimits;
}

export type ReadOutcome =
  | { fields: Record<string, string>; file: ReceivedFile | null; complete: boolean }
  | { tooLarge: true; complete: boolean }
  | { problem: Problem; complete: boolean };

/**
 * Reads the multipart body: { fields, file } once it is read whole, { tooLarge } as soon as the file passes `maxBytes`,
 * { problem } for a body that is not what the route takes. `complete` is false when it stopped before the end of the
 * request (the caller then closes the connection rather than read on).
 */
export function readUpload(req: IncomingMessage, { maxBytes, fileField, fileLabel, expected, limits }: ReadSpec): Promise<ReadOutcome> {
  return new Promise((resolve) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({
        headers: req.headers,
        defParamCharset: 'utf8',
        limits: { fileSize: maxBytes, files: 1, fields: limits.fields, parts: limits.parts, fieldSize: limits.fieldSize },
      });
    } catch {
      resolve({ problem: { field: null, message: 'The body must be multipart/form-data with a boundary' }, complete: false });
      return;
    }
    let settled = false;
    type Outcome = { fields: Record<string, string>; file: ReceivedFile | null } | { tooLarge: true } | { problem: Problem };
    const finish = (outcome: Outcome, complete = false) => {
      if (settled) return;
      settled = true;
      req.unpipe(busboy);
      resolve({ ...outcome, complete });
    };
    const fields: Record<string, string> = {};
    let file: ReceivedFile | null = null;
    let fileRead: Promise<void> = Promise.resolve();

    busboy.on('field', (name, value, info) => {
      if (info.valueTruncated) finish({ problem: { field: name, message: `"${name}" is too long` } });
      else fields[name] = value;
    });
    busboy.on('file', (name, stream) => {
      if (name !== fileField) {
        stream.resume();
        finish({ problem: { field: name, message: `Unknown file field "${name}": send ${fileLabel} as "${fileField}"` } });
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      fileRead = new Promise((done) => {
        stream.on('data', (chunk: Buffer) => {
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
    busboy.on('filesLimit', () => finish({ problem: { field: fileField, message: 'Send one file per request' } }));
    busboy.on('fieldsLimit', () => finish({ problem: { field: null, message: `Too many fields: send only ${quotedList(expected)}` } }));
    busboy.on('partsLimit', () => finish({ problem: { field: null, message: `Too many parts: send only ${quotedList(expected)}` } }));
    busboy.on('error', () => finish({ problem: { field: null, message: 'The multipart body is malformed' } }));
    busboy.on('close', () => {
      void fileRead.then(() => finish({ fields, file }, true));
    });
    req.on('error', () => finish({ problem: { field: null, message: 'The upload was interrupted' } }));
    req.pipe(busboy);
  });
}

export interface UploadSpec {
  /** The one file field. */
  fileField: string;
  /** How messages name the file: "the document". */
  fileLabel: string;
  /** The names of the text fields the route takes. */
  textFields: readonly string[];
  maxBytes: number;
  /** The types it accepts, as MIME types. */
  types: readonly KnownFileType[];
  limits: ReadLimits;
}

export interface Upload {
  maxBytes: number;
  expected: readonly string[];
  /**
   * { fields, file } once the body is read whole, well formed and with no text field the route does not take; null when
   * it has answered (400, 413).
   */
  receive(req: Request, res: Response): Promise<{ fields: Record<string, string>; file: ReceivedFile | null } | null>;
  /** The type found in the file's bytes; null when it has answered (missing 400, empty 400 FILE_EMPTY, 415). */
  checkFile(res: Response, file: ReceivedFile | null): FileType | null;
}

export interface DatedUploadSpec {
  folder: string;
  /** The type found in the file's bytes (its extension names the file, whatever the sender called it). */
  file: FileType;
  /** The title before the date: "CV". */
  title: string;
  /** The download name before the date: "cv". */
  stem: string;
  tag: string;
}

/**
 * What FilesService stores about an accepted upload: a neutral name, dated by the Panama day it arrived ("CV
 * 2029-12-31", "cv-2029-12-31.pdf"), as staff count days. The name the sender's device gave is never kept: it may
 * carry their name, and its extension may not match the content.
 */
export function datedUpload({ folder, file, title, stem, tag }: DatedUploadSpec, received: Date = new Date()): Partial<File> {
  const date = formatPanamaDate(received);
  return fileFields({ folder, type: file.type, title: `${title} ${date}`, filename_download: `${stem}-${date}.${file.extension}`, description: null, tags: [tag] });
}

/** A route's upload, answering its refusals on `res`. */
export function createUpload(spec: UploadSpec): Upload {
  const { fileField, fileLabel, textFields, maxBytes, limits } = spec;
  const types: FileType[] = spec.types.map((type) => FILE_TYPES[type]);
  const expected = [...textFields, fileField];
  const readSpec: ReadSpec = { maxBytes, fileField, fileLabel, expected, limits };
  // After a refusal the rest of the request is thrown away as it arrives (never kept); past this many more bytes the
  // connection is cut instead.
  const discardLimit = 4 * maxBytes;
  const FileLabel = fileLabel.charAt(0).toUpperCase() + fileLabel.slice(1);

  return {
    maxBytes,
    expected,

    async receive(req, res) {
      if (!req.is('multipart/form-data')) {
        invalid(res, null, `The body must be multipart/form-data with the fields ${quotedList(expected)}`);
        return null;
      }
      const upload = await readUpload(req, readSpec);
      // The connection stays open while the rest is thrown away: closing it at once ("Connection: close") made a client
      // still sending a big file see a broken pipe instead of the answer, on a busy machine.
      if (!upload.complete) discardRest(req, discardLimit);
      if ('tooLarge' in upload) {
        res.status(413).json(errorBody(`The file is larger than ${maxBytes / (1024 * 1024)} MB`, {
          code: 'FILE_TOO_LARGE', field: fileField, max_bytes: maxBytes,
        }));
        return null;
      }
      if ('problem' in upload) {
        invalid(res, upload.problem.field, upload.problem.message);
        return null;
      }
      const unknown = Object.keys(upload.fields).find((name) => !textFields.includes(name));
      if (unknown) {
        invalid(res, unknown, `Unknown field "${unknown}": send only ${quotedList(expected)}`);
        return null;
      }
      return { fields: upload.fields, file: upload.file };
    },

    checkFile(res, file) {
      if (!file) {
        invalid(res, fileField, `${FileLabel} is missing: send it in the file field "${fileField}"`);
        return null;
      }
      if (file.size === 0) {
        res.status(400).json(errorBody('The file is empty', { code: 'FILE_EMPTY', field: fileField }));
        return null;
      }
      const found = sniffType(file.bytes, types);
      if (!found) {
        res.status(415).json(errorBody(`Only ${orList(types.map((t) => t.name))} files are accepted (the type is read from the file's content)`, {
          code: 'FILE_TYPE_NOT_ALLOWED', field: fileField, allowed: types.map((t) => t.type),
        }));
        return null;
      }
      return found;
    },
  };
}
