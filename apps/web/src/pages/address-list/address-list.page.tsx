import { MAX_ADDRESSES, type Address } from '@antique/shared';
import { formatRegion } from '@antique/shared/regions';
import { ActionSheet, Button, Skeleton } from 'antd-mobile';
import { CheckCircleFill, DeleteOutline, EditSOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { useLongPress } from '../../components/long-press/use-long-press';
import { showMessageBox } from '../../components/message-box/message-box.store';
import {
  asDefault,
  useAddressesQuery,
  useDeleteAddressMutation,
  useSaveAddressMutation,
} from '../../features/address/address.api';
import { describeError } from '../../lib/describe-error';
import { showSuccessToast, showToast } from '../../lib/toast';
import './address-list.css';
import { pagePath, routePaths } from '../../lib/route-paths';

export const ADDRESS_PATH = routePaths.address;

interface CardProps {
  address: Address;
  onSetDefault(): void;
  onDelete(): void;
  onMore(): void;
}

function AddressCard({ address, onSetDefault, onDelete, onMore }: CardProps) {
  const { t } = useTranslation();
  const press = useLongPress(onMore);
  const edit = () => go(pagePath('address', { id: address.id }));
  return (
    <article
      className={address.isDefault ? 'address-card address-card-default' : 'address-card'}
      data-testid="address-item"
      data-id={address.id}
      data-default={address.isDefault}
      {...press}
    >
      <button type="button" className="address-card-body" onClick={edit} data-testid="address-open">
        <span className="address-card-head">
          <span className="address-card-name">{address.name}</span>
          <span className="address-card-phone">{address.phone}</span>
          {address.isDefault && <span className="address-card-tag">{t('address.default')}</span>}
        </span>
        <span className="address-card-region">{formatRegion(address)}</span>
        <span className="address-card-detail">{address.detail}</span>
      </button>
      <div className="address-card-actions">
        <button
          type="button"
          className={address.isDefault ? 'address-default-toggle address-default-on' : 'address-default-toggle'}
          onClick={address.isDefault ? undefined : onSetDefault}
          aria-pressed={address.isDefault}
          data-testid="address-set-default"
        >
          <CheckCircleFill />
          {address.isDefault ? t('address.default') : t('address.setDefault')}
        </button>
        <span className="address-card-buttons">
          <button type="button" onClick={edit} data-testid="address-edit">
            <EditSOutline />
            {t('address.edit')}
          </button>
          <button type="button" onClick={onDelete} data-testid="address-delete">
            <DeleteOutline />
            {t('address.delete')}
          </button>
        </span>
      </div>
    </article>
  );
}

/** The member's delivery addresses, the default first: set default, edit, delete (also by long press). */
export default function AddressListPage() {
  const { t } = useTranslation();
  const query = useAddressesQuery();
  const save = useSaveAddressMutation();
  const remove = useDeleteAddressMutation();
  const [sheetFor, setSheetFor] = useState<Address | null>(null);
  const addresses = query.data ?? [];
  const full = addresses.length >= MAX_ADDRESSES;

  const setDefault = (address: Address) =>
    save.mutate(asDefault(address), {
      onSuccess: () => showSuccessToast(t('address.defaultSet')),
      onError: (error) => showToast(describeError(error, t)),
    });

  const askDelete = async (address: Address) => {
    const confirmed = await showMessageBox({
      msg: t('address.deleteConfirm', { name: address.name }),
      confirmText: t('address.delete'),
    });
    if (!confirmed) return;
    remove.mutate(address.id, {
      onSuccess: () => showSuccessToast(t('address.deleted')),
      onError: (error) => showToast(describeError(error, t)),
    });
  };

  let body;
  if (query.isPending) {
    body = (
      <div className="skeleton-lines" aria-busy="true" data-testid="address-list-loading">
        <Skeleton.Paragraph lineCount={3} animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  } else if (query.isError) {
    body = (
      <EmptyState
        status="error"
        title={t('address.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="address-list-error"
      />
    );
  } else if (addresses.length === 0) {
    body = <EmptyState title={t('address.empty')} description={t('address.emptyHint')} testId="address-list-empty" />;
  } else {
    body = (
      <>
        <p className="address-list-count" data-testid="address-count">
          {t('address.count', { count: addresses.length, max: MAX_ADDRESSES })}
          <span className="address-list-tip">{t('address.longPressTip')}</span>
        </p>
        {addresses.map((address) => (
          <AddressCard
            key={address.id}
            address={address}
            onSetDefault={() => setDefault(address)}
            onDelete={() => void askDelete(address)}
            onMore={() => setSheetFor(address)}
          />
        ))}
      </>
    );
  }

  const sheetActions = sheetFor
    ? [
        ...(sheetFor.isDefault ? [] : [{ key: 'default', text: t('address.setDefault') }]),
        { key: 'edit', text: t('address.edit') },
        { key: 'delete', text: <span data-testid="address-sheet-delete">{t('address.delete')}</span>, danger: true },
      ]
    : [];

  return (
    <div className="address-list-page" data-testid="address-list-page">
      <div className="address-list-body">{body}</div>
      <div className="address-list-bar">
        {full && <p className="address-list-full">{t('address.limit', { count: MAX_ADDRESSES })}</p>}
        <Button
          color="primary"
          shape="rounded"
          block
          className="gold-button"
          disabled={full || query.isPending}
          onClick={() => go(ADDRESS_PATH)}
          data-testid="address-add"
        >
          {t('address.add')}
        </Button>
      </div>
      <ActionSheet
        visible={sheetFor !== null}
        actions={sheetActions}
        cancelText={t('common.cancel')}
        onClose={() => setSheetFor(null)}
        onAction={(action) => {
          const address = sheetFor;
          setSheetFor(null);
          if (!address) return;
          if (action.key === 'default') setDefault(address);
          else if (action.key === 'edit') go(pagePath('address', { id: address.id }));
          else if (action.key === 'delete') void askDelete(address);
        }}
        data-testid="address-sheet"
      />
    </div>
  );
}
