import { describe, expect, it } from 'vitest';
import { regionOf, regionOptions } from './regions.js';

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
});
