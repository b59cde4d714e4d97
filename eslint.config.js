// `npm run lint`: the two rules STYLE.md asks for, which the compiler does not check.
// Layering and import cycles are checked by scripts/check-imports.mjs (run with it).
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'agent-server/src/playground/web/**'] },
  {
    files: ['src/**/*.ts', 'agent-server/src/**/*.ts', 'e2e/**/*.ts', 'e2e-reliability/**/*.ts', 'bench/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits loses its error: each is awaited, returned, or marked `void` on purpose.
      '@typescript-eslint/no-floating-promises': 'error',
      // Type-only imports vanish from the bundles, so importing a type never pulls a module in.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
);
