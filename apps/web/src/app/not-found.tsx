import Link from 'next/link';
import './globals.css';
import es from '../../messages/es.json';

// Reached only by requests the proxy does not localise (a missing file, say); pages use [locale]/not-found.
export default function GlobalNotFound() {
  return (
    <html lang="es">
      <body className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center font-sans">
        <h1 className="text-3xl font-bold">{es.error.heading}</h1>
        <p>{es.error.text}</p>
        <Link href="/" className="btn-primary">
          {es.error.backHome}
        </Link>
      </body>
    </html>
  );
}
