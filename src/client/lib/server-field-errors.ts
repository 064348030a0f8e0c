import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiRequestError } from './api-client';

/**
 * Puts an API refusal's field problems (a 400's `issues`) under the form's fields they name, the
 * one way every form does it. `fieldOf` maps the API's path to the form's field (undefined: the
 * form has no such field). With `focus`, the first field given a problem takes the focus, so a
 * keyboard or screen-reader user lands on it.
 *
 * Returns how many problems found a field: a form shows the refusal's own message above its button
 * when none did (the message is not about a field she can fix).
 */
export function applyServerFieldErrors<Values extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<Values>,
  fieldOf: (path: string) => Path<Values> | undefined,
  { focus = false }: { focus?: boolean } = {},
): number {
  if (!(error instanceof ApiRequestError)) return 0;
  let placed = 0;
  for (const issue of error.issues ?? []) {
    const field = fieldOf(issue.path);
    if (!field) continue;
    setError(field, { type: 'server', message: issue.message }, { shouldFocus: focus && placed === 0 });
    placed += 1;
  }
  return placed;
}

/** `fieldOf` for a form whose fields are named as the API names them. */
export function fieldsNamed<Values extends FieldValues>(...fields: Path<Values>[]): (path: string) => Path<Values> | undefined {
  return (path) => fields.find((field) => field === path);
}
