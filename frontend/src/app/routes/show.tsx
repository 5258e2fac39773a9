import { useParams } from 'react-router-dom';
import { useCurrentUser } from '../../features/account/hooks/use-current-user';
import { ShowRoomPage } from '../../features/shows/components/show-room-page';

/** /show/:performerId: her public show, visitors included (docs/product.md#shows). The video goes in the marked slot once the media path lands. */
export default function ShowRoute() {
  const { performerId = '' } = useParams();
  const { user } = useCurrentUser();
  return <ShowRoomPage performerId={performerId} user={user} />;
}
