/**
 * Issue 19, item 6: nothing a performer controls reaches a user's browser from elsewhere. The CSP
 * lets images come from Aura only; a picture given as a URL is fetched once by the server into
 * storage (https only, public addresses only, every redirect checked, size and type checked) and
 * served from Aura; uploaded JPEG and PNG lose their metadata; the demo's pictures are Aura's own.
 *
 * The fetcher's network is answered from memory (`memoryImageNetwork`): tests reach no host but
 * loopback, and loopback is what the rule refuses. What it proves is the fetcher's decisions: which
 * URL it asks for, at which address, and what it stores.
 */
import type { PerformerView, PhotoView } from '@aura/contracts';
import { sandboxAgeProof, startTestApp, type TestApp } from '../app-harness';
import { logLength, superadminClient } from '../admin-session';
import { memoryImageNetwork, PNG_1X1 } from '../image-network';
import { jpegSegment } from '../image-fixtures';
import { onlinePerformer, type Http } from '../session-helpers';

/** a JPEG's structure with an EXIF segment carrying GPS and a comment */
const JPEG_WITH_EXIF = Buffer.concat([
  Buffer.from([0xff, 0xd8]),
  jpegSegment(0xe0, 'JFIF\0\x01\x01\0\0\x01\0\x01\0\0'),
  jpegSegment(0xe1, 'Exif\0\0MM\0*GPSLatitude 45.4642 N'),
  jpegSegment(0xfe, 'scattata a casa mia'),
  jpegSegment(0xdb, '\0'.repeat(65)),
  jpegSegment(0xda, '\x01\x01\0\0\x3f\0'),
  Buffer.from([0x12, 0x34, 0x56]),
  Buffer.from([0xff, 0xd9]),
]);
const TOO_LARGE = Buffer.concat([PNG_1X1, Buffer.alloc(10 * 1024 * 1024)]);

const network = memoryImageNetwork({
  addresses: {
    'inside.example': ['10.0.0.5'],
    'both.example': ['93.184.215.14', '192.168.1.10'],
    'metadata.example': ['169.254.169.254'],
    'mapped.example': ['::ffff:127.0.0.1'],
  },
  answers: {
    'https://img.example/redirect-inside.png': { status: 302, location: 'https://127.0.0.1:6379/' },
    'https://img.example/redirect-named-inside.png': { status: 301, location: 'https://inside.example/x.png' },
    'https://img.example/page.html': { status: 200, body: Buffer.from('<html><body>not an image</body></html>') },
    'https://img.example/huge.png': { status: 200, body: TOO_LARGE },
    'https://img.example/missing.png': { status: 404 },
    'https://img.example/camera.jpg': { status: 200, body: JPEG_WITH_EXIF },
    'https://img.example/moved.png': { status: 302, location: '/real.png' },
  },
});

let app: TestApp;
let admin: Http;
let performer: Awaited<ReturnType<typeof onlinePerformer>>;

beforeAll(async () => {
  app = await startTestApp({}, { imageNetwork: network });
  admin = await superadminClient(app);
  performer = await onlinePerformer(app.url, admin);
});
afterAll(async () => {
  await app.close();
});

const publicPath = /^\/api\/files\/public\/[0-9a-f-]{36}$/;

async function bytesAt(path: string) {
  // a photo's file is adult content: a browser holding a proof of age (issue 39)
  const response = await fetch(app.url + path, { headers: { cookie: (await sandboxAgeProof(app.url)) ?? '' } });
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('images come only from Aura', () => {
  it('the CSP allows images from Aura, data: and blob: only', async () => {
    const csp = (await fetch(`${app.url}/api/health`)).headers.get('content-security-policy')!;
    const imgSrc = csp
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith('img-src'));
    expect(imgSrc).toBe("img-src 'self' data: blob:");
  });

  it('a photo given by https URL is fetched once, pinned to the checked address, stored without metadata and served by Aura', async () => {
    const before = network.asked.length;
    const added = await performer.http.post(`/api/performers/${performer.id}/photos`, {
      imageUrl: 'https://img.example/camera.jpg',
      title: 'Dal telefono',
      price: 1,
    });
    expect(added.status).toBe(201);
    const view = added.json as unknown as PhotoView;
    expect(view.imageUrl).toMatch(publicPath);
    expect(network.asked.slice(before)).toEqual([{ url: 'https://img.example/camera.jpg', address: '93.184.215.14' }]);
    const served = await bytesAt(view.imageUrl!);
    expect(served.toString('latin1')).not.toMatch(/Exif|GPS|casa mia/);
    expect(served.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // a relative redirect to another public path is followed
    const moved = await performer.http.post(`/api/performers/${performer.id}/photos`, {
      imageUrl: 'https://img.example/moved.png',
      title: 'Spostata',
      price: 1,
    });
    expect(moved.status).toBe(201);
    expect(network.asked.at(-1)).toEqual({ url: 'https://img.example/real.png', address: '93.184.215.14' });
  });

  it('her profile picture by URL (her own edit and an admin creating a performer) is stored and served by Aura', async () => {
    const patched = await performer.http.send('PATCH', `/api/performers/${performer.id}`, {
      image: 'https://img.example/me.png',
    });
    expect(patched.status).toBe(200);
    // her new portrait waits for an admin's review (issue 39 item 5): she sees it stored by Aura
    const image = (patched.json as unknown as PerformerView).pendingPortrait!.image;
    expect(image).toMatch(publicPath);
    expect((await bytesAt(image)).equals(PNG_1X1)).toBe(true);
    // read again, she sees it waiting, and her approved portrait stays what others see until an admin approves it
    const mine = (await performer.http.get(`/api/performers/${performer.id}`)).json as unknown as PerformerView;
    expect(mine.pendingPortrait).toMatchObject({ image, review: 'in_revisione' });
    expect(mine.image).not.toBe(image);
    const local = await performer.http.send('PATCH', `/api/performers/${performer.id}`, {
      image: '/demo/performers/3.svg',
    });
    expect((local.json as unknown as PerformerView).pendingPortrait!.image).toBe('/demo/performers/3.svg');
  });

  it.each([
    ['http://img.example/a.png', 'https://', false],
    ['https://127.0.0.1/a.png', 'non è raggiungibile', false],
    ['https://[::1]/a.png', 'non è raggiungibile', false],
    ['https://169.254.169.254/latest/meta-data', 'non è raggiungibile', false],
    ['https://10.1.2.3/a.png', 'non è raggiungibile', false],
    ['https://inside.example/a.png', 'non è raggiungibile', false],
    ['https://both.example/a.png', 'non è raggiungibile', false],
    ['https://metadata.example/a.png', 'non è raggiungibile', false],
    ['https://mapped.example/a.png', 'non è raggiungibile', false],
    ['https://img.example/redirect-inside.png', 'non è raggiungibile', true],
    ['https://img.example/redirect-named-inside.png', 'non è raggiungibile', true],
    ['https://img.example/huge.png', '10MB', true],
    ['https://img.example/page.html', 'JPEG, PNG o WebP', true],
    ['https://img.example/missing.png', 'Impossibile scaricare', true],
  ])('refuses %s with a 400 in Italian, storing nothing', async (imageUrl, words, fetchedFirst) => {
    const before = await logLength(app);
    const asked = network.asked.length;
    const answer = await performer.http.post(`/api/performers/${performer.id}/photos`, {
      imageUrl,
      title: 'No',
      price: 1,
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toContain('application/problem+json');
    expect(answer.json.detail).toContain(words);
    expect(JSON.stringify(answer.json)).toContain('body.imageUrl');
    expect(await logLength(app)).toBe(before);
    // only the public first hop was ever asked for; no private address was
    const hops = network.asked.slice(asked);
    expect(hops.length).toBe(fetchedFirst ? 1 : 0);
    for (const hop of hops) expect(hop.address).toBe('93.184.215.14');
  });

  it('refuses a picture path that is another host (//host), and a URL for a profile picture that is not https', async () => {
    for (const image of ['//evil.example/x.png', 'http://img.example/x.png', 'javascript:alert(1)']) {
      const answer = await performer.http.send('PATCH', `/api/performers/${performer.id}`, { image });
      expect({ image, status: answer.status }).toEqual({ image, status: 400 });
    }
  });

  it('an uploaded JPEG loses its EXIF and comment before it is stored', async () => {
    const ticket = await performer.http.post('/api/objects/upload');
    expect(ticket.status).toBe(200);
    const uploadURL = ticket.json.uploadURL as string;
    const put = await fetch(app.url + uploadURL, {
      method: 'PUT',
      body: JPEG_WITH_EXIF,
      headers: { cookie: performer.http.cookie()!, 'content-type': 'image/jpeg' },
    });
    expect(put.status).toBe(200);
    const confirmed = await performer.http.send('PUT', '/api/performer-photos/upload', {
      performerId: performer.id,
      imageURL: uploadURL,
    });
    expect(confirmed.status).toBe(200);
    const stored = await bytesAt(confirmed.json.objectPath as string);
    expect(stored.toString('latin1')).not.toMatch(/Exif|GPS|casa mia/);
    expect(stored.length).toBeLessThan(JPEG_WITH_EXIF.length);
  });

  it("the demo's pictures and photos are Aura's own files", async () => {
    await app.seedDemo();
    await app.settled();
    const list = (await fetch(`${app.url}/api/performers?limit=100`).then((response) => response.json())) as unknown;
    const images = JSON.stringify(list).match(/"image":"[^"]*"/g) ?? [];
    expect(images.length).toBeGreaterThan(5);
    for (const image of images) expect(image).toMatch(/^"image":"\/(?!\/)/);
    const photos = (await app.infra.eventStore.readAll()).filter((event) => event.type === 'PhotoAdded');
    expect(photos.length).toBeGreaterThan(0);
    for (const event of photos) expect((event.data as { imageUrl: string }).imageUrl).toMatch(/^\/(?!\/)/);
  });
});
