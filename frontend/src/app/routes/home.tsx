import { lazy, Suspense, useState } from 'react';
import { AfterFirstPaint } from '../../components/ui/after-first-paint';
import { FeaturesSection } from '../../features/landing/components/features-section';
import { Hero } from '../../features/landing/components/hero';
import { PresenceFigures, useLiveNow } from '../../features/presence/components/presence-figures';

// fetched once the first screen is painted
const HomeBelowFold = lazy(() => import('./home-below-fold'));

const belowFoldPlace = <div style={{ minHeight: '100vh' }} />;

/**
 * The landing page (docs/product.md#landing): hero and features first; the gallery (#performers), the offer
 * banner and the pricing (#pricing) right after the first paint.
 */
export default function HomeRoute() {
  const [search, setSearch] = useState('');
  const live = useLiveNow();
  return (
    <>
      <Hero
        figures={<PresenceFigures />}
        live={live}
        onSearch={(term) => {
          setSearch(term);
          document.getElementById('performers')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
      />
      <FeaturesSection />
      <AfterFirstPaint placeholder={belowFoldPlace}>
        <Suspense fallback={belowFoldPlace}>
          <HomeBelowFold search={search} onClearSearch={() => setSearch('')} />
        </Suspense>
      </AfterFirstPaint>
    </>
  );
}
