import { Skeleton } from 'antd-mobile';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { describeError } from '../../lib/describe-error';
import type { PagedQuery } from '../../lib/use-paged-query';
import { EmptyState, type EmptyStateProps } from '../empty-state/empty-state';
import { InfiniteList } from '../infinite-list/infinite-list';
import './paged-list.css';

type Rows<T> =
  /** One element per item (keyed by its id here): cards, or `<li>`s when `list` wraps them in a `<ul>`. */
  | { renderItem(item: T): ReactNode; renderItems?: never }
  /** All the items at once, for a page that lays them out together (a selectable group). */
  | { renderItems(items: T[]): ReactNode; renderItem?: never };

type PagedListBodyProps<T extends { id: number }> = Rows<T> & {
  paged: Pick<PagedQuery<T>, 'query' | 'items' | 'listProps'>;
  /** What stands in while the first page is on its way: a skeleton shaped like the page's rows. */
  loading: ReactNode;
  /** The page's own "could not load" title; the reason and a retry come with it. */
  errorTitle: string;
  /** The page's own empty state: title, hint and action. */
  empty: Omit<EmptyStateProps, 'status' | 'testId'>;
  /** Names the parts: `<testId>-error`, `<testId>-empty`, `<testId>-list`. */
  testId: string;
  /** The InfiniteList's test id; `<testId>-infinite` unless given. */
  infiniteTestId?: string;
  /** Wraps the rows in a `<ul>` of this class (test id `<testId>-list`). */
  listClassName?: string;
};

/** A first load shaped like rows of text: grey lines under the list's own class. */
export function LinesSkeleton({ className, lines, testId }: { className?: string; lines: number; testId: string }) {
  return (
    <div className={className ? `${className} skeleton-lines` : 'skeleton-lines'} aria-busy="true" data-testid={testId}>
      <Skeleton.Paragraph lineCount={lines} animated />
    </div>
  );
}

/**
 * The body of a paged list: the first load, the error with a retry, the empty state, then the
 * items page by page with the InfiniteList's footer (loading more, retry, no more).
 */
export function PagedListBody<T extends { id: number }>(props: PagedListBodyProps<T>) {
  const { t } = useTranslation();
  const { paged, testId, listClassName } = props;
  const { query, items } = paged;
  let body: ReactNode;
  if (query.isPending) body = props.loading;
  else if (query.isError && items.length === 0) {
    body = (
      <EmptyState
        status="error"
        title={props.errorTitle}
        description={describeError(query.error, t)}
        onAction={() => void query.refetch()}
        testId={`${testId}-error`}
      />
    );
  } else if (items.length === 0) body = <EmptyState {...props.empty} testId={`${testId}-empty`} />;
  else {
    const rows = props.renderItems
      ? props.renderItems(items)
      : items.map((item) => <Fragment key={item.id}>{props.renderItem(item)}</Fragment>);
    body = listClassName ? (
      <ul className={listClassName} data-testid={`${testId}-list`}>
        {rows}
      </ul>
    ) : (
      rows
    );
  }
  return (
    <InfiniteList {...paged.listProps} testId={props.infiniteTestId ?? `${testId}-infinite`}>
      {body}
    </InfiniteList>
  );
}
