import QRCode, { type QRCodeMaskPattern } from 'qrcode';
import { type GrayImage, readQrPass } from './qr-reader';

/**
 * How a code for the counter is drawn (the renter's code in the pre-check-in e-mail and on its thanks page,
 * features/precheckin): so that its reader (qr-reader.ts) reads it at once.
 */

const ERROR_CORRECTION = 'M';
/** The quiet zone the QR standard asks around a code: 4 modules. */
const QUIET_ZONE_MODULES = 4;
const MASKS: readonly QRCodeMaskPattern[] = [0, 1, 2, 3, 4, 5, 6, 7];

/** A code's modules drawn in grey levels as the qrcode library draws its PNG: black and white, `scale` pixels a module. */
function drawnCode(text: string, maskPattern: QRCodeMaskPattern, scale: number): GrayImage {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION, maskPattern });
  const side = (modules.size + 2 * QUIET_ZONE_MODULES) * scale;
  const data = new Uint8ClampedArray(side * side).fill(255);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1) {
        const start = ((row + QUIET_ZONE_MODULES) * scale + y) * side + (col + QUIET_ZONE_MODULES) * scale;
        data.fill(0, start, start + scale);
      }
    }
  }
  return { data, width: side, height: side };
}

/**
 * The qrcode library's options for a counter code, drawn `scale` whole pixels a module: error correction M, the 4-module
 * quiet zone, and its mask. A QR code may use any of eight masks (patterns that vary its modules); the library picks
 * the one the standard's penalty rules rate best. For about one text in fifty that mask makes a pattern the counter's
 * reader takes for a corner square; then the first other mask whose drawing it reads as it is is used (any mask reads
 * in any QR reader).
 */
export function counterCodeOptions(text: string, scale: number) {
  const chosen = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION }).maskPattern ?? 0;
  let maskPattern = chosen;
  for (const mask of [chosen, ...MASKS.filter((other) => other !== chosen)]) {
    if (readQrPass(drawnCode(text, mask, scale), 'as-is') === text) {
      maskPattern = mask;
      break;
    }
  }
  return { errorCorrectionLevel: ERROR_CORRECTION, margin: QUIET_ZONE_MODULES, maskPattern } as const;
}
