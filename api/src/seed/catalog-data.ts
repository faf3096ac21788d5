/** The demo store's vocabulary: everything the seed draws from, so the data reads like a real shop. */
export interface CategorySeed {
  name: string;
  description: string;
  hue: number;
  nouns: string[];
  materials: string[];
  sizes: string[] | null;
  colours: string[];
  price: [number, number];
  /** What the product descriptions of this category say about the goods and their care. */
  features: string[];
  care: string[];
}

const APPAREL = ['XS', 'S', 'M', 'L', 'XL'];
const SHOES = ['38', '39', '40', '41', '42', '43', '44', '45'];

const CLOTHING_FEATURES = [
  'cut for an easy, relaxed fit',
  'finished with reinforced seams that last',
  'made in small batches by a family-run workshop',
  'designed to layer through every season',
  'shaped to keep its form wear after wear',
  'built with responsibly sourced materials',
];
const CLOTHING_CARE = ['Machine wash cold, dry flat.', 'Hand wash only; do not tumble dry.', 'Dry clean recommended.'];
const LEATHER_GOODS_FEATURES = [
  'stitched by hand in a family-run workshop',
  'lined in soft cotton twill',
  'built with responsibly sourced materials',
  'detailed with hand-finished edges',
  'made to soften and age beautifully',
];
const LEATHER_GOODS_CARE = ['Wipe clean with a soft, damp cloth.', 'Store in the dust bag provided.'];

export const CATEGORIES: CategorySeed[] = [
  {
    name: 'Tops',
    materials: ['Cotton', 'Linen', 'Merino', 'Organic Cotton', 'Jersey', 'Cashmere'],
    description: 'T-shirts, shirts and knitwear for every day.',
    hue: 205,
    nouns: ['T-Shirt', 'Shirt', 'Polo', 'Sweater', 'Hoodie', 'Blouse', 'Tank Top', 'Cardigan'],
    sizes: APPAREL,
    colours: ['Black', 'White', 'Navy', 'Grey', 'Sage'],
    price: [1800, 8900],
    features: CLOTHING_FEATURES,
    care: CLOTHING_CARE,
  },
  {
    name: 'Dresses',
    materials: ['Linen', 'Silk', 'Satin', 'Cotton', 'Crepe', 'Viscose'],
    description: 'Day dresses, evening dresses and skirts.',
    hue: 330,
    nouns: ['Midi Dress', 'Wrap Dress', 'Maxi Dress', 'Shirt Dress', 'Slip Dress', 'Pleated Skirt'],
    sizes: APPAREL,
    colours: ['Black', 'Red', 'Navy', 'Floral', 'Emerald'],
    price: [3900, 15900],
    features: CLOTHING_FEATURES,
    care: CLOTHING_CARE,
  },
  {
    name: 'Outerwear',
    materials: ['Wool', 'Waxed Cotton', 'Denim', 'Recycled Nylon', 'Corduroy', 'Quilted'],
    description: 'Coats and jackets for wind, rain and cold.',
    hue: 25,
    nouns: ['Parka', 'Trench Coat', 'Denim Jacket', 'Puffer Jacket', 'Wool Coat', 'Rain Jacket', 'Bomber'],
    sizes: APPAREL,
    colours: ['Black', 'Camel', 'Olive', 'Navy'],
    price: [6900, 29900],
    features: [...CLOTHING_FEATURES, 'windproof and lightly water-repellent', 'with deep, secure pockets'],
    care: ['Spot clean; dry clean when needed.', 'Machine wash cold, hang to dry.'],
  },
  {
    name: 'Shoes',
    materials: ['Leather', 'Suede', 'Canvas', 'Knit', 'Recycled', 'Nubuck'],
    description: 'Sneakers, boots and everyday shoes.',
    hue: 15,
    nouns: ['Sneakers', 'Chelsea Boots', 'Loafers', 'Running Shoes', 'Sandals', 'Hiking Boots', 'Trainers'],
    sizes: SHOES,
    colours: ['Black', 'White', 'Tan', 'Grey'],
    price: [4900, 18900],
    features: [
      'cushioned for all-day comfort',
      'on a grippy, hard-wearing sole',
      'with a padded collar and heel',
      'built with responsibly sourced materials',
    ],
    care: ['Wipe clean with a soft, damp cloth.', 'Stuff with paper and air-dry away from heat.'],
  },
  {
    name: 'Bags',
    materials: ['Leather', 'Canvas', 'Waxed Canvas', 'Recycled Nylon', 'Suede', 'Cork'],
    description: 'Backpacks, totes and travel bags.',
    hue: 45,
    nouns: ['Backpack', 'Tote Bag', 'Crossbody Bag', 'Weekender', 'Messenger Bag', 'Belt Bag'],
    sizes: null,
    colours: ['Black', 'Brown', 'Tan', 'Navy', 'Olive'],
    price: [2900, 19900],
    features: LEATHER_GOODS_FEATURES,
    care: LEATHER_GOODS_CARE,
  },
  {
    name: 'Accessories',
    materials: ['Leather', 'Steel', 'Wool', 'Acetate', 'Silk', 'Cotton'],
    description: 'Watches, belts, scarves and sunglasses.',
    hue: 265,
    nouns: ['Watch', 'Leather Belt', 'Scarf', 'Sunglasses', 'Beanie', 'Wallet', 'Cap'],
    sizes: null,
    colours: ['Black', 'Brown', 'Silver', 'Gold', 'Grey'],
    price: [1500, 24900],
    features: LEATHER_GOODS_FEATURES,
    care: LEATHER_GOODS_CARE,
  },
  {
    name: 'Jewelry',
    materials: ['Gold-Plated', 'Sterling Silver', 'Pearl', 'Brass', 'Enamel', 'Crystal'],
    description: 'Rings, necklaces and earrings.',
    hue: 50,
    nouns: ['Ring', 'Necklace', 'Earrings', 'Bracelet', 'Pendant', 'Anklet'],
    sizes: ['S', 'M', 'L'],
    colours: ['Gold', 'Silver', 'Rose Gold'],
    price: [1900, 14900],
    features: [
      'nickel-free and gentle on skin',
      'polished by hand',
      'made to be worn every day',
      'delivered in a gift box',
    ],
    care: ['Keep away from perfume and water.', 'Polish with the cloth provided.'],
  },
  {
    name: 'Home',
    materials: ['Ceramic', 'Linen', 'Oak', 'Wool', 'Stoneware', 'Rattan'],
    description: 'Lamps, textiles and small things for the home.',
    hue: 160,
    nouns: ['Table Lamp', 'Throw Blanket', 'Cushion', 'Vase', 'Candle Set', 'Wall Clock', 'Rug'],
    sizes: null,
    colours: ['Ivory', 'Charcoal', 'Terracotta', 'Sage', 'Blue'],
    price: [1500, 12900],
    features: [
      'made in small batches by a family-run workshop',
      'designed to mix with any interior',
      'built with responsibly sourced materials',
      'finished by hand',
    ],
    care: ['Dust with a dry cloth.', 'Spot clean with mild soap and water.'],
  },
  {
    name: 'Sports',
    materials: ['Performance', 'Recycled', 'Seamless', 'Breathable', 'Thermal', 'Stretch'],
    description: 'Activewear and gear for training and the outdoors.',
    hue: 120,
    nouns: ['Leggings', 'Training Shorts', 'Yoga Mat', 'Sports Bra', 'Track Jacket', 'Water Bottle', 'Gym Bag'],
    sizes: APPAREL,
    colours: ['Black', 'Blue', 'Coral', 'Lime'],
    price: [1200, 9900],
    features: [
      'quick-drying and breathable',
      'with four-way stretch for free movement',
      'made with recycled fibres',
      'tested on long training days',
    ],
    care: ['Machine wash cold, do not tumble dry.', 'Rinse after use and air-dry.'],
  },
  {
    name: 'Beauty',
    materials: ['Rose', 'Vitamin C', 'Aloe', 'Cedarwood', 'Shea', 'Citrus'],
    description: 'Skin care, fragrance and grooming.',
    hue: 300,
    nouns: ['Face Serum', 'Eau de Parfum', 'Hand Cream', 'Lip Balm Set', 'Body Lotion', 'Shampoo'],
    sizes: ['50 ml', '100 ml'],
    colours: ['Original'],
    price: [900, 8900],
    features: [
      'made with plant-based ingredients',
      'gentle enough for everyday use',
      'free from parabens and sulphates',
      'dermatologically tested',
    ],
    care: ['Store in a cool, dry place.', 'Best used within 12 months of opening.'],
  },
];

/** Goods whose variants carry no size even where the category has sizes. */
export const SIZELESS = new Set(['Yoga Mat', 'Water Bottle', 'Gym Bag']);

export const ADJECTIVES = [
  'Classic',
  'Essential',
  'Relaxed',
  'Slim',
  'Vintage',
  'Modern',
  'Everyday',
  'Premium',
  'Lightweight',
  'Heritage',
  'Urban',
  'Coastal',
  'Alpine',
  'Studio',
  'Weekend',
  'Signature',
  'Soft',
  'Structured',
];
export const CUSTOMERS = [
  ['Olivia', 'Martin'],
  ['Liam', 'Nguyen'],
  ['Emma', 'Garcia'],
  ['Noah', 'Smith'],
  ['Ava', 'Kowalski'],
  ['Lucas', 'Rossi'],
  ['Mia', 'Schmidt'],
  ['Ethan', 'Dubois'],
  ['Sofia', 'Andersson'],
  ['Leo', 'Tanaka'],
] as const;

export const STREETS = [
  '12 Market Street, Springfield',
  '48 Harbour Road, Portsmouth',
  '7 Elm Avenue, Riverton',
  '301 Hill Lane, Brookfield',
  '25 Station Square, Lakeside',
];
