import { buildFrontendIfStale } from '../../scripts/frontend-build.mjs';

export default function globalSetup() {
  buildFrontendIfStale();
}
