import { type ReactNode, useState } from 'react';
import { App as AntApp, Button, Modal } from 'antd';
import { errorText } from '../lib/error-text';

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  okText: string;
  okTestId?: string;
  danger?: boolean;
  loading?: boolean;
  width?: number;
  onOk: () => void;
  onCancel: () => void;
}

/** A confirmation whose buttons carry test ids (antd's Modal.confirm cannot). */
export function ConfirmModal({
  open,
  title,
  children,
  okText,
  okTestId,
  danger,
  loading,
  width,
  onOk,
  onCancel,
}: Props) {
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={loading ? undefined : onCancel}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={loading}>
          取消
        </Button>,
        <Button key="ok" type="primary" danger={danger} loading={loading} onClick={onOk} data-testid={okTestId}>
          {okText}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}

interface ConfirmAction<T> {
  title: (target: T) => string;
  okText: (target: T) => string;
  okTestId: string;
  danger?: (target: T) => boolean;
  body: (target: T) => ReactNode;
  /** Does it; resolves to what the operator is told. */
  run: (target: T) => Promise<string>;
  /** What the operator is told when it fails (the server's message by default). */
  failure?: (error: unknown, target: T) => string;
  /** Close the dialog on a failure too (when a second try cannot help). */
  closeOnFailure?: boolean;
}

/**
 * A row action that asks first (delete, disable): `ask(row)` opens the confirmation,
 * `dialog` is rendered once by the page.
 */
export function useConfirmAction<T>(action: ConfirmAction<T>): { ask: (target: T) => void; dialog: ReactNode } {
  const { message } = AntApp.useApp();
  // The target outlives `open` so that the closing dialog keeps its words.
  const [target, setTarget] = useState<T | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async (current: T) => {
    setBusy(true);
    try {
      void message.success(await action.run(current));
      setOpen(false);
    } catch (error) {
      void message.error(action.failure?.(error, current) ?? errorText(error));
      if (action.closeOnFailure) setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return {
    ask: (next) => {
      setTarget(next);
      setOpen(true);
    },
    dialog:
      target === null ? null : (
        <ConfirmModal
          open={open}
          title={action.title(target)}
          okText={action.okText(target)}
          okTestId={action.okTestId}
          danger={action.danger?.(target)}
          loading={busy}
          onOk={() => void confirm(target)}
          onCancel={() => setOpen(false)}
        >
          {action.body(target)}
        </ConfirmModal>
      ),
  };
}
