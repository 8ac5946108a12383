import { TextField } from './text-field';

interface PhoneFieldProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  /** Gets the digits only: anything else typed or pasted is dropped. */
  onChange(value: string): void;
  error?: string | null;
  testId: string;
}

/** A mainland mobile number row: the numeric keypad, 11 digits at most. */
export function PhoneField({ onChange, ...field }: PhoneFieldProps) {
  return (
    <TextField
      {...field}
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      maxLength={11}
      onChange={(value) => onChange(value.replace(/\D/g, ''))}
    />
  );
}
