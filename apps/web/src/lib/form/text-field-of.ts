import type { FieldName, ZodForm } from './use-zod-form';

/** The fields of a form whose value is text. */
type TextFieldName<V> = { [K in FieldName<V>]: V[K] extends string ? K : never }[FieldName<V>];

/**
 * What a TextField (or PhoneField) needs of one text field of a form: its value, its message, and a
 * change that keeps the text (through `clean` when given: digits only, upper case).
 */
export function textFieldOf<V extends Record<string, unknown>, N extends TextFieldName<V>>(
  form: Pick<ZodForm<V, unknown>, 'values' | 'errors' | 'setValue'>,
  name: N,
  clean?: (value: string) => string,
) {
  return {
    value: form.values[name] as string,
    error: form.errors[name],
    onChange: (value: string) => form.setValue(name, (clean ? clean(value) : value) as V[N]),
  };
}
