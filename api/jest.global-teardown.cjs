// Drops what jest.global-setup.cjs made.
const { dropTemplates } = require('./src/test/template');

module.exports = async function globalTeardown() {
  await dropTemplates();
};
