import { realNameInput, type Member, type RealNameStatus } from '@antique/shared';
import { Skeleton } from 'antd-mobile';
import { CheckCircleOutline, ClockCircleOutline, CloseCircleOutline, UserContactOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/form-field/form-field';
import { FormSubmit } from '../../components/form-field/form-submit';
import { TextField } from '../../components/form-field/text-field';
import { EmptyState } from '../../components/empty-state/empty-state';
import { useMemberInfoQuery } from '../../features/member/member-info.api';
import { useRealNameMutation } from '../../features/member/real-name.api';
import { useUserStore } from '../../features/member/user.store';
import { IdPhotoTile } from '../../features/upload/id-photo-tile';
import { describeError } from '../../lib/describe-error';
import { textFieldOf } from '../../lib/form/text-field-of';
import { useZodForm } from '../../lib/form/use-zod-form';
import { isRequestError } from '../../lib/request-error';
import { showSuccessToast, showToast } from '../../lib/toast';

const statusIcons: Record<RealNameStatus, ReactNode> = {
  none: <UserContactOutline />,
  pending: <ClockCircleOutline />,
  verified: <CheckCircleOutline />,
  rejected: <CloseCircleOutline />,
};

function StatusCard({ member }: { member: Member }) {
  const { t } = useTranslation();
  const status = member.realNameStatus;
  const text =
    status === 'rejected'
      ? member.realNameReason
        ? t('realname.statusText.rejected', { reason: member.realNameReason })
        : t('realname.rejectedNoReason')
      : t(`realname.statusText.${status}`);
  return (
    <section className={`realname-status realname-status-${status}`} data-testid="realname-status" data-status={status}>
      <span className="realname-status-icon" aria-hidden="true">
        {statusIcons[status]}
      </span>
      <div>
        <h2 className="realname-status-title">{t(`realname.statusTitle.${status}`)}</h2>
        <p className="realname-status-text" data-testid="realname-status-text">
          {text}
        </p>
        {status === 'verified' && member.realName && (
          <p className="realname-verified-name">
            {t('realname.verifiedName')}：<span data-testid="realname-verified-name">{member.realName}</span>
          </p>
        )}
      </div>
    </section>
  );
}

function RealNameForm({ resubmit }: { resubmit: boolean }) {
  const { t } = useTranslation();
  const mutation = useRealNameMutation();
  const form = useZodForm({
    schema: realNameInput,
    initialValues: { realName: '', idNumber: '', frontImage: '', backImage: '' },
    onInvalid: (errors) => {
      const first = Object.values(errors)[0];
      if (first) showToast(first);
    },
    busy: mutation.isPending,
    onSubmit: async (input) => {
      try {
        await mutation.mutateAsync(input);
        showSuccessToast(t('realname.success'));
      } catch (error) {
        const message = describeError(error, t);
        if (isRequestError(error) && error.reason === 'ID_NUMBER_INVALID') form.setErrors({ idNumber: message });
        else showToast(message);
      }
    },
  });
  const { values, errors } = form;

  const photoError = errors.frontImage ?? errors.backImage;
  return (
    <form onSubmit={form.handleSubmit} noValidate data-testid="realname-form">
      <div className="form-card">
        <TextField
          id="realname-name"
          label={t('realname.name')}
          maxLength={40}
          autoComplete="name"
          placeholder={t('realname.namePlaceholder')}
          {...textFieldOf(form, 'realName')}
        />
        <TextField
          id="realname-id-number"
          label={t('realname.idNumber')}
          maxLength={18}
          autoComplete="off"
          autoCapitalize="characters"
          placeholder={t('realname.idNumberPlaceholder')}
          {...textFieldOf(form, 'idNumber', (value) => value.toUpperCase().replace(/[^0-9X]/g, ''))}
        />
        <FormField label={t('realname.photos')} error={photoError}>
          <div className="id-photos">
            <IdPhotoTile
              label={t('realname.front')}
              value={values.frontImage}
              onChange={(url) => form.setValue('frontImage', url)}
              invalid={Boolean(errors.frontImage)}
              testId="realname-front"
            />
            <IdPhotoTile
              label={t('realname.back')}
              value={values.backImage}
              onChange={(url) => form.setValue('backImage', url)}
              invalid={Boolean(errors.backImage)}
              testId="realname-back"
            />
          </div>
        </FormField>
      </div>
      <p className="form-hint">{t('realname.photosHint')}</p>
      <p className="form-hint">{t('realname.privacy')}</p>
      <FormSubmit loading={mutation.isPending} testId="realname-submit">
        {resubmit ? t('realname.resubmit') : t('realname.submit')}
      </FormSubmit>
    </form>
  );
}

/** Real-name verification: the current state, and the form while there is none or it was rejected. */
export default function RealnamePage() {
  const { t } = useTranslation();
  const member = useUserStore((state) => state.userInfo);
  const query = useMemberInfoQuery();

  if (!member) {
    if (query.isError) {
      return (
        <EmptyState
          status="error"
          title={t('my.loadFailed')}
          description={describeError(query.error, t)}
          onAction={() => void query.refetch()}
        />
      );
    }
    return (
      <div className="skeleton-lines" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }

  const status = member.realNameStatus;
  return (
    <div className="realname" data-testid="realname-page">
      <StatusCard member={member} />
      {(status === 'none' || status === 'rejected') && <RealNameForm resubmit={status === 'rejected'} />}
    </div>
  );
}
