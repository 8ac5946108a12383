import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';

interface NewPasswordFieldsProps {
  /** Ids and test ids are `<prefix>-new` and `<prefix>-confirm`. */
  prefix: string;
  password: string;
  confirm: string;
  onPasswordChange(value: string): void;
  onConfirmChange(value: string): void;
  errors: { password?: string | null; confirm?: string | null };
}

/** A new login password and its confirmation. */
export function NewPasswordFields({
  prefix,
  password,
  confirm,
  onPasswordChange,
  onConfirmChange,
  errors,
}: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        id={`${prefix}-new`}
        label={t('password.newPassword')}
        value={password}
        onChange={onPasswordChange}
        placeholder={t('password.newPasswordPlaceholder')}
        error={errors.password}
        autoComplete="new-password"
        testId={`${prefix}-new`}
      />
      <PasswordField
        id={`${prefix}-confirm`}
        label={t('password.confirmPassword')}
        value={confirm}
        onChange={onConfirmChange}
        placeholder={t('password.confirmPasswordPlaceholder')}
        error={errors.confirm}
        autoComplete="new-password"
        testId={`${prefix}-confirm`}
      />
    </>
  );
}
