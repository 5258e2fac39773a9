import { existingPerformer, registeredUser } from '../../test/api-fixtures';
import {
  apiSpec,
  expectError,
  expectNoNewEvents,
  expectResponse,
  performer,
  priorRequest,
  type SpecResponse,
  user,
} from '../../test/api-spec';
import { PNG_1X1 } from '../../test/image-network';

const spec = apiSpec({ covers: ['uploadDocument', 'objectUploadTicket', 'uploadPhotoFile', 'confirmPhotoUpload'] });

const LUNA = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const SOLE = '4d5e6f7a-8b9c-4d0e-9f1a-2b3c4d5e6f7a';
const BOB = '5a7c0e2e-1d1f-4c9a-9a43-0d2b1c3e4f50';

/** One `file` field of a multipart form, as a browser sends it. */
function multipart(bytes: Buffer, fileName: string, contentType: string) {
  const boundary = 'aura-spec-boundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

const luna = existingPerformer(LUNA, { username: 'luna' });
const ticket = priorRequest((request) => request.post('/api/objects/upload').as(performer(LUNA)));
const uploadUrlOf = (priors: SpecResponse[]) => (priors[0]!.body as { uploadURL: string }).uploadURL;
const uploaded = priorRequest((request, priors) =>
  request.put(uploadUrlOf(priors)).raw(PNG_1X1, 'image/png').as(performer(LUNA)),
);

describe('files API', () => {
  describe('POST /api/upload', () => {
    it('a registration uploads an identity document: kept private', () => {
      const form = multipart(PNG_1X1, 'fronte.png', 'image/png');
      return spec
        .given()
        .when((request) => request.post('/api/upload').raw(form.body, form.contentType))
        .then([
          expectResponse(201, {
            body: {
              url: expect.stringMatching(/^\/private\/[0-9a-f-]{36}$/),
              contentType: 'image/png',
              fileSize: PNG_1X1.length,
            },
          }),
          expectNoNewEvents(),
        ]);
    });

    it('refuses a file that is no document (by its bytes, not its name)', () => {
      const form = multipart(Buffer.from('<html>hello</html>'), 'fronte.png', 'image/png');
      return spec
        .given()
        .when((request) => request.post('/api/upload').raw(form.body, form.contentType))
        .then([expectError(415, 'unsupported_media_type')]);
    });
  });

  describe('POST /api/objects/upload', () => {
    it('she gets an upload URL for a photo', () =>
      spec
        .given(...luna)
        .when((request) => request.post('/api/objects/upload').as(performer(LUNA)))
        .then([expectResponse(200, { body: { uploadURL: expect.stringMatching(/^\/api\/objects\/upload\/.+/) } })]));

    it('refuses a user', () =>
      spec
        .given(...registeredUser(BOB))
        .when((request) => request.post('/api/objects/upload').as(user(BOB)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('PUT /api/objects/upload/{token}', () => {
    it('she puts the image at her upload URL', () =>
      spec
        .given(...luna, ticket)
        .when((request, priors) => request.put(uploadUrlOf(priors)).raw(PNG_1X1, 'image/png').as(performer(LUNA)))
        .then([expectResponse(200, { body: { ok: true } }), expectNoNewEvents()]));

    it('refuses another performer at her URL', () =>
      spec
        .given(...luna, ...existingPerformer(SOLE), ticket)
        .when((request, priors) => request.put(uploadUrlOf(priors)).raw(PNG_1X1, 'image/png').as(performer(SOLE)))
        .then([expectError(403, 'forbidden')]));
  });

  describe('PUT /api/performer-photos/upload', () => {
    it('she confirms the upload: the image becomes a public file', () =>
      spec
        .given(...luna, ticket, uploaded)
        .when((request, priors) =>
          request
            .put('/api/performer-photos/upload', { imageURL: uploadUrlOf(priors), performerId: LUNA })
            .as(performer(LUNA)),
        )
        .then([
          expectResponse(200, { body: { objectPath: expect.stringMatching(/^\/api\/files\/public\/[0-9a-f-]{36}$/) } }),
          expectNoNewEvents(),
        ]));

    it('refuses a URL that is none of ours', () =>
      spec
        .given(...luna)
        .when((request) =>
          request
            .put('/api/performer-photos/upload', { imageURL: '/api/objects/upload/forged', performerId: LUNA })
            .as(performer(LUNA)),
        )
        .then([expectError(400, 'validation_failed')]));

    it('refuses a URL whose token is a malformed escape as it refuses a forged one (no 500)', () =>
      spec
        .given(...luna)
        .when((request) =>
          request
            .put('/api/performer-photos/upload', { imageURL: '/api/objects/upload/%E0%A4%A', performerId: LUNA })
            .as(performer(LUNA)),
        )
        .then([expectError(400, 'validation_failed')]));
  });
});
