// Static assets are irrelevant to behaviour under test; webpack handles them in real builds.
module.exports = 'file-stub';
