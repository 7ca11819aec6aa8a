'use client';

import { useEffect, useRef, type RefObject } from 'react';
import type { FieldValues, FormState } from 'react-hook-form';

/** Controls the page marks as refused: fields, checkboxes and uploads carry `aria-invalid` while their error shows. */
const INVALID_CONTROL = 'input[aria-invalid="true"]:not([type="hidden"]), select[aria-invalid="true"], textarea[aria-invalid="true"]';

/**
 * After each submit the form's own checks refused, moves the focus to the first refused control in the page's order,
 * once its error is on screen, for a form whose useForm sets `shouldFocusError: false`.
 *
 * react-hook-form's own focus follows the order fields registered in. That is not the page's order when some fields
 * register in a Field's render and others in the form's (the terms checkbox under the details, an upload's hidden
 * reference): it would put the renter on the last field, or on a hidden input, which leaves the focus where it was.
 * A refusal from the server is focused by `setError`'s `shouldFocus` (see useServerErrors).
 */
export function useFocusFirstInvalid<Values extends FieldValues>(formState: FormState<Values>): RefObject<HTMLFormElement | null> {
  const formRef = useRef<HTMLFormElement>(null);
  const { submitCount, isSubmitSuccessful } = formState;
  useEffect(() => {
    if (submitCount === 0 || isSubmitSuccessful) return;
    formRef.current?.querySelector<HTMLElement>(INVALID_CONTROL)?.focus();
  }, [submitCount, isSubmitSuccessful]);
  return formRef;
}
