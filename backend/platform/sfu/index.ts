import type { Config } from '../config/config';
import { createEmbeddedSfu } from './embedded';
import type { ShowMedia } from './port';
import { pinnedTo } from './pinned';

export * from './port';

/** The shows' SFU this configuration names (docs/architecture.md#media-path). */
export function openShowMedia(config: Pick<Config, 'SFU' | 'SHOW_MAX_VIEWERS' | 'SFU_ICE_ADDRESS'>): ShowMedia {
  if (config.SFU === 'janus') throw new Error('SFU=janus: the Janus VideoRoom adapter is not built yet; use SFU=embedded');
  return createEmbeddedSfu({ maxViewers: config.SHOW_MAX_VIEWERS, ...(config.SFU_ICE_ADDRESS && { peerConfig: pinnedTo(config.SFU_ICE_ADDRESS) }) });
}
