import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { describeError } from '../../lib/describe-error';
import { showToast } from '../../lib/toast';
import { checkImageFile } from './image-file.check';
import { uploadImage, type MemberUploadPurpose } from './upload-image.api';

/**
 * Runs one image upload at a time for a file input and tells the member what went wrong.
 * Resolves with the stored URL, or null when nothing was uploaded.
 */
export function useImageUpload(purpose: MemberUploadPurpose) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | undefined): Promise<string | null> => {
    if (!file || uploading) return null;
    const problem = checkImageFile(file);
    if (problem) {
      showToast(t(`reasons.${problem}`));
      return null;
    }
    setUploading(true);
    try {
      return await uploadImage(file, purpose);
    } catch (error) {
      showToast(describeError(error, t));
      return null;
    } finally {
      setUploading(false);
    }
  };

  return { upload, uploading };
}
