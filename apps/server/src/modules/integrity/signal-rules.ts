import { formatFen, type SignalCode, type SignalReason } from '@antique/shared';

/**
 * The bidding signals' rules, pure: what each sign of shill bidding weighs and when it
 * shows. Weights (0–1) combine as independent evidence (`1 − Π(1 − w)`), so one weak sign
 * stays low, and several agreeing signs approach 1. A lot scores its highest bidder raised
 * by the lot-wide signs; `SIGNAL_THRESHOLD` (0.5, in the contract) is where it counts as
 * suspect: no single sign reaches it on its own, two ties to the consignor do.
 */
export const WEIGHTS: Record<SignalCode, number> = {
  consignor_identity: 0.9,
  consignor_inviter: 0.35,
  consignor_address: 0.35,
  consignor_device: 0.35,
  self_outbid: 0.25,
  only_near_rivals: 0.15,
  consignor_loser: 0.3,
  late_retreat: 0.15,
  hammer_above_comparables: 0.3,
};

/** Outbid at once by the leader's proxy this many times: pushing the price in steps. */
const PROBES = 3;
/** Bids placed within this long after another bidder's count as "near". */
const NEAR_MS = 60_000;
/** A bidder on at least this many of a consignor's closed lots, winning at most this share of them. */
const LOYAL_LOTS = 3;
const LOYAL_WIN_SHARE = 0.2;
/** The last part of a lot's run in which a busy bidder's stop counts as a retreat. */
const LATE_SHARE = 0.25;
/** A price at least this many times the comparables' median, over at least this many sales. */
const ABOVE_MEDIAN = 2;
const MIN_COMPARABLES = 3;

export const combine = (weights: number[]) => Math.round((1 - weights.reduce((p, w) => p * (1 - w), 1)) * 100) / 100;

const reason = (code: SignalCode, detail: string, weight = WEIGHTS[code]): SignalReason => ({
  code,
  weight: Math.round(weight * 100) / 100,
  detail,
});

/** One bid as the rules read it. */
export interface SignalBid {
  seq: number;
  bidderKey: string;
  memberId: number;
  maxBid: number;
  leading: boolean;
  at: number;
  ip: string | null;
  userAgent: string | null;
}

/** An account's ties: inviter, addresses (normalised), where it signed in and bid from. */
export interface AccountTies {
  inviterId: number | null;
  addresses: string[];
  /** `ip` and `ip|user agent` pairs. */
  sources: { ip: string; userAgent: string | null }[];
}

export interface SignalInput {
  lot: { startsAt: number; endsAt: number; price: number; leaderKey: string | null; closed: boolean };
  consignor: { id: number; key: string | null; ties: AccountTies } | null;
  /** The lot's bids that stand (voided ones left out), in chain order. */
  bids: SignalBid[];
  ties: Map<number, AccountTies>;
  /** Each bidder key's record on this consignor's closed lots. */
  record: Map<string, { lots: number; won: number }>;
  comparables: { count: number; median: number | null };
}

export interface BidderScore {
  bidderKey: string;
  memberId: number;
  bids: number;
  score: number;
  reasons: SignalReason[];
}

/** Scores a lot's bidders and the lot: reasons listed, highest score first. */
export function scoreLot(input: SignalInput): { score: number; reasons: SignalReason[]; bidders: BidderScore[] } {
  const byKey = new Map<string, SignalBid[]>();
  for (const b of input.bids) byKey.set(b.bidderKey, [...(byKey.get(b.bidderKey) ?? []), b]);
  const c = input.consignor;
  const bidders: BidderScore[] = [];

  for (const [key, mine] of byKey) {
    const accounts = [...new Set(mine.map((b) => b.memberId))];
    const reasons: SignalReason[] = [];
    if (c) {
      if (c.key !== null && key === c.key) reasons.push(reason('consignor_identity', '与委托人为同一实名身份'));
      const ties = accounts.map((id) => ({ id, t: input.ties.get(id) })).filter((x) => x.t !== undefined);
      const invite = ties.find(
        ({ id, t }) =>
          t!.inviterId === c.id ||
          c.ties.inviterId === id ||
          (t!.inviterId !== null && t!.inviterId === c.ties.inviterId),
      );
      if (invite)
        reasons.push(
          reason(
            'consignor_inviter',
            invite.t!.inviterId === c.id
              ? `由委托人（会员 ${c.id}）邀请注册`
              : c.ties.inviterId === invite.id
                ? `邀请了委托人（会员 ${invite.id}）`
                : `与委托人由同一人（会员 ${c.ties.inviterId}）邀请`,
          ),
        );
      const theirs = new Set(c.ties.addresses);
      if (ties.some(({ t }) => t!.addresses.some((a) => theirs.has(a))))
        reasons.push(reason('consignor_address', '收货地址与委托人的相同'));
      const ips = new Set(c.ties.sources.map((s) => s.ip));
      const devices = new Set(c.ties.sources.map((s) => `${s.ip}|${s.userAgent ?? ''}`));
      const sources = [
        ...ties.flatMap(({ t }) => t!.sources),
        ...mine.flatMap((b) => (b.ip ? [{ ip: b.ip, userAgent: b.userAgent }] : [])),
      ];
      const device = sources.find((s) => devices.has(`${s.ip}|${s.userAgent ?? ''}`));
      const ip = device ?? sources.find((s) => ips.has(s.ip));
      if (ip)
        reasons.push(
          device
            ? reason('consignor_device', `与委托人使用同一网络和设备（IP ${ip.ip}）`)
            : reason('consignor_device', `与委托人使用同一IP（${ip.ip}）`, WEIGHTS.consignor_device - 0.1),
        );
      const rec = input.record.get(key);
      if (rec && rec.lots >= LOYAL_LOTS && rec.won <= rec.lots * LOYAL_WIN_SHARE)
        reasons.push(reason('consignor_loser', `在该委托人的 ${rec.lots} 件已结束拍品上出价，仅得标 ${rec.won} 件`));
    }

    const probes = mine.filter((b) => !b.leading).length;
    if (probes >= PROBES)
      reasons.push(
        reason(
          'self_outbid',
          `${probes} 次出价随即被领先者的代理出价超过，仍逐级加价抬高价格`,
          Math.min(0.4, WEIGHTS.self_outbid + 0.05 * (probes - PROBES)),
        ),
      );

    // Each of this bidder's bids placed shortly after another bidder's.
    const near = mine.filter((b) => {
      const before = [...input.bids].reverse().find((x) => x.seq < b.seq);
      return before !== undefined && before.bidderKey !== key && b.at - before.at <= NEAR_MS;
    }).length;
    if (mine.length >= 3 && near === mine.length)
      reasons.push(reason('only_near_rivals', `全部 ${mine.length} 次出价都在他人出价后 60 秒内`));

    const last = mine[mine.length - 1]!;
    const lateFrom = input.lot.endsAt - (input.lot.endsAt - input.lot.startsAt) * LATE_SHARE;
    if (input.lot.closed && mine.length >= 3 && input.lot.leaderKey !== key && last.at >= lateFrom)
      reasons.push(reason('late_retreat', `临近截拍仍连续出价（共 ${mine.length} 次），随后退出、未得标`));

    bidders.push({
      bidderKey: key,
      memberId: mine[0]!.memberId,
      bids: mine.length,
      score: combine(reasons.map((r) => r.weight)),
      reasons,
    });
  }
  bidders.sort((a, b) => b.score - a.score || a.memberId - b.memberId);

  const reasons: SignalReason[] = [];
  const { count, median } = input.comparables;
  if (
    input.bids.length > 0 &&
    median !== null &&
    count >= MIN_COMPARABLES &&
    input.lot.price >= median * ABOVE_MEDIAN
  ) {
    const times = input.lot.price / median;
    reasons.push(
      reason(
        'hammer_above_comparables',
        `价格 ${formatFen(input.lot.price)} 为本行 ${count} 件同类成交中位数 ${formatFen(median)} 的 ${times.toFixed(1)} 倍`,
        Math.min(0.45, WEIGHTS.hammer_above_comparables + 0.05 * Math.floor(times - ABOVE_MEDIAN)),
      ),
    );
  }
  const top = bidders[0]?.score ?? 0;
  return { score: combine([top, ...reasons.map((r) => r.weight)]), reasons, bidders };
}
