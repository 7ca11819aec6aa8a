import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGE_KEYS } from '@rentacar/domain/validation';
import es from '../../messages/es.json';
import en from '../../messages/en.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('message catalogues', () => {
  it('Spanish and English have the same keys', () => {
    expect(keys(en).sort()).toEqual(keys(es).sort());
  });

  it('translate every validation message the domain produces', () => {
    for (const key of VALIDATION_MESSAGE_KEYS) {
      expect(keys(es)).toContain(key);
      expect(keys(en)).toContain(key);
    }
  });

  it('keep the product’s fixed texts', () => {
    expect(es.error.heading).toBe('404 - Página no encontrada');
    expect(es.error.text).toBe('Lo sentimos, la página que buscas no existe.');
    expect(es.error.backHome).toBe('Volver al inicio');
    expect(es.error.infoNotFound).toBe('Pagina no encontrada');
    expect(en.validation.required).toBe('This field is required');
    expect(en.validation.cardExpired).toBe('Card is expired');
    expect(en.validation.cardExpiryInvalid).toBe('Invalid expiration date');
    expect(en.validation.coverageRequired).toBe('You must select a coverage to continue');
    expect(es.reservation.processingError).toBe('Error procesando la reserva, intente nuevamente más tarde.');
    expect(en.reservation.processingError).toBe('Processing error: error processing the reservation, try again later');
  });
});
