import 'server-only';
import QRCode from 'qrcode';

/**
 * The code the renter shows at the counter: a QR code that carries the reservation number and nothing else (no name,
 * no document), so a lost screenshot tells no more than the number printed beside it.
 */
const OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** For the thanks page: an SVG drawn on the server (no script, no request). */
export function counterCodeSvg(reservationNumber: string): Promise<string> {
  return QRCode.toString(reservationNumber, { ...OPTIONS, type: 'svg' });
}

/** For the email: a PNG, which every mail client shows (many drop SVG). */
export function counterCodePng(reservationNumber: string): Promise<Buffer> {
  return QRCode.toBuffer(reservationNumber, { ...OPTIONS, type: 'png', width: 240 });
}
