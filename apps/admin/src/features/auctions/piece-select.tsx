import { type UIEvent, useEffect, useMemo, useState } from 'react';
import { Flex, Image, Select, Spin, Tag, Typography } from 'antd';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatFen } from '@antique/shared';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import { formatDateTime } from '../../lib/format-datetime';
import { type AdminProduct, auctionQueries } from './api';

/** How long typing rests before the search is sent. */
export const PIECE_SEARCH_DELAY_MS = 300;
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

/**
 * Why no unit of the product can be put up (`stock` counts free units only), or null when one
 * can. An unpaid order's hold says when it lapses; otherwise every unit is in a lot or sold.
 */
export function pieceUnavailableReason(p: Pick<AdminProduct, 'stock' | 'reservedUntil'>): string | null {
  if (p.stock > 0) return null;
  if (p.reservedUntil !== undefined)
    return `无可上拍库存：被待付款订单占用，${formatDateTime(p.reservedUntil)} 前未付款则释放`;
  return '无可上拍库存：已在拍品中、已售出或被待付款订单占用';
}

/** One product as the picker lists it: cover, title, price, free units, and whether the mall sells it. */
export function PieceSummary({ product, compact = false }: { product: AdminProduct; compact?: boolean }) {
  const reason = pieceUnavailableReason(product);
  const size = compact ? 40 : 64;
  return (
    <Flex gap={10} align="center" style={{ minWidth: 0 }} data-testid={`piece-${product.id}`}>
      <Image
        src={product.cover}
        width={size}
        height={size}
        preview={false}
        style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
        fallback={IMAGE_FALLBACK}
      />
      <div style={{ minWidth: 0, flex: 1 }}>
        <div style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          <Typography.Text strong={!compact} type={reason ? 'secondary' : undefined}>
            {product.title}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ marginInlineStart: 6, fontSize: 12 }}>
            #{product.id}
          </Typography.Text>
        </div>
        <div style={{ fontSize: 12, whiteSpace: 'normal' }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            售价 {formatFen(product.price)} · 可上拍 {product.stock} 件
          </Typography.Text>
          {product.onSale ? (
            <Tag color="green" style={{ marginInlineStart: 6, fontSize: 11, lineHeight: '16px' }}>
              商城在售
            </Tag>
          ) : (
            <Tag style={{ marginInlineStart: 6, fontSize: 11, lineHeight: '16px' }}>未上架（库存）</Tag>
          )}
        </div>
        {reason ? (
          <Typography.Text type="danger" style={{ display: 'block', fontSize: 12, whiteSpace: 'normal' }}>
            {reason}
          </Typography.Text>
        ) : null}
      </div>
    </Flex>
  );
}

export interface PieceSelectProps {
  /** The chosen product's id (the form's `productId`). */
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** The chosen product in full, for the form to take its particulars. */
  onPick: (product: AdminProduct | undefined) => void;
  /** The product chosen, when it is no longer among the options read (another search). */
  chosen: AdminProduct | undefined;
  status?: 'error';
  testId: string;
}

/**
 * Any of the house's products, searched by title or id on the server, a page at a time as
 * the list scrolls; one with no free unit is listed but cannot be chosen, saying why.
 */
export function PieceSelect({ value, onChange, onPick, chosen, status, testId }: PieceSelectProps) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const keyword = useDebounced(search.trim(), PIECE_SEARCH_DELAY_MS);
  const pieces = useInfiniteQuery({ ...auctionQueries.pieceSearch(keyword), enabled: open });
  const list = useMemo(() => pieces.data?.pages.flatMap((p) => p.list) ?? [], [pieces.data]);
  const total = pieces.data?.pages[0]?.total;
  const typing = search.trim() !== keyword;
  const options = useMemo(
    () =>
      list.map((p) => ({
        value: p.id,
        label: `${p.title}（#${p.id}）`,
        disabled: pieceUnavailableReason(p) !== null,
        product: p,
      })),
    [list],
  );

  const onPopupScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight > NEAR_END_PX) return;
    if (pieces.hasNextPage && !pieces.isFetchingNextPage) void pieces.fetchNextPage();
  };

  const empty =
    pieces.isPending || typing ? (
      <Spin size="small" />
    ) : pieces.isError ? (
      '藏品加载失败，请重试'
    ) : keyword ? (
      '没有匹配的藏品'
    ) : (
      '还没有藏品，请先在「商品管理」中录入'
    );

  return (
    <Select<number>
      allowClear
      showSearch={{ filterOption: false, searchValue: search, onSearch: setSearch, autoClearSearchValue: true }}
      placeholder="输入藏品名称或编号搜索，选择要上拍的一件"
      status={status}
      style={{ width: '100%' }}
      value={value}
      onChange={(id) => {
        setSearch('');
        onChange?.(id);
        onPick(id === undefined ? undefined : list.find((p) => p.id === id));
      }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      options={typing ? [] : options}
      optionRender={(option) => <PieceSummary product={option.data.product} compact />}
      labelRender={({ value: id }) => {
        const known = chosen?.id === id ? chosen : list.find((p) => p.id === id);
        return known ? `${known.title}（#${known.id}）` : `藏品 #${id}`;
      }}
      loading={open && (pieces.isFetching || typing)}
      notFoundContent={empty}
      onPopupScroll={onPopupScroll}
      listHeight={360}
      popupRender={(menu) => (
        <>
          {menu}
          {!typing && total !== undefined && total > 0 ? (
            <Typography.Text
              type="secondary"
              style={{ display: 'block', padding: '4px 12px', fontSize: 12 }}
              data-testid={`${testId}-count`}
            >
              {pieces.isFetchingNextPage
                ? '加载中…'
                : pieces.hasNextPage
                  ? `已显示 ${list.length} / ${total} 件藏品，向下滚动加载更多`
                  : `共 ${total} 件藏品；无可上拍库存的不能选择`}
            </Typography.Text>
          ) : null}
        </>
      )}
      data-testid={testId}
    />
  );
}
