import { useState } from 'react';
import { Button, Image, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useConfirmAction } from '../../components/confirm-modal';
import { DataTable } from '../../components/data-table/data-table';
import { searchFilter } from '../../components/data-table/table-filters';
import { useDataTable } from '../../components/data-table/use-data-table';
import { IMAGE_FALLBACK } from '../../components/image-fallback';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format-datetime';
import { type AdminArticle, ARTICLE_KIND_LABELS, type ArticleKind, articleQueries, useDeleteArticle } from './api';
import { type ArticleEditing, ArticleFormModal } from './article-form-modal';

const filters = {
  keyword: searchFilter({ placeholder: '标题关键字', maxLength: 40, width: 320, testId: 'article-search' }),
};

/** Published now, scheduled for later, or a draft. */
function ArticleStatus({ article }: { article: AdminArticle }) {
  if (!article.published) return <Tag>草稿</Tag>;
  if (article.publishedAt > Date.now()) return <Tag color="gold">定时发布</Tag>;
  return <Tag color="green">已发布</Tag>;
}

/** The notices or the news: a list by title, and the editor to write, change, publish or delete one. */
export function ArticlesAdmin({ kind }: { kind: ArticleKind }) {
  const label = ARTICLE_KIND_LABELS[kind];
  const table = useDataTable({
    filters,
    query: ({ keyword }, paging) => articleQueries.list(kind, { ...(keyword ? { keyword } : {}), ...paging }),
  });
  const [editing, edit] = useState<ArticleEditing>(null);
  const remove = useDeleteArticle(kind);
  const confirmRemove = useConfirmAction<AdminArticle>({
    title: () => `删除${label}`,
    okText: () => '确认删除',
    okTestId: 'article-delete-confirm',
    danger: () => true,
    body: (a) => `确定删除「${a.title}」吗？删除后会员端立即不再显示，且无法恢复。`,
    run: async (a) => {
      await remove.mutateAsync(a.id);
      return `已删除${label}`;
    },
  });

  const columns: ColumnsType<AdminArticle> = [
    {
      title: '封面',
      dataIndex: 'cover',
      width: 112,
      render: (cover: string) =>
        cover ? (
          <Image src={cover} width={88} height={44} style={{ objectFit: 'cover' }} fallback={IMAGE_FALLBACK} />
        ) : (
          <Typography.Text type="secondary">无</Typography.Text>
        ),
    },
    {
      title: '标题',
      dataIndex: 'title',
      render: (title: string, a) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{title}</Typography.Text>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 480 }}>
            {a.summary}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '状态', key: 'status', width: 110, render: (_, a) => <ArticleStatus article={a} /> },
    { title: '发布时间', dataIndex: 'publishedAt', width: 170, render: (ms: number) => formatDateTime(ms) },
    { title: '最后修改', dataIndex: 'updatedAt', width: 170, render: (ms: number) => formatDateTime(ms) },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_, a) => (
        <Space>
          <Button type="link" size="small" onClick={() => edit({ article: a })} data-testid={`article-edit-${a.id}`}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() => confirmRemove.ask(a)}
            data-testid={`article-delete-${a.id}`}
          >
            删除
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={kind === 'notice' ? '公告' : '资讯'}
        subtitle={
          kind === 'notice' ? '会员端“平台公告”与首页公告栏；草稿不显示' : '会员端“资讯”列表与正文，带封面；草稿不显示'
        }
        extra={
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => edit({ article: null })}
            data-testid="article-create"
          >
            写{label}
          </Button>
        }
      />
      <DataTable
        table={table}
        columns={columns}
        testId={(a) => `article-row-${a.id}`}
        summary={(total) => `共 ${total} 篇`}
        emptyText={`暂无${label}`}
      />
      <ArticleFormModal kind={kind} editing={editing} onClose={() => edit(null)} />
      {confirmRemove.dialog}
    </>
  );
}
