/** The demo members: two verified collectors with money, a newcomer with a little, one with none. */
export const DEMO_PASSWORD = 'demo1234';

export interface DemoMember {
  phone: string;
  nickname: string;
  /** Present for a member whose real name was submitted and verified. */
  realName?: { name: string; idNumber: string };
  /** Money paid in by bank transfer, in fen. */
  deposit: number;
}

export const demoMembers: DemoMember[] = [
  {
    phone: '13800000001',
    nickname: '青花雅集',
    realName: { name: '王雅琴', idNumber: '110101199003074514' },
    deposit: 5_000_000,
  },
  {
    phone: '13800000002',
    nickname: '松风阁主',
    realName: { name: '李松年', idNumber: '310104198511203011' },
    deposit: 1_200_000,
  },
  { phone: '13800000003', nickname: '玉壶冰心', deposit: 300_000 },
  { phone: '13800000004', nickname: '墨香斋', deposit: 0 },
];
