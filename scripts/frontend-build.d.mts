/** The repository's root folder. */
export const root: string;
/** Builds the frontend (production mode) when its sources or the contracts are newer than the last build. */
export function buildFrontendIfStale(): void;
