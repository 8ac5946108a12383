import { Button, Skeleton } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { qrDataUrl, qrPathOf, qrPng, type QrPath } from '../../lib/qr-code';
import { useTeamInfoQuery } from '../../features/team/team.api';
import { copyText } from '../../lib/clipboard';
import { describeError } from '../../lib/describe-error';
import { go } from '../../lib/navigation';
import { routePaths } from '../../lib/route-paths';
import { showToast } from '../../lib/toast';
import './invite.css';

/** The QR code of the invite link, drawn in the page; the QR library is loaded only here. */
function InviteQr({ url, code }: { url: string; code: string }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<{ url: string; path: QrPath } | { url: string; failed: true }>();
  useEffect(() => {
    let live = true;
    qrPathOf(url).then(
      (path) => live && setQr({ url, path }),
      () => live && setQr({ url, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [url]);

  const current = qr?.url === url ? qr : undefined;
  const save = async () => {
    if (!current || 'failed' in current) return;
    const png = await qrPng(current.path);
    if (!png) {
      showToast(t('invite.saveHint'));
      return;
    }
    const link = document.createElement('a');
    link.href = png;
    link.download = `invite-${code}.png`;
    link.click();
  };

  return (
    <div className="invite-qr">
      <div className="invite-qr-frame">
        {!current ? (
          <div className="invite-qr-placeholder" aria-busy="true" data-testid="invite-qr-loading" />
        ) : 'failed' in current ? (
          <div className="invite-qr-placeholder invite-qr-failed" data-testid="invite-qr-failed">
            {t('invite.qrFailed')}
          </div>
        ) : (
          <img
            className="invite-qr-image"
            src={qrDataUrl(current.path)}
            alt={t('invite.qrAlt')}
            data-testid="invite-qr"
            data-url={url}
          />
        )}
      </div>
      <p className="invite-qr-hint">{t('invite.saveHint')}</p>
      <Button
        size="small"
        shape="rounded"
        fill="outline"
        className="invite-qr-save"
        disabled={!current || 'failed' in current}
        onClick={() => void save()}
        data-testid="invite-save"
      >
        {t('invite.save')}
      </Button>
    </div>
  );
}

/** The member's invite code and link to copy, and the link's QR code for a friend to scan. */
/** One row of the invite card: what it is, its value, and 复制. */
function CopyField({ kind, label, value }: { kind: 'code' | 'link'; label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <div className="invite-field">
      <div className="invite-field-main">
        <div className="invite-field-label">{label}</div>
        <div className={`invite-${kind}`} data-testid={`invite-${kind}`}>
          {value}
        </div>
      </div>
      <Button
        size="small"
        shape="rounded"
        color="primary"
        className="gold-button"
        onClick={() => void copyText(value)}
        data-testid={`invite-copy-${kind}`}
      >
        {t('invite.copy')}
      </Button>
    </div>
  );
}

export default function InvitePage() {
  const { t } = useTranslation();
  const info = useTeamInfoQuery();

  if (info.isPending) {
    return (
      <div className="invite-page skeleton-lines" aria-busy="true" data-testid="invite-loading">
        <Skeleton.Paragraph lineCount={6} animated />
      </div>
    );
  }
  if (info.isError) {
    return (
      <div className="invite-page" data-testid="invite-page">
        <EmptyState
          status="error"
          title={t('invite.loadFailed')}
          description={describeError(info.error, t)}
          onAction={() => void info.refetch()}
          testId="invite-error"
        />
      </div>
    );
  }
  const { inviteCode, inviteUrl } = info.data;
  return (
    <div className="invite-page" data-testid="invite-page">
      <section className="invite-card">
        <h2 className="invite-title">{t('invite.title')}</h2>
        <p className="invite-subtitle">{t('invite.subtitle')}</p>
        <InviteQr url={inviteUrl} code={inviteCode} />
      </section>
      <section className="invite-fields">
        <CopyField kind="code" label={t('invite.code')} value={inviteCode} />
        <CopyField kind="link" label={t('invite.link')} value={inviteUrl} />
      </section>
      <button type="button" className="invite-team-link" onClick={() => go(routePaths.team)} data-testid="invite-team">
        {t('invite.team')}
      </button>
    </div>
  );
}
