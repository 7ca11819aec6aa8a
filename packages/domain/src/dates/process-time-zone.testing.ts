// Test-only helper (not exported from the package): Node re-reads process.env.TZ on assignment, so a test can prove
// a result does not depend on the machine's zone. Vitest runs each file in its own process, so this cannot leak.
export const PROCESS_TIME_ZONES = ['UTC', 'Asia/Tokyo', 'America/Los_Angeles', 'Pacific/Kiritimati', 'America/Panama'] as const;

export function withProcessTimeZone<T>(timeZone: string, run: () => T): T {
  const previous = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    const probe = new Date(Date.UTC(2025, 0, 1, 12));
    const expectedOffset = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
      .formatToParts(probe)
      .find((part) => part.type === 'timeZoneName')?.value;
    const actualHours = -probe.getTimezoneOffset() / 60;
    // Guard against a runtime that ignores TZ changes, which would make the calling test vacuous.
    if (expectedOffset !== undefined && !offsetMatches(expectedOffset, actualHours)) {
      throw new Error(`process time zone did not switch to ${timeZone} (${expectedOffset} vs ${actualHours} h)`);
    }
    return run();
  } finally {
    if (previous === undefined) {
      delete process.env.TZ;
    } else {
      process.env.TZ = previous;
    }
  }
}

function offsetMatches(longOffset: string, hours: number): boolean {
  if (longOffset === 'GMT') {
    return hours === 0;
  }
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(longOffset);
  if (match === null) {
    return false;
  }
  const value = Number(match[2]) + Number(match[3]) / 60;
  return (match[1] === '-' ? -value : value) === hours;
}
