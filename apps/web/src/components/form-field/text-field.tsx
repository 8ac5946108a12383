import type { InputHTMLAttributes, ReactNode } from 'react';
import { FormField } from './form-field';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className' | 'children'>;

export interface TextFieldProps extends InputProps {
  /** The input's id, which the label points at; its test id too unless `testId` is given. */
  id: string;
  label: ReactNode;
  value: string;
  /** Gets the text as typed; the caller filters it (digits only, upper case) before keeping it. */
  onChange(value: string): void;
  error?: string | null;
  /** Beside the input: a button such as 全部 or a password toggle. */
  extra?: ReactNode;
  testId?: string;
}

/** A labelled one-line text input with its message under it: the form row every member form writes. */
export function TextField({ id, label, value, onChange, error, extra, testId, ...input }: TextFieldProps) {
  return (
    <FormField label={label} htmlFor={id} error={error} extra={extra}>
      <input
        {...input}
        id={id}
        className="field-input"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId ?? id}
      />
    </FormField>
  );
}
