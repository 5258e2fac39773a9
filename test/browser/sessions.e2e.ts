import type { Browser, Page } from 'playwright-core';
import {
  auracoinToUnits,
  formatAuracoin,
  minimumEarningsCents,
  minimumEarningsText,
  performerShareCents,
  SESSION_MINIMUM_MINUTES,
  streams,
  type SessionView,
} from '@aura/contracts';
import { walletBalance } from '../../backend/ledger';
import { fund, send, superadminClient } from '../../backend/test/admin-session';
import type { TestApp } from '../../backend/test/app-harness';
import { deterministicId } from '../../backend/platform/ids';
import { startTurnServer, turnserverAvailable, type LocalTurn } from '../../backend/test/turnserver';
import { describeWithChromium, launchChromium, startBrowserApp } from './chromium';
import { axeFindings, performerOnline, registeredUser, signedInContext } from './steps';
import { decodesFrames } from './video-steps';

/** One billed minute in this test: two seconds, so six minutes pass in twelve. */
const BILLING_MINUTE_MS = 2_000;

/** The <video> shows a moving picture (new frames, not only its clock moving on): its pixels change three times in a row. */
async function showsNewFrames(page: Page, testId: string) {
  const key = `${testId}:${Date.now()}`;
  await page.waitForFunction(
    ([css, at]) => {
      const video = document.querySelector<HTMLVideoElement>(css);
      if (!video || video.videoWidth === 0) return false;
      const canvas = document.createElement('canvas');
      canvas.width = 64;
      canvas.height = 48;
      const context = canvas.getContext('2d')!;
      context.drawImage(video, 0, 0, 64, 48);
      const picture = context.getImageData(0, 0, 64, 48).data.reduce((hash, value) => (hash * 31 + value) >>> 0, 7);
      const seen = ((
        window as unknown as { __frames?: Record<string, { picture: number; changes: number }> }
      ).__frames ??= {});
      const last = seen[at];
      seen[at] = { picture, changes: last && last.picture !== picture ? last.changes + 1 : 0 };
      return seen[at].changes >= 3;
    },
    [`[data-testid="${testId}"]`, key] as const,
    { polling: 200, timeout: 10_000 },
  );
}

/**
 * A private session between two browsers with Chromium's fake camera and microphone: the request
 * reaches her dashboard live, she accepts, real WebRTC video flows both ways (her camera to the
 * user, his camera to her once he turns it on), minutes are billed on a shortened clock, the user
 * ends, and his balance and her earnings match the ledger.
 */
describeWithChromium('private video sessions in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startBrowserApp({ BILLING_MINUTE_MS: String(BILLING_MINUTE_MS) }, { serveFrontend: true });
    await app.seedDemo();
    await app.settled();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const getJson = <T>(page: Page, url: string) =>
    page.evaluate(async (target) => (await fetch(target, { credentials: 'include' })).json(), url) as Promise<T>;

  it('connects a user and a performer over WebRTC both ways, bills the minutes and settles them in the ledger', async () => {
    const giuliaId = deterministicId('demo-performer:giulia.rossi');

    // she signs in and goes online
    const { context: performerContext, page: performer } = await performerOnline(browser, app.url);
    const sessionsBefore = Number(await performer.getByTestId('performer-total-sessions').innerText());
    const her = await getJson<{ totalEarnings: number; creditsPerMinute: number; totalSessions: number }>(
      performer,
      `/api/performers/${giuliaId}`,
    );
    const rate = her.creditsPerMinute;

    // a visitor's gallery, to see 'In privato' come and go
    const visitor = await browser.newPage();
    await visitor.goto(`${app.url}/#performers`);
    const visitorCard = visitor.locator(`[data-testid="performer-card"][data-performer-id="${giuliaId}"]`);
    await visitorCard.and(visitor.locator('[data-online="true"][data-in-private="false"]')).waitFor();

    // a user registers, gets auracoin and asks her from her card, as himself
    const him = await registeredUser(browser, app.url, 'viewer', { landing: null });
    const { context: userContext, page: user, username, userId } = him;
    await fund(app, userId, 90);
    // 10 welcome auracoin (credited by a job) + 90
    const balanceBefore = 10_000;
    for (
      const deadline = Date.now() + 15_000;
      walletBalance(await app.infra.eventStore.readStream(streams.wallet(userId))) !== balanceBefore;
    ) {
      if (Date.now() > deadline) throw new Error('the welcome credit never came');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await user.goto(`${app.url}/#performers`);
    const card = user.locator(`[data-testid="performer-card"][data-performer-id="${giuliaId}"][data-online="true"]`);
    await card.getByRole('button', { name: 'Videochat', exact: true }).click();
    await user
      .getByTestId('alias-chooser')
      .getByRole('button', { name: `Continua con ${username}` })
      .click();
    await user.waitForURL(/\/video-session\?/);
    expect(new URL(user.url()).searchParams.get('performerId')).toBe(giuliaId);

    // the waiting state: her photo, her name, 'in chat come', nothing billed, and no LIVE badge until she accepts
    await user.getByTestId('session-status').filter({ hasText: 'In attesa che Giulia' }).waitFor();
    await user.getByTestId('performer-photo').waitFor();
    await user.getByTestId('chatting-as').filter({ hasText: username }).waitFor();
    expect(await user.getByTestId('live-badge').count()).toBe(0);
    expect(await user.getByTestId('session-timer').innerText()).toBe('00:00');

    // the request reaches her dashboard live: who, the rate, the countdown
    const dialog = performer.getByTestId('session-request');
    await dialog.getByTestId('request-identity').filter({ hasText: username }).waitFor();
    await dialog.getByText('Scade tra').waitFor();
    // what the minimum earns her, from the auracoin he bought (the 90, spent before his 10 welcome ones)
    const minimumUnits = auracoinToUnits(rate) * SESSION_MINIMUM_MINUTES;
    const earns = minimumEarningsText(minimumEarningsCents(Math.min(auracoinToUnits(90), minimumUnits)));
    await dialog.getByTestId('request-earnings').filter({ hasText: earns }).waitFor();
    await dialog.getByRole('button', { name: 'Accetta' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await performer.getByTestId('running-session').waitFor();

    // her camera reaches the user: frames decode and her photo goes
    const herVideo = await decodesFrames(user, 'remote-video');
    expect(herVideo.width).toBeGreaterThan(0);
    await user.getByTestId('live-badge').waitFor();
    await user.getByTestId('performer-photo').waitFor({ state: 'detached' });
    await visitorCard
      .and(visitor.locator('[data-in-private="true"]'))
      .getByTestId('private-badge')
      .filter({ hasText: 'In privato' })
      .waitFor();
    expect(await visitorCard.getByRole('button', { name: 'Videochat', exact: true }).isDisabled()).toBe(true);
    await visitorCard.getByRole('button', { name: 'Apri il profilo di Giulia' }).click();
    const profile = visitor.getByTestId('profile-dialog');
    await profile.getByTestId('dialog-private-badge').filter({ hasText: 'In privato' }).waitFor();
    expect(await profile.getByRole('button', { name: 'Inizia Videochat' }).isDisabled()).toBe(true);
    await visitor.keyboard.press('Escape');

    // cam2cam: he turns his camera on and her page decodes his frames
    await performer.getByText('non ha attivato la fotocamera').waitFor();
    await user.getByRole('button', { name: 'Attiva fotocamera' }).click();
    await decodesFrames(user, 'local-video');
    await decodesFrames(performer, 'user-video');
    // and off again: his track stops, she no longer shows it
    await user.getByRole('button', { name: 'Disattiva fotocamera' }).click();
    await performer.getByTestId('user-video').waitFor({ state: 'detached' });
    await user.getByRole('button', { name: 'Attiva fotocamera' }).click();
    await decodesFrames(performer, 'user-video');
    await showsNewFrames(performer, 'user-video');

    // his settings list the fake devices; he switches to the other camera: his preview runs it and her page still decodes him
    const settingsButton = user.getByRole('button', { name: 'Impostazioni', exact: true });
    await settingsButton.click();
    const settings = user.getByRole('dialog', { name: 'Impostazioni audio e video' });
    const camera = settings.getByRole('combobox', { name: 'Fotocamera' });
    const microphone = settings.getByRole('combobox', { name: 'Microfono' });
    await user.waitForFunction(() => document.activeElement?.closest('[role="dialog"]') !== null);
    await camera.and(user.locator(':enabled')).waitFor();
    await microphone.and(user.locator(':enabled')).waitFor();
    expect(await microphone.locator('option').count()).toBeGreaterThanOrEqual(1);
    expect(await camera.locator('option').allInnerTexts()).toEqual(['fake_device_0', 'fake_device_1', 'fake_device_2']);
    const before = await user.$eval(
      '[data-testid="local-video"]',
      (video) => ((video as HTMLVideoElement).srcObject as MediaStream).getVideoTracks()[0]!.getSettings().deviceId,
    );
    expect(await camera.inputValue()).toBe(before);
    // (fake_device_1 is a depth camera, which WebRTC does not send)
    const other = await camera.getByRole('option', { name: 'fake_device_2' }).getAttribute('value');
    expect(other).not.toBe(before);
    await camera.selectOption(other!);
    await user.waitForFunction(
      (id) =>
        (
          (document.querySelector('[data-testid="local-video"]') as HTMLVideoElement | null)
            ?.srcObject as MediaStream | null
        )
          ?.getVideoTracks()[0]
          ?.getSettings().deviceId === id,
      other,
    );
    expect(await camera.inputValue()).toBe(other);
    await user.keyboard.press('Escape');
    await settings.waitFor({ state: 'hidden' });
    await user.waitForFunction(() => document.activeElement?.getAttribute('aria-label') === 'Impostazioni');
    await decodesFrames(user, 'local-video');
    await decodesFrames(performer, 'user-video');
    await showsNewFrames(performer, 'user-video');

    // axe on both pages while the session is live (his phone, her laptop), both videos running: nothing wrong,
    // no contrast left for review (text over the picture)
    expect([
      ...(await axeFindings(user, 'his live session, 390 px')),
      ...(await axeFindings(performer, 'her live session, 1366 px')),
    ]).toEqual([]);

    // inside the private (issue 40 item 5): he writes and tips, she sees both live and answers
    const hisTalk = user.getByTestId('session-talk');
    const herTalk = performer.getByTestId('session-talk');
    await hisTalk.getByLabel('Messaggio', { exact: true }).fill('Ciao Giulia!');
    await hisTalk.getByRole('button', { name: 'Invia', exact: true }).click();
    await herTalk
      .getByTestId('session-line')
      .filter({ hasText: `${username} Ciao Giulia!` })
      .waitFor();
    await hisTalk.getByLabel('Mancia (auracoin)', { exact: true }).fill('5');
    await hisTalk.getByRole('button', { name: 'Invia mancia' }).click();
    await herTalk
      .getByTestId('session-tip')
      .filter({ hasText: `${username} ha lasciato una mancia di 5 auracoin` })
      .waitFor();
    await herTalk.getByLabel('Messaggio', { exact: true }).fill('Grazie!');
    await herTalk.getByRole('button', { name: 'Invia', exact: true }).click();
    await hisTalk.getByTestId('session-line').filter({ hasText: 'Grazie!' }).waitFor();
    await hisTalk.getByTestId('session-tip').waitFor();
    const tipUnits = auracoinToUnits(5);

    // minutes are billed on the server's clock; the page shows the same running cost
    const sessionId = (await getJson<{ sessions: SessionView[] }>(user, '/api/sessions')).sessions[0]!.id;
    for (const deadline = Date.now() + 30_000; ;) {
      const view = await getJson<SessionView>(user, `/api/sessions/${sessionId}`);
      if (view.minutesBilled >= 6) break;
      if (Date.now() > deadline) throw new Error(`minutes never billed: ${JSON.stringify(view)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const shown = await user.getByTestId('session-cost').innerText();
    expect(Number(shown.replace(/[^\d,]/g, '').replace(',', '.'))).toBeGreaterThanOrEqual(6 * rate);
    // the timer counts from the server's startedAt: six 2-second minutes started means at least 00:10 (it ticks each second)
    await user.waitForFunction(
      () => {
        const [minutes, seconds] = (document.querySelector('[data-testid="session-timer"]')?.textContent ?? '')
          .split(':')
          .map(Number);
        return minutes! * 60 + seconds! >= 10;
      },
      undefined,
      { timeout: 3_000, polling: 100 },
    );
    await performer.getByTestId('session-earnings').filter({ hasText: '€' }).waitFor();

    // the user ends past the minimum: no warning, the receipt (minutes, no minimum, total, balance), then back to /user
    await user.getByRole('button', { name: 'Termina' }).click();
    const receipt = user.getByTestId('session-receipt');
    await receipt.getByTestId('receipt-minimum').filter({ hasText: 'No' }).waitFor();
    expect(await user.getByTestId('end-session-confirm').count()).toBe(0);
    // his tip beside the minutes, with the tips' total
    await receipt.getByTestId('receipt-tips').filter({ hasText: '1 mancia: 5 auracoin · totale 5 auracoin' }).waitFor();
    const ended = await getJson<SessionView>(user, `/api/sessions/${sessionId}`);
    await receipt
      .getByTestId('receipt-total')
      .filter({ hasText: `${formatAuracoin(ended.costAuracoin)} auracoin` })
      .waitFor();
    // he rates her from the end screen: her public view counts it
    const ratingsBefore = (await getJson<{ ratingCount: number }>(user, `/api/performers/${giuliaId}`)).ratingCount;
    await receipt.getByRole('radio', { name: '4 stelle' }).click();
    await receipt.getByRole('button', { name: 'Invia valutazione' }).click();
    await receipt.getByTestId('rating-sent').waitFor();
    expect((await getJson<{ ratingCount: number }>(user, `/api/performers/${giuliaId}`)).ratingCount).toBe(
      ratingsBefore + 1,
    );
    await user.getByRole('link', { name: 'Torna alla dashboard' }).click();
    await user.waitForURL(`${app.url}/user`);
    expect(ended).toMatchObject({ status: 'ended', endedBy: 'user', endReason: 'user_ended' });
    expect(ended.minutesBilled).toBeGreaterThanOrEqual(6);
    expect(ended.costAuracoin).toBe(ended.minutesBilled * rate);
    await performer.getByTestId('running-session').waitFor({ state: 'detached' });
    await visitorCard.and(visitor.locator('[data-in-private="false"]')).waitFor();
    // her stats refresh live
    await performer
      .getByTestId('performer-total-sessions')
      .filter({ hasText: String(sessionsBefore + 1) })
      .waitFor();

    // the ledger agrees: his balance dropped by minutes × rate, she earned 55% of it
    await app.settled();
    const costUnits = Math.round(ended.costAuracoin * 100);
    expect(walletBalance(await app.infra.eventStore.readStream(streams.wallet(userId)))).toBe(
      balanceBefore - costUnits - tipUnits,
    );
    const wallet = await getJson<{ auracoinBalance: number }>(user, `/api/users/${userId}`);
    expect(wallet.auracoinBalance).toBe((balanceBefore - costUnits - tipUnits) / 100);
    const herAfter = await getJson<{ totalEarnings: number; totalSessions: number }>(
      performer,
      `/api/performers/${giuliaId}`,
    );
    // (her 55% of the minutes and of the tip, both paid with auracoin he bought)
    expect(Math.round(herAfter.totalEarnings * 100) - Math.round(her.totalEarnings * 100)).toBe(
      performerShareCents(costUnits) + performerShareCents(tipUnits),
    );
    expect(herAfter.totalSessions).toBe(her.totalSessions + 1);

    await visitor.close();
    await userContext.close();
    await performerContext.close();
  });

  it("refuses a balance below the minimum, continues after a reload, warns 'Ti resta 1 minuto' and ends with 'Saldo esaurito'", async () => {
    // Sofia: 2 auracoin a minute, so the minimum is 10
    const sofiaId = deterministicId('demo-performer:sofia.marino');
    const { context: performerContext, page: performer } = await performerOnline(browser, app.url, {
      username: 'sofia.marino',
      password: 'demo-performer',
    });
    const admin = await superadminClient(app);
    const him = await registeredUser(browser, app.url, 'short', { landing: null });
    const { context: userContext, page: user, username, userId } = him;
    const balance = async () => walletBalance(await app.infra.eventStore.readStream(streams.wallet(userId)));
    for (const deadline = Date.now() + 15_000; (await balance()) !== 1_000;) {
      if (Date.now() > deadline) throw new Error('the welcome credit never came');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const setBalance = async (auracoin: number) => {
      expect((await send(admin, 'PATCH', `${app.url}/api/users/${userId}`, { auracoinBalance: auracoin })).status).toBe(
        200,
      );
      await app.settled();
    };

    // 9 auracoin: refused, nothing asked, nothing held
    await setBalance(9);
    await user.goto(`${app.url}/video-session?performerId=${sofiaId}&displayName=${username}`);
    await user.getByRole('heading', { name: 'Saldo auracoin insufficiente' }).waitFor();
    await user.getByRole('link', { name: 'Acquista auracoin' }).waitFor();
    expect(await getJson<{ sessions: SessionView[] }>(user, '/api/sessions')).toEqual({ sessions: [] });

    // 12 auracoin: six minutes
    await setBalance(12);
    await user.reload();
    // the request takes the focus to 'Accetta'; Escape puts it aside (still answerable) instead of losing it
    await performer.getByTestId('session-request').waitFor();
    await performer.waitForFunction(() => document.activeElement?.hasAttribute('data-accept') === true);
    await performer.keyboard.press('Escape');
    const aside = performer.getByTestId('session-request-aside');
    await aside.getByText('scade tra').waitFor();
    await aside.getByRole('button', { name: 'Accetta' }).click();
    await decodesFrames(user, 'remote-video');
    const sessionId = (await getJson<{ sessions: SessionView[] }>(user, '/api/sessions')).sessions[0]!.id;

    // a reload within the grace period continues the same session, with no new request
    await user.reload();
    await decodesFrames(user, 'remote-video');
    const [open] = (await getJson<{ sessions: SessionView[] }>(user, '/api/sessions')).sessions;
    expect(open).toMatchObject({ id: sessionId, status: 'active' });

    // the sixth minute is the last the wallet pays: the warning, then the end by itself
    await user.getByTestId('last-minute').filter({ hasText: 'Ti resta 1 minuto' }).waitFor({ timeout: 30_000 });
    await user.getByRole('heading', { name: 'Saldo esaurito' }).waitFor({ timeout: 15_000 });
    // the page stays on the ended session: it does not ask her again
    await user.getByTestId('session-summary').filter({ hasText: '6 minuti' }).waitFor();
    const ended = await getJson<SessionView>(user, `/api/sessions/${sessionId}`);
    expect(ended).toMatchObject({
      status: 'ended',
      endedBy: 'system',
      endReason: 'balance_exhausted',
      minutesBilled: 6,
      costAuracoin: 12,
    });
    await performer.getByTestId('running-session').waitFor({ state: 'detached' });
    await app.settled();
    expect(await balance()).toBe(0);
    expect(await getJson<{ sessions: SessionView[] }>(user, '/api/sessions')).toEqual({ sessions: [] });

    await userContext.close();
    await performerContext.close();
  });

  it("says 'Sessione non valida' without a performer, an existing performer or a user", async () => {
    const page = await browser.newPage();
    // a visitor (no user stored), even with a real performer
    await page.goto(
      `${app.url}/video-session?performerId=${deterministicId('demo-performer:giulia.rossi')}&displayName=x`,
    );
    await page.getByRole('heading', { name: 'Sessione non valida' }).waitFor();
    // a signed-in user without performerId, and with an unknown one
    await page.close();
    const { context: lostContext, page: lost } = await registeredUser(browser, app.url, 'lost', {
      landing: '/video-session?displayName=x',
    });
    await lost.getByRole('heading', { name: 'Sessione non valida' }).waitFor();
    await lost.goto(`${app.url}/video-session?performerId=00000000-0000-4000-8000-000000000000&displayName=x`);
    await lost.getByRole('heading', { name: 'Sessione non valida' }).waitFor();
    // nothing was asked, nothing held
    expect(
      (await lost.evaluate(async () => (await fetch('/api/sessions', { credentials: 'include' })).json())) as unknown,
    ).toEqual({ sessions: [] });
    await lost.getByRole('link', { name: 'Torna alla Home' }).click();
    await lost.waitForURL(`${app.url}/`);
    await lostContext.close();
  });
});

const TURN_SECRET = 'local-turn-secret-for-tests';

/**
 * With TURN configured the session is relay-only: a local coturn (`turnserver`, TURN REST
 * credentials from the shared secret), both browsers configured with `iceTransportPolicy:
 * 'relay'`, media flowing through the relay, and no host or server-reflexive candidate (nor an
 * address in the SDP) reaching the other page. coturn runs with the product's settings file
 * (docker/coturn/turnserver.conf) on free loopback ports; since both browsers are on this machine,
 * their relay addresses are on 127.0.0.1, so this test alone lets the relay reach exactly that
 * address (`backend/test/security/turn.int.ts` shows the file alone refuses it).
 */
(turnserverAvailable() ? describeWithChromium : describe.skip)('private video sessions relayed by TURN', () => {
  let app: TestApp;
  let browser: Browser;
  let turn: LocalTurn | undefined;
  beforeAll(async () => {
    turn = await startTurnServer({
      secret: TURN_SECRET,
      extraArgs: ['--allow-loopback-peers', '--allowed-peer-ip=127.0.0.1'],
    });
    app = await startBrowserApp(
      { ICE_SERVERS: JSON.stringify([{ urls: [`turn:127.0.0.1:${turn.port}?transport=udp`] }]), TURN_SECRET },
      { serveFrontend: true },
    );
    await app.seedDemo();
    await app.settled();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await turn?.stop();
  });

  /**
   * Records, in the page, every peer connection's configuration and what the other side sent it (the
   * connections themselves are kept by chromium.ts's `recordPeerConnections`).
   */
  const recordIce = () => {
    const seen = {
      configs: [] as RTCConfiguration[],
      candidates: [] as string[],
      sdps: [] as string[],
    };
    (window as unknown as { __ice: typeof seen }).__ice = seen;
    const Original = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        super(config);
        seen.configs.push(config ?? {});
      }
    };
    const addIceCandidate = Original.prototype.addIceCandidate as (
      this: RTCPeerConnection,
      candidate?: RTCIceCandidateInit | null,
    ) => Promise<void>;
    Original.prototype.addIceCandidate = function (this: RTCPeerConnection, candidate?: RTCIceCandidateInit | null) {
      if (candidate?.candidate) seen.candidates.push(candidate.candidate);
      return addIceCandidate.call(this, candidate);
    };
    const setRemoteDescription = Original.prototype.setRemoteDescription as (
      this: RTCPeerConnection,
      description: RTCSessionDescriptionInit,
    ) => Promise<void>;
    Original.prototype.setRemoteDescription = function (
      this: RTCPeerConnection,
      description: RTCSessionDescriptionInit,
    ) {
      if (description.sdp) seen.sdps.push(description.sdp);
      return setRemoteDescription.call(this, description);
    };
  };

  /** What the page's peer connections were given, and the types of the candidate pair in use. */
  const iceSeen = (page: Page) =>
    page.evaluate(async () => {
      const seen = (
        window as unknown as {
          __ice: { configs: RTCConfiguration[]; candidates: string[]; sdps: string[] };
        }
      ).__ice;
      const connections = (window as unknown as { __peerConnections: RTCPeerConnection[] }).__peerConnections;
      const connection = connections.find((pc) => pc.connectionState === 'connected');
      const pairs: { local: string; remote: string }[] = [];
      if (connection) {
        const stats = await connection.getStats();
        const byId = new Map<string, Record<string, unknown>>();
        stats.forEach((report: Record<string, unknown>) => byId.set(report.id as string, report));
        for (const report of byId.values()) {
          if (report.type === 'candidate-pair' && report.state === 'succeeded' && report.nominated) {
            pairs.push({
              local: byId.get(report.localCandidateId as string)?.candidateType as string,
              remote: byId.get(report.remoteCandidateId as string)?.candidateType as string,
            });
          }
        }
      }
      return {
        policies: seen.configs.map((config) => config.iceTransportPolicy),
        turnUsers: seen.configs.flatMap((config) => (config.iceServers ?? []).map((server) => server.username ?? '')),
        candidates: seen.candidates,
        sdpCandidates: seen.sdps.flatMap((sdp) => sdp.split(/\r?\n/).filter((line) => line.startsWith('a=candidate:'))),
        sdpAddresses: seen.sdps.flatMap((sdp) => sdp.split(/\r?\n/).filter((line) => line.startsWith('c=IN'))),
        pairs,
      };
    });

  it('connects both ways through the relay only, and neither page sees a host or reflexive candidate', async () => {
    const giuliaId = deterministicId('demo-performer:giulia.rossi');
    const { context: performerContext, page: performer } = await performerOnline(browser, app.url);
    await performerContext.addInitScript(recordIce);
    await performer.reload();
    const {
      context: userContext,
      page: user,
      id: userId,
      username,
    } = await signedInContext(
      browser,
      app.url,
      { user: { username: `relayed${Date.now().toString(36)}` } },
      {
        width: 1280,
        height: 800,
      },
    );
    await userContext.addInitScript(recordIce);
    await fund(app, userId, 50);
    await user.goto(`${app.url}/video-session?performerId=${giuliaId}&displayName=${username}`);

    await performer.getByTestId('session-request').getByRole('button', { name: 'Accetta' }).click();
    await decodesFrames(user, 'remote-video');
    await user.getByRole('button', { name: 'Attiva fotocamera' }).click();
    await decodesFrames(performer, 'user-video');

    for (const page of [user, performer]) {
      const seen = await iceSeen(page);
      expect(seen.policies.length).toBeGreaterThan(0);
      expect(new Set(seen.policies)).toEqual(new Set(['relay']));
      // TURN REST credentials: '<expiry unix seconds>:<identity>', not yet expired
      expect(seen.turnUsers.length).toBeGreaterThan(0);
      for (const username of seen.turnUsers) {
        expect(username).toMatch(/^\d+:\S+$/);
        expect(Number(username.split(':')[0])).toBeGreaterThan(Date.now() / 1000);
        // at most ten minutes (less when the balance runs out sooner)
        expect(Number(username.split(':')[0])).toBeLessThanOrEqual(Date.now() / 1000 + 600);
      }
      expect(seen.candidates.length).toBeGreaterThan(0);
      for (const candidate of [...seen.candidates, ...seen.sdpCandidates]) expect(candidate).toMatch(/ typ relay( |$)/);
      for (const line of seen.sdpAddresses) expect(line).toMatch(/^c=IN IP[46] (0\.0\.0\.0|::)$/);
      expect(seen.pairs.length).toBeGreaterThan(0);
      for (const pair of seen.pairs) expect(pair).toEqual({ local: 'relay', remote: 'relay' });
    }

    // ended under the minimum: he confirms what it costs, then reads the receipt and goes back
    await user.getByRole('button', { name: 'Termina' }).click();
    await user.getByTestId('end-session-confirm').getByRole('button', { name: 'Termina e paga il minimo' }).click();
    await user.getByTestId('session-receipt').waitFor();
    await user.getByRole('link', { name: 'Torna alla dashboard' }).click();
    await user.waitForURL(`${app.url}/user`);
    await userContext.close();
    await performerContext.close();
  });
});
