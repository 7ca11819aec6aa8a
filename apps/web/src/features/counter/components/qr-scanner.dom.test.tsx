import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catalogues, renderInLanguage } from '../../../../test/render-in-language';

const push = vi.fn<(href: string) => void>();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push }) }));

// The zxing reader stands in for a photo's decoding (jsdom draws no image): what the photo "says" is set per test.
const decodeFromCanvas = vi.fn<(canvas: HTMLCanvasElement) => { getText: () => string }>();
const decodeFromConstraints = vi.fn<() => Promise<{ stop: () => void }>>();
vi.mock('@zxing/browser', () => ({
  BrowserQRCodeReader: class {
    decodeFromCanvas = decodeFromCanvas;
    decodeFromConstraints = decodeFromConstraints;
  },
}));

const { QrScanner } = await import('./qr-scanner');

const photo = () => new File([new Uint8Array([137, 80, 78, 71])], 'qr.png', { type: 'image/png' });

beforeEach(() => {
  push.mockReset();
  decodeFromCanvas.mockReset();
  decodeFromConstraints.mockReset();
  vi.stubGlobal('createImageBitmap', vi.fn(() => Promise.resolve({ width: 240, height: 240, close: vi.fn() })));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: vi.fn() } as unknown as CanvasRenderingContext2D);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

describe('the counter\'s QR scanner', () => {
  it('opens the reservation of a photo\'s QR code, in the page\'s language, and says so', async () => {
    decodeFromCanvas.mockReturnValue({ getText: () => 'FF-7K3M9Q' });
    const { user } = renderInLanguage('en', <QrScanner />);
    await user.upload(screen.getByLabelText(catalogues.en.counter.scan.photo), photo());
    await waitFor(() => expect(push).toHaveBeenCalledWith('/en/mostrador/FF-7K3M9Q'));
    expect(screen.getByRole('status')).toHaveTextContent('Reservation FF-7K3M9Q found');
  });

  it('reads a number inside an address, and refuses a code or photo without one, with a message', async () => {
    decodeFromCanvas.mockReturnValueOnce({ getText: () => 'https://firefly.test/mi-reserva?numero=ff-7k3m9q' });
    const { user } = renderInLanguage('es', <QrScanner />);
    const input = screen.getByLabelText(catalogues.es.counter.scan.photo);
    expect(input).toHaveAttribute('accept', 'image/*');
    expect(input).toHaveAttribute('capture', 'environment');
    await user.upload(input, photo());
    await waitFor(() => expect(push).toHaveBeenCalledWith('/mostrador/FF-7K3M9Q'));
    decodeFromCanvas.mockReturnValueOnce({ getText: () => 'WIFI:S:tienda;;' });
    await user.upload(input, photo());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(catalogues.es.counter.scan.problems.notANumber));
    decodeFromCanvas.mockImplementationOnce(() => {
      throw new Error('NotFoundException');
    });
    await user.upload(input, photo());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(catalogues.es.counter.scan.problems.noCode));
    expect(push).toHaveBeenCalledTimes(1);
  });

  it('starts the camera only when asked, and says what to do when its use is refused', async () => {
    const getUserMedia = vi.fn();
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    decodeFromConstraints.mockRejectedValue(new DOMException('Permission denied', 'NotAllowedError'));
    const { user } = renderInLanguage('es', <QrScanner />);
    expect(decodeFromConstraints).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: catalogues.es.counter.scan.start }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(catalogues.es.counter.scan.problems.cameraRefused));
    expect(decodeFromConstraints).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: catalogues.es.counter.scan.start })).toBeInTheDocument();
  });
});
