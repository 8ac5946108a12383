import {
  QUESTION_MAX_CHARS,
  QUESTION_MIN_CHARS,
  type LotDetail,
  type LotQuestion,
  type LotStatus,
} from '@antique/shared';
import { judgeApi } from '@antique/shared/routes';
import { Button, TextArea } from 'antd-mobile';
import { Sheet } from '../../components/sheet/sheet';
import { useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { describeError } from '../../lib/describe-error';
import { formatDateTime } from '../../lib/format-time';
import { currentPath, go } from '../../lib/navigation';
import { call } from '../../lib/request';
import { pagePath } from '../../lib/route-paths';
import { showToast } from '../../lib/toast';
import { getToken } from '../../lib/token-storage';
import './condition.css';

export function askQuestion(id: number, text: string): Promise<LotQuestion> {
  return call(judgeApi.question, { id, text });
}

/** Characters as the server counts them (a surrogate pair is one). */
const lengthOf = (text: string) => [...text.trim()].length;

/** 向本行提问: the popup with its text box; sent, the lot's page is read again with the pending question. */
export function QuestionPopup({
  lotId,
  visible,
  onClose,
  onAsked,
}: {
  lotId: number;
  visible: boolean;
  onClose: () => void;
  /** The question was taken: the page reads the lot again (it comes back with the pending question). */
  onAsked: () => Promise<unknown> | void;
}) {
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

/**
 * 拍品问答 on a lot's page: the house's public answers, the caller's own questions still
 * waiting (only they see them), and 向本行提问 while the lot has not ended (a guest signs in first).
 */
export function LotQuestions({
  lot,
  status,
  onAsked,
}: {
  lot: LotDetail;
  /** The lot's status as the page shows it now (the clock may have passed its end). */
  status: LotStatus;
  onAsked: () => Promise<unknown> | void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const questions = lot.questions ?? [];
  const canAsk = status === 'upcoming' || status === 'live';
  const ask = () => {
    if (!getToken()) {
      go(pagePath('login', { redirect: currentPath() }));
      return;
    }
    setOpen(true);
  };
  if (!canAsk && questions.length === 0) return null;
  return (
    <section className="questions" data-testid="lot-questions">
      <div className="questions-head">
        <h2 className="questions-title">{t('judge.questions.title')}</h2>
        {canAsk && (
          <button type="button" className="questions-ask tap-target" onClick={ask} data-testid="question-ask">
            {t('judge.questions.ask')}
          </button>
        )}
      </div>
      {questions.length === 0 ? (
        <p className="questions-empty">{t('judge.questions.empty')}</p>
      ) : (
        <ul className="questions-list">
          {questions.map((q) => (
            <li key={q.id} className="question" data-testid="question" data-pending={q.pending}>
              <p className="question-text">{q.text}</p>
              <p className="question-meta">
                {t('judge.questions.askedBy', { who: q.asker })} · {formatDateTime(q.askedAt)}
                {q.pending && (
                  <span className="question-pending" data-testid="question-pending">
                    {t('judge.questions.pending')}
                  </span>
                )}
              </p>
              {q.answer !== null && (
                <p className="question-answer" data-testid="question-answer">
                  <span className="question-answer-label">{t('judge.questions.answer')}</span>
                  {q.answer}
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <QuestionPopup lotId={lot.id} visible={open} onClose={() => setOpen(false)} onAsked={onAsked} />
    </section>
  );
}
