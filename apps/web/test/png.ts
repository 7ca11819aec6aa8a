import { inflateSync } from 'node:zlib';

/** A PNG's pixels, RGBA row after row. */
export type DecodedPng = { width: number; height: number; rgba: Uint8Array };

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/**
 * Reads a PNG as a browser does before drawing it, for tests that look at an image the storefront draws: 8-bit grey,
 * grey and alpha, RGB or RGBA, not interlaced, no palette (what the qrcode library writes). Anything else throws.
 */
export function decodePng(file: Buffer): DecodedPng {
  if (file.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      channels = CHANNELS[body[9] ?? -1] ?? 0;
      if (body[8] !== 8 || channels === 0 || body[12] !== 0) throw new Error('unsupported PNG');
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x += 1) {
      const value = raw[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= channels ? (pixels[y * stride + x - channels] ?? 0) : 0;
      const up = y > 0 ? (pixels[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= channels && y > 0 ? (pixels[(y - 1) * stride + x - channels] ?? 0) : 0;
      const predicted = filter === 0 ? 0 : filter === 1 ? left : filter === 2 ? up : filter === 3 ? (left + up) >> 1 : filter === 4 ? paeth(left, up, upLeft) : NaN;
      if (Number.isNaN(predicted)) throw new Error(`unknown PNG filter ${filter}`);
      pixels[y * stride + x] = (value + predicted) & 0xff;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const p = pixels.subarray(i * channels, i * channels + channels);
    const grey = channels <= 2;
    rgba[i * 4] = p[0] ?? 0;
    rgba[i * 4 + 1] = grey ? (p[0] ?? 0) : (p[1] ?? 0);
    rgba[i * 4 + 2] = grey ? (p[0] ?? 0) : (p[2] ?? 0);
    rgba[i * 4 + 3] = channels === 4 ? (p[3] ?? 0) : channels === 2 ? (p[1] ?? 0) : 255;
  }
  return { width, height, rgba };
}
