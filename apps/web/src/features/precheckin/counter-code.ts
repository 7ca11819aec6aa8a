import 'server-only';
import QRCode from 'qrcode';
import { counterCodeOptions } from '@/features/counter';

/**
 * The code the renter shows at the counter: a QR code that carries the reservation number and nothing else (no name,
 * no document), so a lost screenshot tells no more than the number printed beside it.
 *
 * Drawn so that photos and screenshots of it read: each module a whole number of pixels (a module 9.6 px wide, drawn
 * 9 or 10 px, made the counter's reader fail on about one code in ten), with the 4-module quiet zone the QR standard
 * asks, and a mask the counter's reader reads (features/counter, counterCodeOptions).
 */

/** The size of a module where the code is shown, in CSS pixels: a reservation number's code (21 modules) is 232 px. */
export const MODULE_CSS_PX = 8;
/**
 * The e-mail's PNG has two pixels for each CSS pixel it is shown at: sharp on a phone's or a laptop's dense screen, and
 * halved exactly (each module 8 pixels) on another. The e-mail gives the image its size, so no client resamples it
 * to some other size.
 */
export const PNG_PIXELS_PER_CSS_PX = 2;
const PNG_MODULE_PX = MODULE_CSS_PX * PNG_PIXELS_PER_CSS_PX;

/** For the thanks page: an SVG drawn on the server (no script, no request), the same code as the e-mail's. */
export function counterCodeSvg(reservationNumber: string): Promise<string> {
  return QRCode.toString(reservationNumber, { ...counterCodeOptions(reservationNumber, PNG_MODULE_PX), type: 'svg' });
}

/** The e-mail's image: a PNG, and the size (CSS pixels, square) to show it at. */
export type CounterCodeImage = { png: Buffer; size: number };

/** For the email: a PNG, which every mail client shows (many drop SVG), with the size the e-mail gives it. */
export async function counterCodePng(reservationNumber: string): Promise<CounterCodeImage> {
  const png = await QRCode.toBuffer(reservationNumber, { ...counterCodeOptions(reservationNumber, PNG_MODULE_PX), type: 'png', scale: PNG_MODULE_PX });
  // A PNG's width is the big-endian number at byte 16 (in its IHDR chunk).
  return { png, size: png.readUInt32BE(16) / PNG_PIXELS_PER_CSS_PX };
}
