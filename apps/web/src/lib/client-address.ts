/**
 * The client a request comes from. Behind the load balancer the first X-Forwarded-For address is the renter's (the
 * balancer must overwrite, not append to, what a client sends); Next's own server sets it when nothing is in front.
 */
export function clientAddress(headers: Headers): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  return forwarded || headers.get('x-real-ip')?.trim() || 'unknown';
}

/**
 * The machine itself: 127.0.0.0/8 and ::1, also IPv4-mapped. Behind the balancer every request carries the renter's
 * own address (the balancer overwrites X-Forwarded-For), so only the operator's own tries and local tests come from
 * here, and a day's limit on reservations must not lock them out.
 */
export function isLoopbackAddress(address: string): boolean {
  const plain = address.trim().toLowerCase().replace(/^::ffff:/, '');
  return plain === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}
