import { deflateSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { formatEuro, SENSITIVE_DATA_CONSENT_TEXTS } from '@aura/contracts';
import { approvePhoto, fund } from '../../backend/test/admin-session';
import { client, type TestApp } from '../../backend/test/app-harness';
import { describeWithChromium, launchChromium, startBrowserApp } from './chromium';
import { adminConsole, fillRegistration, signContract } from './steps';

/** A real PNG (solid colour), built byte by byte: the server types uploads by their content. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) rows.set(rgb, y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const ADMIN_PASSWORD = 'admin-e2e-password';

describeWithChromium('performers in the browser', () => {
  let app: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    app = await startBrowserApp({}, { serveFrontend: true });
    await app.ensureSuperadmin({ username: 'admin', password: ADMIN_PASSWORD });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('registers a performer in three steps, approves her, flips her card live, and pays her 55% of a photo', async () => {
    const suffix = Date.now().toString(36);
    const username = `aurora${suffix}`;
    const name = `Aurora ${suffix}`;
    const performerPage = await browser.newPage();

    // 1. the registration wizard, with a real identity document
    await performerPage.goto(`${app.url}/performer/register`);
    await performerPage.getByLabel("Nome d'arte").fill(name);
    await performerPage.getByLabel('Username').fill(username);
    await performerPage.getByLabel('Email').fill(`${username}@example.com`);
    await performerPage.getByLabel('Password').fill('secret-pass');
    const continueButton = performerPage.getByRole('button', { name: 'Continua' });
    await performerPage.getByLabel('Data di nascita').fill(`01/01/${new Date().getFullYear() - 17}`);
    await performerPage.getByText('Età minima richiesta: 18 anni (hai 17 anni)').waitFor();
    expect(await continueButton.isDisabled()).toBe(true);
    await performerPage.getByLabel('Data di nascita').fill('10/05/1996');
    await performerPage
      .getByTestId('age-hint')
      .filter({ hasText: /^\d+ anni$/ })
      .waitFor();
    await continueButton.click();

    await performerPage
      .getByTestId('document-input')
      .setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await performerPage.getByText('Sono accettati solo file immagine (JPG, PNG) o PDF').waitFor();
    expect(await performerPage.getByTestId('attached-document').count()).toBe(0);
    await performerPage
      .getByTestId('document-input')
      .setInputFiles({ name: 'carta-identita.png', mimeType: 'image/png', buffer: png(32, 20, [40, 90, 200]) });
    await performerPage.getByTestId('attached-document').waitFor();
    await performerPage.getByRole('button', { name: 'Continua' }).click();

    // the final submit can be pressed: it answers with the spec's toast for what is missing, in order
    const submit = performerPage.getByRole('button', { name: 'Completa Registrazione' });
    await submit.click();
    await performerPage.getByText('Firma il contratto per completare la registrazione').waitFor();
    await signContract(performerPage);
    await submit.click();
    await performerPage.getByText('Devi accettare i termini e condizioni').waitFor();
    await performerPage.getByText('Ho letto e accetto i termini e condizioni del contratto').click();
    await submit.click();
    await performerPage.getByText(SENSITIVE_DATA_CONSENT_TEXTS.required).waitFor();
    await performerPage.getByText(SENSITIVE_DATA_CONSENT_TEXTS.label).click();
    await submit.click();
    await performerPage.getByText('Registrazione completata!').waitFor();
    await performerPage.waitForURL(`${app.url}/performer/login`, { timeout: 10_000 });

    // a pending performer who signs in sees her status
    await performerPage.getByLabel('Username').fill(username);
    await performerPage.getByLabel('Password').fill('secret-pass');
    await performerPage.getByRole('button', { name: 'Accedi' }).click();
    await performerPage.getByTestId('verification-status').filter({ hasText: 'Verifica in corso' }).waitFor();

    // 2. an admin approves her in the Verifica Performer tab (the Minorenne rule is covered by unit tests)
    const { context: adminContext, page: adminPage } = await adminConsole(browser, app.url, {
      username: 'admin',
      password: ADMIN_PASSWORD,
    });
    await adminPage.getByRole('tab', { name: 'Verifica Performer' }).click();
    const pendingCard = adminPage.getByTestId('pending-performer').filter({ hasText: `@${username}` });
    await pendingCard.waitFor();
    await pendingCard.getByRole('button', { name: 'Mostra documenti' }).click();
    await pendingCard.getByRole('link', { name: 'carta-identita.png' }).waitFor();
    await pendingCard.getByRole('button', { name: 'Approva' }).click();
    await adminPage.getByText('Verifica completata').waitFor();
    await pendingCard.waitFor({ state: 'detached' });
    await adminContext.close();

    const admin = client(app.url);
    expect((await admin.post('/api/admin/verify', { username: 'admin', password: ADMIN_PASSWORD })).status).toBe(200);
    const all = (await admin.get('/api/admin/performers')).json as unknown as {
      id: string;
      username: string;
      verificationStatus: string;
    }[];
    const mine = all.find((p) => p.username === username);
    expect(mine?.verificationStatus).toBe('approved');
    const performerId = mine!.id;

    // 3. a visitor watches the gallery in another page
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${app.url}/#performers`);
    const card = visitor.locator(`[data-testid="performer-card"][data-performer-id="${performerId}"]`);
    await card.waitFor();
    expect(await card.getAttribute('data-online')).toBe('false');
    await card.getByTestId('presence-badge').filter({ hasText: 'OFFLINE' }).waitFor();
    const navigations: string[] = [];
    visitor.on('framenavigated', (frame) => {
      if (frame === visitor.mainFrame()) navigations.push(frame.url());
    });

    // 4. she signs in and switches herself online
    await performerPage.getByRole('button', { name: 'Accedi' }).click();
    await performerPage.getByText('Accesso effettuato!').waitFor();
    await performerPage.waitForURL(`${app.url}/performer/dashboard`);
    await performerPage.getByTestId('online-switch').click();
    await performerPage.getByText('Sei online!').waitFor();

    // the card flips to ONLINE in the other page, without reload
    await visitor
      .locator(`[data-testid="performer-card"][data-performer-id="${performerId}"][data-online="true"]`)
      .waitFor({ timeout: 15_000 });
    await card.getByTestId('presence-badge').filter({ hasText: 'ONLINE' }).waitFor();
    expect(navigations).toEqual([]);

    // her profile picture is uploaded from her device, not typed as a URL; a file that is no image is refused
    await performerPage.getByRole('tab', { name: 'Profilo' }).click();
    const picture = performerPage.getByTestId('profile-picture');
    await picture
      .getByTestId('profile-picture-file')
      .setInputFiles({ name: 'finta.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
    await performerPage.getByText('Sono accettate solo immagini (JPG, PNG, WebP)').first().waitFor();
    await picture
      .getByTestId('profile-picture-file')
      .setInputFiles({ name: 'ritratto.png', mimeType: 'image/png', buffer: png(48, 48, [30, 160, 90]) });
    await performerPage.getByText('Foto profilo aggiornata!').waitFor();
    // reviewed before shown (issue 39 item 5): she sees the new one 'In revisione' until an admin approves it
    await picture.getByTestId('portrait-review').filter({ hasText: 'In revisione' }).waitFor();
    const pending = (await admin.get(`/api/performers/${performerId}`)).json as {
      image: string;
      pendingPortrait: { image: string };
    };
    const stored = pending.pendingPortrait.image;
    expect(stored).toMatch(/^\/api\/files\/public\/[\w-]+$/);
    expect(pending.image).not.toBe(stored);
    expect(await picture.getByRole('img', { name: `Foto profilo di ${name}` }).getAttribute('src')).toBe(stored);
    const [portrait] = (
      (await admin.get('/api/admin/reviews')).json as unknown as { id: string; kind: string }[]
    ).filter((item) => item.kind === 'portrait');
    await approvePhoto(admin, portrait!.id);
    // the profile's read model takes the approved portrait a moment after the command answers
    await app.settled();
    expect(((await admin.get(`/api/performers/${performerId}`)).json as { image: string }).image).toBe(stored);
    const served = await performerPage.request.get(`${app.url}${stored}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');

    // 5. she puts a photo on sale (a real uploaded image), 10 auracoin
    await performerPage.getByRole('tab', { name: 'Galleria' }).click();
    await performerPage.getByRole('button', { name: '+ Aggiungi Foto' }).click();
    await performerPage
      .getByTestId('photo-file')
      .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png(40, 40, [220, 60, 120]) });
    await performerPage.getByText('Immagine caricata!').waitFor();
    const dialog = performerPage.getByTestId('add-photo-dialog');
    expect(await dialog.getByLabel("oppure URL dell'immagine").isDisabled()).toBe(true);
    await dialog.getByLabel('Titolo').fill('Tramonto');
    await dialog.getByLabel('Prezzo (auracoin)').fill('10');
    await dialog.getByRole('button', { name: 'Aggiungi', exact: true }).click();
    await performerPage.getByText('Foto aggiunta!').waitFor();
    await performerPage.getByTestId('own-photo').waitFor();
    // reviewed before shown (issue 39 item 5): she sees it 'In revisione' until an admin approves it
    await performerPage.getByTestId('photo-in-review').waitFor();
    const [added] = (await admin.get(`/api/performers/${performerId}/photos`)).json as unknown as { id: string }[];
    await approvePhoto(admin, added!.id);
    const before = (await admin.get(`/api/performers/${performerId}`)).json as { totalEarnings: number };

    // 6. a user registers (10 welcome auracoin, promotional), buys 10 by card and buys it from her profile
    await fillRegistration(visitor, app.url, { username: `buyer${suffix}` });
    await visitor.waitForURL(`${app.url}/user`);
    const buyer = (await visitor.evaluate(async () => (await fetch('/api/me')).json())) as { id: string };
    await fund(app, buyer.id, 10);
    await visitor.goto(`${app.url}/#performers`);
    await card.getByRole('button', { name: `Apri il profilo di ${name}` }).click();
    const profile = visitor.getByTestId('profile-dialog');
    const shopPhoto = profile.getByTestId('shop-photo');
    await shopPhoto.waitFor();
    expect(await shopPhoto.getAttribute('data-locked')).toBe('true');
    await shopPhoto.getByRole('button', { name: /Acquista/ }).click();
    // asked first, with its price
    await shopPhoto.getByTestId('photo-confirm').filter({ hasText: 'Sbloccare «Tramonto» per 10 auracoin?' }).waitFor();
    await shopPhoto.getByRole('button', { name: 'Conferma' }).click();
    await visitor.getByText('Acquisto Completato!').waitFor();
    await profile
      .locator('[data-testid="shop-photo"][data-locked="false"]')
      .getByRole('img', { name: 'Tramonto' })
      .waitFor();

    // purchased units are spent first: her earnings grew by 55% of 10 auracoin = 5.50 euro
    const earnings = async () =>
      ((await admin.get(`/api/performers/${performerId}`)).json as { totalEarnings: number }).totalEarnings;
    const deadline = Date.now() + 10_000;
    while (Math.abs((await earnings()) - (before.totalEarnings + 5.5)) > 1e-9 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    expect(await earnings()).toBeCloseTo(before.totalEarnings + 5.5, 2);
    await performerPage.reload();
    await performerPage
      .getByTestId('total-earnings')
      .filter({ hasText: formatEuro(before.totalEarnings + 5.5) })
      .waitFor();

    // 7. the user keeps her as a favourite (on the server) and is told when she comes back online
    await visitor.keyboard.press('Escape');
    await profile.waitFor({ state: 'detached' });
    await card.getByTestId('favourite-toggle').click();
    await card.locator('[data-testid="favourite-toggle"][aria-pressed="true"]').waitFor();
    await visitor.reload();
    await card.locator('[data-testid="favourite-toggle"][aria-pressed="true"]').waitFor();
    await performerPage.getByTestId('online-switch').click();
    await performerPage.getByText('Sei offline').waitFor();
    await visitor
      .locator(`[data-testid="performer-card"][data-performer-id="${performerId}"][data-online="false"]`)
      .waitFor({ timeout: 15_000 });
    await performerPage.getByTestId('online-switch').click();
    await performerPage.getByText('Sei online!').waitFor();
    await visitor.getByText(`${name} è online!`).waitFor({ timeout: 15_000 });

    await visitorContext.close();
    await performerPage.close();
  });
});
