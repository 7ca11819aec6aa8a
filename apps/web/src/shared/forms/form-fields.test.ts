import { describe, expect, it } from 'vitest';
import { formFields } from './form-fields';

describe('formFields', () => {
  it('gives the fields of a form submission', () => {
    const form = new FormData();
    form.set('car', '7');
    form.set('locale', 'en');
    expect(formFields(form)).toEqual({ car: '7', locale: 'en' });
  });

  it('gives no fields for anything else an action may be called with', () => {
    for (const forged of [null, undefined, 'car=7', 7, ['car', '7'], { car: '7' }]) expect(formFields(forged)).toEqual({});
  });
});
