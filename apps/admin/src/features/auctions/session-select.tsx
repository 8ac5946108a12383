import { type UIEvent, useEffect, useMemo, useState } from 'react';
import { Select, Spin, Typography } from 'antd';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { auctionQueries, cachedSession, sessionLabel } from './api';

/** How long typing rests before the search is sent. */
export const SESSION_SEARCH_DELAY_MS = 300;
/** How near the list's end (px) scrolling reads the next page. */
const NEAR_END_PX = 48;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return value === '' ? '' : settled;
}

export interface SessionSelectProps {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  placeholder: string;
  width: number;
  testId: string;
}

/**
 * Any session, searched by its title on the server and read a page at a time as the list
 * scrolls: the latest first, like the sessions page. Reads nothing until opened.
 */
export function SessionSelect({ value, onChange, placeholder, width, testId }: SessionSelectProps) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), SESSION_SEARCH_DELAY_MS);
  const sessions = useInfiniteQuery({ ...auctionQueries.sessionSearch(keyword), enabled: open });
  const list = useMemo(() => sessions.data?.pages.flatMap((p) => p.list) ?? [], [sessions.data]);
  const total = sessions.data?.pages[0]?.total;
  const options = useMemo(() => list.map((s) => ({ value: s.id, label: sessionLabel(s) })), [list]);
  const typing = search.trim() !== keyword;

  const onPopupScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight > NEAR_END_PX) return;
    if (sessions.hasNextPage && !sessions.isFetchingNextPage) void sessions.fetchNextPage();
  };

  const empty =
    sessions.isPending || typing ? (
      <Spin size="small" />
    ) : sessions.isError ? (
      '场次加载失败'
    ) : keyword ? (
      '没有匹配的场次'
    ) : (
      '暂无场次'
    );

  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch, autoClearSearchValue: true }}
      placeholder={placeholder}
      style={{ width }}
      value={value}
      onChange={(next) => {
        setSearch('');
        onChange(next);
      }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      options={typing ? [] : options}
      loading={open && (sessions.isFetching || typing)}
      notFoundContent={empty}
      // A session not among the options read so far is named from any list that has it.
      labelRender={({ label, value: id }) => {
        if (label !== undefined && label !== id) return label;
        const known = cachedSession(queryClient, Number(id));
        return known ? sessionLabel(known) : `场次 #${id}`;
      }}
      onPopupScroll={onPopupScroll}
      popupRender={(menu) => (
        <>
          {menu}
          {!typing && total !== undefined && total > 0 ? (
            <Typography.Text
              type="secondary"
              style={{ display: 'block', padding: '4px 12px', fontSize: 12 }}
              data-testid={`${testId}-count`}
            >
              {sessions.isFetchingNextPage
                ? '加载中…'
                : sessions.hasNextPage
                  ? `已显示 ${list.length} / ${total} 个场次，向下滚动加载更多`
                  : `共 ${total} 个场次`}
            </Typography.Text>
          ) : null}
        </>
      )}
      data-testid={testId}
    />
  );
}
