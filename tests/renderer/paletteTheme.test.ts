import { describe, expect, it } from 'vitest';
import { DEFAULT_PALETTE } from '../../src/shared/constants';
import {
  brandRamp,
  contrastRatio,
  paletteToTheme,
  readableTextOn,
  resolvePalette,
} from '../../src/renderer/src/app/theme/paletteTheme';

describe('palette -> Fluent theme', () => {
  it('maps the six palette keys onto Fluent tokens', () => {
    const palette = {
      primaryBackground: '#eeeeee',
      primaryBackgroundLight: '#fdfdfd',
      primaryText: '#111111',
      secondaryText: '#223344',
      secondaryBackground: '#ffaa00',
      thirdBackground: '#0055aa',
    };
    const theme = paletteToTheme(palette);
    expect(theme.colorNeutralBackground2).toBe('#eeeeee');
    expect(theme.colorNeutralBackground1).toBe('#fdfdfd');
    expect(theme.colorNeutralForeground1).toBe('#111111');
    expect(theme.colorNeutralForeground2).toBe('#223344');
    expect(theme.colorNeutralBackgroundInverted).toBe('#223344');
    expect(theme.colorNeutralForegroundInverted).toBe('#ffffff');
    expect(theme.colorPaletteDarkOrangeBackground3).toBe('#ffaa00');
    expect(theme.colorPaletteDarkOrangeForeground3).toBe('#000000');
    // The brand (buttons, links) comes from thirdBackground.
    expect(theme.colorBrandBackground).toBe(brandRamp('#0055aa')[80]);
    expect(brandRamp('#0055aa')[80]).toBe('#0055aa');
  });

  it('keeps white text on brand buttons readable, darkening a light brand colour', () => {
    for (const colour of ['#2f6fd6', '#ffcc00', '#88ddff', '#0055aa']) {
      const theme = paletteToTheme({ ...DEFAULT_PALETTE, thirdBackground: colour });
      expect(contrastRatio(theme.colorBrandBackground, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('builds a ramp from dark to light', () => {
    const ramp = brandRamp('#2f6fd6');
    const lightness = (hex: string) => contrastRatio(hex, '#000000');
    const steps = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;
    for (let i = 1; i < steps.length; i++) {
      expect(lightness(ramp[steps[i]!])).toBeGreaterThan(lightness(ramp[steps[i - 1]!]));
    }
  });

  it('resolves a school palette over the default, ignoring bad values', () => {
    const palette = resolvePalette({
      thirdBackground: '#123ABC',
      primaryText: 'red',
      secondaryText: 42,
    });
    expect(palette.thirdBackground).toBe('#123abc');
    expect(palette.primaryText).toBe(DEFAULT_PALETTE.primaryText);
    expect(palette.secondaryText).toBe(DEFAULT_PALETTE.secondaryText);
    expect(resolvePalette(null)).toEqual(DEFAULT_PALETTE);
  });

  it('picks black or white text by contrast', () => {
    expect(readableTextOn('#ffffff')).toBe('#000000');
    expect(readableTextOn('#34495e')).toBe('#ffffff');
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 0);
  });
});
