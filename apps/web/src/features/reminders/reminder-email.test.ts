import { describe, expect, it } from 'vitest';
import { buildReminderEmail, type ReminderDetails } from './reminder-email';

// Intl puts narrow no-break spaces in some dates and times ("10:00 AM"); compare with plain spaces.
const plain = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');

const HOURS = [
  { days: [1, 2, 3, 4, 5], open: '07:00', close: '12:00' },
  { days: [1, 2, 3, 4, 5], open: '13:00', close: '19:00' },
  { days: [6], open: '00:00', close: '24:00' },
];

function details(overrides: Partial<ReminderDetails> = {}): ReminderDetails {
  return {
    locale: 'es',
    siteName: 'Firefly',
    reservationNumber: 'FF-7K3M9Q',
    firstName: 'Ana',
    // A Tuesday.
    pickupAt: '2030-03-12T10:00',
    branch: {
      name: 'Albrook Mall',
      address: 'Av. Roosevelt, Albrook, Ciudad de Panamá',
      phone: '+5072384000',
      mapUrl: 'https://www.google.com/maps/search/?api=1&query=8.97%2C-79.55',
      directions: 'Nivel 1, entrada del <Carrusel> & estacionamiento norte.',
      openingHours: HOURS,
    },
    payment: { kind: 'card', card: { brand: 'Visa', last4: '4242' } },
    precheckinUrl: 'https://www.firefly.example.com/precheckin',
    precheckinDone: false,
    manageUrl: 'https://www.firefly.example.com/mi-reserva?numero=FF-7K3M9Q',
    assistancePhone: '+5073021000',
    ...overrides,
  };
}

describe('the reminder in Spanish', () => {
  const mail = buildReminderEmail(details());
  const text = plain(mail.text);
  const html = plain(mail.html);

  it('names the pickup and the reservation in its subject', () => {
    expect(mail.subject).toBe('Recordatorio de retiro: mar, 12 de marzo de 2030, 10:00 · reserva FF-7K3M9Q · Firefly');
  });

  it('says when and where, with the address, the phone, the map and that day\'s hours, in both parts', () => {
    for (const part of [text, html]) {
      expect(part).toContain('Hola, Ana:');
      expect(part).toContain('FF-7K3M9Q');
      expect(part).toContain('mar, 12 de marzo de 2030, 10:00');
      expect(part).toContain('Albrook Mall');
      expect(part).toContain('Av. Roosevelt, Albrook, Ciudad de Panamá');
      expect(part).toContain('07:00–12:00, 13:00–19:00');
    }
    expect(text).toContain('Retiro: mar, 12 de marzo de 2030, 10:00\n');
    expect(text).toContain('Sucursal: Albrook Mall\n  Av. Roosevelt, Albrook, Ciudad de Panamá\n  Tel. +507 238-4000\n');
    expect(html).toContain('Tel. <span style="white-space:nowrap;">+507 238-4000</span>');
    expect(text).toContain('Horario ese día: 07:00–12:00, 13:00–19:00');
    expect(text).toContain('Ver en el mapa: https://www.google.com/maps/search/?api=1&query=8.97%2C-79.55');
    expect(html).toContain('href="https://www.google.com/maps/search/?api=1&amp;query=8.97%2C-79.55"');
  });

  it('lists what to bring: licence, passport or ID, and the card paid with', () => {
    expect(text).toContain('Qué traer\n  - Tu licencia de conducir vigente\n  - Tu pasaporte o tu cédula de identidad\n  - La tarjeta con la que pagaste: Visa terminada en 4242');
    expect(html).toMatch(/<li style="[^"]*">La tarjeta con la que pagaste: Visa terminada en 4242<\/li>/);
  });

  it('links the pre-check-in and manage booking', () => {
    expect(text).toContain('Aún no hiciste el pre-check-in.');
    expect(text).toContain('Ahorra tiempo en el mostrador\nAún no hiciste el pre-check-in. Confirma tus documentos y acepta las condiciones en línea antes de llegar.\nhttps://www.firefly.example.com/precheckin\n');
    expect(html).toContain('href="https://www.firefly.example.com/precheckin"');
    expect(html).toContain('>Hacer el pre-check-in</a>');
    expect(text).toContain('Para consultar, modificar o cancelar tu reserva FF-7K3M9Q:\nhttps://www.firefly.example.com/mi-reserva?numero=FF-7K3M9Q');
    expect(html).toContain('href="https://www.firefly.example.com/mi-reserva?numero=FF-7K3M9Q"');
    expect(text).toContain('¿Necesitas ayuda? Llámanos al +507 302-1000.');
  });

  it('escapes staff text in the HTML and loads nothing from elsewhere', () => {
    expect(html).toContain('Nivel 1, entrada del &lt;Carrusel&gt; &amp; estacionamiento norte.');
    expect(text).toContain('Cómo llegar: Nivel 1, entrada del <Carrusel> & estacionamiento norte.');
    expect(html).not.toMatch(/<img|<link|<script|<style|url\(/i);
    expect(html).toContain('<html lang="es">');
  });

  it('is in the layout of every e-mail: a 600 px column, the number and manage-booking link at its foot', () => {
    expect(html).toMatch(/<table role="presentation" width="600"[^>]*style="width:100%;max-width:600px;/);
    expect(html).toMatch(/Reserva <span style="white-space:nowrap;">FF-7K3M9Q<\/span> · <a href="https:\/\/www\.firefly\.example\.com\/mi-reserva\?numero=FF-7K3M9Q"[^>]*>Ver, cambiar o cancelar tu reserva<\/a>/);
    expect(text).toMatch(/\n--\nReserva FF-7K3M9Q · Ver, cambiar o cancelar tu reserva: https:\/\/www\.firefly\.example\.com\/mi-reserva\?numero=FF-7K3M9Q\nEste correo te lo envió Firefly\.\n$/);
  });
});

describe('the reminder in English', () => {
  const mail = buildReminderEmail(details({ locale: 'en', pickupAt: '2030-03-16T09:30' }));
  const text = plain(mail.text);

  it('is worded and dated in English, with the branch\'s hours of a round-the-clock Saturday', () => {
    expect(mail.subject).toBe('Pick-up reminder: Sat, March 16, 2030, 09:30 · reservation FF-7K3M9Q · Firefly');
    expect(text.startsWith('Dear Ana,\n')).toBe(true);
    expect(text).toContain('Pick-up: Sat, March 16, 2030, 09:30\n');
    expect(text).toContain('Opening hours that day: Open 24 hours');
    expect(text).toContain('  - Your valid driving licence\n  - Your passport or national ID card\n  - The card you paid with: Visa ending in 4242');
    expect(text).toContain('You have not done your pre-check-in yet.');
    expect(plain(mail.html)).toContain('>Do my pre-check-in</a>');
    expect(plain(mail.html)).toContain('<html lang="en">');
  });
});

describe('what changes with the booking', () => {
  it('leaves the pre-check-in link out once it is done, and says it is complete', () => {
    const mail = buildReminderEmail(details({ precheckinUrl: undefined, precheckinDone: true }));
    expect(mail.text).not.toContain('/precheckin');
    expect(mail.html).not.toContain('/precheckin');
    expect(mail.text).toContain('Tu pre-check-in está completo');
  });

  it('asks for a card to pay at the counter when nothing was paid online, and for none after PayPal', () => {
    expect(buildReminderEmail(details({ payment: { kind: 'counter' } })).text)
      .toContain('  - Una tarjeta de crédito o débito a nombre del conductor principal, para pagar en el mostrador');
    const paypal = buildReminderEmail(details({ payment: { kind: 'paypal' } })).text;
    expect(paypal).toContain('  - Tu pasaporte o tu cédula de identidad\n\n');
    expect(paypal).not.toContain('tarjeta');
    expect(buildReminderEmail(details({ payment: { kind: 'card', card: null } })).text).toContain('  - La tarjeta con la que pagaste en línea');
  });

  it('says the branch is closed that day when its hours have none (a Sunday here)', () => {
    expect(buildReminderEmail(details({ pickupAt: '2030-03-17T10:00' })).text).toContain('Horario ese día: Cerrado');
  });

  it('refuses a map link that is not http(s), and a pickup that is no date-time', () => {
    expect(() => buildReminderEmail(details({ branch: { ...details().branch, mapUrl: 'javascript:alert(1)' } }))).toThrow(/not http\(s\)/);
    expect(() => buildReminderEmail(details({ pickupAt: 'mañana' }))).toThrow(/YYYY-MM-DDTHH:mm/);
  });
});
