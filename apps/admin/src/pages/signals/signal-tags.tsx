import { Progress, Tag, Tooltip } from 'antd';
import { SIGNAL_THRESHOLD, type SignalReason } from '@antique/shared';
import { SIGNAL_LABELS } from '../../features/integrity/api';

/** A score 0–1 as a bar: red at or above the threshold the house treats as suspect. */
export function ScoreBar({ score, testId }: { score: number; testId?: string }) {
  const suspect = score >= SIGNAL_THRESHOLD;
  return (
    <Tooltip title={suspect ? `达到可疑阈值 ${SIGNAL_THRESHOLD}` : `低于可疑阈值 ${SIGNAL_THRESHOLD}`}>
      <div style={{ width: 120 }} data-testid={testId}>
        <Progress
          percent={Math.round(score * 100)}
          size="small"
          strokeColor={suspect ? '#cf1322' : score >= SIGNAL_THRESHOLD / 2 ? '#d48806' : '#52c41a'}
          format={() => score.toFixed(2)}
        />
      </div>
    </Tooltip>
  );
}

/** A reason as a tag (its weight in the tooltip, with what was found). */
export function ReasonTag({ reason }: { reason: SignalReason }) {
  return (
    <Tooltip title={`${reason.detail}（权重 ${reason.weight}）`}>
      <Tag color={reason.weight >= 0.3 ? 'red' : 'orange'} style={{ marginBottom: 4 }}>
        {SIGNAL_LABELS[reason.code]}
      </Tag>
    </Tooltip>
  );
}
