import { useTranslation } from '../../lib/use-translation';
import { PasswordField } from './password-field';
import type { TextFieldProps } from './text-field';

/** One field of a form as a row takes it: `textFieldOf(form, 'password')`. */
type FieldOfForm = Pick<TextFieldProps, 'value' | 'onChange' | 'error'>;

interface NewPasswordFieldsProps {
  /** Ids and test ids are `<prefix>-new` and `<prefix>-confirm`. */
  prefix: string;
  password: FieldOfForm;
  confirm: FieldOfForm;
}

/** A new login password and its confirmation. */
export function NewPasswordFields({ prefix, password, confirm }: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordField
        {...password}
        id={`${prefix}-new`}
        label={t('password.newPassword')}
        placeholder={t('password.newPasswordPlaceholder')}
        autoComplete="new-password"
        testId={`${prefix}-new`}
      />
      <PasswordField
        {...confirm}
        id={`${prefix}-confirm`}
        label={t('password.confirmPassword')}
        placeholder={t('password.confirmPasswordPlaceholder')}
        autoComplete="new-password"
        testId={`${prefix}-confirm`}
      />
    </>
  );
}
