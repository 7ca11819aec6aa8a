import './globals.css';

// Reached only by requests the proxy does not localise (for example a missing file); pages use [locale]/not-found.
export default function GlobalNotFound() {
  return (
    <html lang="es">
      <body className="flex min-h-screen flex-col items-center justify-center gap-4 p-8 text-center font-sans">
        <h1 className="text-3xl font-bold">404 - Página no encontrada</h1>
        <p>Lo sentimos, la página que buscas no existe.</p>
        <a href="/" className="btn-primary">
          Volver al inicio
        </a>
      </body>
    </html>
  );
}
