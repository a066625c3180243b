import { describe, expect, it } from 'vitest';
import { deviceTypeOf, measureOverflow, MOBILE_CHECK_SETTLE_MS, MOBILE_CHECK_VIEWPORTS } from './viewports';

describe('mobile check constants and rules', () => {
  it('checks the seven viewports, phones first, 500 ms each', () => {
    expect(MOBILE_CHECK_VIEWPORTS.map((v) => `${v.width}x${v.height}`)).toEqual([
      '375x667',
      '390x844',
      '414x896',
      '360x640',
      '768x1024',
      '1024x1366',
      '1440x900',
    ]);
    expect(MOBILE_CHECK_SETTLE_MS).toBe(500);
  });

  it('calls a width mobile below 768, tablet below 1024, else desktop', () => {
    expect(deviceTypeOf(360)).toBe('mobile');
    expect(deviceTypeOf(767)).toBe('mobile');
    expect(deviceTypeOf(768)).toBe('tablet');
    expect(deviceTypeOf(1023)).toBe('tablet');
    expect(deviceTypeOf(1024)).toBe('desktop');
    expect(deviceTypeOf(1440)).toBe('desktop');
  });

  function fakeDocument(scrollWidth: number, clientWidth: number, bodyScrollWidth = 0): Document {
    return { documentElement: { scrollWidth, clientWidth }, body: { scrollWidth: bodyScrollWidth } } as unknown as Document;
  }

  it('reports the pixels a page is wider than its viewport, tolerating one pixel of rounding', () => {
    expect(measureOverflow(fakeDocument(375, 375))).toEqual({ scrollWidth: 375, clientWidth: 375, overflow: 0 });
    expect(measureOverflow(fakeDocument(376, 375))).toMatchObject({ overflow: 0 });
    expect(measureOverflow(fakeDocument(420, 375))).toMatchObject({ overflow: 45 });
    // A body wider than the root element counts too.
    expect(measureOverflow(fakeDocument(375, 375, 500))).toMatchObject({ scrollWidth: 500, overflow: 125 });
  });
});
