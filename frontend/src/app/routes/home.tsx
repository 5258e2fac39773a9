import { useState } from 'react';
import { FeaturesSection } from '../../features/landing/components/features-section';
import { Hero } from '../../features/landing/components/hero';
import { PerformerOfferBanner } from '../../features/landing/components/performer-offer-banner';
import { GallerySection } from '../../features/gallery/components/gallery-section';
import { PricingSection } from '../../features/wallet/components/pricing-section';

/** The landing page (spec §2): hero, features, gallery (#performers), offer banner, pricing (#pricing). */
export default function HomeRoute() {
  const [search, setSearch] = useState('');
  return (
    <>
      <Hero
        onSearch={(term) => {
          setSearch(term);
          document.getElementById('performers')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
      />
      <FeaturesSection />
      <GallerySection search={search} onClearSearch={() => setSearch('')} />
      <PerformerOfferBanner />
      <PricingSection />
    </>
  );
}
