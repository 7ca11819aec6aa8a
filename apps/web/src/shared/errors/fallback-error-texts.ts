/**
 * The error screen's texts for the last-resort page (app/global-error.tsx), which renders outside every provider.
 * Kept small so that page does not ship both catalogues; a test holds them equal to messages/{es,en}.json.
 */
export const FALLBACK_ERROR_TEXTS = {
  es: { heading: '404 - Página no encontrada', text: 'Lo sentimos, la página que buscas no existe.', backHome: 'Volver al inicio' },
  en: { heading: '404 - Page not found', text: 'Sorry, the page you are looking for does not exist.', backHome: 'Back to home' },
} as const;
