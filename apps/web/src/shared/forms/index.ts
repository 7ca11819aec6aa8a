/**
 * Shared form UI and helpers: fields, buttons, the form alert, server errors on fields, calling a server action. Other
 * code uses this feature through this file only.
 */
export { ActionButton } from './action-button';
export { Button } from './button';
export { buttonClass } from './button-class';
export { callAction, CONNECTION_LOST, connectionLost } from './call-action';
export { Checkbox, CONTROL_CLASS, Field, FieldError, Input, Select } from './field';
export type { ControlProps } from './field';
export { FormAlert, useServerErrors } from './form-alert';
export { formFields } from './form-fields';
export { countFieldErrors, domainResolver, encodeIssue, issuesByField, zodIssueParams } from './form-issues';
export type { FormIssue, FormResult } from './form-issues';
export { RadioGroup } from './radio-group';
export { useFocusFirstInvalid } from './use-focus-first-invalid';
export { useIssueText } from './use-issue-text';
