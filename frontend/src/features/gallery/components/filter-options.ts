import { activeFiltersLabel, galleryFilterOptions } from '@aura/contracts';

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
}

export const EMPTY_FILTERS: GalleryFilters = { specialFeatures: [] };

/** How many filters are active: each chosen attribute, and each chosen special feature. */
export function activeFilterCount(filters: GalleryFilters): number {
  const singles = (Object.keys(SINGLE_FILTER_LABELS) as SingleFilterKey[]).filter((k) => Boolean(filters[k])).length;
  return singles + filters.specialFeatures.length;
}

/** '1 attivo', '3 attivi' */
export const activeFilterLabel = activeFiltersLabel;
