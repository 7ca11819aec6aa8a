import { describe, expect, it } from 'vitest';
import { renderEmail, type EmailDocument } from './layout';

const document: EmailDocument = {
  locale: 'es',
  siteName: 'Firefly',
  subject: 'Tu reserva FF-7K3M9Q fue modificada · Firefly',
  preheader: 'Nuevas fechas',
  greeting: 'Hola, Ana:',
  blocks: [
    { kind: 'text', text: 'Tu reserva fue modificada.' },
    { kind: 'number', label: 'Número de reserva', value: 'FF-7K3M9Q' },
    { kind: 'fields', rows: [{ label: 'Retiro', lines: ['Tocumen', 'martes, 1 de diciembre de 2026'] }] },
    { kind: 'heading', text: 'Detalle del precio' },
    { kind: 'amounts', rows: [{ label: 'Auto', amount: '$125.00' }], total: { label: 'Total', amount: '$215.05' } },
    { kind: 'text', text: 'Te reembolsamos $20.00.', tone: 'highlight' },
    { kind: 'button', intro: 'Para gestionarla:', link: { label: 'Gestionar mi reserva', url: 'https://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q' } },
    { kind: 'text', text: 'Nota al pie.', tone: 'muted' },
  ],
  signature: ['Atentamente,', 'el equipo de Firefly'],
  reservation: { number: 'FF-7K3M9Q', manageUrl: 'https://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q' },
};

describe('renderEmail: the plain-text part', () => {
  const { text } = renderEmail(document);

  it('says everything the HTML says, a paragraph each, the heading on its block', () => {
    expect(text).toBe(
      [
        'Hola, Ana:',
        '',
        'Tu reserva fue modificada.',
        '',
        'Número de reserva: FF-7K3M9Q',
        '',
        'Retiro: Tocumen',
        '  martes, 1 de diciembre de 2026',
        '',
        'Detalle del precio',
        '  Auto: $125.00',
        'Total: $215.05',
        '',
        'Te reembolsamos $20.00.',
        '',
        'Para gestionarla:',
        'https://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q',
        '',
        'Nota al pie.',
        '',
        'Atentamente,',
        'el equipo de Firefly',
        '',
        '--',
        'Reserva FF-7K3M9Q · Ver, cambiar o cancelar tu reserva: https://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q',
        'Este correo te lo envió Firefly.',
        '',
      ].join('\n'),
    );
  });

  it('closes in English for an English e-mail, and without a reservation line when there is none', () => {
    const { text: english } = renderEmail({ ...document, locale: 'en' });
    expect(english).toContain('Reservation FF-7K3M9Q · View, change or cancel your booking: https://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q');
    expect(english).toContain('This email was sent to you by Firefly.');
    const { reservation: _none, ...withoutReservation } = document;
    const { text: plain, html } = renderEmail({ ...withoutReservation, signature: [] });
    expect(plain).not.toContain('Reserva FF-7K3M9Q ·');
    expect(plain).not.toMatch(/\n{3,}/);
    expect(html).not.toContain('Ver, cambiar o cancelar tu reserva');
  });
});

describe('renderEmail: a list, and a link under labelled values', () => {
  const { text, html } = renderEmail({
    ...document,
    blocks: [
      { kind: 'fields', rows: [{ label: 'Sucursal', lines: ['Albrook Mall', 'Av. Roosevelt'], link: { label: 'Ver en el mapa', url: 'https://maps.example.com/?q=8.97&z=1' } }] },
      { kind: 'heading', text: 'Qué traer' },
      { kind: 'list', items: ['Tu licencia', 'Tu <pasaporte>'] },
    ],
  });

  it('writes the link out under the lines, and the list as indented dashes, in the plain text', () => {
    expect(text).toContain('Sucursal: Albrook Mall\n  Av. Roosevelt\n  Ver en el mapa: https://maps.example.com/?q=8.97&z=1\n\nQué traer\n  - Tu licencia\n  - Tu <pasaporte>\n');
  });

  it('links the words in the HTML and lists the items, escaped', () => {
    expect(html).toContain('Albrook Mall<br>Av. Roosevelt<br><a href="https://maps.example.com/?q=8.97&amp;z=1"');
    expect(html).toMatch(/<ul style="[^"]*">\n<li style="[^"]*">Tu licencia<\/li>\n<li style="[^"]*">Tu &lt;pasaporte&gt;<\/li>\n<\/ul>/);
    expect(() => renderEmail({ ...document, blocks: [{ kind: 'fields', rows: [{ label: 'x', lines: [], link: { label: 'x', url: 'javascript:alert(1)' } }] }] })).toThrow(/not http\(s\)/);
  });
});

describe('renderEmail: the HTML part', () => {
  const { html } = renderEmail(document);

  it('is one column of at most 600 px that shrinks on a phone, in the e-mail\'s language', () => {
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toMatch(/<table role="presentation" width="600"[^>]*style="width:100%;max-width:600px;/);
    // Nothing wider than the column: no fixed width above 600 anywhere.
    for (const [, width] of html.matchAll(/width[:=]"?(\d+)/g)) expect(Number(width)).toBeLessThanOrEqual(600);
  });

  it('styles everything inline and loads nothing from elsewhere', () => {
    expect(html).not.toMatch(/<style|<link|<script|@import|url\(/i);
    expect(html).not.toMatch(/src="(?!cid:)/);
    expect(html).not.toMatch(/class=/);
  });

  it('shows every block, the button linking to the address given, and the reservation at its foot', () => {
    for (const words of ['Hola, Ana:', 'FF-7K3M9Q', 'Tocumen<br>martes, 1 de diciembre de 2026', 'Detalle del precio', '$215.05', 'Te reembolsamos $20.00.', 'Nota al pie.', 'Atentamente,<br>el equipo de Firefly']) {
      expect(html).toContain(words);
    }
    expect(html).toContain('<a href="https://www.firefly.com.pa/mi-reserva?numero=FF-7K3M9Q" style="display:inline-block;');
    expect(html).toMatch(/Reserva <span style="white-space:nowrap;">FF-7K3M9Q<\/span> · <a href="https:\/\/www\.firefly\.com\.pa\/mi-reserva\?numero=FF-7K3M9Q"[^>]*>Ver, cambiar o cancelar tu reserva<\/a>/);
    expect(html).toContain('>Nuevas fechas</div>');
  });

  it('keeps the reservation number and a phone number on one line wherever the text names them, but not in an attribute', () => {
    const { html: named } = renderEmail({
      ...document,
      blocks: [
        { kind: 'text', text: 'Tu reserva FF-7K3M9Q está lista.' },
        { kind: 'fields', rows: [{ label: 'Sucursal', lines: ['Albrook Mall', 'Tel. +507 302-1000'] }] },
        { kind: 'number', label: 'N', value: 'FF-7K3M9Q', image: { cid: 'code@x', alt: 'QR de FF-7K3M9Q', width: 200, height: 200 } },
      ],
    });
    expect(named).toContain('>Tu reserva <span style="white-space:nowrap;">FF-7K3M9Q</span> está lista.</p>');
    expect(named).toContain('Albrook Mall<br>Tel. <span style="white-space:nowrap;">+507 302-1000</span></td>');
    expect(named).toContain('alt="QR de FF-7K3M9Q"');
  });

  it('shows an inline image by its content id, never by an address', () => {
    const { html: withCode } = renderEmail({ ...document, blocks: [{ kind: 'number', label: 'N', value: 'FF-1', image: { cid: 'code@x', alt: 'QR', width: 200, height: 200 } }] });
    expect(withCode).toContain('<img src="cid:code@x" width="200" height="200" alt="QR"');
  });

  it('escapes every text, and refuses a link that is not http(s)', () => {
    const { html: escaped, text } = renderEmail({ ...document, greeting: '<script>alert("x")</script>', blocks: [{ kind: 'fields', rows: [{ label: 'A & B', lines: [`O'Neil`] }] }] });
    expect(escaped).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(escaped).toContain('A &amp; B');
    expect(escaped).toContain('O&#39;Neil');
    expect(escaped).not.toContain('<script');
    expect(text).toContain('<script>alert("x")</script>');
    expect(() => renderEmail({ ...document, blocks: [{ kind: 'button', link: { label: 'x', url: 'javascript:alert(1)' } }] })).toThrow(/not http\(s\)/);
    expect(() => renderEmail({ ...document, reservation: { number: 'FF-1', manageUrl: 'data:text/html,x' } })).toThrow(/not http\(s\)/);
  });
});
