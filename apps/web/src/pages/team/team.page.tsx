import type { TeamMember } from '@antique/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { MemberAvatar } from '../../components/member-avatar/member-avatar';
import { LinesSkeleton, PagedListBody } from '../../components/paged-list/paged-list-body';
import { PullRefresh } from '../../components/pull-refresh/pull-refresh';
import { VipBadge } from '../../components/vip-badge/vip-badge';
import { useTeamInfoQuery, useTeamPages } from '../../features/team/team.api';
import { formatMoney } from '../../lib/format-money';
import { formatDate } from '../../lib/format-time';
import { go } from '../../lib/navigation';
import { routePaths } from '../../lib/route-paths';
import './team.css';

function TeamRow({ member }: { member: TeamMember }) {
  const { t } = useTranslation();
  return (
    <li className="team-row" data-testid="team-row" data-id={member.id}>
      <MemberAvatar src={member.avatar || undefined} name={member.nickname} size={2.5} />
      <div className="team-row-main">
        <div className="team-row-head">
          <span className="team-row-name">{member.nickname}</span>
          <VipBadge level={member.vipLevel} />
        </div>
        <div className="team-row-sub">
          <span className="team-row-phone" data-testid="team-row-phone">
            {member.phone}
          </span>
          <span>{t('team.joinedAt', { date: formatDate(member.joinedAt) })}</span>
        </div>
      </div>
      <span
        className={member.realNameVerified ? 'team-row-tag team-row-tag-verified' : 'team-row-tag'}
        data-testid="team-row-verified"
        data-verified={member.realNameVerified}
      >
        {member.realNameVerified ? t('team.verified') : t('team.unverified')}
      </span>
    </li>
  );
}

/** The members who registered with the member's invite code (one level), with the count and the rewards received. */
export default function TeamPage() {
  const { t } = useTranslation();
  const info = useTeamInfoQuery();
  const paged = useTeamPages();

  return (
    <div className="team-page" data-testid="team-page">
      <PullRefresh onRefresh={() => Promise.all([info.refetch(), paged.query.refetch()])}>
        <section className="paged-list-summary team-summary">
          <div>
            <div className="paged-list-summary-label">{t('team.directCount')}</div>
            <div className="paged-list-summary-value" data-testid="team-direct-count">
              {info.data ? info.data.directCount : '—'}
            </div>
          </div>
          <div>
            <div className="paged-list-summary-label">{t('team.rewardTotal')}</div>
            <div className="paged-list-summary-value" data-testid="team-reward-total">
              {info.data ? formatMoney(info.data.rewardTotal) : '—'}
            </div>
          </div>
          <Button
            size="small"
            shape="rounded"
            className="team-summary-invite gold-button"
            color="primary"
            onClick={() => go(routePaths.invite)}
            data-testid="team-invite"
          >
            {t('team.invite')}
          </Button>
        </section>
        <h2 className="team-title">{t('team.members')}</h2>
        <div className="team-body">
          <PagedListBody
            paged={paged}
            loading={<LinesSkeleton className="team-list" lines={5} testId="team-loading" />}
            errorTitle={t('team.loadFailed')}
            empty={{
              title: t('team.empty'),
              description: t('team.emptyHint'),
              actionText: t('team.invite'),
              onAction: () => go(routePaths.invite),
            }}
            testId="team"
            listClassName="team-list"
            renderItem={(member) => <TeamRow member={member} />}
          />
        </div>
      </PullRefresh>
    </div>
  );
}
