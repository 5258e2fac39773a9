import type { Page } from 'playwright-core';

/** The <video> decodes frames: it has a size and its time moves on. */
export async function decodesFrames(page: Page, testId: string) {
  const selector = `[data-testid="${testId}"]`;
  try {
    await page.waitForFunction(
      (css) => {
        const video = document.querySelector<HTMLVideoElement>(css);
        return video !== null && video.videoWidth > 0 && video.currentTime > 0;
      },
      selector,
      { timeout: 20_000, polling: 100 },
    );
  } catch (error) {
    throw new Error(`${testId} decoded no frame: ${await mediaState(page, selector)}`, { cause: error });
  }
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

/**
 * Where a video that shows no frame stands: the element (its ready state, size, time and tracks) and
 * each of the page's peer connections (kept by chromium.ts's `recordPeerConnections`): its states, the
 * candidate pairs ICE tried and the video it received.
 */
async function mediaState(page: Page, selector: string): Promise<string> {
  return page
    .evaluate(async (css) => {
      const video = document.querySelector<HTMLVideoElement>(css);
      const stream = video?.srcObject as MediaStream | null | undefined;
      const element = video
        ? {
            readyState: video.readyState,
            size: `${video.videoWidth}x${video.videoHeight}`,
            currentTime: video.currentTime,
            paused: video.paused,
            tracks: stream?.getTracks().map((track) => `${track.kind} ${track.readyState} muted=${track.muted}`),
          }
        : 'no such element';
      const made = (window as unknown as { __peerConnections?: RTCPeerConnection[] }).__peerConnections ?? [];
      const connections = await Promise.all(
        made.map(async (pc) => {
          const reports: Record<string, unknown>[] = [];
          (await pc.getStats()).forEach((report: Record<string, unknown>) => reports.push(report));
          return {
            connection: pc.connectionState,
            ice: pc.iceConnectionState,
            gathering: pc.iceGatheringState,
            signaling: pc.signalingState,
            pairs: reports
              .filter((report) => report.type === 'candidate-pair')
              .map(
                (pair) =>
                  `${String(pair.state)} sent=${String(pair.requestsSent)} got=${String(pair.responsesReceived)}`,
              ),
            video: reports
              .filter((report) => report.type === 'inbound-rtp' && report.kind === 'video')
              .map((rtp) => `packets=${String(rtp.packetsReceived)} decoded=${String(rtp.framesDecoded)}`),
          };
        }),
      );
      return JSON.stringify({ element, connections });
    }, selector)
    .catch((error: unknown) => `(its state could not be read: ${String(error)})`);
}
