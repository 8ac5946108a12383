import type { TFunction } from '../translator';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

interface SchemaIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[];
}

/** A shared-schema message (`invalid.phone`) in the member's language. */
export function translateIssue(message: string, t: TFunction): string {
  const generic = t('invalid.generic');
  return message.startsWith('invalid.') ? t(message as 'invalid.generic', { defaultValue: generic }) : generic;
}

/** The first issue of each field of a failed `safeParse`, translated. */
export function fieldErrorsOf<K extends string>(error: SchemaIssues, t: TFunction): FieldErrors<K> {
  const errors: FieldErrors<K> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form') as K;
    if (!errors[field]) errors[field] = translateIssue(issue.message, t);
  }
  return errors;
}
