import { Flex, Form, Input, Tag } from 'antd';
import { useFormModal } from './form-modal';

export const REJECT_REASON_MAX = 200;

/** Why a rejection reason cannot be sent yet (empty or too long), in words for the operator; null when it can. */
export function rejectReasonProblem(reason: string | undefined, reader: string): string | null {
  const text = (reason ?? '').trim();
  if (text === '') return `请填写驳回原因，${reader}将看到此原因`;
  return text.length > REJECT_REASON_MAX ? `驳回原因不能超过 ${REJECT_REASON_MAX} 个字` : null;
}

interface RejectReasonFieldProps {
  /** Who reads the reason (会员, 委托人): said in the help and the error. */
  reader: string;
  /** What the help adds after saying who reads it. */
  help: string;
  placeholder: string;
  /** Reasons given most often; one click fills the field, which stays editable. */
  common: readonly string[];
  testId: string;
}

/** The reason field of a rejection inside a FormModal (field `reason`), with its one-click common reasons. */
export function RejectReasonField({ reader, help, placeholder, common, testId }: RejectReasonFieldProps) {
  const { attempted, values, setFieldValue } = useFormModal<{ reason?: string }>();
  const problem = attempted ? rejectReasonProblem(values.reason, reader) : null;
  return (
    <>
      <Form.Item
        label="驳回原因"
        name="reason"
        required
        validateStatus={problem ? 'error' : undefined}
        help={problem ?? help}
      >
        <Input.TextArea
          rows={3}
          maxLength={REJECT_REASON_MAX}
          showCount
          autoFocus
          placeholder={placeholder}
          data-testid={testId}
        />
      </Form.Item>
      <Flex wrap gap={6}>
        {common.map((text) => (
          <Tag.CheckableTag key={text} checked={values.reason === text} onChange={() => setFieldValue('reason', text)}>
            {text}
          </Tag.CheckableTag>
        ))}
      </Flex>
    </>
  );
}
