import type { HTMLAttributes } from 'react';

/** antd Table's onRow takes HTML attributes, whose type has no room for data-* keys. */
export const rowTestId = (testId: string) => ({ 'data-testid': testId }) as HTMLAttributes<HTMLElement>;
