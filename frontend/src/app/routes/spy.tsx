import { useSearchParams } from 'react-router-dom';
import { SpyPage } from '../../features/spy/components/spy-page';

/** /spy?performerId=&name=: a signed-in user spies on her running private (docs/product.md#spy). */
export default function SpyRoute() {
  const [search] = useSearchParams();
  return <SpyPage performerId={search.get('performerId') ?? ''} performerName={search.get('name') ?? 'la performer'} />;
}
