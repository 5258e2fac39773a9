/** When the app last reloaded itself for a chunk of an older build (sessionStorage: this tab only). */
export const STALE_BUILD_RELOADED_AT = 'aura.staleBuildReloadedAt';
/** A second failure this soon after a reload is not a stale build: the error page shows instead of a loop. */
const RELOAD_AGAIN_AFTER_MS = 10_000;

type Page = Pick<Window, 'addEventListener'> & { location: Pick<Location, 'reload'> };
type TabStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * A tab opened before a deploy asks, on its next page, for that page's chunk of the old build, which the
 * server no longer has (a 404, backend/platform/http/app.ts). Vite's loader then fires
 * `vite:preloadError`: the tab loads the new build, once, rather than show an error (docs/architecture.md#operations).
 */
export function reloadOnStaleBuild(page: Page, storage: TabStorage, now: () => number = Date.now): void {
  page.addEventListener('vite:preloadError', (event) => {
    const reloadedAt = Number(storage.getItem(STALE_BUILD_RELOADED_AT) ?? 0);
    if (now() - reloadedAt < RELOAD_AGAIN_AFTER_MS) return;
    storage.setItem(STALE_BUILD_RELOADED_AT, String(now()));
    event.preventDefault();
    page.location.reload();
  });
}
