import type { RechargeChannel } from '@antique/shared';
import './wallet.css';

/** A channel's mark beside its name: the first character on the provider's colour (not its logo). */
export function ChannelMark({ channel }: { channel: RechargeChannel }) {
  return (
    <span className={`channel-mark channel-mark-${channel}`} aria-hidden="true">
      {channel === 'alipay' ? '支' : '微'}
    </span>
  );
}
