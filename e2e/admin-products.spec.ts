import { expect, test, type Page } from '@playwright/test';
import zlib from 'node:zlib';
import {
  adminShot,
  bearer,
  expectNoHorizontalOverflow,
  expectNoSeriousA11yViolations,
  signInAsAdmin,
} from './fixtures/admin';

/** A real PNG (RGB, 8 bits), a diagonal gradient: what an admin would upload. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      rows.set([Math.round((x / width) * 255), 90, Math.round((y / height) * 255)], row + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Drops a file on the images drop zone the way a browser does when one is dragged from the desktop. */
async function dropImage(page: Page, name: string, bytes: Buffer) {
  const dataTransfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type: 'image/png' }));
      return transfer;
    },
    { name, base64: bytes.toString('base64') },
  );
  const zone = page.getByTestId('image-drop-zone');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

test.describe('admin products', () => {
  test('an admin creates a product with two variants and an image, edits its price, unpublishes it; the store follows', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    const admin = await signInAsAdmin(page, request);
    const stamp = Date.now().toString(36);
    const name = `Atelier Lamp ${stamp}`;
    const auth = bearer(admin);
    const attributes = (await (await request.get('/api/admin/attributes', { headers: auth })).json()).data as {
      name: string;
      values: string[];
    }[];
    const attribute = attributes.find((a) => a.values.length >= 2);
    expect(attribute, 'an attribute with two values').toBeTruthy();
    const takenSku = (await (await request.get('/api/admin/products?page_size=1', { headers: auth })).json()).data[0]
      .variants[0].sku as string;

    // The form: details, two variants with attribute values, and an image dropped on the drop zone.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/admin/products');
    await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
    await page.getByRole('link', { name: 'Add product' }).first().click();
    await expect(page).toHaveURL(/\/admin\/products\/add-product$/);

    // Validation at the fields, before anything is sent.
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Choose a category')).toBeVisible();
    await expect(page.getByText('SKU is required')).toBeVisible();

    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByLabel('Description').fill('A brass desk lamp with a linen shade.');
    await page.getByRole('checkbox', { name: attribute!.name, exact: true }).check();
    const v1 = page.getByRole('group', { name: 'Variant 1' });
    await v1.getByLabel('SKU').fill(takenSku); // already used by another product: the server says so
    await v1.getByLabel('Regular price ($)').fill('40.00');
    await v1.getByLabel('Stock').fill('5');
    await v1.getByLabel(attribute!.name).selectOption(attribute!.values[0]!);
    await page.getByRole('button', { name: 'Add variant' }).click();
    const v2 = page.getByRole('group', { name: 'Variant 2' });
    await v2.getByLabel('SKU').fill(`LAMP-${stamp}-B`);
    await v2.getByLabel('Regular price ($)').fill('45.00');
    await v2.getByLabel('Stock').fill('3');
    await v2.getByLabel(attribute!.name).selectOption(attribute!.values[1]!);
    await dropImage(page, 'lamp.png', png(1600, 1000));
    await expect(page.getByText('1 image will be uploaded when the product is created.')).toBeVisible();
    await adminShot(page, 'product-form-1280');

    // The server refuses the taken SKU: the message shows, and everything typed is still there.
    await page.getByRole('button', { name: 'Create product' }).click();
    await expect(page.getByText('A variant SKU is already used by another product.')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await expect(v2.getByLabel('SKU')).toHaveValue(`LAMP-${stamp}-B`);
    await v1.getByLabel('SKU').fill(`LAMP-${stamp}-A`);
    await page.getByRole('button', { name: 'Create product' }).click();

    await expect(page).toHaveURL(/\/admin\/products\/edit-product\/\d+$/);
    const id = Number(page.url().split('/').pop());
    await expect(page.getByText(`${name} was created.`)).toBeVisible();
    const images = page.getByRole('list', { name: 'Product images, in order' });
    await expect(images.getByRole('listitem')).toHaveCount(1);
    await expect(images.locator('img')).toHaveJSProperty('complete', true);
    expect(await images.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(400);
    await expect(images.getByRole('listitem').first()).toContainText('Cover');

    // The storefront shows the upload, with 400 and 1200 px versions to choose from.
    const store = await page.context().newPage();
    await store.goto(`/products/${id}`);
    await expect(store.getByRole('heading', { level: 1, name })).toBeVisible();
    const main = store.getByRole('img', { name }).first();
    await expect(main).toHaveAttribute(
      'srcset',
      /\/api\/media\/uploads\/products\/\d+\/\d+-[0-9a-f]{12}-400\.webp 400w, .*-1200\.webp 1200w/,
    );
    await expect.poll(() => main.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(store.getByText('$40.00').first()).toBeVisible();
    const cachedFile = await request.get(String(await main.getAttribute('src')));
    expect(cachedFile.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(cachedFile.headers()['content-type']).toBe('image/webp');
    // …and in the catalogue's search results, the card with the same picture.
    await store.goto(`/products?search=${encodeURIComponent(name)}`);
    const card = store.getByRole('article', { name });
    await expect(card.getByRole('img', { name })).toHaveAttribute('srcset', /-400\.webp 400w/);

    // Edit the price; leaving with the change unsaved asks first.
    await page.getByRole('group', { name: 'Variant 1' }).getByLabel('Regular price ($)').fill('35.50');
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/edit-product/${id}$`));
    await expect(page.getByRole('group', { name: 'Variant 1' }).getByLabel('Regular price ($)')).toHaveValue('35.50');
    // The browser's Back button asks the same question; staying keeps the page and what was typed.
    await page.goBack();
    await expect(leave).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/products/edit-product/${id}$`));
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/edit-product/${id}$`));
    await expect(page.getByRole('group', { name: 'Variant 1' }).getByLabel('Regular price ($)')).toHaveValue('35.50');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Changes saved.')).toBeVisible();
    await store.goto(`/products/${id}`);
    await expect(store.getByText('$35.50').first()).toBeVisible();

    // Read-only view, with the way to the storefront page.
    await page.getByRole('link', { name: 'View', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products/view-product/${id}$`));
    await expect(page.getByRole('link', { name: /Open in the store/ })).toHaveAttribute('href', `/products/${id}`);
    await expect(page.getByRole('table').getByRole('row')).toHaveCount(3);

    // Unpublish from the list, after confirming: the storefront no longer has it.
    await page.goto(`/admin/products?search=${encodeURIComponent(name)}`);
    await page.getByRole('button', { name: `Unpublish ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: `Unpublish ${name}?` });
    await confirm.getByRole('button', { name: 'Unpublish' }).click();
    await expect(page.getByText(`${name} is unpublished: shoppers no longer see it.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Unpublished')).toBeVisible();
    await store.goto(`/products/${id}`);
    await expect(store.getByText('Oops! Page Not Found')).toBeVisible();
    await store.goto(`/products?search=${encodeURIComponent(name)}`);
    await expect(store.getByRole('article', { name })).toHaveCount(0);
    await store.close();

    // Screenshots of the list, the form and the view at 1280 and 390 px: nothing scrolls sideways.
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      const screens: [string, string, () => Promise<void>][] = [
        [
          'products-list',
          '/admin/products',
          () => expect(page.getByRole('table', { name: 'Products' }).getByRole('row').nth(1)).toBeVisible(),
        ],
        [
          'product-edit',
          `/admin/products/edit-product/${id}`,
          () => expect(page.getByRole('list', { name: 'Product images, in order' }).locator('img')).toBeVisible(),
        ],
        [
          'product-view',
          `/admin/products/view-product/${id}`,
          () => expect(page.getByRole('heading', { level: 2, name: 'Variants' })).toBeVisible(),
        ],
      ];
      for (const [shotName, url, ready] of screens) {
        await page.goto(url);
        await ready();
        await expectNoHorizontalOverflow(page);
        await expectNoSeriousA11yViolations(page);
        await adminShot(page, `${shotName}-${width}`);
      }
    }
  });
});
