import { App as AntApp, DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { FormModal } from '../../components/form-modal/form-modal';
import { type SessionRow, useSaveSession } from '../../features/auctions/api';
import { DATE_TIME_FORMAT } from '../../features/auctions/lot-schedule-fields';
import { SingleImageField } from '../../features/uploads/image-fields';

/** null: closed; `{ session: null }`: a new one. */
export type EditingSession = { session: SessionRow | null } | null;

interface Values {
  title: string;
  cover: string;
  startsAt: Dayjs | null;
}

const TITLE_MAX = 60;

/** Creates or edits a session: its title, cover and start. */
export function SessionFormModal({ editing, onClose }: { editing: EditingSession; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const save = useSaveSession();
  const current = editing?.session ?? null;

  const submit = async (values: Values) => {
    if (!values.startsAt) return;
    const input = { title: values.title.trim(), cover: values.cover, startsAt: values.startsAt.valueOf() };
    await save.mutateAsync({ id: current?.id ?? null, input });
    void message.success(current ? `已保存场次「${input.title}」` : `已创建场次「${input.title}」`);
    onClose();
  };

  return (
    <FormModal<Values>
      open={editing !== null}
      title={current ? '编辑场次' : '新建场次'}
      width={600}
      initialValues={
        current
          ? { title: current.title, cover: current.cover, startsAt: dayjs(current.startsAt) }
          : { title: '', cover: '', startsAt: null }
      }
      onSubmit={submit}
      onClose={onClose}
      okText={current ? '保存' : '创建'}
      okTestId="session-submit"
    >
      <Form.Item
        label="场次名称"
        name="title"
        rules={[
          {
            validator: (_, v: string | undefined) => {
              const text = (v ?? '').trim();
              if (text === '') return Promise.reject(new Error('请填写场次名称'));
              if (text.length > TITLE_MAX) return Promise.reject(new Error(`场次名称不能超过 ${TITLE_MAX} 个字`));
              return Promise.resolve();
            },
          },
        ]}
      >
        <Input maxLength={TITLE_MAX} showCount placeholder="如：2026 秋季瓷器杂项专场" data-testid="session-title" />
      </Form.Item>
      <Form.Item
        label="开拍时间"
        name="startsAt"
        rules={[{ required: true, message: '请选择开拍时间' }]}
        extra="会员端按此时间展示场次；场内每件拍品的起止时间在拍品中设置"
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format={DATE_TIME_FORMAT}
          placeholder="选择开拍时间"
          style={{ width: 220 }}
          data-testid="session-starts"
        />
      </Form.Item>
      <Form.Item
        label="封面"
        name="cover"
        rules={[{ required: true, message: '请上传场次封面' }]}
        extra="建议宽高比 2:1，JPG、PNG、WebP，不超过 5 MB"
      >
        <SingleImageField
          purpose="product"
          inputTestId="session-cover-input"
          testIdBase="session-cover"
          width={240}
          height={120}
          placeholder="上传封面"
          hint=""
        />
      </Form.Item>
    </FormModal>
  );
}
