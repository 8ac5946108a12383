import type { Contact } from '@antique/shared';
import { Skeleton } from 'antd-mobile';
import {
  ClockCircleOutline,
  EnvironmentOutline,
  MailOutline,
  PhonebookOutline,
  UserCircleOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { copyText } from '../../lib/clipboard';
import { describeError } from '../../lib/describe-error';
import { useContactQuery } from './content.api';
import './content.css';

type Field = 'phone' | 'wechat' | 'email' | 'serviceHours' | 'address';

const ICONS: Record<Field, ReactNode> = {
  phone: <PhonebookOutline />,
  wechat: <UserCircleOutline />,
  email: <MailOutline />,
  serviceHours: <ClockCircleOutline />,
  address: <EnvironmentOutline />,
};

/** A dialable number: digits and a leading + only (400-820-1688 → 4008201688). */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function ContactRow({ field, value }: { field: Field; value: string }) {
  const { t } = useTranslation();
  const copy = (
    <button
      type="button"
      className="contact-action tap-target"
      onClick={() => void copyText(value)}
      data-testid={`contact-copy-${field}`}
    >
      {t('common.copy')}
    </button>
  );
  let actions: ReactNode = null;
  if (field === 'phone') {
    actions = (
      <>
        <a
          className="contact-action contact-action-primary tap-target"
          href={telHref(value)}
          data-testid="contact-dial"
        >
          {t('content.contact.dial')}
        </a>
        {copy}
      </>
    );
  } else if (field === 'email') {
    actions = (
      <>
        <a className="contact-action tap-target" href={`mailto:${value}`} data-testid="contact-mail">
          {t('content.contact.mail')}
        </a>
        {copy}
      </>
    );
  } else if (field !== 'serviceHours') {
    actions = copy;
  }
  return (
    <li className="contact-row" data-testid={`contact-${field}`}>
      <span className="contact-icon" aria-hidden="true">
        {ICONS[field]}
      </span>
      <span className="contact-main">
        <span className="contact-label">{t(`content.contact.${field}`)}</span>
        <span className="contact-value" data-testid={`contact-${field}-value`}>
          {value}
        </span>
      </span>
      {actions && <span className="contact-actions">{actions}</span>}
    </li>
  );
}

/** The contact page: each way to reach the house with its action, the WeChat QR code and how money comes in and goes out. */
export function ContactCard() {
  const { t } = useTranslation();
  const query = useContactQuery();

  if (query.isPending) {
    return (
      <div className="skeleton-lines" aria-busy="true" data-testid="contact-loading">
        <Skeleton.Paragraph lineCount={8} animated />
      </div>
    );
  }
  if (query.isError) {
    return (
      <EmptyState
        status="error"
        title={t('content.contact.loadFailed')}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId="contact-error"
      />
    );
  }
  const contact: Contact = query.data;
  const fields = (['phone', 'wechat', 'email', 'serviceHours', 'address'] as const).filter((f) => contact[f] !== '');
  if (fields.length === 0 && !contact.qrCode && !contact.notes) {
    return <EmptyState title={t('content.contact.empty')} testId="contact-empty" />;
  }
  const notes = contact.notes.split('\n').filter((line) => line.trim() !== '');
  return (
    <div className="contact" data-testid="contact">
      {fields.length > 0 && (
        <ul className="contact-list">
          {fields.map((field) => (
            <ContactRow key={field} field={field} value={contact[field]} />
          ))}
        </ul>
      )}
      {contact.qrCode && (
        <section className="contact-qr">
          <h2 className="section-title">{t('content.contact.qrCode')}</h2>
          <img
            className="contact-qr-image"
            src={contact.qrCode}
            alt={t('content.contact.qrAlt')}
            data-testid="contact-qr"
          />
          <p className="contact-hint">{t('content.contact.qrHint')}</p>
        </section>
      )}
      {notes.length > 0 && (
        <section className="contact-notes" data-testid="contact-notes">
          <h2 className="section-title">{t('content.contact.notes')}</h2>
          {notes.map((line, index) => (
            <p key={index}>{line}</p>
          ))}
        </section>
      )}
    </div>
  );
}
