import { FormField } from './form-field';

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
export function PhoneField({ id, label, placeholder, value, onChange, error, testId }: PhoneFieldProps) {
  return (
    <FormField label={label} htmlFor={id} error={error}>
      <input
        id={id}
        className="field-input"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={11}
        value={value}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value.replace(/\D/g, ''))}
        data-testid={testId}
      />
    </FormField>
  );
}
