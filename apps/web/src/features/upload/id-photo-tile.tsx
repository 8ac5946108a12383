import { DotLoading } from 'antd-mobile';
import { CameraOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { IMAGE_ACCEPT } from './image-file.check';
import { useImageUpload } from './use-image-upload';

interface IdPhotoTileProps {
  label: string;
  /** The uploaded URL, or '' before one is. */
  value: string;
  onChange(url: string): void;
  invalid?: boolean;
  testId: string;
}

/** One side of the ID card: pick a photo, see it, and it is uploaded at once. */
export function IdPhotoTile({ label, value, onChange, invalid, testId }: IdPhotoTileProps) {
  const { t } = useTranslation();
  const { upload, uploading } = useImageUpload('idcard');
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const choose = async (file: File | undefined) => {
    const url = await upload(file);
    if (!url || !file) return;
    setPreview(URL.createObjectURL(file));
    onChange(url);
  };

  const shown = value ? (preview ?? value) : null;
  return (
    <label className={invalid ? 'id-photo id-photo-invalid' : 'id-photo'} data-testid={`${testId}-tile`}>
      {shown ? (
        <>
          <img src={shown} alt={label} />
          <span className="id-photo-overlay">{t('realname.reupload')}</span>
        </>
      ) : (
        <>
          <CameraOutline className="id-photo-icon" />
          <span className="id-photo-label">{label}</span>
          <span>{t('realname.tapToUpload')}</span>
        </>
      )}
      {uploading && (
        <span className="id-photo-busy" aria-label={t('realname.uploading')}>
          <DotLoading color="currentColor" />
        </span>
      )}
      <input
        type="file"
        accept={IMAGE_ACCEPT}
        className="upload-input"
        aria-label={label}
        disabled={uploading}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void choose(file);
        }}
        data-testid={testId}
        data-uploaded={value ? 'true' : 'false'}
      />
    </label>
  );
}
