import { describe, expect, it } from '@jest/globals';
import { system } from './theme';

/** WCAG 2.1 relative luminance of '#rrggbb'. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((at) => {
    const channel = parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const ratio = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
};
/** `color` at `alpha` over `background`, as the eye sees it. */
const over = (color: string, alpha: number, background: string) =>
  '#' +
  [1, 3, 5]
    .map((at) =>
      Math.round(
        parseInt(color.slice(at, at + 2), 16) * alpha + parseInt(background.slice(at, at + 2), 16) * (1 - alpha),
      )
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

type Semantic = Record<string, { value: string | { _light: string; _dark: string } } | undefined>;
const semantic = (system as unknown as { _config: { theme: { semanticTokens: { colors: Record<string, Semantic> } } } })
  ._config.theme.semanticTokens.colors;

/** A semantic colour as the app shows it (always dark): its `_dark` value, references resolved to '#rrggbb'. */
function resolve(palette: string, key: string): string {
  const token = semantic[palette]?.[key];
  if (!token) throw new Error(`no ${palette}.${key}`);
  const value = typeof token.value === 'string' ? token.value : token.value._dark;
  const reference = /^\{colors\.(.+)\}$/.exec(value);
  const hex = reference ? system.token(`colors.${reference[1]}`) : system.token(`colors.${value}`, value);
  const full = /^#[0-9a-f]{3}$/i.test(hex) ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  if (!/^#[0-9a-f]{6}$/i.test(full)) throw new Error(`${palette}.${key}: ${value} → ${hex}`);
  return full.toLowerCase();
}

describe('the theme’s contrast (WCAG AA, 4.5:1 for text)', () => {
  const palettes = Object.keys(semantic).filter((palette) => semantic[palette]?.solid && semantic[palette]?.contrast);

  it.each(palettes)('%s: its contrast text on its solid (badges, buttons, toasts)', (palette) => {
    expect(palettes.length).toBeGreaterThanOrEqual(10);
    expect(ratio(resolve(palette, 'contrast'), resolve(palette, 'solid'))).toBeGreaterThanOrEqual(4.5);
  });

  it('the ONLINE badge and the Accetta button: white on green at least 4.5:1 (not 3.29:1 on #16a34a)', () => {
    expect(resolve('green', 'solid')).not.toBe('#16a34a');
    expect(ratio('#ffffff', resolve('green', 'solid'))).toBeGreaterThanOrEqual(4.5);
  });

  it('a toast’s description, on the success, error and warning toasts', () => {
    // the toast's description is drawn at full opacity (toaster-view.tsx): Chakra's 0.8 made the success one 2.63:1
    for (const palette of ['green', 'red', 'orange'])
      expect(ratio(resolve(palette, 'contrast'), resolve(palette, 'solid'))).toBeGreaterThanOrEqual(4.5);
    expect(ratio(over('#ffffff', 0.8, '#16a34a'), '#16a34a')).toBeLessThan(3);
  });

  it('the solid tints that replaced the glow and the gradients (hero, performer offer, balance, forecast): every text colour on them', () => {
    for (const tint of ['hero', 'plum', 'gold'])
      for (const [palette, key] of [
        ['fg', 'DEFAULT'],
        ['fg', 'muted'],
        ['brand', 'fg'],
        ['gold', 'fg'],
      ] as const)
        expect(ratio(resolve(palette, key), resolve('panel', tint))).toBeGreaterThanOrEqual(4.5);
  });

  it('the offers banner’s solid (no gradient): its white, its countdown’s gold and its whiteAlpha label', () => {
    const offer = resolve('panel', 'offer');
    expect(ratio('#ffffff', offer)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(resolve('gold', 'fg'), offer)).toBeGreaterThanOrEqual(4.5);
    // 'Termina tra' in whiteAlpha.900 (white at 92%)
    expect(ratio(over('#ffffff', 0.92, offer), offer)).toBeGreaterThanOrEqual(4.5);
  });
});
