import { addressInput, type Address, type AddressInput } from '@antique/shared';
import { formatRegion } from '@antique/shared/regions';
import { CascadePicker, Switch } from 'antd-mobile';
import { ChevronRightIcon } from '../../components/icons/common-icons';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { FormField } from '../../components/form-field/form-field';
import { FormSubmit } from '../../components/form-field/form-submit';
import { PhoneField } from '../../components/form-field/phone-field';
import { TextField } from '../../components/form-field/text-field';
import { describeError } from '../../lib/describe-error';
import { translateIssue } from '../../lib/form/field-errors';
import { textFieldOf } from '../../lib/form/text-field-of';
import { useZodForm } from '../../lib/form/use-zod-form';
import { isRequestError } from '../../lib/request-error';
import { showToast } from '../../lib/toast';
import './address.css';

/** A node of the province → city → district tree (regionOptions() of the shared region table). */
export interface RegionNode {
  label: string;
  value: string;
  children?: RegionNode[];
}

type Field = 'name' | 'phone' | 'regionCode' | 'detail';
const fields: readonly Field[] = ['name', 'phone', 'regionCode', 'detail'];

/** The path of values and labels down to a district code, or null when the tree has no such code. */
export function findRegionPath(options: readonly RegionNode[], code: string): RegionNode[] | null {
  for (const node of options) {
    if (node.value === code) return [node];
    if (node.children) {
      const below = findRegionPath(node.children, code);
      if (below) return [node, ...below];
    }
  }
  return null;
}

interface AddressFormProps {
  initial?: Address | null;
  options: RegionNode[];
  /** The first address is the default whatever is chosen. */
  forceDefault?: boolean;
  onSubmit(input: AddressInput): Promise<unknown>;
}

/** Consignee, phone, province/city/district, street address and the default switch. */
export function AddressForm({ initial, options, forceDefault, onSubmit }: AddressFormProps) {
  const { t } = useTranslation();
  const [pickerVisible, setPickerVisible] = useState(false);
  const form = useZodForm({
    schema: addressInput,
    initialValues: () => ({
      name: initial?.name ?? '',
      phone: initial?.phone ?? '',
      regionCode: initial?.regionCode ?? '',
      detail: initial?.detail ?? '',
      isDefault: initial?.isDefault ?? forceDefault ?? false,
    }),
    toInput: (values) => ({ id: initial?.id, ...values, isDefault: forceDefault ? true : values.isDefault }),
    onSubmit: async (input) => {
      try {
        await onSubmit(input);
      } catch (error) {
        const field = isRequestError(error) ? error.field : undefined;
        if (field && (fields as readonly string[]).includes(field)) {
          form.setErrors({
            [field]: error instanceof Error && error.message ? error.message : translateIssue('', t),
          });
        } else {
          showToast(describeError(error, t));
        }
      }
    },
  });
  const { values, errors, submitting } = form;
  const { regionCode, isDefault } = values;

  const path = useMemo(() => (regionCode ? findRegionPath(options, regionCode) : null), [options, regionCode]);
  const regionLabel = path
    ? formatRegion({ province: path[0]?.label ?? '', city: path[1]?.label ?? '', district: path[2]?.label ?? '' })
    : initial && initial.regionCode === regionCode
      ? formatRegion(initial)
      : '';

  return (
    <form className="address-form" onSubmit={form.handleSubmit} noValidate data-testid="address-form">
      <div className="form-card">
        <TextField
          id="address-name"
          label={t('address.name')}
          maxLength={20}
          autoComplete="name"
          placeholder={t('address.namePlaceholder')}
          {...textFieldOf(form, 'name')}
        />
        <PhoneField
          id="address-phone"
          testId="address-phone"
          label={t('address.phone')}
          placeholder={t('address.phonePlaceholder')}
          {...textFieldOf(form, 'phone')}
        />
        <FormField label={t('address.region')} error={errors.regionCode}>
          <button
            type="button"
            className={regionLabel ? 'picker-trigger picker-trigger-filled' : 'picker-trigger'}
            onClick={() => setPickerVisible(true)}
            data-testid="address-region"
            data-code={regionCode}
          >
            <span>{regionLabel || t('address.regionPlaceholder')}</span>
            <ChevronRightIcon className="picker-trigger-arrow" />
          </button>
        </FormField>
        <FormField label={t('address.detail')} htmlFor="address-detail" error={errors.detail}>
          <textarea
            id="address-detail"
            className="field-input address-detail"
            value={values.detail}
            maxLength={120}
            rows={2}
            placeholder={t('address.detailPlaceholder')}
            onChange={(event) => form.setValue('detail', event.target.value)}
            data-testid="address-detail"
          />
        </FormField>
        <div className="form-field address-default-row">
          <div>
            <div className="address-default-label">{t('address.setDefault')}</div>
            <div className="address-default-hint">
              {forceDefault ? t('address.firstIsDefault') : t('address.defaultHint')}
            </div>
          </div>
          <Switch
            checked={forceDefault ? true : isDefault}
            disabled={forceDefault}
            onChange={(checked) => form.setValue('isDefault', checked)}
            data-testid="address-default"
          />
        </div>
      </div>
      <FormSubmit loading={submitting} testId="address-save">
        {t('common.save')}
      </FormSubmit>
      <CascadePicker
        title={t('address.regionTitle')}
        confirmText={<span data-testid="address-region-confirm">{t('common.confirm')}</span>}
        cancelText={<span data-testid="address-region-cancel">{t('common.cancel')}</span>}
        options={options}
        visible={pickerVisible}
        value={path?.map((node) => node.value) ?? []}
        onClose={() => setPickerVisible(false)}
        onConfirm={(value) => {
          const code = value[value.length - 1];
          if (typeof code === 'string' && /^\d{6}$/.test(code) && findRegionPath(options, code)?.length === 3) {
            form.setValue('regionCode', code);
          }
        }}
        data-testid="address-region-picker"
      />
    </form>
  );
}
