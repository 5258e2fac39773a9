import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  datePickerSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  popoverSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  radiomarkRecipe,
  semanticTokens,
  skeletonRecipe,
  spinnerRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/**
 * Chakra's default theme without its 80 component recipes: only the recipes of the components the
 * app uses (Chakra's bundle-size guide), so the first page does not carry the styles of
 * components it never shows. A component whose recipe is missing here renders unstyled:
 * `theme.spec.ts` checks every Chakra component imported under `src/` against this list.
 */
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      radiomark: radiomarkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      datePicker: datePickerSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      popover: popoverSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * Aura's design system: a dark, premium look (aubergine black, rose "aura" brand, gold for
 * auracoin). The app is always dark: `<html class="dark">` turns on the `_dark` condition.
 *
 * Contrast (WCAG 2.1, checked): white on brand.solid #d4165f 5.15:1; white on green.solid #116932 6.8:1; brand.fg #ff94b8 on bg
 * 9.5:1; fg.muted #b3abbd on bg.panel 8.3:1; gold #fcd34d on bg.panel 12.8:1; the focus ring
 * #ff5c93 on bg 6.7:1 (≥ 3:1 for non-text).
 */
const systemFonts = [
  'ui-sans-serif',
  'system-ui',
  '-apple-system',
  'BlinkMacSystemFont',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  '"Liberation Sans"',
  'sans-serif',
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
  '"Noto Color Emoji"',
].join(', ');

const config = defineConfig({
  globalCss: {
    html: {
      colorPalette: 'gray',
      scrollBehavior: 'smooth',
      scrollPaddingTop: 'calc(var(--aura-header-height) + 16px)',
      '--aura-header-height': '64px',
      WebkitTapHighlightColor: 'transparent',
      _motionReduce: { scrollBehavior: 'auto' },
    },
    body: {
      bg: 'bg',
      color: 'fg',
      minHeight: '100dvh',
      textRendering: 'optimizeLegibility',
    },
    '*::selection': { bg: 'brand.emphasized', color: 'white' },
    // less motion when the person asks their system for it (WCAG 2.3.3): entrances, exits and transitions end at
    // once; a spinner, which says 'still working', keeps turning
    '*:not(.chakra-spinner), *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        animationDelay: '0s !important',
        animationIterationCount: '1 !important',
        transitionDuration: '0.01ms !important',
        transitionDelay: '0s !important',
      },
    },
    // a visible focus indicator for anything focusable that has no recipe of its own
    ':where(a, button, [tabindex]):focus-visible': {
      outline: '2px solid',
      outlineColor: 'brand.focusRing',
      outlineOffset: '2px',
    },
    '*, *::before, *::after': {
      _motionReduce: {
        animationDuration: '0.01ms !important',
        transitionDuration: '0.01ms !important',
      },
    },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: systemFonts },
        body: { value: systemFonts },
      },
      colors: {
        brand: {
          50: { value: '#fff1f5' },
          100: { value: '#ffe0ea' },
          200: { value: '#ffc2d6' },
          300: { value: '#ff94b8' },
          400: { value: '#ff5c93' },
          500: { value: '#f2327a' },
          600: { value: '#d4165f' },
          700: { value: '#b00d4d' },
          800: { value: '#8c0c40' },
          900: { value: '#6b0b33' },
          950: { value: '#3d041b' },
        },
        gold: {
          200: { value: '#fde68a' },
          300: { value: '#fcd34d' },
          400: { value: '#fbbf24' },
          500: { value: '#f59e0b' },
        },
        night: {
          700: { value: '#3a3147' },
          800: { value: '#2d2638' },
          850: { value: '#221c2b' },
          900: { value: '#16121d' },
          950: { value: '#0d0a12' },
        },
      },
      gradients: {
        brand: { value: 'linear-gradient(135deg, #ff5c93 0%, #c026d3 55%, #7c3aed 100%)' },
        // no gradient behind or inside text (the page's glow, gradient headings): axe could not compute their contrast
      },
    },
    semanticTokens: {
      colors: {
        // Chakra's solids behind white text fall under 4.5:1 for green (#16a34a, 3.29:1: the ONLINE badge, 'Accetta',
        // the success toast), teal, pink and cyan: one shade darker (theme-contrast.spec.ts checks every palette)
        green: { solid: { value: '{colors.green.700}' } },
        teal: { solid: { value: '{colors.teal.700}' } },
        pink: { solid: { value: '{colors.pink.700}' } },
        cyan: { solid: { value: '{colors.cyan.700}' } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: '{colors.white}' },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          subtle: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.950}' } },
          emphasized: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
          focusRing: { value: '{colors.brand.400}' },
          border: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.400}' } },
        },
        gold: {
          solid: { value: '{colors.gold.400}' },
          contrast: { value: '{colors.night.950}' },
          fg: { value: '{colors.gold.300}' },
          muted: { value: 'rgba(251, 191, 36, 0.24)' },
          subtle: { value: 'rgba(251, 191, 36, 0.12)' },
          emphasized: { value: 'rgba(251, 191, 36, 0.36)' },
          focusRing: { value: '{colors.gold.300}' },
          border: { value: '{colors.gold.400}' },
        },
        bg: {
          DEFAULT: { value: { _light: '{colors.white}', _dark: '{colors.night.950}' } },
          subtle: { value: { _light: '{colors.gray.50}', _dark: '#120e18' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '{colors.night.850}' } },
          emphasized: { value: { _light: '{colors.gray.200}', _dark: '{colors.night.800}' } },
          panel: { value: { _light: '{colors.white}', _dark: '{colors.night.900}' } },
        },
        // solid tints where a glow or a gradient stood behind text (the hero, the performer offer, the balance and forecast
        // cards, the offers banner), so its contrast is computed
        panel: {
          hero: { value: { _light: '{colors.brand.50}', _dark: '#1a0f1f' } },
          plum: { value: { _light: '{colors.brand.100}', _dark: '#35113a' } },
          // a touch of gold on the night panel (the 12% gold glow that faded into it, taken at its middle)
          gold: { value: { _light: '{colors.gold.200}', _dark: '#241c1d' } },
          // between the rust and the wine the banner's gradient ran through
          offer: { value: '#7f222a' },
        },
        fg: {
          DEFAULT: { value: { _light: '{colors.black}', _dark: '#f5f3f7' } },
          muted: { value: { _light: '{colors.gray.600}', _dark: '#b3abbd' } },
          subtle: { value: { _light: '{colors.gray.500}', _dark: '#9d94a8' } },
        },
        border: {
          DEFAULT: { value: { _light: '{colors.gray.200}', _dark: '{colors.night.800}' } },
          muted: { value: { _light: '{colors.gray.100}', _dark: '{colors.night.850}' } },
          subtle: { value: { _light: '{colors.gray.50}', _dark: '{colors.night.900}' } },
          emphasized: { value: { _light: '{colors.gray.300}', _dark: '{colors.night.700}' } },
        },
      },
    },
  },
});

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
