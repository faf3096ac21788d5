import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describeEachDatabase, type TestContext } from '../../../test/fixture';
import { sniffImageType } from './images';

const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-images-test-'));
afterAll(() => fs.rmSync(storageDir, { recursive: true, force: true }));

interface Upload {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** A multipart/form-data body with the files under the field `images`. */
function multipart(files: Upload[]) {
  const boundary = `----store${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real PNG, 1600 × 1000, a different colour per seed. */
const png = (seed = 0, width = 1600, height = 1000) =>
  sharp({
    create: { width, height, channels: 3, background: { r: (seed * 80) % 256, g: 120, b: 200 - ((seed * 40) % 200) } },
  })
    .png()
    .toBuffer();

/** The first bytes of a Windows program (DOS stub + PE header), as a renamed .exe carries them. */
function peFile(): Buffer {
  const bytes = Buffer.alloc(1024);
  bytes.write('MZ', 0, 'ascii');
  bytes.writeUInt32LE(0x80, 0x3c); // e_lfanew: where the PE header starts
  bytes.write('This program cannot be run in DOS mode.', 0x4e, 'ascii');
  bytes.write('PE\0\0', 0x80, 'binary');
  bytes.writeUInt16LE(0x8664, 0x84); // machine: x86-64
  return bytes;
}

async function newProduct(ctx: TestContext, token: string) {
  const categories = (await ctx.request({ method: 'GET', url: '/api/admin/categories', token })).json().data;
  const res = await ctx.request({
    method: 'POST',
    url: '/api/admin/products',
    token,
    payload: {
      name: `Photo Lamp ${crypto.randomBytes(3).toString('hex')}`,
      category_id: categories[0].id,
      variants: [{ sku: `PH-${crypto.randomBytes(4).toString('hex')}`, regular_price: '20.00', stock: 3 }],
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; image: string; images: string[] };
}

describe('sniffImageType', () => {
  it('reads the type from the bytes, whatever the file is called', async () => {
    expect(sniffImageType(await png())).toBe('png');
    expect(
      sniffImageType(
        await sharp(await png())
          .jpeg()
          .toBuffer(),
      ),
    ).toBe('jpeg');
    expect(
      sniffImageType(
        await sharp(await png())
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp');
    expect(sniffImageType(peFile())).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describeEachDatabase(
  'admin product images',
  (get) => {
    it('refuses a renamed .exe with a clear message and stores nothing', async () => {
      const ctx = get();
      const token = await ctx.adminToken();
      const product = await newProduct(ctx, token);
      const res = await ctx.request({
        method: 'POST',
        url: `/api/admin/products/${product.id}/images`,
        token,
        ...multipart([{ filename: 'x.png', contentType: 'image/png', bytes: peFile() }]),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toBe(
        'x.png is a Windows program, not an image. Upload a PNG, JPEG or WebP image of at most 5 MB.',
      );
      // One bad file in a batch: none of them is stored.
      const mixed = await ctx.request({
        method: 'POST',
        url: `/api/admin/products/${product.id}/images`,
        token,
        ...multipart([
          { filename: 'good.png', contentType: 'image/png', bytes: await png(1) },
          { filename: 'x.png', contentType: 'image/png', bytes: peFile() },
        ]),
      });
      expect(mixed.statusCode).toBe(400);
      const list = await ctx.request({ method: 'GET', url: `/api/admin/products/${product.id}/images`, token });
      expect(list.json().data).toEqual([]);
      expect(fs.existsSync(path.join(storageDir, 'products', String(product.id)))).toBe(false);
    });

    it('refuses a file over 5 MB and a body that is not multipart', async () => {
      const ctx = get();
      const token = await ctx.adminToken();
      const product = await newProduct(ctx, token);
      const big = Buffer.concat([await png(), crypto.randomBytes(5 * 1024 * 1024)]);
      const res = await ctx.request({
        method: 'POST',
        url: `/api/admin/products/${product.id}/images`,
        token,
        ...multipart([{ filename: 'huge.png', contentType: 'image/png', bytes: big }]),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().detail).toBe('huge.png is larger than 5 MB. Upload an image of at most 5 MB.');
      const json = await ctx.request({
        method: 'POST',
        url: `/api/admin/products/${product.id}/images`,
        token,
        payload: { images: [] },
      });
      expect(json.statusCode).toBe(400);
      expect(json.json().detail).toBe('Send the images as multipart/form-data.');
      const unknown = await ctx.request({
        method: 'POST',
        url: '/api/admin/products/999999/images',
        token,
        ...multipart([{ filename: 'a.png', contentType: 'image/png', bytes: await png() }]),
      });
      expect(unknown.statusCode).toBe(404);
    });

    it('answers 400, not 500, to a multipart body cut off on the way, and stores nothing', async () => {
      const ctx = get();
      const token = await ctx.adminToken();
      const product = await newProduct(ctx, token);
      const whole = multipart([
        { filename: 'a.png', contentType: 'image/png', bytes: await png(1, 200, 200) },
        { filename: 'b.png', contentType: 'image/png', bytes: await png(2, 200, 200) },
      ]);
      // Cut in the first part's headers, in its bytes, in the second part, and just before the end.
      const cuts = [40, 300, Math.floor(whole.payload.length * 0.75), whole.payload.length - 10];
      for (const cut of cuts) {
        const res = await ctx.request({
          method: 'POST',
          url: `/api/admin/products/${product.id}/images`,
          token,
          headers: whole.headers,
          payload: whole.payload.subarray(0, cut),
        });
        expect({ cut, status: res.statusCode, body: res.json() }).toEqual({
          cut,
          status: 400,
          body: { detail: 'The upload was cut off or malformed. Send the images again.' },
        });
      }
      const list = await ctx.request({ method: 'GET', url: `/api/admin/products/${product.id}/images`, token });
      expect(list.json().data).toEqual([]);
    });

    it('stores a PNG as WebP 400 and 1200 px wide, served with long cache headers and shown by the catalogue', async () => {
      const ctx = get();
      const token = await ctx.adminToken();
      const product = await newProduct(ctx, token);
      expect(product.image).toMatch(/\.svg$/);
      const res = await ctx.request({
        method: 'POST',
        url: `/api/admin/products/${product.id}/images`,
        token,
        // The declared type and the name are ignored: the bytes decide.
        ...multipart([{ filename: 'photo.bin', contentType: 'application/octet-stream', bytes: await png() }]),
      });
      expect(res.statusCode).toBe(201);
      const [image] = res.json().data;
      expect(image).toMatchObject({ position: 0, width: 1600, height: 1000 });
      expect(image.small).toMatch(
        new RegExp(`^/api/media/uploads/products/${product.id}/${image.id}-[0-9a-f]{12}-400\\.webp$`),
      );
      expect(image.large).toBe(image.small.replace('-400.webp', '-1200.webp'));

      for (const [url, width] of [
        [image.small, 400],
        [image.large, 1200],
      ] as const) {
        const file = await ctx.request({ method: 'GET', url });
        expect(file.statusCode).toBe(200);
        expect(file.headers['content-type']).toBe('image/webp');
        expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const meta = await sharp(file.rawPayload).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
          format: 'webp',
          width,
          height: Math.round((width * 1000) / 1600),
        });
        const again = await ctx.request({
          method: 'GET',
          url,
          headers: { 'if-none-match': file.headers.etag as string },
        });
        expect(again.statusCode).toBe(304);
      }
      expect(fs.readdirSync(path.join(storageDir, 'products', String(product.id))).sort()).toEqual(
        [image.large.split('/').pop(), image.small.split('/').pop()].sort(),
      );

      const detail = (await ctx.request({ method: 'GET', url: `/api/products/${product.id}` })).json();
      expect(detail.image).toBe(image.small);
      expect(detail.photo).toEqual({ id: image.id, small: image.small, large: image.large });
      expect(detail.images).toEqual([image.large]);
      expect(detail.photos).toEqual([{ id: image.id, small: image.small, large: image.large }]);
      const admin = (await ctx.request({ method: 'GET', url: `/api/admin/products/${product.id}`, token })).json();
      expect(admin.photos).toEqual(detail.photos);
      // Products without uploads keep their generated art.
      const others = (await ctx.request({ method: 'GET', url: '/api/products?page_size=100' })).json().data as {
        id: number;
        image: string;
        photo: unknown;
      }[];
      const mine = others.find((p) => p.id === product.id);
      expect(mine?.image).toBe(image.small);
      expect(others.filter((p) => p.id !== product.id).every((p) => p.image.endsWith('.svg') && p.photo === null)).toBe(
        true,
      );
      expect((await ctx.request({ method: 'GET', url: image.small.replace(/\d+-/, '999999-') })).statusCode).toBe(404);
    });

    it('reorders and removes images; the first one is the cover; deleting the product deletes its files', async () => {
      const ctx = get();
      const token = await ctx.adminToken();
      const product = await newProduct(ctx, token);
      const upload = await ctx.request({
        method: 'POST',
        url: `/api/admin/products/${product.id}/images`,
        token,
        ...multipart([
          { filename: 'a.png', contentType: 'image/png', bytes: await png(1, 800, 800) },
          {
            filename: 'b.jpg',
            contentType: 'image/jpeg',
            bytes: await sharp(await png(2, 600, 900))
              .jpeg()
              .toBuffer(),
          },
          {
            filename: 'c.webp',
            contentType: 'image/webp',
            bytes: await sharp(await png(3, 300, 200))
              .webp()
              .toBuffer(),
          },
        ]),
      });
      expect(upload.statusCode).toBe(201);
      const [a, b, c] = upload.json().data as { id: number; small: string; large: string; position: number }[];
      expect([a, b, c].map((i) => i!.position)).toEqual([0, 1, 2]);
      // A 300 px original is never enlarged.
      expect((await sharp((await ctx.request({ method: 'GET', url: c!.large })).rawPayload).metadata()).width).toBe(
        300,
      );

      const bad = await ctx.request({
        method: 'PUT',
        url: `/api/admin/products/${product.id}/images`,
        token,
        payload: { ids: [c!.id, a!.id] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().ids).toEqual(["List each of this product's 3 images once, in the new order."]);

      const reordered = await ctx.request({
        method: 'PUT',
        url: `/api/admin/products/${product.id}/images`,
        token,
        payload: { ids: [c!.id, a!.id, b!.id] },
      });
      expect(reordered.statusCode).toBe(200);
      expect(reordered.json().data.map((i: { id: number }) => i.id)).toEqual([c!.id, a!.id, b!.id]);
      let detail = (await ctx.request({ method: 'GET', url: `/api/products/${product.id}` })).json();
      expect(detail.image).toBe(c!.small);
      expect(detail.images).toEqual([c!.large, a!.large, b!.large]);

      const removed = await ctx.request({
        method: 'DELETE',
        url: `/api/admin/products/${product.id}/images/${c!.id}`,
        token,
      });
      expect(removed.statusCode).toBe(200);
      expect(removed.json().data.map((i: { id: number; position: number }) => [i.id, i.position])).toEqual([
        [a!.id, 0],
        [b!.id, 1],
      ]);
      expect((await ctx.request({ method: 'GET', url: c!.small })).statusCode).toBe(404);
      detail = (await ctx.request({ method: 'GET', url: `/api/products/${product.id}` })).json();
      expect(detail.image).toBe(a!.small);
      expect(
        (await ctx.request({ method: 'DELETE', url: `/api/admin/products/${product.id}/images/${c!.id}`, token }))
          .statusCode,
      ).toBe(404);

      for (const image of [a!, b!]) {
        await ctx.request({ method: 'DELETE', url: `/api/admin/products/${product.id}/images/${image.id}`, token });
      }
      detail = (await ctx.request({ method: 'GET', url: `/api/products/${product.id}` })).json();
      expect(detail.image).toMatch(/\/1\.svg$/);
      expect(detail.photos).toEqual([]);

      await ctx.request({
        method: 'POST',
        url: `/api/admin/products/${product.id}/images`,
        token,
        ...multipart([{ filename: 'd.png', contentType: 'image/png', bytes: await png(4, 500, 500) }]),
      });
      const dir = path.join(storageDir, 'products', String(product.id));
      expect(fs.readdirSync(dir)).toHaveLength(2);
      expect(
        (await ctx.request({ method: 'DELETE', url: `/api/admin/products/${product.id}`, token })).statusCode,
      ).toBe(204);
      expect(fs.existsSync(dir)).toBe(false);
    });
  },
  { storageDir },
);
