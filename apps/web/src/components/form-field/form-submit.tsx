import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';

/** A form's one submit button: gold, full width under the rows, spinning while the form is sent. */
export function FormSubmit({ loading, testId, children }: { loading: boolean; testId: string; children: ReactNode }) {
  return (
    <div className="form-actions">
      <Button type="submit" color="primary" size="large" shape="rounded" block loading={loading} data-testid={testId}>
        {children}
      </Button>
    </div>
  );
}
