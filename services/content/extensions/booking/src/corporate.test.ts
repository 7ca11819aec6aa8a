import { describe, expect, it } from 'vitest';
import { corporateOf } from './corporate';

describe('the company and agent of a booking', () => {
  it('are both given, or neither (nulls dropped from what is stored)', () => {
    expect(corporateOf({ corporate_account: 2, agent: 'a-uuid' })).toEqual({ account: 2, agent: 'a-uuid' });
    const retail: Record<string, unknown> = { corporate_account: null, agent: null, car: 3 };
    expect(corporateOf(retail)).toEqual({});
    expect(retail).toEqual({ car: 3 });
  });

  it('refuse one without the other', () => {
    expect(corporateOf({ corporate_account: 2 })).toMatchObject({ problem: { field: 'agent', code: 'CORPORATE_AGENT_REQUIRED' } });
    expect(corporateOf({ agent: 'a-uuid', corporate_account: null })).toMatchObject({ problem: { field: 'corporate_account', code: 'CORPORATE_ACCOUNT_REQUIRED' } });
  });
});
