import { AddOutline, MinusOutline } from 'antd-mobile-icons';
import { useTranslation } from '../../lib/use-translation';
import './quantity-stepper.css';

interface QuantityStepperProps {
  value: number;
  min?: number;
  max: number;
  onChange(value: number): void;
  disabled?: boolean;
  /** Prefix of the test ids: `<id>-minus`, `<id>-value`, `<id>-plus`. */
  testId: string;
}

/** − n + in steps of one, bounded by `min` and `max`. */
export function QuantityStepper({ value, min = 1, max, onChange, disabled, testId }: QuantityStepperProps) {
  const { t } = useTranslation();
  return (
    <div className="quantity-stepper" data-testid={testId}>
      <button
        type="button"
        className="tap-target"
        aria-label={t('cart.decrease')}
        disabled={disabled || value <= min}
        onClick={() => onChange(Math.max(min, value - 1))}
        data-testid={`${testId}-minus`}
      >
        <MinusOutline />
      </button>
      <span className="quantity-stepper-value" data-testid={`${testId}-value`} aria-live="polite">
        {value}
      </span>
      <button
        type="button"
        className="tap-target"
        aria-label={t('cart.increase')}
        disabled={disabled || value >= max}
        onClick={() => onChange(Math.min(max, value + 1))}
        data-testid={`${testId}-plus`}
      >
        <AddOutline />
      </button>
    </div>
  );
}
