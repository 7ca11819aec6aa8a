'use client';

import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { buttonClass } from '@/shared/forms';
import { getPathname } from '@/i18n/navigation';
import { localeOrDefault } from '@/i18n/routing';
import { counterReservationPath } from '../counter-routes';
import { numberFromScan } from '../scan-text';

/** The browser's own barcode reader (Chrome on Android and macOS, Safari): not in TypeScript's DOM types yet. */
interface BarcodeDetectorLike {
  detect(source: ImageBitmapSource): Promise<Array<{ rawValue: string }>>;
}
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
};

async function nativeDetector(): Promise<BarcodeDetectorLike | undefined> {
  const Detector = (window as Window & { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : undefined;
  } catch {
    return undefined;
  }
}

/** The storefront's own reader (zxing, qr-reader.ts), loaded only when the browser has no reader of its own. */
function zxingReader() {
  return import('../qr-reader');
}

/** A phone camera's photo is drawn at most this wide or high for zxing: plenty for a QR code, quick to scan. */
const MAX_PHOTO_SIDE = 1600;
/** A camera frame is read at most this often by zxing (a reading takes a moment on a phone). */
const FRAME_INTERVAL_MS = 120;

/** The pixels of an image or a video frame, drawn at most `maxSide` wide or high, as grey levels for the reader. */
async function grayPixels(source: CanvasImageSource, width: number, height: number, maxSide: number, canvas = document.createElement('canvas')) {
  const scale = Math.min(1, maxSide / Math.max(width, height, 1));
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  const { grayOf } = await zxingReader();
  return grayOf(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
}

/**
 * What a photo of a QR code says, read by the browser's reader or by zxing (each way it has: as it is, at half the
 * size, upside down); null when no code is found. The photo is read in memory (createImageBitmap, a canvas), never
 * loaded as an image address: the page's Content-Security-Policy allows no `blob:` images.
 */
export async function decodeImage(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    const native = await nativeDetector();
    if (native) {
      const [code] = await native.detect(bitmap).catch(() => []);
      if (code) return code.rawValue;
    }
    const pixels = await grayPixels(bitmap, bitmap.width, bitmap.height, MAX_PHOTO_SIDE);
    return pixels ? (await zxingReader()).readQr(pixels) : null;
  } finally {
    bitmap.close();
  }
}

type Problem = 'cameraRefused' | 'cameraMissing' | 'cameraUnavailable' | 'cameraFailed' | 'noCode' | 'notANumber';

function cameraProblem(error: unknown): Problem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'cameraRefused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError') return 'cameraMissing';
  return 'cameraFailed';
}

/**
 * The QR code scanner of the counter: the camera (started only by the button; the browser's `BarcodeDetector` where
 * there is one, the storefront's zxing reader elsewhere: qr-reader.ts) or a photo of the code (the fallback when the
 * camera is refused or absent). What it reads goes through `numberFromScan`; a reservation number opens its page.
 * Results and problems are announced in a live region. The camera needs the page's Permissions-Policy to allow it:
 * the counter's pages send `camera=(self)` (lib/response-headers.ts).
 */
export function QrScanner() {
  const t = useTranslations('counter.scan');
  const locale = localeOrDefault(useLocale());
  const router = useRouter();
  const video = useRef<HTMLVideoElement>(null);
  const stopCamera = useRef<(() => void) | undefined>(undefined);
  const [running, setRunning] = useState(false);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<Problem>();

  useEffect(() => () => stopCamera.current?.(), []);

  const stop = () => {
    stopCamera.current?.();
    stopCamera.current = undefined;
    setRunning(false);
  };

  /** Opens the reservation a scan names; false when it names none (said in the alert). */
  const found = (text: string): boolean => {
    const number = numberFromScan(text);
    if (number === null) {
      setProblem('notANumber');
      setStatus('');
      return false;
    }
    stop();
    setProblem(undefined);
    setStatus(t('found', { number }));
    router.push(getPathname({ href: counterReservationPath(number), locale }));
    return true;
  };

  const start = async () => {
    setProblem(undefined);
    setStatus('');
    const element = video.current;
    if (!element || !navigator.mediaDevices?.getUserMedia) {
      setProblem('cameraUnavailable');
      return;
    }
    try {
      const native = await nativeDetector();
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      let active = true;
      stopCamera.current = () => {
        active = false;
        for (const track of stream.getTracks()) track.stop();
        element.srcObject = null;
      };
      element.srcObject = stream;
      await element.play();
      const reader = native ? undefined : await zxingReader();
      const canvas = document.createElement('canvas');
      let frame = 0;
      let last = 0;
      // Each frame is read one way: the browser's reader, else zxing's ways in turn (as it is, half the size, upside
      // down), so a code one way misses is read on one of the next frames, and no frame costs all three.
      const readFrame = async (): Promise<string | null> => {
        if (native) return (await native.detect(element).catch(() => []))[0]?.rawValue ?? null;
        if (!reader || element.videoWidth === 0) return null;
        const pass = reader.READ_PASSES[frame % reader.READ_PASSES.length] ?? 'as-is';
        frame += 1;
        const pixels = await grayPixels(element, element.videoWidth, element.videoHeight, MAX_PHOTO_SIDE, canvas);
        return pixels ? reader.readQrPass(pixels, pass) : null;
      };
      const look = async (now: number) => {
        if (!active) return;
        if (native || now - last >= FRAME_INTERVAL_MS) {
          last = now;
          const text = await readFrame();
          if (!active) return;
          // A code without a reservation number is said, and the camera keeps looking.
          if (text !== null && found(text)) return;
        }
        requestAnimationFrame((time) => void look(time));
      };
      requestAnimationFrame((time) => void look(time));
      setRunning(true);
      setStatus(t('scanning'));
    } catch (error) {
      stop();
      setProblem(cameraProblem(error));
    }
  };

  const readPhoto = async (file: File | undefined) => {
    if (!file) return;
    setProblem(undefined);
    setStatus(t('reading'));
    const text = await decodeImage(file);
    if (text === null) {
      setStatus('');
      setProblem('noCode');
      return;
    }
    found(text);
  };

  return (
    <section aria-labelledby="counter-scan-title" className="space-y-3">
      <h2 id="counter-scan-title" className="text-lg font-semibold text-slate-900">
        {t('title')}
      </h2>
      <div className="flex flex-wrap gap-3">
        {running ? (
          <button type="button" className={buttonClass('secondary')} onClick={stop}>
            {t('stop')}
          </button>
        ) : (
          <button type="button" className={buttonClass('primary')} onClick={() => void start()}>
            {t('start')}
          </button>
        )}
      </div>
      {/* Muted and inline: a phone shows the camera in the page, not full screen. */}
      <video ref={video} muted playsInline aria-label={t('preview')} className={running ? 'w-full max-w-md rounded-lg bg-black' : 'hidden'} />
      <div>
        <label htmlFor="counter-scan-photo" className="block text-sm font-semibold text-slate-800">
          {t('photo')}
        </label>
        <input
          id="counter-scan-photo"
          type="file"
          accept="image/*"
          capture="environment"
          aria-describedby="counter-scan-photo-hint"
          className="mt-1 block w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-4 file:font-semibold"
          onChange={(event) => {
            void readPhoto(event.currentTarget.files?.[0]);
            event.currentTarget.value = '';
          }}
        />
        <p id="counter-scan-photo-hint" className="mt-1 text-xs text-slate-600">
          {t('photoHint')}
        </p>
      </div>
      <p role="status" aria-live="polite" className="text-sm text-slate-700">
        {status}
      </p>
      <p role="alert" className="text-sm font-medium text-red-800">
        {problem ? t(`problems.${problem}`) : ''}
      </p>
    </section>
  );
}
