import type { BrandVariants, Theme } from '@fluentui/react-components';
import { createLightTheme } from '@fluentui/react-components';
import { DEFAULT_PALETTE, PALETTE_KEYS, type Palette } from '../../../../shared/constants';

const HEX = /^#[0-9a-f]{6}$/i;

/** A school's partial or untrusted colours merged over a base palette; bad values are ignored. */
export function resolvePalette(
  colors: Partial<Record<string, unknown>> | null | undefined,
  base: Palette = DEFAULT_PALETTE,
): Palette {
  const palette = { ...base };
  for (const key of PALETTE_KEYS) {
    const value = colors?.[key];
    if (typeof value === 'string' && HEX.test(value.trim()))
      palette[key] = value.trim().toLowerCase();
  }
  return palette;
}

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(a: Rgb, b: Rgb, amount: number): Rgb {
  return [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * amount) as Rgb;
}

/** WCAG relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = toRgb(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio between two colours. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Black or white, whichever reads better on the background. */
export function readableTextOn(background: string): string {
  return contrastRatio(background, '#ffffff') >= contrastRatio(background, '#000000')
    ? '#ffffff'
    : '#000000';
}

/**
 * Darkens a colour until it reaches WCAG AA (4.5:1) against each background: white text on it
 * (filled buttons), and it as text on the page canvas and surfaces (links, a wizard's current
 * step), which on a grey canvas needs a darker shade than white alone asks for.
 */
function darkenForContrast(hex: string, backgrounds: readonly string[]): string {
  let rgb = toRgb(hex);
  const short = () => backgrounds.some((background) => contrastRatio(toHex(rgb), background) < 4.5);
  for (let i = 0; i < 20 && short(); i++) rgb = mix(rgb, [0, 0, 0], 0.08);
  return toHex(rgb);
}

/** A 16-step brand ramp (10 darkest .. 160 lightest) with the brand colour at step 80. */
export function brandRamp(
  color: string,
  backgrounds: readonly string[] = ['#ffffff'],
): BrandVariants {
  const base = toRgb(darkenForContrast(color, backgrounds));
  const steps = [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160] as const;
  const ramp = {} as Record<(typeof steps)[number], string>;
  for (const step of steps) {
    ramp[step] =
      step <= 80
        ? toHex(mix([0, 0, 0], base, 0.25 + (0.75 * (step - 10)) / 70))
        : toHex(mix(base, [255, 255, 255], ((step - 80) / 80) * 0.92));
  }
  return ramp as BrandVariants;
}

/**
 * The school's six palette keys (spec §3) on Fluent tokens: thirdBackground is the brand
 * (buttons, links, focus, selection), primaryBackground the canvas, primaryBackgroundLight the
 * surfaces, primaryText and secondaryText the two text levels, secondaryText also the drawer
 * (inverted surface), and secondaryBackground the accent (badges, active drawer item).
 */
export function paletteToTheme(palette: Palette): Theme {
  const theme = createLightTheme(
    brandRamp(palette.thirdBackground, [
      '#ffffff',
      palette.primaryBackground,
      palette.primaryBackgroundLight,
    ]),
  );
  const accentText = readableTextOn(palette.secondaryBackground);
  return {
    ...theme,
    colorNeutralBackground1: palette.primaryBackgroundLight,
    colorNeutralBackground2: palette.primaryBackground,
    colorNeutralBackground3: toHex(mix(toRgb(palette.primaryBackground), [0, 0, 0], 0.03)),
    colorNeutralForeground1: palette.primaryText,
    colorNeutralForeground2: palette.secondaryText,
    colorNeutralBackgroundInverted: palette.secondaryText,
    colorNeutralForegroundInverted: readableTextOn(palette.secondaryText),
    colorNeutralForegroundInverted2: readableTextOn(palette.secondaryText),
    colorPaletteDarkOrangeBackground3: palette.secondaryBackground,
    colorPaletteDarkOrangeBorderActive: palette.secondaryBackground,
    colorPaletteDarkOrangeForeground3: accentText,
  };
}
