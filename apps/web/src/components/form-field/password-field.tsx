import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { TextField } from './text-field';

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
export function PasswordField({ label, testId, ...field }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...field}
      label={label}
      testId={testId}
      type={visible ? 'text' : 'password'}
      maxLength={32}
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
    />
  );
}
