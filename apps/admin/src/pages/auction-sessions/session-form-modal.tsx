import { App as AntApp, DatePicker, Form, Input, InputNumber } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { MAX_STAGGER_SECONDS, sessionInput } from '@antique/shared';
import { FormModal } from '../../components/form-modal/form-modal';
import { fieldLimits, schemaRules } from '../../components/schema-rules';
import { type SessionRow, useSaveSession } from '../../features/auctions/api';
import { DATE_TIME_FORMAT } from '../../features/auctions/lot-schedule-fields';
import { SingleImageField } from '../../features/uploads/image-fields';
import { IMAGE_RULE_TEXT } from '../../features/uploads/upload-image';

/** null: closed; `{ session: null }`: a new one. */
export type EditingSession = { session: SessionRow | null } | null;

interface Values {
  title: string;
  cover: string;
  startsAt: Dayjs | null;
  /** Staggered endings: seconds between one lot's end and the next (0: each as scheduled). */
  staggerSeconds: number | null;
}

const { title, cover } = sessionInput.shape;

/** Creates or edits a session: its title, cover and start. */
export function SessionFormModal({ editing, onClose }: { editing: EditingSession; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const save = useSaveSession();
  const current = editing?.session ?? null;

  const submit = async (values: Values) => {
    if (!values.startsAt) return;
    const input = {
      title: values.title.trim(),
      cover: values.cover,
      startsAt: values.startsAt.valueOf(),
      staggerSeconds: values.staggerSeconds ?? 0,
    };
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
          ? {
              title: current.title,
              cover: current.cover,
              startsAt: dayjs(current.startsAt),
              staggerSeconds: current.staggerSeconds ?? 0,
            }
          : { title: '', cover: '', startsAt: null, staggerSeconds: 0 }
      }
      onSubmit={submit}
      onClose={onClose}
      okText={current ? '保存' : '创建'}
      okTestId="session-submit"
    >
      <Form.Item
        label="场次名称"
        name="title"
        {...schemaRules(title, { label: '场次名称', required: '请填写场次名称' })}
      >
        <Input
          maxLength={fieldLimits(title).max}
          showCount
          placeholder="如：2026 秋季瓷器杂项专场"
          data-testid="session-title"
        />
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
        label="逐件截拍间隔"
        name="staggerSeconds"
        rules={[{ type: 'integer', min: 0, max: MAX_STAGGER_SECONDS, message: `请输入 0–${MAX_STAGGER_SECONDS} 秒` }]}
        extra="大于 0 时，场内拍品按加入顺序逐件截拍，每件相隔此秒数（后加入的拍品排在最后）；延时规则对每件拍品单独生效。0 为各按所设时间截拍"
      >
        <InputNumber min={0} max={MAX_STAGGER_SECONDS} precision={0} addonAfter="秒" data-testid="session-stagger" />
      </Form.Item>
      <Form.Item
        label="封面"
        name="cover"
        {...schemaRules(cover, { label: '场次封面', required: '请上传场次封面' })}
        extra={`建议宽高比 2:1，${IMAGE_RULE_TEXT}`}
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
