import { useState } from 'react';
import { App as AntApp, Button, DatePicker, type GetProps, Space, Tooltip } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { errorText } from '../lib/error-text';

type RangeValue = GetProps<typeof DatePicker.RangePicker>['value'];

const pad = (n: number) => String(n).padStart(2, '0');
const day = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}${pad(d.getMonth() + 1)}${pad(d.getDate())}`;
};

/**
 * The range as epoch ms in the browser's time zone: from the first day's 00:00, to the
 * 00:00 after the last day. The server reads `to` as exclusive (created_at < to).
 */
export function rangeToEpoch(range: RangeValue): { from?: number; to?: number } {
  const [start, end] = range ?? [null, null];
  return {
    from: start ? start.startOf('day').valueOf() : undefined,
    to: end ? end.add(1, 'day').startOf('day').valueOf() : undefined,
  };
}

/** 资金流水-20261101-20261130.csv: what was exported, so several exports do not overwrite each other. */
export function exportFileName(base: string, from: number | undefined, to: number | undefined, now = Date.now()) {
  if (from === undefined && to === undefined) return `${base}-全部-截至${day(now)}.csv`;
  // `to` is the exclusive midnight after the last day.
  const last = to !== undefined ? day(to - 1) : day(now);
  return `${base}-${from !== undefined ? day(from) : '最早'}-${last}.csv`;
}

interface Props {
  /** Saves the export for the page's filters and this range under `fileName`; resolves to the saved name. */
  onDownload: (range: { from?: number; to?: number }, fileName: string) => Promise<string>;
  /** The file's name without the date span, used when the server names none. */
  baseName: string;
  /** On the button; the range picker is `${testId}-range`. */
  testId: string;
  /** What the filters narrow the export to, for the tooltip. */
  scope?: string;
}

/**
 * A date range and a button that downloads the CSV export for it. The server sends UTF-8
 * with a BOM so Excel shows Chinese; the token travels as a header, hence fetch + blob.
 */
export function ExportCsv({ onDownload, baseName, testId, scope }: Props) {
  const { message } = AntApp.useApp();
  const [range, setRange] = useState<RangeValue>(null);
  const [busy, setBusy] = useState(false);

  const run = async () => {
    const { from, to } = rangeToEpoch(range);
    setBusy(true);
    try {
      const name = await onDownload({ from, to }, exportFileName(baseName, from, to));
      void message.success(`已导出 ${name}`);
    } catch (error) {
      void message.error(`导出失败：${errorText(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space.Compact>
      {/* The test id sits on a wrapper: the picker would copy it onto both of its inputs. */}
      <span data-testid={`${testId}-range`} style={{ display: 'inline-flex' }}>
        <DatePicker.RangePicker
          value={range}
          onChange={setRange}
          allowEmpty={[true, true]}
          placeholder={['开始日期', '结束日期']}
          disabledDate={(d) => d.valueOf() > Date.now()}
          style={{ width: 260 }}
        />
      </span>
      <Tooltip title={`${scope ? `按当前筛选（${scope}）` : '按当前筛选'}导出；不选日期则导出全部`}>
        <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
          导出 CSV
        </Button>
      </Tooltip>
    </Space.Compact>
  );
}
