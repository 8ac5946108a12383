import type { Certificate, ConditionReport } from '@antique/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { ImageZoom } from '../../components/image-zoom/image-zoom';
import { LazyImage } from '../../components/lazy-image/lazy-image';
import { formatDate } from '../../lib/format-time';
import './condition.css';

/** The pictures the viewer shows, and which one it opened on. */
interface Zoom {
  images: string[];
  at: number;
}

/**
 * 品相报告: the house's grade, measurements, marks, repairs and notes of a piece, who examined it
 * and when, its photos (tap to zoom), and the certificate where there is one. `condition` null:
 * the house has not examined it yet, which the section says.
 */
export function ConditionSection({
  condition,
  certificate,
}: {
  condition: ConditionReport | null | undefined;
  certificate?: Certificate | undefined;
}) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<Zoom | null>(null);
  const closeZoom = useCallback(() => setZoom(null), []);
  // An older server sends no field at all: nothing to say then.
  if (condition === undefined) return null;
  const rows = condition
    ? (
        [
          ['dimensions', condition.dimensions],
          ['weight', condition.weight],
          ['marks', condition.marks],
          ['repairs', condition.repairs],
          ['notes', condition.notes],
        ] as const
      ).filter(([, value]) => value.trim() !== '')
    : [];
  return (
    <section className="condition" data-testid="condition">
      <div className="condition-head">
        <h2 className="condition-title">{t('judge.condition.title')}</h2>
        {condition && (
          <span className={`condition-grade condition-grade-${condition.grade}`} data-testid="condition-grade">
            {t('judge.condition.gradeLabel')} · {t(`judge.condition.grade.${condition.grade}`)}
          </span>
        )}
      </div>
      {condition ? (
        <>
          {rows.length > 0 && (
            <dl className="condition-rows">
              {rows.map(([key, value]) => (
                <div key={key} className="condition-row" data-testid={`condition-${key}`}>
                  <dt>{t(`judge.condition.${key}`)}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          )}
          {condition.photos.length > 0 && (
            <div className="condition-photos" aria-label={t('judge.condition.photos')}>
              {condition.photos.map((src, at) => (
                <button
                  type="button"
                  key={`${src}-${at}`}
                  className="condition-photo"
                  onClick={() => setZoom({ images: condition.photos, at })}
                  aria-label={`${t('judge.condition.photos')} ${at + 1}`}
                  data-testid="condition-photo"
                >
                  <LazyImage src={src} alt="" ratio={1} />
                </button>
              ))}
            </div>
          )}
          <p className="condition-examined" data-testid="condition-examined">
            {t('judge.condition.examined', { name: condition.examinedBy, date: formatDate(condition.examinedAt) })}
          </p>
        </>
      ) : (
        <p className="condition-none" data-testid="condition-none">
          {t('judge.condition.none')}
        </p>
      )}
      {certificate && (
        <div className="condition-certificate" data-testid="condition-certificate">
          <div className="condition-certificate-text">
            <strong>{t('judge.condition.certificate')}</strong>
            <span>
              {t('judge.condition.issuer')}：{certificate.issuer}
            </span>
            <span>
              {t('judge.condition.number')}：{certificate.number}
            </span>
            <span>
              {t('judge.condition.date')}：{certificate.date}
            </span>
          </div>
          {certificate.picture && (
            <button
              type="button"
              className="condition-certificate-picture"
              onClick={() => setZoom({ images: [certificate.picture!], at: 0 })}
              aria-label={t('judge.condition.viewCertificate')}
              data-testid="condition-certificate-picture"
            >
              <LazyImage src={certificate.picture} alt="" ratio={4 / 3} />
            </button>
          )}
        </div>
      )}
      <ImageZoom images={zoom?.images ?? []} open={zoom !== null} at={zoom?.at ?? 0} onClose={closeZoom} />
    </section>
  );
}
