import { useEffect, useState } from 'react';
import { AutoComplete, Button, Input, Space } from 'antd';
import { type TableFilter, parseId, selectFilter } from '../../components/data-table/table-filters';
import { useOperators } from '../../features/operators/api';
import { ACTION_LABELS } from './audit-columns';

const ACTION_OPTIONS = Object.entries(ACTION_LABELS).map(([value, label]) => ({
  value,
  label: `${label}（${value}）`,
}));

function ActionInput({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  return (
    <Space.Compact>
      <AutoComplete
        options={ACTION_OPTIONS}
        value={draft}
        onChange={setDraft}
        onSelect={(selected: string) => onChange(selected)}
        style={{ width: 300 }}
      >
        <Input
          allowClear
          placeholder="动作，如 member.freeze"
          maxLength={64}
          onPressEnter={() => onChange(draft.trim() || undefined)}
          data-testid="audit-action-filter"
        />
      </AutoComplete>
      <Button type="primary" onClick={() => onChange(draft.trim() || undefined)}>
        筛选
      </Button>
    </Space.Compact>
  );
}

/** An action key, typed or picked from the known ones. */
const actionFilter: TableFilter<string | undefined> = {
  parse: (raw) => raw,
  format: (value) => value,
  active: (value) => value !== undefined,
  render: (props) => <ActionInput {...props} />,
};

/** Who did it (the operators load for the choice) and what they did. */
export function useAuditFilters() {
  const operators = useOperators();
  return {
    operatorId: selectFilter({
      parse: parseId,
      options: (operators.data ?? []).map((o) => ({ value: o.id, label: `${o.username} (#${o.id})` })),
      placeholder: '全部操作人',
      width: 200,
      searchable: true,
      loading: operators.isPending,
      testId: 'audit-operator-filter',
    }),
    action: actionFilter,
  };
}
