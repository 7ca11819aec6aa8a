import { describe, expect, it } from 'vitest';
import es from '../../../messages/es.json';
import en from '../../../messages/en.json';
import { FALLBACK_ERROR_TEXTS } from './fallback-error-texts';

describe('last-resort error texts', () => {
  it('match the catalogues in both languages', () => {
    for (const [texts, catalogue] of [[FALLBACK_ERROR_TEXTS.es, es], [FALLBACK_ERROR_TEXTS.en, en]] as const) {
      expect(texts).toEqual({ heading: catalogue.error.heading, text: catalogue.error.text, backHome: catalogue.error.backHome });
    }
  });
});
