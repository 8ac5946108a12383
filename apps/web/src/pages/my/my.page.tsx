import type { Member } from '@antique/shared';
import { List, Skeleton } from 'antd-mobile';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { go } from '../../lib/navigation';
import { EmptyState } from '../../components/empty-state/empty-state';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { MemberAvatar } from '../../components/member-avatar/member-avatar';
import {
  AddCircleIcon,
  BagIcon,
  BanknoteIcon,
  BellIcon,
  BillIcon,
  ChatIcon,
  ClockIcon,
  CoinIcon,
  ContactBookIcon,
  FileIcon,
  GearIcon,
  GiftIcon,
  IdCardIcon,
  KeyIcon,
  ListIcon,
  LockIcon,
  PinIcon,
  ReceiptIcon,
  TeamIcon,
  TruckIcon,
} from '../../components/icons/menu-icons';
import { HeartIcon, SearchIcon, SpeakerIcon } from '../../components/icons/common-icons';
import { ShieldCheckIcon } from '../../components/icons/shield-icons';
import { VipBadge } from '../../components/vip-badge/vip-badge';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { useMemberInfoQuery } from '../../features/member/member-info.api';
import { MessageBell, UnreadBadge } from '../../features/messages/message-entry';
import { takeRealNameSuggestion } from '../../features/member/real-name-prompt';
import { RealNameTag } from '../../features/member/real-name-tag';
import { useUserStore } from '../../features/member/user.store';
import { copyText } from '../../lib/clipboard';
import { describeError } from '../../lib/describe-error';
import { showToast } from '../../lib/toast';
import { routePaths } from '../../lib/route-paths';
import { formatMoney } from '../../lib/format-money';

interface Entry {
  key: string;
  path: string;
  icon: ReactNode;
  label: string;
  extra?: ReactNode;
}

/** Beyond this many characters the amounts take the smaller size, so that two still fit side by side. */
const LONG_AMOUNT = 11;

/** One of the member's amounts under its label; `long`: the row's amounts are long, both take the smaller size. */
function AssetValue(props: { label: string; text: string; long: boolean; secondary?: boolean; testId: string }) {
  const classes = ['my-asset-value'];
  if (props.secondary) classes.push('my-asset-value-secondary');
  if (props.long) classes.push('my-asset-value-long');
  return (
    <div className="my-asset">
      <div className="my-asset-label">{props.label}</div>
      <div className={classes.join(' ')} data-testid={props.testId}>
        {props.text}
      </div>
    </div>
  );
}

/**
 * Balance and frozen side by side while both fit, one under the other when not (a large
 * balance, a currency written after the number): two amounts never run into each other, and
 * one never breaks across lines.
 */
function AssetsRow({ balance, frozen }: { balance: number; frozen: number }) {
  const { t } = useTranslation();
  const texts = [formatMoney(balance), formatMoney(frozen)] as const;
  const long = texts.some((text) => text.length > LONG_AMOUNT);
  return (
    <div className="my-assets-row">
      <AssetValue label={t('my.balance')} text={texts[0]} long={long} testId="my-balance" />
      <AssetValue label={t('my.frozen')} text={texts[1]} long={long} secondary testId="my-frozen" />
    </div>
  );
}

function ProfileHeader({ member }: { member: Member }) {
  const { t } = useTranslation();
  return (
    <section className="my-header">
      <div className="my-profile">
        <MemberAvatar src={member.avatar} name={member.nickname} size={3.75} />
        <div className="my-profile-main">
          <div className="my-name-row">
            <span className="my-nickname" data-testid="my-nickname">
              {member.nickname || t('my.memberFallback')}
            </span>
            <VipBadge level={member.vipLevel} />
          </div>
          <div className="my-name-row">
            <span className="my-phone" data-testid="my-phone">
              {member.phone}
            </span>
            <RealNameTag status={member.realNameStatus} testId="my-realname-status" />
          </div>
        </div>
        <MessageBell unread={member.unreadMessages} />
        <button
          type="button"
          className="my-settings-button"
          onClick={() => go(routePaths.userSetting)}
          aria-label={t('my.settings')}
          data-testid="my-settings"
        >
          <GearIcon />
        </button>
      </div>
      <div className="my-assets">
        <div className="my-assets-title">
          <span>{t('my.assets')}</span>
          <span className="my-assets-actions">
            <button
              type="button"
              className="my-copy tap-target"
              onClick={() => go(routePaths.recharge)}
              data-testid="my-assets-recharge"
            >
              {t('my.recharge')}
            </button>
            <button
              type="button"
              className="my-copy tap-target"
              onClick={() => go(routePaths.bill)}
              data-testid="my-assets-bill"
            >
              {t('my.bill')}
            </button>
          </span>
        </div>
        <AssetsRow balance={member.balance} frozen={member.frozen} />
        {member.inviteCode && (
          <div className="my-invite">
            <span>
              {t('my.inviteCode')}
              <span className="my-invite-code" data-testid="my-invite-code">
                {member.inviteCode}
              </span>
            </span>
            <button
              type="button"
              className="my-copy tap-target"
              onClick={() => void copyText(member.inviteCode)}
              data-testid="my-copy-invite"
            >
              {t('common.copy')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}

/** Bidding and withdrawing need a verified real name: said on 我的 until it is, with the way to it. */
function VerifyBanner({ status }: { status: Member['realNameStatus'] }) {
  const { t } = useTranslation();
  if (status !== 'none' && status !== 'rejected') return null;
  return (
    <div className="my-verify-banner" role="note" data-testid="my-verify-banner">
      <span>{status === 'rejected' ? t('my.verifyPrompt.bannerRejected') : t('my.verifyPrompt.banner')}</span>
      <button
        type="button"
        className="my-copy tap-target"
        onClick={() => go(routePaths.realname)}
        data-testid="my-verify-go"
      >
        {t('my.verifyPrompt.action')}
      </button>
    </div>
  );
}

/** Once, right after sign-up: the offer to verify now or later (later leaves the banner). */
function useRealNameSuggestion(status: Member['realNameStatus'] | undefined) {
  const { t } = useTranslation();
  useEffect(() => {
    if (status === undefined || !takeRealNameSuggestion() || status !== 'none') return;
    void showMessageBox({
      title: t('my.verifyPrompt.title'),
      msg: t('my.verifyPrompt.msg'),
      confirmText: t('my.verifyPrompt.go'),
      cancelText: t('my.verifyPrompt.later'),
    }).then((now) => {
      if (now) go(routePaths.realname);
    });
  }, [status, t]);
}

function EntryList({ entries }: { entries: Entry[] }) {
  return (
    <div className="entry-list">
      <List>
        {entries.map((entry) => (
          <List.Item
            key={entry.key}
            prefix={entry.icon}
            extra={entry.extra}
            onClick={() => go(entry.path)}
            data-testid={`my-entry-${entry.key}`}
          >
            {entry.label}
          </List.Item>
        ))}
      </List>
    </div>
  );
}

function MySkeleton() {
  return (
    <div className="skeleton-lines" aria-busy="true" data-testid="my-loading">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={3} animated />
      <Skeleton.Paragraph lineCount={5} animated />
    </div>
  );
}

/** The member's profile, assets and every account page; pull down to reload. */
export default function MyPage() {
  const { t } = useTranslation();
  const member = useUserStore((state) => state.userInfo);
  const query = useMemberInfoQuery();
  useRealNameSuggestion(member?.realNameStatus);

  const refresh = async () => {
    const result = await query.refetch();
    if (result.isError) showToast(describeError(result.error, t));
  };

  if (!member) {
    if (query.isError) {
      return (
        <EmptyState
          status="error"
          title={t('my.loadFailed')}
          description={describeError(query.error, t)}
          onAction={() => void query.refetch()}
          testId="my-error"
        />
      );
    }
    return <MySkeleton />;
  }

  const trade: Entry[] = [
    { key: 'orders', path: routePaths.orderList, icon: <FileIcon />, label: t('my.orders') },
    { key: 'auctions', path: routePaths.auctionList, icon: <ClockIcon />, label: t('my.auctions') },
    { key: 'auction-mine', path: routePaths.auctionMine, icon: <HeartIcon />, label: t('follow.myEntry') },
    {
      key: 'saved-search-list',
      path: routePaths.savedSearchList,
      icon: <SearchIcon />,
      label: t('routes.savedSearchList'),
    },
    { key: 'pick-list', path: routePaths.pickList, icon: <TruckIcon />, label: t('my.pickList') },
    { key: 'offer-list', path: routePaths.offerList, icon: <BagIcon />, label: t('routes.offerList') },
    { key: 'claim-list', path: routePaths.claimList, icon: <ShieldCheckIcon />, label: t('routes.claimList') },
    {
      key: 'delegation-list',
      path: routePaths.delegationList,
      icon: <ReceiptIcon />,
      label: t('my.delegationList'),
    },
    { key: 'bill', path: routePaths.bill, icon: <BillIcon />, label: t('my.bill') },
    { key: 'recharge', path: routePaths.recharge, icon: <AddCircleIcon />, label: t('my.recharge') },
    { key: 'withdraw', path: routePaths.withdraw, icon: <CoinIcon />, label: t('my.withdraw') },
    {
      key: 'withdraw-record',
      path: routePaths.withdrawRecord,
      icon: <BanknoteIcon />,
      label: t('my.withdrawRecord'),
    },
    {
      key: 'address-list',
      path: routePaths.addressList,
      icon: <PinIcon />,
      label: t('my.addressList'),
    },
    { key: 'team', path: routePaths.team, icon: <TeamIcon />, label: t('my.team') },
    { key: 'invite', path: routePaths.invite, icon: <GiftIcon />, label: t('my.invite') },
  ];
  const services: Entry[] = [
    {
      key: 'message-list',
      path: routePaths.messageList,
      icon: <BellIcon />,
      label: t('messages.entry'),
      extra: <UnreadBadge unread={member.unreadMessages} />,
    },
    { key: 'notice-list', path: routePaths.noticeList, icon: <SpeakerIcon />, label: t('my.noticeList') },
    { key: 'news-list', path: routePaths.newsList, icon: <ChatIcon />, label: t('my.newsList') },
    { key: 'contact-us', path: routePaths.contactUs, icon: <ContactBookIcon />, label: t('my.contactUs') },
    { key: 'rules', path: routePaths.rule, icon: <ListIcon />, label: t('my.rules') },
  ];
  const security: Entry[] = [
    {
      key: 'realname',
      path: routePaths.realname,
      icon: <IdCardIcon />,
      label: t('my.realname'),
      extra: t(`my.realName.${member.realNameStatus}`),
    },
    { key: 'password', path: routePaths.password, icon: <LockIcon />, label: t('my.password') },
    {
      key: 'trade-password',
      path: routePaths.tradePassword,
      icon: <KeyIcon />,
      label: t('my.tradePassword'),
      extra: (
        <span data-testid="my-trade-password-status">
          {member.hasTradePassword ? t('common.set') : t('common.notSet')}
        </span>
      ),
    },
    { key: 'settings', path: routePaths.userSetting, icon: <GearIcon />, label: t('my.settings') },
  ];

  return (
    <div className="my-page" data-testid="my-page">
      <PullRefresh onRefresh={refresh}>
        <ProfileHeader member={member} />
        <VerifyBanner status={member.realNameStatus} />
        <h2 className="section-title">{t('my.trade')}</h2>
        <div className="entry-grid">
          {trade.map((entry) => (
            <button
              type="button"
              key={entry.key}
              className="entry-grid-item"
              onClick={() => go(entry.path)}
              data-testid={`my-entry-${entry.key}`}
            >
              <span className="entry-grid-icon">{entry.icon}</span>
              {entry.label}
            </button>
          ))}
        </div>
        <h2 className="section-title">{t('my.services')}</h2>
        <EntryList entries={services} />
        <h2 className="section-title">{t('my.security')}</h2>
        <EntryList entries={security} />
      </PullRefresh>
    </div>
  );
}
