import type { Page } from 'playwright-core';

/** The <video> decodes frames: it has a size and its time moves on. */
export async function decodesFrames(page: Page, testId: string) {
  const selector = `[data-testid="${testId}"]`;
  await page.waitForFunction(
    (css) => {
      const video = document.querySelector<HTMLVideoElement>(css);
      return video !== null && video.videoWidth > 0 && video.currentTime > 0;
    },
    selector,
    { timeout: 20_000, polling: 100 },
  );
  const first = await page.$eval(selector, (video) => (video as HTMLVideoElement).currentTime);
  await page.waitForFunction(
    ([css, since]) => (document.querySelector<HTMLVideoElement>(css)?.currentTime ?? 0) > since + 0.5,
    [selector, first] as const,
    { timeout: 10_000, polling: 100 },
  );
  return page.$eval(selector, (video) => ({
    width: (video as HTMLVideoElement).videoWidth,
    height: (video as HTMLVideoElement).videoHeight,
  }));
}
