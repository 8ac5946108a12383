import { useEffect, useState } from 'react';
import { Button, Input, Space } from 'antd';
import { SearchOutlined } from '@ant-design/icons';

interface Props {
  value: string | undefined;
  onSearch: (value: string | undefined) => void;
  placeholder: string;
  maxLength: number;
  width?: number;
  /** On the text field itself; the button gets `${testId}-submit`. */
  testId: string;
  /** Filters what may be typed, e.g. digits only for a phone number. */
  sanitize?: (text: string) => string;
  buttonText?: string;
}

/** A text filter applied on Enter or on the button; clearing it applies at once. */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  maxLength,
  width = 360,
  testId,
  sanitize,
  buttonText = '搜索',
}: Props) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const apply = (text: string) => onSearch(text.trim() || undefined);

  return (
    <Space.Compact style={{ width }}>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={placeholder}
        maxLength={maxLength}
        value={draft}
        onChange={(e) => {
          const text = sanitize ? sanitize(e.target.value) : e.target.value;
          setDraft(text);
          if (text === '' && value) apply('');
        }}
        onPressEnter={() => apply(draft)}
        data-testid={testId}
      />
      <Button type="primary" onClick={() => apply(draft)} data-testid={`${testId}-submit`}>
        {buttonText}
      </Button>
    </Space.Compact>
  );
}
