import { rateLimiterOf } from '../../platform/http/rate-limit';
import { fileRateLimits } from './rate-limits';
import type { CommandSide, ModulePorts } from '../../kernel/module';
import { filesRouter, type FilesRouterDeps } from './routes';

export interface FilesDeps {
  /** identity documents (the performers module records them and their views) */
  documents: FilesRouterDeps['documents'];
}

/** Uploads and downloads: identity documents (private), photo images (private until confirmed, then public). */
export function filesCommands(ports: ModulePorts, deps: FilesDeps) {
  return {
    name: 'files',
    rateLimits: fileRateLimits,
    routers: [filesRouter({ ...ports, limits: rateLimiterOf(ports, fileRateLimits), documents: deps.documents })],
  } satisfies CommandSide;
}
