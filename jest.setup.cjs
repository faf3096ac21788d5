require('@testing-library/jest-dom');

// findBy… / waitFor wait up to 10 s (the library's 1 s default): CI shares two cores with builds and an
// API under test, and a screen that answers in 1.2 s there is not broken. Jest's own limit is above it.
require('@testing-library/dom').configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks matchMedia (react-hot-toast and responsive code ask it).
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  });
}
