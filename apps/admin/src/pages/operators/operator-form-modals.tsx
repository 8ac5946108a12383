import { App as AntApp, Form, Input, Select } from 'antd';
import {
  type Operator,
  type OperatorRole,
  labelOf,
  operatorCreateInput,
  operatorRoles,
  operatorUpdateInput,
} from '@antique/shared';
import { FormModal } from '../../components/form-modal/form-modal';
import { fieldLimits, schemaRules } from '../../components/schema-rules';
import { ROLE_DUTIES } from '../../features/access/roles';
import {
  type CreateOperatorInput,
  type UpdateOperatorInput,
  useCreateOperator,
  useUpdateOperator,
} from '../../features/operators/api';

const { username, password } = operatorCreateInput.shape;
const USERNAME = fieldLimits(username);

const roleOptions = operatorRoles.map((role) => ({
  value: role,
  label: `${labelOf('operatorRole', role)}（${role}）— ${ROLE_DUTIES[role].join('、')}`,
}));

interface CreateValues extends CreateOperatorInput {
  confirm: string;
}

export function CreateOperatorModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const create = useCreateOperator();
  const { message } = AntApp.useApp();

  const submit = async (values: CreateValues) => {
    const op = await create.mutateAsync({
      username: values.username.trim(),
      password: values.password,
      role: values.role,
    });
    void message.success(`已创建运营账号 ${op.username}`);
    onClose();
  };

  return (
    <FormModal<CreateValues>
      open={open}
      title="新建运营账号"
      width={560}
      onSubmit={submit}
      onClose={onClose}
      okText="创建"
      okTestId="operator-create-submit"
      formProps={{ autoComplete: 'off' }}
    >
      <Form.Item
        label="用户名"
        name="username"
        {...schemaRules(username, {
          label: '用户名',
          rule: `以小写字母开头，${USERNAME.min}–${USERNAME.max} 位小写字母、数字或下划线`,
        })}
      >
        <Input maxLength={USERNAME.max} placeholder="如 finance_li" data-testid="operator-create-username" />
      </Form.Item>
      <Form.Item label="角色" name="role" rules={[{ required: true, message: '请选择角色' }]}>
        <Select<OperatorRole> options={roleOptions} placeholder="选择角色" data-testid="operator-create-role" />
      </Form.Item>
      <Form.Item label="初始密码" name="password" {...schemaRules(password, { label: '初始密码', unit: '位' })}>
        <Input.Password autoComplete="new-password" data-testid="operator-create-password" />
      </Form.Item>
      <Form.Item
        label="确认密码"
        name="confirm"
        dependencies={['password']}
        rules={[
          { required: true, message: '请再次输入密码' },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || getFieldValue('password') === value
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" data-testid="operator-create-confirm" />
      </Form.Item>
    </FormModal>
  );
}

interface EditValues {
  role: OperatorRole;
  password?: string;
  confirm?: string;
}

export function EditOperatorModal({
  operator,
  isSelf,
  onClose,
}: {
  operator: Operator | null;
  isSelf: boolean;
  onClose: () => void;
}) {
  const update = useUpdateOperator();
  const { message } = AntApp.useApp();

  const submit = async (values: EditValues) => {
    if (!operator) return;
    const input: UpdateOperatorInput = {};
    if (values.role !== operator.role) input.role = values.role;
    if (values.password) input.password = values.password;
    if (Object.keys(input).length === 0) {
      void message.info('没有需要保存的修改');
      return;
    }
    await update.mutateAsync({ id: operator.id, input });
    void message.success(`已更新 ${operator.username}`);
    onClose();
  };

  return (
    <FormModal<EditValues>
      open={operator !== null}
      title={operator ? `编辑运营账号：${operator.username}` : ''}
      width={560}
      initialValues={operator ? { role: operator.role, password: '', confirm: '' } : undefined}
      onSubmit={submit}
      onClose={onClose}
      okText="保存修改"
      okTestId="operator-edit-submit"
      formProps={{ autoComplete: 'off' }}
    >
      <Form.Item
        label="角色"
        name="role"
        rules={[{ required: true, message: '请选择角色' }]}
        extra={isSelf ? '不能修改自己的角色' : '修改角色后，该账号下次请求即按新角色授权'}
      >
        <Select<OperatorRole> options={roleOptions} disabled={isSelf} data-testid="operator-edit-role" />
      </Form.Item>
      <Form.Item
        label="重置密码（选填）"
        name="password"
        {...schemaRules(operatorUpdateInput.shape.password, { label: '新密码', unit: '位' })}
        extra="留空则不修改密码"
      >
        <Input.Password autoComplete="new-password" data-testid="operator-edit-password" />
      </Form.Item>
      <Form.Item
        label="确认新密码"
        name="confirm"
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              (getFieldValue('password') ?? '') === (value ?? '')
                ? Promise.resolve()
                : Promise.reject(new Error('两次输入的密码不一致')),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </FormModal>
  );
}
