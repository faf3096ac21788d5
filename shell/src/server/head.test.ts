import { headTags, scriptJson, STORE_TITLE } from './head';

const product = {
  title: 'Linen "Shirt" <b>',
  description: 'Soft & light',
  canonical: 'https://shop.example/products/7',
  image: 'https://shop.example/api/media/products/7/1.webp',
  type: 'product' as const,
  jsonLd: [{ '@type': 'Product', name: '</script><script>alert(1)</script>' }],
};

describe('headTags', () => {
  it('writes the title, description, canonical URL, Open Graph and Twitter tags, escaped', () => {
    const html = headTags(product);
    expect(html).toContain('<title>Linen &quot;Shirt&quot; &lt;b&gt; · Store</title>');
    expect(html).toContain('<meta name="description" content="Soft &amp; light" />');
    expect(html).toContain('<link rel="canonical" href="https://shop.example/products/7" />');
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<meta property="og:image" content="https://shop.example/api/media/products/7/1.webp" />');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain('<meta name="twitter:image" content="https://shop.example/api/media/products/7/1.webp" />');
  });

  it('writes JSON-LD that parses back and cannot close its script element', () => {
    const html = headTags(product);
    const block = /<script type="application\/ld\+json">([^]*?)<\/script>/.exec(html)![1]!;
    expect(block).not.toContain('<');
    expect(JSON.parse(block)).toEqual(product.jsonLd[0]);
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });

  it("without a page title or picture: the store's title and a small card", () => {
    const html = headTags({ ...product, title: null, image: undefined, jsonLd: [] });
    expect(html).toContain(`<title>${STORE_TITLE}</title>`);
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('og:image');
  });
});

describe('scriptJson', () => {
  it('escapes <, U+2028 and U+2029 and stays JSON', () => {
    const value = { a: '<!-- </script>', b: '\u2028\u2029' };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
