import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../use-translation';
import { whenTouched } from '../when-touched';
import { fieldErrorsOf, translateIssue, type FieldErrors } from './field-errors';

interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

type ParseResult<O> = { success: true; data: O } | { success: false; error: { issues: readonly SchemaIssue[] } };

/** What the hook needs of a shared zod schema; an object schema's `shape` also lets one field be checked alone. */
export interface FormSchema<O> {
  safeParse(input: unknown): ParseResult<O>;
}

type FormValues = Record<string, unknown>;
export type FieldName<V> = Extract<keyof V, string>;

/** A schema fetched at the member's first touch of the page (zod stays off the page's load), or at hand. */
export type SchemaSource<O> = FormSchema<O> | (() => Promise<FormSchema<O>>);

export interface ZodFormOptions<V extends FormValues, O> {
  /**
   * The contract's input schema (`loginInput`, `addressInput`, …): the form's rules are the
   * server's. A loader (`() => import(…)`) lets the page load without zod, which is fetched at
   * the member's first touch (nobody fills a form without one); a submit before then waits for it.
   */
  schema: SchemaSource<O>;
  initialValues: V | (() => V);
  /** The schema's input from the form's values (a trimmed code, a fixed id); the values themselves otherwise. */
  toInput?(values: V): unknown;
  /** `invalid.*` keys that replace the schema's message for a field, whatever its issue. */
  messages?: Partial<Record<FieldName<V>, string>>;
  /** Rules beyond the schema (a repeated password, the agreement), given the schema's errors. */
  check?(values: V, errors: FieldErrors<FieldName<V>>): FieldErrors<FieldName<V>>;
  /** After a refused submit: the errors shown, and whether the schema itself passed. */
  onInvalid?(errors: FieldErrors<FieldName<V>>, schemaPassed: boolean): void;
  /** The parsed input; the caller turns the server's answer into toasts or field errors. */
  onSubmit(data: O, values: V): Promise<unknown> | void;
  /** A mutation's pending state, when the page shows that; the form tracks its own submit otherwise. */
  busy?: boolean;
  /** Typing in a field clears its message (default); login keeps it until the next submit. */
  clearErrorOnChange?: boolean;
}

export interface ChangeOptions {
  /** Overrides the form's `clearErrorOnChange` for this change. */
  clearErrors?: boolean;
}

export type FieldCheck<T> = { ok: true; value: T } | { ok: false; message: string };

export interface ZodForm<V extends FormValues, O> {
  values: V;
  errors: FieldErrors<FieldName<V>>;
  /** True while the submit is running: the mutation's pending state when `busy` was given. */
  submitting: boolean;
  /** Sets a field and, unless told otherwise, clears its message. */
  setValue<N extends FieldName<V>>(name: N, value: V[N], change?: ChangeOptions): void;
  setValues(patch: Partial<V>, change?: ChangeOptions): void;
  setError(name: FieldName<V>, message: string | undefined): void;
  setErrors(errors: FieldErrors<FieldName<V>>): void;
  /** Checks one field with its own schema, shows or clears its message, and returns the parsed value. */
  validateField<N extends FieldName<V>>(name: N): FieldCheck<N extends keyof O ? O[N] : unknown>;
  /** Checks the whole form; calls `onSubmit` with the parsed input when it passes. */
  submit(): Promise<void>;
  /** For `<form onSubmit>`: prevents the browser's submit and runs `submit`. */
  handleSubmit(event?: FormEvent): void;
}

function hasErrors(errors: FieldErrors<string>): boolean {
  return Object.values(errors).some(Boolean);
}

function shapeOf(schema: unknown): Record<string, FormSchema<unknown>> | undefined {
  const shape = (schema as { shape?: unknown }).shape;
  return typeof shape === 'object' && shape !== null ? (shape as Record<string, FormSchema<unknown>>) : undefined;
}

/**
 * One form's values and messages, validated by the shared schema: the whole form on submit,
 * one field on demand, each issue shown in the member's language under its field.
 */
export function useZodForm<V extends FormValues, O>(options: ZodFormOptions<V, O>): ZodForm<V, O> {
  const { schema: source, toInput, messages, check, onInvalid, onSubmit, busy, clearErrorOnChange = true } = options;
  type K = FieldName<V>;
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<FormSchema<O> | null>(() => (typeof source === 'function' ? null : source));
  const schema = typeof source === 'function' ? loaded : source;
  // The loader is called once, at the first touch or the first submit: a page passes the same
  // import each render.
  const loading = useRef<Promise<FormSchema<O>> | null>(null);
  const [load] = useState(() => () => {
    if (typeof source !== 'function') return null;
    loading.current ??= source();
    return loading.current;
  });
  useEffect(() => {
    if (typeof source !== 'function') return;
    let live = true;
    const cancel = whenTouched(() => {
      void load()?.then((resolved) => {
        if (live) setLoaded(() => resolved);
      });
    });
    return () => {
      live = false;
      cancel();
    };
    // The source is read once, as `load` does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [load]);
  const [values, setAllValues] = useState<V>(options.initialValues);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [running, setRunning] = useState(false);
  const submitting = busy ?? running;

  const messageFor = (name: K, issueMessage: string) => translateIssue(messages?.[name] ?? issueMessage, t);

  // Stable setters, so that a page's callbacks built on them can be memoised.
  const setError = useCallback(
    (name: K, message: string | undefined) => setErrors((current) => ({ ...current, [name]: message })),
    [],
  );

  const setValues = useCallback(
    (patch: Partial<V>, change: ChangeOptions = {}) => {
      setAllValues((current) => ({ ...current, ...patch }));
      if (!(change.clearErrors ?? clearErrorOnChange)) return;
      setErrors((current) => {
        const next = { ...current };
        for (const name of Object.keys(patch) as K[]) delete next[name];
        return next;
      });
    },
    [clearErrorOnChange],
  );

  const setValue = useCallback(
    <N extends K>(name: N, value: V[N], change?: ChangeOptions) =>
      setValues({ [name]: value } as unknown as Partial<V>, change),
    [setValues],
  );

  const validate = (against: FormSchema<O>) => {
    const parsed = against.safeParse(toInput ? toInput(values) : values);
    const found: FieldErrors<K> = {};
    if (!parsed.success) {
      for (const [name, message] of Object.entries(fieldErrorsOf<K>(parsed.error, t)) as [K, string][]) {
        const replacement = messages?.[name];
        found[name] = replacement ? translateIssue(replacement, t) : message;
      }
    }
    const all = { ...found, ...(check ? check(values, found) : {}) };
    return { parsed, errors: all };
  };

  const submit = async () => {
    if (submitting) return;
    const against = schema ?? (await load());
    if (!against) return;
    const { parsed, errors: found } = validate(against);
    setErrors(found);
    if (!parsed.success || hasErrors(found)) {
      onInvalid?.(found, parsed.success);
      return;
    }
    if (busy !== undefined) {
      await onSubmit(parsed.data, values);
      return;
    }
    setRunning(true);
    try {
      await onSubmit(parsed.data, values);
    } finally {
      setRunning(false);
    }
  };

  const validateField = <N extends K>(name: N): FieldCheck<N extends keyof O ? O[N] : unknown> => {
    type Value = N extends keyof O ? O[N] : unknown;
    const input = (toInput ? toInput(values) : values) as Record<string, unknown>;
    // Before a loading schema is in, the field goes unchecked here; the server still checks it.
    if (!schema) return { ok: true, value: input[name] as Value };
    const own = shapeOf(schema)?.[name];
    let issue: string | undefined;
    let value: unknown = input[name];
    if (own) {
      const parsed = own.safeParse(input[name]);
      if (parsed.success) value = parsed.data;
      else issue = parsed.error.issues[0]?.message ?? '';
    } else {
      const parsed = schema.safeParse(input);
      if (!parsed.success) issue = parsed.error.issues.find((item) => item.path[0] === name)?.message;
    }
    if (issue !== undefined) {
      const message = messageFor(name, issue);
      setError(name, message);
      return { ok: false, message };
    }
    setError(name, undefined);
    return { ok: true, value: value as Value };
  };

  return {
    values,
    errors,
    submitting,
    setValue,
    setValues,
    setError,
    setErrors,
    validateField,
    submit,
    handleSubmit: (event) => {
      event?.preventDefault();
      void submit();
    },
  };
}
