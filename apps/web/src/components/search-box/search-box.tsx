import { CloseCircleFill } from 'antd-mobile-icons';
import { SearchIcon } from '../icons/common-icons';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/use-translation';
import './search-box.css';

/** At most as long as the server takes (40). */
export const SEARCH_MAX = 40;

/** The search box: typed freely, searched on submit, cleared with one tap. */
export function SearchBox({
  value,
  placeholder,
  onSearch,
  autoFocus,
  testId = 'search',
}: {
  value: string | undefined;
  placeholder: string;
  onSearch(keyword: string | undefined): void;
  autoFocus?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setText(value ?? ''), [value]);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    input.current?.blur();
    onSearch(text.trim() || undefined);
  };
  return (
    <form className="search-bar" onSubmit={submit} role="search">
      <SearchIcon className="search-bar-icon" />
      <input
        ref={input}
        type="search"
        enterKeyHint="search"
        className="search-bar-input"
        value={text}
        maxLength={SEARCH_MAX}
        placeholder={placeholder}
        aria-label={placeholder}
        onChange={(event) => setText(event.target.value)}
        data-testid={`${testId}-input`}
      />
      {text && (
        <button
          type="button"
          className="search-bar-clear"
          aria-label={t('mall.clearSearch')}
          onClick={() => {
            setText('');
            if (value) onSearch(undefined);
          }}
          data-testid={`${testId}-clear`}
        >
          <CloseCircleFill />
        </button>
      )}
      <button type="submit" className="search-bar-submit" data-testid={`${testId}-submit`}>
        {t('mall.search')}
      </button>
    </form>
  );
}
