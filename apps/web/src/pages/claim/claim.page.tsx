import { CLAIM_PHOTOS_MAX, CLAIM_TEXT_MAX, claimInput, claimReasons, type ClaimReason } from '@antique/shared';
import { Button, DotLoading, Selector, Skeleton, TextArea } from 'antd-mobile';
import { AddOutline, CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { PriceText } from '../../components/price/price-text';
import { useHoldingQuery } from '../../features/custody/custody.api';
import { claimListKey, submitClaim, useClaimTermsQuery } from '../../features/protect/protect.api';
import '../../features/protect/protect.css';
import { IMAGE_ACCEPT } from '../../features/upload/image-file.check';
import { useImageUpload } from '../../features/upload/use-image-upload';
import { describeError } from '../../lib/describe-error';
import { go } from '../../lib/navigation';
import { usePageParams } from '../../lib/page-params';
import { queryClient } from '../../lib/query-client';
import { routePaths } from '../../lib/route-paths';
import { showSuccessToast, showToast } from '../../lib/toast';

type Problem = 'reason' | 'text' | 'photos';

/** The claim form under the house's guarantee: reason, what is wrong, and 1–9 photos of the piece. */
export default function ClaimPage() {
  const { t } = useTranslation();
  const params = usePageParams();
  const holdingId = Number(params.holdingId);
  const valid = Number.isSafeInteger(holdingId) && holdingId > 0;
  const piece = useHoldingQuery(valid ? holdingId : 0);
  const terms = useClaimTermsQuery();
  const { upload, uploading } = useImageUpload('claim');
  const [reason, setReason] = useState<ClaimReason | null>(null);
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<string[]>([]);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [sending, setSending] = useState(false);

  if (!valid || piece.isError) {
    return (
      <EmptyState
        status="error"
        title={t('protect.missingPiece')}
        description={piece.isError ? describeError(piece.error, t) : undefined}
        actionText={t('routes.pickList')}
        onAction={() => go(routePaths.pickList)}
        testId="claim-missing"
      />
    );
  }
  if (piece.isPending) return <Skeleton.Paragraph lineCount={6} animated />;

  const addPhotos = async (files: FileList | null) => {
    for (const file of Array.from(files ?? []).slice(0, CLAIM_PHOTOS_MAX - photos.length)) {
      const url = await upload(file);
      if (url) setPhotos((list) => (list.length < CLAIM_PHOTOS_MAX ? [...list, url] : list));
    }
  };

  const send = async () => {
    if (sending || uploading) return;
    const parsed = claimInput.safeParse({ holdingId, reason, text, photos });
    if (!parsed.success) {
      setProblems([...new Set(parsed.error.issues.map((i) => i.path[0] as Problem))]);
      return;
    }
    setProblems([]);
    setSending(true);
    try {
      await submitClaim(parsed.data);
      void queryClient.invalidateQueries({ queryKey: claimListKey });
      showSuccessToast(t('protect.submitted'));
      go(routePaths.claimList);
    } catch (error) {
      showToast(describeError(error, t));
    } finally {
      setSending(false);
    }
  };

  const holding = piece.data;
  return (
    <div className="claim-page" data-testid="claim-page">
      <section className="claim-piece" data-testid="claim-piece">
        <img src={holding.cover} alt="" className="claim-piece-cover" />
        <div className="claim-piece-main">
          <p className="claim-piece-title">{holding.title}</p>
          <PriceText fen={holding.acquiredPrice} size="sm" />
        </div>
      </section>
      {terms.data && (
        <p className="claim-intro" data-testid="claim-intro">
          {t('protect.formIntro', { days: terms.data.guaranteeDays })}
        </p>
      )}
      <section className="claim-field">
        <h3 className="claim-label">{t('protect.reason')}</h3>
        <Selector
          columns={2}
          options={claimReasons.map((r) => ({ label: t(`protect.reasons.${r}`), value: r }))}
          value={reason ? [reason] : []}
          onChange={(v) => setReason((v[0] as ClaimReason | undefined) ?? null)}
          data-testid="claim-reason"
        />
        {problems.includes('reason') && <p className="claim-error">{t('protect.invalidReason')}</p>}
      </section>
      <section className="claim-field">
        <h3 className="claim-label">{t('protect.text')}</h3>
        <TextArea
          value={text}
          onChange={setText}
          placeholder={t('protect.textPlaceholder')}
          maxLength={CLAIM_TEXT_MAX}
          showCount
          rows={5}
          className="claim-text"
          data-testid="claim-text"
        />
        {problems.includes('text') && <p className="claim-error">{t('protect.invalidText')}</p>}
      </section>
      <section className="claim-field">
        <h3 className="claim-label">{t('protect.photos', { count: photos.length })}</h3>
        <div className="claim-photos" data-testid="claim-photos">
          {photos.map((url) => (
            <div key={url} className="claim-photo" data-testid="claim-photo">
              <img src={url} alt="" />
              <button
                type="button"
                className="claim-photo-remove"
                aria-label={t('protect.removePhoto')}
                onClick={() => setPhotos((list) => list.filter((p) => p !== url))}
              >
                <CloseOutline />
              </button>
            </div>
          ))}
          {photos.length < CLAIM_PHOTOS_MAX && (
            <label className="claim-photo claim-photo-add" data-testid="claim-photo-add">
              {uploading ? <DotLoading color="currentColor" /> : <AddOutline />}
              <span>{t('protect.addPhoto')}</span>
              <input
                type="file"
                accept={IMAGE_ACCEPT}
                multiple
                className="upload-input"
                aria-label={t('protect.addPhoto')}
                disabled={uploading}
                onChange={(e) => {
                  void addPhotos(e.target.files);
                  e.target.value = '';
                }}
                data-testid="claim-photo-input"
              />
            </label>
          )}
        </div>
        {problems.includes('photos') && <p className="claim-error">{t('protect.invalidPhotos')}</p>}
      </section>
      <div className="form-actions">
        <Button
          color="primary"
          size="large"
          shape="rounded"
          block
          loading={sending}
          disabled={uploading}
          onClick={() => void send()}
          data-testid="claim-submit"
        >
          {t('protect.submit')}
        </Button>
      </div>
    </div>
  );
}
