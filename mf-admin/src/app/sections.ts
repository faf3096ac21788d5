export interface AdminSection {
  path: string;
  label: string;
  /** What the screen is for, shown until its release. */
  description: string;
  subPaths?: string[];
  /** SPEC.md lists this screen as placeholder text only. */
  placeholder?: boolean;
}

export const adminSections: AdminSection[] = [
  { path: '', label: 'Dashboard', description: 'Sales, orders and stock at a glance.' },
  {
    path: 'products',
    label: 'Products',
    description: 'Create, edit, publish and remove products with their variants and attributes.',
    subPaths: ['products/add-product', 'products/edit-product/:productId', 'products/view-product/:productId'],
  },
  { path: 'attributes', label: 'Attributes', description: 'The sizes, colours and other attributes variants use.' },
  { path: 'categories', label: 'Categories', description: 'The categories shoppers browse by.' },
  { path: 'customers', label: 'Customers', description: 'Customer accounts: details, orders and deactivation.' },
  {
    path: 'orders',
    label: 'Orders',
    description: 'Every order with its lines, payment and status changes.',
    subPaths: ['orders/:orderId'],
  },
  { path: 'pay-later', label: 'Pay later', description: 'Orders paid later: what is outstanding and what was paid.' },
  { path: 'support', label: 'Support', description: 'Messages shoppers sent through Contact Us.' },
  {
    path: 'releases',
    label: 'Releases',
    description: 'Remote builds: canary, promote, roll back, and how each build fares.',
  },
  {
    path: 'integrations',
    label: 'Integrations',
    description: "Keys for other sites that show the store's products, with their views, orders and revenue.",
  },
  { path: 'transactions', label: 'Transactions', description: 'Payment transactions.', placeholder: true },
  { path: 'reports', label: 'Reports', description: 'Sales and stock reports.', placeholder: true },
  { path: 'marketing', label: 'Marketing', description: 'Campaigns and promotions.', placeholder: true },
  { path: 'settings', label: 'Settings', description: 'Store settings.', placeholder: true },
];
