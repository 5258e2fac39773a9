import { PerformerOfferBanner } from '../../features/landing/components/performer-offer-banner';
import { GallerySection } from '../../features/gallery/components/gallery-section';
import { LiveShowsRow } from '../../features/shows/components/live-shows-row';
import { ShowViewerVideo } from '../../features/shows/components/show-media';
import { PricingSection } from '../../features/wallet/components/pricing-section';
import { useOfferBonusPercent } from '../../features/offers/components/offer-banner';

export interface HomeBelowFoldProps {
  search: string;
  onClearSearch: () => void;
}

/** The landing page below its first screen: the shows on air ('Live adesso'), gallery (#performers), offer banner, pricing (#pricing). */
export default function HomeBelowFold({ search, onClearSearch }: HomeBelowFoldProps) {
  const offerBonusPercent = useOfferBonusPercent();
  return (
    <>
      <LiveShowsRow />
      <GallerySection
        search={search}
        onClearSearch={onClearSearch}
        renderLiveShow={({ showId, performerName }) => (
          <ShowViewerVideo key={showId} showId={showId} performerName={performerName} />
        )}
      />
      <PerformerOfferBanner />
      <PricingSection offerBonusPercent={offerBonusPercent} />
    </>
  );
}
