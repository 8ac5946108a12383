import { Flex, Form, Input, Tag } from 'antd';
import { type FieldSchema, fieldLimits, fieldProblem } from '../schema-rules';
import { useFormModal } from './form-modal';

/**
 * Why a rejection reason cannot be sent yet (empty, or against the review's schema), in
 * words for the operator; null when it can.
 */
export function rejectReasonProblem(schema: FieldSchema, reason: string | undefined, reader: string): string | null {
  return fieldProblem(schema, reason, { label: '驳回原因', required: `请填写驳回原因，${reader}将看到此原因` });
}

interface RejectReasonFieldProps {
  /** The reason's schema in the review's input (withdrawalRejectInput.shape.reason, …). */
  schema: FieldSchema;
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
export function RejectReasonField({ schema, reader, help, placeholder, common, testId }: RejectReasonFieldProps) {
  const { attempted, values, setFieldValue } = useFormModal<{ reason?: string }>();
  const problem = attempted ? rejectReasonProblem(schema, values.reason, reader) : null;
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
          maxLength={fieldLimits(schema).max}
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
