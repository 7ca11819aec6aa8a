import { PassThrough } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { datedUpload, FILE_TYPES, quotedList, readUpload, sniffType, type ReadSpec } from './uploads';

const BOUNDARY = 'test-boundary';
const PDF = Buffer.from('%PDF-1.7\n%test\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

type Part = { name: string; value: string } | { name: string; file: Buffer; filename?: string };

/** A multipart body of `parts`, as a request stream with its headers. */
function request(parts: Part[], { contentType = `multipart/form-data; boundary=${BOUNDARY}` } = {}): IncomingMessage {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = 'file' in part
      ? `form-data; name="${part.name}"; filename="${part.filename ?? 'upload.bin'}"\r\nContent-Type: application/octet-stream`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push('file' in part ? part.file : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  const stream = new PassThrough();
  stream.end(Buffer.concat(chunks));
  return Object.assign(stream, { headers: { 'content-type': contentType } }) as unknown as IncomingMessage;
}

const spec: ReadSpec = {
  maxBytes: 64, fileField: 'file', fileLabel: 'the document', expected: ['kind', 'file'], limits: { fields: 2, parts: 3, fieldSize: 16 },
};

describe('reading one uploaded file', () => {
  it('gives the text fields and the whole file', async () => {
    const outcome = await readUpload(request([{ name: 'kind', value: 'license' }, { name: 'file', file: PDF }]), spec);
    expect(outcome).toMatchObject({ fields: { kind: 'license' }, file: { size: PDF.length }, complete: true });
    expect('file' in outcome && outcome.file?.bytes.equals(PDF)).toBe(true);
  });

  it('stops at the size limit, before the end of the request', async () => {
    const outcome = await readUpload(request([{ name: 'file', file: Buffer.alloc(65, 1) }]), spec);
    expect(outcome).toEqual({ tooLarge: true, complete: false });
  });

  it('names what is wrong with the body', async () => {
    expect(await readUpload(request([{ name: 'scan', file: PDF }]), spec)).toMatchObject({
      problem: { field: 'scan', message: 'Unknown file field "scan": send the document as "file"' },
    });
    expect(await readUpload(request([{ name: 'kind', value: 'x'.repeat(17) }]), spec)).toMatchObject({
      problem: { field: 'kind', message: '"kind" is too long' },
    });
    expect(await readUpload(request([{ name: 'a', value: '1' }, { name: 'b', value: '2' }, { name: 'c', value: '3' }]), spec)).toMatchObject({
      problem: { field: null, message: 'Too many fields: send only "kind" and "file"' },
    });
    expect(await readUpload(request([{ name: 'file', file: PDF }, { name: 'file', file: PDF }]), spec)).toMatchObject({
      problem: { field: 'file', message: 'Send one file per request' },
    });
    expect(await readUpload(request([], { contentType: 'multipart/form-data' }), spec)).toEqual({
      problem: { field: null, message: 'The body must be multipart/form-data with a boundary' }, complete: false,
    });
  });

  it('gives no file when none was sent', async () => {
    expect(await readUpload(request([{ name: 'kind', value: 'id' }]), spec)).toEqual({ fields: { kind: 'id' }, file: null, complete: true });
  });
});

describe('file types', () => {
  it('are told from the first bytes, among the allowed ones only', () => {
    const documents = [FILE_TYPES['image/jpeg'], FILE_TYPES['image/png'], FILE_TYPES['application/pdf']];
    expect(sniffType(PDF, documents)?.type).toBe('application/pdf');
    expect(sniffType(PNG, documents)?.extension).toBe('png');
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]), documents)?.name).toBe('JPEG');
    expect(sniffType(PNG, [FILE_TYPES['application/pdf']])).toBeNull();
    expect(sniffType(Buffer.from('%PD'), documents)).toBeNull();
    expect(sniffType(Buffer.from('just text named scan.pdf'), documents)).toBeNull();
  });

  it('list field names as messages say them', () => {
    expect(quotedList(['cv'])).toBe('"cv"');
    expect(quotedList(['job', 'name', 'cv'])).toBe('"job", "name" and "cv"');
  });
});

describe('a dated upload\'s name', () => {
  const cv = { folder: 'job-applications-folder', file: FILE_TYPES['application/pdf'], title: 'CV', stem: 'cv', tag: 'job-application-cv' };

  it('is neutral: the title, the stem and the extension of the type found, with the tag', () => {
    expect(datedUpload(cv, new Date('2030-06-15T12:00:00Z'))).toEqual({
      folder: 'job-applications-folder', type: 'application/pdf', title: 'CV 2030-06-15', filename_download: 'cv-2030-06-15.pdf',
      description: null, tags: ['job-application-cv'],
    });
  });

  it('is dated by the Panama day (UTC-5), not UTC\'s', () => {
    // 03:00 UTC on New Year's Day is still 22:00 on New Year's Eve in Panama.
    expect(datedUpload(cv, new Date('2030-01-01T03:00:00Z'))).toMatchObject({ title: 'CV 2029-12-31', filename_download: 'cv-2029-12-31.pdf' });
    expect(datedUpload(cv, new Date('2030-01-01T04:59:59Z'))).toMatchObject({ title: 'CV 2029-12-31' });
    expect(datedUpload(cv, new Date('2030-01-01T05:00:00Z'))).toMatchObject({ title: 'CV 2030-01-01', filename_download: 'cv-2030-01-01.pdf' });
  });
});
