import { updateMemberInput } from '@antique/shared';
import { Button, CenterPopup, CheckList, DotLoading, List } from 'antd-mobile';
import { Sheet } from '../../components/sheet/sheet';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { LOGIN_PATH } from '../../lib/route-paths';
import { MemberAvatar } from '../../components/member-avatar/member-avatar';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { VipBadge } from '../../components/vip-badge/vip-badge';
import { logout as signOut } from '../../features/member/logout.api';
import { useUpdateMemberMutation } from '../../features/member/update-member.api';
import { useUserStore } from '../../features/member/user.store';
import { IMAGE_ACCEPT } from '../../features/upload/image-file.check';
import { useImageUpload } from '../../features/upload/use-image-upload';
import { describeError } from '../../lib/describe-error';
import { useZodForm } from '../../lib/form/use-zod-form';
import { changeLocale, currentLocale, i18n, isLocale, localeNames, locales } from '../../lib/i18n';
import { showSuccessToast, showToast } from '../../lib/toast';

function NicknameDialog({ initial, onClose }: { initial: string; onClose(): void }) {
  const { t } = useTranslation();
  const mutation = useUpdateMemberMutation();
  const form = useZodForm({
    schema: updateMemberInput,
    initialValues: { nickname: initial },
    busy: mutation.isPending,
    onSubmit: async ({ nickname }) => {
      if (nickname === initial) {
        onClose();
        return;
      }
      try {
        await mutation.mutateAsync({ nickname });
        showSuccessToast(t('settings.saved'));
        onClose();
      } catch (failure) {
        form.setError('nickname', describeError(failure, t));
      }
    },
  });
  const error = form.errors.nickname;

  return (
    <div className="nickname-dialog" data-testid="setting-nickname-dialog">
      <div className="popup-title">{t('settings.editNickname')}</div>
      <div className="nickname-dialog-body">
        <input
          className="nickname-input"
          value={form.values.nickname}
          maxLength={20}
          autoFocus
          placeholder={t('settings.nicknamePlaceholder')}
          onChange={(event) => form.setValue('nickname', event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') void form.submit();
          }}
          data-testid="setting-nickname-input"
        />
        <div className="nickname-error" role="alert">
          {error ?? ''}
        </div>
      </div>
      <div className="dialog-buttons">
        <Button fill="none" onClick={onClose} data-testid="setting-nickname-cancel">
          {t('common.cancel')}
        </Button>
        <Button
          color="primary"
          fill="none"
          loading={mutation.isPending}
          onClick={() => void form.submit()}
          data-testid="setting-nickname-save"
        >
          {t('common.save')}
        </Button>
      </div>
    </div>
  );
}

/** Avatar, nickname, phone and VIP level, language and logging out. */
export default function UserSettingPage() {
  const { t } = useTranslation();
  const member = useUserStore((state) => state.userInfo);
  const [nicknameOpen, setNicknameOpen] = useState(false);
  const [languageOpen, setLanguageOpen] = useState(false);
  const avatarUpload = useImageUpload('avatar');
  const update = useUpdateMemberMutation();
  const locale = currentLocale();

  const changeAvatar = async (file: File | undefined) => {
    const url = await avatarUpload.upload(file);
    if (!url) return;
    try {
      await update.mutateAsync({ avatar: url });
      showSuccessToast(t('settings.avatarUpdated'));
    } catch (error) {
      showToast(describeError(error, t));
    }
  };

  const chooseLanguage = async (value: string | undefined) => {
    setLanguageOpen(false);
    if (!isLocale(value) || value === locale) return;
    await changeLocale(value);
    // Said in the language just chosen.
    showSuccessToast(i18n.t('settings.languageChanged'));
  };

  const logout = async () => {
    const confirmed = await showMessageBox({ msg: t('settings.logoutConfirm') });
    if (!confirmed) return;
    await signOut();
    go(LOGIN_PATH, { replace: true });
  };

  return (
    <div className="settings" data-testid="user-setting-page">
      <div className="entry-list">
        <List>
          <List.Item
            className="settings-avatar-row"
            extra={
              avatarUpload.uploading || update.isPending ? (
                <span className="settings-avatar-busy">
                  <DotLoading color="primary" />
                </span>
              ) : (
                <MemberAvatar src={member?.avatar} name={member?.nickname} size={2.75} />
              )
            }
            arrowIcon
            data-testid="setting-avatar"
          >
            {t('settings.avatar')}
            {/* Covers the whole row, so a tap anywhere on it opens the photo picker. */}
            <input
              type="file"
              accept={IMAGE_ACCEPT}
              className="upload-input"
              aria-label={t('settings.avatar')}
              disabled={avatarUpload.uploading}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                void changeAvatar(file);
              }}
              data-testid="setting-avatar-input"
            />
          </List.Item>
          <List.Item
            extra={<span data-testid="setting-nickname">{member?.nickname ?? ''}</span>}
            onClick={() => setNicknameOpen(true)}
            data-testid="setting-nickname-row"
          >
            {t('settings.nickname')}
          </List.Item>
          <List.Item extra={<span data-testid="setting-phone">{member?.phone ?? ''}</span>}>
            {t('settings.phone')}
          </List.Item>
          {member && (
            <List.Item extra={<VipBadge level={member.vipLevel} />} data-testid="setting-vip">
              {t('settings.vipLevel')}
            </List.Item>
          )}
          <List.Item
            extra={<span data-testid="setting-language-current">{localeNames[locale]}</span>}
            onClick={() => setLanguageOpen(true)}
            data-testid="setting-language"
          >
            {t('settings.language')}
          </List.Item>
        </List>
      </div>

      <div className="entry-list entry-list-danger">
        <List>
          <List.Item onClick={() => void logout()} arrowIcon={false} data-testid="setting-logout">
            {t('settings.logout')}
          </List.Item>
        </List>
      </div>

      <CenterPopup visible={nicknameOpen} onMaskClick={() => setNicknameOpen(false)} destroyOnClose>
        <NicknameDialog initial={member?.nickname ?? ''} onClose={() => setNicknameOpen(false)} />
      </CenterPopup>

      <Sheet
        visible={languageOpen}
        onMaskClick={() => setLanguageOpen(false)}
        onClose={() => setLanguageOpen(false)}
        bodyClassName="language-popup"
      >
        <div className="popup-title">{t('settings.chooseLanguage')}</div>
        <div className="language-list">
          <CheckList value={[locale]} onChange={(values) => void chooseLanguage(values[0]?.toString())}>
            {locales.map((code) => (
              <CheckList.Item key={code} value={code} data-testid={`setting-language-${code}`}>
                <span lang={code}>{localeNames[code]}</span>
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Sheet>
    </div>
  );
}
