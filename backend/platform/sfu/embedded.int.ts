import { createEmbeddedSfu } from './embedded';
import { showMediaContract } from './show-media.contract';
import { closeLeftoverLoopbackSockets, LOOPBACK_PEER_CONFIG } from './werift-peers';

describe('embedded SFU (werift) on loopback', () => {
  showMediaContract(async () => createEmbeddedSfu({ maxViewers: 2, peerConfig: LOOPBACK_PEER_CONFIG }));
  afterAll(() => closeLeftoverLoopbackSockets());
});
