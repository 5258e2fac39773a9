import { activeFiltersLabel, galleryFilterOptions, languageOptions, type GallerySort } from '@aura/contracts';

/** Filter options of the gallery (docs/product.md#constants: the filter lists lack 'Altro'). */
export const FILTER_OPTIONS: Record<keyof typeof galleryFilterOptions, readonly string[]> = galleryFilterOptions;

export type SingleFilterKey = 'category' | 'hairColor' | 'eyeColor' | 'bodyType' | 'ethnicity';

export const SINGLE_FILTER_LABELS: Record<SingleFilterKey, string> = {
  category: 'Categoria',
  hairColor: 'Capelli',
  eyeColor: 'Occhi',
  bodyType: 'Corporatura',
  ethnicity: 'Etnia',
};

export interface GalleryFilters {
  category?: string | undefined;
  hairColor?: string | undefined;
  eyeColor?: string | undefined;
  bodyType?: string | undefined;
  ethnicity?: string | undefined;
  /** all chosen must match */
  specialFeatures: string[];
  /** she speaks it */
  language?: string | undefined;
  /** the label of an age range ('18–25 anni') */
  age?: string | undefined;
  /** the label of a price range ('Fino a 2 auracoin/min') */
  price?: string | undefined;
}

export const LANGUAGE_OPTIONS: readonly string[] = languageOptions;

/** The age ranges offered, by label. */
export const AGE_RANGES: Record<string, { ageMin?: number; ageMax?: number }> = {
  '18–25 anni': { ageMin: 18, ageMax: 25 },
  '26–35 anni': { ageMin: 26, ageMax: 35 },
  '36–45 anni': { ageMin: 36, ageMax: 45 },
  'Oltre 45 anni': { ageMin: 46 },
};

/** The price ranges offered (auracoin per minute), by label. */
export const PRICE_RANGES: Record<string, { priceMin?: number; priceMax?: number }> = {
  'Fino a 2 auracoin/min': { priceMax: 2 },
  'Da 2,5 a 4 auracoin/min': { priceMin: 2.5, priceMax: 4 },
  'Oltre 4 auracoin/min': { priceMin: 4.5 },
};

/** 'Ordina per': each order's label and the API's `sort`. */
export const SORTS: Record<string, GallerySort | undefined> = {
  'Più popolari': 'popular',
  'Più recenti': 'new',
  'Prezzo crescente': 'price_asc',
  'Prezzo decrescente': 'price_desc',
};

export const EMPTY_FILTERS: GalleryFilters = { specialFeatures: [] };

/** How many filters are active: each chosen attribute, and each chosen special feature. */
export function activeFilterCount(filters: GalleryFilters): number {
  const singles = (Object.keys(SINGLE_FILTER_LABELS) as SingleFilterKey[]).filter((k) => Boolean(filters[k])).length;
  const ranges = [filters.language, filters.age, filters.price].filter(Boolean).length;
  return singles + ranges + filters.specialFeatures.length;
}

/** '1 attivo', '3 attivi' */
export const activeFilterLabel = activeFiltersLabel;
