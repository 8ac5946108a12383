import { Tag } from 'antd';
import { type BillType, labelOf } from '@antique/shared';

const COLORS: Record<BillType, string> = {
  deposit: 'green',
  recharge: 'green',
  sale_proceeds: 'green',
  referral_reward: 'green',
  refund: 'cyan',
  claim_refund: 'cyan',
  payment: 'volcano',
  withdraw_paid: 'volcano',
  bid_deposit_forfeit: 'red',
  bid_deposit_freeze: 'gold',
  withdraw_freeze: 'gold',
  bid_deposit_release: 'blue',
  withdraw_reject: 'blue',
  adjustment: 'purple',
};

export function BillTypeTag({ type }: { type: BillType }) {
  return <Tag color={COLORS[type] ?? 'default'}>{labelOf('billType', type)}</Tag>;
}
