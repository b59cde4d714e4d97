// The test apps only need the frameworks at bundle time; their types add nothing to these tests.
declare module 'react';
declare module 'react-dom/client';
declare module 'vue/dist/vue.esm-bundler.js';
declare module 'codemirror5';
// An editor's stylesheet, which the bundle puts in the page (helpers/apps.ts).
declare module '*.css';
