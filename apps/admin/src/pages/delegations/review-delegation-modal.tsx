import { App as AntApp, Descriptions, Form } from 'antd';
import { delegationReviewInput } from '@antique/shared';
import { FormModal } from '../../components/form-modal/form-modal';
import { RejectReasonField, rejectReasonProblem } from '../../components/form-modal/reject-reason-field';
import { Money } from '../../components/money';
import { schemaRules } from '../../components/schema-rules';
import { YuanInput, yuanToFen } from '../../components/yuan-input';
import {
  LotScheduleFields,
  type LotScheduleValues,
  scheduleToInput,
} from '../../features/auctions/lot-schedule-fields';
import { type AdminDelegation, useReviewDelegation } from '../../features/custody/api';
import { PieceCell } from '../../features/custody/custody-tags';

export type Review = { row: AdminDelegation; approve: boolean } | null;

interface Values extends LotScheduleValues {
  /** Yuan as typed. */
  startPrice?: string;
  reason?: string;
}

const { startPrice, reason: REASON } = delegationReviewInput.shape;

/** Reasons given most often; one click fills the field, which stays editable. */
const COMMON_REJECT_REASONS = [
  '藏品状况不适合上拍',
  '近期同类拍品较多，建议稍后再委托',
  '保留价明显高于市场行情，请调整后重新委托',
  '藏品资料不全，无法确认来源',
];

/** Approves a consignment into a lot (start price, times, session), or rejects it with a reason. */
export function ReviewDelegationModal({ review, onClose }: { review: Review; onClose: () => void }) {
  const { message } = AntApp.useApp();
  const mutation = useReviewDelegation();
  const approve = review?.approve ?? false;

  const submit = async (values: Values) => {
    if (!review) return;
    const { row } = review;
    if (approve) {
      const saved = await mutation.mutateAsync({
        id: row.id,
        approve: true,
        startPrice: yuanToFen(values.startPrice ?? ''),
        ...scheduleToInput(values),
      });
      void message.success(
        saved.lotId !== undefined ? `已通过委托 #${row.id}，生成拍品 #${saved.lotId}` : `已通过委托 #${row.id}`,
      );
    } else {
      if (rejectReasonProblem(REASON, values.reason, '委托人')) return;
      await mutation.mutateAsync({ id: row.id, approve: false, reason: (values.reason ?? '').trim() });
      void message.success(`已驳回委托 #${row.id}`);
    }
    onClose();
  };

  return (
    <FormModal<Values>
      open={review !== null}
      title={approve ? '通过委托并上拍' : '驳回委托'}
      width={approve ? 760 : 560}
      initialValues={{ startPrice: '', reason: '', startsAt: null, endsAt: null, sessionId: undefined }}
      onSubmit={submit}
      onClose={onClose}
      okText={approve ? '通过并生成拍品' : '确认驳回'}
      okDanger={!approve}
      okTestId={approve ? 'delegation-approve-submit' : 'delegation-reject-submit'}
      serverFields={{ reason: 'reason' }}
    >
      {review ? (
        <>
          <Descriptions
            size="small"
            column={2}
            bordered
            style={{ marginBottom: 16 }}
            items={[
              { key: 'piece', label: '藏品', span: 2, children: <PieceCell piece={review.row.holding} size={56} /> },
              { key: 'member', label: '委托人', children: `#${review.row.memberId} ${review.row.memberPhone}` },
              {
                key: 'reserve',
                label: '保留价',
                children:
                  review.row.reservePrice === undefined ? '不设' : <Money fen={review.row.reservePrice} strong />,
              },
            ]}
          />
          {approve ? (
            <>
              <Form.Item
                label="起拍价（元）"
                name="startPrice"
                {...schemaRules(startPrice, { label: '起拍价', yuan: true, required: '请输入起拍价' })}
                extra="委托人设定的保留价不公开；成交价未达保留价则流拍，藏品退回委托人"
              >
                <YuanInput
                  placeholder="0.00"

                  style={{ width: 240 }}
                  data-testid="delegation-start-price"
                />
              </Form.Item>
              <LotScheduleFields testIdBase="delegation" />
            </>
          ) : (
            <RejectReasonField
              schema={REASON}
              reader="委托人"
              help="委托人将在 App 中看到此原因，藏品回到保管中"
              placeholder="如：藏品状况不适合上拍"
              common={COMMON_REJECT_REASONS}
              testId="delegation-reject-reason"
            />
          )}
        </>
      ) : null}
    </FormModal>
  );
}
