/** The header's navigation (docs/product.md#frame): hash links point at the landing page's anchors. */
export const NAV_LINKS = [
  { label: 'Home', to: '/' },
  { label: 'Performer', to: '/#performers' },
  { label: 'Diventa Performer', to: '/become-performer' },
  { label: 'Prezzi', to: '/#pricing' },
] as const;

export const GUEST_ACTIONS = {
  performerArea: { label: 'Area Performer', to: '/performer/login' },
  login: { label: 'Accedi', to: '/login' },
  register: { label: 'Registrati Gratis', to: '/register' },
} as const;
