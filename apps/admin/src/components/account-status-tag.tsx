import { Tag, Tooltip } from 'antd';

export function AccountStatusTag({ frozen, reason }: { frozen: boolean; reason?: string | null }) {
  if (!frozen) return <Tag color="success">正常</Tag>;
  const tag = <Tag color="error">已冻结</Tag>;
  return reason ? <Tooltip title={`冻结原因：${reason}`}>{tag}</Tooltip> : tag;
}
