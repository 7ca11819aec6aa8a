import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage } from '../../../../test/render-in-language';

const push = vi.fn<(href: string) => void>();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

// The storefront's zxing reader stands in for a photo's or frame's decoding (jsdom draws no image): what the picture
// "says" is set per test.
const readQr = vi.fn<(image: unknown) => string | null>();
const readQrPass = vi.fn<(image: unknown, pass: string) => string | null>();
vi.mock('../qr-reader', () => ({
  READ_PASSES: ['as-is', 'half-size', 'upside-down'],
  grayOf: (data: unknown, width: number, height: number) => ({ data, width, height }),
  readQr,
  readQrPass,
}));

const { QrScanner } = await import('./qr-scanner');

const photo = () => new File([new Uint8Array([137, 80, 78, 71])], 'qr.png', { type: 'image/png' });

beforeEach(() => {
  push.mockReset();
  readQr.mockReset();
  readQrPass.mockReset();
  vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.resolve({ width: 240, height: 240, close: vi.fn() })));
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(() => callback(performance.now() + 1000), 1));
  const context = { drawImage: vi.fn(), getImageData: (x: number, y: number, width: number, height: number) => ({ data: new Uint8ClampedArray(width * height * 4) }) };
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(context as unknown as CanvasRenderingContext2D);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('the counter\'s QR scanner', () => {
  it('opens the reservation of a photo\'s QR code, in the page\'s language, and says so', async () => {
    readQr.mockReturnValue('FF-7K3M9Q');
    const { user } = renderInLanguage('en', <QrScanner />);
    await user.upload(screen.getByLabelText(catalogues.en.counter.scan.photo), photo());
    await waitFor(() => expect(push).toHaveBeenCalledWith('/en/mostrador/FF-7K3M9Q'));
    expect(screen.getByRole('status')).toHaveTextContent('Reservation FF-7K3M9Q found');
  });

  it('reads a number inside an address, and refuses a code or photo without one, with a message', async () => {
    readQr.mockReturnValueOnce('https://firefly.test/mi-reserva?numero=ff-7k3m9q');
    const { user } = renderInLanguage('es', <QrScanner />);
    const input = screen.getByLabelText(catalogues.es.counter.scan.photo);
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    await user.upload(input, photo());
    await waitFor(() => expect(push).toHaveBeenCalledWith('/mostrador/FF-7K3M9Q'));
    readQr.mockReturnValueOnce('WIFI:S:tienda;;');
    await user.upload(input, photo());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(catalogues.es.counter.scan.problems.notANumber));
    readQr.mockReturnValueOnce(null);
    await user.upload(input, photo());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(catalogues.es.counter.scan.problems.noCode));
    expect(push).toHaveBeenCalledTimes(1);
  });

  it('starts the camera only when asked, and says what to do when its use is refused', async () => {
    const getUserMedia = vi.fn(() => Promise.reject(new DOMException('Permission denied', 'NotAllowedError')));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const { user } = renderInLanguage('es', <QrScanner />);
    expect(getUserMedia).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: catalogues.es.counter.scan.start }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(catalogues.es.counter.scan.problems.cameraRefused));
    expect(getUserMedia).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: catalogues.es.counter.scan.start })).toBeInTheDocument();
  });

  it('reads the camera\'s frames each way in turn, keeps looking past a code without a number, then opens the booking and stops the camera', async () => {
    const track = { stop: vi.fn() };
    const getUserMedia = vi.fn(() => Promise.resolve({ getTracks: () => [track] } as unknown as MediaStream));
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
    vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
    // Nothing read as it is; a code that is no reservation number at half the size; the number upside down.
    readQrPass.mockReturnValueOnce(null).mockReturnValueOnce('WIFI:S:tienda;;').mockReturnValueOnce('FF-7K3M9Q');
    const { user } = renderInLanguage('en', <QrScanner />);
    await user.click(screen.getByRole('button', { name: catalogues.en.counter.scan.start }));
    await waitFor(() => expect(push).toHaveBeenCalledWith('/en/mostrador/FF-7K3M9Q'));
    expect(getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });
    expect(readQrPass.mock.calls.map(([, pass]) => pass)).toEqual(['as-is', 'half-size', 'upside-down']);
    expect(track.stop).toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent('Reservation FF-7K3M9Q found');
  });
});
