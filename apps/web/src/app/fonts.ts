import localFont from 'next/font/local';

// Inter from the @fontsource-variable package, bundled and self-hosted: no font is fetched from a third party.
export const sans = localFont({
  // The latin subset covers Spanish and English (á é í ó ú ñ ü ¿ ¡); other scripts fall back to the system font.
  src: [{ path: '../../../../node_modules/@fontsource-variable/inter/files/inter-latin-wght-normal.woff2', style: 'normal' }],
  weight: '100 900',
  display: 'swap',
  variable: '--font-inter',
  fallback: ['system-ui', 'Segoe UI', 'Roboto', 'Arial', 'sans-serif'],
});
