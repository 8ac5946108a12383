import { describe, expect, it } from 'vitest';
import { formatRegion, regionOf, regionOptions } from './regions.js';

describe('GB/T 2260 regions', () => {
  it('names a district with its city and province', () => {
    expect(regionOf('110101')).toEqual({ province: '北京市', city: '北京市', district: '东城区' });
    expect(regionOf('330106')).toEqual({ province: '浙江省', city: '杭州市', district: '西湖区' });
  });
  it('refuses provinces, cities and unknown codes', () => {
    expect(regionOf('110000')).toBeUndefined();
    expect(regionOf('330100')).toBeUndefined();
    expect(regionOf('999999')).toBeUndefined();
    expect(regionOf('12345')).toBeUndefined();
  });
  it('builds a three-level picker tree', () => {
    const tree = regionOptions();
    expect(tree.length).toBeGreaterThanOrEqual(31);
    const zj = tree.find((p) => p.label === '浙江省')!;
    const hz = zj.children!.find((c) => c.label === '杭州市')!;
    expect(hz.children!.map((d) => d.value)).toContain('330106');
  });

  it('writes a region once per level that people write', () => {
    const at = (code: string) => formatRegion(regionOf(code)!);
    expect(at('330106')).toBe('浙江省 杭州市 西湖区');
    expect(at('110101')).toBe('北京市 东城区');
    expect(at('310104')).toBe('上海市 徐汇区');
    expect(at('500229')).toBe('重庆市 城口县');
    expect(at('429004')).toBe('湖北省 仙桃市');
    expect(formatRegion({ province: '北京市', city: '北京市', district: '东城区' }, '')).toBe('北京市东城区');
  });
});
