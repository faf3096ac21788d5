/** Ties a control to its FormField error (`${id}-error`), so the message is read with the field. */
export function fieldAria(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
