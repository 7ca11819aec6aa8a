import { BinaryBitmap, DecodeHintType, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';

/**
 * The counter's QR code reader (zxing), for the camera's frames and photos where the browser has no reader of its
 * own, and for the storefront's check that the code it e-mails reads (features/precheckin, counter-code.ts). It runs
 * on grey levels, so the same code runs in a browser (a canvas) and in Node.
 */

/** An image in grey levels, one byte a pixel (0 black, 255 white), row after row. */
export type GrayImage = { data: Uint8ClampedArray; width: number; height: number };

/**
 * The grey levels of RGBA pixels (a canvas's ImageData, a decoded PNG), as zxing's canvas reader weighs them; a
 * transparent pixel is white (a code drawn on a transparent background).
 */
export function grayOf(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): GrayImage {
  const data = new Uint8ClampedArray(width * height);
  for (let i = 0, j = 0; j < data.length; i += 4, j += 1) {
    data[j] = rgba[i + 3] === 0 ? 255 : (306 * (rgba[i] ?? 0) + 601 * (rgba[i + 1] ?? 0) + 117 * (rgba[i + 2] ?? 0) + 0x200) >> 10;
  }
  return { data, width, height };
}

/** Half the size: each pixel the mean of a square of four. */
function halved({ data, width, height }: GrayImage): GrayImage {
  const w = width >> 1;
  const h = height >> 1;
  const out = new Uint8ClampedArray(w * h);
  for (let y = 0; y < h; y += 1) {
    const top = 2 * y * width;
    const bottom = top + width;
    for (let x = 0; x < w; x += 1) {
      out[y * w + x] = ((data[top + 2 * x] ?? 0) + (data[top + 2 * x + 1] ?? 0) + (data[bottom + 2 * x] ?? 0) + (data[bottom + 2 * x + 1] ?? 0) + 2) >> 2;
    }
  }
  return { data: out, width: w, height: h };
}

/** Upside down. */
function turned({ data, width, height }: GrayImage): GrayImage {
  return { data: data.slice().reverse(), width, height };
}

/**
 * The ways a picture is read, in order. zxing looks for the code's three corner squares row by row and stops at the
 * first three it is sure of; now and then the code's own modules draw a fourth square-like pattern, met before a real
 * corner, and the reading fails (about one code in ten drawn 9.6 px a module, one in sixty drawn at whole pixels). Read
 * at half the size, or upside down, the patterns are met in another order or blur away, and the code reads.
 */
export const READ_PASSES = ['as-is', 'half-size', 'upside-down'] as const;
export type ReadPass = (typeof READ_PASSES)[number];

// Its own options: look harder (every row, and more candidate corners) than zxing's quick default.
const HINTS = new Map<DecodeHintType, unknown>([[DecodeHintType.TRY_HARDER, true]]);
const MIN_SIDE = 21;

/** The text of the QR code in an image read one way, or null when none is found that way. */
export function readQrPass(image: GrayImage, pass: ReadPass): string | null {
  const source = pass === 'half-size' ? halved(image) : pass === 'upside-down' ? turned(image) : image;
  if (source.width < MIN_SIDE || source.height < MIN_SIDE) return null;
  try {
    const bitmap = new BinaryBitmap(new HybridBinarizer(new RGBLuminanceSource(source.data, source.width, source.height)));
    return new QRCodeReader().decode(bitmap, HINTS).getText();
  } catch {
    return null;
  }
}

/** The text of the QR code in an image, trying each way in turn; null when none reads it. */
export function readQr(image: GrayImage): string | null {
  for (const pass of READ_PASSES) {
    const text = readQrPass(image, pass);
    if (text !== null) return text;
  }
  return null;
}
