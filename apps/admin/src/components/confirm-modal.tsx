import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';

interface Props {
  open: boolean;
  title: string;
  children: ReactNode;
  okText: string;
  okTestId?: string;
  danger?: boolean;
  loading?: boolean;
  onOk: () => void;
  onCancel: () => void;
}

/** A confirmation whose buttons carry test ids (antd's Modal.confirm cannot). */
export function ConfirmModal({ open, title, children, okText, okTestId, danger, loading, onOk, onCancel }: Props) {
  return (
    <Modal
      open={open}
      title={title}
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
