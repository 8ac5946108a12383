import { areaList } from '@vant/area-data';

/**
 * GB/T 2260 province / city / district codes, from @vant/area-data (never hand-typed).
 * The same table backs the server's validation and the address picker.
 */
export interface Region {
  province: string;
  city: string;
  district: string;
}

/** The names behind a 6-digit district code, or undefined for a code that is not a district. */
export function regionOf(code: string): Region | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const district = areaList.county_list[code];
  const province = areaList.province_list[`${code.slice(0, 2)}0000`];
  if (!district || !province) return undefined;
  // County-level cities directly under a province (仙桃市) sit under a "省直辖县" pseudo-city.
  const city = areaList.city_list[`${code.slice(0, 4)}00`] ?? province;
  return { province, city, district };
}

// City-level entries that are no city of their own: counties directly under a province or
// region, and Chongqing's counties ("县"). A municipality's city repeats its province.
const NOT_A_CITY = new Set(['省直辖县', '自治区直辖县级行政区划', '县']);

/**
 * A region as people write it: 浙江省 杭州市 西湖区, but 北京市 东城区 for a municipality and
 * 湖北省 仙桃市 for a county-level city directly under its province. The member app and the
 * console both show addresses through it.
 */
export function formatRegion({ province, city, district }: Region, separator = ' '): string {
  const parts = [province];
  if (city && city !== province && !NOT_A_CITY.has(city)) parts.push(city);
  if (district && district !== city) parts.push(district);
  return parts.filter(Boolean).join(separator);
}

export interface RegionOption {
  label: string;
  value: string;
  children?: RegionOption[];
}

/** Province → city → district options for a cascading picker. */
export function regionOptions(): RegionOption[] {
  const provinces = new Map<string, RegionOption>();
  for (const [code, label] of Object.entries(areaList.province_list)) {
    provinces.set(code.slice(0, 2), { label, value: code, children: [] });
  }
  const cities = new Map<string, RegionOption>();
  for (const [code, label] of Object.entries(areaList.city_list)) {
    const city = { label, value: code, children: [] };
    cities.set(code.slice(0, 4), city);
    provinces.get(code.slice(0, 2))?.children!.push(city);
  }
  for (const [code, label] of Object.entries(areaList.county_list)) {
    cities.get(code.slice(0, 4))?.children!.push({ label, value: code });
  }
  return [...provinces.values()];
}
