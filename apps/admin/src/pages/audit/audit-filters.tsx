import { useState } from 'react';
import { Select, Typography } from 'antd';
import { type TableFilter, parseId, selectFilter } from '../../components/data-table/table-filters';
import { useOperators } from '../../features/operators/api';
import { ACTION_GROUPS, ACTION_LABELS } from './audit-columns';

interface ActionOption {
  value: string;
  label: string;
}

const ACTION_OPTIONS = ACTION_GROUPS.map((group) => ({
  label: group.label,
  title: group.label,
  options: Object.entries(group.actions).map(([value, label]): ActionOption => ({ value, label })),
}));

/** What the API takes (`auditQuery.action`): at most 64 characters; keys are dotted words. */
const ACTION_KEY = /^[A-Za-z][\w.-]{0,63}$/;

const matches = (input: string, option: Partial<ActionOption> | undefined) => {
  const needle = input.trim().toLowerCase();
  return [option?.label, option?.value].some((text) => typeof text === 'string' && text.toLowerCase().includes(needle));
};

/**
 * The known actions by area, found by their Chinese name or key; a key typed that is not in
 * the list (one the server writes later) can still be chosen as it is.
 */
function ActionSelect({
  value,
  onChange,
}: {
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  const [search, setSearch] = useState('');
  const typed = search.trim();
  const extra: ActionOption[] = [];
  if (typed && !ACTION_LABELS[typed] && ACTION_KEY.test(typed))
    extra.push({ value: typed, label: `按动作「${typed}」筛选` });
  if (value && !ACTION_LABELS[value] && value !== typed) extra.push({ value, label: value });
  return (
    <Select<string, ActionOption>
      allowClear
      showSearch={{
        onSearch: setSearch,
        filterOption: (input, option) => option?.value === typed || matches(input, option),
      }}
      placeholder="全部动作（可搜索中文或动作名）"
      style={{ width: 300 }}
      value={value}
      onChange={(next) => {
        setSearch('');
        onChange(next || undefined);
      }}
      options={[...extra, ...ACTION_OPTIONS] as ActionOption[]}
      optionRender={(option) => (
        <span>
          {option.data.label}
          {ACTION_LABELS[option.data.value] ? (
            <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
              {option.data.value}
            </Typography.Text>
          ) : null}
        </span>
      )}
      notFoundContent="没有这个动作"
      data-testid="audit-action-filter"
    />
  );
}

/** An action key, typed or picked from the known ones. */
const actionFilter: TableFilter<string | undefined> = {
  parse: (raw) => raw,
  format: (value) => value,
  active: (value) => value !== undefined,
  render: (props) => <ActionSelect {...props} />,
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
