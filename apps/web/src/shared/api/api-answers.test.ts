import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { bodyChunks, JSON_BODY_LIMIT_BYTES, parseBody, readJsonBody } from './api-answers';

describe('reading a JSON body', () => {
  it('cuts a body off past its limit, so an oversized one is refused as unreadable rather than held in memory', async () => {
    const big = `{"a":"${'x'.repeat(JSON_BODY_LIMIT_BYTES)}"}`;
    await expect(readJsonBody(Readable.from([Buffer.from(big.slice(0, 10)), big.slice(10)]))).rejects.toThrow(SyntaxError);
    const fits = `{"a":"${'x'.repeat(JSON_BODY_LIMIT_BYTES - 10)}"}`;
    await expect(readJsonBody(Readable.from([Buffer.from(fits)]))).resolves.toEqual({ a: 'x'.repeat(JSON_BODY_LIMIT_BYTES - 10) });
  });

  it('reads it as Request.json() does: UTF-8, a byte-order mark ignored, anything else refused', async () => {
    await expect(readJsonBody(Readable.from([Buffer.from('\uFEFF{"car_id":"'), Buffer.from('ñ"}')]))).resolves.toEqual({ car_id: 'ñ' });
    await expect(readJsonBody(Readable.from([]))).rejects.toThrow(SyntaxError);
    await expect(readJsonBody(Readable.from(['{"car_id": ']))).rejects.toThrow(SyntaxError);
  });

  it('refuses a body whose stream fails or closes before its end, and reads chunks from any async source alike', async () => {
    const failing = new Readable({ read() {} });
    const reading = readJsonBody(failing);
    failing.push('{"car_id":');
    failing.destroy(new Error('connection reset'));
    await expect(reading).rejects.toThrow('connection reset');

    const cut = new Readable({ read() {} });
    const cutReading = readJsonBody(cut);
    cut.push('{"car_id":');
    cut.destroy();
    await expect(cutReading).rejects.toThrow(/closed before it ended/);
    await expect(readJsonBody(cut)).rejects.toThrow(/closed before it was read/);

    // Chunks as an async source that is not a Node stream (a counted or transformed body).
    async function* chunks(parts: Array<Buffer | string>) {
      for (const part of parts) yield await Promise.resolve(part);
    }
    await expect(readJsonBody(chunks([Buffer.from('{"car_id":'), '"ñ"}']))).resolves.toEqual({ car_id: 'ñ' });
    await expect(readJsonBody(chunks(['{"a":"', 'x'.repeat(JSON_BODY_LIMIT_BYTES), '"}']))).rejects.toThrow(SyntaxError);
  });

  it('reads a web request’s body the same way, and answers 400 or 422 in the caller’s language', async () => {
    const request = (body: string) => new Request('http://127.0.0.1/api/quote', { method: 'POST', body });
    await expect(readJsonBody(bodyChunks(request('{"days":3}')))).resolves.toEqual({ days: 3 });
    const schema = z.object({ days: z.number() });
    const notJson = await parseBody(request('{'), schema, 'en');
    expect(!notJson.ok && notJson.response.status).toBe(400);
    const missing = await parseBody(request('{}'), schema, 'en');
    expect(!missing.ok && (await missing.response.json())).toEqual({ errors: [{ field: 'days', code: 'required', message: 'This field is required' }] });
    const right = await parseBody(request('{"days":3}'), schema, 'es');
    expect(right).toEqual({ ok: true, value: { days: 3 } });
  });
});
