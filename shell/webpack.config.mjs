import { createAppConfig } from '@store/federation';

export default createAppConfig({ dir: import.meta.dirname, kind: 'host', name: 'shell', title: 'Store' });
