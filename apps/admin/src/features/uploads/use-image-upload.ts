import { useState } from 'react';
import { App as AntApp } from 'antd';
import { type OperatorUploadPurpose, imageFileProblem, uploadImage } from './upload-image';
import { errorText } from '../../lib/error-text';

/**
 * One picture the operator chose: checked, uploaded while `uploading` is set, its URL handed
 * to `onUploaded`; a refused file or a failed upload is said in a message.
 */
export function useImageUpload(purpose: OperatorUploadPurpose) {
  const { message } = AntApp.useApp();
  const [uploading, setUploading] = useState(false);

  const upload = async (file: File | undefined, onUploaded: (url: string) => void) => {
    if (!file) return;
    const problem = imageFileProblem(file);
    if (problem) {
      void message.error(problem);
      return;
    }
    setUploading(true);
    try {
      onUploaded(await uploadImage(file, purpose));
    } catch (error) {
      void message.error(errorText(error));
    } finally {
      setUploading(false);
    }
  };

  return { uploading, upload };
}
