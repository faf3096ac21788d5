/** Markdown imported as its text (webpack asset/source; jest.text-transform.cjs in tests). */
declare module '*.md' {
  const source: string;
  export default source;
}
