// A file imported as its text (webpack's asset/source): the Markdown of the shell's content pages.
module.exports = {
  process(source) {
    return { code: `module.exports = { __esModule: true, default: ${JSON.stringify(source)} };` };
  },
};
