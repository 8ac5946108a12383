import { App as AntApp, Flex, Form, Input, Switch } from 'antd';
import { articleInput } from '@antique/shared';
import { FormModal } from '../../components/form-modal/form-modal';
import { fieldLimits, schemaRules } from '../../components/schema-rules';
import { RichTextField } from '../rich-text/rich-text-field';
import { SingleImageField } from '../uploads/image-fields';
import { type AdminArticle, ARTICLE_KIND_LABELS, type ArticleKind, useSaveArticle } from './api';

const { title, summary, content } = articleInput.shape;

export type ArticleEditing = { article: AdminArticle | null } | null;

interface FormValues {
  title: string;
  summary: string;
  cover: string;
  content: string;
  published: boolean;
}

/** Writes or edits a notice or a news article: title, summary, cover, the text, and whether members see it. */
export function ArticleFormModal({
  kind,
  editing,
  onClose,
}: {
  kind: ArticleKind;
  editing: ArticleEditing;
  onClose: () => void;
}) {
  const { message } = AntApp.useApp();
  const save = useSaveArticle(kind);
  const current = editing?.article ?? null;
  const label = ARTICLE_KIND_LABELS[kind];

  const finish = async (values: FormValues) => {
    await save.mutateAsync({
      id: current?.id ?? null,
      input: {
        title: values.title.trim(),
        summary: (values.summary ?? '').trim(),
        cover: values.cover ?? '',
        content: values.content ?? '',
        published: values.published,
      },
    });
    void message.success(current ? `已保存${label}` : values.published ? `已发布${label}` : `已保存${label}草稿`);
    onClose();
  };

  return (
    <FormModal<FormValues>
      open={editing !== null}
      title={current ? `编辑${label}` : `写${label}`}
      width={880}
      initialValues={
        current
          ? {
              title: current.title,
              summary: current.summary,
              cover: current.cover,
              content: current.content,
              published: current.published,
            }
          : { title: '', summary: '', cover: '', content: '', published: true }
      }
      onSubmit={finish}
      onClose={onClose}
      okText={(v) => (v.published ? (current?.published ? '保存' : '发布') : '存为草稿')}
      okTestId="article-submit"
    >
      <Form.Item label="标题" name="title" {...schemaRules(title, { label: '标题' })}>
        <Input maxLength={fieldLimits(title).max} showCount data-testid="article-title" />
      </Form.Item>
      <Form.Item
        label="摘要"
        name="summary"
        extra="列表中标题下的一两句话；不填则取正文开头"
        {...schemaRules(summary, { label: '摘要' })}
      >
        <Input.TextArea rows={2} maxLength={fieldLimits(summary).max} showCount data-testid="article-summary" />
      </Form.Item>
      <Flex gap={24} align="flex-start">
        <Form.Item label="封面" name="cover" extra={kind === 'news' ? '资讯列表与正文顶部显示，建议 2:1' : '可不填'}>
          <SingleImageField
            purpose="content"
            inputTestId="article-cover-input"
            testIdBase="article-cover"
            width={200}
            height={100}
            placeholder="上传封面"
          />
        </Form.Item>
        <Form.Item label="发布" name="published" valuePropName="checked" extra="关闭则存为草稿，会员端不显示">
          <Switch checkedChildren="发布" unCheckedChildren="草稿" data-testid="article-published" />
        </Form.Item>
      </Flex>
      <Form.Item label="正文" name="content" {...schemaRules(content, { label: '正文' })}>
        <RichTextField testId="article-editor" />
      </Form.Item>
    </FormModal>
  );
}
