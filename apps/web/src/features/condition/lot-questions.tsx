import type { LotDetail, LotStatus } from '@antique/shared';
import { useState } from 'react';
import { lazySheet } from '../../components/sheet/lazy-sheet';
import { useTranslation } from '../../lib/use-translation';
import { formatDateTime } from '../../lib/format-time';
import { currentPath, go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { getToken } from '../../lib/token-storage';
import type { QuestionPopupProps } from './question-popup';
import './condition.css';

// The question box (a text area with its counter) loads at the member's first touch of the page
// or when 向本行提问 is first tapped.
const QuestionPopup = lazySheet<QuestionPopupProps>(() =>
  import('./question-popup').then((module) => module.QuestionPopup),
);

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
