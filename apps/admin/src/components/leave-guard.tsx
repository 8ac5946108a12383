import { useEffect, useRef } from 'react';
import { Button, Modal } from 'antd';
import { type Blocker, useBlocker } from 'react-router';

/** Asks before leaving a form with unsaved changes, inside the console and on closing the tab. */
export function useLeaveGuard(dirty: boolean) {
  // Set once saved: the navigation that follows must pass before the clean state renders.
  const released = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !released.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  return {
    blocker,
    release: () => {
      released.current = true;
    },
  };
}

/** The question a blocked navigation asks: stay and keep editing, or leave without saving. */
export function LeaveGuardModal({ blocker }: { blocker: Blocker }) {
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title="放弃未保存的修改？"
      onCancel={() => blocker.reset?.()}
      footer={[
        <Button key="stay" onClick={() => blocker.reset?.()}>
          继续编辑
        </Button>,
        <Button key="leave" danger type="primary" onClick={() => blocker.proceed?.()} data-testid="leave-confirm">
          放弃修改
        </Button>,
      ]}
    >
      离开后，本页填写的内容不会保存。
    </Modal>
  );
}
