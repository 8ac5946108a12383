import { Button, DatePicker, Flex, Form, Select, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useFormModal } from '../../components/form-modal/form-modal';
import { sessionOptions, useSessionOptions } from './api';

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

const START_GRACE_MS = 60_000;

/** The lot's times and session as a form holds them. */
export interface LotScheduleValues {
  startsAt?: Dayjs | null;
  endsAt?: Dayjs | null;
  sessionId?: number | null;
}

/** Why the times cannot be a lot's; null when they can. */
export function scheduleProblem(
  startsAt: Dayjs | null | undefined,
  endsAt: Dayjs | null | undefined,
  now = Date.now(),
): { field: 'startsAt' | 'endsAt'; text: string } | null {
  if (!startsAt) return { field: 'startsAt', text: '请选择开拍时间' };
  // The server takes a start up to a minute past (the picker's minute), not earlier.
  if (startsAt.valueOf() < now - START_GRACE_MS) return { field: 'startsAt', text: '开拍时间不能早于现在' };
  if (!endsAt) return { field: 'endsAt', text: '请选择结束时间' };
  if (!endsAt.isAfter(startsAt)) return { field: 'endsAt', text: '结束时间须晚于开拍时间' };
  if (endsAt.valueOf() <= now) return { field: 'endsAt', text: '结束时间须晚于现在' };
  return null;
}

/** The schedule as the wire takes it: epoch ms, and the session only when one is chosen. */
export function scheduleToInput(v: LotScheduleValues): { startsAt: number; endsAt: number; sessionId?: number } {
  if (!v.startsAt || !v.endsAt) throw new Error('schedule not chosen');
  return {
    startsAt: v.startsAt.valueOf(),
    endsAt: v.endsAt.valueOf(),
    ...(v.sessionId ? { sessionId: v.sessionId } : {}),
  };
}

const beforeToday = (d: Dayjs) => d.isBefore(dayjs().startOf('day'));

const DURATIONS = [
  { label: '1 天', days: 1 },
  { label: '3 天', days: 3 },
  { label: '7 天', days: 7 },
];

const timeRule =
  (field: 'startsAt' | 'endsAt'): Rule =>
  ({ getFieldValue }) => ({
    validator: () => {
      const problem = scheduleProblem(getFieldValue('startsAt'), getFieldValue('endsAt'));
      return problem && problem.field === field ? Promise.reject(new Error(problem.text)) : Promise.resolve();
    },
  });

/**
 * Start, end (with 1/3/7-day shortcuts from the start) and an optional session; choosing a
 * session with no start yet takes the session's start. Times are the browser's local time.
 */
export function LotScheduleFields({ testIdBase }: { testIdBase: string }) {
  const { values, setFieldValue } = useFormModal<LotScheduleValues>();
  const sessions = useSessionOptions();
  const list = sessions.data?.list;

  const chooseSession = (id: number | undefined) => {
    const session = list?.find((s) => s.id === id);
    // A session already under way lends the next minute instead of its past start.
    const nextMinute = dayjs().add(1, 'minute').startOf('minute');
    if (session && !values.startsAt) setFieldValue('startsAt', dayjs(Math.max(session.startsAt, nextMinute.valueOf())));
  };

  return (
    <>
      <Form.Item label="所属场次" name="sessionId" extra="可不选：不属于任何场次的拍品单独展示">
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={sessions.isError ? '场次加载失败，可不选' : '不属于场次'}
          loading={sessions.isPending}
          options={sessionOptions(list)}
          onChange={chooseSession}
          data-testid={`${testIdBase}-session`}
        />
      </Form.Item>
      <Flex gap={16} align="flex-start" wrap>
        <Form.Item label="开拍时间" name="startsAt" required rules={[timeRule('startsAt')]} dependencies={['endsAt']}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            placeholder="选择开拍时间"
            disabledDate={beforeToday}
            style={{ width: 210 }}
            data-testid={`${testIdBase}-starts`}
          />
        </Form.Item>
        <Form.Item label="结束时间" name="endsAt" required rules={[timeRule('endsAt')]} dependencies={['startsAt']}>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format={DATE_TIME_FORMAT}
            placeholder="选择结束时间"
            disabledDate={beforeToday}
            style={{ width: 210 }}
            data-testid={`${testIdBase}-ends`}
          />
        </Form.Item>
        <Form.Item label="时长" colon={false}>
          <Space size={4}>
            {DURATIONS.map((d) => (
              <Button
                key={d.days}
                size="small"
                disabled={!values.startsAt}
                onClick={() => values.startsAt && setFieldValue('endsAt', values.startsAt.add(d.days, 'day'))}
                data-testid={`${testIdBase}-duration-${d.days}`}
              >
                {d.label}
              </Button>
            ))}
          </Space>
        </Form.Item>
      </Flex>
      <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 16, fontSize: 12 }}>
        结束前有人出价会按拍卖设置自动延时（默认：最后 2 分钟内出价，延至出价后 2 分钟，最多延长 30 分钟）
      </Typography.Text>
    </>
  );
}
