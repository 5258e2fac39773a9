import { useCurrentUser } from '../../features/account/hooks/use-current-user';
import { VideoSessionPage } from '../../features/video-session/components/video-session-page';

/** /video-session?performerId&displayName[&aliasId]: the signed-in user's private session with her (docs/product.md#video-session). */
export default function VideoSessionRoute() {
  const { user } = useCurrentUser();
  return <VideoSessionPage user={user} />;
}
