import type { ReactNode } from 'react';

interface FormFieldProps {
  label: ReactNode;
  error?: string | null;
  extra?: ReactNode;
  children: ReactNode;
  htmlFor?: string;
}

/** One labelled row of a form with its message under it. */
export function FormField({ label, error, extra, children, htmlFor }: FormFieldProps) {
  return (
    <div className={error ? 'form-field form-field-invalid' : 'form-field'}>
      <label className="form-field-label" htmlFor={htmlFor}>
        {label}
      </label>
      <div className="form-field-control">
        <div className="form-field-input">{children}</div>
        {extra && <div className="form-field-extra">{extra}</div>}
      </div>
      {error && (
        <div className="form-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
