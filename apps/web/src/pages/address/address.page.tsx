import { regionOptions } from '@antique/shared/regions';
import { Skeleton } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { goBack } from '../../lib/navigation';
import { usePageTitle } from '../../lib/page-title.store';
import { EmptyState } from '../../components/empty-state/empty-state';
import { useAddressesQuery, useSaveAddressMutation } from '../../features/address/address.api';
import { AddressForm } from '../../features/address/address-form';
import { describeError } from '../../lib/describe-error';
import { usePageParams } from '../../lib/page-params';
import { showSuccessToast } from '../../lib/toast';

/** Adds an address, or edits one (`?id=`). The GB/T 2260 table is imported here only, so only this page carries it. */
export default function AddressPage() {
  const { t } = useTranslation();
  const id = Number(usePageParams().id);
  const editing = Number.isInteger(id) && id > 0;
  const options = useMemo(() => regionOptions(), []);
  const query = useAddressesQuery();
  const save = useSaveAddressMutation();
  usePageTitle(editing ? t('address.editTitle') : t('address.addTitle'));

  if (query.isPending) {
    return (
      <div className="skeleton-lines" aria-busy="true" data-testid="address-loading">
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        status="error"
        title={t('address.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="address-error"
      />
    );
  }
  const initial = editing ? query.data.find((address) => address.id === id) : undefined;
  if (editing && !initial) return <EmptyState title={t('address.notFound')} testId="address-not-found" />;

  return (
    <div className="address-page" data-testid="address-page">
      <AddressForm
        key={initial?.id ?? 'new'}
        initial={initial}
        options={options}
        forceDefault={!editing && query.data.length === 0}
        onSubmit={async (input) => {
          await save.mutateAsync(input);
          showSuccessToast(t('address.saved'));
          goBack();
        }}
      />
    </div>
  );
}
