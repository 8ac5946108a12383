import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { pageOf, pageQuery } from './envelope.js';

/** The member's invite code, its link (the member app's register page with the code) and one level of team. */
export const teamInfo = z.object({
  inviteCode: z.string(),
  inviteUrl: z.string(),
  /** Members who registered with the code: direct invitees only, there is no deeper level. */
  directCount: z.number().int(),
  /** Every referral reward credited to the member, in fen. */
  rewardTotal: z.number().int(),
});
export type TeamInfo = z.infer<typeof teamInfo>;

/** A direct invitee as the inviter sees them: the phone masked. */
export const teamMember = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string(),
  phone: z.string(),
  vipLevel: z.number().int(),
  joinedAt: z.number().int(),
  realNameVerified: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMember>;

export const teamPage = pageOf(teamMember);
export type TeamPage = z.infer<typeof teamPage>;

const member_ = { base: '/v1/iyd', auth: 'member' } as const;

export const teamApi = {
  info: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/team/info',
    input: z.object({}),
    output: teamInfo,
    summary: 'The member’s invite code and link, the number of direct invitees and the referral rewards received.',
  }),
  list: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/team/list',
    input: pageQuery,
    output: teamPage,
    summary: 'The members who registered with the member’s invite code, newest first (one level).',
  }),
};
