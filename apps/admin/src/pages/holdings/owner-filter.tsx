import { useState } from 'react';
import { Flex, Segmented } from 'antd';
import { SearchBox } from '../../components/search-box';
import { type TableFilter, parseId } from '../../components/data-table/table-filters';

/** A member's id, or the house's own pieces. */
export type Owner = number | 'house' | undefined;
type Mode = 'all' | 'member' | 'house';

function OwnerControl({ value, onChange }: { value: Owner; onChange: (value: Owner) => void }) {
  // 「会员」 chosen before an id is typed is this control's own state, not yet a filter.
  const [picked, setPicked] = useState<Mode | null>(null);
  const mode: Mode = value === 'house' ? 'house' : value !== undefined ? 'member' : (picked ?? 'all');
  return (
    <Flex gap={8} align="center">
      <Segmented<Mode>
        value={mode}
        options={[
          { value: 'all', label: '全部持有人' },
          { value: 'member', label: '会员' },
          { value: 'house', label: '平台自有' },
        ]}
        onChange={(next) => {
          setPicked(next);
          if (next === 'house') onChange('house');
          else onChange(undefined);
        }}
        data-testid="holding-owner-kind"
      />
      {mode === 'member' ? (
        <SearchBox
          value={typeof value === 'number' ? String(value) : undefined}
          onSearch={(text) => onChange(parseId(text))}
          sanitize={(text) => text.replace(/\D/g, '').slice(0, 10)}
          placeholder="会员 ID"
          maxLength={10}
          width={200}
          buttonText="筛选"
          testId="holding-owner-id"
        />
      ) : null}
    </Flex>
  );
}

/** The holdings' owner filter: `ownerId` in the URL is a member's id or `house`. */
export function ownerFilter(): TableFilter<Owner> {
  return {
    parse: (raw) => (raw === 'house' ? 'house' : parseId(raw)),
    format: (value) => (value === undefined ? undefined : String(value)),
    active: (value) => value !== undefined,
    below: true,
    render: ({ value, onChange }) => <OwnerControl value={value} onChange={onChange} />,
  };
}
