import { QUESTION_MAX_CHARS, QUESTION_MIN_CHARS, type LotQuestion } from '@antique/shared';
import { judgeApi } from '@antique/shared/routes';
import { Button, TextArea } from 'antd-mobile';
import { useState } from 'react';
import { Sheet } from '../../components/sheet/sheet';
import { describeError } from '../../lib/describe-error';
import { call } from '../../lib/request';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/use-translation';

export function askQuestion(id: number, text: string): Promise<LotQuestion> {
  return call(judgeApi.question, { id, text });
}

/** Characters as the server counts them (a surrogate pair is one). */
const lengthOf = (text: string) => [...text.trim()].length;

export interface QuestionPopupProps {
  lotId: number;
  visible: boolean;
  onClose: () => void;
  /** The question was taken: the page reads the lot again (it comes back with the pending question). */
  onAsked: () => Promise<unknown> | void;
}

/** 向本行提问: the popup with its text box; sent, the lot's page is read again with the pending question. */
export function QuestionPopup({ lotId, visible, onClose, onAsked }: QuestionPopupProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const length = lengthOf(text);
  const submit = async () => {
    if (length < QUESTION_MIN_CHARS) {
      setError(t('judge.questions.tooShort'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await askQuestion(lotId, text.trim());
      setText('');
      onClose();
      showToast(t('judge.questions.sent'));
      await onAsked();
    } catch (e) {
      setError(describeError(e, t));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Sheet visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="question-popup">
      <h2 className="question-popup-title">{t('judge.questions.ask')}</h2>
      <TextArea
        value={text}
        onChange={(v) => {
          setText(v);
          if (error) setError(null);
        }}
        placeholder={t('judge.questions.placeholder')}
        maxLength={QUESTION_MAX_CHARS}
        showCount
        autoSize={{ minRows: 4, maxRows: 8 }}
        data-testid="question-text"
      />
      <p className="question-popup-hint" role={error ? 'alert' : undefined} data-testid="question-hint">
        {error}
      </p>
      <Button
        block
        color="primary"
        shape="rounded"
        loading={busy}
        disabled={busy || length === 0}
        onClick={() => void submit()}
        data-testid="question-submit"
      >
        {t('judge.questions.submit')}
      </Button>
    </Sheet>
  );
}
