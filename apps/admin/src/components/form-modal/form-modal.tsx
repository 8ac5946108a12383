import { type ReactNode, createContext, useContext, useState } from 'react';
import { App as AntApp, Button, Form, type FormInstance, type FormProps, Modal } from 'antd';
import { errorText } from '../../lib/error-text';
import { serverFieldOf } from '../../lib/server-field';

interface Props<V> {
  open: boolean;
  title: ReactNode;
  /** The form's values each time it opens: every opening starts afresh from them. */
  initialValues?: Partial<V>;
  /** Resolves when done (the caller closes); a rejection is shown, on its field when a 400 names one. */
  onSubmit: (values: V) => Promise<unknown> | void;
  onClose: () => void;
  okText: ReactNode | ((values: Partial<V>) => ReactNode);
  okTestId?: string;
  okDanger?: boolean;
  /** Whether the OK button is disabled, given the values and whether a submission was tried. */
  okDisabled?: (values: Partial<V>, attempted: boolean) => boolean;
  width?: number;
  /** The form field a server's `data.field` names, when the two differ (amountText for amount). */
  serverFields?: Record<string, string>;
  formProps?: Omit<FormProps<V>, 'form' | 'initialValues' | 'onFinish' | 'children'>;
  children: ReactNode;
}

interface FormModalState {
  /** The operator has tried to submit: fields checked by the caller show their errors from then on. */
  attempted: boolean;
  /** The values as typed, current in the same render as the keystroke. */
  values: Record<string, unknown>;
  /** Sets a field from outside its control (a suggested text), keeping `values` current. */
  setFieldValue: (name: string, value: unknown) => void;
}

const FormModalContext = createContext<FormModalState>({ attempted: false, values: {}, setFieldValue: () => {} });

/** What the fields inside a FormModal may read about it. */
export function useFormModal<V extends object>() {
  const state = useContext(FormModalContext);
  return { ...state, values: state.values as Partial<V> };
}

/**
 * An antd Form in a Modal: initial values afresh on each opening, submission with a
 * spinner, the server's error shown (on its field when a 400 names one), and no closing
 * while a submission is under way.
 */
export function FormModal<V extends object>(props: Props<V>) {
  // Each opening mounts a new form: antd's store would otherwise keep the last opening's values.
  const [openings, setOpenings] = useState({ open: props.open, count: 0 });
  if (openings.open !== props.open) setOpenings({ open: props.open, count: openings.count + (props.open ? 1 : 0) });
  return <FormModalBody key={openings.count} {...props} />;
}

function FormModalBody<V extends object>({
  open,
  title,
  initialValues,
  onSubmit,
  onClose,
  okText,
  okTestId,
  okDanger,
  okDisabled,
  width,
  serverFields,
  formProps,
  children,
}: Props<V>) {
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<V>();
  // Kept from onValuesChange rather than Form.useWatch, which reports a keystroke a tick later.
  const [values, setValues] = useState<Partial<V>>(initialValues ?? {});
  const [submitting, setSubmitting] = useState(false);
  const [attempted, setAttempted] = useState(false);

  const finish = async (submitted: V) => {
    if (submitting) return;
    setSubmitting(true);
    try {
      await onSubmit(submitted);
    } catch (error) {
      markServerField(form, serverFieldOf(error), serverFields, errorText(error));
      void message.error(errorText(error));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={submitting ? undefined : onClose}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={submitting}>
          取消
        </Button>,
        <Button
          key="ok"
          type="primary"
          danger={okDanger}
          loading={submitting}
          disabled={okDisabled?.(values, attempted)}
          onClick={() => {
            setAttempted(true);
            form.submit();
          }}
          data-testid={okTestId}
        >
          {typeof okText === 'function' ? okText(values) : okText}
        </Button>,
      ]}
    >
      <FormModalContext.Provider
        value={{
          attempted,
          values,
          setFieldValue: (name, value) => setValues(setField(form, name, value)),
        }}
      >
        <Form<V>
          layout="vertical"
          {...formProps}
          form={form}
          preserve={false}
          initialValues={initialValues}
          onValuesChange={(changed, all) => {
            setValues(all);
            formProps?.onValuesChange?.(changed, all);
          }}
          onFinish={(submitted) => void finish(submitted)}
        >
          {children}
        </Form>
      </FormModalContext.Provider>
    </Modal>
  );
}

/** Shows the error on the field the server names (`images.0` falls back to `images`), if it is one of the form's. */
function markServerField(
  form: FormInstance,
  serverField: string | null,
  serverFields: Record<string, string> | undefined,
  text: string,
): void {
  if (!serverField) return;
  const registered = form.getFieldsError().map((f) => f.name);
  const candidates = [serverField, serverField.split('.')[0] ?? ''].map((name) => serverFields?.[name] ?? name);
  for (const candidate of candidates) {
    const name = registered.find((path) => path.join('.') === candidate);
    if (name) {
      form.setFields([{ name, errors: [text] }]);
      return;
    }
  }
}

/** Sets one field and returns every value after it. */
function setField(form: FormInstance, name: string, value: unknown) {
  form.setFieldValue(name, value);
  return form.getFieldsValue(true);
}
