import { lazy, Suspense, useState } from 'react';
import { useMessageBoxStore } from './message-box.store';

// antd-mobile's Dialog (and its animation library) arrives with the first box, not with the app.
const MessageBoxDialog = lazy(() => import('./message-box-dialog'));

/** Mounted once at the root; `showMessageBox` drives it. */
export function MessageBox() {
  const visible = useMessageBoxStore((state) => state.visible);
  const [used, setUsed] = useState(false);
  if (visible && !used) setUsed(true);
  if (!used && !visible) return null;
  return (
    <Suspense fallback={null}>
      <MessageBoxDialog />
    </Suspense>
  );
}
