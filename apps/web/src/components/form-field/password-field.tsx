import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { FormField } from './form-field';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  placeholder: string;
  error?: string | null;
  autoComplete: 'current-password' | 'new-password';
  testId: string;
}

/** A login-password row with a show/hide toggle. */
export function PasswordField({
  id,
  label,
  value,
  onChange,
  placeholder,
  error,
  autoComplete,
  testId,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <FormField
      label={label}
      htmlFor={id}
      error={error}
      extra={
        <button
          type="button"
          className="password-toggle"
          onClick={() => setVisible((shown) => !shown)}
          aria-pressed={visible}
          aria-label={label}
          data-testid={`${testId}-toggle`}
        >
          {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      }
    >
      <input
        id={id}
        className="field-input"
        type={visible ? 'text' : 'password'}
        value={value}
        maxLength={32}
        autoComplete={autoComplete}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
    </FormField>
  );
}
