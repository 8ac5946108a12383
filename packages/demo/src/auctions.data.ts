/**
 * The demo auction house: collectors who bid (all invented, real names verified so they may
 * bid) and the titles of the sessions the rolling schedule opens. Money in fen.
 */
import type { DemoMember } from './members.data.js';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** An invented resident ID number with its GB 11643 check digit. */
export function demoIdNumber(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return first17 + CHECK[sum % 11]!;
}

export const demoBidders: DemoMember[] = [
  {
    phone: '13800000011',
    nickname: '听雨轩',
    realName: { name: '周明远', idNumber: demoIdNumber('33010219780512301') },
    deposit: 20_000_000,
  },
  {
    phone: '13800000012',
    nickname: '古月斋',
    realName: { name: '胡静怡', idNumber: demoIdNumber('44030419820823402') },
    deposit: 20_000_000,
  },
  {
    phone: '13800000013',
    nickname: '半山堂',
    realName: { name: '陈山', idNumber: demoIdNumber('51010719750301503') },
    deposit: 20_000_000,
  },
  {
    phone: '13800000014',
    nickname: '清泉居士',
    realName: { name: '林清', idNumber: demoIdNumber('35020319880916604') },
    deposit: 20_000_000,
  },
  {
    phone: '13800000015',
    nickname: '拾遗阁',
    realName: { name: '赵思远', idNumber: demoIdNumber('12010119691127705') },
    deposit: 20_000_000,
  },
  {
    phone: '13800000016',
    nickname: '漱石山房',
    realName: { name: '吴漱石', idNumber: demoIdNumber('32050219910204806') },
    deposit: 20_000_000,
  },
];

export const demoSessionTitles = [
  '瓷器杂项夜场',
  '玉器珍玩专场',
  '书画小品专场',
  '文房清供专场',
  '铜器佛像专场',
  '明清家具专场',
];
