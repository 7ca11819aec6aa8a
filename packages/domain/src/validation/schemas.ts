// The forms' schemas live in forms.ts, which the browser imports alone (it needs no phone metadata).
export * from './forms';
